#pragma once

// The Suggest panel's model (no Widgets): the access of the document's scene (sceneAccess), the
// search run on it (suggestShared or suggestKPack), the candidates as table rows with Triton's
// pick (or the scene's own kPack layout) as the last row, and the edit that applies a candidate
// to the document as one undo step.

#include "analysis/explain.h"
#include "analysis/suggest.h"
#include "analysis/suggestpreset.h"
#include "models/tablemodel.h"

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

    // Re-runs the search on the document's scene (the first access sceneAccess finds).
    void refresh();
    // What the search ran on, its timing, or why there is nothing to search.
    QString status() const { return m_status; }
    const SuggestSharedResult &result() const { return m_result; }
    // Row r of the table: candidates first, then the reference (Triton's pick); nullptr if none.
    const SharedCandidate *candidate(int row) const;
    int referenceRow() const { return m_result.triton ? int(m_result.candidates.size()) : -1; }
    bool isKPack() const { return m_kpack; }

    // Replaces the scene's shared layout with the candidate's (one undo step); returns an empty
    // string or why not.
    [[nodiscard]] QString apply(int row);

    // The worst conflict of the access under the scene's current shared layout, explained.
    [[nodiscard]] Expected<ConflictExplanation> explainWorst() const;
    // Applies an explanation's fix (one undo step).
    [[nodiscard]] QString applyFix(const ConflictFix &fix);

Q_SIGNALS:
    void refreshed();

private:
    int rows() const override;
    [[nodiscard]] QString replaceShared(const LayoutAttrPtr &attr, const QString &what);

    LayoutDocument *m_document;
    SuggestSharedResult m_result;
    std::optional<SuggestSharedRequest> m_request;
    std::optional<KPackSuggestRequest> m_kpackRequest;
    QString m_sharedName; // the scene layout the access reads
    QString m_status;
    bool m_kpack = false;
};

} // namespace lx
