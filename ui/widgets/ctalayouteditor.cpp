#include "widgets/ctalayouteditor.h"

#include "models/ctaedit.h"
#include "models/layoutdocument.h"
#include "widgets/documentundo.h"
#include "widgets/panelwidgets.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace lx {

CtaLayoutEditor::CtaLayoutEditor(LayoutDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_form(new QWidget(this)), m_note(new QLabel(this)),
      m_warp(new QLineEdit(this)), m_register(new QLineEdit(this)),
      m_instrShape(new QLineEdit(this)),
      m_transposed(new QCheckBox(tr("Transposed (isTranspose)"), this)),
      m_shape(new QLineEdit(this)), m_dtype(new QLineEdit(this)), m_message(newMessageLabel(this))
{
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(4, 4, 4, 4);
    m_note->setWordWrap(true);
    outer->addWidget(m_note);
    auto *form = new QFormLayout(m_form);
    form->setContentsMargins(0, 0, 0, 0);
    m_warp->setToolTip(tr("ctaLayout warp bases, one [M, N] per warp bit, in instruction tiles"));
    m_register->setToolTip(tr("ctaLayout register bases, one [M, N] per register bit, in tiles"));
    m_instrShape->setToolTip(tr("Instruction shape M, N, K"));
    m_shape->setToolTip(tr("Tensor shape, e.g. 128x128"));
    form->addRow(tr("Warp bases"), m_warp);
    form->addRow(tr("Register bases"), m_register);
    form->addRow(tr("Instruction M, N, K"), m_instrShape);
    form->addRow(QString(), m_transposed);
    form->addRow(tr("Tensor shape"), m_shape);
    form->addRow(tr("Element type"), m_dtype);
    auto *applyButton = new QPushButton(tr("Apply"), m_form);
    form->addRow(QString(), applyButton);
    form->addRow(m_message);
    outer->addWidget(m_form);
    outer->addStretch(1);
    connect(applyButton, &QPushButton::clicked, this, [this] { (void)apply(); });
    m_warp->setObjectName(QStringLiteral("ctaWarpBases"));
    m_register->setObjectName(QStringLiteral("ctaRegisterBases"));
    m_instrShape->setObjectName(QStringLiteral("ctaInstrShape"));
    m_shape->setObjectName(QStringLiteral("ctaShape"));
    m_dtype->setObjectName(QStringLiteral("ctaDtype"));
    for (QLineEdit *e : {m_warp, m_register, m_instrShape, m_shape, m_dtype}) {
        connect(e, &QLineEdit::returnPressed, this, [this] { (void)apply(); });
        routeUndoToDocument(e);
        // A refusal is about text that differs from the layout: once every field shows the
        // layout again (the field's own Ctrl+Z took the typing back), it is about nothing.
        connect(e, &QLineEdit::textChanged, this, [this] {
            if (fieldTexts() == m_loaded)
                m_message->clear();
        });
    }
    // After an undo or redo the fields show the document and the message goes.
    connect(document, &LayoutDocument::historyMoved, this, &CtaLayoutEditor::load);
    connect(m_transposed, &QCheckBox::toggled, this, [this] { (void)apply(); });
    connect(document, &LayoutDocument::layoutChanged, this, [this](int i) {
        if (i == m_layout)
            load();
    });
    connect(document, &LayoutDocument::structureChanged, this, &CtaLayoutEditor::load);
    connect(document, &LayoutDocument::sceneReset, this, &CtaLayoutEditor::load);
    load();
}

void CtaLayoutEditor::setLayoutIndex(int index)
{
    m_layout = index;
    load();
}

void CtaLayoutEditor::load()
{
    m_message->clear();
    if (m_document && m_layout >= 0 && m_layout < m_document->layoutCount()) {
        const DocumentLayout &l = m_document->layoutAt(m_layout);
        if (const std::optional<CtaFields> f = ctaFieldsOf(l)) {
            const QSignalBlocker block(m_transposed);
            m_warp->setText(f->warp);
            m_register->setText(f->reg);
            m_instrShape->setText(f->instrShape);
            m_transposed->setChecked(f->transposed);
            m_shape->setText(f->shape);
            m_dtype->setText(f->dtype);
            m_loaded = fieldTexts();
            m_note->setText(tr("<b>%1</b>: #ttg.amd_wmma version %2, ctaLayout form")
                                .arg(l.name.toHtmlEscaped())
                                .arg(l.attr->as<AmdWmmaAttr>()->version));
            m_form->setEnabled(true);
            m_form->show();
            return;
        }
    }
    m_note->setText(tr("The ctaLayout editor edits a WMMA layout written in its ctaLayout form "
                       "(#ttg.amd_wmma with ctaLayout = {...}). Select one, or add one with "
                       "Layout > Add Layout from Text."));
    m_form->hide();
}

QStringList CtaLayoutEditor::fieldTexts() const
{
    return {m_warp->text(), m_register->text(), m_instrShape->text(), m_shape->text(),
            m_dtype->text()};
}

QString CtaLayoutEditor::apply()
{
    if (!m_document)
        return tr("no layout");
    const CtaFields fields{m_warp->text(),  m_register->text(), m_instrShape->text(),
                           m_shape->text(), m_dtype->text(),    m_transposed->isChecked()};
    const QString e = applyCtaFields(*m_document, m_layout, fields);
    m_message->setText(e);
    return e;
}

} // namespace lx
