#include "models/basesmodel.h"

#include "layout/basisname.h"
#include "models/layoutdocument.h"

#include <QBrush>
#include <QColor>
#include <QPalette>

namespace lx {

BasesModel::BasesModel(LayoutDocument *document, int layoutIndex, const QString &inDim,
                       QObject *parent)
    : TableModel(parent), m_document(document), m_layout(layoutIndex), m_inDim(inDim)
{
    if (valid()) {
        const LinearLayout &l = m_document->layoutAt(m_layout).layout;
        m_rows = l.inDimSizeLog2(m_inDim.toStdString());
        m_columns = l.numOutDims();
    }
    connect(document, &LayoutDocument::layoutChanged, this, &BasesModel::onLayoutChanged);
    // A structural change may move or remove the layout; the editor rebuilds its models then,
    // and until it does this model shows nothing rather than another layout's bases.
    auto invalidate = [this] {
        beginResetModel();
        m_layout = -1;
        m_rows = m_columns = 0;
        m_pending.clear();
        endResetModel();
    };
    connect(document, &LayoutDocument::structureChanged, this, invalidate);
    connect(document, &LayoutDocument::sceneReset, this, invalidate);
}

bool BasesModel::valid() const
{
    return m_document && m_layout >= 0 && m_layout < m_document->layoutCount() &&
           m_document->layoutAt(m_layout).layout.hasInDim(m_inDim.toStdString());
}

bool BasesModel::showsLayout() const
{
    if (!valid())
        return false;
    const LinearLayout &l = m_document->layoutAt(m_layout).layout;
    return l.inDimSizeLog2(m_inDim.toStdString()) == m_rows && l.numOutDims() == m_columns;
}

QVariant BasesModel::data(const QModelIndex &index, int role) const
{
    if (!holds(index) || !showsLayout())
        return {};
    const LinearLayout &l = m_document->layoutAt(m_layout).layout;
    const int component = l.basis(m_inDim.toStdString(), index.row())[size_t(index.column())];
    const auto pending = m_pending.constFind(key(index.row(), index.column()));
    const bool hasPending = pending != m_pending.constEnd();
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        return hasPending ? QVariant(pending->text) : QVariant(component);
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignCenter);
    case Qt::ToolTipRole: {
        if (hasPending)
            return tr("%1 (the layout keeps %2)").arg(pending->error).arg(component);
        const QString out = QString::fromStdString(l.outDims()[size_t(index.column())].first);
        return tr("%1 lands on %2 = %3 (and the other components of this row)")
            .arg(QString::fromStdString(basisName(m_inDim.toStdString(), index.row())))
            .arg(out)
            .arg(component);
    }
    case Qt::BackgroundRole:
        return hasPending ? QVariant(QBrush(QColor(0xf4, 0xb4, 0xb4))) : QVariant();
    case Qt::ForegroundRole:
        return hasPending ? QVariant(QBrush(QColor(0x80, 0x00, 0x00))) : QVariant();
    case ErrorRole:
        return hasPending ? pending->error : QString();
    case ComponentRole:
        return component;
    case BasisIndexRole:
        return index.row();
    default:
        return {};
    }
}

QString BasesModel::validate(const QModelIndex &index, const QString &text) const
{
    if (!holds(index) || !showsLayout())
        return tr("this layout is no longer in the scene");
    return LayoutDocument::validateComponent(m_document->layoutAt(m_layout).layout, index.column(),
                                             text);
}

bool BasesModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !holds(index) || !showsLayout())
        return false;
    const QString text = value.toString();
    int component = 0;
    QString error = LayoutDocument::validateComponent(m_document->layoutAt(m_layout).layout,
                                                      index.column(), text, &component);
    if (error.isEmpty()) {
        m_editing = true;
        error = m_document->setBasisComponent(m_layout, m_inDim, index.row(), index.column(),
                                              component);
        m_editing = false;
    }
    const quint64 k = key(index.row(), index.column());
    if (error.isEmpty())
        m_pending.remove(k);
    else
        m_pending.insert(k, Pending{text, error});
    Q_EMIT dataChanged(index, index);
    Q_EMIT editResult(index, error);
    return true;
}

Qt::ItemFlags BasesModel::flags(const QModelIndex &index) const
{
    if (!holds(index))
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable;
}

QVariant BasesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (!valid() || section < 0)
        return {};
    const LinearLayout &l = m_document->layoutAt(m_layout).layout;
    if (orientation == Qt::Horizontal) {
        if (section >= m_columns)
            return {};
        const auto &[name, size] = l.outDims()[size_t(section)];
        if (role == Qt::DisplayRole)
            return QString::fromStdString(name);
        if (role == Qt::ToolTipRole)
            return tr("%1 has size %2: components are 0 to %3")
                .arg(QString::fromStdString(name))
                .arg(size)
                .arg(size - 1);
        return {};
    }
    if (section >= m_rows)
        return {};
    if (role == Qt::DisplayRole)
        return QString::fromStdString(basisName(m_inDim.toStdString(), section));
    if (role == Qt::ToolTipRole)
        return tr("%1: basis %2 of %3, where %1 lands; any other %3 lands on the XOR of the "
                  "bases of its set bits")
            .arg(QString::fromStdString(basisName(m_inDim.toStdString(), section)))
            .arg(section)
            .arg(m_inDim);
    return {};
}

void BasesModel::onLayoutChanged(int index)
{
    if (index != m_layout)
        return;
    if (!valid()) {
        beginResetModel();
        m_rows = m_columns = 0;
        m_pending.clear();
        endResetModel();
        return;
    }
    const LinearLayout &l = m_document->layoutAt(m_layout).layout;
    const int rows = l.inDimSizeLog2(m_inDim.toStdString());
    const int columns = l.numOutDims();
    if (rows != m_rows || columns != m_columns) {
        beginResetModel();
        m_rows = rows;
        m_columns = columns;
        m_pending.clear();
        endResetModel();
        return;
    }
    if (!m_editing)
        m_pending.clear();
    if (m_rows > 0 && m_columns > 0)
        Q_EMIT dataChanged(this->index(0, 0), this->index(m_rows - 1, m_columns - 1));
}

} // namespace lx
