// Undo and redo refresh what the panels say beside the document: a field's refused text and its
// message, a view option's refusal, the hover text. After Ctrl+Z no message is left about a text
// no field shows ("unknown element type 'banana'" under an element type field that shows f16).

#include "models/layoutdocument.h"
#include "scratchsettings.h"
#include "widgets/baseseditor.h"
#include "widgets/ctalayouteditor.h"
#include "widgets/mainwindow.h"
#include "widgets/viewoptionspanel.h"
#include "widgets/windowdocks.h"

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QTest>
#include <QUndoStack>

using namespace lx;
using namespace Qt::StringLiterals;

class TestUndoRefresh : public QObject
{
    Q_OBJECT
private:
    lx::test::ScratchSettings m_scratch;

    std::unique_ptr<MainWindow> window(const QString &preset)
    {
        auto w = m_scratch.newWindow();
        if (!preset.isEmpty() && !w->openPreset(preset).isEmpty())
            return nullptr;
        if (preset.isEmpty())
            w->openScene(builtinExampleScene());
        return lx::test::activeWindow(std::move(w), QSize(1400, 900));
    }

    // Types `text` over the field's contents, as a person would.
    static void typeOver(QLineEdit *edit, const QString &text)
    {
        edit->setFocus();
        edit->selectAll();
        QTest::keyClicks(edit, text);
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_scratch.install()); }

    // The ctaLayout editor: "banana" refused, then Ctrl+Z in the field takes the typing back.
    // The field shows the layout's type again, and the message about banana goes with it.
    void theFieldsOwnUndoTakesItsMessageAlong()
    {
        auto w = window(u"fig8"_s);
        QVERIFY(w);
        CtaLayoutEditor *editor = w->ctaLayoutEditor();
        QLineEdit *dtype = editor->dtypeEdit();
        QVERIFY(dtype->isVisibleTo(editor));
        const QString shown = dtype->text();
        typeOver(dtype, u"banana"_s);
        QTest::keyClick(dtype, Qt::Key_Return);
        QVERIFY2(editor->messageLabel()->text().contains(u"banana"_s),
                 qPrintable(editor->messageLabel()->text()));
        for (int i = 0; i < 10 && dtype->text() != shown; ++i)
            QTest::keyClick(dtype, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(dtype->text(), shown);
        QVERIFY2(editor->messageLabel()->text().isEmpty(),
                 qPrintable(editor->messageLabel()->text()));
    }

    // A refused element type, then Edit > Undo of an earlier edit: the field shows the document
    // and the message is gone.
    void undoShowsTheDocumentInTheCtaEditor()
    {
        auto w = window(u"fig8"_s);
        QVERIFY(w);
        const QString arch = w->document()->arch();
        w->document()->setArch(arch == u"gfx950"_s ? u"gfx1250"_s : u"gfx950"_s);
        CtaLayoutEditor *editor = w->ctaLayoutEditor();
        QLineEdit *dtype = editor->dtypeEdit();
        const QString before = dtype->text();
        typeOver(dtype, u"banana"_s);
        QTest::keyClick(dtype, Qt::Key_Return);
        QVERIFY(!editor->messageLabel()->text().isEmpty());
        w->document()->undoStack()->undo();
        QCOMPARE(w->document()->arch(), arch);
        QCOMPARE(dtype->text(), before);
        QVERIFY2(editor->messageLabel()->text().isEmpty(),
                 qPrintable(editor->messageLabel()->text()));
    }

    // The bases editor's text line, refused as typed, and the View Options panel's refusal:
    // both go on undo, and the hover text describing the old state goes too.
    void undoClearsTheBasesAndViewOptionsMessages()
    {
        auto w = window({});
        QVERIFY(w);
        LayoutDocument *doc = w->document();
        QCOMPARE(doc->addView(DocumentView{u"xor"_s, u"L"_s, {}}), QString());
        w->viewTabs()->setCurrentIndex(2);
        w->docks()->viewOptionsDock()->show();
        QCOMPARE(doc->setBasisComponent(0, u"lane"_s, 0, 1, 1), QString());

        QLineEdit *laneText = w->basesEditor()->textFor(u"lane"_s);
        QVERIFY(laneText);
        typeOver(laneText, u"[[9, 9]"_s);
        QLabel *laneMessage = w->basesEditor()->messageFor(u"lane"_s);
        QVERIFY(!laneMessage->isHidden());

        auto *option = w->docks()->viewOptions()->findChild<QLineEdit *>(u"viewOption_lane"_s);
        QVERIFY(option);
        typeOver(option, u"banana"_s);
        Q_EMIT option->editingFinished();
        auto *optionMessage =
            w->docks()->viewOptions()->findChild<QLabel *>(u"viewOptionsMessage"_s);
        QVERIFY2(optionMessage->text().contains(u"banana"_s), qPrintable(optionMessage->text()));
        w->hoverLabel()->setText(u"dim0=1, dim1=1 · 1 owner · register=1 → [0,1]"_s);

        doc->undoStack()->undo(); // the basis component
        QVERIFY(laneMessage->isHidden());
        QCOMPARE(laneText->text(), u"[[1, 0], [2, 0]]"_s);
        QVERIFY2(optionMessage->text().isEmpty(), qPrintable(optionMessage->text()));
        QVERIFY(w->hoverLabel()->text().isEmpty());
    }

    // A new edit is not a step in the history: a refused text elsewhere stays for its owner to
    // fix.
    void aNewEditKeepsARefusalElsewhere()
    {
        auto w = window({});
        QVERIFY(w);
        QLineEdit *laneText = w->basesEditor()->textFor(u"lane"_s);
        typeOver(laneText, u"[[9, 9]"_s);
        QLabel *laneMessage = w->basesEditor()->messageFor(u"lane"_s);
        QVERIFY(!laneMessage->isHidden());
        QCOMPARE(w->document()->setBasisComponent(0, u"warp"_s, 0, 1, 0), QString());
        QVERIFY(!laneMessage->isHidden());
        QCOMPARE(laneText->text(), u"[[9, 9]"_s);
    }
};

QTEST_MAIN(TestUndoRefresh)
#include "tst_undorefresh.moc"
