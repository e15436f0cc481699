// `layout-explorer suggest`: the design assistant's searches, headless.
//
//   suggest shared (--preset NAME | --reg TEXT --shape MxN --dtype T --arch A
//                  [--write-layout TEXT] [--order I,J]) [--limit N] [--max-lds BYTES] [--json]
//   suggest cta --shape MxN --warps W --instr MxNxK --dtype T [--arch A] [--limit N] [--json]

#include "cliargs.h"
#include "command.h"

#include "analysis/suggest.h"
#include "analysis/suggestcta.h"
#include "analysis/suggestpreset.h"
#include "hw/arch.h"
#include "io/scene.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "layout/dtype.h"

#include <QElapsedTimer>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <cstdio>

namespace {

using lx::app::ExitBadInput;
using lx::app::ExitBadUsage;
using lx::app::ExitOk;
using lx::app::qs;

int fail(const char *sub, int code, const QString &message)
{
    return lx::app::fail(u"layout-explorer suggest %1: "_qs.arg(QLatin1String(sub)), code, message);
}

std::optional<std::vector<int32_t>> parseSizes(const QString &text, QChar sep)
{
    std::vector<int32_t> out;
    for (const QString &part : text.split(sep)) {
        bool ok = false;
        const int v = part.toInt(&ok);
        if (!ok || v <= 0 || v > (1 << 24))
            return std::nullopt;
        out.push_back(v);
    }
    return out;
}

nlohmann::json candidateJson(const lx::SharedCandidate &c)
{
    nlohmann::json j = {{"family", c.family},         {"text", c.text},
                        {"readWays", c.readWays},     {"readCycles", c.readCycles},
                        {"writeWays", c.writeWays},   {"writeCycles", c.writeCycles},
                        {"vectorBits", c.vectorBits}, {"dsLoadTr", c.dsLoadTr},
                        {"ldsBytes", c.ldsBytes},     {"partitionConflicts", c.partitionConflicts},
                        {"pareto", c.pareto}};
    if (!c.note.empty())
        j["note"] = c.note;
    return j;
}

void printCandidate(QTextStream &out, const lx::SharedCandidate &c, const QString &mark)
{
    out << mark << ' ' << qs(c.family).leftJustified(11) << " read " << c.readWays << "-way "
        << c.readCycles << " cyc";
    if (c.writeWays > 0)
        out << ", write " << c.writeWays << "-way " << c.writeCycles << " cyc";
    out << ", " << c.vectorBits << "-bit, " << c.ldsBytes << " B";
    if (c.dsLoadTr)
        out << ", ds_load_tr";
    if (c.partitionConflicts)
        out << ", " << c.partitionConflicts << " partition-conflict loads";
    out << "\n      " << qs(c.text) << '\n';
    if (!c.note.empty())
        out << "      (" << qs(c.note) << ")\n";
}

int printResult(const lx::SuggestSharedResult &r, const std::string &access, double ms, bool json)
{
    if (json) {
        nlohmann::json j;
        j["access"] = access;
        j["candidates"] = nlohmann::json::array();
        for (const auto &c : r.candidates)
            j["candidates"].push_back(candidateJson(c));
        j["triton"] = r.triton ? candidateJson(*r.triton) : nlohmann::json(nullptr);
        j["tritonRule"] = r.tritonRule;
        j["enumerated"] = r.enumerated;
        j["scored"] = r.scored;
        j["pruned"] = nlohmann::json::array();
        for (const auto &p : r.pruned)
            j["pruned"].push_back({{"family", p.family}, {"count", p.count}, {"reason", p.reason}});
        j["searchMilliseconds"] = ms;
        const std::string text = j.dump(1) + "\n";
        std::fwrite(text.data(), 1, text.size(), stdout);
        return ExitOk;
    }
    QTextStream out(stdout);
    out << "access: " << qs(access) << '\n';
    out << r.enumerated << " candidates enumerated, " << r.scored << " scored in "
        << QString::number(ms, 'f', 1) << " ms; * = Pareto front\n";
    for (const auto &c : r.candidates)
        printCandidate(out, c, c.pareto ? u"*"_qs : u" "_qs);
    if (r.triton) {
        out << "Triton's pick (" << qs(r.tritonRule) << "):\n";
        printCandidate(out, *r.triton, r.triton->pareto ? u"*"_qs : u" "_qs);
    } else {
        out << "Triton's pick: " << qs(r.tritonRule) << '\n';
    }
    for (const auto &p : r.pruned)
        out << "pruned " << p.count << ' ' << qs(p.family) << ": " << qs(p.reason) << '\n';
    return ExitOk;
}

int runShared(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Search shared layouts for an access: swizzled, padded, partitioned (gfx1250) and XOR "
        "layouts scored by bank conflicts, vector width, ds_load_tr, LDS bytes and partition "
        "conflicts; prints the Pareto front and Triton's pick."));
    parser.addHelpOption();
    const QCommandLineOption preset(u"preset"_qs, u"a preset whose access to search"_qs,
                                    u"NAME"_qs);
    const QCommandLineOption reg(u"reg"_qs, u"the layout that reads the tile (#ttg or Gluon)"_qs,
                                 u"TEXT"_qs);
    const QCommandLineOption write(
        u"write-layout"_qs, u"the layout that writes the tile (global-load layout)"_qs, u"TEXT"_qs);
    const QCommandLineOption shape(u"shape"_qs, u"tile shape, e.g. 128x64"_qs, u"MxN"_qs);
    const QCommandLineOption dtype(u"dtype"_qs, u"element type (f16, bf16, f32, f8, ...)"_qs,
                                   u"T"_qs);
    const QCommandLineOption arch(u"arch"_qs, u"architecture name or description file"_qs, u"A"_qs);
    const QCommandLineOption order(u"order"_qs, u"global order for Triton's pick, e.g. 1,0"_qs,
                                   u"I,J"_qs);
    const QCommandLineOption limit(u"limit"_qs, u"print at most N candidates"_qs, u"N"_qs);
    const QCommandLineOption maxLds(u"max-lds"_qs, u"prune candidates above BYTES"_qs, u"BYTES"_qs);
    const QCommandLineOption json(u"json"_qs, u"print JSON"_qs);
    parser.addOptions({preset, reg, write, shape, dtype, arch, order, limit, maxLds, json});
    if (const auto rc =
            lx::app::parseOrExit(parser, args, u"layout-explorer suggest shared: "_qs, false))
        return *rc;
    int limitN = 0;
    int64_t maxBytes = 0;
    if (parser.isSet(limit)) {
        bool ok = false;
        limitN = parser.value(limit).toInt(&ok);
        if (!ok || limitN <= 0)
            return fail("shared", ExitBadUsage, u"--limit expects a positive integer"_qs);
    }
    if (parser.isSet(maxLds)) {
        bool ok = false;
        maxBytes = parser.value(maxLds).toLongLong(&ok);
        if (!ok || maxBytes <= 0)
            return fail("shared", ExitBadUsage, u"--max-lds expects a positive byte count"_qs);
    }
    if (parser.isSet(preset) == parser.isSet(reg))
        return fail("shared", ExitBadUsage, u"give exactly one of --preset or --reg"_qs);

    QElapsedTimer timer;
    if (parser.isSet(preset)) {
        auto scene = lx::loadPreset(parser.value(preset).toStdString());
        if (!scene)
            return fail("shared", ExitBadInput, qs(scene.message()));
        auto access = lx::sceneAccess(*scene);
        if (!access)
            return fail("shared", ExitBadInput, qs(access.message()));
        timer.start();
        lx::Expected<lx::SuggestSharedResult> r = lx::makeError("no request");
        if (auto *sr = std::get_if<lx::SuggestSharedRequest>(&access->request)) {
            sr->limit = limitN;
            sr->maxLdsBytes = maxBytes;
            r = lx::suggestShared(*sr);
        } else {
            r = lx::suggestKPack(std::get<lx::KPackSuggestRequest>(access->request));
            if (r && limitN > 0 && int(r->candidates.size()) > limitN)
                r->candidates.resize(size_t(limitN));
        }
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        if (!r)
            return fail("shared", ExitBadInput, qs(r.message()));
        return printResult(*r, access->description, ms, parser.isSet(json));
    }
    for (const QCommandLineOption *o : {&shape, &dtype, &arch}) {
        if (!parser.isSet(*o))
            return fail("shared", ExitBadUsage, u"missing --%1"_qs.arg(o->names().front()));
    }
    auto dims = parseSizes(parser.value(shape), u'x');
    if (!dims || dims->size() != 2)
        return fail("shared", ExitBadUsage, u"--shape expects two sizes like 128x64"_qs);
    auto bits = lx::dtypeBits(parser.value(dtype).toStdString());
    if (!bits)
        return fail("shared", ExitBadInput, u"--dtype: "_qs + qs(bits.message()));
    auto a = lx::loadArchitecture(parser.value(arch).toStdString());
    if (!a)
        return fail("shared", ExitBadInput, qs(a.message()));
    lx::SuggestSharedRequest req;
    req.arch = *a;
    req.shape = *dims;
    req.elementBits = *bits;
    req.limit = limitN;
    req.maxLdsBytes = maxBytes;
    for (const auto &[name, option] : {std::pair{"reg", &reg}, std::pair{"write-layout", &write}}) {
        if (!parser.isSet(*option))
            continue;
        auto attr = lx::parseLayoutText(parser.value(*option).toStdString());
        if (!attr)
            return fail("shared", ExitBadInput,
                        u"--%1: %2"_qs.arg(QLatin1String(name), qs(attr.message())));
        auto ll = lx::toLinearLayout(**attr, *dims);
        if (!ll)
            return fail("shared", ExitBadInput,
                        u"--%1: %2"_qs.arg(QLatin1String(name), qs(ll.message())));
        if (std::string(name) == "reg") {
            req.read = *ll;
            req.readAttr = *attr;
        } else {
            req.write = *ll;
        }
    }
    if (parser.isSet(order)) {
        const QStringList parts = parser.value(order).split(u',');
        if (parts.size() != 2 ||
            !((parts[0] == u"0" && parts[1] == u"1") || (parts[0] == u"1" && parts[1] == u"0")))
            return fail("shared", ExitBadUsage, u"--order expects 1,0 or 0,1"_qs);
        req.order = {parts[0].toInt(), parts[1].toInt()};
    }
    timer.start();
    auto r = lx::suggestShared(req);
    const double ms = double(timer.nsecsElapsed()) / 1e6;
    if (!r)
        return fail("shared", ExitBadInput, qs(r.message()));
    return printResult(*r, "--reg over " + parser.value(shape).toStdString(), ms,
                       parser.isSet(json));
}

int runCta(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Search ctaLayouts (warp bases) of a WMMA v3 accumulator: ranked by cross-pair sharing "
        "of A and B, partition conflicts, TDM instructions, pieces and groups."));
    parser.addHelpOption();
    const QCommandLineOption shape(u"shape"_qs, u"C shape, e.g. 64x32"_qs, u"MxN"_qs);
    const QCommandLineOption warps(u"warps"_qs, u"warps per CTA"_qs, u"W"_qs);
    const QCommandLineOption instr(u"instr"_qs, u"WMMA instruction shape, e.g. 16x16x32"_qs,
                                   u"MxNxK"_qs);
    const QCommandLineOption dtype(u"dtype"_qs, u"operand element type"_qs, u"T"_qs);
    const QCommandLineOption arch(u"arch"_qs, u"architecture (default gfx1250)"_qs, u"A"_qs);
    const QCommandLineOption notTransposed(u"not-transposed"_qs,
                                           u"isTranspose = false (default true)"_qs);
    const QCommandLineOption limit(u"limit"_qs, u"print at most N candidates"_qs, u"N"_qs);
    const QCommandLineOption json(u"json"_qs, u"print JSON"_qs);
    parser.addOptions({shape, warps, instr, dtype, arch, notTransposed, limit, json});
    if (const auto rc =
            lx::app::parseOrExit(parser, args, u"layout-explorer suggest cta: "_qs, false))
        return *rc;
    for (const QCommandLineOption *o : {&shape, &warps, &instr, &dtype}) {
        if (!parser.isSet(*o))
            return fail("cta", ExitBadUsage, u"missing --%1"_qs.arg(o->names().front()));
    }
    auto dims = parseSizes(parser.value(shape), u'x');
    auto ins = parseSizes(parser.value(instr), u'x');
    bool ok = false;
    const int w = parser.value(warps).toInt(&ok);
    if (!dims || dims->size() != 2)
        return fail("cta", ExitBadUsage, u"--shape expects two sizes like 64x32"_qs);
    if (!ins || ins->size() != 3)
        return fail("cta", ExitBadUsage, u"--instr expects three sizes like 16x16x32"_qs);
    if (!ok || w <= 0)
        return fail("cta", ExitBadUsage, u"--warps expects a positive integer"_qs);
    int limitN = 0;
    if (parser.isSet(limit)) {
        limitN = parser.value(limit).toInt(&ok);
        if (!ok || limitN <= 0)
            return fail("cta", ExitBadUsage, u"--limit expects a positive integer"_qs);
    }
    auto bits = lx::dtypeBits(parser.value(dtype).toStdString());
    if (!bits)
        return fail("cta", ExitBadInput, u"--dtype: "_qs + qs(bits.message()));
    auto a = lx::loadArchitecture(parser.isSet(arch) ? parser.value(arch).toStdString()
                                                     : std::string("gfx1250"));
    if (!a)
        return fail("cta", ExitBadInput, qs(a.message()));
    auto cu = lx::cuModelOf(*a);
    if (!cu)
        return fail("cta", ExitBadInput, qs(cu.message()));
    lx::CtaSuggestRequest req;
    req.shape = {(*dims)[0], (*dims)[1]};
    req.warps = w;
    req.instrShape = {(*ins)[0], (*ins)[1], (*ins)[2]};
    req.isTransposed = !parser.isSet(notTransposed);
    req.elemBits = *bits;
    req.limit = limitN;
    QElapsedTimer timer;
    timer.start();
    auto r = lx::suggestCtaLayouts(req, *cu);
    const double ms = double(timer.nsecsElapsed()) / 1e6;
    if (!r)
        return fail("cta", ExitBadInput, qs(r.message()));
    if (parser.isSet(json)) {
        nlohmann::json j;
        j["candidates"] = nlohmann::json::array();
        for (const auto &c : r->candidates)
            j["candidates"].push_back({{"text", c.text},
                                       {"warpBases", c.warpBases},
                                       {"crossPairSharedA", c.crossPairSharedA},
                                       {"crossPairSharedB", c.crossPairSharedB},
                                       {"tdmInstructionsA", c.tdmInstructionsA},
                                       {"tdmInstructionsB", c.tdmInstructionsB},
                                       {"piecesA", c.piecesA},
                                       {"piecesB", c.piecesB},
                                       {"groupsA", c.groupsA},
                                       {"groupsB", c.groupsB},
                                       {"partitionConflicts", c.partitionConflicts}});
        j["enumerated"] = r->enumerated;
        j["rejected"] = r->rejected;
        j["searchMilliseconds"] = ms;
        const std::string text = j.dump(1) + "\n";
        std::fwrite(text.data(), 1, text.size(), stdout);
        return ExitOk;
    }
    QTextStream out(stdout);
    out << r->enumerated << " warp-basis choices, " << r->candidates.size() << " distinct, "
        << r->rejected << " rejected, " << QString::number(ms, 'f', 1) << " ms\n";
    for (const auto &c : r->candidates)
        out << "A " << (c.crossPairSharedA ? "shared" : "split ") << " B "
            << (c.crossPairSharedB ? "shared" : "split ") << "  TDM " << c.tdmInstructionsA << '+'
            << c.tdmInstructionsB << "  pieces " << c.piecesA << '+' << c.piecesB << "  conflicts "
            << c.partitionConflicts << "  " << qs(c.text) << '\n';
    return ExitOk;
}

int runSuggest(const QStringList &args)
{
    const QString sub = args.size() > 1 ? args[1] : QString();
    if (sub == u"shared")
        return runShared(args.mid(1));
    if (sub == u"cta")
        return runCta(args.mid(1));
    if (sub == u"--help" || sub == u"-h") {
        QTextStream(stdout) << "usage: layout-explorer suggest shared|cta [options] (--help for "
                               "each)\n";
        return ExitOk;
    }
    return fail("", ExitBadUsage, u"expected 'shared' or 'cta', got '%1'"_qs.arg(sub));
}

} // namespace

LX_REGISTER_COMMAND(suggest, "suggest",
                    "proposals: shared layouts for an access (Pareto front, Triton's pick) or "
                    "ctaLayouts for a WMMA tile",
                    runSuggest);
