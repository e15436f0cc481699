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
// block) or #ttg.shared_linear (offset, block). The conversion is the request layer's
// (request/convertlayout.h), shared with Python.

#include "command.h"
#include "output.h"

#include "request/convertlayout.h"

#include <QCommandLineParser>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

using namespace Qt::StringLiterals;

namespace {

using lx::app::ExitBadInput;
using lx::app::ExitBadUsage;
using lx::app::ExitOk;

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

std::optional<std::string> convertOption(const QCommandLineParser &parser,
                                         const QCommandLineOption &option)
{
    if (!parser.isSet(option))
        return std::nullopt;
    return parser.value(option).toStdString();
}

// The options are read here; what they ask is answered by the request layer
// (request/convertlayout.h), which Python asks too.
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
    lx::ConvertRequest request;
    request.layout = convertOption(parser, o.layout);
    request.to = convertOption(parser, o.to);
    request.shape = convertOption(parser, o.shape);
    request.units = convertOption(parser, o.units);
    request.dtype = convertOption(parser, o.dtype);
    request.cuteKind = convertOption(parser, o.kind);
    request.hw = parser.isSet(o.hw);
    request.aliases = parser.isSet(o.aliases);
    request.json = parser.isSet(o.json);
    const lx::ConvertAnswer answer = lx::convertLayout(request);
    if (!answer.ok())
        return answer.usage ? usage(QString::fromStdString(answer.message)) : bad(answer.message);
    if (answer.json)
        return lx::app::writeJson(*answer.json, u"layout-explorer convert: "_s);
    return lx::app::writeStdout(answer.text, QStringLiteral("layout-explorer convert: "));
}

} // namespace

LX_REGISTER_COMMAND(convert, "convert",
                    "convert a layout: #ttg text, Gluon, JSON, Triton's text views", runConvert);
