// `layout-explorer convert --layout TEXT [--shape MxN]
// --to json|ttg|gluon|triton-text|cute|nvmma|descriptor [--hw] [--units elements|bytes --dtype T]
// [--cute-kind memory|tv]`:
// reads a layout (#ttg text with alias lines, a Gluon constructor, CuTe text, or a raw layout in
// the conformance JSON form) and writes it in another form on stdout.
//   json         the conformance layout JSON of its linear layout over --shape
//   ttg          Triton's MLIR attribute text (--aliases: parents as #mma = ... lines)
//   gluon        a Gluon constructor expression
//   triton-text  Triton's getLayoutStr view (what triton-tensor-layout prints); --hw for the
//                hardware point of view
//   cute         CuTe shape:stride text (io/cute.h): a shared layout as a memory layout
//                (Sw<B,M,S> o 0 o ... when swizzled), a distributed one as a thread-value layout
//   nvmma        the #ttg.nvmma_shared (and Gluon NVMMASharedLayout) that is exactly this 2-D
//                shared layout over --shape, or the offset basis that keeps it from being one
//   descriptor   the swizzle / descriptor bridge (io/nvmmabridge.h): NVMMA attribute, CuTe
//                Sw<B,M,S> o layout, TMA swizzle mode and box, and the wgmma descriptor (layout
//                type, LBO, SBO) of the tile as an A (M x K) and as a B (K x N) operand
// nvmma and descriptor take the element type from an NVMMA attribute, else from --dtype
// (request/nvbridge.h); with --json they print the bridge as JSON (docs/json-schema.md).
// --units bytes (with --dtype) reads and writes CuTe memory layouts in bytes instead of elements.
// A raw JSON layout converts to #ttg.linear / #ttg.generic_linear (in-dims register, lane, warp,
// block) or #ttg.shared_linear (offset, block).

#include "command.h"
#include "output.h"

#include "request/nvbridge.h"
#include "request/shape.h"

#include "base/jsoninput.h"
#include "hw/dtype.h"
#include "io/basestext.h"
#include "io/cute.h"
#include "io/layoutjson.h"
#include "io/nvmmabridge.h"
#include "io/tritontext.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "layout/linearlayout.h"

#include <QCommandLineParser>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <optional>

using namespace Qt::StringLiterals;

namespace {

using lx::app::ExitBadInput;
using lx::app::ExitBadUsage;
using lx::app::ExitOk;

bool hasInDims(const lx::LinearLayout &ll, std::initializer_list<const char *> allowed)
{
    for (const std::string &d : ll.inDimNames())
        if (std::none_of(allowed.begin(), allowed.end(), [&](const char *a) { return d == a; }))
            return false;
    return true;
}

lx::BasisList basesOf(const lx::LinearLayout &ll, const char *dim)
{
    const int i = ll.inDimIndex(dim);
    return i < 0 ? lx::BasisList{} : lx::BasisList(ll.bases()[size_t(i)].second);
}

// The #ttg attribute a raw linear layout is: text for the printers, so that the same checks as
// for typed-in #ttg text apply.
lx::Expected<lx::LayoutAttrPtr> attrOfLinearLayout(const lx::LinearLayout &ll)
{
    if (hasInDims(ll, {"register", "lane", "warp", "block"})) {
        const lx::BasisList warp = basesOf(ll, "warp");
        const bool swizzled = std::any_of(warp.begin(), warp.end(), [](const auto &b) {
            return std::count_if(b.begin(), b.end(), [](int32_t c) { return c != 0; }) > 1;
        });
        return lx::parseTtg(std::string(swizzled ? "#ttg.generic_linear" : "#ttg.linear") +
                            "<{register = " + lx::formatBasesText(basesOf(ll, "register")) +
                            ", lane = " + lx::formatBasesText(basesOf(ll, "lane")) +
                            ", warp = " + lx::formatBasesText(warp) +
                            ", block = " + lx::formatBasesText(basesOf(ll, "block")) + "}>");
    }
    if (hasInDims(ll, {"offset", "block"}))
        return lx::parseTtg(
            "#ttg.shared_linear<{offset = " + lx::formatBasesText(basesOf(ll, "offset")) +
            ", block = " + lx::formatBasesText(basesOf(ll, "block")) + "}, alignment = 16>");
    return lx::makeError("a raw layout converts to #ttg text only with in-dims register, lane, "
                         "warp, block or offset, block");
}

// The CuTe options of convert: units (elements or bytes of --dtype) and the reading.
struct CuteOptions
{
    lx::CuteUnits units = lx::CuteUnits::Elements;
    int elementBytes = 1;
    int elementBits = 0; // --dtype's bits (0 without --dtype)
    std::string dtype;   // --dtype as given
    std::optional<lx::CuteKind> kind;
};

// An empty string, or the usage error.
QString readCuteOptions(const QCommandLineParser &parser, const QCommandLineOption &unitsOpt,
                        const QCommandLineOption &dtypeOpt, const QCommandLineOption &kindOpt,
                        CuteOptions &out)
{
    if (parser.isSet(unitsOpt)) {
        const QString u = parser.value(unitsOpt);
        if (u == QLatin1String("bytes"))
            out.units = lx::CuteUnits::Bytes;
        else if (u != QLatin1String("elements"))
            return QStringLiteral("unknown --units '%1' (elements, bytes)").arg(u);
    }
    if (parser.isSet(dtypeOpt)) {
        out.dtype = parser.value(dtypeOpt).toStdString();
        if (const auto bits = lx::dtypeBits(out.dtype))
            out.elementBits = *bits;
    }
    if (out.units == lx::CuteUnits::Bytes) {
        if (!parser.isSet(dtypeOpt))
            return QStringLiteral("--units bytes needs --dtype");
        const auto bits = lx::dtypeBits(parser.value(dtypeOpt).toStdString());
        if (!bits || *bits < 8)
            return QStringLiteral("--dtype '%1' is not a type of whole bytes")
                .arg(parser.value(dtypeOpt));
        out.elementBytes = *bits / 8;
    }
    if (parser.isSet(kindOpt)) {
        const QString k = parser.value(kindOpt);
        if (k == QLatin1String("memory"))
            out.kind = lx::CuteKind::Memory;
        else if (k == QLatin1String("tv"))
            out.kind = lx::CuteKind::ThreadValue;
        else
            return QStringLiteral("unknown --cute-kind '%1' (memory, tv)").arg(k);
    }
    return {};
}

// The converted text of the layout in the form `to`.
lx::Expected<std::string> formatOutput(const QString &to, const lx::LayoutAttrPtr &attr,
                                       const std::optional<lx::LinearLayout> &linear, bool aliases,
                                       bool hw, const CuteOptions &cute)
{
    if (to == QLatin1String("json"))
        return lx::layoutToJson(*linear).dump() + "\n";
    if (to == QLatin1String("ttg"))
        return (aliases ? lx::printTtgWithAliases(*attr) : lx::printTtg(*attr)) + "\n";
    if (to == QLatin1String("gluon"))
        return lx::printGluon(*attr) + "\n";
    // Tensor memory (in-dims row, col) is neither registers nor shared memory: it has no CuTe,
    // NVMMA, descriptor or Triton text form.
    if (attr && attr->isTensorMemory())
        return lx::makeError("--to " + to.toStdString() +
                             ": a tensor-memory layout (in-dims row, col) has no such form; "
                             "json, ttg and gluon describe it");
    if (to == QLatin1String("cute")) {
        auto text = lx::linearToCuteText(*linear, cute.units, cute.elementBytes);
        if (!text)
            return text.error();
        return *text + "\n";
    }
    if (to == QLatin1String("nvmma") || to == QLatin1String("descriptor")) {
        auto bridge = lx::resolveNvBridge(attr.get(), *linear, cute.dtype);
        if (!bridge)
            return lx::makeError("--to " + to.toStdString() + ": " + bridge.message());
        if (to == QLatin1String("descriptor"))
            return lx::bridgeText(*bridge);
        if (!bridge->canonical)
            return lx::makeError("not an NVMMA shared layout: " + bridge->whyNot);
        return bridge->nvmmaText + "\n";
    }
    const bool shared = attr ? attr->isShared() : linear->hasInDim("offset");
    return shared ? lx::tryTritonSharedView(*linear, hw)
                  : lx::tryTritonDistributedView(*linear, hw);
}

// The command's options, in the order --help lists them.
struct ConvertOptions
{
    QCommandLineOption layout{u"layout"_s,
                              u"the layout: #ttg text (alias lines allowed), a Gluon constructor, "
                              u"or a raw layout as JSON"_s,
                              u"TEXT"_s};
    QCommandLineOption shape{
        u"shape"_s, u"tensor shape, e.g. 128x128 (needed for json and triton-text)"_s, u"MxN"_s};
    QCommandLineOption to{
        u"to"_s, u"output form: json, ttg, gluon, triton-text, cute, nvmma or descriptor"_s,
        u"FORM"_s};
    QCommandLineOption hw{u"hw"_s, u"triton-text: the hardware point of view"_s};
    QCommandLineOption aliases{u"aliases"_s, u"ttg: print parents as alias lines"_s};
    QCommandLineOption units{
        u"units"_s, u"CuTe memory layouts in elements (default) or bytes (needs --dtype)"_s,
        u"elements|bytes"_s};
    QCommandLineOption dtype{
        u"dtype"_s, u"element type for --units bytes, nvmma and descriptor, e.g. f16"_s, u"T"_s};
    QCommandLineOption json{u"json"_s, u"nvmma and descriptor: the bridge as JSON"_s};
    QCommandLineOption kind{u"cute-kind"_s,
                            u"read CuTe text as a memory layout or a thread-value layout over "
                            u"--shape (default: memory when the shape is the layout's own, else "
                            u"tv)"_s,
                            u"memory|tv"_s};

    void addTo(QCommandLineParser &parser) const
    {
        parser.addOptions({layout, shape, to, hw, aliases, units, dtype, json, kind});
    }
};

int usage(const QString &message)
{
    lx::app::ErrorStream() << "layout-explorer convert: " << message
                           << "\nRun 'layout-explorer convert --help' for the options.\n";
    return ExitBadUsage;
}

int bad(const std::string &message)
{
    lx::app::ErrorStream() << "layout-explorer convert: " << QString::fromStdString(message)
                           << '\n';
    return ExitBadInput;
}

// The layout read from --layout: the attribute and the linear layout, each when `to` needs it.
struct ConvertSource
{
    lx::LayoutAttrPtr attr;
    std::optional<lx::LinearLayout> linear;
};

// A linear layout read from CuTe or JSON, with its #ttg attribute when `to` prints one.
std::optional<int> fromLinear(lx::LinearLayout ll, const QString &to, ConvertSource &src)
{
    src.linear = std::move(ll);
    if (to != QLatin1String("ttg") && to != QLatin1String("gluon"))
        return std::nullopt;
    auto a = attrOfLinearLayout(*src.linear);
    if (!a)
        return bad(a.message());
    src.attr = *a;
    return std::nullopt;
}

// Reads --layout (CuTe text, a raw JSON layout or #ttg/Gluon text); an exit code on failure.
std::optional<int> readSource(const std::string &text, const QString &to,
                              const std::optional<std::vector<int32_t>> &shape,
                              const CuteOptions &cute, ConvertSource &src)
{
    const size_t first = text.find_first_not_of(" \t\r\n");
    if (lx::looksLikeCute(text)) {
        auto ll = lx::cuteTextToLinear(text, shape.value_or(std::vector<int32_t>{}), cute.kind,
                                       cute.units, cute.elementBytes);
        if (!ll)
            return bad("--layout: " + ll.message());
        return fromLinear(std::move(*ll), to, src);
    }
    if (first != std::string::npos && text[first] == '{') {
        const auto j = lx::parseJson(text);
        if (!j)
            return bad("--layout: " + j.message());
        auto ll = lx::layoutFromJson(*j);
        if (!ll)
            return bad("--layout: " + ll.message());
        std::vector<int32_t> sizes;
        for (const auto &[dim, size] : ll->outDims())
            sizes.push_back(size);
        if (shape && sizes != *shape)
            return bad("--shape does not match the out-dim sizes of the raw layout");
        return fromLinear(std::move(*ll), to, src);
    }
    auto a = lx::parseLayoutText(text);
    if (!a)
        return bad("--layout: " + a.message());
    src.attr = *a;
    if (to == QLatin1String("json") || to == QLatin1String("triton-text") ||
        to == QLatin1String("cute") || to == QLatin1String("nvmma") ||
        to == QLatin1String("descriptor")) {
        if (!shape)
            return usage(QStringLiteral("--to %1 needs --shape").arg(to));
        auto ll = lx::toLinearLayout(*src.attr, *shape);
        if (!ll)
            return bad(ll.message());
        src.linear = std::move(*ll);
    }
    return std::nullopt;
}

int runConvert(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Converts a layout between #ttg text, Gluon, the conformance JSON form and Triton's text "
        "views; the result goes to stdout."));
    parser.addHelpOption();
    const ConvertOptions o;
    o.addTo(parser);
    if (const auto rc =
            lx::app::parseOrExit(parser, args, QStringLiteral("layout-explorer convert: "), false))
        return *rc;
    if (!parser.isSet(o.layout))
        return usage(QStringLiteral("--layout is required"));
    if (!parser.isSet(o.to))
        return usage(QStringLiteral("--to is required"));
    const QString to = parser.value(o.to);
    const QStringList forms{QStringLiteral("json"),      QStringLiteral("ttg"),
                            QStringLiteral("gluon"),     QStringLiteral("triton-text"),
                            QStringLiteral("cute"),      QStringLiteral("nvmma"),
                            QStringLiteral("descriptor")};
    if (!forms.contains(to))
        return usage(QStringLiteral("unknown --to '%1' (json, ttg, gluon, triton-text, cute, "
                                    "nvmma, descriptor)")
                         .arg(to));
    CuteOptions cuteOpts;
    if (const QString e = readCuteOptions(parser, o.units, o.dtype, o.kind, cuteOpts); !e.isEmpty())
        return usage(e);
    if (parser.isSet(o.hw) && to != QLatin1String("triton-text"))
        return usage(QStringLiteral("--hw only applies to --to triton-text"));
    if (parser.isSet(o.aliases) && to != QLatin1String("ttg"))
        return usage(QStringLiteral("--aliases only applies to --to ttg"));
    std::optional<std::vector<int32_t>> shape;
    if (parser.isSet(o.shape)) {
        // "128x64", "2x64x64" or "128,64".
        if (auto parsed = lx::parseShape(parser.value(o.shape).toStdString());
            parsed && parsed->size() <= 8)
            shape = std::move(*parsed);
        if (!shape)
            return usage(QStringLiteral("malformed --shape '%1' (expected sizes like 128x64)")
                             .arg(parser.value(o.shape)));
    }
    const bool bridgeForm = to == QLatin1String("nvmma") || to == QLatin1String("descriptor");
    if (parser.isSet(o.json) && !bridgeForm)
        return usage(QStringLiteral("--json only applies to --to nvmma and --to descriptor"));
    ConvertSource src;
    if (auto rc = readSource(parser.value(o.layout).toStdString(), to, shape, cuteOpts, src))
        return *rc;
    if (parser.isSet(o.json)) {
        auto bridge = lx::resolveNvBridge(src.attr.get(), *src.linear, cuteOpts.dtype);
        if (!bridge)
            return bad("--to " + to.toStdString() + ": " + bridge.message());
        if (to == QLatin1String("nvmma") && !bridge->canonical)
            return bad("not an NVMMA shared layout: " + bridge->whyNot);
        return lx::app::writeJson(lx::nvBridgeJson(*bridge), u"layout-explorer convert: "_s);
    }
    auto out = formatOutput(to, src.attr, src.linear, parser.isSet(o.aliases), parser.isSet(o.hw),
                            cuteOpts);
    if (!out)
        return bad(out.message());
    return lx::app::writeStdout(*out, QStringLiteral("layout-explorer convert: "));
}

} // namespace

LX_REGISTER_COMMAND(convert, "convert",
                    "convert a layout: #ttg text, Gluon, JSON, Triton's text views", runConvert);
