#include "base/boundedread.h"

#include "base/bytesize.h"

#include <cerrno>
#include <cstring>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace lx {

std::string describeFileKind(unsigned int mode)
{
    if (S_ISDIR(mode))
        return "a directory";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISFIFO(mode))
        return "a pipe";
    if (S_ISSOCK(mode))
        return "a socket";
    return "not a regular file";
}

Expected<std::string> readBoundedFd(int fd, const std::string &name, int64_t maxBytes,
                                    std::string_view what)
{
    struct stat st = {};
    if (::fstat(fd, &st) != 0)
        return makeError(name + ": " + std::strerror(errno));
    if (S_ISDIR(st.st_mode))
        return makeError(name + ": is a directory, not " + std::string(what));
    std::string data;
    // A regular file's size is a hint for the first allocation only; the limit is counted below.
    if (S_ISREG(st.st_mode) && st.st_size > 0 && st.st_size <= maxBytes)
        data.reserve(size_t(st.st_size));
    std::vector<char> chunk(size_t(64) << 10);
    for (;;) {
        const ssize_t n = ::read(fd, chunk.data(), chunk.size());
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EISDIR)
                return makeError(name + ": is a directory, not " + std::string(what));
            return makeError(name + ": " + std::strerror(errno));
        }
        if (n == 0)
            break;
        if (int64_t(data.size()) + n > maxBytes)
            return makeError(name + ": more than " + byteSizeText(maxBytes) + " (the limit for " +
                             std::string(what) + ")");
        data.append(chunk.data(), size_t(n));
    }
    return data;
}

Expected<std::string> readBounded(const std::string &path, int64_t maxBytes, std::string_view what)
{
    if (path == "-")
        return readBoundedFd(STDIN_FILENO, "standard input", maxBytes, what);
    if (path.empty())
        return makeError("an empty file name, not " + std::string(what));
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        const int e = errno;
        struct stat st = {};
        if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
            return makeError(path + ": is " + describeFileKind(st.st_mode) + ", not " +
                             std::string(what) + " (" + std::strerror(e) + ")");
        return makeError("cannot read " + path + ": " + std::strerror(e));
    }
    Expected<std::string> data = readBoundedFd(fd, path, maxBytes, what);
    ::close(fd);
    return data;
}

} // namespace lx
