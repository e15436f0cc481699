#pragma once

// `convert`'s answer for every face: a layout read from #ttg text (alias lines allowed), a Gluon
// constructor, CuTe text or the conformance JSON form, written in another form. The command line
// fills a ConvertRequest from its options and prints the answer; Python fills it from arguments.

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace lx {

struct LayoutAttr;

struct ConvertRequest
{
    std::optional<std::string> layout;   // --layout TEXT
    std::optional<std::string> to;       // json, ttg, gluon, triton-text, cute, nvmma, descriptor
    std::optional<std::string> shape;    // --shape as text: "128x64", "2x64x64", "128,64"
    std::optional<std::string> units;    // --units: elements or bytes
    std::optional<std::string> dtype;    // --dtype
    std::optional<std::string> cuteKind; // --cute-kind: memory or tv
    bool hw = false;                     // --hw (triton-text)
    bool aliases = false;                // --aliases (ttg)
    bool json = false;                   // --json (nvmma, descriptor)
};

// The converted layout: `text` (what the command prints, newline included) or, with json, the
// bridge's object. `message` is set when the request is refused; `usage` then says whether the
// options themselves are wrong (the command's exit code 2) rather than the layout (1).
struct ConvertAnswer
{
    std::string text;
    std::optional<nlohmann::json> json;
    std::string message;
    bool usage = false;

    [[nodiscard]] bool ok() const { return message.empty(); }
};

[[nodiscard]] ConvertAnswer convertLayout(const ConvertRequest &request);

// Why the layout `attr` (null: a raw linear layout) has no form `to` (a --to value), or nothing
// when it has one: a tensor-memory layout (in-dims row, col) is neither registers nor shared
// memory, so only json, ttg and gluon describe it. convertLayout and every face that writes a
// form without it (Python's layout objects) give this one message.
[[nodiscard]] std::optional<std::string> formRefusal(const std::string &to, const LayoutAttr *attr);

} // namespace lx
