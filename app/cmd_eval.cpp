// `layout-explorer eval FILE`: evaluates every case of a conformance case file and prints
// {"results": [{"name", "value"}, ...]} on stdout. It never reads or compares `expect`.

#include "command.h"
#include "output.h"

#include "base/boundedread.h"
#include "base/jsoninput.h"
#include "conformance/caseeval.h"

#include <QCommandLineParser>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <cstdio>

namespace {

int runEval(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Evaluates a conformance case file ({\"cases\": [{\"name\", \"op\", "
                       "\"args\"}]}) with the engine and "
                       "prints {\"results\": [{\"name\", \"value\"}]}; an invalid operation gives "
                       "{\"error\": message}."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("FILE"),
                                 QStringLiteral("case file (JSON), or - for stdin"));
    lx::app::ErrorStream err;
    if (const auto rc =
            lx::app::parseOrExit(parser, args, QStringLiteral("layout-explorer eval: ")))
        return *rc;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 1) {
        err << "layout-explorer eval: expected one FILE\n";
        return lx::app::ExitBadUsage;
    }
    const lx::Expected<std::string> data =
        lx::readBounded(pos.front().toStdString(), lx::kMaxCaseFileBytes, "a case file");
    if (!data) {
        err << "layout-explorer eval: " << QString::fromStdString(data.message()) << '\n';
        return lx::app::ExitBadInput;
    }
    const nlohmann::json result = lx::evaluateCaseFile(*data);
    if (result.contains("error")) {
        const QString name =
            pos.front() == QLatin1String("-") ? QStringLiteral("standard input") : pos.front();
        err << "layout-explorer eval: " << name << ": "
            << QString::fromStdString(result["error"].get<std::string>()) << '\n';
        return lx::app::ExitBadInput;
    }
    // One result per line: readable, diffable, and still one JSON document.
    std::string text = "{\"results\": [\n";
    const nlohmann::json &results = result["results"];
    for (size_t i = 0; i < results.size(); ++i)
        text += "  " + lx::safeDump(results[i]) + (i + 1 < results.size() ? ",\n" : "\n");
    text += "]}\n";
    const int written = lx::app::writeStdout(text, QStringLiteral("layout-explorer eval: "));
    if (written != lx::app::ExitOk)
        return written;
    // The results are printed either way; an unexpected exception (a bug, not a refusal of the
    // operation) also fails the command, so a script cannot mistake it for an answer.
    int internal = 0;
    for (const nlohmann::json &r : results)
        if (r.contains("value") && r["value"].is_object() && r["value"].contains("internalError"))
            ++internal;
    if (internal > 0) {
        lx::app::ErrorStream() << "layout-explorer eval: " << internal
                               << " case(s) failed with an internal error (see their value)\n";
        return lx::app::ExitBadInput;
    }
    return lx::app::ExitOk;
}

} // namespace

LX_REGISTER_COMMAND(eval, "eval", "evaluate a conformance case file, print the results as JSON",
                    runEval);
