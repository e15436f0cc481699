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
    : TableModel(parent, {tr("Name"), tr("In dims"), tr("Out dims"), tr("Source")}),
      m_document(document), m_rows(document->layoutCount())
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

QVariant LayoutListModel::data(const QModelIndex &index, int role) const
{
    if (!holds(index) || !m_document)
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
    if (role != Qt::EditRole || index.column() != NameColumn || !holds(index) || !m_document)
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
    if (!holds(index))
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (index.column() == NameColumn)
        f |= Qt::ItemIsEditable;
    return f;
}

} // namespace lx
