#include "request/sharedarch.h"

#include <cctype>
#include <map>
#include <mutex>
#include <string>

namespace lx {

namespace {

const std::shared_ptr<const Architecture> &emptyArchitecture()
{
    static const std::shared_ptr<const Architecture> empty = std::make_shared<Architecture>();
    return empty;
}

// Whether loadArchitecture reads `request` from a file (a path, or a name ending in .json) rather
// than from the embedded descriptions.
bool namesArchitectureFile(const std::string &request)
{
    if (request.find('/') != std::string::npos)
        return true;
    if (request.size() <= 5)
        return false;
    std::string tail = request.substr(request.size() - 5);
    for (char &c : tail)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return tail == ".json";
}

} // namespace

SharedArchitecture::SharedArchitecture() : m_arch(emptyArchitecture()) {}

SharedArchitecture::SharedArchitecture(std::shared_ptr<const Architecture> arch)
    : m_arch(arch ? std::move(arch) : emptyArchitecture())
{
}

SharedArchitecture &SharedArchitecture::operator=(Architecture arch)
{
    m_arch = std::make_shared<const Architecture>(std::move(arch));
    return *this;
}

SharedArchitecture &SharedArchitecture::operator=(std::shared_ptr<const Architecture> arch)
{
    m_arch = arch ? std::move(arch) : emptyArchitecture();
    return *this;
}

Expected<std::shared_ptr<const Architecture>> sharedArchitecture(std::string_view nameOrPath)
{
    const std::string request(nameOrPath);
    static std::mutex mutex;
    static std::map<std::string, std::shared_ptr<const Architecture>> held;
    const bool file = namesArchitectureFile(request);
    if (!file) {
        const std::lock_guard lock(mutex);
        if (const auto it = held.find(request); it != held.end())
            return it->second;
    }
    Expected<Architecture> arch = loadArchitecture(request);
    if (!arch)
        return arch.error();
    auto shared = std::make_shared<const Architecture>(std::move(*arch));
    if (!file) {
        const std::lock_guard lock(mutex);
        held.emplace(request, shared);
    }
    return shared;
}

} // namespace lx
