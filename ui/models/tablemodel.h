#pragma once

// The flat tables of the panels. TableModel is a table without children: rowCount() and
// columnCount() are 0 under any valid parent, and a subclass that names its columns gets those
// names as the horizontal header. LayoutTableModel is a table of one layout of the document,
// chosen with setLayoutIndex() and refreshed whenever that layout or the scene's structure
// changes.

#include <QAbstractTableModel>
#include <QPointer>
#include <QStringList>

namespace lx {

class LayoutDocument;
struct DocumentLayout;

class TableModel : public QAbstractTableModel
{
public:
    int rowCount(const QModelIndex &parent = {}) const final;
    int columnCount(const QModelIndex &parent = {}) const final;
    // The column titles (horizontal, display role); nothing for any other section or role.
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

protected:
    explicit TableModel(QObject *parent, QStringList columnTitles = {});

    virtual int rows() const = 0;
    // As many as the column titles unless overridden.
    virtual int columns() const { return int(m_columnTitles.size()); }
    // Whether `index` is a cell of this model.
    bool holds(const QModelIndex &index) const { return index.isValid() && checkIndex(index); }

private:
    QStringList m_columnTitles;
};

class LayoutTableModel : public TableModel
{
public:
    // -1 shows nothing.
    void setLayoutIndex(int index);
    int layoutIndex() const { return m_layout; }

protected:
    LayoutTableModel(LayoutDocument *document, QObject *parent, QStringList columnTitles = {});

    // Rebuilds the rows from layout(); called on every change of the layout shown.
    virtual void refresh() = 0;
    // The layout shown; nullptr when there is none.
    const DocumentLayout *layout() const;
    LayoutDocument *document() const;

private:
    QPointer<LayoutDocument> m_document;
    int m_layout = -1;
};

} // namespace lx
