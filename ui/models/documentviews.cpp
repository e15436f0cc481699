#include "models/documentviews.h"

#include "analysis/ownership.h"
#include "models/elementinfo.h"
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

bool followSelection(ViewRequest &request, int64_t elementId)
{
    if (request.kind != "xor" || elementId < 0)
        return false;
    const Expected<const ResolvedLayout *> named = request.layoutOption("layout");
    if (!named || !*named)
        return false;
    const LinearLayout &layout = (*named)->layout;
    const std::optional<std::vector<int32_t>> owner = findOwner(layout, elementId);
    if (!owner)
        return false;
    std::vector<LinearLayout::NamedValue> input;
    const std::vector<std::string> names = layout.inDimNames();
    for (size_t i = 0; i < names.size(); ++i) {
        request.options[names[i]] = (*owner)[i];
        input.emplace_back(names[i], (*owner)[i]);
    }
    if (const Expected<XorDecomposition> x = decomposeXor(layout, input))
        request.title = "Selected element: " + x->toString();
    return true;
}

QString viewTitle(const SceneContents &contents, int view)
{
    const DocumentView &v = contents.views.at(view);
    return v.layoutName.isEmpty() ? v.kind : QStringLiteral("%1 · %2").arg(v.kind, v.layoutName);
}

} // namespace lx
