// The Learn panel in the window (offscreen): every built-in lesson opened, a wrong edit made
// (not accepted), undone, then the learner's edits of the solution made one by one: the panel
// says "solved" exactly after the last one, remembers it, and hints come one at a time.

#include "lessons/lesson.h"
#include "models/layoutdocument.h"
#include "models/scenefile.h"
#include "scratchsettings.h"
#include "widgets/learnpanel.h"
#include "widgets/mainwindow.h"

#include <QDockWidget>
#include <QMessageBox>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <memory>

using namespace lx;

class TestLearnPanel : public QObject
{
    Q_OBJECT
private:
    lx::test::ScratchSettings m_scratch;

    std::unique_ptr<MainWindow> makeWindow()
    {
        return lx::test::shownWindow(m_scratch.newWindow(), QSize(1400, 880));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_scratch.install());
        QSettings().clear();
    }

    void lessons_data()
    {
        QTest::addColumn<int>("index");
        const auto lessons = builtinLessons();
        QVERIFY(lessons.size() >= 12);
        for (size_t i = 0; i < lessons.size(); ++i)
            QTest::newRow(lessons[i].id.c_str()) << int(i);
    }
    void lessons()
    {
        QFETCH(int, index);
        auto w = makeWindow();
        QVERIFY(w);
        LearnPanel *panel = showLearnDock(w.get());
        QVERIFY(panel);
        QVERIFY(panel->openLesson(index));
        const Lesson lesson = panel->lessons()[size_t(index)];
        LayoutDocument *doc = w->document();
        // The lesson's scene and views are open.
        QCOMPARE(doc->layoutCount(), int(lesson.scene.layouts.size()));
        QCOMPARE(w->viewTabs()->count(), int(lesson.scene.views.size()));
        QVERIFY(!panel->isSolved());
        QVERIFY2(panel->statusText().startsWith(QStringLiteral("Not solved yet: ")),
                 qPrintable(panel->statusText()));
        QSignalSpy solved(panel, &LearnPanel::solvedChanged);

        // A wrong edit is not accepted; undo takes it back.
        for (const LessonEdit &e : lesson.wrong)
            QCOMPARE(applyLessonEdit(*doc, e), QString());
        QVERIFY(!panel->isSolved());
        QCOMPARE(solved.count(), 0);
        for (size_t i = 0; i < lesson.wrong.size(); ++i)
            doc->undoStack()->undo();

        // The learner's edits: solved exactly after the last one.
        for (size_t i = 0; i < lesson.solution.size(); ++i) {
            QCOMPARE(applyLessonEdit(*doc, lesson.solution[i]), QString());
            const bool last = i + 1 == lesson.solution.size();
            QCOMPARE(panel->isSolved(), last);
        }
        QCOMPARE(solved.count(), 1);
        QVERIFY(panel->statusText().contains(QStringLiteral("Solved")));
        QVERIFY(LearnPanel::wasSolved(QString::fromStdString(lesson.id)));
        // A finished lesson is no unsaved work: the next lesson opens without asking.
        QVERIFY(!doc->isModified());
        // Undo unsolves it again (and that is a change).
        doc->undoStack()->undo();
        QVERIFY(!panel->isSolved());
        QVERIFY(doc->isModified());
        QCOMPARE(solved.count(), 2);
    }

    void hintsAndProgress()
    {
        auto w = makeWindow();
        QVERIFY(w);
        LearnPanel *panel = showLearnDock(w.get());
        QVERIFY(panel->openLesson(1));
        const int hints = int(panel->lessons()[1].hints.size());
        QCOMPARE(panel->hintsShown(), 0);
        for (int i = 1; i <= hints + 1; ++i) {
            panel->showNextHint();
            QCOMPARE(panel->hintsShown(), std::min(i, hints));
        }
        // A handout of the lesson: one page per view, titled with the task.
        const auto pages = panel->handoutPages();
        QCOMPARE(pages.size(), panel->lessons()[1].scene.views.size());
        QVERIFY(pages.front().subtitle.contains(QStringLiteral("task:")));
        // Show Me applies the solution as one undoable step, and the lesson is then finished.
        panel->showSolution();
        QVERIFY(panel->isSolved());
        QVERIFY(!w->document()->isModified());
        w->document()->undoStack()->undo();
        QVERIFY(!panel->isSolved());
        // The current lesson is remembered: a new window's panel opens it again.
        w.reset();
        auto again = makeWindow();
        LearnPanel *reopened = showLearnDock(again.get());
        QCOMPARE(reopened->currentIndex(), 1);
    }

    // Help > Learn opens the dock.
    // Another scene replacing the lesson's (File > Open, a recovered autosave) is said as such,
    // not checked against the task; picking the lesson again reopens its scene.
    void anotherSceneReplacesTheLesson()
    {
        auto w = makeWindow();
        LearnPanel *panel = showLearnDock(w.get());
        QVERIFY(panel->openLesson(0, true));
        const std::vector<Lesson> &lessons = panel->lessons();
        for (const LessonEdit &e : lessons[0].solution)
            QCOMPARE(applyLessonEdit(*w->document(), e), QString());
        QVERIFY(panel->isSolved());
        QSignalSpy solved(panel, &LearnPanel::solvedChanged);

        // The lesson's own scene with its layouts renamed: the task names none of them.
        auto contents = sceneContentsFromScene(lessons[0].scene);
        QVERIFY2(contents, contents ? "" : contents.message().c_str());
        SceneContents other = *contents;
        for (qsizetype i = 0; i < other.layouts.size(); ++i)
            other.layouts[i].name = QStringLiteral("Other%1").arg(i);
        w->openScene(other);
        QVERIFY(!panel->isSolved());
        QCOMPARE(solved.count(), 1);
        QVERIFY2(panel->statusText().contains(QStringLiteral("not this lesson's")),
                 qPrintable(panel->statusText()));
        QVERIFY2(!panel->statusText().contains(QStringLiteral("no layout named")),
                 qPrintable(panel->statusText()));

        QVERIFY(panel->openLesson(0, true));
        QVERIFY2(panel->statusText().startsWith(QStringLiteral("Not solved yet: ")) &&
                     !panel->statusText().contains(QStringLiteral("not this lesson's")),
                 qPrintable(panel->statusText()));
    }

    void helpMenu()
    {
        auto w = makeWindow();
        QVERIFY(w);
        QAction *learn = w->findChild<QAction *>(QStringLiteral("learnAction"));
        QVERIFY(learn);
        learn->trigger();
        auto *dock = w->findChild<QDockWidget *>(QStringLiteral("learnDock"));
        QVERIFY(dock);
        QVERIFY(dock->isVisible());
    }

    void lessonFileErrors()
    {
        auto w = makeWindow();
        LearnPanel *panel = showLearnDock(w.get());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": \"layout-explorer-lesson\"}");
        f.close();
        const QString error = panel->openLessonFile(path);
        QVERIFY2(error.contains(QStringLiteral("version")), qPrintable(error));
        QVERIFY(panel->openLessonFile(dir.filePath(QStringLiteral("none.json")))
                    .contains(QStringLiteral("cannot read")));
    }
};

QTEST_MAIN(TestLearnPanel)
#include "tst_learnpanel.moc"
