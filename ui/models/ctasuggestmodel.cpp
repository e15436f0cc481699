#include "models/ctasuggestmodel.h"
#include "io/basestext.h"
#include "render/qtext.h"

#include "io/ttgtext.h"
#include "layout/builders.h"
#include "models/scenefile.h"

#include <QElapsedTimer>
#include <QFont>
#include <QUndoStack>

using namespace Qt::StringLiterals;

namespace lx {

namespace {

QString sharingText(const CtaCandidate &c)
{
    if (!c.crossPairSharedA && !c.crossPairSharedB)
        return u"none"_s;
    if (c.crossPairSharedA && c.crossPairSharedB)
        return u"A and B"_s;
    return c.crossPairSharedA ? u"A"_s : u"B"_s;
}

} // namespace

CtaSuggestModel::CtaSuggestModel(LayoutDocument *document, QObject *parent)
    : TableModel(parent,
                 {u"#"_s, u"Shared across pairs"_s, u"Partition conflicts"_s, u"TDM instr. (A+B)"_s,
                  u"Pieces (A+B)"_s, u"Groups (A+B)"_s, u"Warp bases"_s, u"Layout"_s}),
      m_document(document)
{
}

int CtaSuggestModel::rows() const
{
    return int(m_candidates.size()) + (m_access ? 1 : 0);
}

const CtaCandidate *CtaSuggestModel::candidate(int row) const
{
    if (row >= 0 && row < int(m_candidates.size()))
        return &m_candidates[size_t(row)];
    if (m_access && row == currentRow())
        return &m_access->currentRow;
    return nullptr;
}

QVariant CtaSuggestModel::data(const QModelIndex &index, int role) const
{
    const CtaCandidate *c = holds(index) ? candidate(index.row()) : nullptr;
    if (!c)
        return {};
    const bool current = index.row() == currentRow();
    if (role == Qt::ToolTipRole)
        return qs(c->text);
    if (role == Qt::FontRole && current) {
        QFont f;
        f.setItalic(true);
        return f;
    }
    if (role == SortRole) {
        switch (index.column()) {
        case RankColumn:
            return current ? int(m_candidates.size()) : index.row();
        case SharingColumn:
            return int(c->crossPairSharedA) + int(c->crossPairSharedB);
        case ConflictsColumn:
            return c->partitionConflicts;
        case TdmColumn:
            return c->tdmInstructionsA + c->tdmInstructionsB;
        case PiecesColumn:
            return c->piecesA + c->piecesB;
        case GroupsColumn:
            return c->groupsA + c->groupsB;
        default:
            break;
        }
        role = Qt::DisplayRole;
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case RankColumn:
        return current ? u"current"_s : QString::number(index.row() + 1);
    case SharingColumn:
        return sharingText(*c);
    case ConflictsColumn:
        return c->partitionConflicts;
    case TdmColumn:
        return u"%1 + %2"_s.arg(c->tdmInstructionsA).arg(c->tdmInstructionsB);
    case PiecesColumn:
        return u"%1 + %2"_s.arg(c->piecesA).arg(c->piecesB);
    case GroupsColumn:
        return u"%1 + %2"_s.arg(c->groupsA).arg(c->groupsB);
    case WarpColumn:
        return qs(formatBasesText(c->warpBases));
    case TextColumn:
        return qs(c->text);
    }
    return {};
}

void CtaSuggestModel::clear(const QString &status)
{
    beginResetModel();
    m_candidates.clear();
    m_access.reset();
    m_searchedScene.reset();
    m_status = status;
    endResetModel();
    Q_EMIT refreshed();
}

bool CtaSuggestModel::isCurrent() const
{
    return m_searchedScene && *m_searchedScene == m_document->contents();
}

void CtaSuggestModel::search(int viewIndex)
{
    beginResetModel();
    m_candidates.clear();
    m_access.reset();
    m_searchedScene = m_document->contents();
    const Scene scene = sceneFromContents(*m_searchedScene);
    Expected<ViewRequest> base = sceneRequest(scene);
    Expected<CtaSceneAccess> access =
        !base ? Expected<CtaSceneAccess>(base.error())
        : viewIndex < 0 || viewIndex >= int(scene.views.size())
            ? Expected<CtaSceneAccess>(
                  makeError("the scene has no view " + std::to_string(viewIndex)))
            : ctaViewAccess(withSceneView(*base, scene.views[size_t(viewIndex)]), viewIndex);
    if (!access) {
        m_status = tr("Nothing to search: %1").arg(qs(access.message()));
    } else {
        QElapsedTimer timer;
        timer.start();
        Expected<CtaSuggestResult> r = searchCta(*access);
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        if (!r) {
            m_status = tr("Search failed: %1").arg(qs(r.message()));
        } else {
            m_candidates = std::move(r->candidates);
            m_access = std::move(*access);
            const int best = m_candidates.empty() ? -1 : m_candidates.front().partitionConflicts;
            m_status = tr("%1 — %2 ctaLayouts in %3 ms; best: %4 partition conflicts, current: %5")
                           .arg(qs(m_access->description))
                           .arg(m_candidates.size())
                           .arg(ms, 0, 'f', 1)
                           .arg(best)
                           .arg(m_access->currentRow.partitionConflicts);
        }
    }
    endResetModel();
    Q_EMIT refreshed();
}

QString CtaSuggestModel::ttgText(int row) const
{
    const CtaCandidate *c = candidate(row);
    return c ? qs(c->text) : QString();
}

QString CtaSuggestModel::gluonText(int row) const
{
    const CtaCandidate *c = candidate(row);
    return c && c->attr ? qs(printGluon(*c->attr)) : QString();
}

Expected<DocumentLayout> CtaSuggestModel::entryOf(int row, const QString &name) const
{
    const CtaCandidate *c = candidate(row);
    if (!c || !c->attr)
        return makeError("no candidate in row " + std::to_string(row));
    if (!m_access)
        return makeError("no ctaLayout was searched");
    auto ll = toLinearLayout(*c->attr, m_access->shape);
    if (!ll)
        return ll.error();
    DocumentLayout entry;
    const int index = m_document->indexOfLayout(qs(m_access->layoutName));
    if (index >= 0)
        entry = m_document->layoutAt(index);
    entry.name = name;
    entry.shape = QList<int>(m_access->shape.begin(), m_access->shape.end());
    if (entry.dtype.isEmpty())
        entry.dtype = qs(m_access->dtype);
    entry.layout = *ll;
    entry.attr = c->attr;
    entry.sourceText = qs(printTtgWithAliases(*c->attr));
    return entry;
}

std::optional<SceneContents> CtaSuggestModel::sceneWith(int row) const
{
    if (!m_access || !isCurrent())
        return std::nullopt;
    SceneContents scene = m_document->contents();
    const int index = m_document->indexOfLayout(qs(m_access->layoutName));
    Expected<DocumentLayout> entry = entryOf(row, qs(m_access->layoutName));
    if (index < 0 || !entry)
        return std::nullopt;
    scene.layouts[index] = std::move(*entry);
    return scene;
}

QString CtaSuggestModel::apply(int row)
{
    if (!m_access)
        return tr("no ctaLayout was searched");
    if (!isCurrent())
        return tr("the scene has changed since this search: search again");
    if (row == currentRow())
        return tr("this is the layout the scene holds");
    const int index = m_document->indexOfLayout(qs(m_access->layoutName));
    if (index < 0)
        return tr("the scene has no layout '%1' any more").arg(qs(m_access->layoutName));
    Expected<DocumentLayout> entry = entryOf(row, qs(m_access->layoutName));
    if (!entry)
        return qs(entry.message());
    return m_document->replaceEntry(index, *entry,
                                    tr("Apply suggested ctaLayout (row %1)").arg(row + 1));
}

QString CtaSuggestModel::compare(int row)
{
    if (!m_access)
        return tr("no ctaLayout was searched");
    if (!isCurrent())
        return tr("the scene has changed since this search: search again");
    if (row == currentRow())
        return tr("choose a candidate to compare with the scene's layout");
    const QString name = m_document->uniqueLayoutName(qs(m_access->layoutName) + u"_candidate"_s);
    Expected<DocumentLayout> entry = entryOf(row, name);
    if (!entry)
        return qs(entry.message());
    QUndoStack *stack = m_document->undoStack();
    stack->beginMacro(tr("Compare with suggested ctaLayout (row %1)").arg(row + 1));
    const QString added = m_document->addLayout(*entry);
    const QString viewed =
        added.isEmpty()
            ? m_document->addView(DocumentView{
                  u"compare"_s, qs(m_access->layoutName), {{"other", name.toStdString()}}})
            : QString();
    stack->endMacro();
    if (added.isEmpty() && !viewed.isEmpty())
        stack->undo(); // the layout alone is half of the step: nothing of it stays
    return added.isEmpty() ? viewed : added;
}

} // namespace lx
