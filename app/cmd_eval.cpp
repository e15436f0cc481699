// `layout-explorer eval FILE`: evaluates every case of a conformance case file and prints
// {"results": [{"name", "value"}, ...]} on stdout. It never reads or compares `expect`.

#include "command.h"

#include "analysis/limits.h"
#include "io/caseeval.h"

#include <QCommandLineParser>
#include <QFile>
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
    QTextStream err(stderr);
    if (const auto rc =
            lx::app::parseOrExit(parser, args, QStringLiteral("layout-explorer eval: ")))
        return *rc;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 1) {
        err << "layout-explorer eval: expected one FILE\n";
        return lx::app::ExitBadUsage;
    }
    QFile file(pos.front());
    const bool ok = pos.front() == QLatin1String("-") ? file.open(stdin, QIODevice::ReadOnly)
                                                      : file.open(QIODevice::ReadOnly);
    if (!ok) {
        err << "layout-explorer eval: cannot read " << pos.front() << ": " << file.errorString()
            << '\n';
        return lx::app::ExitBadInput;
    }
    if (file.size() > lx::kMaxInputFileBytes) {
        err << "layout-explorer eval: " << pos.front() << " has " << file.size()
            << " bytes; a case file is at most " << (lx::kMaxInputFileBytes >> 20) << " MiB\n";
        return lx::app::ExitBadInput;
    }
    const QByteArray data = file.read(lx::kMaxInputFileBytes + 1);
    if (data.size() > lx::kMaxInputFileBytes) {
        err << "layout-explorer eval: " << pos.front() << ": a case file is at most "
            << (lx::kMaxInputFileBytes >> 20) << " MiB\n";
        return lx::app::ExitBadInput;
    }
    const nlohmann::json result =
        lx::evaluateCaseFile(std::string_view(data.constData(), size_t(data.size())));
    if (result.contains("error")) {
        err << "layout-explorer eval: " << pos.front() << ": "
            << QString::fromStdString(result["error"].get<std::string>()) << '\n';
        return lx::app::ExitBadInput;
    }
    // One result per line: readable, diffable, and still one JSON document.
    std::string text = "{\"results\": [\n";
    const nlohmann::json &results = result["results"];
    for (size_t i = 0; i < results.size(); ++i)
        text += "  " + results[i].dump() + (i + 1 < results.size() ? ",\n" : "\n");
    text += "]}\n";
    std::fwrite(text.data(), 1, text.size(), stdout);
    return lx::app::ExitOk;
}

} // namespace

LX_REGISTER_COMMAND(eval, "eval", "evaluate a conformance case file, print the results as JSON",
                    runEval);
