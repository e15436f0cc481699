#include "models/documentviews.h"

#include "models/layoutdocument.h"
#include "render/viewregistry.h"

namespace lx {

ViewRequest viewRequestFor(const SceneContents &contents, int view)
{
    const DocumentView &v = contents.views.at(view);
    ViewRequest r;
    r.kind = v.kind.toStdString();
    r.layout = v.layoutName.toStdString();
    r.arch = contents.arch.toStdString();
    for (const DocumentLayout &l : contents.layouts)
        r.layouts.push_back(ResolvedLayout{l.name.toStdString(), l.layout,
                                           std::vector<int32_t>(l.shape.begin(), l.shape.end()),
                                           l.dtype.toStdString(), l.attr});
    r.options = v.options;
    return r;
}

Expected<Diagram> buildDocumentView(const SceneContents &contents, int view)
{
    return buildView(viewRequestFor(contents, view));
}

QString viewTitle(const SceneContents &contents, int view)
{
    const DocumentView &v = contents.views.at(view);
    return v.layoutName.isEmpty() ? v.kind : QStringLiteral("%1 · %2").arg(v.kind, v.layoutName);
}

} // namespace lx
