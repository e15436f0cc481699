#include "base/safewrite.h"

#include "base/boundedread.h"

#include <cerrno>
#include <climits>
#include <cstring>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace lx {

namespace {

std::string folderOf(const std::string &path)
{
    const size_t slash = path.rfind('/');
    if (slash == std::string::npos)
        return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

std::string systemError(const std::string &path, int error)
{
    return path + ": " + std::strerror(error);
}

// Writes all of `bytes` to `fd`; errno on failure.
int writeAll(int fd, std::string_view bytes)
{
    size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        if (n == 0)
            return ENOSPC;
        done += size_t(n);
    }
    return 0;
}

} // namespace

Expected<std::string> resolveWriteTarget(const std::string &path)
{
    std::string current = path;
    for (int hops = 0; hops < 40; ++hops) {
        struct stat st = {};
        if (::lstat(current.c_str(), &st) != 0 || !S_ISLNK(st.st_mode))
            return current;
        std::vector<char> buffer(size_t(PATH_MAX) + 1);
        const ssize_t n = ::readlink(current.c_str(), buffer.data(), buffer.size() - 1);
        if (n < 0)
            return makeError(systemError(current, errno));
        std::string target(buffer.data(), size_t(n));
        current = target.starts_with('/') ? target : folderOf(current) + "/" + target;
    }
    return makeError(path + ": too many levels of symbolic links");
}

Expected<std::string> checkWritableTarget(const std::string &path)
{
    if (path.empty())
        return makeError("an empty output file name");
    Expected<std::string> target = resolveWriteTarget(path);
    if (!target)
        return target;
    struct stat st = {};
    const std::string folder = folderOf(*target);
    if (::stat(folder.c_str(), &st) != 0)
        return makeError("cannot write " + path + ": " + folder + ": " + std::strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return makeError("cannot write " + path + ": " + folder + " is not a folder");
    if (::stat(target->c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
        const std::string where = *target == path ? path : path + " (-> " + *target + ")";
        return makeError(where + " is " + describeFileKind(st.st_mode) +
                         "; refusing to replace it with a file");
    }
    return target;
}

Expected<bool> writeFileAtomically(const std::string &path, std::string_view bytes,
                                   const WriteOptions &options)
{
    Expected<std::string> checked = checkWritableTarget(path);
    if (!checked)
        return checked.error();
    const std::string &target = *checked;
    struct stat old = {};
    const bool exists = ::stat(target.c_str(), &old) == 0;

    std::string temp = target + ".tmp-XXXXXX";
    const int fd = ::mkstemp(temp.data());
    if (fd < 0)
        return makeError("cannot write " + path + ": " + std::strerror(errno));
    auto abandon = [&](int error) -> Expected<bool> {
        ::close(fd);
        ::unlink(temp.c_str());
        return makeError("cannot write " + path + ": " + std::strerror(error));
    };
    mode_t mode = 0600;
    if (!options.privateFile) {
        if (exists) {
            mode = old.st_mode & 07777;
        } else {
            const mode_t mask = ::umask(0);
            ::umask(mask);
            mode = mode_t(options.newFileMode) & ~mask;
        }
    }
    if (::fchmod(fd, mode) != 0)
        return abandon(errno);
    if (const int e = writeAll(fd, bytes))
        return abandon(e);
    if (::fsync(fd) != 0 && errno != EINVAL && errno != EROFS)
        return abandon(errno);
    if (::close(fd) != 0) {
        const int e = errno;
        ::unlink(temp.c_str());
        return makeError("cannot write " + path + ": " + std::strerror(e));
    }
    if (::rename(temp.c_str(), target.c_str()) != 0) {
        const int e = errno;
        ::unlink(temp.c_str());
        return makeError("cannot replace " + path + ": " + std::strerror(e));
    }
    return true;
}

} // namespace lx
