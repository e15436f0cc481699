#pragma once

// LayoutPropertiesModel: the analysis panel. First the numbers of the current view's analysis
// (Diagram::figures: instruction counts, n-way conflicts, pieces, TDM, LDS bytes, modelled
// bandwidth), set with setViewFigures(); then the numbers of the selected layout, computed by
// the engine on every change: dims, rank, injectivity, surjectivity, how many owners each
// covered element has, consecutive elements, redundant bases; and for a 2-D shared layout its
// NVIDIA swizzle and descriptor bridge (request/nvbridge.h, what `convert --to descriptor`
// prints): the NVMMA attribute, CuTe swizzle, TMA mode and wgmma descriptors, keys "bridge:*",
// or the reason it has none ("bridge:none": not canonical names the basis that breaks it).

#include "models/tablemodel.h"
#include "render/diagram.h"

#include <QList>

#include <vector>

namespace lx {

class LayoutPropertiesModel : public LayoutTableModel
{
    Q_OBJECT
public:
    enum Columns
    {
        PropertyColumn,
        ValueColumn,
        NumColumns
    };
    enum Roles
    {
        KeyRole = Qt::UserRole + 1, // QString: a stable key for tests and copy ("rank", ...)
    };

    explicit LayoutPropertiesModel(LayoutDocument *document, QObject *parent = nullptr);

    // The current view's analysis figures (Diagram::figures), shown before the layout's rows
    // under a heading row naming the view; keys become "view:<key>". Empty `view`: none.
    void setViewFigures(const QString &view, const std::vector<DiagramFigure> &figures);
    // The figures shown, with their values, units and provenance (a provenance other than
    // "computed" leads the row's tooltip: "[fitted] A constant of the model, ...").
    [[nodiscard]] const std::vector<DiagramFigure> &viewFigures() const { return m_viewFigures; }
    // The value of the row with this key (empty when absent); for tests and the status bar.
    [[nodiscard]] QString value(const QString &key) const;

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        QString key;
        QString label;
        QString value;
        QString toolTip;
        bool heading = false;
    };
    int rows() const override { return int(m_rows.size()); }
    void refresh() override;
    void appendBridgeRows(const DocumentLayout &entry);

    QList<Row> m_rows;
    QString m_view;
    std::vector<DiagramFigure> m_viewFigures;
};

} // namespace lx
