#include "analysis/kpackdecision.h"

namespace lx {

const char *kpackStoreChoiceName(KPackStoreChoice choice)
{
    switch (choice) {
    case KPackStoreChoice::VectoriseD:
        return "vectorise D";
    case KPackStoreChoice::RotateK:
        return "rotate";
    case KPackStoreChoice::StoreK:
        break;
    }
    return "store K unrotated";
}

KPackDecision kpackDecision(const KPackStorePlan &plan)
{
    KPackDecision d;
    d.maxVlen = 128 / plan.elementBits;
    d.copyKPerThread = plan.kPerThread;
    d.copyDPerThread = plan.dPerThread;
    d.kpack = plan.config.kpack;
    d.vectoriseDBeforeFix = d.kpack < d.maxVlen && d.copyDPerThread > 1;
    d.vectoriseDAfterFix = d.vectoriseDBeforeFix && d.copyKPerThread >= d.kpack;
    // A thread that copies fewer K values than kPack cannot fill a kPack vector: the D
    // vectorisation the old rule chose does not happen and the stores stay along K.
    const bool dContiguous = d.copyKPerThread >= d.kpack;
    d.beforeFix = !d.vectoriseDBeforeFix ? KPackStoreChoice::RotateK
                  : dContiguous          ? KPackStoreChoice::VectoriseD
                                         : KPackStoreChoice::StoreK;
    d.afterFix = d.vectoriseDAfterFix ? KPackStoreChoice::VectoriseD : KPackStoreChoice::RotateK;
    return d;
}

} // namespace lx
