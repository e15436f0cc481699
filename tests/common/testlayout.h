#pragma once

// A layout of the test data in the conformance form ({"bases": [[inDim, [[c, ...], ...]], ...],
// "outDims": [[outDim, size], ...]}), read by the product's own reader (io/layoutjson.h). Test
// data that does not read is a broken test: it stops the test with the reader's message.

#include "io/layoutjson.h"
#include "layout/linearlayout.h"

#include <QtGlobal>

#include <nlohmann/json.hpp>

namespace lx::test {

[[nodiscard]] inline LinearLayout layoutOfJson(const nlohmann::json &j)
{
    Expected<LinearLayout> l = layoutFromJson(j);
    if (!l)
        qFatal("a layout of the test data does not read: %s", l.message().c_str());
    return std::move(*l);
}

} // namespace lx::test
