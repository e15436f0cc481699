#pragma once

// The one way the program replaces a file: scene saves, autosaves, every -o of the command line
// and the window's exports go through writeFileAtomically.
//  - Atomic: the bytes go to a temporary file beside the target, are flushed to disk and renamed
//    over it; on any error the old file is intact and no temporary file remains.
//  - Links are kept: when `path` is a symbolic link (or a chain of them) the file it points to is
//    replaced and the link stays a link; a dangling link creates its target.
//  - Special files are never replaced: a directory, device, pipe or socket at the target is
//    refused with that reason (no regular file ever takes a device node's place).
//  - Errors name the cause as the system gives it ("No space left on device", "Permission
//    denied", "Read-only file system").
//  - An existing file keeps its permission bits; a new file gets `newFileMode` (minus the umask
//    unless it is a private mode such as 0600, which is applied exactly).

#include "base/expected.h"

#include <string>
#include <string_view>

namespace lx {

// The file a write to `path` lands in: `path` with every symbolic link followed (relative links
// resolved from their folder), or an error for a loop of links.
[[nodiscard]] Expected<std::string> resolveWriteTarget(const std::string &path);

// Checks that `path` can be replaced by a regular file (nothing there, or a regular file, after
// links are followed); the error names what is there. Used before expensive work.
[[nodiscard]] Expected<std::string> checkWritableTarget(const std::string &path);

struct WriteOptions
{
    unsigned newFileMode = 0666; // before the umask
    bool privateFile = false;    // exactly 0600, whatever the umask and the old file's bits
};

[[nodiscard]] Expected<bool> writeFileAtomically(const std::string &path, std::string_view bytes,
                                                 const WriteOptions &options = {});

} // namespace lx
