#pragma once

// One bounded reader for every file and stream the program reads: regular files, pipes, devices
// and standard input ("-"). The size limit is counted while reading, never trusted from stat():
// a device reports size 0 and a pipe has none, so /dev/zero or a 70 MiB pipe stop at the limit
// with a message that names it. A directory is refused with that reason, not with the size the
// file system reports for it. Standard input and pipes are read to their end, not one chunk.

#include "base/expected.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace lx {

// The largest conformance case file `eval` reads (the largest in tests/data is ~260 KiB; every
// case is evaluated and kept, so the limit bounds time and memory: see the README's limits).
inline constexpr int64_t kMaxCaseFileBytes = int64_t(4) << 20;
// The largest scene, architecture description or single-layout JSON file (the largest preset
// is ~2 KiB, the largest architecture ~12 KiB).
inline constexpr int64_t kMaxInputFileBytes = int64_t(1) << 20;

// Reads the whole file at `path` ("-": standard input), at most `maxBytes` bytes. `what` names
// the kind of file in messages ("a scene file"). Errors name the path and the cause:
//   "PATH: is a directory, not a scene file"
//   "PATH: more than 1 MiB (the limit for a scene file)"
//   "cannot read PATH: No such file or directory"
[[nodiscard]] Expected<std::string> readBounded(const std::string &path, int64_t maxBytes,
                                                std::string_view what);

// The same for an open descriptor (not closed); `name` is used in messages.
[[nodiscard]] Expected<std::string> readBoundedFd(int fd, const std::string &name, int64_t maxBytes,
                                                  std::string_view what);

// What a file of this `st_mode` is, for messages: "a directory", "a pipe", "a character
// device", ... ("not a regular file" for any other non-regular kind).
[[nodiscard]] std::string describeFileKind(unsigned int mode);

} // namespace lx
