#include "analysis/swizzleatom.h"

#include "analysis/banks.h"

#include <algorithm>
#include <bit>

namespace lx {

Expected<SwizzleAtom> swizzleAtom(const Architecture &arch, const LinearLayout &shared,
                                  int elementBits)
{
    if (!shared.hasInDim("offset"))
        return makeError("the swizzle atom needs a shared layout (an offset in-dim)");
    if (elementBits != 8 && elementBits != 16 && elementBits != 32 && elementBits != 64)
        return makeError("the swizzle atom needs 8-, 16-, 32- or 64-bit elements, not " +
                         std::to_string(elementBits));
    const int bytes = elementBits / 8;
    const int offsetBits = shared.inDimSizeLog2("offset");
    if (offsetBits == 0)
        return makeError("the shared layout holds a single element");
    SwizzleAtom atom;
    const LinearLayout::Basis &first = shared.basis("offset", 0);
    for (size_t d = 0; d < first.size(); ++d)
        if (first[d] != 0) {
            atom.contiguousDim = int(d);
            break;
        }
    // The line: the leading offset bases that move the contiguous dim alone, at most 128 bytes.
    const int maxLineBits = std::countr_zero(unsigned(128 / bytes));
    int lineBits = 0;
    for (; lineBits < offsetBits && lineBits < maxLineBits; ++lineBits) {
        const LinearLayout::Basis &b = shared.basis("offset", lineBits);
        bool alone = b[size_t(atom.contiguousDim)] != 0;
        for (size_t d = 0; d < b.size(); ++d)
            alone = alone && (int(d) == atom.contiguousDim || b[d] == 0);
        if (!alone)
            break;
    }
    atom.chunkElements = 16 / bytes;
    const int lineElements = 1 << lineBits;
    if (lineElements < atom.chunkElements)
        return makeError("a row of the shared layout holds " +
                         std::to_string(lineElements * bytes) +
                         " contiguous bytes, less than one 16-byte chunk");
    atom.chunksPerLine = lineElements / atom.chunkElements;
    atom.lineBytes = lineElements * bytes;
    const int lineCount = 1 << std::min(3, offsetBits - lineBits);

    std::vector<int32_t> in(size_t(shared.numInDims()), 0);
    const int offsetIndex = shared.inDimIndex("offset");
    for (int i = 0; i < lineCount; ++i) {
        std::vector<SwizzleAtomChunk> line;
        for (int p = 0; p < atom.chunksPerLine; ++p) {
            const int32_t offset = i * lineElements + p * atom.chunkElements;
            in[size_t(offsetIndex)] = offset;
            SwizzleAtomChunk c;
            c.coord = shared.applyOrdered(in);
            c.chunk =
                (c.coord[size_t(atom.contiguousDim)] / atom.chunkElements) % atom.chunksPerLine;
            c.byteAddress = int64_t(offset) * bytes;
            line.push_back(std::move(c));
        }
        atom.lines.push_back(std::move(line));
    }
    const int dwords = 16 / std::max(1, arch.bankWidthBytes);
    for (int j = 0; j < atom.chunksPerLine; ++j) {
        std::vector<int> where;
        std::vector<int64_t> addresses;
        for (const std::vector<SwizzleAtomChunk> &line : atom.lines) {
            const auto it = std::find_if(line.begin(), line.end(),
                                         [&](const SwizzleAtomChunk &c) { return c.chunk == j; });
            where.push_back(it == line.end() ? -1 : int(it - line.begin()));
            if (it != line.end())
                addresses.push_back(it->byteAddress);
        }
        const std::vector<int> counts =
            bankCounts(addresses, dwords, arch.bankWidthBytes, arch.numBanks, true);
        atom.positions.push_back(std::move(where));
        atom.ways.push_back(
            counts.empty() ? 1 : std::max(1, *std::max_element(counts.begin(), counts.end())));
    }
    return atom;
}

} // namespace lx
