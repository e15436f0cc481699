// Layout > Compare With... in the real window offscreen: the action asks for the other layout
// among the scene's others, adds a compare view of the current layout with it as one undo step
// and shows it; Ctrl+Z removes the view again. Without a second layout it refuses, naming why.
// The View Options panel offers the compare view's "other" and "archs" and takes the
// architectures as names separated by commas.

#include "io/scene.h"
#include "models/documentviews.h"
#include "models/layoutdocument.h"
#include "models/scenefile.h"
#include "render/diagram.h"
#include "scratchsettings.h"
#include "widgets/layoutactions.h"
#include "widgets/mainwindow.h"
#include "widgets/viewoptionspanel.h"

#include <QAction>
#include <QLabel>
#include <QMenuBar>
#include <QTabWidget>
#include <QTest>
#include <QUndoStack>

using namespace lx;
using namespace Qt::StringLiterals;

class TestCompareWith : public QObject
{
    Q_OBJECT
    lx::test::ScratchSettings m_scratch;

    std::unique_ptr<MainWindow> makeWindow()
    {
        return lx::test::activeWindow(m_scratch.newWindow(), QSize(1200, 800));
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_scratch.install()); }

    void addsTheViewAndCtrlZRemovesIt()
    {
        auto w = makeWindow();
        QVERIFY(w);
        QCOMPARE(w->openPreset(u"lds-c1"_s), QString());
        LayoutDocument *doc = w->document();
        const int read = doc->indexOfLayout(u"read"_s);
        QVERIFY(read >= 0);
        w->setCurrentLayoutIndex(read);
        auto *actions = w->findChild<LayoutActions *>(u"layoutActions"_s);
        QVERIFY(actions);
        QStringList offered;
        actions->setLayoutChooser([&](const QString &current, const QStringList &others) {
            offered = others;
            return current == u"read"_s ? u"xor"_s : QString();
        });
        QAction *compare = w->findChild<QAction *>(u"compareWithAction"_s);
        QVERIFY(compare && compare->isEnabled());
        QVERIFY(!compare->toolTip().isEmpty());
        // It is in the Layout menu.
        bool inLayoutMenu = false;
        for (QAction *menu : w->menuBar()->actions())
            if (menu->text() == u"&Layout"_s && menu->menu())
                inLayoutMenu = menu->menu()->actions().contains(compare);
        QVERIFY(inLayoutMenu);

        const qsizetype viewsBefore = doc->views().size();
        const int stepsBefore = doc->undoStack()->count();
        compare->trigger();
        QCOMPARE(offered, (QStringList{u"naive"_s, u"xor"_s}));
        QCOMPARE(doc->views().size(), viewsBefore + 1);
        QCOMPARE(doc->undoStack()->count(), stepsBefore + 1);
        const DocumentView &v = doc->views().constLast();
        QCOMPARE(v.kind, u"compare"_s);
        QCOMPARE(v.layoutName, u"read"_s);
        QCOMPARE(QString::fromStdString(v.options.value("other", std::string())), u"xor"_s);
        // The new view is shown.
        QCOMPARE(w->viewTabs()->currentIndex(), int(doc->views().size()) - 1);

        QTest::keyClick(w.get(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(doc->views().size(), viewsBefore);
        QCOMPARE(doc->undoStack()->count(), stepsBefore + 1); // undone, redo-able
        QCOMPARE(doc->undoStack()->index(), stepsBefore);
    }

    void refusesWithoutASecondLayout()
    {
        auto w = makeWindow();
        QVERIFY(w);
        w->openScene(builtinExampleScene()); // one layout
        QCOMPARE(w->document()->layoutCount(), 1);
        w->setCurrentLayoutIndex(0);
        auto *actions = w->findChild<LayoutActions *>(u"layoutActions"_s);
        QVERIFY(actions);
        bool asked = false;
        actions->setLayoutChooser([&](const QString &, const QStringList &) {
            asked = true;
            return QString();
        });
        const qsizetype views = w->document()->views().size();
        w->findChild<QAction *>(u"compareWithAction"_s)->trigger();
        QVERIFY(!asked);
        QCOMPARE(w->document()->views().size(), views);
        auto *label = w->findChild<QLabel *>(u"messageLabel"_s);
        QVERIFY(label);
        const QString status = label->text();
        QVERIFY2(status.contains(u"second layout"_s), qPrintable(status));
    }

    void archsAreSetFromTheViewOptionsPanel()
    {
        Expected<Scene> scene = loadPreset("lds-c1");
        QVERIFY(scene);
        Expected<SceneContents> contents = sceneContentsFromScene(*scene);
        QVERIFY(contents);
        LayoutDocument doc;
        doc.reset(*contents);
        QVERIFY(doc.addView({u"compare"_s, u"read"_s, {{"other", "xor"}}}).isEmpty());
        const int view = int(doc.views().size()) - 1;
        ViewOptionsPanel panel(&doc);
        panel.show();
        panel.setView(view);
        QVERIFY2(panel.offeredKeys().contains(u"other"_s) &&
                     panel.offeredKeys().contains(u"archs"_s),
                 qPrintable(panel.offeredKeys().join(u',')));
        const int steps = doc.undoStack()->count();
        QCOMPARE(panel.setOption(u"archs"_s, u"gfx942, gfx90a"_s), QString());
        QCOMPARE(doc.undoStack()->count(), steps + 1);
        QCOMPARE(doc.views().at(view).options.value("archs", std::vector<std::string>()),
                 (std::vector<std::string>{"gfx942", "gfx90a"}));
        Expected<Diagram> d = buildDocumentView(doc.contents(), view);
        QVERIFY2(d, d ? "" : d.message().c_str());
        QCOMPARE(d->tables.at(0).rows.size(), size_t(4)); // two architectures x store, load
        QVERIFY(d->tables.at(0).rows.at(2).at(0) == u"gfx90a"_s);
        // Nothing but commas is refused; an unknown architecture is the view's error, by name.
        QVERIFY(!panel.setOption(u"archs"_s, u" , "_s).isEmpty());
        QCOMPARE(panel.setOption(u"archs"_s, u"gfx9000"_s), QString());
        QVERIFY2(panel.viewError().contains(u"gfx9000"_s), qPrintable(panel.viewError()));
    }

    // compareWith on the actions alone refuses a layout the scene does not have.
    void refusesAnUnknownLayout()
    {
        QWidget parent;
        LayoutDocument document;
        LayoutActions actions(&document, &parent);
        document.reset(builtinExampleScene());
        actions.setCurrentLayout(0);
        const QString e = actions.compareWith(u"nope"_s);
        QVERIFY2(e.contains(u"nope"_s), qPrintable(e));
        QCOMPARE(document.views().size(), builtinExampleScene().views.size());
    }
};

QTEST_MAIN(TestCompareWith)
#include "tst_comparewith.moc"
