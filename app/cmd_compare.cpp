// `layout-explorer compare (--scene FILE | --preset NAME) A B [--archs LIST] [--dtype T] [--json]`:
// two layouts of a scene compared in one record (core/request/compareinput.h): the diff (the
// elements whose owners differ), what convert_layout A -> B lowers to, and per architecture the
// LDS accesses between the two (a distributed and a shared layout: the store and the load back;
// two distributed layouts: the round trip of the conversion when it needs one) with their
// instruction, count per thread, n-way, cycles and LDS bytes. The numbers are the compare view's
// (`render --view` of a compare view gives the same figures); --json prints the record.

#include "cliargs.h"
#include "command.h"
#include "output.h"

#include "render/comparediagram.h"
#include "request/compareinput.h"

#include <QCommandLineParser>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace {

using lx::app::ExitBadInput;
using lx::app::ExitBadUsage;
using lx::app::qs;

constexpr lx::app::Fail failCompare{"layout-explorer compare: "};

// The per-architecture table as aligned text columns; the rows of architecture notes (no access
// in the access column) are left to the lines after it.
std::string tableText(lx::DiagramTable t)
{
    std::erase_if(t.rows, [](const QStringList &row) {
        return row.size() > 1 && row[1] == QStringLiteral("\u2013");
    });
    std::vector<qsizetype> widths(size_t(t.header.size()), 0);
    auto measure = [&](const QStringList &row) {
        for (qsizetype i = 0; i < row.size() && size_t(i) < widths.size(); ++i)
            widths[size_t(i)] = std::max(widths[size_t(i)], row[i].size());
    };
    measure(t.header);
    for (const QStringList &row : t.rows)
        measure(row);
    QString out;
    auto line = [&](const QStringList &row) {
        QString l;
        for (qsizetype i = 0; i < row.size() && size_t(i) < widths.size(); ++i)
            l += (i ? QStringLiteral("  ") : QString()) + row[i].leftJustified(widths[size_t(i)]);
        out += l.trimmed() + QLatin1Char('\n');
    };
    line(t.header);
    for (const QStringList &row : t.rows)
        line(row);
    return out.toStdString();
}

std::string reportText(const lx::CompareInput &in)
{
    std::string s = "compare " + in.diff.a->name + " -> " + in.diff.b->name + " (" +
                    lx::comparePairName(in.pair) + ")\n";
    s += lx::figuresText(lx::diffFigures(in.diff));
    s += "\n" + tableText(lx::compareTable(in));
    for (const lx::CompareArch &a : in.archs)
        if (!a.note.empty())
            s += a.arch + ": " + a.note + "\n";
    return s;
}

int runCompare(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Compares layouts A and B of a scene in one record: the diff, the cost of "
        "convert_layout A -> B, and per architecture the LDS accesses between them (instruction, "
        "count per thread, n-way, cycles, LDS bytes)."));
    parser.addHelpOption();
    const QCommandLineOption sceneOpt(QStringLiteral("scene"), QStringLiteral("the scene file"),
                                      QStringLiteral("FILE"));
    const QCommandLineOption presetOpt(QStringLiteral("preset"),
                                       QStringLiteral("a built-in preset instead of --scene"),
                                       QStringLiteral("NAME"));
    const QCommandLineOption archsOpt(
        QStringLiteral("archs"),
        QStringLiteral("architectures, comma-separated (default: gfx942,gfx950,gfx1250)"),
        QStringLiteral("LIST"));
    const QCommandLineOption dtypeOpt(
        QStringLiteral("dtype"),
        QStringLiteral("element type (default: the layouts', else the request layer's)"),
        QStringLiteral("T"));
    const QCommandLineOption jsonOpt(QStringLiteral("json"), QStringLiteral("JSON output"));
    parser.addOptions({sceneOpt, presetOpt, archsOpt, dtypeOpt, jsonOpt});
    parser.addPositionalArgument(QStringLiteral("A"), QStringLiteral("the first layout's name"));
    parser.addPositionalArgument(QStringLiteral("B"), QStringLiteral("the second layout's name"));
    if (const auto rc = lx::app::parseOrExit(parser, args, QString::fromUtf8(failCompare.prog)))
        return *rc;
    const QStringList names = parser.positionalArguments();
    if (names.size() != 2)
        return failCompare(
            ExitBadUsage,
            QStringLiteral("expected two layout names A B, got %1").arg(names.size()));
    if (parser.isSet(sceneOpt) == parser.isSet(presetOpt))
        return failCompare(ExitBadUsage,
                           QStringLiteral("give one of --scene FILE and --preset NAME"));
    std::string what;
    lx::Expected<lx::Scene> scene = lx::app::sceneArg(parser, presetOpt, &sceneOpt, &what);
    if (!scene)
        return failCompare(ExitBadInput, qs(scene.message()));
    lx::Expected<lx::ViewRequest> base = lx::sceneRequest(*scene);
    if (!base)
        return failCompare(ExitBadInput, qs(what + ": " + base.message()));
    lx::ViewRequest req = std::move(*base);
    req.kind = "compare";
    req.layout = names[0].toStdString();
    req.options =
        nlohmann::json{{"layout", names[0].toStdString()}, {"other", names[1].toStdString()}};
    if (parser.isSet(archsOpt)) {
        nlohmann::json archs = nlohmann::json::array();
        for (const QString &a : parser.value(archsOpt).split(QLatin1Char(','), Qt::SkipEmptyParts))
            archs.push_back(a.trimmed().toStdString());
        req.options["archs"] = archs;
    }
    if (parser.isSet(dtypeOpt))
        req.options["dtype"] = parser.value(dtypeOpt).toStdString();
    lx::Expected<lx::CompareInput> in = lx::resolveCompare(req);
    if (!in)
        return failCompare(ExitBadInput, qs(what + ": " + in.message()));
    if (parser.isSet(jsonOpt))
        return lx::app::writeJson(lx::compareJson(*in), QString::fromUtf8(failCompare.prog));
    return lx::app::writeStdout(reportText(*in), QString::fromUtf8(failCompare.prog));
}

} // namespace

LX_REGISTER_COMMAND(compare, "compare",
                    "two layouts of a scene: diff, conversion, LDS accesses per architecture",
                    runCompare);
