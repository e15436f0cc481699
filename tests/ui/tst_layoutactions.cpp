// LayoutActions on its own, over a LayoutDocument: the actions that need a layout, adding from
// text as one undo step with its view, a refused add that leaves nothing, duplicate and remove,
// and copy then paste through the clipboard.

#include "io/layoutjson.h"

#include "models/layoutdocument.h"
#include "widgets/layoutactions.h"
#include <nlohmann/json.hpp>

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDialog>
#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTableView>
#include <QTest>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QWidget>

using namespace lx;
using namespace Qt::StringLiterals;

namespace {

const QString kBlocked = u"#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], "
                         "warpsPerCTA = [2, 2], order = [1, 0]}>"_s;

struct Fixture
{
    QWidget parent;
    LayoutDocument document;
    LayoutActions actions{&document, &parent};
};

} // namespace

class TestLayoutActions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Rename checks the name as it is typed, by the one name rule: the reason shows under the
    // field, OK waits, and cancelling keeps the last good name; a valid name is taken.
    void renameRefusesANameTheRuleRefuses()
    {
        Fixture f;
        f.document.reset(builtinExampleScene());
        f.actions.setCurrentLayout(0);
        QString shown;
        bool okEnabled = true;
        bool readable = false;
        QTimer::singleShot(0, &f.parent, [&] {
            auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            auto *edit = dialog->findChild<QLineEdit *>(u"renameEdit"_s);
            auto *message = dialog->findChild<QLabel *>(u"renameMessage"_s);
            QVERIFY(edit && message);
            edit->setText(u"my layout"_s);
            shown = message->text();
            // The reason is read whole: the dialog grew for the label's lines.
            QCoreApplication::processEvents();
            readable = message->height() >= message->heightForWidth(message->width()) &&
                       message->geometry().bottom() < dialog->height();
            okEnabled =
                dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled();
            dialog->reject();
        });
        f.actions.renameAction()->trigger();
        QVERIFY2(shown.contains(u"a space at 3 cannot be in a layout name"_s), qPrintable(shown));
        QVERIFY(!okEnabled);
        QVERIFY(readable);
        QCOMPARE(f.document.layoutAt(0).name, u"L"_s);
        // The document refuses it too, whoever asks.
        QVERIFY(!f.document.renameLayout(0, u"my layout"_s).isEmpty());
        QVERIFY(!f.document.renameLayout(0, u"class"_s).isEmpty());
        QCOMPARE(f.document.renameLayout(0, u"my_layout"_s), QString());
        QCOMPARE(f.document.layoutAt(0).name, u"my_layout"_s);
    }

    void actionsThatNeedALayoutFollowTheCurrentOne()
    {
        Fixture f;
        f.document.reset(builtinExampleScene());
        const QList<QAction *> needOne{f.actions.duplicateAction(), f.actions.renameAction(),
                                       f.actions.removeAction(),    f.actions.copyJsonAction(),
                                       f.actions.copyAction(),      f.actions.copyTtgAction(),
                                       f.actions.copyGluonAction()};
        for (QAction *a : needOne)
            QVERIFY(!a->isEnabled());
        f.actions.setCurrentLayout(0);
        QCOMPARE(f.actions.currentLayout(), 0);
        for (QAction *a : needOne)
            QVERIFY(a->isEnabled());
        f.actions.setCurrentLayout(7); // past the end: none
        QCOMPARE(f.actions.currentLayout(), -1);
        for (QAction *a : needOne)
            QVERIFY(!a->isEnabled());
        // Adding needs no layout.
        QVERIFY(f.actions.addFromTextAction()->isEnabled());
        QVERIFY(f.actions.pasteAction()->isEnabled());
    }

    void addingFromTextIsOneUndoStepWithItsView()
    {
        Fixture f;
        QSignalSpy chosen(&f.actions, &LayoutActions::layoutChosen);
        QSignalSpy lastView(&f.actions, &LayoutActions::lastViewChosen);
        QCOMPARE(f.actions.addTextLayout(u" B "_s, kBlocked, {32, 32}, u"f16"_s), QString());
        QCOMPARE(f.document.layoutCount(), 1);
        QCOMPARE(f.document.layoutAt(0).name, u"B"_s);
        QCOMPARE(f.document.layoutAt(0).shape, (QList<int>{32, 32}));
        QCOMPARE(f.document.views().size(), 1);
        QCOMPARE(f.document.views().at(0).kind, u"ownership"_s);
        QCOMPARE(f.document.views().at(0).layoutName, u"B"_s);
        QCOMPARE(chosen.size(), 1);
        QCOMPARE(chosen.at(0).at(0).toInt(), 0);
        QCOMPARE(lastView.size(), 1);
        QCOMPARE(f.document.undoStack()->count(), 1);
        f.document.undoStack()->undo();
        QCOMPARE(f.document.layoutCount(), 0);
        QCOMPARE(f.document.views().size(), 0);
    }

    void aRefusedAddLeavesNothing_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("text");
        QTest::newRow("not a layout") << u"B"_s << u"#ttg.blocked<{sizePerThread = [1}>"_s;
        QTest::newRow("a taken name") << u"L"_s << kBlocked;
    }
    void aRefusedAddLeavesNothing()
    {
        QFETCH(QString, name);
        QFETCH(QString, text);
        Fixture f;
        f.document.reset(builtinExampleScene());
        const SceneContents before = f.document.contents();
        QSignalSpy chosen(&f.actions, &LayoutActions::layoutChosen);
        QVERIFY(!f.actions.addTextLayout(name, text, {32, 32}, u"f16"_s).isEmpty());
        QCOMPARE(f.document.contents(), before);
        QCOMPARE(f.document.undoStack()->count(), 0);
        QVERIFY(!f.document.undoStack()->canRedo());
        QCOMPARE(chosen.size(), 0);
    }

    void duplicateThenRemove()
    {
        Fixture f;
        f.document.reset(builtinExampleScene());
        f.actions.setCurrentLayout(0);
        QSignalSpy chosen(&f.actions, &LayoutActions::layoutChosen);
        f.actions.duplicateAction()->trigger();
        QCOMPARE(f.document.layoutCount(), 2);
        QCOMPARE(f.document.layoutAt(1).layout, f.document.layoutAt(0).layout);
        QCOMPARE(chosen.size(), 1);
        QCOMPARE(chosen.at(0).at(0).toInt(), 1);
        f.actions.setCurrentLayout(1);
        f.actions.removeAction()->trigger();
        QCOMPARE(f.document.layoutCount(), 1);
        QCOMPARE(f.document.layoutAt(0).name, u"L"_s);
    }

    void removingALayoutViewsUseAsksFirst()
    {
        Fixture f;
        f.document.reset(builtinExampleScene());
        // A second view uses L through an option only.
        QVERIFY(f.document.duplicateLayout(0).isEmpty());
        QVERIFY(f.document.addView({u"diff"_s, f.document.layoutAt(1).name, {{"other", "L"}}})
                    .isEmpty());
        int views = 0;
        for (const DocumentView &v : f.document.views())
            views += v.uses(u"L"_s);
        QVERIFY(views >= 2);
        const SceneContents before = f.document.contents();
        QStringList asked;
        bool answer = false;
        f.actions.setRemovePrompt([&](const QString &q) {
            asked << q;
            return answer;
        });
        f.actions.setCurrentLayout(0);
        f.actions.removeAction()->trigger();
        QCOMPARE(asked.size(), 1);
        QVERIFY2(asked.first().contains(QString::number(views)), qPrintable(asked.first()));
        QCOMPARE(f.document.contents(), before); // declined: nothing removed
        answer = true;
        f.actions.removeAction()->trigger();
        QCOMPARE(f.document.indexOfLayout(u"L"_s), -1);
        for (const DocumentView &v : f.document.views())
            QVERIFY(!v.uses(u"L"_s)); // no view is left naming a layout that is gone
        f.document.undoStack()->undo();
        QCOMPARE(f.document.contents(), before);
        // A layout no view uses goes without a question.
        const QString copy = f.document.layoutAt(1).name;
        QVERIFY(f.document.removeView(int(f.document.views().size()) - 1).isEmpty());
        for (const DocumentView &v : f.document.views())
            QVERIFY(!v.uses(copy));
        const int layouts = f.document.layoutCount();
        f.actions.setCurrentLayout(1);
        f.actions.removeAction()->trigger();
        QVERIFY2(asked.size() == 2, qPrintable(asked.join(u" | "_s))); // the two questions above
        QCOMPARE(f.document.layoutCount(), layouts - 1);
        QCOMPARE(f.document.indexOfLayout(copy), -1);
    }

    void copyAsTtgGivesTheNamedForm()
    {
        // A swizzled shared layout edited to raw bases (and back to the same bases) copies as
        // #ttg.swizzled_shared, not as #ttg.shared_linear.
        Fixture f;
        const QString text =
            u"#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>"_s;
        QVERIFY(f.actions.addTextLayout(u"S"_s, text, {64, 64}, u"f16"_s, false).isEmpty());
        const LinearLayout bases = f.document.layoutAt(0).layout;
        QVERIFY(f.document.flipMatrixBit(0, 0, 0).isEmpty());
        QVERIFY(f.document.flipMatrixBit(0, 0, 0).isEmpty());
        QVERIFY(!f.document.layoutAt(0).attr); // raw bases now
        QCOMPARE(f.document.layoutAt(0).layout, bases);
        f.actions.setCurrentLayout(0);
        f.actions.copyTtgAction()->trigger();
        const QString copied = QGuiApplication::clipboard()->text();
        QVERIFY2(copied.startsWith(u"#ttg.swizzled_shared"_s), qPrintable(copied));
    }

    void copyAsJsonThenPasteAddsTheSameLayout()
    {
        Fixture f;
        f.document.reset(builtinExampleScene());
        f.actions.setCurrentLayout(0);
        f.actions.copyJsonAction()->trigger();
        Expected<LinearLayout> copied = layoutFromJson(
            nlohmann::json::parse(QGuiApplication::clipboard()->text().toStdString()));
        QVERIFY(copied);
        QCOMPARE(*copied, f.document.layoutAt(0).layout);
        f.actions.pasteAction()->trigger();
        QCOMPARE(f.document.layoutCount(), 2);
        QCOMPARE(f.document.layoutAt(1).layout, f.document.layoutAt(0).layout);
        QVERIFY(f.document.layoutAt(1).name != f.document.layoutAt(0).name);
    }

    // A paste says what it pasted, or that nothing was: the status line never keeps the copy's
    // "Copied ... as JSON" after a paste (a new user read it as the paste's result).
    void aPasteReportsWhatItPasted()
    {
        Fixture f;
        f.document.reset(builtinExampleScene());
        f.actions.setCurrentLayout(0);
        QSignalSpy status(&f.actions, &LayoutActions::status);
        f.actions.copyJsonAction()->trigger();
        QVERIFY(status.last().at(0).toString().startsWith(u"Copied"_s));
        f.actions.pasteAction()->trigger();
        QCOMPARE(f.document.layoutCount(), 2);
        const QString added = f.document.layoutAt(1).name;
        QString said = status.last().at(0).toString();
        QVERIFY2(said.startsWith(u"Pasted "_s) && said.contains(added) && said.contains(u"JSON"_s),
                 qPrintable(said));

        // Text opens the form; accepted, the layout it added is named; cancelled, nothing.
        f.actions.copyJsonAction()->trigger();
        QVERIFY(status.last().at(0).toString().startsWith(u"Copied"_s));
        QGuiApplication::clipboard()->setText(kBlocked);
        bool accepted = false;
        QTimer::singleShot(0, &f.parent, [&accepted] {
            auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            QPushButton *ok = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
            accepted = ok->isEnabled();
            if (accepted)
                ok->click();
            else
                dialog->reject();
        });
        f.actions.pasteAction()->trigger();
        QVERIFY(accepted);
        QCOMPARE(f.document.layoutCount(), 3);
        said = status.last().at(0).toString();
        QVERIFY2(said.startsWith(u"Pasted "_s) && said.contains(f.document.layoutAt(2).name),
                 qPrintable(said));
        QTimer::singleShot(0, &f.parent, [] {
            auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            dialog->reject();
        });
        f.actions.pasteAction()->trigger();
        QCOMPARE(f.document.layoutCount(), 3);
        said = status.last().at(0).toString();
        QVERIFY2(said.contains(u"nothing added"_s), qPrintable(said));
        for (const QList<QVariant> &s : status)
            QVERIFY(!s.at(0).toString().isEmpty());
    }

    // Copy Layout puts the layout whole on the clipboard: a paste adds it back with its source
    // text, shape and type under a free name, as one undo step with its view, while other
    // programs read its #ttg text.
    void copyThenPasteKeepsTheLayoutWhole()
    {
        Fixture f;
        const QString text =
            u"#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>"_s;
        QVERIFY(f.actions.addTextLayout(u"S"_s, text, {64, 32}, u"bf16"_s, false).isEmpty());
        f.actions.setCurrentLayout(0);
        f.actions.copyAction()->trigger();
        const QString plain = QGuiApplication::clipboard()->text();
        QVERIFY2(plain.startsWith(u"#ttg.swizzled_shared"_s), qPrintable(plain));
        const int steps = f.document.undoStack()->count();
        f.actions.pasteAction()->trigger();
        QCOMPARE(f.document.layoutCount(), 2);
        const DocumentLayout &original = f.document.layoutAt(0);
        const DocumentLayout &pasted = f.document.layoutAt(1);
        QCOMPARE(pasted.name, u"S2"_s);
        QCOMPARE(pasted.layout, original.layout);
        QCOMPARE(pasted.sourceText, original.sourceText);
        QCOMPARE(pasted.shape, original.shape);
        QCOMPARE(pasted.dtype, original.dtype);
        QVERIFY(pasted.attr);
        QCOMPARE(f.document.views().size(), 2);
        QCOMPARE(f.document.views().at(1).layoutName, u"S2"_s);
        QCOMPARE(f.document.undoStack()->count(), steps + 1);
        f.document.undoStack()->undo();
        QCOMPARE(f.document.layoutCount(), 1);
        QCOMPARE(f.document.views().size(), 1);
    }

    // Clipboard data in the copied-layout type that is not a scene is refused with the
    // reader's reason, and nothing is added.
    void aDamagedCopiedLayoutIsRefused()
    {
        Fixture f;
        auto *mime = new QMimeData;
        mime->setData(u"application/x-layout-explorer-scene"_s, "{\"layouts\": [{\"name\": 3}]");
        mime->setText(u"not a layout"_s);
        QGuiApplication::clipboard()->setMimeData(mime);
        QSignalSpy status(&f.actions, &LayoutActions::status);
        f.actions.pasteAction()->trigger();
        QCOMPARE(f.document.layoutCount(), 0);
        QCOMPARE(f.document.undoStack()->count(), 0);
        QCOMPARE(status.size(), 1);
        const QString said = status.at(0).at(0).toString();
        QVERIFY2(said.startsWith(u"Paste: the copied layout cannot be read: "_s) &&
                     said.size() > 45,
                 qPrintable(said));
    }

    // Ctrl+C where the layouts are listed copies the current layout, not the text of the
    // focused cell (which a table view copies on its own); elsewhere Ctrl+C is left alone.
    void ctrlCInTheLayoutListCopiesTheLayout()
    {
        Fixture f;
        f.document.reset(builtinExampleScene());
        f.actions.setCurrentLayout(0);
        QVBoxLayout box(&f.parent);
        auto *panel = new QWidget;
        auto *list = new QTableView(panel);
        QStandardItemModel model(1, 1);
        model.setItem(0, 0, new QStandardItem(u"cell text"_s));
        list->setModel(&model);
        list->setCurrentIndex(model.index(0, 0));
        box.addWidget(panel);
        panel->addAction(f.actions.copyAction());
        f.parent.show();
        QVERIFY(QTest::qWaitForWindowExposed(&f.parent));
        QGuiApplication::clipboard()->setText(u"before"_s);
        list->setFocus();
        QTest::keyClick(list, Qt::Key_C, Qt::ControlModifier);
        const QMimeData *mime = QGuiApplication::clipboard()->mimeData();
        QVERIFY(mime && mime->hasFormat(u"application/x-layout-explorer-scene"_s));
        QVERIFY(QGuiApplication::clipboard()->text() != u"cell text"_s);
        // Without the action, the table copies its cell: the test sees the difference.
        panel->removeAction(f.actions.copyAction());
        QTest::keyClick(list, Qt::Key_C, Qt::ControlModifier);
        QCOMPARE(QGuiApplication::clipboard()->text(), u"cell text"_s);
    }

    void pastedModuleTextGoesToTheModuleOpener()
    {
        Fixture f;
        QStringList opened;
        f.actions.setModuleTextOpener([&](const QString &text) {
            opened << text;
            return QString();
        });
        const QString module = u"module attributes {\"ttg.num-warps\" = 4 : i32} {\n}"_s;
        QGuiApplication::clipboard()->setText(module);
        f.actions.pasteAction()->trigger();
        QCOMPARE(opened, QStringList{module});
        QCOMPARE(f.document.layoutCount(), 0);
        // An empty clipboard is refused with a reason.
        QGuiApplication::clipboard()->setText(QString());
        QSignalSpy status(&f.actions, &LayoutActions::status);
        f.actions.pasteAction()->trigger();
        QCOMPARE(status.size(), 1);
        QVERIFY(!status.at(0).at(0).toString().isEmpty());
    }
};

QTEST_MAIN(TestLayoutActions)
#include "tst_layoutactions.moc"
