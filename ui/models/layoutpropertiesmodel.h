#pragma once

// LayoutPropertiesModel: the numbers of one layout for the analysis panel, computed by the
// engine on every change: dims, rank, injectivity, surjectivity, how many owners each covered
// element has, consecutive elements, redundant bases. A view may add the numbers of its own
// analysis (instruction counts, conflicts, ...) with setViewFigures().

#include <QAbstractTableModel>
#include <QList>
#include <QPair>
#include <QPointer>

namespace lx {

class LayoutDocument;

class LayoutPropertiesModel : public QAbstractTableModel
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

    // -1 shows nothing.
    void setLayoutIndex(int index);
    int layoutIndex() const { return m_layout; }
    // Extra rows (label, value) from the current view's analysis, shown after the layout's own.
    void setViewFigures(const QList<QPair<QString, QString>> &figures);
    // The value of the row with this key (empty when absent); for tests and the status bar.
    [[nodiscard]] QString value(const QString &key) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        QString key;
        QString label;
        QString value;
        QString toolTip;
    };
    void recompute();

    QPointer<LayoutDocument> m_document;
    int m_layout = -1;
    QList<Row> m_rows;
    QList<QPair<QString, QString>> m_viewFigures;
};

} // namespace lx
