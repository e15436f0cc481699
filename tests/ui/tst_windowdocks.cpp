// WindowDocks on a bare QMainWindow: every dock is there under its name, the current layout
// reaches every editor and model, a choice in the scene panel is reported, and an editor's
// refusal becomes a status message.

#include "models/layoutdocument.h"
#include "models/layoutpropertiesmodel.h"
#include "models/matrixmodel.h"
#include "widgets/baseseditor.h"
#include "widgets/layoutactions.h"
#include "widgets/windowdocks.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

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
};

QTEST_MAIN(TestWindowDocks)
#include "tst_windowdocks.moc"
