#include "models/suggestmodel.h"
#include "render/qtext.h"

#include "layout/builders.h"
#include "models/conflictfix.h"
#include "models/layoutdocument.h"
#include "models/scenefile.h"
#include "request/figures.h"

#include <QElapsedTimer>
#include <QFont>
#include <QUndoStack>

#include <utility>
#include <variant>

using namespace Qt::StringLiterals;

namespace lx {

namespace {

QString waysText(int ways, int cycles)
{
    return ways > 0 ? u"%1-way, %2 cyc"_s.arg(ways).arg(cycles) : u"-"_s;
}

} // namespace

SuggestModel::SuggestModel(LayoutDocument *document, QObject *parent)
    : TableModel(parent,
                 {u"Family"_s, u"Read"_s, u"Write"_s, u"Vector"_s, u"ds_load_tr / ldmatrix"_s,
                  u"LDS bytes"_s, u"Part. conflicts"_s, u"Pareto"_s, u"Layout"_s}),
      m_document(document)
{
}

int SuggestModel::rows() const
{
    return int(m_result.candidates.size()) + (m_result.triton ? 1 : 0);
}

const SharedCandidate *SuggestModel::candidate(int row) const
{
    if (row >= 0 && row < int(m_result.candidates.size()))
        return &m_result.candidates[size_t(row)];
    // Without a reference, referenceRow() is -1: no row is it.
    if (m_result.triton && row == referenceRow())
        return &*m_result.triton;
    return nullptr;
}

QVariant SuggestModel::data(const QModelIndex &index, int role) const
{
    const SharedCandidate *c = candidate(index.row());
    if (!c)
        return {};
    const bool reference = index.row() == referenceRow();
    if (role == Qt::ToolTipRole) {
        QString tip = qs(c->text) + (c->note.empty() ? QString() : u"\n"_s + qs(c->note));
        // Cycles read off a low-confidence phase table say so, as the bank view does.
        for (const auto &[side, p] : {std::pair{u"read"_s, &c->readCyclesProvenance},
                                      std::pair{u"write"_s, &c->writeCyclesProvenance}}) {
            const FigureSource s = figureSourceOf(*p, FigureSource::Computed);
            if (s != FigureSource::Computed)
                tip += u"\n%1 cycles: %2 (%3)"_s.arg(side, QLatin1String(figureSourceName(s)),
                                                     qs(p->label()));
        }
        // NVIDIA: the instructions the lowering picks; the cycles are the CTA's wavefronts.
        if (!c->readInstruction.empty())
            tip += u"\nread: %1 (cycles: wavefronts of the CTA)"_s.arg(qs(c->readInstruction));
        if (!c->writeInstruction.empty())
            tip += u"\nwrite: %1"_s.arg(qs(c->writeInstruction));
        return tip;
    }
    if (role == Qt::FontRole && (reference || c->pareto)) {
        QFont f;
        f.setBold(c->pareto);
        f.setItalic(reference);
        return f;
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case FamilyColumn:
        return reference ? (m_kpack ? u"current"_s : u"Triton's pick"_s) : qs(c->family);
    case ReadColumn:
        return c->readCycles > 0 ? waysText(c->readWays, c->readCycles) : u"-"_s;
    case WriteColumn:
        return waysText(c->writeWays, c->writeCycles);
    case VectorColumn:
        return u"%1-bit"_s.arg(c->vectorBits);
    case DsLoadTrColumn:
        if (!c->readInstruction.empty()) // NVIDIA: the read's instruction, ldmatrix or not
            return qs(c->readInstruction);
        if (!c->dsLoadTrError.empty())
            return tr("failed: %1").arg(qs(c->dsLoadTrError));
        return c->dsLoadTr ? u"yes"_s : u"no"_s;
    case LdsColumn:
        return QString::number(c->ldsBytes);
    case PartitionColumn:
        return c->partitionConflicts;
    case ParetoColumn:
        return c->pareto ? u"yes"_s : QString();
    case TextColumn:
        return qs(c->text);
    }
    return {};
}

void SuggestModel::dropResult()
{
    m_result = {};
    m_access.reset();
    m_explained.reset();
    m_searchedScene.reset();
    m_explainedScene.reset();
    m_kpack = false;
}

void SuggestModel::clear(const QString &status)
{
    beginResetModel();
    dropResult();
    m_status = status;
    endResetModel();
    Q_EMIT refreshed();
}

bool SuggestModel::isCurrent() const
{
    return m_searchedScene && *m_searchedScene == m_document->contents();
}

Expected<SceneAccess> SuggestModel::accessOf(const Scene &scene) const
{
    if (m_viewIndex < 0)
        return sceneAccess(scene);
    if (m_viewIndex >= int(scene.views.size()))
        return makeError("scene '" + scene.name + "' has no view " + std::to_string(m_viewIndex));
    Expected<ViewRequest> base = sceneRequest(scene);
    if (!base)
        return makeError("scene '" + scene.name + "': " + base.message());
    Expected<SceneAccess> a =
        viewAccess(withSceneView(*base, scene.views[size_t(m_viewIndex)]), m_viewIndex);
    if (!a)
        return makeError("scene '" + scene.name + "': " + a.message());
    return a;
}

void SuggestModel::refresh()
{
    beginResetModel();
    dropResult();
    m_searchedScene = m_document->contents();
    auto access = accessOf(sceneFromContents(*m_searchedScene));
    if (!access) {
        m_status = tr("Nothing to search: %1").arg(qs(access.message()));
    } else {
        m_access = *access;
        m_kpack = std::holds_alternative<KPackSuggestRequest>(access->request);
        QElapsedTimer timer;
        timer.start();
        Expected<SuggestSharedResult> r = searchAccess(*access);
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        if (!r) {
            m_status = tr("Search failed: %1").arg(qs(r.message()));
        } else {
            m_result = std::move(*r);
            int front = 0;
            for (const auto &c : m_result.candidates)
                front += c.pareto;
            m_status = tr("%1 — %2 candidates scored in %3 ms, %4 on the Pareto front")
                           .arg(qs(access->description))
                           .arg(m_result.scored)
                           .arg(ms, 0, 'f', 1)
                           .arg(front);
        }
    }
    endResetModel();
    Q_EMIT refreshed();
}

std::vector<Figure> SuggestModel::figures() const
{
    return m_access ? suggestFigures(*m_access, m_result) : std::vector<Figure>{};
}

QString SuggestModel::replaceShared(const SceneAccess &access, const LayoutAttrPtr &attr,
                                    const QString &what)
{
    const auto *request = std::get_if<SuggestSharedRequest>(&access.request);
    if (!request)
        return tr("this access has no shared layout to replace");
    return applySharedFix(m_document, attr, qs(access.sharedName), request->shape, qs(access.dtype),
                          what);
}

QString SuggestModel::apply(int row)
{
    const SharedCandidate *c = candidate(row);
    if (!c)
        return tr("no candidate in row %1").arg(row);
    if (m_kpack || !c->attr)
        return tr("kPack layouts are rocMLIR parameters, not #ttg layouts: set the rotation in "
                  "the view options (or pad the LDS rows) in rocMLIR");
    if (!m_access)
        return tr("no access was searched");
    if (!isCurrent())
        return tr("the scene has changed since this search: search again");
    return replaceShared(*m_access, c->attr, tr("Apply suggested layout (%1)").arg(qs(c->family)));
}

bool SuggestModel::isInPlace(int row) const
{
    const SharedCandidate *c = candidate(row);
    if (!c || !c->attr || !m_access)
        return false;
    const auto *request = std::get_if<SuggestSharedRequest>(&m_access->request);
    if (!request)
        return false;
    const Expected<LinearLayout> l = toLinearLayout(*c->attr, request->shape);
    return l && *l == m_access->sharedLayout;
}

Expected<ConflictExplanation> SuggestModel::explainWorst()
{
    m_explained.reset();
    m_explainedScene.reset();
    // The document as it is now: a hand edit since the last search is what the views show.
    SceneContents scene = m_document->contents();
    auto access = accessOf(sceneFromContents(scene));
    if (!access)
        return access.error();
    auto e = explainAccess(*access);
    if (e) {
        m_explained = std::move(*access);
        m_explainedScene = std::move(scene);
    }
    return e;
}

QString SuggestModel::applyFix(const ConflictFix &fix)
{
    if (!m_explained)
        return tr("explain the conflict first");
    // The fix is a change of the scene that was explained: refuse it over any other (naming the
    // explained layout when that is what changed).
    if (!m_explainedScene || !(*m_explainedScene == m_document->contents())) {
        const int index = m_explained->sharedName.empty()
                              ? -1
                              : m_document->indexOfLayout(qs(m_explained->sharedName));
        if (!m_explained->sharedName.empty() &&
            (index < 0 || !(m_document->layoutAt(index).layout == m_explained->sharedLayout)))
            return tr("'%1' has changed since it was explained: explain it again")
                .arg(qs(m_explained->sharedName));
        return tr("the scene has changed since it was explained: explain it again");
    }
    if (std::holds_alternative<KPackSuggestRequest>(m_explained->request)) {
        const QString why = applyKPackFix(m_document, fix);
        if (why.isEmpty())
            refresh();
        return why;
    }
    return replaceShared(*m_explained, fix.attr,
                         tr("Apply conflict fix (%1)").arg(qs(fix.description)));
}

} // namespace lx
