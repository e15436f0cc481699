#include "widgets/baseseditor.h"

#include "io/basestext.h"

#include "models/basesmodel.h"
#include "models/layoutdocument.h"
#include "widgets/documentundo.h"
#include "widgets/panelwidgets.h"

#include <QComboBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace lx {

namespace {

// A hidden red message label under an editor, named for tests.
QLabel *messageLabel(const QString &objectName, QWidget *parent)
{
    QLabel *label = newMessageLabel(parent);
    label->setObjectName(objectName);
    label->hide();
    return label;
}

// Marks a line edit invalid (red) with `error` under it, or clears both when `error` is empty.
void showEditError(QLineEdit *edit, QLabel *message, const QString &error)
{
    edit->setProperty("lxInvalid", !error.isEmpty());
    edit->setStyleSheet(error.isEmpty() ? QString()
                                        : QStringLiteral("QLineEdit { background: #f4b4b4; "
                                                         "color: #800000; }"));
    if (message) {
        message->setText(error);
        message->setVisible(!error.isEmpty());
    }
}

// Validates every keystroke against the document's rules and marks the editor while the text
// would be refused; the message goes to the label under the table.
class BasisCellDelegate : public QStyledItemDelegate
{
public:
    BasisCellDelegate(QLabel *message, QObject *parent)
        : QStyledItemDelegate(parent), m_message(message)
    {
    }

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                          const QModelIndex &index) const override
    {
        auto *edit = new QLineEdit(parent);
        edit->setAlignment(Qt::AlignCenter);
        Q_UNUSED(option);
        const QPersistentModelIndex where(index);
        QPointer<QLabel> message = m_message;
        QObject::connect(edit, &QLineEdit::textEdited, edit,
                         [edit, where, message](const QString &t) {
                             const auto *model = qobject_cast<const BasesModel *>(where.model());
                             if (!model)
                                 return;
                             const QString error = model->validate(where, t);
                             showEditError(edit, message, error);
                             edit->setToolTip(error);
                         });
        return edit;
    }

private:
    QPointer<QLabel> m_message;
};

constexpr int kMaxOutDimLog2 = 12; // the size menu offers 1 .. 4096 per out-dim

// One in-dim's bases as #ttg.linear writes them: "[[0, 1], [1, 0]]".
QString basesText(const LinearLayout &l, const std::string &inDim)
{
    return QString::fromStdString(formatBasesText(l.bases()[size_t(l.inDimIndex(inDim))].second));
}

// The in-dim's bases parsed from `text` (core/io/basestext syntax), or why not.
Expected<std::vector<LinearLayout::Basis>> parseInDimText(const LinearLayout &l,
                                                          const QString &text)
{
    return parseBasesText(text.toStdString(), l.numOutDims());
}

} // namespace

BasesEditor::BasesEditor(LayoutDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document)
{
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(4, 4, 4, 4);
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("basesTitle"));
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::RichText);
    outer->addWidget(m_title);
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_body = new QWidget(scroll);
    m_bodyLayout = new QVBoxLayout(m_body);
    m_bodyLayout->setContentsMargins(0, 0, 0, 0);
    scroll->setWidget(m_body);
    outer->addWidget(scroll, 1);

    connect(document, &LayoutDocument::layoutChanged, this, &BasesEditor::onLayoutChanged);
    connect(document, &LayoutDocument::historyMoved, this, &BasesEditor::showDocument);
    connect(document, &LayoutDocument::structureChanged, this, &BasesEditor::rebuild);
    connect(document, &LayoutDocument::sceneReset, this, &BasesEditor::rebuild);
    rebuild();
}

void BasesEditor::setLayoutIndex(int index)
{
    if (index == m_layout)
        return;
    m_layout = index;
    rebuild();
}

QTableView *BasesEditor::tableFor(const QString &inDim) const
{
    for (const DimEditor &d : m_dims)
        if (d.inDim == inDim)
            return d.table;
    return nullptr;
}

QLineEdit *BasesEditor::textFor(const QString &inDim) const
{
    for (const DimEditor &d : m_dims)
        if (d.inDim == inDim)
            return d.text;
    return nullptr;
}

QLabel *BasesEditor::messageFor(const QString &inDim) const
{
    for (const DimEditor &d : m_dims)
        if (d.inDim == inDim)
            return d.message;
    return nullptr;
}

QStringList BasesEditor::currentInDims() const
{
    QStringList names;
    if (m_document && m_layout >= 0 && m_layout < m_document->layoutCount())
        for (const std::string &n : m_document->layoutAt(m_layout).layout.inDimNames())
            names << QString::fromStdString(n);
    return names;
}

void BasesEditor::onLayoutChanged(int index)
{
    if (index != m_layout)
        return;
    const LinearLayout &l = m_document->layoutAt(m_layout).layout;
    QList<std::pair<std::string, int32_t>> outs(l.outDims().begin(), l.outDims().end());
    // The tables follow their models; only a change of the dims themselves needs new widgets.
    if (currentInDims() != m_builtDims || outs != m_builtOutDims)
        return rebuild();
    // An edit of a basis makes a layout built from text raw: the title says so at once.
    updateTitle();
    for (DimEditor &d : m_dims) {
        const int n = l.inDimSizeLog2(d.inDim.toStdString());
        if (auto *box = qobject_cast<QGroupBox *>(d.table->parentWidget()))
            box->setTitle(tr("%1: %2 bases, size %3").arg(d.inDim).arg(n).arg(qint64(1) << n));
        // The text follows the document unless the person is typing a refused value.
        if (!d.text->property("lxInvalid").toBool())
            d.text->setText(basesText(l, d.inDim.toStdString()));
    }
}

void BasesEditor::showDocument()
{
    if (!m_document || m_layout < 0 || m_layout >= m_document->layoutCount())
        return;
    const LinearLayout &l = m_document->layoutAt(m_layout).layout;
    if (currentInDims() != m_builtDims)
        return rebuild();
    for (DimEditor &d : m_dims) {
        showEditError(d.text, d.message, {});
        d.text->setText(basesText(l, d.inDim.toStdString()));
    }
    if (m_outMessage)
        m_outMessage->hide();
}

void BasesEditor::updateTitle()
{
    const DocumentLayout &entry = m_document->layoutAt(m_layout);
    QString title = tr("<b>%1</b>").arg(entry.name.toHtmlEscaped());
    if (!entry.sourceText.isEmpty())
        title += tr("<br><small>Built from text; editing a basis makes it a raw layout "
                    "(undo brings the text back).</small>");
    m_title->setText(title);
}

QWidget *BasesEditor::buildOutDimsRow()
{
    auto *row = new QWidget(m_body);
    auto *h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    h->addWidget(new QLabel(tr("Out dims:"), row));
    const LinearLayout &l = m_document->layoutAt(m_layout).layout;
    for (size_t o = 0; o < l.outDims().size(); ++o) {
        const auto &[name, size] = l.outDims()[o];
        h->addWidget(new QLabel(QString::fromStdString(name), row));
        auto *combo = new QComboBox(row);
        combo->setObjectName(QStringLiteral("outDimSize_") + QString::fromStdString(name));
        for (int k = 0; k <= kMaxOutDimLog2; ++k)
            combo->addItem(QString::number(1 << k), 1 << k);
        combo->setCurrentIndex(combo->findData(size));
        combo->setToolTip(tr("Size of %1 (a power of two); shrinking it is refused while a "
                             "component would fall outside")
                              .arg(QString::fromStdString(name)));
        connect(combo, &QComboBox::activated, this, [this, o, combo](int) {
            if (!m_document || m_layout < 0)
                return;
            const LinearLayout &cur = m_document->layoutAt(m_layout).layout;
            std::vector<LinearLayout::NamedSize> outs = cur.outDims();
            outs[o].second = combo->currentData().toInt();
            Expected<LinearLayout> next = LinearLayout::tryCreate(cur.bases(), outs, false);
            QString error =
                next ? m_document->replaceLayout(m_layout, *next,
                                                 tr("Resize %1 to %2")
                                                     .arg(QString::fromStdString(outs[o].first))
                                                     .arg(outs[o].second))
                     : QString::fromStdString(next.message());
            if (!error.isEmpty()) {
                combo->setCurrentIndex(combo->findData(cur.outDims()[o].second));
                m_outMessage->setText(error);
                m_outMessage->setVisible(true);
                Q_EMIT editRefused(error);
            }
        });
        h->addWidget(combo);
    }
    h->addStretch(1);
    return row;
}

void BasesEditor::rebuild()
{
    // deleteLater: a rebuild can be triggered from a signal of a widget being replaced (the
    // out-dim size menu), which must not be destroyed under its own feet.
    for (DimEditor &d : m_dims)
        d.model->deleteLater();
    m_dims.clear();
    while (QLayoutItem *item = m_bodyLayout->takeAt(0)) {
        if (QWidget *w = item->widget()) {
            w->hide();
            w->deleteLater();
        }
        delete item;
    }
    m_outMessage = nullptr;
    m_builtDims.clear();
    m_builtOutDims.clear();
    if (!m_document || m_layout < 0 || m_layout >= m_document->layoutCount()) {
        m_title->setText(tr("<i>No layout selected.</i>"));
        m_bodyLayout->addStretch(1);
        return;
    }
    const DocumentLayout &entry = m_document->layoutAt(m_layout);
    const LinearLayout &l = entry.layout;
    m_builtDims = currentInDims();
    m_builtOutDims = QList<std::pair<std::string, int32_t>>(l.outDims().begin(), l.outDims().end());
    updateTitle();

    m_bodyLayout->addWidget(buildOutDimsRow());
    m_outMessage = messageLabel(QStringLiteral("outDimsMessage"), m_body);
    m_bodyLayout->addWidget(m_outMessage);
    for (const QString &inDim : std::as_const(m_builtDims))
        m_bodyLayout->addWidget(buildInDimBox(l, inDim));
    m_bodyLayout->addStretch(1);
}

QGroupBox *BasesEditor::buildInDimBox(const LinearLayout &l, const QString &inDim)
{
    const int n = l.inDimSizeLog2(inDim.toStdString());
    auto *box =
        new QGroupBox(tr("%1: %2 bases, size %3").arg(inDim).arg(n).arg(qint64(1) << n), m_body);
    auto *v = new QVBoxLayout(box);
    DimEditor d;
    d.inDim = inDim;
    d.model = new BasesModel(m_document, m_layout, inDim, this);
    d.table = new QTableView(box);
    d.table->setObjectName(QStringLiteral("bases_") + inDim);
    d.table->setModel(d.model);
    d.table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    d.table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    d.table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                             QAbstractItemView::AnyKeyPressed | QAbstractItemView::SelectedClicked);
    d.table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    d.message = messageLabel(QStringLiteral("message_") + inDim, box);
    d.table->setItemDelegate(new BasisCellDelegate(d.message, d.table));
    // Size the table to its rows: the editor scrolls as a whole, not table by table.
    auto fit = [table = d.table] {
        int h = table->horizontalHeader()->sizeHint().height() + 2 * table->frameWidth();
        for (int r = 0; r < table->model()->rowCount(); ++r)
            h += table->verticalHeader()->sectionSize(r);
        table->setFixedHeight(std::max(h, table->horizontalHeader()->sizeHint().height() + 8));
    };
    connect(d.model, &QAbstractItemModel::modelReset, d.table, fit);
    connect(d.model, &BasesModel::editResult, this,
            [this, message = d.message](const QModelIndex &, const QString &error) {
                message->setText(error);
                message->setVisible(!error.isEmpty());
                if (!error.isEmpty())
                    Q_EMIT editRefused(error);
            });
    v->addWidget(d.table);
    d.text = buildInDimText(l, inDim, d.message, box);
    v->addWidget(d.text);
    v->addWidget(d.message);
    v->addLayout(buildInDimButtons(inDim, n, d.model, box));
    fit();
    m_dims.append(d);
    return box;
}

QLineEdit *BasesEditor::buildInDimText(const LinearLayout &l, const QString &inDim, QLabel *message,
                                       QWidget *parent)
{
    // The whole in-dim as text: paste "[[0, 1], [1, 0]]" from #ttg or Python, Enter applies
    // (one undo step); validated as typed like the cells.
    auto *text = new QLineEdit(basesText(l, inDim.toStdString()), parent);
    text->setObjectName(QStringLiteral("basesText_") + inDim);
    text->setToolTip(tr("All %1 bases as text, e.g. [[0, 1], [1, 0]]. Press Enter to apply; the "
                        "number of bases sets the size of %1.")
                         .arg(inDim));
    text->setClearButtonEnabled(false);
    routeUndoToDocument(text);
    // textChanged, not textEdited: the field's own undo (Ctrl+Z in typing not yet applied)
    // changes the text too, and the message must follow it.
    connect(
        text, &QLineEdit::textChanged, this, [this, edit = text, message, inDim](const QString &t) {
            if (!m_document || m_layout < 0)
                return;
            const LinearLayout &current = m_document->layoutAt(m_layout).layout;
            Expected<std::vector<LinearLayout::Basis>> parsed = parseInDimText(current, t);
            Expected<LinearLayout> next =
                parsed ? LayoutDocument::withInDimBases(current, inDim.toStdString(),
                                                        std::move(*parsed))
                       : Expected<LinearLayout>(parsed.error());
            showEditError(edit, message, next ? QString() : QString::fromStdString(next.message()));
        });
    connect(text, &QLineEdit::returnPressed, this, [this, edit = text, message, inDim] {
        if (!m_document || m_layout < 0)
            return;
        Expected<std::vector<LinearLayout::Basis>> parsed =
            parseInDimText(m_document->layoutAt(m_layout).layout, edit->text());
        const QString error =
            parsed ? m_document->setInDimBases(m_layout, inDim, std::move(*parsed),
                                               tr("Set %1 bases from text").arg(inDim))
                   : QString::fromStdString(parsed.message());
        message->setText(error);
        message->setVisible(!error.isEmpty());
        if (!error.isEmpty())
            Q_EMIT editRefused(error);
    });
    return text;
}

QHBoxLayout *BasesEditor::buildInDimButtons(const QString &inDim, int numBases, BasesModel *model,
                                            QWidget *parent)
{
    auto *buttons = new QHBoxLayout;
    auto *add = new QToolButton(parent);
    add->setObjectName(QStringLiteral("addBasis_") + inDim);
    add->setText(tr("Add basis"));
    add->setToolTip(tr("Append a zero basis: doubles %1").arg(inDim));
    auto *remove = new QToolButton(parent);
    remove->setObjectName(QStringLiteral("removeBasis_") + inDim);
    remove->setText(tr("Remove last"));
    remove->setToolTip(tr("Remove the last basis: halves %1").arg(inDim));
    remove->setEnabled(numBases > 0);
    connect(add, &QToolButton::clicked, this, [this, inDim] {
        const QString e = m_document->addBasis(m_layout, inDim);
        if (!e.isEmpty())
            Q_EMIT editRefused(e);
    });
    connect(remove, &QToolButton::clicked, this, [this, inDim] {
        const QString e = m_document->removeBasis(m_layout, inDim);
        if (!e.isEmpty())
            Q_EMIT editRefused(e);
    });
    connect(model, &QAbstractItemModel::modelReset, remove,
            [remove, model] { remove->setEnabled(model->rowCount() > 0); });
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    return buttons;
}

} // namespace lx
