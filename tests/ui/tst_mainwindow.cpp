// The window driven through its real widgets, offscreen: typing a basis, refused input, undo and
// redo, save and open, hover, selection, the unsaved-changes prompt and crash recovery.

#include "hw/arch.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "models/autosave.h"
#include "models/basesmodel.h"
#include "models/documentviews.h"
#include "models/layoutdocument.h"
#include "models/layoutpropertiesmodel.h"
#include "models/matrixmodel.h"
#include "models/scenefile.h"
#include "render/diagram.h"
#include "scratchsettings.h"
#include "widgets/baseseditor.h"
#include "widgets/diagramview.h"
#include "widgets/mainwindow.h"
#include "widgets/viewpane.h"

#include <QAbstractButton>
#include <QAction>
#include <QClipboard>
#include <QComboBox>
#include <QDockWidget>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <map>
#include <optional>

using namespace lx;
using namespace Qt::StringLiterals;

namespace {

// The worked example: register = [[0,1]], lane = [[1,0],[2,0]], warp = [[2,1],[1,0]] over
// (dim0: 4, dim1: 2), shown as an ownership view and a matrix view.
SceneContents exampleScene()
{
    return builtinExampleScene();
}

// Types `text` into cell (row, col) of a bases table through the real delegate editor and
// commits it with Return.
QLineEdit *typeIntoCell(QTableView *table, int row, int col, const QString &text,
                        bool commit = true)
{
    const QModelIndex index = table->model()->index(row, col);
    table->setCurrentIndex(index);
    table->edit(index);
    auto *editor = table->viewport()->findChild<QLineEdit *>();
    if (!editor)
        return nullptr;
    editor->selectAll();
    QTest::keyClicks(editor, text);
    if (commit) {
        QTest::keyClick(editor, Qt::Key_Return);
        // The delegate commits and closes its editor through a queued call.
        QCoreApplication::processEvents();
        return editor; // only tested for null: it is being deleted
    }
    return editor;
}

ViewPane *paneOfKind(MainWindow &w, const QString &kind)
{
    for (ViewPane *p : w.viewPanes())
        if (w.document()->views().at(p->viewIndex()).kind == kind)
            return p;
    return nullptr;
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT
private:
    lx::test::ScratchSettings m_scratch;

    std::unique_ptr<MainWindow> makeWindow()
    {
        auto w = m_scratch.newWindow();
        w->openScene(exampleScene());
        return lx::test::shownWindow(std::move(w), QSize(1200, 800));
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_scratch.install()); }

    void everyShortcutIsUnique()
    {
        // Two actions of one window on the same key make Qt fire neither ("Ambiguous shortcut
        // overload"): every action of the window, its docks and parts included, has keys of its
        // own.
        auto w = makeWindow();
        std::map<QString, QString> seen;
        int keys = 0;
        for (QAction *a : w->findChildren<QAction *>()) {
            if (a->shortcutContext() == Qt::WidgetShortcut)
                continue;
            for (const QKeySequence &k : a->shortcuts()) {
                if (k.isEmpty())
                    continue;
                ++keys;
                const QString key = k.toString(QKeySequence::PortableText);
                const auto [it, inserted] = seen.emplace(key, a->text());
                QVERIFY2(inserted, qPrintable(key + u": "_s + it->second + u" and "_s + a->text()));
            }
        }
        QVERIFY(keys > 20);
    }

    void opensOnTheSceneWithItsViews()
    {
        auto w = makeWindow();
        QVERIFY(w);
        QCOMPARE(w->viewTabs()->count(), 2);
        QVERIFY(paneOfKind(*w, u"ownership"_s));
        QVERIFY(paneOfKind(*w, u"matrix"_s));
        for (ViewPane *p : w->viewPanes())
            QVERIFY2(p->errorText().isEmpty(), qPrintable(p->errorText()));
        QCOMPARE(w->currentLayoutIndex(), 0);
        QVERIFY(w->basesEditor()->tableFor(u"warp"_s));
    }

    void typingABasisUpdatesViewsAndAnalysis()
    {
        auto w = makeWindow();
        QVERIFY(w);
        ViewPane *ownership = paneOfKind(*w, u"ownership"_s);
        const Diagram before = ownership->diagramView()->diagram();
        QCOMPARE(w->propertiesModel()->value(u"freeMasks"_s), u"warp 0b11"_s);

        // lane basis 1 from [2,0] to [0,0]: lane no longer reaches dim0 bit 1 (warp0 [2,1] still
        // does, so the rank stays 3), and lane basis 1 becomes redundant (zero).
        QTableView *lane = w->basesEditor()->tableFor(u"lane"_s);
        QVERIFY(lane);
        QVERIFY(typeIntoCell(lane, 1, 0, u"0"_s));
        QCOMPARE(w->document()->layoutAt(0).layout.basis("lane", 1), (LinearLayout::Basis{0, 0}));
        QCOMPARE(w->propertiesModel()->value(u"rank"_s), u"3 of 3 out bits"_s);
        QCOMPARE(w->propertiesModel()->value(u"freeMasks"_s), u"lane 0b10, warp 0b10"_s);
        QVERIFY(ownership->diagramView()->diagram() != before);
        // The matrix editor follows too: column lane1 (index 2) has no bit set any more.
        for (int r = 0; r < w->matrixModel()->rowCount(); ++r)
            QCOMPARE(w->matrixModel()->index(r, 2).data(MatrixModel::BitRole).toInt(), 0);
    }

    void invalidBasisShowsErrorAtCellAndKeepsLayout_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("out of range") << u"4"_s; // dim0 has size 4: 0..3
        QTest::newRow("not a number") << u"two"_s;
        QTest::newRow("negative") << u"-1"_s;
    }
    void invalidBasisShowsErrorAtCellAndKeepsLayout()
    {
        QFETCH(QString, text);
        auto w = makeWindow();
        QVERIFY(w);
        const SceneContents before = w->document()->contents();
        const Diagram diagramBefore = paneOfKind(*w, u"ownership"_s)->diagramView()->diagram();
        QTableView *warp = w->basesEditor()->tableFor(u"warp"_s);
        // While typing, the editor itself is marked and the message is shown under the table.
        QLineEdit *editor = typeIntoCell(warp, 0, 0, text, false);
        QVERIFY(editor);
        QVERIFY(editor->property("lxInvalid").toBool());
        QLabel *message = w->basesEditor()->messageFor(u"warp"_s);
        QVERIFY(!message->isHidden());
        QVERIFY(!message->text().isEmpty());
        QTest::keyClick(editor, Qt::Key_Return);
        QCoreApplication::processEvents();
        // After commit: the cell keeps the text with the reason, the layout is the last valid one.
        const QModelIndex cell = warp->model()->index(0, 0);
        QCOMPARE(cell.data().toString(), text);
        QVERIFY(!cell.data(BasesModel::ErrorRole).toString().isEmpty());
        QCOMPARE(cell.data(Qt::ToolTipRole).toString().contains(u"keeps 2"_s), true);
        QCOMPARE(w->document()->contents(), before);
        QCOMPARE(w->document()->undoStack()->count(), 0);
        QVERIFY(paneOfKind(*w, u"ownership"_s)->diagramView()->diagram() == diagramBefore);
        QVERIFY(!message->isHidden());
    }

    void undoRedoRestoresExactly()
    {
        auto w = makeWindow();
        QVERIFY(w);
        const SceneContents original = w->document()->contents();
        QVERIFY(typeIntoCell(w->basesEditor()->tableFor(u"warp"_s), 1, 1, u"1"_s));
        // Click a bit of the matrix editor: row 0 (dim0 bit 0), column 0 (register basis 0).
        QTableView *matrix = w->matrixTable();
        const QRect bit = matrix->visualRect(matrix->model()->index(0, 0));
        QTest::mouseClick(matrix->viewport(), Qt::LeftButton, {}, bit.center());
        QCOMPARE(w->document()->layoutAt(0).layout.basis("register", 0),
                 (LinearLayout::Basis{1, 1}));
        auto *add = w->basesEditor()->findChild<QAbstractButton *>(u"addBasis_lane"_s);
        QVERIFY(add);
        add->click();
        QCOMPARE(w->document()->layoutAt(0).layout.inDimSize("lane"), 8);
        QCOMPARE(w->document()->renameLayout(0, u"K"_s), QString());
        const SceneContents edited = w->document()->contents();
        QCOMPARE(w->document()->undoStack()->count(), 4);

        QAction *undo = nullptr;
        QAction *redo = nullptr;
        for (QAction *a : w->findChildren<QAction *>()) {
            if (a->shortcut() == QKeySequence(QKeySequence::Undo))
                undo = a;
            if (a->shortcut() == QKeySequence(QKeySequence::Redo))
                redo = a;
        }
        QVERIFY(undo && redo);
        const Diagram editedDiagram = paneOfKind(*w, u"ownership"_s)->diagramView()->diagram();
        for (int i = 0; i < 4; ++i)
            undo->trigger();
        QCOMPARE(w->document()->contents(), original);
        QVERIFY(!w->document()->isModified());
        for (int i = 0; i < 4; ++i)
            redo->trigger();
        QCOMPARE(w->document()->contents(), edited);
        QVERIFY(paneOfKind(*w, u"ownership"_s)->diagramView()->diagram() == editedDiagram);
    }

    void saveThenOpenRoundTrips_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::newRow("built-in example, edited") << QString();
        QTest::newRow("default preset (text layout)") << u"default"_s;
    }
    void saveThenOpenRoundTrips()
    {
        QFETCH(QString, preset);
        QTemporaryDir dir;
        auto w = makeWindow();
        QVERIFY(w);
        if (!preset.isEmpty())
            QCOMPARE(w->openPreset(preset), QString());
        else
            QVERIFY(typeIntoCell(w->basesEditor()->tableFor(u"lane"_s), 0, 1, u"1"_s));
        const QString file = dir.filePath(u"scene.lxscene"_s);
        QCOMPARE(w->saveToFile(file), QString());
        QVERIFY(!w->document()->isModified());
        QCOMPARE(w->document()->fileName(), file);
        QCOMPARE(w->recentFiles().value(0), file);

        auto other = makeWindow();
        QVERIFY(other);
        QCOMPARE(other->openFile(file), QString());
        QCOMPARE(other->document()->contents(), w->document()->contents());
        QCOMPARE(other->viewTabs()->count(), w->viewTabs()->count());
        // Saving the unchanged scene again gives the same bytes.
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), serializeSceneContents(other->document()->contents()));
    }

    void openRefusesABadFile()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(u"bad.lxscene"_s);
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": \"something else\"}");
        f.close();
        auto w = makeWindow();
        QVERIFY(w);
        const SceneContents before = w->document()->contents();
        QVERIFY(!w->openFile(file).isEmpty());
        QCOMPARE(w->document()->contents(), before);
    }

    void hoverShowsTheDecomposition()
    {
        auto w = makeWindow();
        QVERIFY(w);
        ViewPane *pane = paneOfKind(*w, u"ownership"_s);
        w->viewTabs()->setCurrentWidget(pane);
        DiagramView *view = pane->diagramView();
        view->setScale(1.0);
        // Element dim0=3, dim1=1: row 3, column 1 of the ownership panel (rows along dim0).
        // Elimination over the bases in order picks register=1, lane=3:
        // [0,1] ⊕ [1,0] ⊕ [2,0] = [3,1]; 5 in bits, rank 3, so 4 owners.
        const QRect cell = view->geometry().cellRect(0, 3, 1);
        QPoint pos = cell.center();
        // The diagram is drawn from the viewport's top-left, shifted by the scroll position.
        QTest::mouseMove(view->viewport(), pos);
        QTRY_VERIFY(!w->hoverLabel()->text().isEmpty());
        const QString text = w->hoverLabel()->text();
        QVERIFY2(text.contains(u"dim0=3, dim1=1"_s), qPrintable(text));
        QVERIFY2(text.contains(u"4 owners"_s), qPrintable(text));
        QVERIFY2(text.contains(u"[0,1] \u2295 [1,0] \u2295 [2,0] = [3,1]"_s), qPrintable(text));
        QVERIFY(!w->coordinateLabel()->text().isEmpty());
    }

    void clickSelectsInEveryView()
    {
        auto w = makeWindow();
        QVERIFY(w);
        ViewPane *pane = paneOfKind(*w, u"ownership"_s);
        w->viewTabs()->setCurrentWidget(pane);
        DiagramView *view = pane->diagramView();
        view->setScale(1.0);
        const QRect cell = view->geometry().cellRect(0, 2, 1);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, cell.center());
        // dim0=2, dim1=1 has flattened id 2 + 4*1 = 6 (first out-dim least significant).
        QCOMPARE(w->selectedElement(), qint64(6));
        for (ViewPane *p : w->viewPanes())
            QCOMPARE(p->diagramView()->highlightedElement(), qint64(6));
    }

    void unsavedChangesPrompt_data()
    {
        QTest::addColumn<int>("answer");
        QTest::addColumn<bool>("replaced");
        QTest::newRow("cancel keeps the edit") << int(QMessageBox::Cancel) << false;
        QTest::newRow("discard drops it") << int(QMessageBox::Discard) << true;
    }
    void unsavedChangesPrompt()
    {
        QFETCH(int, answer);
        QFETCH(bool, replaced);
        auto w = makeWindow();
        QVERIFY(w);
        QVERIFY(typeIntoCell(w->basesEditor()->tableFor(u"warp"_s), 0, 0, u"3"_s));
        const SceneContents edited = w->document()->contents();
        int asked = 0;
        w->setSavePrompt([&](const QString &) {
            ++asked;
            return QMessageBox::StandardButton(answer);
        });
        QAction *newAction = nullptr;
        for (QAction *a : w->findChildren<QAction *>())
            if (a->shortcut() == QKeySequence(QKeySequence::New))
                newAction = a;
        QVERIFY(newAction);
        newAction->trigger();
        QCOMPARE(asked, 1);
        QCOMPARE(w->document()->contents() == edited, !replaced);
        QCOMPARE(w->document()->layoutCount(), replaced ? 0 : 1);
    }

    void autosaveRecoversAnUnsavedScene()
    {
        QTemporaryDir dir;
        SceneContents edited;
        {
            auto w = makeWindow();
            QVERIFY(w);
            w->setAutosaveDirectory(dir.path());
            QVERIFY(typeIntoCell(w->basesEditor()->tableFor(u"lane"_s), 0, 1, u"1"_s));
            edited = w->document()->contents();
            QCOMPARE(w->autosave()->saveNow(), QString());
            QVERIFY(QFile::exists(w->autosave()->scenePath()));
            // A running session's scene is not offered to anyone.
            QVERIFY(Autosave::recoverable(dir.path()).isEmpty());
            // The window goes away without a clean exit (no close, no discard): a crash.
        }
        QCOMPARE(Autosave::recoverable(dir.path()).size(), 1);
        auto w = makeWindow();
        QVERIFY(w);
        w->setAutosaveDirectory(dir.path());
        int asked = 0;
        w->setRecoverPrompt([&](const QString &) {
            ++asked;
            return true;
        });
        QVERIFY(w->recoverAutosaves());
        QCOMPARE(asked, 1);
        QCOMPARE(w->document()->contents(), edited);
        QVERIFY(w->document()->isModified());
        QVERIFY(w->isWindowModified());
        QVERIFY(Autosave::recoverable(dir.path()).isEmpty());
    }

    // A window that is killed (no close event) comes back as it was last arranged: its size and
    // its preferences are written a moment after they change, not only on a clean close.
    void arrangementSurvivesAKill()
    {
        auto w = makeWindow();
        QVERIFY(w);
        w->resize(1000, 700);
        w->setDarkTheme(true);
        QTRY_COMPARE(QSettings().value(u"window/geometry"_s).toByteArray(), w->saveGeometry());
        QTRY_VERIFY(QSettings().value(u"view/dark"_s).toBool());
        auto second = m_scratch.newWindow(); // the first one never closed
        QCOMPARE(second->size(), QSize(1000, 700));
        QVERIFY(second->isDarkTheme());
        second->setDarkTheme(false);
        w->setDarkTheme(false);
        QSettings().setValue(u"view/dark"_s, false); // for the tests after this one
    }

    // A dock asked for from the View menu comes to the front, also when it is a tab behind
    // another (the Suggest panel opened behind View Options).
    void aDockAskedForComesToTheFront()
    {
        auto w = makeWindow();
        QVERIFY(w);
        auto *suggest = w->findChild<QDockWidget *>(u"suggestDock"_s);
        QVERIFY(suggest && suggest->isHidden());
        suggest->toggleViewAction()->trigger();
        QVERIFY(suggest->isVisible());
        QTRY_VERIFY(!suggest->visibleRegion().isEmpty());
        suggest->toggleViewAction()->trigger(); // hidden again for the tests after this one
    }

    void cleanExitLeavesNothingToRecover()
    {
        QTemporaryDir dir;
        {
            auto w = makeWindow();
            QVERIFY(w);
            w->setAutosaveDirectory(dir.path());
            QVERIFY(typeIntoCell(w->basesEditor()->tableFor(u"lane"_s), 0, 1, u"1"_s));
            QCOMPARE(w->autosave()->saveNow(), QString());
            QVERIFY(w->close()); // the prompt answers Discard
        }
        QVERIFY(Autosave::recoverable(dir.path()).isEmpty());
    }

    void analysisPanelShowsTheCurrentViewsFigures()
    {
        auto w = makeWindow();
        QVERIFY(w);
        QCOMPARE(w->openPreset(u"attention-v"_s), QString());
        w->viewTabs()->setCurrentIndex(0);
        LayoutPropertiesModel *m = w->propertiesModel();
        // The blog: "128 ds_load_tr16_b128 against 1024 ds_load_u16".
        QVERIFY2(m->value(u"view:instruction"_s).startsWith(u"ds_load_tr16_b128"_s),
                 qPrintable(m->value(u"view:instruction"_s)));
        QCOMPARE(m->value(u"view:eligible"_s), u"yes"_s);
        QCOMPARE(m->value(u"view:instructions"_s), u"128"_s);
        QCOMPARE(m->value(u"view:fallback"_s), u"1024 × ds_load_u16"_s);
        // The heading names the view; the layout's own rows follow.
        QVERIFY(m->value(u"view"_s).startsWith(u"ds-load-tr-panels"_s));
        QVERIFY(!m->value(u"rank"_s).isEmpty());

        // Another tab: its own figures (the pipeline runs the same plan).
        w->viewTabs()->setCurrentIndex(1);
        QVERIFY(m->value(u"view"_s).startsWith(u"ds-load-tr-pipeline"_s));
        QCOMPARE(m->value(u"view:instructions"_s), u"128"_s);
    }

    void analysisPanelShowsProvenance()
    {
        auto w = makeWindow();
        QVERIFY(w);
        QCOMPARE(w->openPreset(u"microbench-plain"_s), QString());
        int datapath = -1;
        for (int i = 0; i < w->viewTabs()->count(); ++i)
            if (w->viewTabs()->tabText(i).startsWith(u"lds-datapath"_s))
                datapath = i;
        QVERIFY(datapath >= 0);
        w->viewTabs()->setCurrentIndex(datapath);
        LayoutPropertiesModel *m = w->propertiesModel();
        const Expected<CuModel> cu = cuModelOf("gfx1250");
        QVERIFY(bool(cu));
        QVERIFY(!cu->measurements.empty());
        std::map<QString, DiagramFigure> byKey;
        for (const DiagramFigure &f : m->viewFigures())
            byKey[f.key] = f;
        // The fixed cost is fitted to the measurements shown beside it.
        QCOMPARE(byKey[u"fixedCycles"_s].source, lx::FigureSource::Fitted);
        QCOMPARE(byKey[u"fixedCycles"_s].number, std::optional<double>(cu->fixedCycles.value));
        QCOMPARE(byKey[u"cyclesMeasured"_s].source, lx::FigureSource::Measured);
        QCOMPARE(byKey[u"cyclesMeasured"_s].number,
                 std::optional<double>(cu->measurements.front().cycles));
        QCOMPARE(byKey[u"cyclesModel"_s].source, lx::FigureSource::Model);
        // The row's tooltip names the provenance.
        for (int r = 0; r < m->rowCount(); ++r) {
            const QModelIndex i = m->index(r, 1);
            if (m->index(r, 0).data().toString() == byKey[u"fixedCycles"_s].label)
                QVERIFY2(i.data(Qt::ToolTipRole).toString().startsWith(u"[fitted]"_s),
                         qPrintable(i.data(Qt::ToolTipRole).toString()));
        }
    }

    void analysisFollowsAnEditAndTheArchitecture()
    {
        auto w = makeWindow();
        QVERIFY(w);
        QCOMPARE(w->openPreset(u"fig5-valid"_s), QString());
        LayoutPropertiesModel *m = w->propertiesModel();
        QCOMPARE(m->value(u"view:eligible"_s), u"yes"_s);
        // Swap the destination's lane bases 1 and 2 ([2,0] <-> [4,0]): Fig 5 (right)
        // says divideLeft then has no result and the load falls back.
        const int dst = w->document()->indexOfLayout(u"dst"_s);
        w->setCurrentLayoutIndex(dst);
        QLineEdit *lane = w->basesEditor()->textFor(u"lane"_s);
        QVERIFY(lane);
        lane->selectAll();
        QTest::keyClicks(lane, u"[[1, 0], [4, 0], [2, 0], [8, 0], [16, 0]]"_s);
        QTest::keyClick(lane, Qt::Key_Return);
        QCOMPARE(w->document()->layoutAt(dst).layout.basis("lane", 1), (LinearLayout::Basis{4, 0}));
        QVERIFY2(m->value(u"view:eligible"_s).startsWith(u"no: "_s),
                 qPrintable(m->value(u"view:eligible"_s)));
        w->document()->undoStack()->undo();
        QCOMPARE(m->value(u"view:eligible"_s), u"yes"_s);

        // gfx950 runs 64-lane warps: this 32-lane destination has no transposed load there. The
        // view says why and the panel drops the figures rather than show stale ones.
        // Nothing of the gfx1250 panels stays under the reason: they are not gfx950's.
        QVERIFY(!w->currentViewPane()->diagramView()->diagram().title.isEmpty());
        w->document()->setArch(u"gfx950"_s);
        QVERIFY(!w->currentViewPane()->errorText().isEmpty());
        QVERIFY(w->currentViewPane()->diagramView()->diagram().title.isEmpty());
        QVERIFY(w->currentViewPane()->diagramView()->diagram().panels.empty());
        QCOMPARE(m->value(u"view:eligible"_s), QString());
        w->document()->undoStack()->undo();
        QCOMPARE(w->archBox()->currentText(), u"gfx1250"_s);
        QCOMPARE(m->value(u"view:eligible"_s), u"yes"_s);
        QVERIFY(!w->currentViewPane()->diagramView()->diagram().title.isEmpty());
    }

    void basesTextLineAppliesAWholeInDim()
    {
        auto w = makeWindow();
        QVERIFY(w);
        QLineEdit *lane = w->basesEditor()->textFor(u"lane"_s);
        QVERIFY(lane);
        QCOMPARE(lane->text(), u"[[1, 0], [2, 0]]"_s); // the example's lane bases
        const LinearLayout before = w->document()->layoutAt(0).layout;

        // Refused as typed: a component beyond dim0's size 4; the layout stays, the reason shows.
        lane->selectAll();
        QTest::keyClicks(lane, u"[[1, 0], [4, 0]]"_s);
        QLabel *message = w->basesEditor()->messageFor(u"lane"_s);
        QVERIFY(message->isVisibleTo(w.get()));
        QVERIFY2(message->text().contains(u"out of range"_s), qPrintable(message->text()));
        QTest::keyClick(lane, Qt::Key_Return);
        QCOMPARE(w->document()->layoutAt(0).layout, before);
        // Unbalanced text: the parser's column is in the message.
        lane->selectAll();
        QTest::keyClicks(lane, u"[[1, 0], [0, 1]"_s);
        QVERIFY2(message->text().contains(u"column"_s), qPrintable(message->text()));

        // Three bases: lane grows to 8, one undo step.
        lane->selectAll();
        QTest::keyClicks(lane, u"[[1, 0], [0, 1], [2, 0]]"_s);
        QVERIFY(message->text().isEmpty());
        const int undoBefore = w->document()->undoStack()->count();
        QTest::keyClick(lane, Qt::Key_Return);
        QCOMPARE(w->document()->layoutAt(0).layout.inDimSize("lane"), 8);
        QCOMPARE(w->document()->layoutAt(0).layout.basis("lane", 1), (LinearLayout::Basis{0, 1}));
        QCOMPARE(w->document()->undoStack()->count(), undoBefore + 1);
        w->document()->undoStack()->undo();
        QCOMPARE(w->document()->layoutAt(0).layout, before);
        QCOMPARE(w->basesEditor()->textFor(u"lane"_s)->text(), u"[[1, 0], [2, 0]]"_s);
    }

    // The title says a layout is built from text while it is, and stops saying so as soon as an
    // edit makes it raw; undo brings the text, and the words, back.
    void basesTitleFollowsTheLayoutsSource()
    {
        auto w = makeWindow();
        QVERIFY(w);
        QCOMPARE(w->openPreset(u"lds-c1"_s), QString());
        const int read = w->document()->indexOfLayout(u"read"_s);
        QVERIFY(read >= 0 && !w->document()->layoutAt(read).sourceText.isEmpty());
        w->setCurrentLayoutIndex(read);
        auto *title = w->basesEditor()->findChild<QLabel *>(u"basesTitle"_s);
        QVERIFY(title);
        QVERIFY2(title->text().contains(u"Built from text"_s), qPrintable(title->text()));

        // The register bases typed back in reverse order: the same in-dim, another layout.
        const LinearLayout &l = w->document()->layoutAt(read).layout;
        QStringList reversed;
        for (int b = l.inDimSizeLog2("register") - 1; b >= 0; --b) {
            QStringList parts;
            for (int32_t v : l.basis("register", b))
                parts << QString::number(v);
            reversed << u"["_s + parts.join(u", "_s) + u"]"_s;
        }
        QVERIFY(reversed.size() >= 2);
        QLineEdit *reg = w->basesEditor()->textFor(u"register"_s);
        QVERIFY(reg);
        reg->selectAll();
        QTest::keyClicks(reg, u"["_s + reversed.join(u", "_s) + u"]"_s);
        QTest::keyClick(reg, Qt::Key_Return);
        QVERIFY(w->document()->layoutAt(read).sourceText.isEmpty());
        QVERIFY2(!title->text().contains(u"Built from text"_s), qPrintable(title->text()));

        w->document()->undoStack()->undo();
        QVERIFY(!w->document()->layoutAt(read).sourceText.isEmpty());
        QVERIFY2(title->text().contains(u"Built from text"_s), qPrintable(title->text()));
    }

    void pipelineStepMode()
    {
        auto w = makeWindow();
        QVERIFY(w);
        QCOMPARE(w->openPreset(u"fig6"_s), QString());
        ViewPane *pipeline = paneOfKind(*w, u"ds-load-tr-pipeline"_s);
        QVERIFY(pipeline);
        w->viewTabs()->setCurrentWidget(pipeline);
        // cvt -> divideLeft -> reps -> addrToOffset -> addrLayout (Fig 5/6 walk).
        QCOMPARE(pipeline->stepCount(), 5);
        QCOMPARE(pipeline->currentStep(), 0);
        const Diagram all = pipeline->diagramView()->diagram();
        auto bar = pipeline->findChild<QWidget *>(u"stepBar"_s);
        QVERIFY(bar && bar->isVisibleTo(w.get()));

        // Ctrl+] walks forward from "all" to step 1: dst and cvt under the step's explanation.
        QAction *next = nullptr;
        for (QAction *a : w->findChildren<QAction *>())
            if (a->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_BracketRight))
                next = a;
        QVERIFY(next && next->isEnabled());
        next->trigger();
        QCOMPARE(pipeline->currentStep(), 1);
        const Diagram one = pipeline->diagramView()->diagram();
        QCOMPARE(one.tables.size(), size_t(3));
        QVERIFY(one.tables[0].title.contains(u"Step 1 of 5"_s));
        QVERIFY(pipeline->stepLabel()->text().contains(u"cvt"_s));
        next->trigger();
        next->trigger();
        QCOMPARE(pipeline->currentStep(), 3);
        QVERIFY(pipeline->stepLabel()->text().contains(u"reps"_s));
        // The step is a view option in the scene (saved and exported), but walking is reading,
        // not editing: no undo step, and the preset is not modified.
        QCOMPARE(w->document()->views().at(pipeline->viewIndex()).options.value("step", 0), 3);
        QCOMPARE(w->document()->undoStack()->count(), 0);
        QVERIFY(!w->document()->isModified());
        QVERIFY(!w->isWindowModified());
        // An edit and its undo leave the reader on the step they were at.
        const int view = pipeline->viewIndex();
        nlohmann::json colour = w->document()->views().at(view).options;
        colour["legend"] = false;
        QCOMPARE(w->document()->setViewOptions(view, colour, u"Hide legend"_s), QString());
        QCOMPARE(w->document()->undoStack()->count(), 1);
        pipeline->setStep(pipeline->stepCount());
        QCOMPARE(pipeline->diagramView()->diagram().tables.size(), all.tables.size() + 1);
        w->document()->undoStack()->undo();
        QCOMPARE(pipeline->currentStep(), pipeline->stepCount());
        QVERIFY(!w->document()->isModified());
        pipeline->setStep(0);
        QCOMPARE(pipeline->diagramView()->diagram(), all);

        // An invalid cvt (Fig 5 right) stops at divideLeft: two steps.
        QCOMPARE(w->openPreset(u"fig5-invalid"_s), QString());
        QCOMPARE(w->document()->addView(DocumentView{u"ds-load-tr-pipeline"_s, {}, {}}), QString());
        ViewPane *invalid = paneOfKind(*w, u"ds-load-tr-pipeline"_s);
        QVERIFY(invalid);
        QCOMPARE(invalid->stepCount(), 2);
        invalid->setStep(2);
        QVERIFY(invalid->diagramView()->diagram().tables.back().title.contains(u"no result"_s));
    }

    void copyAHandEditedLayoutAsTtgText()
    {
        auto w = makeWindow();
        QVERIFY(w);
        const LinearLayout example = w->document()->layoutAt(0).layout; // raw bases
        QVERIFY(!w->document()->layoutAt(0).attr);
        QAction *copy = nullptr;
        for (QAction *a : w->findChildren<QAction *>())
            if (a->text() == u"Copy Layout as #&ttg"_s)
                copy = a;
        QVERIFY(copy && copy->isEnabled());
        copy->trigger();
        const QString text = QGuiApplication::clipboard()->text();
        // warp basis [2, 1] moves two dims: Triton's #ttg.linear refuses it, generic_linear not.
        QVERIFY2(text.startsWith(u"#ttg.generic_linear<"_s), qPrintable(text));
        // Pasting it back builds the same map (Triton adds an empty block in-dim).
        Expected<LayoutAttrPtr> attr = parseLayoutText(text.toStdString());
        QVERIFY2(bool(attr), attr ? "" : attr.message().c_str());
        Expected<LinearLayout> back = toLinearLayout(**attr, {4, 2});
        QVERIFY(bool(back));
        Expected<LinearLayout> ordered = back->transposeOuts(example.outDimNames());
        QVERIFY(bool(ordered));
        Expected<LinearLayout> same =
            ordered->sublayout(example.inDimNames(), example.outDimNames());
        QVERIFY(bool(same));
        QCOMPARE(*same, example);
    }

    void colourByFollowsTheCurrentOwnershipView()
    {
        auto w = makeWindow();
        QVERIFY(w);
        ViewPane *ownership = paneOfKind(*w, u"ownership"_s);
        ViewPane *matrix = paneOfKind(*w, u"matrix"_s);
        w->viewTabs()->setCurrentWidget(matrix);
        QVERIFY(!w->colorBox()->isEnabled());
        w->viewTabs()->setCurrentWidget(ownership);
        QVERIFY(w->colorBox()->isEnabled());
        QCOMPARE(w->colorBox()->currentText(), u"warp"_s); // the default of a distributed layout
        QCOMPARE(ownership->diagramView()->diagram().legendTitle, u"warp"_s);
        const int lane = w->colorBox()->findText(u"lane"_s);
        QVERIFY(lane >= 0);
        w->colorBox()->setCurrentIndex(lane);
        Q_EMIT w->colorBox()->activated(lane);
        QCOMPARE(QString::fromStdString(w->document()
                                            ->views()
                                            .at(ownership->viewIndex())
                                            .options.value("colorBy", std::string())),
                 u"lane"_s);
        QCOMPARE(ownership->diagramView()->diagram().legendTitle, u"lane"_s);
        w->document()->undoStack()->undo();
        QCOMPARE(ownership->diagramView()->diagram().legendTitle, u"warp"_s);
        QCOMPARE(w->colorBox()->currentText(), u"warp"_s);
        // View > Colour By does the same.
        QAction *simdPair = nullptr;
        for (QAction *a : w->findChildren<QAction *>())
            if (a->text() == u"simd-pair"_s && a->isCheckable())
                simdPair = a;
        QVERIFY(simdPair && simdPair->isEnabled());
        simdPair->trigger();
        // The pairs come from the scene's architecture file (gfx1250's CU model).
        QCOMPARE(ownership->diagramView()->diagram().legendTitle,
                 u"SIMD pair (gfx1250: warp mod 4)"_s);
        QCOMPARE(w->colorBox()->currentText(), u"simd-pair"_s);
        QVERIFY(simdPair->isChecked());
    }

    // Colour by warp on a one-warp layout: the legend, the colour-by box's tooltip and the status
    // line say, in the same words, that every element is warp 0.
    void aOneColourChoiceSaysWhyEverywhere()
    {
        SceneContents scene = exampleScene();
        // The worked example without its warp bases: one warp.
        DocumentLayout &l = scene.layouts[0];
        l.layout = *LinearLayout::tryCreate({{"register", {{0, 1}}}, {"lane", {{1, 0}, {2, 0}}}},
                                            {{"dim0", 4}, {"dim1", 2}}, false);
        l.attr = nullptr;
        l.sourceText.clear();
        auto w = m_scratch.newWindow();
        w->openScene(scene);
        w = lx::test::shownWindow(std::move(w), QSize(1200, 800));
        QVERIFY(w);
        ViewPane *ownership = paneOfKind(*w, u"ownership"_s);
        QVERIFY(ownership);
        w->viewTabs()->setCurrentWidget(ownership);
        const int lane = w->colorBox()->findText(u"lane"_s);
        w->colorBox()->setCurrentIndex(lane);
        Q_EMIT w->colorBox()->activated(lane);
        QVERIFY(!w->colorBox()->toolTip().contains(u"every element"_s));
        const int warp = w->colorBox()->findText(u"warp"_s);
        w->colorBox()->setCurrentIndex(warp);
        Q_EMIT w->colorBox()->activated(warp);
        const QString said = u"The layout has one warp, so every element is warp 0"_s;
        const auto &legend = ownership->diagramView()->diagram().legend;
        QCOMPARE(int(legend.size()), 1);
        QCOMPARE(legend.at(0).text, said);
        QCOMPARE(w->colorBox()->toolTip(), said);
        auto *message = w->findChild<QLabel *>(u"messageLabel"_s);
        QVERIFY(message);
        QCOMPARE(message->text(), said);
    }

    // A 512 x 512 layout: its views are built on a worker thread, the window stays responsive,
    // and after a burst of edits the view shows exactly the last state.
    void largeViewsBuildOffTheWindowThread()
    {
        auto w = makeWindow();
        QVERIFY(w);
        LinearLayout::BasesT bases;
        int next = 0; // 18 in bits onto the 18 out bits, in order: a bijection
        for (const auto &[name, bits] : {std::pair{"register", 8}, {"lane", 5}, {"warp", 5}}) {
            std::vector<LinearLayout::Basis> bs;
            for (int b = 0; b < bits; ++b, ++next)
                bs.push_back(next < 9 ? LinearLayout::Basis{1 << next, 0}
                                      : LinearLayout::Basis{0, 1 << (next - 9)});
            bases.emplace_back(name, std::move(bs));
        }
        Expected<LinearLayout> big =
            LinearLayout::tryCreate(bases, {{"dim0", 512}, {"dim1", 512}}, false);
        QVERIFY(bool(big));
        SceneContents scene;
        scene.layouts.append({u"big"_s, *big, {}, {}, {}, nullptr});
        scene.views.append({u"ownership"_s, u"big"_s, {}});
        w->openScene(scene);
        ViewPane *pane = w->viewPanes().value(0);
        QVERIFY(pane);
        QTRY_VERIFY_WITH_TIMEOUT(!pane->isBusy(), 20000);
        QCOMPARE(pane->diagramView()->diagram().panels.front().rows(), 512);

        // Three edits in a row: each supersedes the last; the window never waits for a build.
        for (int v : {3, 5, 7}) {
            QCOMPARE(w->document()->setBasisComponent(0, u"register"_s, 0, 0, v), QString());
            QVERIFY(pane->isBusy());
            QVERIFY(pane->findChild<QLabel *>(u"viewBusy"_s)->isVisibleTo(w.get()));
        }
        QTRY_VERIFY_WITH_TIMEOUT(!pane->isBusy(), 20000);
        QVERIFY(!pane->findChild<QLabel *>(u"viewBusy"_s)->isVisibleTo(w.get()));
        Expected<Diagram> expect = buildDocumentView(w->document()->contents(), 0);
        QVERIFY(bool(expect));
        // The view shows the subtitle wrapped to its width; everything else as built.
        QCOMPARE(pane->diagramView()->subtitle(), expect->subtitle);
        expect->subtitle = pane->diagramView()->diagram().subtitle;
        QVERIFY(pane->diagramView()->diagram() == *expect);
    }

    void viewPreferencesAreRemembered()
    {
        auto actionNamed = [](MainWindow &w, const QString &text) -> QAction * {
            for (QAction *a : w.findChildren<QAction *>())
                if (a->text() == text)
                    return a;
            return nullptr;
        };
        {
            auto w = makeWindow();
            QVERIFY(w);
            QAction *labels = actionNamed(*w, u"Cell &Labels"_s);
            QAction *grid = actionNamed(*w, u"&Grid"_s);
            QVERIFY(labels && grid && labels->isChecked() && grid->isChecked());
            labels->setChecked(false);
            QVERIFY(!paneOfKind(*w, u"ownership"_s)->diagramView()->renderOptions().labels);
            QVERIFY(w->close());
        }
        auto w = makeWindow();
        QVERIFY(w);
        QVERIFY(!actionNamed(*w, u"Cell &Labels"_s)->isChecked());
        QVERIFY(actionNamed(*w, u"&Grid"_s)->isChecked());
        QVERIFY(!paneOfKind(*w, u"ownership"_s)->diagramView()->renderOptions().labels);
        actionNamed(*w, u"Cell &Labels"_s)->setChecked(true); // leave the scratch settings tidy
        QVERIFY(w->close());
    }

    // The architecture selector reaches the analyses: the kPack bank views count gfx950's banks
    // once it is chosen (numbers from the architecture files, read directly here).
    void bankViewsFollowTheArchitecture()
    {
        auto w = makeWindow();
        QVERIFY(w);
        QCOMPARE(w->openPreset(u"rocmlir-kpack-before"_s), QString());
        const QString first = w->document()->arch();
        Expected<Architecture> a = loadArchitecture(first.toStdString());
        Expected<Architecture> b = loadArchitecture("gfx950");
        QVERIFY(bool(a) && bool(b));
        QVERIFY(a->numBanks != b->numBanks); // else the test shows nothing
        LayoutPropertiesModel *m = w->propertiesModel();
        QCOMPARE(m->value(u"view:archBanks"_s), QString::number(a->numBanks));
        const int gfx950 = w->archBox()->findText(u"gfx950"_s);
        QVERIFY(gfx950 >= 0);
        w->archBox()->setCurrentIndex(gfx950);
        Q_EMIT w->archBox()->activated(gfx950);
        QCOMPARE(w->document()->arch(), u"gfx950"_s);
        for (ViewPane *p : w->viewPanes())
            QVERIFY2(p->errorText().isEmpty(), qPrintable(p->errorText()));
        QCOMPARE(m->value(u"view:archBanks"_s), QString::number(b->numBanks));
        w->document()->undoStack()->undo();
        QCOMPARE(m->value(u"view:archBanks"_s), QString::number(a->numBanks));
    }

    void presetOpensItsLayoutsAndViews()
    {
        auto w = makeWindow();
        QVERIFY(w);
        QCOMPARE(w->openPreset(u"default"_s), QString());
        QCOMPARE(w->document()->layoutAt(0).name, u"C"_s);
        QVERIFY(!w->document()->layoutAt(0).sourceText.isEmpty());
        QCOMPARE(w->viewTabs()->count(), int(w->document()->views().size()));
        for (ViewPane *p : w->viewPanes())
            QVERIFY2(p->errorText().isEmpty(), qPrintable(p->errorText()));
        QVERIFY(!w->openPreset(u"no-such-preset"_s).isEmpty());
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
