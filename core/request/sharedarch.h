#pragma once

// An architecture held by reference: the description an analysis record names, shared by every
// record of the same architecture instead of copied into each (an Architecture carries its
// instruction and phase tables, strings and provenance; a search or a batch makes thousands of
// records).

#include "base/expected.h"
#include "hw/arch.h"

#include <memory>
#include <string_view>

namespace lx {

class SharedArchitecture
{
public:
    SharedArchitecture(); // an empty Architecture (no name, no instructions)
    SharedArchitecture(std::shared_ptr<const Architecture> arch);
    // Holds a copy of `arch` (an architecture read from a file, or built by a test).
    SharedArchitecture &operator=(Architecture arch);
    SharedArchitecture &operator=(std::shared_ptr<const Architecture> arch);

    [[nodiscard]] const Architecture *operator->() const { return m_arch.get(); }
    [[nodiscard]] const Architecture &operator*() const { return *m_arch; }
    operator const Architecture &() const { return *m_arch; }

private:
    std::shared_ptr<const Architecture> m_arch;
};

// loadArchitecture(nameOrPath) held by reference: an embedded architecture is read once per
// process and every caller shares it; a file is read on each call (it may change).
[[nodiscard]] Expected<std::shared_ptr<const Architecture>>
sharedArchitecture(std::string_view nameOrPath);

} // namespace lx
