#include "widgets/ctalayouteditor.h"

#include "hw/dtype.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "models/layoutdocument.h"
#include "request/shape.h"
#include "widgets/documentundo.h"
#include "widgets/panelwidgets.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QVBoxLayout>

namespace lx {

namespace {

QString basesText(const BasisList &bases)
{
    QStringList vs;
    for (const auto &b : bases) {
        QStringList cs;
        for (int32_t c : b)
            cs << QString::number(c);
        vs << QStringLiteral("[%1]").arg(cs.join(QStringLiteral(", ")));
    }
    return QStringLiteral("[%1]").arg(vs.join(QStringLiteral(", ")));
}

QString listText(const IntList &v, QChar sep)
{
    QStringList cs;
    for (int32_t c : v)
        cs << QString::number(c);
    return cs.join(sep);
}

// "[[0, 1], [1, 0]]" -> {{0,1},{1,0}}; "[]" or "" -> {}.
Expected<BasisList> parseBases(const QString &text, int rank)
{
    BasisList out;
    const QString t = text.trimmed();
    if (t.isEmpty() || t == QLatin1String("[]"))
        return out;
    static const QRegularExpression inner(QStringLiteral("\\[([^\\[\\]]*)\\]"));
    if (!t.startsWith(QLatin1Char('[')) || !t.endsWith(QLatin1Char(']')))
        return makeError("write the bases as [[a, b], [c, d], ...]");
    for (auto it = inner.globalMatch(t.mid(1, t.size() - 2)); it.hasNext();) {
        const QStringList parts = it.next().captured(1).split(QLatin1Char(','), Qt::SkipEmptyParts);
        std::vector<int32_t> v;
        for (const QString &p : parts) {
            bool ok = false;
            const int x = p.trimmed().toInt(&ok);
            if (!ok || x < 0)
                return makeError("'" + p.trimmed().toStdString() + "' is not a whole number >= 0");
            v.push_back(x);
        }
        if (int(v.size()) != rank)
            return makeError("every basis has " + std::to_string(rank) + " components");
        out.push_back(std::move(v));
    }
    return out;
}

Expected<IntList> parseList(const QString &text, QChar sep, const char *what)
{
    IntList out;
    for (const QString &p : text.split(sep, Qt::SkipEmptyParts)) {
        bool ok = false;
        const int x = p.trimmed().toInt(&ok);
        if (!ok || x <= 0)
            return makeError(std::string(what) + ": '" + p.trimmed().toStdString() +
                             "' is not a positive whole number");
        out.push_back(x);
    }
    if (out.empty())
        return makeError(std::string(what) + " is empty");
    return out;
}

// Why `instr` is no WMMA v3 instruction shape (hw/dtype.h wmmaV3Shapes of every operand width),
// naming those; empty when it is one.
QString wmmaShapeProblem(const IntList &instr)
{
    QStringList names;
    for (int bits : {32, 16, 8, 6, 4})
        for (const auto &s : wmmaV3Shapes(bits)) {
            if (instr.size() == 3 && instr[0] == s[0] && instr[1] == s[1] && instr[2] == s[2])
                return {};
            const QString name = QStringLiteral("%1,%2,%3").arg(s[0]).arg(s[1]).arg(s[2]);
            if (!names.contains(name))
                names << name;
        }
    return CtaLayoutEditor::tr("not a WMMA v3 instruction shape (those are %1)")
        .arg(names.join(QStringLiteral("; ")));
}

} // namespace

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
    const AmdWmmaAttr *wmma = nullptr;
    if (m_document && m_layout >= 0 && m_layout < m_document->layoutCount()) {
        const DocumentLayout &l = m_document->layoutAt(m_layout);
        wmma = l.attr ? l.attr->as<AmdWmmaAttr>() : nullptr;
        if (wmma && !wmma->warpsPerCTA) {
            const QSignalBlocker block(m_transposed);
            m_warp->setText(basesText(wmma->ctaWarp));
            m_register->setText(basesText(wmma->ctaRegister));
            m_instrShape->setText(listText(wmma->instrShape, QLatin1Char(',')));
            m_transposed->setChecked(wmma->isTransposed);
            m_shape->setText(listText(IntList(l.shape.begin(), l.shape.end()), QLatin1Char('x')));
            m_dtype->setText(l.dtype);
            m_loaded = fieldTexts();
            m_note->setText(tr("<b>%1</b>: #ttg.amd_wmma version %2, ctaLayout form")
                                .arg(l.name.toHtmlEscaped())
                                .arg(wmma->version));
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
    if (!m_document || m_layout < 0 || m_layout >= m_document->layoutCount())
        return tr("no layout");
    const DocumentLayout &before = m_document->layoutAt(m_layout);
    const AmdWmmaAttr *old = before.attr ? before.attr->as<AmdWmmaAttr>() : nullptr;
    if (!old)
        return tr("not a WMMA layout");
    auto fail = [this](const QString &m) {
        m_message->setText(m);
        return m;
    };
    const Expected<std::vector<int32_t>> parsedShape = parseShape(m_shape->text().toStdString());
    if (!parsedShape)
        return fail(tr("Tensor shape: %1").arg(QString::fromStdString(parsedShape.message())));
    const Expected<IntList> shape = IntList(parsedShape->begin(), parsedShape->end());
    const int rank = int(shape->size());
    Expected<BasisList> warp = parseBases(m_warp->text(), rank);
    if (!warp)
        return fail(tr("Warp bases: %1").arg(QString::fromStdString(warp.message())));
    Expected<BasisList> reg = parseBases(m_register->text(), rank);
    if (!reg)
        return fail(tr("Register bases: %1").arg(QString::fromStdString(reg.message())));
    Expected<IntList> instr =
        parseList(m_instrShape->text(), QLatin1Char(','), "instruction shape");
    if (!instr)
        return fail(QString::fromStdString(instr.message()));
    const QString dtype = m_dtype->text().trimmed();
    // The element type sizes the LDS pieces; empty: the view's default.
    if (!dtype.isEmpty())
        if (const Expected<int> bits = dtypeBits(dtype.toStdString()); !bits)
            return fail(tr("Element type: %1").arg(QString::fromStdString(bits.message())));
    // An instruction shape WMMA v3 has for some operand width (hw/dtype.h wmmaV3Shapes; the
    // scene's element type may be the accumulator's, so the shape is not checked against it).
    if (const QString why = wmmaShapeProblem(*instr); !why.isEmpty())
        return fail(tr("Instruction M, N, K: %1").arg(why));
    AmdWmmaAttr next = *old;
    next.ctaWarp = *warp;
    next.ctaRegister = *reg;
    next.instrShape = *instr;
    next.isTransposed = m_transposed->isChecked();
    const LayoutAttrPtr attr = makeAttr(next);
    Expected<LinearLayout> linear = toLinearLayout(*attr, *shape);
    if (!linear)
        return fail(QString::fromStdString(linear.message()));
    DocumentLayout after = before;
    after.attr = attr;
    after.layout = *linear;
    after.sourceText = QString::fromStdString(printTtg(*attr));
    after.shape = QList<int>(shape->begin(), shape->end());
    after.dtype = dtype;
    const QString e =
        m_document->replaceEntry(m_layout, after, tr("Edit ctaLayout of %1").arg(before.name));
    if (!e.isEmpty())
        return fail(e);
    m_message->clear();
    return {};
}

} // namespace lx
