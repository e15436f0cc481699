#include "models/tablemodel.h"

#include "models/layoutdocument.h"

namespace lx {

TableModel::TableModel(QObject *parent, QStringList columnTitles)
    : QAbstractTableModel(parent), m_columnTitles(std::move(columnTitles))
{
}

int TableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : rows();
}

int TableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : columns();
}

QVariant TableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 ||
        section >= m_columnTitles.size())
        return {};
    return m_columnTitles.at(section);
}

LayoutTableModel::LayoutTableModel(LayoutDocument *document, QObject *parent,
                                   QStringList columnTitles)
    : TableModel(parent, std::move(columnTitles)), m_document(document)
{
    connect(document, &LayoutDocument::layoutChanged, this, [this](int i) {
        if (i == m_layout)
            refresh();
    });
    auto all = [this] {
        if (m_document && m_layout >= m_document->layoutCount())
            m_layout = -1;
        refresh();
    };
    connect(document, &LayoutDocument::structureChanged, this, all);
    connect(document, &LayoutDocument::sceneReset, this, all);
}

void LayoutTableModel::setLayoutIndex(int index)
{
    m_layout = index;
    refresh();
}

LayoutDocument *LayoutTableModel::document() const
{
    return m_document;
}

const DocumentLayout *LayoutTableModel::layout() const
{
    if (!m_document || m_layout < 0 || m_layout >= m_document->layoutCount())
        return nullptr;
    return &m_document->layoutAt(m_layout);
}

} // namespace lx
