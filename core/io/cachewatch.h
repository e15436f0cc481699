#pragma once

// Following a Triton cache folder while the compiler writes into it (File > Watch Triton Cache,
// `layout-explorer --watch DIR`).
//
// The root is a cache folder (~/.triton/cache, $TRITON_CACHE_DIR, or a dump folder): one folder
// per compile below it. CacheWatch is polled: the window polls it on a timer (kPollMs in
// ui/models/kernelwatchmodel.h); there are no file-system change notifications, so a change is
// seen at the next poll. Each poll returns the kernels that became ready since the last one.
//
//  - Only what is written after start() is reported: the folders already there are the baseline.
//    A folder counts as new when its name was not in the baseline (or was reported or dropped
//    since). The root's listing is read again only when the root's modification time changes, or
//    every kRescanMs as a fallback (a file system that does not update it).
//  - A new folder is *pending* until it is ready: its kernel files are complete
//    (io/tritoncache.h: NAME.ttgir with NAME.json, or with NAME.amdgcn for a dump), it holds no
//    temporary folder (Triton writes each file into `tmp.pid_*` and renames it), and its files
//    (names, sizes, modification times) have not changed for settleMs, or for kQuietMs when the
//    folder has no group file `__grp__NAME.json` (Triton's cache writes it last; a dump folder or
//    a folder copied by hand never gets one, and may still get its NAME.json, written after the
//    assembly). A half-written folder is
//    waited for, never read; one that is not ready after kPendingTimeoutMs is reported once as
//    incomplete, with the reason.
//  - Only the kernel files directly in a folder of the root are read (what readCompiledKernel
//    reads); nothing below a folder's own files, and nothing of the root itself.
//  - Bounded: at most kMaxWatchPending folders wait at once (the newest are kept), and the set of
//    folder names remembered (baseline and reported) is at most kMaxWatchRemembered; past it the
//    oldest names are forgotten, which can only make an old folder count as new again.
//
// previousCompile finds the compile that a new kernel replaces: the newest other folder of the
// root holding a complete kernel of the same name, modified before it, for the same target (its
// NAME.json's), else for any target (a folder of the baseline counts: the previous compile may
// predate the watch).
//
// No Qt: the window's KernelWatchModel (ui/models/kernelwatchmodel.h) drives it, the tests drive
// it by hand.

#include "base/expected.h"
#include "io/tritoncache.h"

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace lx {

inline constexpr int64_t kRescanMs = 2000;
inline constexpr int64_t kQuietMs = 3000;
inline constexpr int64_t kPendingTimeoutMs = 10 * 60 * 1000;
inline constexpr size_t kMaxWatchPending = 256;
inline constexpr size_t kMaxWatchRemembered = size_t(1) << 16;

// What a poll reports for one folder.
struct WatchEvent
{
    KernelFiles files;      // the kernel (files.incomplete set for a folder that timed out)
    std::string folderName; // the folder's name below the root (Triton's hash)
    int64_t modifiedMs = 0; // the newest modification time of its files, ms since the epoch
};

class CacheWatch
{
public:
    // `settleMs`: how long a folder's files must stay unchanged before it is read.
    explicit CacheWatch(std::string root, int64_t settleMs = 300);

    // Reads the root's listing as the baseline. Errors: the root does not exist or is not a
    // folder or cannot be listed.
    [[nodiscard]] Expected<bool> start(int64_t nowMs);

    // One look at the root at time `nowMs` (a steady clock, in ms): the folders that became
    // ready (or timed out) since the last poll, oldest first.
    [[nodiscard]] std::vector<WatchEvent> poll(int64_t nowMs);
    // Why the last poll could not list the root (it was removed, permissions), else empty; the
    // watch goes on and the next poll tries again.
    [[nodiscard]] const std::string &error() const { return m_error; }

    // The compile before `kernel` (see above), or none.
    [[nodiscard]] std::optional<KernelFiles> previousCompile(const WatchEvent &kernel) const;

    [[nodiscard]] const std::string &root() const { return m_root; }
    // Folders seen and not ready yet.
    [[nodiscard]] size_t pendingCount() const { return m_pending.size(); }
    // Folder names remembered (baseline and reported), for the bound's test.
    [[nodiscard]] size_t rememberedCount() const { return m_known.size(); }

private:
    struct Pending
    {
        int64_t firstSeenMs = 0;
        int64_t stableSinceMs = 0;
        std::string signature; // names, sizes and times of its files; empty until looked at
    };

    [[nodiscard]] Expected<bool> rescan(int64_t nowMs);
    void remember(const std::string &name);
    // Whether the pending folder is ready to read; `event` filled when it is (or timed out).
    bool check(const std::string &name, Pending &p, int64_t nowMs, WatchEvent &event);

    std::string m_root;
    int64_t m_settleMs;
    int64_t m_rootStamp = 0; // the root's modification time at the last listing
    int64_t m_lastRescanMs = 0;
    std::set<std::string> m_known;
    std::deque<std::string> m_knownOrder; // oldest first, for the bound
    std::map<std::string, Pending> m_pending;
    std::string m_error;
};

} // namespace lx
