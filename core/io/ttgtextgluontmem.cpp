// Gluon's Blackwell tensor-memory constructors for the Gluon reader (internal to core/io):
// TensorMemoryLayout, TensorMemoryScalesLayout (python/triton/experimental/gluon/language/
// nvidia/blackwell/__init__.py) and get_tmem_reg_layout, whose answer is a register layout
// (docs/nvidia-layouts.md §9).

#include "io/ttgtextschema.h"
#include "layout/tmemaccess.h"

#include <algorithm>

namespace lx::ttgdetail {

namespace {

const std::vector<std::string> &tmemVariants()
{
    static const std::vector<std::string> all{"32x32b",  "16x64b",   "16x128b",
                                              "16x256b", "16x32bx2", "32x32b_splitn"};
    return all;
}

Value tmemInt(int64_t v, Pos pos)
{
    Value out;
    out.kind = Value::Int;
    out.integer = v;
    out.pos = pos;
    return out;
}

// cta_split_num=(M, N) as the attribute's CTASplitM and CTASplitN.
void splitEntries(EntryList &args, const Value *split)
{
    if (!split || split->kind == Value::None)
        return;
    const IntList v = asIntList(*split, "cta_split_num");
    if (v.size() != 2)
        fail(split->pos, "cta_split_num must have 2 entries (M, N)");
    args.push_back(Entry{"CTASplitM", split->pos, tmemInt(v[0], split->pos)});
    args.push_back(Entry{"CTASplitN", split->pos, tmemInt(v[1], split->pos)});
}

const Value *takeArg(EntryList &args, EntryList &taken, const char *key)
{
    const auto it =
        std::find_if(args.begin(), args.end(), [&](const Entry &e) { return e.key == key; });
    if (it == args.end())
        return nullptr;
    taken.push_back(std::move(*it));
    args.erase(it);
    return &taken.back().value;
}

// Triton's CGA layout of (CTAsPerCGA, CTASplitNum, CTAOrder): per dim in the order, the split
// bases then the broadcast (zero) ones.
BasisList cgaFromSplitParams(const IntList &ctas, const IntList &split, const IntList &order,
                             Pos pos)
{
    if (ctas.size() != 2 || split.size() != 2 || order.size() != 2)
        fail(pos, "ctas_per_cga, cta_split_num and cta_order must each have 2 entries");
    BasisList bases;
    for (int32_t d : order) {
        if (d < 0 || d > 1)
            fail(pos, "cta_order must be a permutation of [0, 1]");
        const size_t dim = size_t(d);
        if (!isPow2(ctas[dim]) || !isPow2(split[dim]) || ctas[dim] % split[dim] != 0)
            fail(pos, "ctas_per_cga and cta_split_num must be powers of two, the split dividing "
                      "the CTAs");
        for (int32_t k = 1; k < split[dim]; k *= 2)
            bases.push_back(d == 0 ? IntList{k, 0} : IntList{0, k});
        for (int32_t k = split[dim]; k < ctas[dim]; k *= 2)
            bases.push_back({0, 0});
    }
    return bases;
}

} // namespace

Value tmemVariantValue(const std::string &variant, Pos pos)
{
    const auto &all = tmemVariants();
    const auto it = std::find(all.begin(), all.end(), variant);
    if (it == all.end())
        fail(pos, "unknown instr_variant: " + variant);
    return tmemInt(int64_t(it - all.begin()), pos);
}

std::string tmemVariantName(int64_t index)
{
    const auto &all = tmemVariants();
    return index >= 0 && size_t(index) < all.size() ? all[size_t(index)] : "?";
}

LayoutAttrPtr makeGluonTensorMemory(EntryList args, const std::string &context, Pos pos)
{
    EntryList taken;
    taken.reserve(4);
    const Value *block = takeArg(args, taken, "block");
    if (!block)
        fail(pos, "missing argument 'block' of " + context);
    const IntList b = asIntList(*block, "block");
    if (b.size() != 2)
        fail(block->pos, "block must have 2 entries (M, N)");
    args.push_back(Entry{"blockM", block->pos, tmemInt(b[0], block->pos)});
    args.push_back(Entry{"blockN", block->pos, tmemInt(b[1], block->pos)});
    if (const Value *stride = takeArg(args, taken, "col_stride")) {
        // A bool in the second place is the older `unpacked`.
        if (stride->kind == Value::Bool) {
            args.push_back(Entry{"unpacked", stride->pos, *stride});
        } else {
            const int32_t s = asInt(*stride, "col_stride");
            if (s < 1 || !isPow2(s))
                fail(stride->pos, "tensor memory col_stride must be a power of two");
            args.push_back(Entry{"colStride", stride->pos, *stride});
        }
    }
    splitEntries(args, takeArg(args, taken, "cta_split_num"));
    for (Entry &e : args)
        if (e.key == "two_ctas")
            e.key = "twoCTAs";
    DictReader d(std::move(args), context, pos);
    return makeTensorMemory(d);
}

LayoutAttrPtr makeGluonTensorMemoryScales(EntryList args, const std::string &context, Pos pos)
{
    EntryList taken;
    splitEntries(args, takeArg(args, taken, "cta_split_num"));
    DictReader d(std::move(args), context, pos);
    return makeTensorMemoryScales(d);
}

LayoutAttrPtr makeGluonTmemRegLayout(EntryList args, const std::string &context, Pos pos)
{
    DictReader d(std::move(args), context, pos);
    TmemRegRequest r;
    r.elementBits = asInt(d.require("element_ty"), "element_ty");
    const Value &shape = d.require("shape");
    r.shape = asIntList(shape, "shape", 1);
    const Value &layout = d.require("layout");
    if (layout.kind != Value::Attr || !layout.attr || !layout.attr->isTensorMemory())
        fail(layout.pos, "layout must be a TensorMemoryLayout or TensorMemoryScalesLayout");
    r.memory = layout.attr;
    const Value &warps = d.require("num_warps");
    r.numWarps = asInt(warps, "num_warps");
    if (const Value *v = d.take("instr_variant"))
        r.variant = tmemVariantName(v->integer);
    const Value *ctas = d.take("ctas_per_cga");
    const Value *split = d.take("cta_split_num");
    const Value *order = d.take("cta_order");
    if (const Value *cga = d.take("cga_layout"); cga && cga->kind != Value::None) {
        int rank = 2;
        r.cgaLayout = asBases(*cga, "cga_layout", rank);
    } else if (ctas || split || order) {
        const auto listOr = [](const Value *v, const char *what, IntList fallback) {
            return v && v->kind != Value::None ? asIntList(*v, what) : fallback;
        };
        const IntList c = listOr(ctas, "ctas_per_cga", {1, 1});
        r.cgaLayout = cgaFromSplitParams(c, listOr(split, "cta_split_num", c),
                                         listOr(order, "cta_order", {1, 0}), pos);
    }
    d.finish({"element_ty", "shape", "layout", "num_warps", "instr_variant", "ctas_per_cga",
              "cta_split_num", "cta_order", "cga_layout"});
    auto attr = tmemRegisterAttr(r);
    if (!attr)
        fail(pos, attr.message());
    return makeAttr(std::move(*attr));
}

} // namespace lx::ttgdetail
