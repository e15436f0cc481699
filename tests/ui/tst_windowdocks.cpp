// WindowDocks on a bare QMainWindow: every dock is there under its name, the current layout
// reaches every editor and model, a choice in the scene panel is reported, and an editor's
// refusal becomes a status message.

#include "models/layoutdocument.h"
#include "models/layoutlistmodel.h"
#include "models/layoutpropertiesmodel.h"
#include "models/matrixmodel.h"
#include "widgets/baseseditor.h"
#include "widgets/layoutactions.h"
#include "widgets/windowdocks.h"

#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QUndoStack>

using namespace lx;
using namespace Qt::StringLiterals;

namespace {

struct Fixture
{
    QMainWindow window;
    LayoutDocument document;
    LayoutActions actions{&document, &window};
    WindowDocks docks{&window, &document, &actions};

    Fixture()
    {
        SceneContents scene = builtinExampleScene();
        DocumentLayout second = scene.layouts.at(0);
        second.name = u"M"_s;
        scene.layouts.append(second);
        document.reset(scene);
    }
};

} // namespace

class TestWindowDocks : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyDockIsThereUnderItsName()
    {
        Fixture f;
        QStringList names;
        for (QDockWidget *d : f.window.findChildren<QDockWidget *>())
            names << d->objectName();
        names.sort();
        QCOMPARE(names, (QStringList{u"analysisDock"_s, u"basesDock"_s, u"conflictDock"_s,
                                     u"ctaDock"_s, u"kernelDock"_s, u"matrixDock"_s, u"sceneDock"_s,
                                     u"suggestDock"_s, u"viewOptionsDock"_s}));
        QCOMPARE(f.docks.suggestDock()->objectName(), u"suggestDock"_s);
        QCOMPARE(f.docks.conflictDock()->objectName(), u"conflictDock"_s);
    }

    // With the Suggest panel and the ctaLayout editor open on the right, the Kernel dock still
    // gets the height it asks for (a little more than half the window), not what the right
    // docks' minimum heights leave.
    void theKernelDockGetsItsHeightBesideTheRightDocks()
    {
        Fixture f;
        f.window.setCentralWidget(new QWidget);
        f.window.resize(1920, 1080);
        f.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&f.window));
        f.docks.suggestDock()->show();
        auto *cta = f.window.findChild<QDockWidget *>(u"ctaDock"_s);
        QVERIFY(cta);
        cta->show();
        cta->raise();
        f.docks.suggestDock()->raise();
        auto *kernel = f.window.findChild<QDockWidget *>(u"kernelDock"_s);
        QVERIFY(kernel);
        kernel->show();
        QCoreApplication::processEvents();
        const int asked = f.window.height() * 11 / 20;
        f.window.resizeDocks({kernel}, {asked}, Qt::Vertical);
        QCoreApplication::processEvents();
        QVERIFY2(
            kernel->height() >= asked - 20,
            qPrintable(u"kernel dock %1 px of the %2 asked"_s.arg(kernel->height()).arg(asked)));
    }

    void theCurrentLayoutReachesEveryEditor()
    {
        Fixture f;
        f.docks.setLayoutIndex(1);
        QCOMPARE(f.docks.basesEditor()->layoutIndex(), 1);
        QCOMPARE(f.docks.matrixModel()->layoutIndex(), 1);
        QCOMPARE(f.docks.propertiesModel()->layoutIndex(), 1);
        QCOMPARE(f.docks.layoutTable()->currentIndex().row(), 1);
        f.docks.setLayoutIndex(5); // out of range: none
        QCOMPARE(f.docks.basesEditor()->layoutIndex(), -1);
        QCOMPARE(f.docks.matrixModel()->layoutIndex(), -1);
    }

    void aChoiceInTheScenePanelIsReported()
    {
        Fixture f;
        QSignalSpy chosen(&f.docks, &WindowDocks::layoutChosen);
        QTableView *table = f.docks.layoutTable();
        table->setCurrentIndex(table->model()->index(1, 0));
        QCOMPARE(chosen.size(), 1);
        QCOMPARE(chosen.at(0).at(0).toInt(), 1);
    }

    void aRefusedEditBecomesAStatusMessage()
    {
        Fixture f;
        QSignalSpy status(&f.docks, &WindowDocks::status);
        Q_EMIT f.docks.basesEditor()->editRefused(u"lane basis 0: out of range"_s);
        QCOMPARE(status.size(), 1);
        QCOMPARE(status.at(0).at(0).toString(), u"lane basis 0: out of range"_s);
    }

    // Double-click a layout's Source to edit its text in place: the reason for refused text
    // shows under the list as it is typed and Return keeps the box open; valid text replaces the
    // layout as one undo step.
    void aLayoutsTextIsEditedInPlace()
    {
        Fixture f;
        f.window.resize(900, 600);
        f.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&f.window));
        QTableView *table = f.docks.layoutTable();
        const QModelIndex source = table->model()->index(0, LayoutListModel::SourceColumn);
        QVERIFY(table->model()->flags(source) & Qt::ItemIsEditable);
        const LinearLayout before = f.document.layoutAt(0).layout;
        table->setCurrentIndex(source);
        table->edit(source);
        auto *box = table->viewport()->findChild<QPlainTextEdit *>(u"layoutTextEditor"_s);
        QVERIFY(box);
        // Hand-written bases open as the attribute that equals them.
        QVERIFY2(box->toPlainText().startsWith(u"#ttg."_s), qPrintable(box->toPlainText()));
        auto *message = f.window.findChild<QLabel *>(u"layoutTextMessage"_s);
        QVERIFY(message);

        box->setPlainText(u"#ttg.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0]]"_s);
        QVERIFY(message->isVisibleTo(&f.window));
        QVERIFY(!message->text().isEmpty());
        QTest::keyClick(box, Qt::Key_Return);
        QCoreApplication::processEvents();
        QVERIFY(table->viewport()->findChild<QPlainTextEdit *>(u"layoutTextEditor"_s));
        QCOMPARE(f.document.layoutAt(0).layout, before);
        QCOMPARE(f.document.undoStack()->count(), 0);

        // The same layout with its two warp bases swapped.
        const QString swapped =
            u"#ttg.generic_linear<{register = [[0, 1]], lane = [[1, 0], [2, 0]], "
            u"warp = [[1, 0], [2, 1]], block = []}>"_s;
        box->setPlainText(swapped);
        QVERIFY2(!message->isVisibleTo(&f.window), qPrintable(message->text()));
        QTest::keyClick(box, Qt::Key_Return);
        QCoreApplication::processEvents();
        QCOMPARE(f.document.undoStack()->count(), 1);
        const LinearLayout &after = f.document.layoutAt(0).layout;
        const int warp = after.inDimIndex("warp");
        QVERIFY(warp >= 0);
        QCOMPARE(after.bases()[size_t(warp)].second,
                 (std::vector<LinearLayout::Basis>{{1, 0}, {2, 1}}));
        QCOMPARE(f.document.layoutAt(0).sourceText, swapped);
        f.document.undoStack()->undo();
        QCOMPARE(f.document.layoutAt(0).layout, before);
    }
};

QTEST_MAIN(TestWindowDocks)
#include "tst_windowdocks.moc"
