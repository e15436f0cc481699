// `layout-explorer analyze lds (--preset NAME | --scene FILE) [--json]`: the partition-aware
// allocation of a scene's shared buffers, the partitions each SIMD pair reads per load, partition
// conflicts and the LDS bandwidth *model* (core/analysis/ldsscenario.h).

#include "cliargs.h"
#include "command.h"
#include "output.h"

#include "request/analysisinputs.h"
#include "request/commandjson.h"
#include "request/figures.h"
#include "request/scenerequests.h"

#include <QCommandLineParser>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <iomanip>
#include <sstream>

namespace {

using lx::app::ExitBadInput;
using lx::app::ExitBadUsage;
using lx::app::ExitOk;

// The JSON report of `analyze lds`: the buffers and their partitions, the read's conflicts and
// bandwidth model, the capacity warnings and the figures.
std::string ldsText(const lx::LdsInput &in, const std::vector<lx::Figure> &figures)
{
    const lx::CuModel *cu = &in.cu;
    const lx::LdsScenario *s = &in.scenario;
    std::ostringstream o;
    o << std::fixed << std::setprecision(1);
    o << "LDS analysis (" << cu->arch << "), " << s->label << "\n";
    for (const lx::AllocBuffer &b : s->allocation.buffers) {
        const auto parts = s->allocation.partitionsOf(b);
        o << "  " << b.name << ": offset " << b.offset << ", " << b.size << " B, partition"
          << (parts.first == parts.second
                  ? " " + std::to_string(parts.first)
                  : "s " + std::to_string(parts.first) + "-" + std::to_string(parts.second))
          << "\n";
    }
    for (const std::string &m : lx::describeStage2(s->allocation))
        o << "stage 2, " << m << "\n";
    o << "total " << s->allocation.totalBytes << " B\n";
    if (s->hasRead) {
        const lx::BandwidthEstimate &bw = s->bandwidth;
        o << s->access.conflictingLoads << " of " << s->access.loads.size()
          << " loads have a partition conflict\n";
        o << "model (cycles = fixed + bytes / rate): " << bw.modelCycles << " cycles for "
          << s->access.totalBytes << " B (fixed " << bw.fixedCycles << "); raw "
          << bw.rawBytesPerCycle << " B/cycle, steady " << bw.steadyBytesPerCycle << ", peak "
          << bw.peakBytesPerCycle << "\n";
    }
    for (const lx::CapacityWarning &w : s->warnings)
        o << "warning: " << w.message << "\n";
    o << "figures:\n" << lx::figuresText(figures);
    return o.str();
}

int runAnalyzeLds(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Partition-aware LDS allocation, partition conflicts under the same-cycle model and the "
        "bandwidth model cycles = fixed + bytes / rate, for the first LDS view of a scene."));
    parser.addHelpOption();
    parser.addOption(
        {QStringLiteral("preset"), QStringLiteral("a preset scene"), QStringLiteral("NAME")});
    const QCommandLineOption sceneOpt(
        QStringLiteral("scene"), QStringLiteral("a scene file (.lxscene)"), QStringLiteral("FILE"));
    const QCommandLineOption archOpt(QStringLiteral("arch"),
                                     lx::app::archHelp(QStringLiteral("architecture")),
                                     QStringLiteral("NAME"));
    parser.addOptions({sceneOpt, archOpt});
    parser.addOption({QStringLiteral("json"), QStringLiteral("print JSON")});
    lx::app::ErrorStream err;
    const QString prog = QStringLiteral("layout-explorer analyze lds: ");
    if (const std::optional<int> done = lx::app::parseOrExit(parser, args, prog))
        return *done;
    const bool preset = parser.isSet(QStringLiteral("preset"));
    if (preset == parser.isSet(QStringLiteral("scene")) ||
        !parser.positionalArguments().isEmpty()) {
        err << prog << "give either --preset NAME or --scene FILE\n";
        return ExitBadUsage;
    }
    std::string what;
    auto scene =
        lx::app::sceneArg(parser, QCommandLineOption(QStringLiteral("preset")), &sceneOpt, &what);
    if (!scene) {
        err << prog << QString::fromStdString(scene.message()) << '\n';
        return ExitBadInput;
    }
    auto req = lx::ldsSceneRequest(*scene, what);
    if (!req) {
        err << prog << QString::fromStdString(req.message()) << '\n';
        return ExitBadInput;
    }
    req->arch = lx::app::archArg(parser, archOpt, req->arch);
    auto in = lx::resolveLds(*req);
    if (!in) {
        err << prog << QString::fromStdString(in.message()) << '\n';
        return ExitBadInput;
    }
    const lx::LdsScenario *s = &in->scenario;
    const std::vector<lx::Figure> figures = lx::ldsFigures(*in);
    const int rc = parser.isSet(QStringLiteral("json"))
                       ? lx::app::writeJson(lx::ldsReportJson(*in, figures), prog)
                       : lx::app::writeStdout(ldsText(*in, figures), prog);
    if (rc != ExitOk)
        return rc;
    if (!s->warnings.empty()) {
        for (const lx::CapacityWarning &w : s->warnings)
            err << prog << QString::fromStdString(w.message) << '\n';
        return ExitBadInput;
    }
    return ExitOk;
}

} // namespace

LX_REGISTER_ANALYSIS(lds, "lds",
                     "LDS: partition-aware allocation, partition conflicts, bandwidth model",
                     runAnalyzeLds);
