#pragma once

// A layout of the test data in the conformance form ({"bases": [[inDim, [[c, ...], ...]], ...],
// "outDims": [[outDim, size], ...]}), read by the product's own reader (io/layoutjson.h). Test
// data that does not read is a broken test: it stops the test with the reader's message.

#include "io/layoutjson.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
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

// A #ttg attribute (text) built over `shape`, through the product's reader and builders; text
// that does not read or build stops the test with the reason.
[[nodiscard]] inline LinearLayout layoutOfText(const std::string &text,
                                               const std::vector<int32_t> &shape)
{
    Expected<LayoutAttrPtr> attr = parseTtg(text);
    if (!attr)
        qFatal("a layout of the test does not read: %s", attr.message().c_str());
    Expected<LinearLayout> l = toLinearLayout(**attr, shape);
    if (!l)
        qFatal("a layout of the test does not build: %s", l.message().c_str());
    return std::move(*l);
}

} // namespace lx::test
