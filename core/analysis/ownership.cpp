#include "analysis/ownership.h"
#include "base/intmath.h"

#include "f2/f2matrix.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <sstream>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace lx {

namespace {

std::string vecToString(const std::vector<int32_t> &v)
{
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i) {
        if (i)
            s += ',';
        s += std::to_string(v[i]);
    }
    return s + ']';
}

// Where the row and column of an element sit in the flattened output, and in the slice index.
struct SliceBits
{
    int rowShift;
    uint64_t rowMask;
    int colShift;
    uint64_t colMask;
    int colBits;
    bool hasColumns;
};

// The owners of a layout that is surjective onto the slice (no fixed dims), in CSR order: every
// element has 2^m owners, m the kernel's dimension, and the owners of an element are a coset
// x0 ⊕ K. Taking K's basis in echelon form (each kernel vector's highest bit is an input bit
// whose image depends on the images of lower bits: a "pivot"), two members of a coset compare
// like their pivot bits, so an owner's place among its element's owners is its pivot bits
// gathered (pext), which is linear in x. The slot (element << m | rank) of an input is thus one
// XOR per input and the owners are written once, already in order: no count pass and no
// per-input buffer. The map from input to slot is linear and one to one, so the owners are
// written in slot order instead: its inverse gives the input of every slot, walked as above over
// the slot's high bits, with a table of the inverse over the low bits XORed in. The writes are
// sequential and the inner loop a vector XOR, where writing in input order scattered them over the
// whole map.
// A map this large (past any core's share of the last-level cache) is written with streaming
// stores: a plain store first reads its cache line from memory (the line is then written back),
// a streaming store only writes, which halves the memory traffic of writing the map.
constexpr size_t kStreamingOwnerBytes = size_t(8) << 20;

#if defined(__SSE2__)
// Row h of `rows` rows of low.size() owners (a multiple of 4; `out` 16-byte aligned): the XOR
// of the walk's step h with the low table (see ownersByCoset), four owners a store.
template <bool Streaming>
void writeOwnerRowsSse2(OwnershipMap::Input *out, uint64_t rows,
                        const std::vector<OwnershipMap::Input> &low,
                        const std::vector<OwnershipMap::Input> &highStep)
{
    static_assert(sizeof(OwnershipMap::Input) == 4);
    const size_t lowCount = low.size();
    const OwnershipMap::Input *lowTable = low.data();
    OwnershipMap::Input high = 0;
    for (uint64_t h = 0; h < rows; ++h) {
        if (h)
            high ^= highStep[size_t(std::countr_zero(h))];
        const __m128i hv = _mm_set1_epi32(int(high));
        for (size_t s = 0; s < lowCount; s += 4) {
            auto *to = reinterpret_cast<__m128i *>(out + s);
            const __m128i v =
                _mm_xor_si128(hv, _mm_loadu_si128(reinterpret_cast<const __m128i *>(lowTable + s)));
            if constexpr (Streaming)
                _mm_stream_si128(to, v);
            else
                _mm_store_si128(to, v);
        }
        out += lowCount;
    }
    if constexpr (Streaming)
        _mm_sfence(); // the streamed stores are ordered before anything the caller does next
}
#endif

// The rows of ownersByCoset with vector stores (the compiler does not vectorise the plain loop at
// -O2), streaming ones from kStreamingOwnerBytes on. False (nothing written) where the table's
// length or the buffer's alignment does not allow it, or without SSE2.
bool writeOwnerRowsVector(OwnershipMap::Input *out, uint64_t rows,
                          const std::vector<OwnershipMap::Input> &low,
                          const std::vector<OwnershipMap::Input> &highStep)
{
#if defined(__SSE2__)
    if (low.size() % 4 != 0 || reinterpret_cast<uintptr_t>(out) % 16 != 0)
        return false;
    if (rows * low.size() * sizeof(OwnershipMap::Input) >= kStreamingOwnerBytes)
        writeOwnerRowsSse2<true>(out, rows, low, highStep);
    else
        writeOwnerRowsSse2<false>(out, rows, low, highStep);
    return true;
#else
    (void)out, (void)rows, (void)low, (void)highStep;
    return false;
#endif
}

LargeBuffer<OwnershipMap::Input>
ownersByCoset(const LinearLayout &layout, const std::vector<int> &outOffset, const SliceBits &sb)
{
    const int nBits = layout.totalInDimSizeLog2();
    const int m = nBits - layout.rank();
    std::vector<uint64_t> images;
    for (const auto &[name, bases] : layout.bases()) {
        for (const auto &b : bases) {
            uint64_t img = 0;
            for (size_t o = 0; o < b.size(); ++o)
                img ^= uint64_t(uint32_t(b[o])) << outOffset[o];
            images.push_back(img);
        }
    }
    // The pivots of the kernel are the input bits whose image depends on earlier ones: the free
    // columns of the image matrix.
    std::vector<bool> isFree(images.size(), false);
    for (int c : F2Matrix::fromColumns(images, layout.totalOutDimSizeLog2()).freeColumns())
        isFree[size_t(c)] = true;
    // The slot of each input bit, then the input of each slot bit (the inverse map's columns).
    std::vector<uint64_t> slotOfBit(images.size(), 0);
    int pivots = 0;
    for (size_t k = 0; k < images.size(); ++k) {
        const uint64_t img = images[k];
        const uint64_t rankBit = isFree[k] ? uint64_t(1) << pivots++ : 0;
        const uint64_t r = (img >> sb.rowShift) & sb.rowMask;
        const uint64_t c = sb.hasColumns ? (img >> sb.colShift) & sb.colMask : 0;
        slotOfBit[k] = (((r << sb.colBits) | c) << m) | rankBit;
    }
    std::vector<uint64_t> unit(size_t(nBits), 0);
    for (int j = 0; j < nBits; ++j)
        unit[size_t(j)] = uint64_t(1) << j;
    const auto inputOfBit = F2Matrix::solveColumns(slotOfBit, unit, nBits);
    const uint64_t total = uint64_t(1) << nBits;
    LargeBuffer<OwnershipMap::Input> owners(total); // every slot written
    if (!inputOfBit) // not one to one: cannot happen for a layout surjective onto the slice
        return owners;
    // The inputs of the 2^lowBits low slots, and the steps of the walk over the high slot bits.
    const int lowBits = std::min(nBits, 8);
    const size_t lowCount = size_t(1) << lowBits;
    std::vector<OwnershipMap::Input> low(lowCount, 0);
    for (size_t s = 1; s < lowCount; ++s)
        low[s] = low[s & (s - 1)] ^ OwnershipMap::Input((*inputOfBit)[size_t(std::countr_zero(s))]);
    std::vector<OwnershipMap::Input> highStep(size_t(nBits - lowBits) + 1, 0);
    OwnershipMap::Input acc = 0;
    for (int k = lowBits; k < nBits; ++k) {
        acc ^= OwnershipMap::Input((*inputOfBit)[size_t(k)]);
        highStep[size_t(k - lowBits)] = acc;
    }
    const uint64_t highCount = total >> lowBits;
    if (writeOwnerRowsVector(owners.begin(), highCount, low, highStep))
        return owners;
    OwnershipMap::Input high = 0;
    OwnershipMap::Input *out = owners.begin();
    const OwnershipMap::Input *lowTable = low.data();
    for (uint64_t h = 0; h < highCount; ++h) {
        if (h)
            high ^= highStep[size_t(std::countr_zero(h))];
        for (size_t s = 0; s < lowCount; ++s)
            out[s] = high ^ lowTable[s];
        out += lowCount;
    }
    return owners;
}

} // namespace

int64_t elementId(const std::vector<int32_t> &coords,
                  const std::vector<LinearLayout::NamedSize> &sizes)
{
    int64_t id = 0;
    int shift = 0;
    for (size_t d = 0; d < sizes.size() && d < coords.size(); ++d) {
        id |= int64_t(coords[d]) << shift;
        shift += log2Exact(sizes[d].second);
    }
    return id;
}

std::vector<int32_t> OwnershipMap::decode(uint64_t flatInput) const
{
    std::vector<int32_t> v(m_inDimBits.size());
    int shift = 0;
    for (size_t i = 0; i < v.size(); ++i) {
        v[i] = int32_t((flatInput >> shift) & ((uint64_t(1) << m_inDimBits[i]) - 1));
        shift += m_inDimBits[i];
    }
    return v;
}

namespace {

// The slice's fixed index per out-dim, once the slice and the layout's size are checked.
Expected<std::vector<int32_t>> checkedFixed(const LinearLayout &layout, const OwnershipSlice &slice)
{
    const int nOut = layout.numOutDims();
    if (nOut == 0)
        return makeError("ownership: the layout has no out-dims");
    if (slice.rowDim < 0 || slice.rowDim >= nOut)
        return makeError("ownership: row dim " + std::to_string(slice.rowDim) +
                         " is not an out-dim (0.." + std::to_string(nOut - 1) + ")");
    if (slice.colDim < -1 || slice.colDim >= nOut || slice.colDim == slice.rowDim)
        return makeError("ownership: column dim " + std::to_string(slice.colDim) +
                         " must be another out-dim (or -1)");
    if (slice.colDim == -1 && nOut > 1)
        return makeError("ownership: a layout with several out-dims needs a column dim");
    const auto &outDims = layout.outDims();
    std::vector<int32_t> fixed(size_t(nOut), 0);
    for (size_t d = 0; d < slice.fixed.size() && d < fixed.size(); ++d)
        fixed[d] = slice.fixed[d];
    for (int d = 0; d < nOut; ++d) {
        if (d == slice.rowDim || d == slice.colDim)
            continue;
        if (fixed[size_t(d)] < 0 || fixed[size_t(d)] >= outDims[size_t(d)].second)
            return makeError("ownership: fixed index " + std::to_string(fixed[size_t(d)]) + " of " +
                             outDims[size_t(d)].first + " is outside [0, " +
                             std::to_string(outDims[size_t(d)].second) + ")");
    }
    const int nBits = layout.totalInDimSizeLog2();
    if (nBits > OwnershipMap::kMaxInputBits)
        return makeError("ownership: " + std::to_string(nBits) +
                         " input bits exceed the limit of " +
                         std::to_string(OwnershipMap::kMaxInputBits));
    return fixed;
}

// step[k]: the output change when counting from x-1 to x with k trailing zeros in x, i.e. the
// XOR of the images of bits 0..k.
std::vector<uint64_t> countingSteps(const LinearLayout &layout, const std::vector<int> &offset)
{
    std::vector<uint64_t> step(size_t(layout.totalInDimSizeLog2()) + 1, 0);
    uint64_t acc = 0;
    int k = 0;
    for (const auto &[name, bases] : layout.bases()) {
        for (const auto &b : bases) {
            uint64_t img = 0;
            for (size_t o = 0; o < b.size(); ++o)
                img ^= uint64_t(uint32_t(b[o])) << offset[o];
            acc ^= img;
            step[size_t(k++)] = acc;
        }
    }
    return step;
}

// The owners of every element of a slice in CSR form: offsets (nElements + 1 of them), owners
// and the largest owner count.
struct ScannedOwners
{
    LargeBuffer<uint32_t> offsets;
    LargeBuffer<OwnershipMap::Input> owners;
    size_t maxOwners = 0;
};

// The owners by two passes over every input (the general case: fixed dims or a layout not
// surjective onto the slice). Inputs whose output bits under sliceMask differ from sliceValue lie
// outside the slice.
ScannedOwners ownersByScan(const std::vector<uint64_t> &step, int nBits, size_t nElements,
                           uint64_t sliceMask, uint64_t sliceValue, const SliceBits &sb)
{
    const uint64_t total = uint64_t(1) << nBits;
    ScannedOwners out;
    // Pass 1: the element of every input (sequential writes) and the owner count per element,
    // counted at count[e + 2] so that after the prefix sum count[e + 1] is the start of e and the
    // scatter's count[e + 1]++ leaves it at the start of e + 1: the offsets, with no cursor copy.
    // Inputs outside the slice get the sentinel kOutside.
    constexpr uint32_t kOutside = UINT32_MAX;
    LargeBuffer<uint32_t> elementOf(total); // all written
    LargeBuffer<uint32_t> count(nElements + 2);
    std::fill(count.begin(), count.end(), 0u);
    {
        uint64_t o = 0;
        for (uint64_t x = 0; x < total; ++x) {
            if (x)
                o ^= step[size_t(std::countr_zero(x))];
            if ((o & sliceMask) != sliceValue) {
                elementOf[x] = kOutside;
                continue;
            }
            const uint64_t r = (o >> sb.rowShift) & sb.rowMask;
            const uint64_t c = sb.hasColumns ? (o >> sb.colShift) & sb.colMask : 0;
            const auto e = uint32_t((r << sb.colBits) | c);
            elementOf[x] = e;
            ++count[size_t(e) + 2];
        }
    }
    for (size_t e = 0; e < nElements; ++e) {
        out.maxOwners = std::max(out.maxOwners, size_t(count[e + 2]));
        count[e + 2] += count[e + 1];
    }
    out.owners =
        LargeBuffer<OwnershipMap::Input>(count[nElements + 1]); // every entry written by pass 2
    // Pass 2: scatter the inputs, ascending, to their elements.
    for (uint64_t x = 0; x < total; ++x) {
        const uint32_t e = elementOf[x];
        if (e != kOutside)
            out.owners[count[size_t(e) + 1]++] = OwnershipMap::Input(x);
    }
    count.shrink(nElements + 1);
    out.offsets = std::move(count);
    return out;
}

} // namespace

Expected<OwnershipMap> computeOwnership(const LinearLayout &layout, const OwnershipSlice &slice)
{
    auto fixedE = checkedFixed(layout, slice);
    if (!fixedE)
        return fixedE.error();
    const std::vector<int32_t> &fixed = *fixedE;
    const int nOut = layout.numOutDims();
    const auto &outDims = layout.outDims();
    const int nBits = layout.totalInDimSizeLog2();

    OwnershipMap map;
    map.m_outDims = outDims;
    map.m_rowDim = slice.rowDim;
    map.m_colDim = slice.colDim;
    map.m_fixed = fixed;
    map.m_rows = outDims[size_t(slice.rowDim)].second;
    map.m_cols = slice.colDim >= 0 ? outDims[size_t(slice.colDim)].second : 1;
    for (const auto &[name, bases] : layout.bases()) {
        map.m_inDimNames.push_back(name);
        map.m_inDimBits.push_back(int(bases.size()));
    }

    // Out-dims occupy consecutive bit ranges of the flattened output.
    std::vector<int> offset(size_t(nOut), 0);
    for (int d = 1; d < nOut; ++d)
        offset[size_t(d)] = offset[size_t(d) - 1] + log2Exact(outDims[size_t(d) - 1].second);
    uint64_t sliceMask = 0; // bits of the fixed dims
    uint64_t sliceValue = 0;
    for (int d = 0; d < nOut; ++d) {
        if (d == slice.rowDim || d == slice.colDim)
            continue;
        sliceMask |= ((uint64_t(1) << log2Exact(outDims[size_t(d)].second)) - 1)
                     << offset[size_t(d)];
        sliceValue |= uint64_t(uint32_t(fixed[size_t(d)])) << offset[size_t(d)];
    }
    const int rowShift = offset[size_t(slice.rowDim)];
    const int colShift = slice.colDim >= 0 ? offset[size_t(slice.colDim)] : 0;
    const SliceBits sb{.rowShift = rowShift,
                       .rowMask = uint64_t(map.m_rows - 1),
                       .colShift = colShift,
                       .colMask = uint64_t(map.m_cols - 1),
                       .colBits = log2Exact(map.m_cols),
                       .hasColumns = slice.colDim >= 0};

    const std::vector<uint64_t> step = countingSteps(layout, offset);
    if (log2Exact(map.m_rows) + log2Exact(map.m_cols) > OwnershipMap::kMaxInputBits)
        return makeError("ownership: a " + std::to_string(map.m_rows) + "×" +
                         std::to_string(map.m_cols) +
                         " slice has more elements than the limit of 2^" +
                         std::to_string(OwnershipMap::kMaxInputBits));
    const size_t nElements = size_t(map.m_rows) * size_t(map.m_cols);
    // Element ids: the out-space flattening with the fixed dims' bits in place.
    map.m_idBase = int64_t(sliceValue);
    map.m_idRowShift = rowShift;
    map.m_idColShift = colShift;

    // Surjective onto the slice with every out-dim shown (bijective layouts included): every
    // element has 2^m owners, written in place by ownersByCoset.
    if (sliceMask == 0 && layout.isSurjective() && nElements == (uint64_t(1) << layout.rank())) {
        const int m = nBits - layout.rank();
        const auto perElement = uint32_t(1) << m;
        map.m_uniformLog2 = m;
        map.m_owners = ownersByCoset(layout, offset, sb);
        map.m_maxOwners = perElement;
        return map;
    }

    ScannedOwners scanned = ownersByScan(step, nBits, nElements, sliceMask, sliceValue, sb);
    map.m_maxOwners = scanned.maxOwners;
    map.m_owners = std::move(scanned.owners);
    map.m_offsets = std::move(scanned.offsets);
    return map;
}

std::string XorDecomposition::toString() const
{
    std::string s;
    bool any = false;
    for (const auto &[name, value] : input) {
        if (value == 0)
            continue;
        if (any)
            s += ", ";
        s += name + '=' + std::to_string(value);
        any = true;
    }
    if (!any) {
        for (size_t i = 0; i < input.size(); ++i) {
            if (i)
                s += ", ";
            s += input[i].first + "=0";
        }
    }
    s += " \u2192 ";
    if (terms.size() <= 1)
        return s + vecToString(result);
    for (size_t i = 0; i < terms.size(); ++i) {
        if (i)
            s += " \u2295 ";
        s += vecToString(terms[i].basis);
    }
    return s + " = " + vecToString(result);
}

Expected<XorDecomposition> decomposeXor(const LinearLayout &layout,
                                        const std::vector<LinearLayout::NamedValue> &input)
{
    if (int(input.size()) != layout.numInDims())
        return makeError("xor decomposition: expected a value for each of the " +
                         std::to_string(layout.numInDims()) + " in-dims, got " +
                         std::to_string(input.size()));
    XorDecomposition d;
    d.result.assign(size_t(layout.numOutDims()), 0);
    for (const auto &dim : layout.bases()) {
        // Named copies: clang 14 cannot capture structured bindings in the lambda below.
        const std::string &name = dim.first;
        const auto &bases = dim.second;
        const auto it = std::find_if(input.begin(), input.end(),
                                     [&](const auto &nv) { return nv.first == name; });
        if (it == input.end())
            return makeError("xor decomposition: no value for in-dim '" + name + "'");
        const int32_t value = it->second;
        if (value < 0 || (bases.size() < 31 && value >= (int32_t(1) << bases.size())))
            return makeError("xor decomposition: " + name + "=" + std::to_string(value) +
                             " is outside [0, " + std::to_string(int64_t(1) << bases.size()) + ")");
        d.input.emplace_back(name, value);
        for (size_t i = 0; i < bases.size(); ++i) {
            if (!((value >> i) & 1))
                continue;
            d.terms.push_back(XorTerm{name, int(i), bases[i]});
            for (size_t o = 0; o < d.result.size(); ++o)
                d.result[o] ^= bases[i][o];
        }
    }
    return d;
}

} // namespace lx
