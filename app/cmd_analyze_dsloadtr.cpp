// `layout-explorer analyze ds-load-tr`: does a local_load lower to a transposed LDS load, why or
// why not, what each lane reads, and what it costs otherwise (core/analysis/dsloadtr.h).
//
//   layout-explorer analyze ds-load-tr (--preset NAME | --shared TEXT --dst TEXT --shape MxN
//       --dtype f16|bf16|f8|i8|i4 --arch gfx1250|gfx950 | --packed-fp4 --shared TEXT --dst TEXT
//       --shape MxN --dst-shape MxN [--arch ...]) [--json] [--warp W]
//       [-o FIGURE.png|svg|pdf|tex [--view KIND]]
//
// Exit codes: 0 the analysis ran (eligible or not), 1 bad input (layout text, a shape that is not a
// power of two, a destination that is not a dot operand, an element type no transposed load
// moves, unknown arch, an unreadable preset), 2 bad usage.

#include "command.h"

#include "analysis/dsloadtr.h"
#include "io/layoutjson.h"
#include "io/scene.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "render/exporter.h"
#include "render/viewregistry.h"

#include <QCommandLineParser>
#include <QGuiApplication>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <bit>
#include <tuple>

using namespace Qt::StringLiterals;
using nlohmann::json;

namespace {

using lx::app::ExitBadInput;
using lx::app::ExitBadUsage;
using lx::app::ExitOk;

int fail(int code, const QString &message)
{
    QTextStream(stderr) << "layout-explorer analyze ds-load-tr: " << message << '\n';
    return code;
}

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

// What the analysis needs, from a preset or from the options.
struct Request
{
    std::string arch = "gfx1250";
    std::vector<lx::ResolvedLayout> layouts;
    std::string sharedName = "shared";
    std::string dstName = "dst";
    std::string dtype;
    json views = json::array();
    std::string title;
};

lx::Expected<lx::ResolvedLayout> buildLayout(const std::string &name, const std::string &text,
                                          const std::vector<int32_t> &shape,
                                          const std::string &dtype)
{
    lx::Expected<lx::LayoutAttrPtr> attr = lx::parseLayoutText(text);
    if (!attr)
        return lx::makeError(name + ": " + attr.message());
    // Judge the destination's kind before fitting it to the shape, so a shared layout given as
    // --dst is reported as such rather than by the builder.
    if (name == "dst")
        if (std::optional<std::string> problem = lx::dsLoadTrDestinationProblem(attr->get()))
            return lx::makeError(*problem);
    lx::Expected<lx::LinearLayout> l = lx::toLinearLayout(**attr, shape);
    if (!l)
        return lx::makeError(name + ": " + l.message());
    return lx::ResolvedLayout{name, std::move(*l), shape, dtype, *attr};
}

// A shape "MxN": every dim a power of two.
lx::Expected<std::vector<int32_t>> parseShape(const QString &text)
{
    std::vector<int32_t> shape;
    for (const QString &part : text.split(u'x')) {
        bool ok = false;
        const qlonglong v = part.toLongLong(&ok);
        if (!ok || v <= 0 || v > (qlonglong(1) << 30))
            return lx::makeError("shape '" + text.toStdString() + "': '" + part.toStdString() +
                                 "' is not a positive size");
        if (!std::has_single_bit(uint64_t(v)))
            return lx::makeError("shape '" + text.toStdString() + "': " + std::to_string(v) +
                                 " is not a power of two");
        shape.push_back(int32_t(v));
    }
    if (shape.size() != 2)
        return lx::makeError("shape '" + text.toStdString() + "' must be MxN (two dims)");
    return shape;
}

// A preset (core/io/scene.h): arch, the named layouts made concrete, the views. The first
// ds-load-tr* view names the source and destination (options "shared", "dst", "dtype");
// otherwise they are the layouts named "shared" and "dst".
lx::Expected<Request> loadPresetRequest(const std::string &name)
{
    lx::Expected<lx::Scene> scene = lx::loadPreset(name);
    if (!scene)
        return lx::makeError("preset '" + name + "': " + scene.message());
    Request r;
    if (!scene->arch.empty())
        r.arch = scene->arch;
    r.title = scene->title;
    for (const lx::SceneLayout &l : scene->layouts) {
        lx::Expected<lx::ResolvedLayout> rl = lx::resolveLayout(l);
        if (!rl)
            return lx::makeError("preset '" + name + "': " + rl.message());
        r.layouts.push_back({rl->name, std::move(rl->layout), rl->shape, rl->dtype, rl->attr});
    }
    for (const lx::SceneView &v : scene->views) {
        json jv = {{"kind", v.kind}, {"options", v.options}};
        r.views.push_back(jv);
    }
    for (const lx::SceneView &v : scene->views) {
        if (v.kind.rfind("ds-load-tr", 0) != 0)
            continue;
        r.sharedName = v.options.value("shared", r.sharedName);
        r.dstName = v.options.value("dst", r.dstName);
        r.dtype = v.options.value("dtype", r.dtype);
        break;
    }
    return r;
}

json planJson(const lx::DsLoadTrPlan &p, const std::string &dtype)
{
    json j;
    j["arch"] = p.instruction.arch;
    j["dtype"] = dtype;
    j["elementBits"] = p.instruction.elementBits;
    j["eligible"] = p.eligible;
    j["instruction"] = p.instruction.name;
    j["intrinsic"] = p.instruction.intrinsic;
    j["elementsPerInstruction"] = p.instruction.elementsPerInstruction();
    j["instructions"] = p.instructions;
    j["registers"] = p.registers;
    j["warps"] = p.warps;
    j["fallbackInstruction"] = p.fallback.instruction;
    j["fallbackInstructions"] = p.fallback.count;
    j["fallbackVectorElements"] = p.fallback.vectorElements;
    j["reason"] = p.reason.empty() ? json(nullptr) : json(p.reason);
    j["cvt"] = lx::layoutToJson(p.cvt);
    json lanes = json::array();
    if (p.eligible) {
        j["quotient"] = lx::layoutToJson(p.quotient);
        j["reps"] = lx::layoutToJson(p.reps);
        j["addrToOffset"] = lx::layoutToJson(p.addrToOffset);
        j["addrLayout"] = lx::layoutToJson(p.addrLayout);
        for (int w = 0; w < p.warps; ++w)
            for (int64_t i = 0; i < p.instructions; ++i) {
                json e;
                e["warp"] = w;
                e["instruction"] = i;
                e["offsets"] = p.laneOffsets[size_t(w)][size_t(i)];
                json bytes = json::array();
                for (int s = 0; s < p.instruction.warpSize; ++s)
                    bytes.push_back(p.byteAddress(w, i, s));
                e["bytes"] = bytes;
                if (p.partitioned)
                    e["partitions"] = p.lanePartitions[size_t(w)][size_t(i)];
                lanes.push_back(std::move(e));
            }
    }
    j["laneAddresses"] = lanes;
    return j;
}

void printText(QTextStream &out, const lx::DsLoadTrPlan &p, const std::string &dtype, int warp)
{
    out << "instruction  " << qs(p.instruction.name) << " (" << qs(p.instruction.intrinsic) << ", "
        << qs(p.instruction.arch) << ", " << qs(dtype) << ", " << p.instruction.tileSize()
        << " contiguous elements per lane)\n";
    out << "registers    " << p.registers << " per thread, " << p.warps << " warp(s)\n";
    out << "cvt          " << qs(p.cvt.toString()).trimmed().replace(u'\n', u"\n             "_s)
        << '\n';
    if (p.eligible) {
        out << "eligible     yes: " << p.instructions << " x " << qs(p.instruction.name)
            << " per thread\n";
    } else {
        out << "eligible     no: " << qs(p.reason) << '\n';
    }
    out << "fallback     " << p.fallback.count << " x " << qs(p.fallback.instruction) << " ("
        << p.fallback.vectorElements << " element(s) per load)\n";
    if (!p.eligible)
        return;
    out << "addrLayout   "
        << qs(p.addrLayout.toString()).trimmed().replace(u'\n', u"\n             "_s) << '\n';
    out << "LDS element offsets read by each source lane, warp " << warp << ":\n";
    for (int64_t i = 0; i < p.instructions; ++i) {
        out << "  instr " << QString::number(i).rightJustified(3) << ":";
        for (int32_t o : p.laneOffsets[size_t(warp)][size_t(i)])
            out << ' ' << o;
        out << '\n';
    }
}

int runDsLoadTr(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Whether a local_load lowers to ds_load_tr / ds_read_b64_tr_*, why or why not, the LDS "
        "address of every lane, and the fallback."_s);
    parser.addHelpOption();
    const QCommandLineOption presetOpt(u"preset"_s, u"A preset (resources/presets)."_s, u"NAME"_s);
    const QCommandLineOption sharedOpt(u"shared"_s, u"Source shared layout (#ttg text or Gluon)."_s,
                                       u"TEXT"_s);
    const QCommandLineOption dstOpt(
        u"dst"_s, u"Destination layout (a dot operand or #ttg.linear)."_s, u"TEXT"_s);
    const QCommandLineOption shapeOpt(u"shape"_s, u"Tensor shape MxN (powers of two)."_s, u"MxN"_s);
    const QCommandLineOption packedOpt(
        u"packed-fp4"_s,
        u"amdg.local_load_packed_transposed: i8 layouts holding fp4 pairs; --shape is the source's "
        "i8 shape and --dst-shape the destination's."_s);
    const QCommandLineOption dstShapeOpt(u"dst-shape"_s, u"Destination i8 shape (--packed-fp4)."_s,
                                         u"MxN"_s);
    const QCommandLineOption dtypeOpt(u"dtype"_s, u"Element type: f16, bf16, f8, i8, i4."_s,
                                      u"T"_s);
    const QCommandLineOption archOpt(u"arch"_s, u"gfx1250 (default) or gfx950."_s, u"ARCH"_s);
    const QCommandLineOption jsonOpt(u"json"_s, u"JSON report on stdout."_s);
    const QCommandLineOption warpOpt(u"warp"_s,
                                     u"The warp whose addresses the text report lists."_s, u"W"_s);
    const QCommandLineOption outOpt({u"o"_s, u"output"_s},
                                    u"Also write a figure (.png, .svg, .pdf, .tex)."_s, u"FILE"_s);
    const QCommandLineOption viewOpt(u"view"_s,
                                     u"The figure's view kind (default: the preset's first view, "
                                     "else ds-load-tr-panels)."_s,
                                     u"KIND"_s);
    parser.addOptions({presetOpt, sharedOpt, dstOpt, shapeOpt, packedOpt, dstShapeOpt, dtypeOpt,
                       archOpt, jsonOpt, warpOpt, outOpt, viewOpt});
    if (const auto rc = lx::app::parseOrExit(
            parser, args, QStringLiteral("layout-explorer analyze ds-load-tr: "), false))
        return *rc;

    Request req;
    if (parser.isSet(presetOpt)) {
        for (const QCommandLineOption *o : {&sharedOpt, &dstOpt, &shapeOpt})
            if (parser.isSet(*o))
                return fail(ExitBadUsage,
                            u"--preset and --%1 exclude each other"_s.arg(o->names().first()));
        lx::Expected<Request> r = loadPresetRequest(parser.value(presetOpt).toStdString());
        if (!r)
            return fail(ExitBadInput, qs(r.message()));
        req = std::move(*r);
        if (parser.isSet(dtypeOpt))
            req.dtype = parser.value(dtypeOpt).toStdString();
        if (parser.isSet(archOpt))
            req.arch = parser.value(archOpt).toStdString();
    } else if (parser.isSet(packedOpt)) {
        for (const QCommandLineOption *o : {&sharedOpt, &dstOpt, &shapeOpt, &dstShapeOpt})
            if (!parser.isSet(*o))
                return fail(ExitBadUsage, u"--packed-fp4 needs --%1"_s.arg(o->names().first()));
        req.dtype = "i4";
        req.arch = parser.isSet(archOpt) ? parser.value(archOpt).toStdString() : "gfx1250";
        for (const auto &[name, opt, shapeOption] : {std::tuple{"shared", &sharedOpt, &shapeOpt},
                                                     std::tuple{"dst", &dstOpt, &dstShapeOpt}}) {
            lx::Expected<std::vector<int32_t>> shape = parseShape(parser.value(*shapeOption));
            if (!shape)
                return fail(ExitBadInput, qs(shape.message()));
            lx::Expected<lx::ResolvedLayout> l =
                buildLayout(name, parser.value(*opt).toStdString(), *shape, "i8");
            if (!l)
                return fail(ExitBadInput, qs(l.message()));
            req.layouts.push_back(std::move(*l));
        }
    } else {
        for (const QCommandLineOption *o : {&sharedOpt, &dstOpt, &shapeOpt, &dtypeOpt})
            if (!parser.isSet(*o))
                return fail(ExitBadUsage,
                            u"missing --%1 (or give --preset NAME)"_s.arg(o->names().first()));
        req.dtype = parser.value(dtypeOpt).toStdString();
        if (!lx::dtypeBits(req.dtype))
            return fail(ExitBadUsage, u"unknown --dtype '%1' (f16, bf16, f8, i8, i4)"_s.arg(
                                          parser.value(dtypeOpt)));
        req.arch = parser.isSet(archOpt) ? parser.value(archOpt).toStdString() : "gfx1250";
        lx::Expected<std::vector<int32_t>> shape = parseShape(parser.value(shapeOpt));
        if (!shape)
            return fail(ExitBadInput, qs(shape.message()));
        for (const auto &[name, opt] :
             {std::pair{"shared", &sharedOpt}, std::pair{"dst", &dstOpt}}) {
            lx::Expected<lx::ResolvedLayout> l =
                buildLayout(name, parser.value(*opt).toStdString(), *shape, req.dtype);
            if (!l)
                return fail(ExitBadInput, qs(l.message()));
            req.layouts.push_back(std::move(*l));
        }
    }
    int warp = 0;
    if (parser.isSet(warpOpt)) {
        bool ok = false;
        warp = parser.value(warpOpt).toInt(&ok);
        if (!ok || warp < 0)
            return fail(ExitBadUsage, u"--warp must be a warp index"_s);
    }

    const lx::ResolvedLayout *shared = nullptr, *dst = nullptr;
    for (const lx::ResolvedLayout &l : req.layouts) {
        if (l.name == req.sharedName)
            shared = &l;
        if (l.name == req.dstName)
            dst = &l;
    }
    if (!shared || !dst)
        return fail(ExitBadInput,
                    u"no layouts named '%1' and '%2'"_s.arg(qs(req.sharedName), qs(req.dstName)));
    if (req.dtype.empty())
        req.dtype = !dst->dtype.empty() ? dst->dtype : shared->dtype;
    const lx::Expected<int> bits = lx::dtypeBits(req.dtype);
    if (!bits)
        return fail(ExitBadInput, u"unknown element type '%1'"_s.arg(qs(req.dtype)));
    if (std::optional<std::string> problem = lx::dsLoadTrDestinationProblem(dst->attr.get()))
        return fail(ExitBadInput, qs(*problem));
    const lx::DsLoadTrOptions analysisOptions = lx::dsLoadTrOptionsFor(shared->attr.get());
    lx::Expected<lx::DsLoadTrPlan> plan =
        parser.isSet(packedOpt)
            ? lx::analyzePackedFp4DsLoadTr(shared->layout, dst->layout, req.arch, analysisOptions)
            : lx::analyzeDsLoadTr(shared->layout, dst->layout, *bits, req.arch, analysisOptions);
    if (!plan)
        return fail(ExitBadInput, qs(plan.message()));
    if (plan->eligible && warp >= plan->warps)
        return fail(ExitBadUsage,
                    u"--warp %1: the layout has %2 warp(s)"_s.arg(warp).arg(plan->warps));

    if (parser.isSet(outOpt)) {
        const QString path = parser.value(outOpt);
        const std::optional<lx::ExportFormat> format = lx::exportFormatForPath(path);
        if (!format)
            return fail(
                ExitBadUsage,
                u"cannot tell the format of '%1': use .svg, .pdf, .png or .tex"_s.arg(path));
        lx::ViewRequest view;
        view.arch = req.arch;
        view.layouts = req.layouts;
        view.kind = "ds-load-tr-panels";
        view.options = {{"shared", req.sharedName}, {"dst", req.dstName}, {"dtype", req.dtype}};
        if (!req.views.empty() && req.views.at(0).is_object()) {
            view.kind = req.views.at(0).value("kind", view.kind);
            view.options = req.views.at(0).value("options", view.options);
        }
        if (parser.isSet(viewOpt)) {
            const std::string kind = parser.value(viewOpt).toStdString();
            for (const json &v : req.views)
                if (v.is_object() && v.value("kind", std::string()) == kind)
                    view.options = v.value("options", view.options);
            view.kind = kind;
        }
        if (!lx::findViewKind(view.kind))
            return fail(ExitBadUsage, qs(lx::buildView(view).message()));
        // Fonts and painting need a QGuiApplication; main() chose the offscreen platform.
        static int argc = 1;
        static char name[] = "layout-explorer";
        static char *argv[] = {name, nullptr};
        QGuiApplication app(argc, argv);
        lx::Expected<lx::Diagram> diagram = lx::buildView(view);
        if (!diagram)
            return fail(ExitBadInput, qs(diagram.message()));
        const QString error = lx::exportDiagram(*diagram, lx::RenderOptions{}, path, *format);
        if (!error.isEmpty())
            return fail(ExitBadInput, error);
    }

    QTextStream out(stdout);
    if (parser.isSet(jsonOpt))
        out << qs(planJson(*plan, req.dtype).dump(1)) << '\n';
    else
        printText(out, *plan, req.dtype, warp);
    return ExitOk;
}

} // namespace

LX_REGISTER_ANALYSIS(dsloadtr, "ds-load-tr",
                     "whether a local_load becomes ds_load_tr, why (not), lane addresses, fallback",
                     runDsLoadTr);
