// `layout-explorer diff --a LAYOUT --b LAYOUT [--shape MxN] [--dtype T] [--json]`: compares two
// layouts over the same out-dims (core/analysis/diff.h): equal as functions or not, the number
// of elements whose owner sets differ, the basis delta per in-dim, and what convert_layout from A
// to B costs. A LAYOUT is #ttg or Gluon text, CuTe text, or @FILE holding a raw layout in the
// conformance JSON form ({"bases": ..., "outDims": ...}, or an object with such a "layout").

#include "cliargs.h"
#include "command.h"
#include "output.h"

#include "analysis/diff.h"
#include "io/cute.h"
#include "io/layoutjson.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "request/difflayout.h"

#include <QCommandLineParser>
#include <QFile>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <optional>

namespace {

using lx::app::ExitBadInput;
using lx::app::ExitBadUsage;
using lx::app::ExitOk;

int runDiff(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Compares two layouts over the same out-dims: equal as functions, the elements whose "
        "owner sets differ, the basis delta per in-dim, and the cost of convert_layout A -> B."));
    parser.addHelpOption();
    const QCommandLineOption aOpt(QStringLiteral("a"),
                                  QStringLiteral("layout A: #ttg, Gluon or CuTe text, or @FILE "
                                                 "with a raw layout in the conformance JSON form"),
                                  QStringLiteral("LAYOUT"));
    const QCommandLineOption bOpt(QStringLiteral("b"), QStringLiteral("layout B (as --a)"),
                                  QStringLiteral("LAYOUT"));
    const QCommandLineOption shapeOpt(QStringLiteral("shape"),
                                      QStringLiteral("tensor shape for text layouts, e.g. 64x64"),
                                      QStringLiteral("MxN"));
    const QCommandLineOption dtypeOpt(
        QStringLiteral("dtype"),
        QStringLiteral(
            "element type for the LDS bytes of a conversion (default: the request layer's)"),
        QStringLiteral("T"));
    const QCommandLineOption jsonOpt(QStringLiteral("json"), QStringLiteral("JSON output"));
    parser.addOptions({aOpt, bOpt, shapeOpt, dtypeOpt, jsonOpt});

    lx::app::ErrorStream err;
    auto usage = [&](const QString &message) {
        err << "layout-explorer diff: " << message
            << "\nRun 'layout-explorer diff --help' for the options.\n";
        return ExitBadUsage;
    };
    auto bad = [&](const std::string &message) {
        err << "layout-explorer diff: " << QString::fromStdString(message) << '\n';
        return ExitBadInput;
    };
    if (const auto rc =
            lx::app::parseOrExit(parser, args, QStringLiteral("layout-explorer diff: "), false))
        return *rc;
    if (!parser.isSet(aOpt) || !parser.isSet(bOpt))
        return usage(QStringLiteral("--a and --b are required"));
    std::optional<std::vector<int32_t>> shape;
    if (parser.isSet(shapeOpt)) {
        auto parsed = lx::app::shapeArg(QStringLiteral("shape"), parser.value(shapeOpt));
        if (!parsed)
            return usage(
                QStringLiteral("malformed %1").arg(QString::fromStdString(parsed.message())));
        shape = *parsed;
    }
    // The request the diff view makes: layouts "a" and "b", the element type by the request
    // layer's policy (--dtype, else the default), so both count the same LDS bytes.
    lx::ViewRequest req;
    req.kind = "diff";
    if (parser.isSet(dtypeOpt)) {
        req.dtype = parser.value(dtypeOpt).toStdString();
        if (auto known = req.elementType({}); !known)
            return usage(
                QStringLiteral("--dtype: %1").arg(QString::fromStdString(known.message())));
    }
    auto in = lx::resolveDiffArgs(parser.value(aOpt).toStdString(),
                                  parser.value(bOpt).toStdString(), shape, req);
    if (!in)
        return bad(in.message());
    if (parser.isSet(jsonOpt)) {
        return lx::app::writeJson(lx::diffReportJson(*in), QStringLiteral("layout-explorer diff: "),
                                  -1);
    }
    return lx::app::writeStdout(lx::diffToText(in->diff, in->a->layout),
                                QStringLiteral("layout-explorer diff: "));
}

} // namespace

LX_REGISTER_COMMAND(diff, "diff",
                    "compare two layouts: equality, differing elements, basis delta, conversion",
                    runDiff);
