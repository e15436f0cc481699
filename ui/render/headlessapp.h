#pragma once

// The command-line arguments of a QGuiApplication made to paint without a display (the
// headless commands, the Python package): the offscreen platform unless QT_QPA_PLATFORM names
// one. The platform is an argument, never put into the environment, so the environment stays
// as the program found it for every process it starts. The storage is static: QGuiApplication
// keeps references to argc and argv for its lifetime (and may reorder argv).

#include <QtGlobal>

namespace lx {

struct HeadlessArguments
{
    int *argc;
    char **argv;
};

// `name` is the program name Qt sees (at most 31 characters). Each call resets the storage.
[[nodiscard]] HeadlessArguments headlessGuiArguments(const char *name);

// Qt's warning that XDG_RUNTIME_DIR is unset (headless servers, CI, notebook kernels) is about a
// folder a painter without a display never uses, and it would be the only line on a command's
// standard error or in a notebook's first output. Installs a message handler that drops it and
// passes every other message to the handler installed before; returns that one, to put back.
QtMessageHandler dropRuntimeDirWarning();

} // namespace lx
