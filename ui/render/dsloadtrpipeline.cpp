// The ds_load_tr lowering walked step by step, as Fig 5 and Fig 6 of the blog walk it
// (buildDsLoadTrPipeline), and the invertAndCompose table that starts it
// (buildInvertAndComposeTable); dsloadtrdiagram.h declares both.

#include "render/dsloadtrdiagram.h"
#include "render/dsloadtrdiagraminternal.h"

#include "layout/basisname.h"
#include "render/palette.h"
#include "render/qtext.h"

#include <algorithm>
#include <iterator>

namespace lx {

using namespace dsloadtrdiagraminternal;

namespace {

// The steps of the lowering after cvt exists, as Fig 5 and Fig 6 walk them. An
// ineligible plan stops at divideLeft (it has no result; the load falls back).
struct PipelineStep
{
    const char *name;
    const char *what; // one sentence, shown above the tables while stepping
};
constexpr PipelineStep kPipelineSteps[] = {
    {"cvt", "cvt = dst.invertAndCompose(shared): each destination (register, lane, warp) basis "
            "is read off as the shared offset that reaches the same tensor coordinate."},
    {"divideLeft",
     "divideLeft(cvt, tile): the first lane bases must walk offsets 1, 2, 4, … exactly and every "
     "other basis must move whole tiles; the quotient is what remains with the tile factored out."},
    {"reps", "reps = zerosLike(tile) * quotient lifts the quotient back into cvt's offset space: "
             "each destination position maps to the base offset of its tile."},
    {"addrToOffset",
     "addrToOffset = fullTile.invert().compose(reps): a position inside one instruction, "
     "(offset, addr), goes to the destination (register, lane) receiving it, then to its tile "
     "base."},
    {"addrLayout", "addrLayout renames addr to lane and adds reps' warp bases: evaluated at the "
                   "runtime lane and warp ids it gives the LDS offset each lane reads."},
};
constexpr int kPipelineStepCount = int(std::size(kPipelineSteps));
constexpr QRgb kStepAccent = qRgb(255, 236, 170);

} // namespace

Diagram buildDsLoadTrPipeline(const DsLoadTrPlan &plan, const LinearLayout &dst, int step)
{
    if (!plan.hasInstruction())
        return buildNoTransposedLoad(plan, std::string());
    const DsLoadTrInstruction &in = plan.instruction;
    const int available = plan.eligible ? kPipelineStepCount : 2;
    const int shown = step <= 0 ? available : std::min(step, available);
    Diagram d;
    d.title = QStringLiteral("The ds_load_tr lowering pipeline (%1)").arg(qs(in.name));
    d.subtitle = planSubtitle(plan, std::string());
    for (int i = 0; i < available; ++i)
        d.steps.names << QString::fromLatin1(kPipelineSteps[i].name);
    d.steps.current = step <= 0 ? 0 : shown;
    if (step > 0) {
        DiagramTable what;
        what.title = QStringLiteral("Step %1 of %2 · %3")
                         .arg(shown)
                         .arg(available)
                         .arg(QString::fromLatin1(kPipelineSteps[shown - 1].name));
        // Tables do not wrap: one row per line, lines of about equal length up to ~90 characters.
        const QString text = QString::fromUtf8(kPipelineSteps[shown - 1].what);
        const qsizetype lines = (text.size() + 89) / 90;
        const qsizetype width = text.size() / std::max<qsizetype>(1, lines) + 12;
        QString line;
        for (const QString &word : text.split(QLatin1Char(' '))) {
            if (!line.isEmpty() && line.size() + 1 + word.size() > width) {
                what.rows.push_back({line});
                line.clear();
            }
            line += (line.isEmpty() ? QString() : QStringLiteral(" ")) + word;
        }
        if (!line.isEmpty())
            what.rows.push_back({line});
        d.tables.push_back(std::move(what));
    }
    // Tables of step k, numbered k as in the step bar; while stepping, the current step's are
    // tinted.
    auto add = [&](int k, DiagramTable t) {
        if (k > shown)
            return;
        if (step > 0 && k == shown) {
            t.fills.assign(t.rows.size(), std::vector<QRgb>(size_t(t.header.size()), kStepAccent));
            d.steps.currentTables.push_back(int(d.tables.size()));
        }
        d.tables.push_back(std::move(t));
    };
    add(1, basisTable(QStringLiteral("1 · dst (the input)"), dst, outNames(dst)));
    add(1, basisTable(QStringLiteral("1 · cvt = dst.invertAndCompose(shared)"), plan.cvt,
                      outNames(plan.cvt)));
    if (!plan.eligible) {
        DiagramTable why;
        why.title = QStringLiteral("2 · divideLeft(cvt, tile) has no result");
        why.header = {QStringLiteral("reason")};
        why.rows.push_back({qs(plan.reason)});
        add(2, std::move(why));
        return d;
    }
    add(2, basisTable(QStringLiteral("2 · quotient = divideLeft(cvt, tile)"), plan.quotient,
                      outNames(plan.quotient)));
    add(3, basisTable(QStringLiteral("3 · reps = zerosLike(tile) * quotient"), plan.reps,
                      outNames(plan.reps)));
    add(4, basisTable(QStringLiteral("4 · fullTile (the instruction)"), in.fullTile(),
                      QStringLiteral("[offset, addr]")));
    add(4, basisTable(QStringLiteral("4 · addrToOffset = fullTile.invert().compose(reps)"),
                      plan.addrToOffset, outNames(plan.addrToOffset)));
    add(5, basisTable(QStringLiteral("5 · addrLayout (addr → lane, + reps' warps)"),
                      plan.addrLayout, outNames(plan.addrLayout)));
    return d;
}

Expected<Diagram> buildInvertAndComposeTable(const LinearLayout &dst, const LinearLayout &shared)
{
    Expected<LinearLayout> cvt = dst.invertAndCompose(shared);
    if (!cvt)
        return makeError("invertAndCompose: " + cvt.message());
    // A block output nothing reaches (one CTA) is noise in the table, as in the blog's.
    if (cvt->hasOutDim("block") && cvt->hasInDim("block")) {
        if (std::optional<LinearLayout> q = cvt->quotient({"block"}))
            cvt = *q;
    } else if (cvt->hasOutDim("block")) {
        Expected<bool> zero = cvt->sublayoutIsZero(cvt->inDimNames(), {"block"});
        std::vector<std::string> outs;
        for (const std::string &o : cvt->outDimNames())
            if (o != "block")
                outs.push_back(o);
        if (zero && *zero)
            cvt = cvt->sublayout(cvt->inDimNames(), outs);
    }
    auto flat = [](const LinearLayout &l) {
        std::vector<std::pair<QString, QString>> v;
        for (const auto &[dim, bases] : l.bases())
            for (size_t i = 0; i < bases.size(); ++i)
                v.emplace_back(qs(basisName(dim, int(i))), basisText(bases[i]));
        return v;
    };
    const auto a = flat(dst), b = flat(shared), c = flat(*cvt);
    Diagram d;
    d.title = QStringLiteral("cvt = dstLL.invertAndCompose(sharedLL)");
    d.subtitle = QStringLiteral(
        "each destination basis is matched to the shared offsets that reach the same "
        "coordinate; cvt reads off that offset");
    DiagramTable t;
    t.header = {QStringLiteral("dstLL"),    QStringLiteral("→ %1").arg(outNames(dst)),
                QStringLiteral("sharedLL"), QStringLiteral("→ %1").arg(outNames(shared)),
                QStringLiteral("cvt"),      QStringLiteral("→ %1").arg(outNames(*cvt))};
    const size_t n = std::max({a.size(), b.size(), c.size()});
    for (size_t i = 0; i < n; ++i) {
        QStringList row;
        for (const auto *v : {&a, &b, &c}) {
            row << (i < v->size() ? (*v)[i].first : QString());
            row << (i < v->size() ? (*v)[i].second : QString());
        }
        t.rows.push_back(row);
    }
    d.tables.push_back(std::move(t));
    return d;
}
namespace dsloadtrdiagraminternal {

int pipelineStepCount()
{
    return kPipelineStepCount;
}

} // namespace dsloadtrdiagraminternal

} // namespace lx
