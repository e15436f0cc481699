#include "render/headlessapp.h"

#include <QString>
#include <QtGlobal>

#include <cstring>

namespace lx {

HeadlessArguments headlessGuiArguments(const char *name)
{
    static char program[32];
    static char platformFlag[] = "-platform";
    static char offscreen[] = "offscreen";
    static char *argv[4];
    static int argc = 0;
    std::strncpy(program, name, sizeof program - 1);
    program[sizeof program - 1] = '\0';
    const bool chosen = !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
    argv[0] = program;
    argv[1] = chosen ? nullptr : platformFlag;
    argv[2] = chosen ? nullptr : offscreen;
    argv[3] = nullptr;
    argc = chosen ? 1 : 3;
    return {&argc, argv};
}

namespace {

QtMessageHandler g_beforeRuntimeDirFilter = nullptr;

void withoutRuntimeDirWarning(QtMsgType type, const QMessageLogContext &context,
                              const QString &message)
{
    if (type == QtWarningMsg &&
        message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set")))
        return;
    if (g_beforeRuntimeDirFilter)
        g_beforeRuntimeDirFilter(type, context, message);
}

} // namespace

QtMessageHandler dropRuntimeDirWarning()
{
    const QtMessageHandler before = qInstallMessageHandler(withoutRuntimeDirWarning);
    if (before != withoutRuntimeDirWarning)
        g_beforeRuntimeDirFilter = before;
    return before;
}

} // namespace lx
