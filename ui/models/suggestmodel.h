#pragma once

// The Suggest panel's model (no Widgets): the access of the document's scene as the request layer
// resolves it (request/suggestaccess.h: the bank view's dtype, instruction, wave and layouts),
// the search run on it, the candidates as table rows with Triton's pick (or the scene's own kPack
// layout) as the last row, and the edit that applies a candidate to the document as one undo
// step. The explainer explains the layout the document holds when it is asked (hand edits
// included), and its fix is applied over exactly that layout.

#include "analysis/explain.h"
#include "analysis/suggest.h"
#include "models/layoutdocument.h"
#include "models/tablemodel.h"
#include "request/suggestaccess.h"

#include <QString>

#include <optional>

namespace lx {

class LayoutDocument;

class SuggestModel : public TableModel
{
    Q_OBJECT
public:
    enum Column
    {
        FamilyColumn,
        ReadColumn,
        WriteColumn,
        VectorColumn,
        DsLoadTrColumn,
        LdsColumn,
        PartitionColumn,
        ParetoColumn,
        TextColumn,
        ColumnCount
    };

    explicit SuggestModel(LayoutDocument *document, QObject *parent = nullptr);

    QVariant data(const QModelIndex &index, int role) const override;

    // Re-runs the search on the document's scene: the access of the chosen view (setViewIndex),
    // else the first access sceneAccess finds.
    void refresh();
    // The view whose access is searched and explained (-1: the scene's first access). Takes
    // effect at the next refresh().
    void setViewIndex(int view) { m_viewIndex = view; }
    int viewIndex() const { return m_viewIndex; }
    // Drops the result (the table empties) and says `status`: a hidden panel keeps nothing of a
    // scene that has changed.
    void clear(const QString &status);
    // Whether the result was searched on the scene the document holds now. apply() and
    // applyFix() refuse a result of any other scene: a layout of the same name in another scene
    // is not the layout that was searched.
    bool isCurrent() const;
    // What the search ran on, its timing, or why there is nothing to search.
    QString status() const { return m_status; }
    const SuggestSharedResult &result() const { return m_result; }
    // Row r of the table: candidates first, then the reference (Triton's pick); nullptr if none.
    const SharedCandidate *candidate(int row) const;
    int referenceRow() const { return m_result.triton ? int(m_result.candidates.size()) : -1; }
    bool isKPack() const { return m_kpack; }
    // The access the search ran on (the request layer's), and the search's figures.
    const std::optional<SceneAccess> &access() const { return m_access; }
    [[nodiscard]] std::vector<Figure> figures() const;

    // Replaces the scene's shared layout with the candidate's (one undo step); returns an empty
    // string or why not.
    [[nodiscard]] QString apply(int row);
    // Whether row r's layout is the shared layout the searched scene holds (an applied
    // candidate): there is nothing to apply.
    [[nodiscard]] bool isInPlace(int row) const;

    // The worst conflict of the access under the shared layout the document holds now (the one
    // the views show), explained; remembers that layout for applyFix.
    [[nodiscard]] Expected<ConflictExplanation> explainWorst();
    // Applies the last explanation's fix (one undo step) over the layout it explained; refused
    // when that layout has changed since.
    [[nodiscard]] QString applyFix(const ConflictFix &fix);

Q_SIGNALS:
    void refreshed();

private:
    int rows() const override;
    // Forgets the search, the explanation and the scenes they ran on (inside a model reset).
    void dropResult();
    // The access searched in `scene`: the chosen view's, else the first.
    [[nodiscard]] Expected<SceneAccess> accessOf(const Scene &scene) const;
    [[nodiscard]] QString replaceShared(const SceneAccess &access, const LayoutAttrPtr &attr,
                                        const QString &what);

    LayoutDocument *m_document;
    SuggestSharedResult m_result;
    std::optional<SceneAccess> m_access;           // what the search ran on
    std::optional<SceneAccess> m_explained;        // what the last explanation explained
    std::optional<SceneContents> m_searchedScene;  // the scene m_result was searched on
    std::optional<SceneContents> m_explainedScene; // the scene m_explained was explained on
    QString m_status;
    bool m_kpack = false;
    int m_viewIndex = -1;
};

} // namespace lx
