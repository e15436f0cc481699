#include "request/pieceline.h"

#include "analysis/ctalayout.h"

namespace lx {

std::string cacheLineShareText(int64_t bytes, int64_t lineBytes)
{
    if (bytes <= 0 || lineBytes <= 0)
        return "none";
    if (bytes % lineBytes == 0)
        return bytes == lineBytes ? std::string("1 line")
                                  : std::to_string(bytes / lineBytes) + " lines";
    if (bytes < lineBytes && lineBytes % bytes == 0)
        return "1/" + std::to_string(lineBytes / bytes) + " of a line";
    return decimalText(100.0 * double(bytes) / double(lineBytes)) + " % of a line";
}

std::vector<Figure> pieceRowFigures(const std::optional<ModelConstant> &cacheLine,
                                    const OperandPartitioning &op, int elementBits)
{
    if (!op.separable || !cacheLine || op.pieceExtent <= 0 || elementBits <= 0)
        return {};
    const ModelConstant &line = *cacheLine;
    const auto lineBytes = int64_t(line.value);
    const int64_t bytes = int64_t(op.pieceExtent) * elementBits / 8;
    const std::string band = op.partitionDim == 0 ? "M" : "N";
    const std::string shape = op.partitionDim == 0 ? "[" + std::to_string(op.pieceExtent) + ", K]"
                                                   : "[K, " + std::to_string(op.pieceExtent) + "]";
    std::vector<Figure> f;
    f.push_back(Figure{"pieceRowBytes" + op.name, op.name + " bytes per piece row",
                       bytesText(bytes) + " (a " + shape + " row, if " + band + "-contiguous)",
                       double(bytes), "B", FigureSource::Computed,
                       "One row of a piece along partition_dim: " + std::to_string(op.pieceExtent) +
                           " elements x " + std::to_string(elementBits) +
                           " bits, contiguous in global memory "
                           "when the operand is " +
                           band +
                           "-contiguous (the blog's Figure 11 "
                           "reads an N-contiguous B)"});
    const double share = double(bytes) / line.value;
    f.push_back(
        Figure{"cacheLine" + op.name, op.name + " cache line per piece row",
               cacheLineShareText(bytes, lineBytes) + " (a line is " + bytesText(lineBytes) + ")",
               share, "", figureSourceOf(line.provenance, FigureSource::Computed),
               "Piece row bytes / cache line (" + bytesText(lineBytes) + ", " +
                   line.provenance.label() + ": " + line.provenance.source +
                   "); a row under one line leaves the rest of each line it touches "
                   "unused by this transfer"});
    return f;
}

} // namespace lx
