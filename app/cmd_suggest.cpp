// `layout-explorer suggest`: the design assistant's searches, headless.
//
//   suggest shared (--preset NAME | --scene FILE) [--view N] [--arch A] [--dtype T]
//                  [--explain] [--limit N] [--max-lds BYTES] [--json]
//   suggest shared --reg TEXT --shape MxN [--dtype T] [--arch A] [--write-layout TEXT]
//                  [--order I,J] [--limit N] [--max-lds BYTES] [--json]
//
// A scene's access is resolved by the request layer (request/suggestaccess.h) from its bank view:
// the view's dtype, instruction, warp and layouts, so the search scores what the view shows.
//   suggest cta --shape MxN --warps W --instr MxNxK --dtype T [--arch A] [--limit N] [--json]
//   suggest op FILE.ttgir|- --line N [--arch A] [--json]
//     the Kernel dock's "Suggest for this op" (request/kernelsuggest.h): the shared layout for
//     the op's buffer, judged on every op of the module that uses it.

#include "cliargs.h"
#include "command.h"

#include "output.h"

#include "analysis/suggestcta.h"
#include "base/boundedread.h"
#include "hw/arch.h"
#include "hw/dtype.h"
#include "request/commandjson.h"
#include "request/figures.h"
#include "request/kernelsuggest.h"
#include "request/reportjson.h"
#include "request/scenerequests.h"
#include "request/sourcechecks.h"
#include "request/suggestaccess.h"

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
    // "layout-explorer suggest shared: ...", or "layout-explorer suggest: ..." before a kind.
    const QString prog = *sub ? u"layout-explorer suggest %1: "_qs.arg(QLatin1String(sub))
                              : u"layout-explorer suggest: "_qs;
    return lx::app::fail(prog, code, message);
}

// " [extrapolated]" after cycles read off a low-confidence phase table, as the bank view marks
// the same cycles; nothing after computed ones.
QString candidateCyclesMark(const lx::Provenance &p)
{
    const lx::FigureSource s = lx::figureSourceOf(p, lx::FigureSource::Computed);
    return s == lx::FigureSource::Computed
               ? QString()
               : u" ["_qs + QLatin1String(lx::figureSourceName(s)) + u']';
}

void printCandidate(QTextStream &out, const lx::SharedCandidate &c, const QString &mark)
{
    out << mark << ' ' << qs(c.family).leftJustified(11) << " read " << c.readWays << "-way "
        << c.readCycles << " cyc" << candidateCyclesMark(c.readCyclesProvenance);
    if (c.writeWays > 0)
        out << ", write " << c.writeWays << "-way " << c.writeCycles << " cyc"
            << candidateCyclesMark(c.writeCyclesProvenance);
    out << ", " << c.vectorBits << "-bit, " << c.ldsBytes << " B";
    if (c.dsLoadTr)
        out << ", ds_load_tr";
    else if (!c.dsLoadTrError.empty())
        out << ", ds_load_tr: analysis failed (" << qs(c.dsLoadTrError) << ")";
    if (c.partitionConflicts)
        out << ", " << c.partitionConflicts << " partition-conflict loads";
    if (!c.readInstruction.empty())
        out << ", read " << qs(c.readInstruction);
    if (!c.writeInstruction.empty())
        out << ", write " << qs(c.writeInstruction);
    out << "\n      " << qs(c.text) << '\n';
    if (!c.note.empty())
        out << "      (" << qs(c.note) << ")\n";
}

int printResult(const lx::SceneAccess &a, const lx::SuggestSharedResult &r, double ms, bool json)
{
    const std::string &access = a.description;
    if (json)
        return lx::app::writeJson(lx::suggestSharedJson(a, r, ms), u"layout-explorer suggest: "_qs);
    lx::app::OutStream out;
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

int printExplanation(const lx::SceneAccess &access, bool json)
{
    auto e = lx::explainAccess(access);
    if (!e)
        return fail("shared", ExitBadInput, u"--explain: "_qs + qs(e.message()));
    if (json)
        return lx::app::writeJson(lx::explanationJson(*e, access.description),
                                  u"layout-explorer suggest shared: "_qs);
    return lx::app::writeStdout("access: " + access.description + "\n" +
                                    lx::figuresText(lx::explainFigures(*e)),
                                u"layout-explorer suggest shared: "_qs);
}

struct SharedOptions
{
    QCommandLineOption preset{u"preset"_qs, u"a preset whose access to search"_qs, u"NAME"_qs};
    QCommandLineOption scene{u"scene"_qs, u"a scene file whose access to search"_qs, u"FILE"_qs};
    QCommandLineOption view{u"view"_qs,
                            u"which view of the scene (0-based; default: the first "
                            u"with an access)"_qs,
                            u"N"_qs};
    QCommandLineOption reg{u"reg"_qs, u"the layout that reads the tile (#ttg or Gluon)"_qs,
                           u"TEXT"_qs};
    QCommandLineOption write{
        u"write-layout"_qs, u"the layout that writes the tile (global-load layout)"_qs, u"TEXT"_qs};
    QCommandLineOption shape{u"shape"_qs, u"tile shape, e.g. 128x64"_qs, u"MxN"_qs};
    QCommandLineOption dtype{u"dtype"_qs, u"element type (f16, bf16, f32, f8, ...)"_qs, u"T"_qs};
    QCommandLineOption arch{
        u"arch"_qs, lx::app::archHelp(u"architecture name or description file"_qs), u"A"_qs};
    QCommandLineOption order{u"order"_qs, u"global order for Triton's pick, e.g. 1,0"_qs,
                             u"I,J"_qs};
    QCommandLineOption limit{u"limit"_qs, u"print at most N candidates"_qs, u"N"_qs};
    QCommandLineOption maxLds{u"max-lds"_qs, u"prune candidates above BYTES"_qs, u"BYTES"_qs};
    QCommandLineOption explain{u"explain"_qs,
                               u"explain the worst conflict of the access under the scene's "
                               u"shared layout instead of searching"_qs};
    QCommandLineOption json{u"json"_qs, u"print JSON"_qs};
    QCommandLineOption tdm{u"tdm"_qs, u"the Tensor Data Mover writes the buffer: only the layouts "
                                      u"it can write (padded, swizzled with maxPhase 1, "
                                      u"partitioned of those)"_qs};
};

// The access of --preset/--scene (with --view, --arch and --dtype applied) or of --reg.
lx::Expected<lx::SceneAccess> sharedAccessArg(const QCommandLineParser &parser,
                                              const SharedOptions &o,
                                              const std::vector<int32_t> &dims)
{
    if (!parser.isSet(o.reg)) {
        lx::SceneAccessOptions options;
        lx::Expected<lx::Scene> scene =
            lx::app::sceneArg(parser, o.preset, &o.scene, &options.what);
        if (!scene)
            return scene.error();
        const std::optional<int> view = lx::app::nonNegativeIntArg(parser, o.view);
        if (view && *view < 0)
            return lx::makeError("--view expects a non-negative integer");
        if (parser.isSet(o.arch))
            options.arch = parser.value(o.arch).toStdString();
        if (parser.isSet(o.dtype))
            options.dtype = parser.value(o.dtype).toStdString();
        options.tdm = parser.isSet(o.tdm);
        options.view = view;
        return lx::sceneAccessOf(std::move(*scene), options);
    }
    lx::ViewRequest req;
    req.kind = "suggest";
    req.arch = lx::app::archArg(parser, o.arch);
    if (parser.isSet(o.dtype))
        req.dtype = parser.value(o.dtype).toStdString();
    for (const auto &[name, option] : {std::pair{"reg", &o.reg}, std::pair{"write", &o.write}}) {
        if (!parser.isSet(*option))
            continue;
        auto l = lx::app::textLayoutArg(name, parser.value(*option).toStdString(), dims, {});
        if (!l)
            return lx::makeError("--" + option->names().front().toStdString() + ": " + l.message());
        req.layouts.push_back(std::move(*l));
    }
    req.options["reg"] = "reg";
    if (parser.isSet(o.write))
        req.options["write"] = "write";
    if (parser.isSet(o.tdm))
        req.options["tdm"] = true;
    if (parser.isSet(o.order)) {
        const auto order = lx::parseSuggestOrder(parser.value(o.order).toStdString());
        if (!order)
            return order.error();
        req.options["order"] = *order;
    }
    return lx::readerAccess(req);
}

int runShared(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Search shared layouts for an access: swizzled, padded, partitioned (gfx1250) and XOR "
        "layouts scored by bank conflicts, vector width, ds_load_tr, LDS bytes and partition "
        "conflicts; prints the Pareto front and Triton's pick. The access of a scene is its bank "
        "view's, with the view's dtype, instruction, warp and layouts."));
    parser.addHelpOption();
    const SharedOptions o;
    parser.addOptions({o.tdm, o.preset, o.scene, o.view, o.reg, o.write, o.shape, o.dtype, o.arch,
                       o.order, o.limit, o.maxLds, o.explain, o.json});
    if (const auto rc =
            lx::app::parseOrExit(parser, args, u"layout-explorer suggest shared: "_qs, false))
        return *rc;
    int limitN = 0;
    int64_t maxBytes = 0;
    if (parser.isSet(o.limit)) {
        bool ok = false;
        limitN = parser.value(o.limit).toInt(&ok);
        if (!ok || limitN <= 0)
            return fail("shared", ExitBadUsage, u"--limit expects a positive integer"_qs);
    }
    if (parser.isSet(o.maxLds)) {
        bool ok = false;
        maxBytes = parser.value(o.maxLds).toLongLong(&ok);
        if (!ok || maxBytes <= 0)
            return fail("shared", ExitBadUsage, u"--max-lds expects a positive byte count"_qs);
    }
    // The sources, then the shape; --explain with --reg is refused after the shape is read.
    const std::string sources =
        lx::suggestSharedSourcesProblem(parser.isSet(o.preset), parser.isSet(o.scene),
                                        parser.isSet(o.reg), parser.isSet(o.shape), false);
    if (!sources.empty())
        return fail("shared", ExitBadUsage, qs(sources));
    std::vector<int32_t> dims;
    if (parser.isSet(o.reg)) {
        lx::ShapeRules rank2;
        rank2.rank = 2;
        auto shape = lx::app::shapeArg(u"shape"_qs, parser.value(o.shape), rank2);
        if (!shape)
            return fail("shared", ExitBadUsage, qs(shape.message()));
        dims = *shape;
    }
    if (const std::string explain = lx::suggestSharedSourcesProblem(
            parser.isSet(o.preset), parser.isSet(o.scene), parser.isSet(o.reg),
            parser.isSet(o.shape), parser.isSet(o.explain));
        !explain.empty())
        return fail("shared", ExitBadUsage, qs(explain));
    auto access = sharedAccessArg(parser, o, dims);
    if (!access)
        return fail("shared", ExitBadInput, qs(access.message()));
    if (parser.isSet(o.explain))
        return printExplanation(*access, parser.isSet(o.json));
    QElapsedTimer timer;
    timer.start();
    auto r = lx::searchAccess(*access, limitN, maxBytes);
    const double ms = double(timer.nsecsElapsed()) / 1e6;
    if (!r)
        return fail("shared", ExitBadInput, qs(r.message()));
    return printResult(*access, *r, ms, parser.isSet(o.json));
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
    const QCommandLineOption arch(u"arch"_qs, lx::app::archHelp(u"architecture"_qs), u"A"_qs);
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
    lx::ShapeRules rank2, rank3;
    rank2.rank = 2;
    rank3.rank = 3;
    auto dims = lx::app::shapeArg(u"shape"_qs, parser.value(shape), rank2);
    auto ins = lx::app::shapeArg(u"instr"_qs, parser.value(instr), rank3);
    bool ok = false;
    const int w = parser.value(warps).toInt(&ok);
    if (!dims)
        return fail("cta", ExitBadUsage, qs(dims.message()));
    if (!ins)
        return fail("cta", ExitBadUsage, qs(ins.message()));
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
    auto a = lx::loadArchitecture(lx::app::archArg(parser, arch));
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
    if (parser.isSet(json))
        return lx::app::writeJson(lx::ctaSuggestionJson(*r, ms), u"layout-explorer suggest: "_qs);
    lx::app::OutStream out;
    out << r->enumerated << " warp-basis choices, " << r->candidates.size() << " distinct, "
        << r->rejected << " rejected, " << QString::number(ms, 'f', 1) << " ms\n";
    if (!r->firstRejection.empty())
        out << "rejected, the first because: " << qs(r->firstRejection) << '\n';
    for (const auto &c : r->candidates)
        out << "A " << (c.crossPairSharedA ? "shared" : "split ") << " B "
            << (c.crossPairSharedB ? "shared" : "split ") << "  TDM " << c.tdmInstructionsA << '+'
            << c.tdmInstructionsB << "  pieces " << c.piecesA << '+' << c.piecesB << "  conflicts "
            << c.partitionConflicts << "  " << qs(c.text) << '\n';
    return ExitOk;
}

int printOpSuggestion(const lx::KernelSuggestion &s, bool json)
{
    if (json)
        return lx::app::writeJson(lx::kernelSuggestionJson(s), u"layout-explorer suggest op: "_qs);
    lx::app::OutStream out;
    if (s.improves)
        out << "line " << s.line << ": " << qs(s.encoding) << " judged on " << s.before.size()
            << " ops, " << s.analysed << " layouts analysed in the module\n"
            << qs(s.ttgLine) << "\n"
            << qs(s.gluon) << "\n";
    else
        out << "line " << s.line << ": keep " << qs(s.encoding) << ": " << qs(s.reason)
            << "\nbest other: " << qs(s.ttgLine) << "\n";
    for (size_t i = 0; i < s.before.size(); ++i)
        out << "  line " << s.before[i].line << ' ' << qs(s.before[i].op) << ": "
            << qs(lx::kernelAccessText(s.before[i])) << " -> "
            << qs(lx::kernelAccessText(s.after.at(i))) << '\n';
    return ExitOk;
}

int runOp(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "The shared layout for one op's buffer in a TTGIR module (FILE, or - for stdin), judged "
        "on every op of the module that uses it: the alias line to put back, in #ttg and Gluon, "
        "with each of those ops before and after (the Kernel dock's Suggest for this op)."));
    parser.addHelpOption();
    parser.addPositionalArgument(u"FILE"_qs, u"a TTGIR module, or - for standard input"_qs);
    const QCommandLineOption line(u"line"_qs, u"the op's line in the module"_qs, u"N"_qs);
    const QCommandLineOption arch(u"arch"_qs, lx::app::archHelp(u"architecture"_qs), u"A"_qs);
    const QCommandLineOption json(u"json"_qs, u"print JSON"_qs);
    parser.addOptions({line, arch, json});
    if (const auto rc = lx::app::parseOrExit(parser, args, u"layout-explorer suggest op: "_qs))
        return *rc;
    if (parser.positionalArguments().size() != 1)
        return fail("op", ExitBadUsage, u"expected one module file (or -)"_qs);
    bool ok = false;
    const int n = parser.value(line).toInt(&ok);
    if (!parser.isSet(line) || !ok || n <= 0)
        return fail("op", ExitBadUsage, u"--line expects the op's line, a positive integer"_qs);
    const std::string path = parser.positionalArguments().front().toStdString();
    lx::Expected<std::string> text =
        lx::readBounded(path, int64_t(lx::kMaxTtgirBytes), "a TTGIR module");
    if (!text)
        return fail("op", ExitBadInput, qs(text.message()));
    lx::Expected<lx::TtgirModule> module = lx::parseTtgir(*text);
    if (!module)
        return fail("op", ExitBadInput, qs(path + ":" + module.message()));
    lx::KernelSuggestOptions options;
    options.arch = parser.value(arch).toStdString();
    lx::Expected<lx::KernelSuggestion> s = lx::suggestForKernelOp(*module, n, options);
    if (!s)
        return fail("op", ExitBadInput, qs(path + ": " + s.message()));
    return printOpSuggestion(*s, parser.isSet(json));
}

int runSuggest(const QStringList &args)
{
    const QString sub = args.size() > 1 ? args[1] : QString();
    if (sub == u"shared")
        return runShared(args.mid(1));
    if (sub == u"cta")
        return runCta(args.mid(1));
    if (sub == u"op")
        return runOp(args.mid(1));
    if (sub == u"--help" || sub == u"-h") {
        lx::app::OutStream()
            << "Usage: layout-explorer suggest shared|cta|op [options] (--help for "
               "each)\n";
        return ExitOk;
    }
    return fail("", ExitBadUsage, u"expected 'shared', 'cta' or 'op', got '%1'"_qs.arg(sub));
}

} // namespace

LX_REGISTER_COMMAND(suggest, "suggest",
                    "proposals: shared layouts for an access (Pareto front, Triton's pick), "
                    "ctaLayouts for a WMMA tile, or the shared layout for a kernel op's buffer",
                    runSuggest);
