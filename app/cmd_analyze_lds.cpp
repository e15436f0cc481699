// `layout-explorer analyze lds (--preset NAME | --scene FILE) [--json]`: the partition-aware
// allocation of a scene's shared buffers, the partitions each SIMD pair reads per load, partition
// conflicts and the LDS bandwidth *model* (core/analysis/ldsscenario.h).

#include "command.h"

#include "analysis/ldsscenario.h"
#include "io/scene.h"

#include <QCommandLineParser>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <iomanip>
#include <sstream>

namespace {

using lx::app::ExitBadInput;
using lx::app::ExitBadUsage;
using lx::app::ExitOk;

int runAnalyzeLds(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Partition-aware LDS allocation, partition conflicts under the same-cycle model and the "
        "bandwidth model cycles = fixed + bytes / rate, for the first LDS view of a scene."));
    parser.addHelpOption();
    parser.addOption(
        {QStringLiteral("preset"), QStringLiteral("a preset scene"), QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("scene"), QStringLiteral("a scene file (.lxscene)"),
                      QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("arch"), QStringLiteral("architecture (default: the scene's)"),
                      QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("json"), QStringLiteral("print JSON")});
    QTextStream err(stderr);
    const QString prog = QStringLiteral("layout-explorer analyze lds: ");
    if (const std::optional<int> done = lx::app::parseOrExit(parser, args, prog))
        return *done;
    const bool preset = parser.isSet(QStringLiteral("preset"));
    if (preset == parser.isSet(QStringLiteral("scene")) ||
        !parser.positionalArguments().isEmpty()) {
        err << prog << "give either --preset NAME or --scene FILE\n";
        return ExitBadUsage;
    }
    const std::string source =
        parser.value(preset ? QStringLiteral("preset") : QStringLiteral("scene")).toStdString();
    auto scene = preset ? lx::loadPreset(source) : lx::loadSceneFile(source);
    if (!scene) {
        err << prog << QString::fromStdString(scene.message()) << '\n';
        return ExitBadInput;
    }
    const std::string arch = parser.isSet(QStringLiteral("arch"))
                                 ? parser.value(QStringLiteral("arch")).toStdString()
                                 : (scene->arch.empty() ? std::string("gfx1250") : scene->arch);
    auto cu = lx::loadCuLdsModel(arch);
    if (!cu) {
        err << prog << QString::fromStdString(cu.message()) << '\n';
        return ExitBadInput;
    }
    auto layouts = lx::resolveSceneLayouts(*scene);
    if (!layouts) {
        err << prog << QString::fromStdString(layouts.message()) << '\n';
        return ExitBadInput;
    }
    const nlohmann::json *options = nullptr;
    for (const lx::SceneView &v : scene->views)
        if (v.options.contains("microbenchmark") || v.options.contains("allocations")) {
            options = &v.options;
            break;
        }
    if (!options) {
        err << prog << QString::fromStdString(source)
            << ": no view describes LDS buffers ('microbenchmark' or 'allocations' options)\n";
        return ExitBadInput;
    }
    auto s = lx::runLdsScenario(*options, *layouts, *cu);
    if (!s) {
        err << prog << QString::fromStdString(s.message()) << '\n';
        return ExitBadInput;
    }

    nlohmann::json buffers = nlohmann::json::array();
    for (const lx::AllocBuffer &b : s->allocation.buffers) {
        const auto parts = s->allocation.partitionsOf(b);
        nlohmann::json list = nlohmann::json::array();
        for (int64_t p = parts.first; p <= parts.second; ++p)
            list.push_back(p);
        buffers.push_back(
            {{"name", b.name}, {"offset", b.offset}, {"size", b.size}, {"partitions", list}});
    }
    nlohmann::json j{{"arch", cu->arch},
                     {"scenario", s->label},
                     {"buffers", buffers},
                     {"totalBytes", s->allocation.totalBytes}};
    if (s->hasRead) {
        const lx::BandwidthEstimate &bw = s->bandwidth;
        j["loads"] = s->access.loads.size();
        j["partitionConflicts"] = s->access.conflictingLoads;
        j["bytesRead"] = bw.bytes;
        j["bytesConflicting"] = bw.bytesConflicting;
        j["model"] = "cycles = fixed + bytes / rate (a model, not a measurement)";
        j["fixedCycles"] = bw.fixedCycles;
        j["modelCycles"] = bw.modelCycles;
        j["rawBytesPerCycle"] = bw.rawBytesPerCycle;
        j["steadyBytesPerCycle"] = bw.steadyBytesPerCycle;
        j["peakBytesPerCycle"] = bw.peakBytesPerCycle;
    }
    std::string out;
    if (parser.isSet(QStringLiteral("json"))) {
        out = j.dump(1) + "\n";
    } else {
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
        o << "total " << s->allocation.totalBytes << " B\n";
        if (s->hasRead) {
            const lx::BandwidthEstimate &bw = s->bandwidth;
            o << s->access.conflictingLoads << " of " << s->access.loads.size()
              << " loads have a partition conflict\n";
            o << "model (cycles = fixed + bytes / rate): " << bw.modelCycles << " cycles for "
              << bw.bytes << " B (fixed " << bw.fixedCycles << "); raw " << bw.rawBytesPerCycle
              << " B/cycle, steady " << bw.steadyBytesPerCycle << ", peak " << bw.peakBytesPerCycle
              << "\n";
        }
        out = o.str();
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return ExitOk;
}

} // namespace

LX_REGISTER_ANALYSIS(lds, "lds",
                     "LDS: partition-aware allocation, partition conflicts, bandwidth model",
                     runAnalyzeLds);
