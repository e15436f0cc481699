// `layout-explorer analyze KIND [OPTIONS]`: dispatches to the analysis registered under KIND.

#include "command.h"
#include "output.h"

#include <QTextStream>

#include <cstdio>

namespace {

int runAnalyze(const QStringList &args)
{
    lx::app::ErrorStream err;
    const QString kind = args.size() > 1 ? args.at(1) : QString();
    if (kind.isEmpty() || kind == QLatin1String("--help") || kind == QLatin1String("-h")) {
        QTextStream out(kind.isEmpty() ? stderr : stdout);
        out << "Usage: layout-explorer analyze KIND [OPTIONS] [--json]\n\nKinds:\n";
        for (const lx::app::Command &a : lx::app::analyses())
            out << "  " << QString::fromLatin1(a.name).leftJustified(12) << ' '
                << QString::fromUtf8(a.summary) << '\n';
        return kind.isEmpty() ? lx::app::ExitBadUsage : lx::app::ExitOk;
    }
    const lx::app::Command *analysis = lx::app::findAnalysis(kind);
    if (!analysis) {
        err << "layout-explorer analyze: unknown analysis '" << kind
            << "' (run 'layout-explorer analyze --help')\n";
        return lx::app::ExitBadUsage;
    }
    return analysis->run(args.mid(1));
}

} // namespace

LX_REGISTER_COMMAND(analyze, "analyze",
                    "analysis reports (ds-load-tr, cta, lds, banks, kernel); --json", runAnalyze);
