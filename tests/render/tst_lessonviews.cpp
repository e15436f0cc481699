// Every view a built-in lesson opens builds from the lesson's scene (a lesson that opened on an
// error message would teach nothing).

#include "io/scene.h"
#include "lessons/lesson.h"
#include "render/viewregistry.h"

#include <QTest>

class TestLessonViews : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void views_data()
    {
        QTest::addColumn<int>("lesson");
        QTest::addColumn<int>("view");
        const auto lessons = lx::builtinLessons();
        for (size_t i = 0; i < lessons.size(); ++i)
            for (size_t v = 0; v < lessons[i].scene.views.size(); ++v)
                QTest::addRow("%s/%s", lessons[i].id.c_str(),
                              lessons[i].scene.views[v].kind.c_str())
                    << int(i) << int(v);
    }
    void views()
    {
        QFETCH(int, lesson);
        QFETCH(int, view);
        const lx::Lesson l = lx::builtinLessons()[size_t(lesson)];
        auto base = lx::sceneRequest(l.scene);
        QVERIFY2(base, base ? "" : base.message().c_str());
        auto d = lx::buildView(lx::withSceneView(*base, l.scene.views[size_t(view)]));
        QVERIFY2(d, d ? "" : d.message().c_str());
        // Cells, tables, or (the LDS datapath) drawn boxes and arrows.
        QVERIFY(!d->panels.empty() || !d->tables.empty() || !d->annotations.empty());
    }
};

QTEST_MAIN(TestLessonViews)
#include "tst_lessonviews.moc"
