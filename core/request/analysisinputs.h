#pragma once

// The request layer's output: a ViewRequest (request/viewrequest.h) resolved into the typed,
// validated inputs of one analysis, and the analysis run. The views (ui/render), the window's
// analysis panel and every `analyze` command call these and nothing else, so a scene gives the
// same numbers everywhere.
//
// Every resolver applies the one defaults policy (request/defaults.h) and reports a bad option
// with the view and the option's name.

#include "analysis/banks.h"
#include "analysis/ctalayout.h"
#include "analysis/dsloadtr.h"
#include "analysis/kpack.h"
#include "analysis/ldsscenario.h"
#include "base/expected.h"
#include "hw/arch.h"
#include "request/sharedarch.h"
#include "request/viewrequest.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lx {

// ds_load_tr: the source (shared) and destination layouts, the element type and the plan.
// Options: "shared", "dst" (layout names; default: layouts named shared/S and dst/D, else the
// first two), "dtype", "packedFp4" (amdg.local_load_packed_transposed over i8 layouts).
struct DsLoadTrInput
{
    const ResolvedLayout *shared = nullptr; // points into the request
    const ResolvedLayout *dst = nullptr;
    std::string dtype;
    bool dtypeDefaulted = false;
    DsLoadTrPlan plan;
    // The DS counter's limit of the architecture the plan was made for (Architecture).
    std::optional<ModelConstant> dsCounterLimit;
};
[[nodiscard]] Expected<std::pair<const ResolvedLayout *, const ResolvedLayout *>>
dsLoadTrLayouts(const ViewRequest &request);
[[nodiscard]] Expected<DsLoadTrInput> resolveDsLoadTr(const ViewRequest &request);

// ctaLayout of a WMMA v3 accumulator: the view's layout (option "layout"), its 2-D shape and
// the operand element type.
struct CtaInput
{
    CuModel cu;
    CtaAnalysis cta;
    std::string layoutName;
    std::vector<int32_t> shape;
    std::string dtype;
    bool dtypeDefaulted = false;
};
[[nodiscard]] Expected<CtaInput> resolveCta(const ViewRequest &request);

// An LDS scenario (analysis/ldsscenario.h) from the view's options.
struct LdsInput
{
    CuModel cu;
    LdsScenario scenario;
};
[[nodiscard]] Expected<LdsInput> resolveLds(const ViewRequest &request);

// A kPack bank view's option "kpack" {perfConfig, operand "A"|"B", rotate, dtype}, checked (an
// operand other than "A" or "B" is refused, as every unknown value is); the element type by the
// one policy when kpack.dtype is absent.
struct KPackViewOptions
{
    PerfConfigV4 config;
    KPackOperand operand = KPackOperand::A;
    bool rotate = false;
    std::string dtype;
    bool dtypeDefaulted = false;
    int elementBits = 0;
};
[[nodiscard]] Expected<KPackViewOptions> resolveKPackOptions(const ViewRequest &request);

// Bank views and `analyze banks`: the access of the view's options (see render/bankdiagram.h).
struct BankViewInput
{
    SharedArchitecture arch; // held by reference: every record of an architecture shares it
    BankConflictReport report;
    std::vector<SharedElementBank> map; // every element of the shared tensor
    int rows = 1, cols = 1;             // of the tensor grid (2-D; 1-D tensors are one row)
    std::string rowAxis, columnAxis;
    std::string sourceText; // "kPack [8, 96, 4], rotation on", "#shared over 16x64 f16"
    int mapBanks = 32;      // bank count used for the map (the instruction's)
    std::string dtype;
    bool dtypeDefaulted = false;
    // What the conflict explainer needs to re-run the access with a changed shared layout (a
    // #ttg access with a register layout; empty for kPack views and bank maps without a reader).
    std::optional<BankAccessRequest> access;
    LayoutAttrPtr sharedAttr; // the shared layout's attribute, when it has one
    std::string sharedName;   // its name in the scene
    std::vector<int32_t> sharedShape;
};
[[nodiscard]] Expected<BankViewInput> resolveBankView(const ViewRequest &request);
// The same report and figures without what only a picture reads: no element map and no
// per-element accesses when the view has a register layout (searches, scripts, `analyze banks`).
[[nodiscard]] Expected<BankViewInput> resolveBankAccess(const ViewRequest &request);

// The bank request of a ds-load-tr view: a bank-table reading its destination ("reg") from its
// shared layout, with its dtype; the transposed load is then chosen when it applies.
[[nodiscard]] Expected<ViewRequest> dsLoadTrBankRequest(const ViewRequest &dsLoadTrView);
// report.transposedLoad for `analyze banks`: JSON (null when the access had no candidate) and
// one line of text.
[[nodiscard]] nlohmann::json transposedLoadJson(const BankConflictReport &report);
[[nodiscard]] std::string transposedLoadLine(const BankConflictReport &report);

} // namespace lx
