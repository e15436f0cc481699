#include "render/handout.h"

#include "io/scene.h"
#include "lessons/lesson.h"
#include "render/exporter.h"
#include "render/viewregistry.h"

#include <QSaveFile>

using namespace Qt::StringLiterals;

namespace lx {

Expected<std::vector<Diagram>> buildStepDiagrams(const ViewRequest &request)
{
    ViewRequest first = request;
    first.options["step"] = 1;
    auto d = buildView(first);
    if (!d)
        return d.error();
    std::vector<Diagram> pages;
    if (d->steps.names.isEmpty()) {
        auto plain = buildView(request);
        if (!plain)
            return plain.error();
        pages.push_back(std::move(*plain));
        return pages;
    }
    const int n = int(d->steps.names.size());
    pages.push_back(std::move(*d));
    for (int step = 2; step <= n; ++step) {
        ViewRequest r = request;
        r.options["step"] = step;
        auto page = buildView(r);
        if (!page)
            return page.error();
        pages.push_back(std::move(*page));
    }
    return pages;
}

Expected<std::vector<Diagram>> buildLessonDiagrams(const Lesson &lesson)
{
    auto base = sceneRequest(lesson.scene);
    if (!base)
        return base.error();
    std::vector<Diagram> pages;
    for (const SceneView &v : lesson.scene.views) {
        auto d = buildView(withSceneView(*base, v));
        if (!d)
            return d.error();
        d->subtitle = QString::fromStdString(lesson.title) + u" \u00b7 task: "_s +
                      QString::fromStdString(lesson.task);
        pages.push_back(std::move(*d));
    }
    if (pages.empty())
        return makeError("the lesson opens no view");
    return pages;
}

QByteArray renderHandoutPdf(const std::vector<Diagram> &pages, const RenderOptions &options)
{
    return renderPdfPages(pages, options);
}

namespace {
QString writeAtomically(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return u"%1: %2"_s.arg(path, file.errorString());
    if (file.write(bytes) != bytes.size() || !file.commit())
        return u"%1: %2"_s.arg(path, file.errorString());
    return {};
}
} // namespace

QString exportHandout(const std::vector<Diagram> &pages, const RenderOptions &options,
                      const QString &path, QStringList *written)
{
    if (pages.empty())
        return u"the handout has no page"_s;
    if (path.endsWith(u".pdf"_s, Qt::CaseInsensitive)) {
        const QString e = writeAtomically(path, renderHandoutPdf(pages, options));
        if (e.isEmpty() && written)
            *written << path;
        return e;
    }
    if (!path.endsWith(u".svg"_s, Qt::CaseInsensitive))
        return u"a handout is a .pdf or a sequence of .svg files, not %1"_s.arg(path);
    const QString stem = path.left(path.size() - 4);
    const int width = pages.size() >= 100 ? 3 : 2;
    for (size_t i = 0; i < pages.size(); ++i) {
        const QString file = u"%1-%2.svg"_s.arg(stem).arg(int(i + 1), width, 10, QLatin1Char('0'));
        const QString e = writeAtomically(file, renderSvg(pages[i], options));
        if (!e.isEmpty())
            return e;
        if (written)
            *written << file;
    }
    return {};
}

} // namespace lx
