// Step mode of the ds_load_tr pipeline (Fig 6) in the window: Next and Previous scroll the
// view to the step's tinted tables, and the step bar's number is the number in those tables'
// titles.

#include "models/layoutdocument.h"
#include "render/diagram.h"
#include "scratchsettings.h"
#include "widgets/diagramview.h"
#include "widgets/mainwindow.h"
#include "widgets/viewpane.h"

#include <QLabel>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace lx;
using namespace Qt::StringLiterals;

class TestStepMode : public QObject
{
    Q_OBJECT
private:
    lx::test::ScratchSettings m_scratch;

    // The viewport's rect in diagram pixels.
    static QRect visibleRect(const DiagramView *v)
    {
        return QRect(QPoint(v->horizontalScrollBar()->value(), v->verticalScrollBar()->value()),
                     v->viewport()->size());
    }

    // Checks the shown step: its tables are tinted, titled with the step bar's number, and in
    // view.
    static void checkStep(const ViewPane *pane, int step)
    {
        QCOMPARE(pane->currentStep(), step);
        QVERIFY2(pane->stepLabel()->text().startsWith(u"Step %1 of"_s.arg(step)),
                 qPrintable(pane->stepLabel()->text()));
        const DiagramView *view = pane->diagramView();
        const Diagram &d = view->diagram();
        QVERIFY(!d.steps.currentTables.empty());
        const QRect visible = visibleRect(view);
        for (size_t i = 0; i < d.tables.size(); ++i) {
            const bool current =
                std::find(d.steps.currentTables.begin(), d.steps.currentTables.end(), int(i)) !=
                d.steps.currentTables.end();
            QCOMPARE(!d.tables[i].fills.empty(), current); // tinted exactly when current
            if (!current)
                continue;
            const QString &title = d.tables[i].title;
            QVERIFY2(title.startsWith(u"%1 · "_s.arg(step)), qPrintable(title));
            const QRect bounds = view->geometry().tables()[i].bounds;
            // The step's first table is in view from its title down (all of it when it fits).
            QVERIFY2(visible.contains(bounds.topLeft()),
                     qPrintable(u"step %1: table '%2' at y %3, view shows %4..%5"_s.arg(step)
                                    .arg(title)
                                    .arg(bounds.top())
                                    .arg(visible.top())
                                    .arg(visible.bottom())));
            break;
        }
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_scratch.install()); }

    void nextAndPreviousScrollToTheStep()
    {
        MainWindow w;
        w.setAutosaveDirectory(m_scratch.autosavePath());
        w.setSavePrompt([](const QString &) { return QMessageBox::Discard; });
        QCOMPARE(w.openPreset(u"fig6"_s), QString());
        w.resize(1000, 640); // the pipeline's tables are taller than this window
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        ViewPane *pane = nullptr;
        for (ViewPane *p : w.viewPanes())
            if (w.document()->views().at(p->viewIndex()).kind == u"ds-load-tr-pipeline"_s)
                pane = p;
        QVERIFY(pane);
        w.viewTabs()->setCurrentWidget(pane);
        QTRY_VERIFY(!pane->isBusy());
        QCOMPARE(pane->stepCount(), 5);
        QVERIFY(pane->diagramView()->geometry().size().height() >
                pane->diagramView()->viewport()->height());

        for (int step = 1; step <= 5; ++step) {
            pane->nextStep();
            QTRY_VERIFY(!pane->isBusy());
            checkStep(pane, step);
            if (QTest::currentTestFailed())
                return;
        }
        // The last step is at the bottom: the view has scrolled.
        QVERIFY(pane->diagramView()->verticalScrollBar()->value() > 0);
        for (int step = 4; step >= 1; --step) {
            pane->previousStep();
            QTRY_VERIFY(!pane->isBusy());
            checkStep(pane, step);
            if (QTest::currentTestFailed())
                return;
        }
    }
};

QTEST_MAIN(TestStepMode)
#include "tst_stepmode.moc"
