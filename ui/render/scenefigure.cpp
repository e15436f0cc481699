#include "render/scenefigure.h"

#include "io/scene.h"
#include "request/viewrequest.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lx {

std::vector<ViewRequest> sceneViewRequests(const Scene &scene, const ViewRequest &base)
{
    std::vector<ViewRequest> out;
    for (const SceneView &v : scene.views)
        out.push_back(withSceneView(base, v));
    return out;
}

bool sceneFigureShowsEveryView(const Scene &scene)
{
    return scene.views.size() > 1 &&
           std::all_of(scene.views.begin(), scene.views.end(),
                       [&](const SceneView &v) { return v.kind == scene.views.front().kind; });
}

Expected<Diagram> combineDiagrams(const std::vector<Diagram> &parts, const QString &title)
{
    Diagram out;
    out.title = title;
    QStringList subtitles;
    for (const Diagram &part : parts) {
        for (const DiagramAnnotation &a : part.annotations)
            if (a.from.panel < 0 || a.to.panel < 0)
                return makeError("a view drawn with free annotations ('" +
                                 part.title.toStdString() + "') cannot share a figure");
        const int first = int(out.panels.size());
        for (const DiagramPanel &p : part.panels) {
            out.panels.push_back(p);
            // The part's own placement does not hold among other parts: they flow.
            out.panels.back().origin = QPointF(-1, -1);
            if (out.panels.back().rowAxisLabel.isEmpty())
                out.panels.back().rowAxisLabel = part.rowAxisLabel;
            if (out.panels.back().columnAxisLabel.isEmpty())
                out.panels.back().columnAxisLabel = part.columnAxisLabel;
        }
        if (int(out.panels.size()) > first) {
            QString &t = out.panels[size_t(first)].title;
            t = t.isEmpty() ? part.title : part.title + u": "_s + t;
        }
        for (DiagramAnnotation a : part.annotations) {
            a.from.panel += first;
            a.to.panel += first;
            out.annotations.push_back(std::move(a));
        }
        // A part without panels is named on its tables.
        for (DiagramTable t : part.tables) {
            if (part.panels.empty())
                t.title = t.title.isEmpty() ? part.title : part.title + u": "_s + t.title;
            out.tables.push_back(std::move(t));
        }
        for (const DiagramLegendEntry &e : part.legend)
            if (std::find(out.legend.begin(), out.legend.end(), e) == out.legend.end())
                out.legend.push_back(e);
        if (out.legendTitle.isEmpty())
            out.legendTitle = part.legendTitle;
        if (!part.subtitle.isEmpty())
            subtitles << (parts.size() > 1 ? part.title + u": "_s + part.subtitle : part.subtitle);
        out.cellSize = out.cellSize.expandedTo(part.cellSize);
        out.figures.insert(out.figures.end(), part.figures.begin(), part.figures.end());
    }
    out.subtitle = subtitles.join(u'\n');
    return out;
}

} // namespace lx
