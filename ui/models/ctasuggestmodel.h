#pragma once

// The Suggest panel's ctaLayout search (no Widgets): the ctaLayout of one view of the document's
// scene as the request layer resolves it (request/ctasearch.h: the view's C shape, element type,
// instruction shape and warps), the ranked candidates as table rows with the layout the scene
// holds as the last row ("current"), and the edits: Apply (the candidate replaces the scene's
// layout, one undo step) and Compare (the candidate joins the scene beside a compare view of the
// two, one undo step). sceneWith() is the scene with a candidate in place, for a preview that
// changes nothing.
//
// Numbers stay numbers: SortRole gives each column's value for sorting (sharing as the count of
// shared operands, TDM instructions, pieces and groups as A + B).

#include "models/layoutdocument.h"
#include "models/tablemodel.h"
#include "request/ctasearch.h"

#include <QString>

#include <optional>

namespace lx {

class CtaSuggestModel : public TableModel
{
    Q_OBJECT
public:
    enum Column
    {
        RankColumn,
        SharingColumn,
        ConflictsColumn,
        TdmColumn,
        PiecesColumn,
        GroupsColumn,
        WarpColumn,
        TextColumn,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole + 1,
    };

    explicit CtaSuggestModel(LayoutDocument *document, QObject *parent = nullptr);

    QVariant data(const QModelIndex &index, int role) const override;

    // Searches the ctaLayout of view `viewIndex` of the document's scene.
    void search(int viewIndex);
    void clear(const QString &status);
    // Whether the result was searched on the scene the document holds now.
    bool isCurrent() const;
    QString status() const { return m_status; }
    const std::optional<CtaSceneAccess> &access() const { return m_access; }
    // Row r: candidates best first, then the scene's own layout; nullptr if none.
    const CtaCandidate *candidate(int row) const;
    int currentRow() const { return m_access ? int(m_candidates.size()) : -1; }

    // The #ttg text and the Gluon expression of row r (empty when there is no row r).
    QString ttgText(int row) const;
    QString gluonText(int row) const;
    // The document's scene with row r's ctaLayout in place of the searched layout.
    [[nodiscard]] std::optional<SceneContents> sceneWith(int row) const;
    // Replaces the scene's layout with row r's (one undo step); an empty string or why not.
    [[nodiscard]] QString apply(int row);
    // Adds row r's ctaLayout to the scene and a compare view of the searched layout with it (one
    // undo step); an empty string or why not.
    [[nodiscard]] QString compare(int row);

Q_SIGNALS:
    void refreshed();

private:
    int rows() const override;
    // The document entry of row r's layout over the searched shape, or why there is none.
    [[nodiscard]] Expected<DocumentLayout> entryOf(int row, const QString &name) const;

    LayoutDocument *m_document;
    std::vector<CtaCandidate> m_candidates;
    std::optional<CtaSceneAccess> m_access;
    std::optional<SceneContents> m_searchedScene;
    QString m_status;
};

} // namespace lx
