#include "widgets/layoutactions.h"

#include "io/cute.h"
#include "io/layoutname.h"
#include "io/namedattr.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "models/layoutdocument.h"
#include "request/defaults.h"
#include "request/shape.h"
#include "widgets/builderdialog.h"
#include "widgets/panelwidgets.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QUndoStack>

#include <optional>

#include <nlohmann/json.hpp>

namespace lx {

namespace {

// A layout "from bases": the named in-dims and out-dims, with basis k set to the k-th out bit
// (minor first) while there are out bits left and zero after that, so the new layout starts as
// an identity-like map a person can then edit.
Expected<LinearLayout> identityLikeLayout(const QString &inSpec, const QString &outSpec)
{
    auto parseDims = [](const QString &spec,
                        std::vector<LinearLayout::NamedSize> &dims) -> QString {
        for (const QString &part : spec.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const QStringList kv = part.trimmed().split(QLatin1Char(':'));
            bool ok = false;
            const int size = kv.size() == 2 ? kv[1].trimmed().toInt(&ok) : 0;
            if (kv.size() != 2 || kv[0].trimmed().isEmpty() || !ok || size < 1 ||
                (size & (size - 1)) != 0)
                return QObject::tr("'%1' is not NAME:SIZE with SIZE a power of two")
                    .arg(part.trimmed());
            dims.emplace_back(kv[0].trimmed().toStdString(), size);
        }
        if (dims.empty())
            return QObject::tr("give at least one dim, e.g. register:4, lane:32");
        return {};
    };
    std::vector<LinearLayout::NamedSize> ins;
    std::vector<LinearLayout::NamedSize> outs;
    if (QString e = parseDims(inSpec, ins); !e.isEmpty())
        return makeError(QObject::tr("In dims: %1").arg(e).toStdString());
    if (QString e = parseDims(outSpec, outs); !e.isEmpty())
        return makeError(QObject::tr("Out dims: %1").arg(e).toStdString());
    std::vector<std::pair<size_t, int>> outBits; // (out-dim, bit), minor first
    for (size_t o = 0; o < outs.size(); ++o)
        for (int b = 0; (1 << b) < outs[o].second; ++b)
            outBits.emplace_back(o, b);
    size_t inBits = 0;
    for (const auto &in : ins)
        for (int b = 0; (1 << b) < in.second; ++b)
            ++inBits;
    // Fewer in bits than out bits leave part of the tensor with no owner: every element of a
    // distributed layout has one, so such a start is refused rather than made.
    if (inBits < outBits.size())
        return makeError(QObject::tr("%1 in bits cannot reach %2 out bits: only 1 in %3 "
                                     "elements would have an owner; give the in dims %4 more "
                                     "bits or shrink the out dims")
                             .arg(inBits)
                             .arg(outBits.size())
                             .arg(1LL << (outBits.size() - inBits))
                             .arg(outBits.size() - inBits)
                             .toStdString());
    LinearLayout::BasesT bases;
    size_t next = 0;
    for (const auto &[name, size] : ins) {
        std::vector<LinearLayout::Basis> bs;
        for (int b = 0; (1 << b) < size; ++b) {
            LinearLayout::Basis v(outs.size(), 0);
            if (next < outBits.size()) {
                v[outBits[next].first] = 1 << outBits[next].second;
                ++next;
            }
            bs.push_back(std::move(v));
        }
        bases.emplace_back(name, std::move(bs));
    }
    return LinearLayout::tryCreate(std::move(bases), std::move(outs), false);
}

} // namespace

LayoutActions::LayoutActions(LayoutDocument *document, QWidget *dialogParent)
    : QObject(dialogParent), m_document(document), m_dialogParent(dialogParent)
{
    setObjectName(QStringLiteral("layoutActions"));
    auto action = [this](const QString &text, const QKeySequence &shortcut, auto slot) {
        auto *a = new QAction(text, this);
        a->setShortcut(shortcut);
        connect(a, &QAction::triggered, this, slot);
        return a;
    };
    m_copyAction = action(tr("&Copy Layout"), QKeySequence::Copy, &LayoutActions::copyLayout);
    m_copyAction->setObjectName(QStringLiteral("copyLayoutAction"));
    m_copyAction->setToolTip(
        tr("Copy the current layout: Paste Layout adds it back as it is (name, "
           "source text, shape); other programs get its #ttg text"));
    // Ctrl+C copies the layout where the layouts are listed (the window adds the action there);
    // text fields and tables elsewhere keep Ctrl+C for their own text.
    m_copyAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_copyJsonAction =
        action(tr("Copy Layout as &JSON"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C),
               &LayoutActions::copyLayoutJson);
    m_addBasesAction = action(tr("&Add Layout from Bases..."), QKeySequence(Qt::CTRL | Qt::Key_L),
                              &LayoutActions::addLayoutFromBases);
    m_addTextAction =
        action(tr("Add Layout from &Text..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L),
               [this] { addLayoutFromText(); });
    m_addTextAction->setIconText(tr("Add text"));
    m_addBuilderAction =
        action(tr("Add Layout from &Builder..."), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_L),
               &LayoutActions::addLayoutFromBuilder);
    m_addBuilderAction->setObjectName(QStringLiteral("addLayoutFromBuilderAction"));
    m_addBuilderAction->setToolTip(tr("Build a blocked, WMMA, MFMA, linear or shared layout from "
                                      "its parameters, with a live #ttg preview"));
    m_addBuilderAction->setIconText(tr("Builder"));
    m_copyTtgAction = action(tr("Copy Layout as #&ttg"), {}, [this] { copyLayoutText(false); });
    m_copyGluonAction = action(tr("Copy Layout as &Gluon"), {}, [this] { copyLayoutText(true); });
    m_pasteAction = action(tr("&Paste Layout"), QKeySequence::Paste, &LayoutActions::pasteLayout);
    m_pasteAction->setToolTip(tr("A layout as conformance JSON is added as it is; #ttg or Gluon "
                                 "text opens the text form to give its shape"));
    m_duplicateAction = action(tr("&Duplicate Layout"), QKeySequence(Qt::CTRL | Qt::Key_D),
                               &LayoutActions::duplicateLayout);
    m_renameAction =
        action(tr("Re&name Layout..."), QKeySequence(Qt::Key_F2), &LayoutActions::renameLayout);
    m_removeAction = action(tr("&Remove Layout"), {}, &LayoutActions::removeLayout);
    m_compareAction = action(tr("&Compare With..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D),
                             &LayoutActions::compareWithChosen);
    m_compareAction->setObjectName(QStringLiteral("compareWithAction"));
    m_compareAction->setToolTip(
        tr("Compare the current layout with another of the scene: both side by side, the diff, "
           "the cost of convert_layout and the LDS accesses on gfx942, gfx950 and gfx1250"));
    m_compareAction->setStatusTip(m_compareAction->toolTip());
    m_chooseLayout = [this](const QString &current, const QStringList &others) {
        bool ok = false;
        const QString chosen =
            QInputDialog::getItem(m_dialogParent, tr("Compare With"),
                                  tr("Compare %1 with:").arg(current), others, 0, false, &ok);
        return ok ? chosen : QString();
    };
    setCurrentLayout(-1);
}

void LayoutActions::setCurrentLayout(int index)
{
    m_current = index >= 0 && index < m_document->layoutCount() ? index : -1;
    const bool has = m_current >= 0;
    for (QAction *a : {m_duplicateAction, m_renameAction, m_removeAction, m_copyAction,
                       m_copyJsonAction, m_copyTtgAction, m_copyGluonAction})
        a->setEnabled(has);
    m_compareAction->setEnabled(has);
}

QString LayoutActions::compareWith(const QString &other)
{
    if (m_current < 0)
        return tr("Compare With: no current layout");
    const QString name = m_document->layoutAt(m_current).name;
    if (other == name)
        return tr("Compare With: choose a layout other than %1").arg(name);
    if (m_document->indexOfLayout(other) < 0)
        return tr("Compare With: the scene has no layout named %1").arg(other);
    const nlohmann::json options = {{"other", other.toStdString()}};
    // One undo step: the document adds the view as one snapshot.
    if (QString e = m_document->addView(DocumentView{QStringLiteral("compare"), name, options});
        !e.isEmpty())
        return e;
    Q_EMIT lastViewChosen();
    return {};
}

void LayoutActions::compareWithChosen()
{
    if (m_current < 0)
        return refuse(tr("Compare With needs a current layout: select one in the scene panel"));
    const QString name = m_document->layoutAt(m_current).name;
    QStringList others;
    for (int i = 0; i < m_document->layoutCount(); ++i)
        if (i != m_current)
            others << m_document->layoutAt(i).name;
    if (others.isEmpty())
        return refuse(tr("Compare With needs a second layout: the scene has only %1").arg(name));
    const QString other = m_chooseLayout ? m_chooseLayout(name, others) : QString();
    if (other.isEmpty())
        return;
    if (const QString e = compareWith(other); !e.isEmpty())
        refuse(e);
}

void LayoutActions::addLayoutFromBases()
{
    QDialog dialog(m_dialogParent);
    dialog.setWindowTitle(tr("Add Layout from Bases"));
    auto *form = new QFormLayout(&dialog);
    auto *name = new QLineEdit(m_document->uniqueLayoutName(QStringLiteral("L")), &dialog);
    auto *ins = new QLineEdit(QStringLiteral("register:4, lane:32, warp:4"), &dialog);
    auto *outs = new QLineEdit(QStringLiteral("dim0:32, dim1:16"), &dialog);
    QLabel *message = newMessageLabel(&dialog);
    form->addRow(tr("Name"), name);
    form->addRow(tr("In dims (NAME:SIZE, minor first)"), ins);
    form->addRow(tr("Out dims (NAME:SIZE, minor first)"), outs);
    form->addRow(new QLabel(tr("Bases start as the identity on the out bits, in order."), &dialog));
    form->addRow(message);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    form->addRow(buttons);
    // Wide enough for a three-dim spec and its message without eliding either.
    const int fieldWidth = ins->fontMetrics().horizontalAdvance(
        QStringLiteral("register:16, lane:32, warp:8, block:4"));
    for (QLineEdit *field : {name, ins, outs})
        field->setMinimumWidth(fieldWidth + 24);
    ins->setObjectName(QStringLiteral("basesInDims"));
    outs->setObjectName(QStringLiteral("basesOutDims"));
    message->setObjectName(QStringLiteral("basesMessage"));
    // Validated as typed: the message names the cause and OK waits for a valid start.
    auto validate = [&] {
        const Expected<LinearLayout> l = identityLikeLayout(ins->text(), outs->text());
        const QString nameProblem = m_document->layoutNameRefusal(name->text().trimmed());
        setMessage(message, !nameProblem.isEmpty() ? tr("Name: %1").arg(nameProblem)
                            : l                    ? QString()
                                                   : QString::fromStdString(l.message()));
        buttons->button(QDialogButtonBox::Ok)->setEnabled(l && nameProblem.isEmpty());
    };
    connect(name, &QLineEdit::textChanged, &dialog, validate);
    connect(ins, &QLineEdit::textChanged, &dialog, validate);
    connect(outs, &QLineEdit::textChanged, &dialog, validate);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, [&] {
        Expected<LinearLayout> l = identityLikeLayout(ins->text(), outs->text());
        if (!l) {
            setMessage(message, QString::fromStdString(l.message()));
            return;
        }
        const QString e =
            addLayoutWithView(DocumentLayout{name->text().trimmed(), *l, {}, {}, {}, {}});
        if (!e.isEmpty()) {
            setMessage(message, e);
            return;
        }
        dialog.accept();
    });
    dialog.exec();
}

QString LayoutActions::addLayoutWithView(const DocumentLayout &layout)
{
    // One undo step: undoing the add removes the view with the layout.
    QUndoStack *stack = m_document->undoStack();
    stack->beginMacro(tr("Add %1").arg(layout.name));
    QString e = m_document->addLayout(layout);
    if (e.isEmpty())
        e = m_document->addView(DocumentView{QStringLiteral("ownership"), layout.name, {}});
    stack->endMacro();
    if (!e.isEmpty()) {
        // Nothing half-done stays behind, and no empty step is left to redo.
        if (stack->count() > 0) {
            // QUndoStack hands out const commands; marking the empty macro obsolete is how Qt
            // removes a step on undo.
            const_cast<QUndoCommand *>(stack->command(stack->count() - 1))->setObsolete(true);
            stack->undo();
        }
        return e;
    }
    Q_EMIT layoutChosen(m_document->layoutCount() - 1);
    Q_EMIT lastViewChosen();
    return {};
}

void LayoutActions::addLayoutFromBuilder()
{
    BuilderDialog dialog(m_document, m_dialogParent);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const bool viewAdded = dialog.openViewBox()->isChecked();
    Q_EMIT layoutChosen(m_document->layoutCount() - 1);
    if (viewAdded)
        Q_EMIT lastViewChosen();
}

void LayoutActions::duplicateLayout()
{
    if (const QString e = m_document->duplicateLayout(m_current); !e.isEmpty())
        refuse(e);
    else
        Q_EMIT layoutChosen(m_current + 1);
}

void LayoutActions::renameLayout()
{
    if (m_current < 0)
        return;
    // Checked as typed by the document's name rule: the reason shows under the field and OK
    // waits for a name the document takes; cancelling keeps the name it has.
    QDialog dialog(m_dialogParent);
    dialog.setWindowTitle(tr("Rename Layout"));
    auto *form = new QFormLayout(&dialog);
    auto *name = new QLineEdit(m_document->layoutAt(m_current).name, &dialog);
    name->setObjectName(QStringLiteral("renameEdit"));
    name->setMaxLength(int(kMaxLayoutNameLength) + 1); // one more, so the limit is said
    // Wide enough for a refusal on one or two lines.
    name->setMinimumWidth(name->fontMetrics().horizontalAdvance(QString(40, u'x')));
    name->setToolTip(tr("Letters, digits and _, starting with a letter or _, at most %1: a name "
                        "usable as a #ttg alias and a Python variable")
                         .arg(kMaxLayoutNameLength));
    QLabel *message = newMessageLabel(&dialog);
    message->setObjectName(QStringLiteral("renameMessage"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    form->addRow(tr("New name"), name);
    form->addRow(message);
    form->addRow(buttons);
    const int layout = m_current;
    auto validate = [&] {
        const QString why = m_document->layoutNameRefusal(name->text().trimmed(), layout);
        setMessage(message, why);
        buttons->button(QDialogButtonBox::Ok)->setEnabled(why.isEmpty());
    };
    connect(name, &QLineEdit::textChanged, &dialog, validate);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, [&] {
        if (const QString e = m_document->renameLayout(layout, name->text()); !e.isEmpty()) {
            setMessage(message, e);
            return;
        }
        dialog.accept();
    });
    validate();
    dialog.exec();
}

void LayoutActions::removeLayout()
{
    if (m_current < 0 || m_current >= m_document->layoutCount())
        return;
    const QString name = m_document->layoutAt(m_current).name;
    QStringList users;
    for (const DocumentView &v : m_document->views())
        if (v.uses(name))
            users << v.kind;
    if (!users.isEmpty()) {
        const QString question =
            tr("%1 is shown by %n view(s) (%2). Remove the layout and those views? Undo brings "
               "them back.",
               nullptr, int(users.size()))
                .arg(name, users.join(QStringLiteral(", ")));
        const bool remove = m_removePrompt
                                ? m_removePrompt(question)
                                : QMessageBox::question(m_dialogParent, tr("Remove Layout"),
                                                        question) == QMessageBox::Yes;
        if (!remove)
            return;
    }
    if (const QString e = m_document->removeLayout(m_current); !e.isEmpty())
        refuse(e);
}

QString LayoutActions::addTextLayout(const QString &name, const QString &text,
                                     const QList<int> &shape, const QString &dtype, bool cuteBytes)
{
    if (looksLikeCute(text.toStdString())) {
        Expected<CuteLayoutText> cute =
            readCuteLayoutText(text.toStdString(), std::vector<int32_t>(shape.begin(), shape.end()),
                               dtype.toStdString(), cuteBytes);
        if (!cute)
            return QString::fromStdString(cute.message());
        const QString e = m_document->addLayout(
            DocumentLayout{name.trimmed(), cute->layout, QString::fromStdString(cute->elementText),
                           QList<int>(cute->shape.begin(), cute->shape.end()), dtype, nullptr});
        if (e.isEmpty())
            Q_EMIT layoutChosen(m_document->layoutCount() - 1);
        return e;
    }
    Expected<LayoutAttrPtr> attr = parseLayoutText(text.toStdString());
    if (!attr)
        return QString::fromStdString(attr.message());
    Expected<LinearLayout> l =
        toLinearLayout(**attr, std::vector<int32_t>(shape.begin(), shape.end()));
    if (!l)
        return QString::fromStdString(l.message());
    return addLayoutWithView(
        DocumentLayout{name.trimmed(), *l, text.trimmed(), shape, dtype, *attr});
}

void LayoutActions::addLayoutFromText(const QString &initialText)
{
    QDialog dialog(m_dialogParent);
    dialog.setWindowTitle(tr("Add Layout from Text"));
    dialog.resize(720, 360);
    auto *form = new QFormLayout(&dialog);
    auto *name = new QLineEdit(m_document->uniqueLayoutName(QStringLiteral("L")), &dialog);
    auto *text = new QPlainTextEdit(&dialog);
    const QString example = QStringLiteral(
        "#ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {warp = [[0, 1], [1, 0]]}, "
        "instrShape = [16, 16, 32]}>");
    text->setPlaceholderText(example);
    text->setPlainText(initialText);
    auto *shape = new QLineEdit(QStringLiteral("64x64"), &dialog);
    auto *dtype = new QLineEdit(
        QString::fromLatin1(kDefaultDtype.data(), qsizetype(kDefaultDtype.size())), &dialog);
    QLabel *message = newMessageLabel(&dialog);
    form->addRow(tr("Name"), name);
    form->addRow(tr("#ttg, Gluon or CuTe text"), text);
    form->addRow(tr("Tensor shape (e.g. 128x64)"), shape);
    form->addRow(tr("Element type"), dtype);
    auto *cuteUnits = new QComboBox(&dialog);
    cuteUnits->addItems({tr("elements"), tr("bytes")});
    cuteUnits->setToolTip(
        tr("Whether the offsets and swizzle of a CuTe memory layout count "
           "elements or bytes (Sw<3,4,3> in bytes is Sw<3,3,3> in f16 elements)"));
    form->addRow(tr("CuTe offsets in"), cuteUnits);
    form->addRow(message);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    message->setObjectName(QStringLiteral("addTextMessage"));
    // Validated as typed, like the bases editor: the reason shows before OK, and OK is only
    // offered for text that builds a layout.
    // The request layer's one shape parser (request/shape.h).
    auto parseShapeText = [&]() -> std::optional<QList<int>> {
        const Expected<std::vector<int32_t>> parsed = parseShape(shape->text().toStdString());
        if (!parsed)
            return std::nullopt;
        return QList<int>(parsed->begin(), parsed->end());
    };
    auto validate = [&] {
        QString error;
        const std::optional<QList<int>> dims = parseShapeText();
        const QString nameProblem = m_document->layoutNameRefusal(name->text().trimmed());
        if (text->toPlainText().trimmed().isEmpty()) {
            error = tr("Paste or type a #ttg attribute, a Gluon layout or a CuTe layout");
        } else if (!nameProblem.isEmpty()) {
            error = tr("Name: %1").arg(nameProblem);
        } else if (!dims) {
            error = tr("The shape is positive integers joined by x, e.g. 128x64");
        } else if (looksLikeCute(text->toPlainText().toStdString())) {
            Expected<CuteLayoutText> cute = readCuteLayoutText(
                text->toPlainText().toStdString(), std::vector<int32_t>(dims->begin(), dims->end()),
                dtype->text().trimmed().toStdString(), cuteUnits->currentIndex() == 1);
            if (!cute)
                error = QString::fromStdString(cute.message());
        } else {
            Expected<LayoutAttrPtr> attr = parseLayoutText(text->toPlainText().toStdString());
            if (!attr)
                error = QString::fromStdString(attr.message());
            else if (Expected<LinearLayout> l =
                         toLinearLayout(**attr, std::vector<int32_t>(dims->begin(), dims->end()));
                     !l)
                error = QString::fromStdString(l.message());
        }
        // An empty form is not an error yet: OK waits, without a red line.
        setMessage(message, text->toPlainText().trimmed().isEmpty() ? QString() : error);
        buttons->button(QDialogButtonBox::Ok)->setEnabled(error.isEmpty());
        return error.isEmpty();
    };
    connect(text, &QPlainTextEdit::textChanged, &dialog, validate);
    connect(name, &QLineEdit::textChanged, &dialog, validate);
    connect(shape, &QLineEdit::textChanged, &dialog, validate);
    connect(dtype, &QLineEdit::textChanged, &dialog, validate);
    connect(cuteUnits, &QComboBox::currentIndexChanged, &dialog, validate);
    validate();
    connect(buttons, &QDialogButtonBox::accepted, &dialog, [&] {
        if (!validate())
            return;
        const QString e = addTextLayout(name->text(), text->toPlainText(), *parseShapeText(),
                                        dtype->text().trimmed(), cuteUnits->currentIndex() == 1);
        if (!e.isEmpty()) {
            setMessage(message, e);
            return;
        }
        dialog.accept();
    });
    dialog.exec();
}

} // namespace lx
