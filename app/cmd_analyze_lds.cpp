// `layout-explorer analyze lds (--preset NAME | --scene FILE) [--json]`: the partition-aware
// allocation of a scene's shared buffers, the partitions each SIMD pair reads per load, partition
// conflicts and the LDS bandwidth *model* (core/analysis/ldsscenario.h).

#include "cliargs.h"
#include "command.h"
#include "output.h"

#include "request/analysisinputs.h"
#include "request/figures.h"

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
nlohmann::json ldsJson(const lx::LdsInput &in, const std::vector<lx::Figure> &figures)
{
    const lx::CuModel *cu = &in.cu;
    const lx::LdsScenario *s = &in.scenario;
    nlohmann::json buffers = nlohmann::json::array();
    for (const lx::AllocBuffer &b : s->allocation.buffers) {
        const auto parts = s->allocation.partitionsOf(b);
        nlohmann::json list = nlohmann::json::array();
        for (int64_t p = parts.first; p <= parts.second; ++p)
            list.push_back(p);
        buffers.push_back(
            {{"name", b.name}, {"offset", b.offset}, {"size", b.size}, {"partitions", list}});
    }
    // Stage 2's moves, each with the interferer that set its new offset.
    nlohmann::json stage2 = nlohmann::json::array();
    const lx::AllocationResult &a = s->allocation;
    for (const lx::AllocStage2Round &round : a.stage2) {
        nlohmann::json moves = nlohmann::json::array();
        for (const lx::AllocMove &m : round.moves)
            moves.push_back(
                {{"buffer", a.buffers[size_t(m.buffer)].name},
                 {"from", m.from},
                 {"to", m.to},
                 {"cause",
                  m.cause < 0 ? nlohmann::json() : nlohmann::json(a.buffers[size_t(m.cause)].name)},
                 {"rule", m.partitionEdge ? "past the neighbour's partition"
                                          : "above an overlapping live buffer"}});
        const auto partitionEdges =
            std::count(round.partitionEdge.begin(), round.partitionEdge.end(), true);
        stage2.push_back(
            {{"edges", round.edges.size()}, {"partitionEdges", partitionEdges}, {"moves", moves}});
    }
    nlohmann::json j{{"arch", cu->arch},   {"scenario", s->label},
                     {"buffers", buffers}, {"stage1Steps", a.stage1.size()},
                     {"stage2", stage2},   {"totalBytes", s->allocation.totalBytes}};
    if (s->hasRead) {
        const lx::BandwidthEstimate &bw = s->bandwidth;
        j["loads"] = s->access.loads.size();
        j["partitionConflicts"] = s->access.conflictingLoads;
        j["bytesRead"] = s->access.totalBytes;
        j["bytesConflicting"] = s->access.bytesConflicting;
        j["model"] = "cycles = fixed + bytes / rate (a model, not a measurement)";
        j["fixedCycles"] = bw.fixedCycles;
        j["modelCycles"] = bw.modelCycles;
        j["rawBytesPerCycle"] = bw.rawBytesPerCycle;
        j["steadyBytesPerCycle"] = bw.steadyBytesPerCycle;
        j["peakBytesPerCycle"] = bw.peakBytesPerCycle;
    }
    // What the architecture cannot hold (core/analysis/ldsscenario.h CapacityWarning): listed,
    // and the command exits 1.
    nlohmann::json warnings = nlohmann::json::array();
    for (const lx::CapacityWarning &w : s->warnings)
        warnings.push_back(
            {{"kind", w.kind}, {"message", w.message}, {"partitions", w.partitions}});
    j["warnings"] = warnings;
    j["figures"] = lx::figuresJson(figures);
    return j;
}

// The text report of `analyze lds`, ending with the figures.
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
    lx::SceneViewChoice choice;
    choice.optionKeys = {"microbenchmark", "allocations"};
    choice.what = what;
    choice.lacks = "view that describes LDS buffers ('microbenchmark' or 'allocations' options)";
    auto req = lx::sceneViewRequest(*scene, choice);
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
                       ? lx::app::writeJson(ldsJson(*in, figures), prog)
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
