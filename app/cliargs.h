#pragma once

// Option parsing shared by the headless commands: shapes, architectures, element types, scenes
// (--preset / --scene) and layouts given as text. Every command turns its options into a
// ViewRequest (core/request) with these, so the defaults are the request layer's and the
// messages read the same in every command.

#include "base/expected.h"
#include "render/qtext.h"
#include "request/shape.h"
#include "request/viewrequest.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace lx::app {

// A message part from the core (UTF-8) as a QString.
using lx::qs; // render/qtext.h

// Prints "PROG: message" on stderr (prog ends with ": ") and returns `code`.
int fail(const QString &prog, int code, const QString &message);

// fail() for one command: `constexpr Fail failRender{"layout-explorer render: "};`, then
// `return failRender(ExitBadUsage, message);` (a name of its own per file: the CI build compiles
// several command files as one unit).
struct Fail
{
    const char *prog;
    int operator()(int code, const QString &message) const
    {
        return lx::app::fail(QString::fromUtf8(prog), code, message);
    }
};

// The value of a --shape-like option; the error names the option.
[[nodiscard]] Expected<std::vector<int32_t>> shapeArg(const QString &option, const QString &text,
                                                      const ShapeRules &rules = {});

// --arch when given, else `sceneArch` when not empty, else the default architecture.
[[nodiscard]] std::string archArg(const QCommandLineParser &parser, const QCommandLineOption &arch,
                                  const std::string &sceneArch = {});

// A non-negative integer option: nullopt when absent, -1 when malformed (the caller fails).
[[nodiscard]] std::optional<int> nonNegativeIntArg(const QCommandLineParser &parser,
                                                   const QCommandLineOption &option);

// The scene of --preset NAME or --scene FILE (`scene` may be null when the command takes only
// presets); `what` receives "preset 'NAME'" or the file name for messages.
[[nodiscard]] Expected<Scene> sceneArg(const QCommandLineParser &parser,
                                       const QCommandLineOption &preset,
                                       const QCommandLineOption *scene, std::string *what);

// A layout given as #ttg or Gluon text over a shape, resolved as a scene layout would be.
[[nodiscard]] Expected<ResolvedLayout> textLayoutArg(const std::string &name,
                                                     const std::string &text,
                                                     const std::vector<int32_t> &shape,
                                                     const std::string &dtype);

// The help text of an --arch option: "...; default: the scene's, else gfx1250" with the request
// layer's default architecture.
[[nodiscard]] QString archHelp(const QString &what);

} // namespace lx::app
