#include "models/layoutlistmodel.h"

#include "models/layoutdocument.h"

namespace lx {

namespace {

QString dimsText(const std::vector<LinearLayout::NamedSize> &dims)
{
    QStringList parts;
    for (const auto &[name, size] : dims)
        parts << QStringLiteral("%1:%2").arg(QString::fromStdString(name)).arg(size);
    return parts.join(QLatin1Char(' '));
}

} // namespace

LayoutListModel::LayoutListModel(LayoutDocument *document, QObject *parent)
    : QAbstractTableModel(parent), m_document(document), m_rows(document->layoutCount())
{
    auto reset = [this] {
        beginResetModel();
        m_rows = m_document ? m_document->layoutCount() : 0;
        endResetModel();
    };
    connect(document, &LayoutDocument::structureChanged, this, reset);
    connect(document, &LayoutDocument::sceneReset, this, reset);
    connect(document, &LayoutDocument::layoutChanged, this, [this](int row) {
        if (row >= 0 && row < m_rows)
            Q_EMIT dataChanged(index(row, 0), index(row, NumColumns - 1));
    });
}

int LayoutListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int LayoutListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : NumColumns;
}

QVariant LayoutListModel::data(const QModelIndex &index, int role) const
{
    if (!(index.isValid() && checkIndex(index)) || !m_document)
        return {};
    const DocumentLayout &entry = m_document->layoutAt(index.row());
    if (role == LayoutIndexRole)
        return index.row();
    if (role == SourceTextRole)
        return entry.sourceText;
    if (role == Qt::ToolTipRole)
        return entry.sourceText.isEmpty() ? QString::fromStdString(entry.layout.toString())
                                          : entry.sourceText;
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    switch (index.column()) {
    case NameColumn:
        return entry.name;
    case InDimsColumn:
        return dimsText(entry.layout.inDims());
    case OutDimsColumn:
        return dimsText(entry.layout.outDims());
    case SourceColumn:
        return entry.sourceText.isEmpty() ? tr("bases") : tr("text");
    default:
        return {};
    }
}

bool LayoutListModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || index.column() != NameColumn ||
        !(index.isValid() && checkIndex(index)) || !m_document)
        return false;
    const QString error = m_document->renameLayout(index.row(), value.toString());
    if (!error.isEmpty()) {
        Q_EMIT renameRefused(error);
        return false;
    }
    return true;
}

Qt::ItemFlags LayoutListModel::flags(const QModelIndex &index) const
{
    if (!(index.isValid() && checkIndex(index)))
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (index.column() == NameColumn)
        f |= Qt::ItemIsEditable;
    return f;
}

QVariant LayoutListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Name");
    case InDimsColumn:
        return tr("In dims");
    case OutDimsColumn:
        return tr("Out dims");
    case SourceColumn:
        return tr("Source");
    default:
        return {};
    }
}

} // namespace lx
