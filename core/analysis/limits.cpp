#include "analysis/limits.h"

#include "layout/linearlayout.h"

namespace lx {

namespace {
Error tooLarge(const std::string &what, const std::string &size)
{
    return makeError(what + " is too large to analyse: " + size + " (the limit is 2^" +
                     std::to_string(kMaxAnalysisBits) + " = " +
                     std::to_string(int64_t(1) << kMaxAnalysisBits) + " elements)");
}
} // namespace

Expected<bool> checkAnalysisSize(const LinearLayout &layout, const std::string &what)
{
    const int in = layout.totalInDimSizeLog2(), out = layout.totalOutDimSizeLog2();
    if (in > kMaxAnalysisBits)
        return tooLarge(what, "2^" + std::to_string(in) + " hardware indices");
    if (out > kMaxAnalysisBits)
        return tooLarge(what, "2^" + std::to_string(out) + " elements");
    return true;
}

Expected<bool> checkAnalysisShape(const std::vector<int64_t> &shape, const std::string &what)
{
    int64_t n = 1;
    for (int64_t e : shape) {
        if (e <= 0)
            return makeError(what + ": extent " + std::to_string(e) + " must be positive");
        if (n > (int64_t(1) << kMaxAnalysisBits) / e)
            return tooLarge(what, "more than 2^" + std::to_string(kMaxAnalysisBits) + " elements");
        n *= e;
    }
    return true;
}

} // namespace lx
