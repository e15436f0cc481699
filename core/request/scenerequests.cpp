#include "request/scenerequests.h"

#include "request/analysisinputs.h"

namespace lx {

Expected<ViewRequest> bankSceneRequest(const Scene &scene, const std::string &what, int viewIndex)
{
    SceneViewChoice choice;
    choice.index = viewIndex;
    choice.kindPrefixes = {"bank-"};
    choice.what = what;
    choice.lacks = "bank view to analyse";
    auto req = sceneViewRequest(scene, choice);
    if (!req && viewIndex < 0) {
        choice.kindPrefixes = {"ds-load-tr"};
        if (auto tr = sceneViewRequest(scene, choice))
            req = std::move(tr);
    }
    if (req && req->kind.rfind("ds-load-tr", 0) == 0)
        return dsLoadTrBankRequest(*req);
    if (req && req->kind.rfind("bank-", 0) != 0)
        return makeError(choice.what + " has no bank view to analyse");
    return req;
}

Expected<ViewRequest> ldsSceneRequest(const Scene &scene, const std::string &what)
{
    SceneViewChoice choice;
    choice.optionKeys = {"microbenchmark", "allocations"};
    choice.what = what;
    choice.lacks = "view that describes LDS buffers ('microbenchmark' or 'allocations' options)";
    return sceneViewRequest(scene, choice);
}

Expected<ViewRequest> dsLoadTrSceneRequest(const Scene &scene, const std::string &what)
{
    SceneViewChoice choice;
    choice.kindPrefixes = {"ds-load-tr"};
    choice.what = what;
    choice.lacks = "ds_load_tr view";
    Expected<ViewRequest> r = sceneViewRequest(scene, choice);
    if (r)
        return r;
    Expected<ViewRequest> base = sceneRequest(scene);
    if (!base)
        return makeError(what + ": " + base.message());
    base->kind = "ds-load-tr-panels";
    base->options = {{"shared", "shared"}, {"dst", "dst"}};
    base->title = scene.title;
    return base;
}

Expected<ViewRequest> ctaSceneRequest(const Scene &scene, const std::string &what,
                                      std::string &layoutText)
{
    auto base = sceneRequest(scene);
    if (!base)
        return makeError(what + ": " + base.message());
    ViewRequest req = std::move(*base);
    req.kind = "cta-tiles";
    for (const SceneView &v : scene.views)
        if (req.layout.empty() && v.kind.rfind("cta", 0) == 0)
            req.layout = v.layout;
    layoutText.clear();
    for (const SceneLayout &l : scene.layouts)
        if (layoutText.empty() && l.text && (req.layout.empty() || l.name == req.layout)) {
            layoutText = *l.text;
            req.layout = l.name;
        }
    if (layoutText.empty())
        return makeError(what + " has no WMMA layout to analyse");
    return req;
}

Expected<SceneAccess> sceneAccessOf(Scene scene, const SceneAccessOptions &options)
{
    // The architecture replaces the scene's (an unknown one is refused by the request layer);
    // the element type is the views', as the bank view would take it.
    if (options.arch)
        scene.arch = *options.arch;
    if (options.dtype)
        for (SceneView &v : scene.views)
            v.options["dtype"] = *options.dtype;
    if (options.tdm)
        for (SceneView &v : scene.views)
            v.options["tdm"] = true;
    if (!options.view)
        return sceneAccess(scene);
    SceneViewChoice choice;
    choice.index = *options.view;
    choice.what = options.what;
    auto req = sceneViewRequest(scene, choice);
    if (!req)
        return req.error();
    return viewAccess(*req, *options.view);
}

} // namespace lx
