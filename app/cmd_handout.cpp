// `layout-explorer handout (--preset NAME | --scene FILE | --lesson ID) [--view KIND]
// [--arch NAME|FILE] [--dark]
// -o OUT.pdf|OUT.svg`: a multi-step view as a handout, one step a page (render/handout.h). For a
// scene the view is the first of kind --view, else the first view that has steps, else the
// first view; for a lesson every view of the lesson is a page. OUT.svg writes OUT-01.svg,
// OUT-02.svg, ...; the files written are listed on stdout.

#include "cliargs.h"
#include "command.h"
#include "output.h"

#include "io/scene.h"
#include "lessons/lesson.h"
#include "render/handout.h"
#include "render/viewregistry.h"

#include <QCommandLineParser>
#include <QTextStream>

using namespace Qt::StringLiterals;

namespace {

using lx::app::ExitBadInput;
using lx::app::ExitBadUsage;
using lx::app::ExitOk;

lx::Expected<std::vector<lx::Diagram>> sceneSteps(const lx::Scene &scene, const QString &kind,
                                                  const std::string &arch)
{
    auto base = lx::sceneRequest(scene);
    if (!base)
        return base.error();
    base->arch = arch;
    const lx::SceneView *chosen = nullptr;
    for (const lx::SceneView &v : scene.views)
        if (!chosen && !kind.isEmpty() && v.kind == kind.toStdString())
            chosen = &v;
    if (!kind.isEmpty() && !chosen)
        return lx::makeError("the scene has no view of kind '" + kind.toStdString() + "'");
    for (const lx::SceneView &v : scene.views) {
        if (chosen)
            break;
        lx::ViewRequest r = lx::withSceneView(*base, v);
        r.options["step"] = 1;
        if (auto d = lx::buildView(r); d && !d->steps.names.isEmpty())
            chosen = &v;
    }
    if (!chosen && !scene.views.empty())
        chosen = &scene.views.front();
    if (!chosen)
        return lx::makeError("the scene has no view");
    lx::ViewRequest request = lx::withSceneView(*base, *chosen);
    request.title = scene.title.empty() ? scene.name : scene.title;
    return lx::buildStepDiagrams(request);
}

int runHandout(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Writes a multi-step view (the pipeline steps, a lesson) as a handout: a multi-page PDF "
        "or a sequence of SVGs, one step a page."_s);
    parser.addHelpOption();
    const QCommandLineOption presetOpt(u"preset"_s, u"a preset"_s, u"NAME"_s);
    const QCommandLineOption sceneOpt(u"scene"_s, u"a scene file"_s, u"FILE"_s);
    const QCommandLineOption lessonOpt(u"lesson"_s, u"a lesson id (e.g. 01-bases-and-xor)"_s,
                                       u"ID"_s);
    const QCommandLineOption viewOpt(u"view"_s, u"the view kind of the scene to walk"_s, u"KIND"_s);
    const QCommandLineOption archOpt(
        u"arch"_s, lx::app::archHelp(u"the architecture, a name or an architecture file"_s),
        u"NAME|FILE"_s);
    const QCommandLineOption darkOpt(u"dark"_s, u"dark theme"_s);
    const QCommandLineOption outOpt({u"o"_s, u"output"_s}, u"OUT.pdf or OUT.svg"_s, u"FILE"_s);
    parser.addOptions({presetOpt, sceneOpt, lessonOpt, viewOpt, archOpt, darkOpt, outOpt});
    lx::app::ErrorStream err;
    auto fail = [&](int code, const QString &message) {
        err << "layout-explorer handout: " << message << '\n';
        return code;
    };
    if (const auto rc = lx::app::parseOrExit(parser, args, u"layout-explorer handout: "_s, false))
        return *rc;
    const int sources =
        int(parser.isSet(presetOpt)) + int(parser.isSet(sceneOpt)) + int(parser.isSet(lessonOpt));
    if (sources != 1)
        return fail(ExitBadUsage, u"give one of --preset, --scene and --lesson"_s);
    if (!parser.isSet(outOpt))
        return fail(ExitBadUsage, u"-o OUT.pdf or OUT.svg is required"_s);
    const QString out = parser.value(outOpt);
    if (!out.endsWith(u".pdf"_s, Qt::CaseInsensitive) &&
        !out.endsWith(u".svg"_s, Qt::CaseInsensitive))
        return fail(ExitBadUsage, u"-o must end in .pdf or .svg"_s);

    lx::Expected<std::vector<lx::Diagram>> pages = lx::makeError("nothing to draw");
    if (parser.isSet(lessonOpt)) {
        if (parser.isSet(viewOpt))
            return fail(ExitBadUsage, u"--view does not apply to a lesson"_s);
        if (parser.isSet(archOpt))
            return fail(ExitBadUsage, u"--arch does not apply to a lesson: each step's scene "
                                      u"names its architecture"_s);
        const std::string id = parser.value(lessonOpt).toStdString();
        const auto lessons = lx::builtinLessons();
        const auto it = std::find_if(lessons.begin(), lessons.end(),
                                     [&](const lx::Lesson &l) { return l.id == id; });
        if (it == lessons.end())
            return fail(ExitBadInput, u"no lesson '%1'"_s.arg(parser.value(lessonOpt)));
        pages = lx::buildLessonDiagrams(*it);
    } else {
        const lx::Expected<lx::Scene> scene =
            parser.isSet(presetOpt) ? lx::loadPreset(parser.value(presetOpt).toStdString())
                                    : lx::loadSceneFile(parser.value(sceneOpt).toStdString());
        if (!scene)
            return fail(ExitBadInput, QString::fromStdString(scene.message()));
        pages = sceneSteps(*scene, parser.value(viewOpt),
                           lx::app::archArg(parser, archOpt, scene->arch));
    }
    if (!pages)
        return fail(ExitBadInput, QString::fromStdString(pages.message()));
    lx::RenderOptions options;
    options.dark = parser.isSet(darkOpt);
    QStringList written;
    const QString e = lx::exportHandout(*pages, options, out, &written);
    if (!e.isEmpty())
        return fail(ExitBadInput, e);
    lx::app::OutStream() << written.join(u'\n') << '\n';
    return ExitOk;
}

int handoutCommand(const QStringList &args)
{
    return lx::app::withGuiApplication([&] { return runHandout(args); });
}

} // namespace

LX_REGISTER_COMMAND(handout, "handout",
                    "a multi-step view or a lesson as a multi-page PDF or numbered SVGs",
                    handoutCommand);
