#include "request/nvidiainputs.h"
#include "base/intmath.h"

#include "analysis/kernelnvidia.h"
#include "hw/dtype.h"

#include <algorithm>

namespace lx {

namespace {

// The layout option `key`; without it the first layout called one of `names`, else the first
// layout that is (or is not) a shared one; null when there is none.
Expected<const ResolvedLayout *> pickLayout(const ViewRequest &r, const std::string &key,
                                            std::initializer_list<const char *> names, bool shared)
{
    if (r.hasOption(key, OptionUse::Layout))
        return r.layoutOption(key);
    for (const char *n : names)
        if (const ResolvedLayout *l = r.find(n))
            return l;
    if (const ResolvedLayout *p = r.primary(); p && isShared(*p) == shared)
        return p;
    for (const ResolvedLayout &l : r.layouts)
        if (isShared(l) == shared)
            return &l;
    return nullptr;
}

Figure nvFigure(std::string key, std::string label, std::string text,
                std::optional<double> value = std::nullopt, std::string note = {},
                FigureSource source = FigureSource::Computed)
{
    return Figure{std::move(key), std::move(label), std::move(text), value, {},
                  source,         std::move(note)};
}

Expected<NvMatrixInput> resolveNvMatrixUnguarded(const ViewRequest &r)
{
    auto shared = pickLayout(r, "shared", {"shared", "S"}, true);
    if (!shared)
        return shared.error();
    auto reg = pickLayout(r, "reg", {"reg", "R", "dst", "D"}, false);
    if (!reg)
        return reg.error();
    if (!*shared || !*reg)
        return makeError("view '" + r.kind +
                         "' needs a register and a shared layout (options 'reg', 'shared')");
    Expected<bool> write = r.boolOption("write", false);
    if (!write)
        return write.error();
    NvMatrixInput in;
    in.shared = *shared;
    in.reg = *reg;
    in.write = *write;
    Expected<std::string> dtype = r.elementType({in.reg, in.shared}, &in.dtypeDefaulted);
    if (!dtype)
        return dtype.error();
    in.dtype = *dtype;
    const Expected<int> bits = dtypeBits(in.dtype);
    if (!bits)
        return makeError("view '" + r.kind + "': " + bits.message());
    in.elementBits = std::max(8, *bits);
    Expected<Architecture> arch = loadArchitecture(r.arch);
    if (!arch)
        return makeError("view '" + r.kind + "': " + arch.message());
    in.arch = std::move(*arch);
    if (in.arch.vendor != "nvidia")
        return makeError("view '" + r.kind + "' shows NVIDIA shared-memory instructions; " +
                         in.arch.name + " is not an NVIDIA architecture (sm80, sm90, sm100 are)");
    Expected<LinearLayout> cvt = nvidiaLocalCvt(in.reg->layout, in.shared->layout);
    if (!cvt)
        return makeError("view '" + r.kind + "': " + cvt.message());
    in.cvt = std::move(*cvt);
    in.access =
        nvidiaSharedAccessOfCvt(in.cvt, in.elementBits, in.write, nvMatrixFeaturesOf(in.arch));
    if (in.access.kind != NvAccessKind::Plain) {
        Expected<NvMatrixPhases> phases =
            nvidiaMatrixPhases(in.arch, in.cvt, in.access, in.elementBits, true);
        if (!phases)
            return makeError("view '" + r.kind + "': " + phases.message());
        in.phases = std::move(*phases);
    }
    Expected<NvWavefronts> w =
        nvidiaWavefronts(in.arch, in.cvt, in.access, in.elementBits, in.write);
    if (w)
        in.wavefronts = std::move(*w);
    else
        in.wavefrontsProblem = w.message();
    return in;
}

Expected<SwizzleAtomInput> resolveSwizzleAtomUnguarded(const ViewRequest &r)
{
    auto shared = pickLayout(r, "shared", {}, true);
    if (!shared)
        return shared.error();
    if (!*shared)
        return makeError("view '" + r.kind + "' needs a shared layout (option 'shared')");
    if (!isShared(**shared))
        return makeError("view '" + r.kind + "': layout '" + (*shared)->name +
                         "' is not a shared layout (it has no offset in-dim)");
    SwizzleAtomInput in;
    in.shared = *shared;
    Expected<std::string> dtype = r.elementType({in.shared}, &in.dtypeDefaulted);
    if (!dtype)
        return dtype.error();
    in.dtype = *dtype;
    const Expected<int> bits = dtypeBits(in.dtype);
    if (!bits)
        return makeError("view '" + r.kind + "': " + bits.message());
    in.elementBits = *bits;
    Expected<Architecture> arch = loadArchitecture(r.arch);
    if (!arch)
        return makeError("view '" + r.kind + "': " + arch.message());
    in.arch = std::move(*arch);
    Expected<SwizzleAtom> atom = swizzleAtom(in.arch, in.shared->layout, in.elementBits);
    if (!atom)
        return makeError("view '" + r.kind + "': " + atom.message());
    in.atom = std::move(*atom);
    Expected<NvSharedBridge> bridge = nvSharedBridge(in.shared->layout, in.elementBits);
    if (bridge)
        in.bridge = std::move(*bridge);
    else
        in.bridgeProblem = bridge.message();
    return in;
}

// The provenance of the wavefronts: the architecture's entry for the instruction (its phases).
FigureSource wavefrontSource(const NvMatrixInput &in)
{
    const std::string prefix = in.access.kind == NvAccessKind::Plain
                                   ? std::string()
                                   : std::string(in.write ? "stmatrix" : "ldmatrix");
    for (const LdsInstruction &i : in.arch.instructions)
        if (!prefix.empty() && i.name.rfind(prefix, 0) == 0)
            return figureSourceOf(i.provenance, FigureSource::Computed);
    return FigureSource::Computed;
}

} // namespace

Expected<NvMatrixInput> resolveNvMatrix(const ViewRequest &request)
{
    return guardOptionTypes<NvMatrixInput>(request, resolveNvMatrixUnguarded);
}

Expected<SwizzleAtomInput> resolveSwizzleAtom(const ViewRequest &request)
{
    return guardOptionTypes<SwizzleAtomInput>(request, resolveSwizzleAtomUnguarded);
}

std::vector<Figure> nvMatrixFigures(const NvMatrixInput &in)
{
    const NvSharedAccess &a = in.access;
    const std::string op = in.write ? "stmatrix" : "ldmatrix";
    std::vector<Figure> f;
    f.push_back(nvFigure("instruction", "Instruction", a.mnemonic + " (" + in.arch.name + ")",
                         std::nullopt,
                         "Triton's NVIDIA lowering: " + op + ", then " + op +
                             ".trans, else a vectorised plain access"));
    f.push_back(elementTypeFigure(in.dtype, in.dtypeDefaulted));
    f.push_back(nvFigure("instructions", "Instructions per thread", intText(a.count),
                         double(a.count), "registers / elements per instruction"));
    f.push_back(nvFigure(
        "matrices", "Matrices per instruction",
        a.kind == NvAccessKind::Plain ? std::string("none")
                                      : intText(a.matrices) + " (.x" + intText(a.matrices) + ")",
        a.kind == NvAccessKind::Plain ? std::nullopt : std::optional<double>(a.matrices),
        "min(128 bits, a thread's registers) / one matrix's 32 bits"));
    f.push_back(nvFigure("registers", "Registers per thread", intText(a.registers),
                         double(a.registers), "distinct registers moved (replicas removed)"));
    if (!a.whyNotMatrix.empty())
        f.push_back(nvFigure("whyNotMatrix", "Why not " + op, a.whyNotMatrix, std::nullopt,
                             "the condition of the non-transposed tile that failed"));
    if (!a.whyNotTransposed.empty())
        f.push_back(nvFigure("whyNotTransposed", "Why not " + op + ".trans", a.whyNotTransposed,
                             std::nullopt, "the condition of the transposed tile that failed"));
    if (in.wavefronts) {
        const NvWavefronts &w = *in.wavefronts;
        const FigureSource src = wavefrontSource(in);
        f.push_back(nvFigure(
            "wavefronts", "Wavefronts per CTA", intText(w.measured), double(w.measured),
            intText(w.instructions) + " instructions over every warp; ideal " + intText(w.ideal),
            src));
        f.push_back(nvFigure("idealWavefronts", "Wavefronts without conflicts", intText(w.ideal),
                             double(w.ideal), "one per phase", src));
        f.push_back(nvFigure("nway", "Worst phase", intText(w.maxWays) + "-way", double(w.maxWays),
                             "the most distinct 4-byte words one bank serves in a phase", src));
    }
    return f;
}

std::vector<Figure> swizzleAtomFigures(const SwizzleAtomInput &in)
{
    const SwizzleAtom &a = in.atom;
    std::vector<Figure> f;
    f.push_back(elementTypeFigure(in.dtype, in.dtypeDefaulted));
    f.push_back(
        nvFigure("lineBytes", "Line",
                 intText(a.lineBytes) + " B = " + intText(a.chunksPerLine) + " chunks of 16 B",
                 double(a.lineBytes), "offsets that stay in one row of the tensor, at most 128 B"));
    const int worst = a.ways.empty() ? 1 : *std::max_element(a.ways.begin(), a.ways.end());
    f.push_back(nvFigure("nway", "Reading one chunk of 8 rows", intText(worst) + "-way",
                         double(worst),
                         "one ldmatrix phase: the most distinct words a bank serves (1: the "
                         "8 chunks cover the 32 banks)"));
    if (!in.bridge) {
        f.push_back(nvFigure("bridge", "NVMMA / CuTe / descriptor", "none: " + in.bridgeProblem));
        return f;
    }
    const NvSharedBridge &b = *in.bridge;
    f.push_back(nvFigure(
        "canonical", "NVMMA layout", b.canonical ? b.nvmmaText : "not canonical: " + b.whyNot,
        b.canonical ? 1.0 : 0.0, "whether Triton's nvmmaSharedToLinearLayout builds this layout"));
    if (!b.canonical)
        return f; // CuTe, TMA and the descriptors name NVMMA layouts only
    f.push_back(nvFigure("cute", "CuTe", b.cuteBytes, std::nullopt,
                         "Sw<B,M,S> o layout on byte addresses (CUTLASS swizzle.hpp)"));
    f.push_back(nvFigure("tmaSwizzle", "TMA swizzle", b.tmaSwizzle));
    for (const WgmmaDescriptor &d : b.descriptors)
        f.push_back(nvFigure(d.operand.rfind("A", 0) == 0 ? "descriptorA" : "descriptorB",
                             "Descriptor as " + d.operand,
                             d.problem.empty() ? descriptorText(d) : "none: " + d.problem,
                             std::nullopt, "the wgmma / UMMA shared-memory matrix descriptor"));
    return f;
}

} // namespace lx
