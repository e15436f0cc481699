#include "models/layoutlistmodel.h"

#include "io/namedattr.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "models/layoutdocument.h"

namespace lx {

namespace {

QString compactDimsText(const std::vector<LinearLayout::NamedSize> &dims)
{
    QStringList parts;
    for (const auto &[name, size] : dims)
        parts << QStringLiteral("%1:%2").arg(QString::fromStdString(name)).arg(size);
    return parts.join(QLatin1Char(' '));
}

// The text a person edits: as written, else the named attribute equal to the bases.
QString editableText(const DocumentLayout &entry)
{
    if (!entry.sourceText.isEmpty())
        return entry.sourceText;
    const Expected<LayoutAttrPtr> described = describingAttrFor(entry.layout);
    return described ? QString::fromStdString(printTtgWithAliases(**described)) : QString();
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
    if (role == Qt::ToolTipRole && index.column() == SourceColumn)
        return tr("Double-click to edit %1 as #ttg or Gluon text").arg(entry.name);
    if (role == Qt::ToolTipRole)
        return entry.sourceText.isEmpty() ? QString::fromStdString(entry.layout.toString())
                                          : entry.sourceText;
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    switch (index.column()) {
    case NameColumn:
        return entry.name;
    case InDimsColumn:
        return compactDimsText(entry.layout.inDims());
    case OutDimsColumn:
        return compactDimsText(entry.layout.outDims());
    case SourceColumn:
        if (role == Qt::EditRole)
            return editableText(entry);
        return entry.sourceText.isEmpty() ? tr("bases") : tr("text");
    default:
        return {};
    }
}

bool LayoutListModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !holds(index) || !m_document)
        return false;
    QString error;
    if (index.column() == NameColumn) {
        error = m_document->renameLayout(index.row(), value.toString());
    } else if (index.column() == SourceColumn) {
        if (value.toString() == editableText(m_document->layoutAt(index.row())))
            return true; // nothing changed: no undo step
        Expected<DocumentLayout> entry = entryWithText(index.row(), value.toString());
        error = entry ? m_document->replaceEntry(
                            index.row(), *entry,
                            tr("Edit the text of %1").arg(m_document->layoutAt(index.row()).name))
                      : QString::fromStdString(entry.message());
    } else {
        return false;
    }
    if (!error.isEmpty()) {
        Q_EMIT editRefused(error);
        return false;
    }
    return true;
}

Expected<DocumentLayout> LayoutListModel::entryWithText(int row, const QString &text) const
{
    if (!m_document || row < 0 || row >= m_document->layoutCount())
        return makeError("no layout " + std::to_string(row));
    DocumentLayout entry = m_document->layoutAt(row);
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return makeError("type a #ttg attribute or a Gluon layout");
    Expected<LayoutAttrPtr> attr = parseLayoutText(trimmed.toStdString());
    if (!attr)
        return attr.error();
    // The tensor the layout covers stays: the shape given with its text, else its out-dims'.
    std::vector<int32_t> shape(entry.shape.begin(), entry.shape.end());
    if (shape.empty())
        for (const auto &[name, size] : entry.layout.outDims())
            shape.push_back(int32_t(size));
    Expected<LinearLayout> layout = toLinearLayout(**attr, shape);
    if (!layout)
        return layout.error();
    entry.layout = std::move(*layout);
    entry.sourceText = trimmed;
    entry.shape = QList<int>(shape.begin(), shape.end());
    entry.attr = *attr;
    return entry;
}

Qt::ItemFlags LayoutListModel::flags(const QModelIndex &index) const
{
    if (!holds(index))
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (index.column() == NameColumn || index.column() == SourceColumn)
        f |= Qt::ItemIsEditable;
    return f;
}

} // namespace lx
