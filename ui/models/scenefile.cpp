#include "models/scenefile.h"

#include "io/layoutjson.h"
#include "io/scene.h"
#include "models/layoutdocument.h"

namespace lx {

Expected<SceneContents> sceneContentsFromScene(const Scene &scene)
{
    SceneContents s;
    s.name = QString::fromStdString(scene.name);
    s.title = QString::fromStdString(scene.title);
    s.description = QString::fromStdString(scene.description);
    if (!scene.arch.empty())
        s.arch = QString::fromStdString(scene.arch);
    for (const SceneLayout &l : scene.layouts) {
        Expected<ResolvedLayout> r = resolveLayout(l);
        if (!r)
            return makeError("layout " + l.name + ": " + r.message());
        DocumentLayout d;
        d.name = QString::fromStdString(l.name);
        d.layout = r->layout;
        d.sourceText = l.text ? QString::fromStdString(*l.text) : QString();
        d.shape = QList<int>(l.shape.begin(), l.shape.end());
        d.dtype = QString::fromStdString(l.dtype);
        d.attr = r->attr;
        s.layouts.append(std::move(d));
    }
    for (const SceneView &v : scene.views)
        s.views.append(DocumentView{QString::fromStdString(v.kind),
                                    QString::fromStdString(v.layout), v.options});
    if (scene.kernel) {
        s.kernelOrigin = QString::fromStdString(scene.kernel->origin);
        s.kernelText = QString::fromStdString(scene.kernel->text);
    }
    return s;
}

Scene sceneFromContents(const SceneContents &contents)
{
    Scene scene;
    scene.name = contents.name.toStdString();
    scene.title = contents.title.toStdString();
    scene.description = contents.description.toStdString();
    scene.arch = contents.arch.toStdString();
    for (const DocumentLayout &d : contents.layouts) {
        SceneLayout l;
        l.name = d.name.toStdString();
        l.dtype = d.dtype.toStdString();
        if (!d.sourceText.isEmpty()) {
            l.text = d.sourceText.toStdString();
            l.shape.assign(d.shape.begin(), d.shape.end());
        } else {
            l.layout = layoutToJson(d.layout);
            // A raw layout's shape must equal its out-dim sizes; after an out-dim was resized
            // the old shape no longer does, and the bases carry the sizes anyway.
            std::vector<int32_t> sizes;
            for (const auto &[name, size] : d.layout.outDims())
                sizes.push_back(size);
            if (std::vector<int32_t>(d.shape.begin(), d.shape.end()) == sizes)
                l.shape = sizes;
        }
        scene.layouts.push_back(std::move(l));
    }
    for (const DocumentView &v : contents.views)
        scene.views.push_back(
            SceneView{v.kind.toStdString(), v.layoutName.toStdString(), v.options});
    if (!contents.kernelText.isEmpty())
        scene.kernel =
            SceneKernel{contents.kernelOrigin.toStdString(), contents.kernelText.toStdString()};
    return scene;
}

Expected<SceneContents> parseSceneText(const QByteArray &json)
{
    Expected<Scene> scene = parseScene(std::string_view(json.constData(), size_t(json.size())));
    if (!scene)
        return scene.error();
    return sceneContentsFromScene(*scene);
}

Expected<SceneContents> readSceneFile(const QString &fileName)
{
    Expected<Scene> scene = loadSceneFile(fileName.toStdString());
    if (!scene)
        return scene.error();
    return sceneContentsFromScene(*scene);
}

QByteArray serializeSceneContents(const SceneContents &contents)
{
    return QByteArray::fromStdString(serializeScene(sceneFromContents(contents)));
}

QString writeSceneFile(const QString &fileName, const SceneContents &contents)
{
    Expected<bool> ok = saveSceneAtomically(sceneFromContents(contents), fileName.toStdString());
    return ok ? QString() : QString::fromStdString(ok.message());
}

Expected<SceneContents> loadPresetScene(const QString &name)
{
    Expected<Scene> scene = loadPreset(name.toStdString());
    if (!scene)
        return scene.error();
    return sceneContentsFromScene(*scene);
}

} // namespace lx
