// tmem_load, tmem_store and tmem_alloc with a value on an NVIDIA architecture
// (analysis/kernelnvidia.h): the tcgen05.ld / tcgen05.st messages of the copy between the
// register layout and the tensor-memory layout (analysis/tmemlowering.h).

#include "analysis/kernelnvidia.h"

#include "analysis/tmemlowering.h"
#include "hw/dtype.h"
#include "layout/builders.h"

namespace lx {

namespace {

const TtgirType *tmemFirstOf(const TtgirOp &op, TtgirType::Kind kind)
{
    for (const TtgirType &t : op.types)
        if (t.kind == kind)
            return &t;
    return nullptr;
}

// The 2-D shape a TMEM memdesc's encoding lays out (a multi-buffered memdesc<2x128x64> counts
// buffers in its leading dims).
std::vector<int32_t> tmemShapeOf(const TtgirType &t)
{
    std::vector<int32_t> shape = t.shape;
    while (shape.size() > 2)
        shape.erase(shape.begin());
    return shape;
}

} // namespace

bool isTmemAccessOp(const std::string &name)
{
    return name == "ttng.tmem_load" || name == "ttng.tmem_store" || name == "ttng.tmem_alloc";
}

void nvidiaTmemOp(const TtgirModule &module, const TtgirOp &op, KernelOpReport &r)
{
    const TtgirType *tensor = tmemFirstOf(op, TtgirType::Kind::Tensor);
    const TtgirType *memory = tmemFirstOf(op, TtgirType::Kind::MemDesc);
    const bool isStore = op.name != "ttng.tmem_load";
    if (op.name == "ttng.tmem_alloc" && !tensor) {
        r.path = "tensor memory";
        r.pathReason = "a tensor-memory allocation without a value: no message, no shared memory";
        if (memory) {
            r.dst = memory->encodingText;
            r.dstAttr = memory->encoding;
        }
        return;
    }
    if (!tensor || !memory) {
        r.problem = "expected a tensor and a tensor-memory memdesc type";
        return;
    }
    r.src = isStore ? tensor->encodingText : memory->encodingText;
    r.dst = isStore ? memory->encodingText : tensor->encodingText;
    r.srcAttr = isStore ? tensor->encoding : memory->encoding;
    r.dstAttr = isStore ? memory->encoding : tensor->encoding;
    if (op.text.find("redOp") != std::string::npos) {
        // tcgen05.ld.red: a load that also reduces along the columns; its messages are not
        // modelled.
        r.path = "not modelled";
        r.pathReason = "a tmem_load with a reduction (tcgen05.ld.red) is not modelled";
        return;
    }
    r.path = isStore ? "tcgen05.st" : "tcgen05.ld";
    for (const TtgirType *t : {tensor, memory})
        if (!t->encoding) {
            r.problem = t->encodingError.empty() ? "the type " + t->text + " has no layout"
                                                 : t->encodingError;
            return;
        }
    if (!memory->encoding->isTensorMemory()) {
        r.problem = memory->encodingText + " is not a tensor-memory layout";
        return;
    }
    if (!tensor->encoding->isDistributed()) {
        r.problem = tensor->encodingText + " is not a distributed (register) layout";
        return;
    }
    Expected<int> bits = dtypeBits(memory->elementType);
    if (!bits) {
        r.problem = "unknown element type '" + memory->elementType + "'";
        return;
    }
    Expected<LinearLayout> reg = toLinearLayout(*tensor->encoding, tensor->shape);
    if (!reg) {
        r.problem = tensor->encodingText + " does not fit " + tensor->text + ": " + reg.message();
        return;
    }
    Expected<LinearLayout> tmem = toLinearLayout(*memory->encoding, tmemShapeOf(*memory));
    if (!tmem) {
        r.problem = memory->encodingText + " does not fit " + memory->text + ": " + tmem.message();
        return;
    }
    const int maxnreg = module.maxRegisters > 0 ? module.maxRegisters : 256;
    Expected<TmemMessage> m = tmemLdStMessage(*reg, *tmem, *bits, maxnreg);
    if (!m) {
        r.problem = m.message();
        return;
    }
    const std::string mnemonic = m->mnemonic(isStore);
    r.instruction = mnemonic;
    r.count = r.issued = m->messages;
    r.accesses = {KernelLdsAccess{mnemonic, m->messages, m->messages, isStore}};
    r.pathReason =
        std::string(isStore ? "registers to tensor memory" : "tensor memory to registers") + ": " +
        std::to_string(m->messages) + " x " + mnemonic + " per thread (the " + m->atom + " atom, " +
        std::to_string(m->registersPerMessage) + " 32-bit registers a message" +
        (m->unpacked ? ", 16-bit elements one to a 32-bit column" : "") +
        (module.maxRegisters > 0 ? ", ttg.maxnreg " + std::to_string(maxnreg) : "") +
        "); no shared memory";
    r.cyclesNote = "tensor memory, not shared memory: no shared-memory wavefronts";
}

} // namespace lx
