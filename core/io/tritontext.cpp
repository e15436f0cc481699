#include "io/tritontext.h"

#include "layout/linearlayout.h"

#include <vector>

namespace lx {

namespace {

// How many spaces Triton puts before `value` so that it is as wide as `max`
// (numCharacterPadding: the difference of their decimal lengths, never below zero in practice).
int paddingFor(int64_t value, int64_t max)
{
    return int(std::to_string(max).size()) - int(std::to_string(value).size());
}

std::string padded(int64_t value, int64_t max)
{
    std::string s(size_t(std::max(0, paddingFor(value, max))), ' ');
    s += std::to_string(value);
    return s;
}

std::vector<int64_t> delinearize(int64_t index, const std::vector<int64_t> &shape)
{
    std::vector<int64_t> out(shape.size());
    for (size_t i = shape.size(); i-- > 0;) {
        out[i] = index % shape[i];
        index /= shape[i];
    }
    return out;
}

// Nested-bracket rendering shared by both tensor views (Triton's loop, rank >= 1).
std::string tensorView(const std::vector<std::string> &elements, const std::vector<int64_t> &shape,
                       const char *separator)
{
    std::string text;
    const int rank = int(shape.size());
    const int64_t total = int64_t(elements.size());
    bool newLine = true;
    for (int64_t i = 0; i < total; ++i) {
        const std::vector<int64_t> idx = delinearize(i, shape);
        int open = 0;
        for (int j = rank - 1; j >= 0; --j) {
            if (idx[size_t(j)] % shape[size_t(j)] != 0)
                break;
            text += '[';
            ++open;
        }
        if (newLine) {
            text.append(size_t(std::max(0, rank - open)), ' ');
            newLine = false;
        }
        text += elements[size_t(i)];
        const std::vector<int64_t> next = delinearize(i + 1, shape);
        for (int j = rank - 1; j >= 0; --j) {
            if (next[size_t(j)] % shape[size_t(j)] != 0)
                break;
            text += ']';
        }
        if (next.back() % shape.back() == 0) {
            text += '\n';
            newLine = true;
        } else {
            text += separator;
        }
    }
    return text;
}

std::vector<int64_t> outShape(const LinearLayout &layout)
{
    std::vector<int64_t> shape;
    for (const auto &[name, size] : layout.outDims())
        shape.push_back(size);
    return shape;
}

// One value per in-dim of `layout`, taken from the named values (others 0).
struct InputBuilder
{
    explicit InputBuilder(const LinearLayout &layout) : m_layout(layout) {}
    std::vector<int32_t> make(std::initializer_list<std::pair<const char *, int64_t>> values) const
    {
        std::vector<int32_t> ins(size_t(m_layout.numInDims()), 0);
        for (const auto &[name, value] : values) {
            const int i = m_layout.inDimIndex(name);
            if (i >= 0)
                ins[size_t(i)] = int32_t(value);
        }
        return ins;
    }
    const LinearLayout &m_layout;
};

Expected<bool> checkPrintable(const LinearLayout &layout)
{
    if (layout.numOutDims() == 0)
        return makeError("a layout without out-dims has no tensor view");
    if (layout.totalOutDimSizeLog2() > 20 || layout.totalInDimSizeLog2() > 20)
        return makeError("layout too large for a text view (more than " +
                         std::to_string(kMaxTritonViewElements) + " elements or hardware indices)");
    return true;
}

} // namespace

std::string tritonDistributedView(const LinearLayout &layout, bool useHWPointOfView)
{
    if (layout.numOutDims() == 0)
        return {};
    const std::vector<int64_t> shape = outShape(layout);
    const int64_t tensorSize = layout.totalOutDimSize();
    const int64_t lanes = layout.inDimSize("lane");
    const int64_t warps = layout.inDimSize("warp");
    const int64_t blocks = layout.inDimSize("block");
    const int64_t registers = layout.inDimSize("register");
    const InputBuilder inputs(layout);

    std::vector<std::string> elements(static_cast<size_t>(tensorSize));
    std::vector<std::string> threads; // in (block, warp, lane, register) order
    threads.reserve(size_t(blocks * warps * lanes * registers));
    for (int64_t b = 0; b < blocks; ++b)
        for (int64_t w = 0; w < warps; ++w)
            for (int64_t t = 0; t < lanes; ++t)
                for (int64_t r = 0; r < registers; ++r) {
                    const std::vector<int32_t> out = layout.applyOrdered(
                        inputs.make({{"block", b}, {"warp", w}, {"lane", t}, {"register", r}}));
                    int64_t linear = 0, stride = 1;
                    for (size_t i = out.size(); i-- > 0;) {
                        linear += out[i] * stride;
                        stride *= shape[i];
                    }
                    std::string &value = elements[size_t(linear)];
                    if (!value.empty())
                        value += '|';
                    const int64_t thread = t + w * lanes;
                    const int pad = paddingFor(b, blocks) + paddingFor(thread, warps * lanes) +
                                    paddingFor(r, registers);
                    value.append(size_t(std::max(0, pad)), ' ');
                    if (blocks > 1)
                        value += 'B' + std::to_string(b) + ':';
                    value += 'T' + std::to_string(thread) + ':' + std::to_string(r);

                    std::string info = "(";
                    for (size_t i = 0; i < out.size(); ++i) {
                        if (i > 0)
                            info += ',';
                        info += padded(out[i], shape[i]);
                    }
                    info += ')';
                    threads.push_back(std::move(info));
                }

    if (!useHWPointOfView)
        return tensorView(elements, shape, ", ");

    std::string text;
    for (int64_t b = 0; b < blocks; ++b) {
        if (blocks > 1)
            text += "Block" + std::to_string(b) + ":\n";
        for (int64_t w = 0; w < warps; ++w) {
            text += "Warp" + std::to_string(w) + ":\n";
            for (int64_t r = 0; r < registers; ++r) {
                for (int64_t t = 0; t < lanes; ++t) {
                    const int64_t i = ((b * warps + w) * lanes + t) * registers + r;
                    text += threads[size_t(i)];
                    if (t < lanes - 1)
                        text += ", ";
                }
                text += '\n';
            }
        }
    }
    return text;
}

std::string tritonSharedView(const LinearLayout &layout, bool useHWPointOfView)
{
    if (layout.numOutDims() == 0)
        return {};
    const std::vector<int64_t> shape = outShape(layout);
    const int64_t tensorSize = layout.totalOutDimSize();
    const int64_t blocks = layout.inDimSize("block");
    const int64_t blockSize = tensorSize / blocks;
    const InputBuilder inputs(layout);

    // Triton walks offsets 0 .. tensorSize/blocks - 1 of every block, whatever the size of the
    // offset in-dim; bits above it are ignored, as its apply() does.
    std::vector<std::string> elements(static_cast<size_t>(tensorSize));
    std::vector<std::string> offsets;
    offsets.reserve(size_t(tensorSize));
    size_t idx = 0;
    for (int64_t b = 0; b < blocks; ++b)
        for (int64_t o = 0; o < blockSize; ++o, ++idx) {
            const std::vector<int32_t> out =
                layout.applyOrdered(inputs.make({{"block", b}, {"offset", o}}));
            std::string info = "(";
            std::string &value = elements[idx];
            value += '(';
            for (size_t i = 0; i < out.size(); ++i) {
                if (i > 0) {
                    info += ',';
                    value += ':';
                }
                const std::string c = padded(out[i], shape[i]);
                info += c;
                value += c;
            }
            value += ')';
            info += ')';
            offsets.push_back(std::move(info));
        }

    if (!useHWPointOfView)
        return tensorView(elements, shape, ",");

    std::string text;
    idx = 0;
    for (int64_t b = 0; b < blocks; ++b) {
        text += "Block: " + std::to_string(b) + ":\n";
        for (int64_t o = 0; o < blockSize; ++o, ++idx)
            text += "Offset: " + std::to_string(o) + " -> " + offsets[idx] + '\n';
    }
    return text;
}

Expected<std::string> tryTritonDistributedView(const LinearLayout &layout, bool useHWPointOfView)
{
    if (auto ok = checkPrintable(layout); !ok)
        return ok.error();
    return tritonDistributedView(layout, useHWPointOfView);
}

Expected<std::string> tryTritonSharedView(const LinearLayout &layout, bool useHWPointOfView)
{
    if (auto ok = checkPrintable(layout); !ok)
        return ok.error();
    return tritonSharedView(layout, useHWPointOfView);
}

} // namespace lx
