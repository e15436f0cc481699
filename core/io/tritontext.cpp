#include "io/tritontext.h"

#include "f2/f2reduce.h"
#include "layout/linearlayout.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <span>
#include <vector>

// Every field of both views has a width known before the first byte is written (a number is
// padded to the decimal width of its count), so the text is written straight into one
// preallocated buffer: the owners of each element are solved from the layout's matrix once
// (OwnerSolver) and one pass over the elements writes the bytes.

namespace lx {

namespace {

int decimalWidth(int64_t v)
{
    int n = 1;
    while (v >= 10) {
        v /= 10;
        ++n;
    }
    return n;
}

// Writes v >= 0 right-aligned in `width` characters (spaces before it) ending at p + width.
char *writePadded(char *p, int64_t v, int width)
{
    char *end = p + width;
    char *q = end;
    do {
        *--q = char('0' + v % 10);
        v /= 10;
    } while (v > 0 && q > p);
    while (q > p)
        *--q = ' ';
    return end;
}

char *writeNumber(char *p, int64_t v)
{
    return writePadded(p, v, decimalWidth(v));
}

char *writeChars(char *p, const char *s)
{
    while (*s)
        *p++ = *s++;
    return p;
}

// The out-space in Triton's row-major order (the last out-dim fastest): each dim's size, the bit
// position of its coordinate in the row-major index and the decimal width of its size.
struct RowMajor
{
    std::vector<int64_t> shape;
    std::vector<int> shift;
    std::vector<int> width;
    // trailingBits[k]: the bits of the last k dims (k = 0..rank).
    std::vector<int> trailingBits;
    int totalBits = 0;

    explicit RowMajor(const LinearLayout &layout)
    {
        const auto &dims = layout.outDims();
        const size_t rank = dims.size();
        shape.resize(rank);
        shift.resize(rank);
        width.resize(rank);
        trailingBits.assign(rank + 1, 0);
        int bits = 0;
        for (size_t k = rank; k-- > 0;) {
            shape[k] = dims[k].second;
            shift[k] = bits;
            width[k] = decimalWidth(dims[k].second);
            bits += std::countr_zero(uint64_t(dims[k].second));
            trailingBits[rank - k] = bits;
        }
        totalBits = bits;
    }
    int rank() const { return int(shape.size()); }
    int64_t coord(uint64_t index, size_t k) const
    {
        return int64_t((index >> shift[k]) & uint64_t(shape[k] - 1));
    }
    // How many dims, from the last, have coordinate 0 in `index` (index == 2^totalBits: all).
    int trailingZeroDims(uint64_t index) const
    {
        const int tz = index == 0 ? totalBits : std::countr_zero(index);
        int k = 0;
        while (k < rank() && trailingBits[size_t(k) + 1] <= tz)
            ++k;
        return k;
    }
    // Bytes of "(c0<sep>c1...)" with every component padded.
    size_t tupleWidth() const
    {
        size_t w = 2 + (shape.empty() ? 0 : shape.size() - 1);
        for (int x : width)
            w += size_t(x);
        return w;
    }
    char *writeTuple(char *p, uint64_t index, char sep) const
    {
        *p++ = '(';
        for (size_t k = 0; k < shape.size(); ++k) {
            if (k > 0)
                *p++ = sep;
            p = writePadded(p, coord(index, k), width[k]);
        }
        *p++ = ')';
        return p;
    }
};

// The row-major out index of every value of in-dim `name` (one entry when absent), values of
// bits above the dim's size ignored as Triton's apply does: table[x] = XOR of the images of x's
// bits, one XOR per entry.
std::vector<uint64_t> imagesOf(const LinearLayout &layout, const RowMajor &rm,
                               const std::string &name, int64_t count)
{
    std::vector<uint64_t> table(size_t(std::max<int64_t>(count, 1)), 0);
    const int d = layout.inDimIndex(name);
    if (d < 0)
        return table;
    const auto &bases = layout.bases()[size_t(d)].second;
    std::vector<uint64_t> img(bases.size(), 0);
    for (size_t i = 0; i < bases.size(); ++i)
        for (size_t k = 0; k < bases[i].size(); ++k)
            img[i] |= uint64_t(uint32_t(bases[i][k])) << rm.shift[k];
    for (size_t x = 1; x < table.size(); ++x) {
        const auto bit = size_t(std::countr_zero(x));
        table[x] = table[x & (x - 1)] ^ (bit < img.size() ? img[bit] : 0);
    }
    return table;
}

// Triton's nested-bracket tensor view, shared by both views: element i (row-major) is written by
// writeElement(p, i), which returns the end of what it wrote; `elementBytes` bounds the bytes of
// all elements together.
template <typename WriteElement>
void tensorView(TextBuffer &out, const RowMajor &rm, size_t elementBytes, const char *separator,
                WriteElement writeElement)
{
    const uint64_t total = uint64_t(1) << rm.totalBits;
    const auto rank = size_t(rm.rank());
    const size_t sepLen = std::char_traits<char>::length(separator);
    // Per element at most: rank spaces (only after a newline), rank '[' and ']', a separator or
    // a newline.
    // Filled with spaces: a field padded on the left (an owner of the distributed view) needs
    // no writing of its padding.
    const size_t bytes = elementBytes + size_t(total) * (3 * rank + std::max<size_t>(sepLen, 1));
    char *const begin = out.reserve(bytes);
    std::memset(begin, ' ', bytes);
    char *p = begin;
    bool newLine = true;
    int open = rm.rank(); // element 0 opens every dim
    for (uint64_t i = 0; i < total; ++i) {
        for (int j = 0; j < open; ++j)
            *p++ = '[';
        if (newLine) {
            for (int j = open; j < rm.rank(); ++j)
                *p++ = ' ';
            newLine = false;
        }
        p = writeElement(p, i);
        const int close = rm.trailingZeroDims(i + 1);
        for (int j = 0; j < close; ++j)
            *p++ = ']';
        if (close >= 1) {
            *p++ = '\n';
            newLine = true;
        } else {
            p = writeChars(p, separator);
        }
        open = close;
    }
    out.finish(size_t(p - begin));
}

// The hardware indices that own each element of a distributed layout, ascending (Triton's
// order). The layout is linear over GF(2) from the hardware index's bits to the row-major
// element index's, so the owners of element e are one preimage h0(e) XOR every vector of the
// layout's kernel (the broadcast bits), and e has none when it is outside the image. Gaussian
// elimination over the columns gives both once; h0 and the residual that says "outside" are
// linear in e, read from two tables over e's low and high bits: a few operations an element,
// no pass over the hardware indices and no scatter.
class OwnerSolver
{
public:
    OwnerSolver(const std::vector<uint64_t> &columns, int outBits)
    {
        // The columns kept by leading bit (f2::SingleWordBasis, the engine's one elimination),
        // each with the hardware bits that make it; a column in the span of earlier ones gives a
        // kernel vector, its own bit with those that make it.
        f2::SingleWordBasis basis;
        std::vector<uint32_t> kernel;
        for (size_t j = 0; j < columns.size(); ++j) {
            const uint64_t bit = uint64_t(1) << j;
            if (const std::optional<uint64_t> made = basis.express(columns[j]))
                kernel.push_back(uint32_t(bit ^ *made));
            else
                basis.insert(columns[j], bit);
        }
        // The preimage and residual of each unit element bit (linear in the element).
        auto reduce = [&](uint64_t e, uint64_t &residual) {
            uint64_t h = 0;
            residual = basis.reduce(e, h);
            return h;
        };
        m_lowBits = outBits / 2;
        auto table = [&](int first, int count, std::vector<Preimage> &t) {
            t.assign(size_t(1) << count, Preimage{});
            for (size_t x = 1; x < t.size(); ++x) {
                const int bit = std::countr_zero(x);
                Preimage unit;
                unit.owner = uint32_t(reduce(uint64_t(1) << (first + bit), unit.residual));
                const Preimage &rest = t[x & (x - 1)];
                t[x] = {rest.owner ^ unit.owner, rest.residual ^ unit.residual};
            }
        };
        table(0, m_lowBits, m_low);
        table(m_lowBits, outBits - m_lowBits, m_high);
        // Every vector of the kernel's span, each owner set is h0 XOR these.
        m_span.assign(1, 0);
        for (uint32_t k : kernel)
            for (size_t i = 0, n = m_span.size(); i < n; ++i)
                m_span.push_back(m_span[i] ^ k);
    }

    // How many owners an element in the image has (2^kernel dimension).
    size_t owners() const { return m_span.size(); }

    // The owners of element e, ascending, into out[0, owners()); returns how many (0: e is
    // outside the image).
    size_t of(uint64_t e, uint32_t *out) const
    {
        const Preimage &lo = m_low[size_t(e & ((uint64_t(1) << m_lowBits) - 1))];
        const Preimage &hi = m_high[size_t(e >> m_lowBits)];
        if ((lo.residual ^ hi.residual) != 0)
            return 0;
        const uint32_t h0 = lo.owner ^ hi.owner;
        const size_t n = m_span.size();
        if (n == 1) { // no broadcast
            out[0] = h0;
            return 1;
        }
        if (n == 2) { // one broadcast bit: two owners, the smaller first
            const uint32_t other = h0 ^ m_span[1];
            out[0] = std::min(h0, other);
            out[1] = std::max(h0, other);
            return 2;
        }
        for (size_t i = 0; i < n; ++i)
            out[i] = h0 ^ m_span[i];
        // A few owners: an insertion sort, no call.
        for (size_t i = 1; i < n; ++i)
            for (size_t j = i; j > 0 && out[j - 1] > out[j]; --j)
                std::swap(out[j - 1], out[j]);
        return n;
    }

private:
    struct Preimage
    {
        uint32_t owner = 0;
        uint64_t residual = 0;
    };
    int m_lowBits = 0;
    std::vector<Preimage> m_low, m_high;
    std::vector<uint32_t> m_span;
};

// A distributed layout's in-dim sizes and the row-major image of each index of each in-dim.
struct DistributedImages
{
    int64_t registers, lanes, warps, blocks;
    std::vector<uint64_t> reg, lane, warp, block;
};

// useHWPointOfView: "Block<b>:\n" "Warp<w>:\n", then per register the tuples of every lane.
void distributedHardwareView(TextBuffer &out, const RowMajor &rm, const DistributedImages &d)
{
    const int64_t registers = d.registers, lanes = d.lanes, warps = d.warps, blocks = d.blocks;
    const std::vector<uint64_t> &regImg = d.reg, &laneImg = d.lane, &warpImg = d.warp,
                                &blockImg = d.block;
    const auto inputs = size_t(blocks * warps * lanes * registers);
    const size_t tuple = rm.tupleWidth();
    const size_t headers = size_t(blocks) * (size_t(warps) + 1) * 32;
    char *const begin =
        out.reserve(headers + inputs * (tuple + 2) + size_t(blocks * warps * registers));
    char *p = begin;
    for (int64_t b = 0; b < blocks; ++b) {
        if (blocks > 1) {
            p = writeChars(p, "Block");
            p = writeNumber(p, b);
            p = writeChars(p, ":\n");
        }
        for (int64_t w = 0; w < warps; ++w) {
            p = writeChars(p, "Warp");
            p = writeNumber(p, w);
            p = writeChars(p, ":\n");
            const uint64_t bw = blockImg[size_t(b)] ^ warpImg[size_t(w)];
            for (int64_t r = 0; r < registers; ++r) {
                const uint64_t bwr = bw ^ regImg[size_t(r)];
                for (int64_t t = 0; t < lanes; ++t) {
                    if (t > 0)
                        p = writeChars(p, ", ");
                    p = rm.writeTuple(p, bwr ^ laneImg[size_t(t)], ',');
                }
                *p++ = '\n';
            }
        }
    }
    out.finish(size_t(p - begin));
}

// The tensor's point of view: every element's owners as B:T:R, in Triton's order.
void distributedTensorView(TextBuffer &out, const RowMajor &rm, const DistributedImages &d)
{
    const int64_t registers = d.registers, lanes = d.lanes, warps = d.warps, blocks = d.blocks;
    const std::vector<uint64_t> &regImg = d.reg, &laneImg = d.lane, &warpImg = d.warp,
                                &blockImg = d.block;
    const auto inputs = size_t(blocks * warps * lanes * registers);
    // The image of each bit of the hardware index i = ((b·warps + w)·lanes + t)·registers + r
    // (registers in the low bits), and the owners of each element solved from them.
    std::vector<uint64_t> columns;
    for (const auto *img : {&regImg, &laneImg, &warpImg, &blockImg})
        for (size_t unit = 1; unit < img->size(); unit <<= 1)
            columns.push_back((*img)[unit]);
    const OwnerSolver owners(columns, rm.totalBits);
    std::vector<uint32_t> found(owners.owners());
    // Every owner takes the same width: its padding makes up for shorter numbers.
    const int blockWidth = decimalWidth(blocks);
    const int threadWidth = decimalWidth(warps * lanes);
    const int regWidth = decimalWidth(registers);
    const size_t ownerWidth =
        size_t((blocks > 1 ? blockWidth + 2 : 0) + threadWidth + regWidth + 2);
    // The owner B<b>:T<thread>:<r> right-aligned in ownerWidth, from texts made once per block,
    // thread and register (in-dim sizes are powers of two: shifts, not divisions).
    const int regBits = std::countr_zero(uint64_t(registers));
    const int threadBits = std::countr_zero(uint64_t(warps * lanes));
    // Each text in a slot of kSlot bytes, spaces after it, copied whole (one 16-byte store, no
    // loop): the spaces it writes past the text land where the next text, a separator or the
    // buffer's own spaces (tensorView) go, and at most kSlot bytes past the last owner (the
    // buffer keeps that much spare).
    constexpr size_t kSlot = 16; // "B<7 digits>:" at most (in-dims of at most 2^20)
    struct Texts
    {
        std::vector<char> chars;
        std::vector<uint8_t> length;
    };
    auto texts = [](int64_t n, const char *prefix, const char *suffix) {
        Texts t;
        t.chars.assign(size_t(n) * kSlot, ' ');
        t.length.resize(size_t(n));
        for (int64_t v = 0; v < n; ++v) {
            char *const first = t.chars.data() + size_t(v) * kSlot;
            char *q = writeChars(first, prefix);
            q = writeNumber(q, v);
            q = writeChars(q, suffix);
            t.length[size_t(v)] = uint8_t(q - first);
        }
        return t;
    };
    const Texts blockText = texts(blocks > 1 ? blocks : 0, "B", ":");
    const Texts threadText = texts(warps * lanes, "T", ":");
    const Texts regText = texts(registers, "", "");
    auto put = [](char *to, const Texts &t, size_t v) {
        std::memcpy(to, t.chars.data() + v * kSlot, kSlot);
        return to + t.length[v];
    };
    // The padding left of the owner is the buffer's spaces (tensorView fills it so).
    auto writeOwner = [&](char *p, uint32_t i) {
        const size_t r = i & ((uint32_t(1) << regBits) - 1);
        const size_t t = (i >> regBits) & ((uint32_t(1) << threadBits) - 1);
        const size_t b = blocks > 1 ? size_t(i >> (regBits + threadBits)) : 0;
        const size_t length =
            (blocks > 1 ? blockText.length[b] : 0) + threadText.length[t] + regText.length[r];
        char *q = p + (ownerWidth - length);
        if (blocks > 1)
            q = put(q, blockText, b);
        q = put(q, threadText, t);
        put(q, regText, r);
        return p + ownerWidth;
    };
    tensorView(out, rm, inputs * (ownerWidth + 1) + kSlot, ", ", [&](char *p, uint64_t e) {
        const size_t count = owners.of(e, found.data());
        for (size_t k = 0; k < count; ++k) {
            if (k > 0)
                *p++ = '|';
            p = writeOwner(p, found[k]);
        }
        return p;
    });
}

} // namespace

namespace {

// The text of a view as a std::string.
class StringBuffer final : public TextBuffer
{
public:
    char *reserve(size_t bytes) override
    {
        text.resize(bytes);
        return text.data();
    }
    void finish(size_t used) override { text.resize(used); }
    std::string text;
};

} // namespace

void tritonDistributedView(const LinearLayout &layout, bool useHWPointOfView, TextBuffer &out)
{
    if (layout.numOutDims() == 0) {
        out.reserve(0);
        out.finish(0);
        return;
    }
    const RowMajor rm(layout);
    DistributedImages d{layout.inDimSize("register"),
                        layout.inDimSize("lane"),
                        layout.inDimSize("warp"),
                        layout.inDimSize("block"),
                        {},
                        {},
                        {},
                        {}};
    d.reg = imagesOf(layout, rm, "register", d.registers);
    d.lane = imagesOf(layout, rm, "lane", d.lanes);
    d.warp = imagesOf(layout, rm, "warp", d.warps);
    d.block = imagesOf(layout, rm, "block", d.blocks);
    if (useHWPointOfView)
        distributedHardwareView(out, rm, d);
    else
        distributedTensorView(out, rm, d);
}

void tritonSharedView(const LinearLayout &layout, bool useHWPointOfView, TextBuffer &out)
{
    if (layout.numOutDims() == 0) {
        out.reserve(0);
        out.finish(0);
        return;
    }
    const RowMajor rm(layout);
    const int64_t tensorSize = layout.totalOutDimSize();
    const int64_t blocks = layout.inDimSize("block");
    const int64_t blockSize = tensorSize / blocks;
    const int offsetDim = layout.inDimIndex("offset");
    const int64_t offsets = layout.inDimSize("offset");
    const std::vector<uint64_t> offsetImg = imagesOf(layout, rm, "offset", offsets);
    const std::vector<uint64_t> blockImg = imagesOf(layout, rm, "block", blocks);
    // Triton walks offsets 0 .. tensorSize/blocks - 1 of every block, whatever the size of the
    // offset in-dim; bits above it are ignored, as its apply() does.
    const uint64_t offsetMask = offsetDim >= 0 ? uint64_t(offsets - 1) : 0;
    auto imageOf = [&](uint64_t idx) {
        const auto b = size_t(idx / uint64_t(std::max<int64_t>(blockSize, 1)));
        const uint64_t o = idx % uint64_t(std::max<int64_t>(blockSize, 1));
        return blockImg[b] ^ offsetImg[size_t(o & offsetMask)];
    };
    const size_t tuple = rm.tupleWidth();
    const auto walked = uint64_t(blocks * blockSize);

    if (!useHWPointOfView) {
        tensorView(out, rm, size_t(tensorSize) * tuple, ",", [&](char *p, uint64_t i) {
            // Position i shows what the i-th walked (block, offset) maps to.
            return i < walked ? rm.writeTuple(p, imageOf(i), ':') : p;
        });
        return;
    }

    char *const begin = out.reserve(size_t(blocks) * 32 + size_t(walked) * (tuple + 32));
    char *p = begin;
    uint64_t idx = 0;
    for (int64_t b = 0; b < blocks; ++b) {
        p = writeChars(p, "Block: ");
        p = writeNumber(p, b);
        p = writeChars(p, ":\n");
        for (int64_t o = 0; o < blockSize; ++o, ++idx) {
            p = writeChars(p, "Offset: ");
            p = writeNumber(p, o);
            p = writeChars(p, " -> ");
            p = rm.writeTuple(p, imageOf(idx), ',');
            *p++ = '\n';
        }
    }
    out.finish(size_t(p - begin));
}

namespace {

// A Triton text view: its name and the in-dims it prints.
struct TextView
{
    const char *name;
    std::span<const char *const> inDims;
    bool shows(const std::string &dim) const
    {
        return std::any_of(inDims.begin(), inDims.end(), [&](const char *s) { return dim == s; });
    }
};
constexpr const char *kDistributedDims[] = {"register", "lane", "warp", "block"};
constexpr const char *kSharedDims[] = {"offset", "block"};
constexpr TextView kDistributedView{"distributed", kDistributedDims};
constexpr TextView kSharedView{"shared", kSharedDims};

// Any in-dim of more than one index that `view` does not print would be held at 0 and what it
// maps hidden: the view is refused, naming `other` when that one shows it.
Expected<bool> checkPrintable(const LinearLayout &layout, const TextView &view,
                              const TextView &other)
{
    if (layout.numOutDims() == 0)
        return makeError("a layout without out-dims has no tensor view");
    for (const std::string &dim : layout.inDimNames()) {
        if (layout.inDimSize(dim) == 1 || view.shows(dim))
            continue;
        std::string names;
        for (const char *s : view.inDims)
            names += std::string(names.empty() ? "" : ", ") + s;
        return makeError(
            "the " + std::string(view.name) + " view shows in-dims " + names +
            "; this layout's in-dim '" + dim + "' (" + std::to_string(layout.inDimSize(dim)) +
            " indices) would be hidden" +
            (other.shows(dim) ? std::string(" (use the ") + other.name + " view)" : std::string()));
    }
    if (layout.totalOutDimSizeLog2() > 20 || layout.totalInDimSizeLog2() > 20)
        return makeError("layout too large for a text view (more than " +
                         std::to_string(kMaxTritonViewElements) + " elements or hardware indices)");
    return true;
}

} // namespace

std::string tritonDistributedView(const LinearLayout &layout, bool useHWPointOfView)
{
    StringBuffer out;
    tritonDistributedView(layout, useHWPointOfView, out);
    return std::move(out.text);
}

std::string tritonSharedView(const LinearLayout &layout, bool useHWPointOfView)
{
    StringBuffer out;
    tritonSharedView(layout, useHWPointOfView, out);
    return std::move(out.text);
}

Expected<bool> tryTritonDistributedView(const LinearLayout &layout, bool useHWPointOfView,
                                        TextBuffer &out)
{
    if (auto ok = checkPrintable(layout, kDistributedView, kSharedView); !ok)
        return ok.error();
    tritonDistributedView(layout, useHWPointOfView, out);
    return true;
}

Expected<bool> tryTritonSharedView(const LinearLayout &layout, bool useHWPointOfView,
                                   TextBuffer &out)
{
    if (auto ok = checkPrintable(layout, kSharedView, kDistributedView); !ok)
        return ok.error();
    tritonSharedView(layout, useHWPointOfView, out);
    return true;
}

Expected<std::string> tryTritonDistributedView(const LinearLayout &layout, bool useHWPointOfView)
{
    StringBuffer out;
    if (auto ok = tryTritonDistributedView(layout, useHWPointOfView, out); !ok)
        return ok.error();
    return std::move(out.text);
}

Expected<std::string> tryTritonSharedView(const LinearLayout &layout, bool useHWPointOfView)
{
    StringBuffer out;
    if (auto ok = tryTritonSharedView(layout, useHWPointOfView, out); !ok)
        return ok.error();
    return std::move(out.text);
}

} // namespace lx
