#include "request/kernelpressure.h"

#include "layout/builders.h"
#include "request/dscounter.h"
#include "request/shape.h"

#include <nlohmann/json.hpp>

namespace lx {

const char *const kTensorRegistersNote =
    "Elements one thread holds under the op's result layout (register bases, replicas "
    "included) x element bits / 32. What the layout asks for if the tensor is held at "
    "once; the compiler may hold part of it at a time and holds other tensors beside "
    "it, so it bounds neither its VGPRs nor its spills (compare compiler:vgprs and "
    "compiler:vgprSpills where the assembly is there)";

std::optional<TensorRegisters> tensorRegisters(const KernelOpReport &op, int opIndex)
{
    // A store has no result: the tensor it writes is another op's.
    const bool store = op.op.size() >= 5 && op.op.compare(op.op.size() - 5, 5, "store") == 0;
    if (store || !op.dstAttr || op.elementBits <= 0 || op.shape.empty())
        return std::nullopt;
    const Expected<std::vector<int32_t>> shape = parseShape(op.shape);
    if (!shape)
        return std::nullopt;
    const Expected<LinearLayout> l = toLinearLayout(*op.dstAttr, *shape);
    if (!l || !l->hasInDim("register") || l->hasInDim("offset"))
        return std::nullopt;
    TensorRegisters t;
    t.opIndex = opIndex;
    t.elements = l->inDimSize("register");
    t.vgprs = (t.elements * op.elementBits + 31) / 32;
    return t;
}

namespace {

// The op whose result tensor asks for the most VGPRs per thread (the first of equals).
std::optional<TensorRegisters> largestTensor(const KernelReport &report)
{
    std::optional<TensorRegisters> largest;
    for (size_t i = 0; i < report.ops.size(); ++i)
        if (auto t = tensorRegisters(report.ops[i], int(i));
            t && (!largest || t->vgprs > largest->vgprs))
            largest = t;
    return largest;
}

} // namespace

std::vector<Figure> kernelPressureFigures(const KernelReport &report)
{
    std::vector<Figure> f;
    const std::optional<TensorRegisters> largest = largestTensor(report);
    if (largest) {
        const KernelOpReport &op = report.ops[size_t(largest->opIndex)];
        f.push_back(
            Figure{"registersLargestTensor", "Largest tensor per thread (model, not an allocator)",
                   "line " + std::to_string(op.line) + " (" + op.name + ", " + op.shape + " " +
                       op.dtype + " " + op.dst + "): " + std::to_string(largest->elements) +
                       " elements = " + std::to_string(largest->vgprs) + " VGPRs",
                   double(largest->vgprs), "", FigureSource::Model, kTensorRegistersNote});
    }
    if (!report.dsCounterLimit)
        return f;
    for (Figure &g : dsCounterLimitFigures(report.dsCounterLimit))
        f.push_back(std::move(g));
    const KernelOpReport *most = nullptr;
    for (const KernelOpReport &op : report.ops)
        if (!op.instruction.empty() && op.count > 0 && (!most || op.count > most->count))
            most = &op;
    if (most)
        if (auto g = dsCounterFigure(
                report.dsCounterLimit, most->count,
                "line " + std::to_string(most->line) + " (" + most->instruction + ")", "Worst"))
            f.push_back(std::move(*g));
    return f;
}

nlohmann::json opRegistersJson(const KernelOpReport &op)
{
    const std::optional<TensorRegisters> t = tensorRegisters(op, 0);
    if (!t)
        return nullptr;
    return {{"elements", t->elements},
            {"vgprs", t->vgprs},
            {"elementBits", op.elementBits},
            {"layout", op.dst},
            {"provenance", figureSourceName(FigureSource::Model)}};
}

std::optional<Figure> registersBesideCompilerFigure(const KernelReport &report,
                                                    std::optional<int64_t> compilerVgprs,
                                                    std::optional<int64_t> compilerSpills)
{
    if (!compilerVgprs)
        return std::nullopt;
    const std::optional<TensorRegisters> largest = largestTensor(report);
    if (!largest)
        return std::nullopt;
    const KernelOpReport &op = report.ops[size_t(largest->opIndex)];
    std::string text = std::to_string(largest->vgprs) + " of the compiler's " +
                       std::to_string(*compilerVgprs) + " VGPRs (line " + std::to_string(op.line) +
                       ")";
    if (compilerSpills && *compilerSpills > 0)
        text += ", " + std::to_string(*compilerSpills) + " spilled";
    return Figure{"registersBesideCompiler",
                  "Largest tensor beside the compiler's VGPRs (model against compiler)",
                  text,
                  *compilerVgprs > 0
                      ? std::optional<double>(double(largest->vgprs) / double(*compilerVgprs))
                      : std::nullopt,
                  "",
                  FigureSource::Model,
                  "The value is the share of the allocated VGPRs the largest tensor's layout asks "
                  "for; the VGPRs and spills are read from the assembly. " +
                      std::string(kTensorRegistersNote)};
}

Expected<std::vector<Figure>> measuredRegisterFigures(const ViewRequest &request)
{
    if (!request.hasOption("measured", OptionUse::Object))
        return std::vector<Figure>{};
    const nlohmann::json &m = request.options.at("measured");
    if (!m.is_object() || !m.contains("source") || !m.at("source").is_string())
        return makeError("view '" + request.kind +
                         "': option 'measured' must be an object with a \"source\" text");
    const std::string source = m.at("source").get<std::string>();
    struct Quote
    {
        const char *field, *key, *label;
    };
    std::vector<Figure> out;
    for (Quote q : {Quote{"vgprsTransposed", "vgprsMeasuredTransposed",
                          "VGPRs of the kernel with the transposed load (measured)"},
                    Quote{"vgprsFallback", "vgprsMeasuredFallback",
                          "VGPRs of the kernel without it (measured)"},
                    Quote{"spillsFallback", "spillsMeasuredFallback",
                          "VGPRs spilled without it (measured)"}}) {
        if (!m.contains(q.field))
            continue;
        const nlohmann::json &v = m.at(q.field);
        if (!v.is_number_integer() || v.get<int64_t>() < 0 || v.get<int64_t>() > (1 << 20))
            return makeError("view '" + request.kind + "': measured." + q.field +
                             " must be a whole number of registers");
        out.push_back(Figure{q.key, q.label, std::to_string(v.get<int64_t>()),
                             double(v.get<int64_t>()), "", FigureSource::Measured,
                             "As the source reported it (the whole kernel's allocation), "
                             "quoted: " +
                                 source});
    }
    return out;
}

} // namespace lx
