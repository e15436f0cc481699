#include "io/cachewatch.h"

#include "base/boundedread.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <system_error>

namespace lx {

namespace fs = std::filesystem;

namespace {

int64_t stampMs(const fs::file_time_type &t)
{
    const auto sys = std::chrono::file_clock::to_sys(t);
    return std::chrono::duration_cast<std::chrono::milliseconds>(sys.time_since_epoch()).count();
}

// The root's subfolders (names), without following links. Errors when it cannot be listed.
Expected<std::vector<std::string>> listFolders(const fs::path &root)
{
    std::error_code ec;
    std::vector<std::string> names;
    for (fs::directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
         !ec && it != end; it.increment(ec)) {
        std::error_code sec;
        if (it->is_symlink(sec) || !it->is_directory(sec))
            continue;
        names.push_back(it->path().filename().string());
    }
    if (ec)
        return makeError("cannot list " + root.string() + ": " + ec.message());
    return names;
}

// What a folder holds right now, directly: its files (name, size, time) and its temporary
// folders; the newest time; its modules' names.
struct FolderLook
{
    std::string signature;
    std::vector<std::string> modules; // NAME of each NAME.ttgir
    std::string temporary;            // a `tmp.*` folder inside, when there is one
    int64_t newestMs = 0;
    bool readable = true;
};

FolderLook look(const fs::path &dir)
{
    FolderLook l;
    std::error_code ec;
    std::vector<std::string> entries;
    for (fs::directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
         !ec && it != end; it.increment(ec)) {
        std::error_code sec;
        const std::string name = it->path().filename().string();
        if (it->is_symlink(sec))
            continue;
        if (it->is_directory(sec)) {
            if (name.rfind("tmp.", 0) == 0)
                l.temporary = name;
            continue;
        }
        if (!it->is_regular_file(sec))
            continue;
        const uintmax_t size = it->file_size(sec);
        const int64_t t = stampMs(it->last_write_time(sec));
        l.newestMs = std::max(l.newestMs, t);
        entries.push_back(name + '\t' + std::to_string(size) + '\t' + std::to_string(t));
        if (it->path().extension() == ".ttgir")
            l.modules.push_back(it->path().stem().string());
    }
    if (ec)
        l.readable = false;
    std::sort(entries.begin(), entries.end());
    std::sort(l.modules.begin(), l.modules.end());
    for (const std::string &e : entries)
        l.signature += e + '\n';
    return l;
}

// The target its NAME.json names, or empty (no metadata, unreadable).
std::string metadataArch(const KernelFiles &k)
{
    if (k.metadata.empty())
        return {};
    Expected<std::string> text =
        readBounded(k.metadata, kMaxKernelMetadataBytes, "Triton's kernel metadata");
    if (!text)
        return {};
    Expected<TritonMetadata> m = parseTritonMetadata(*text);
    return m ? m->arch : std::string();
}

int64_t folderStamp(const fs::path &p)
{
    std::error_code ec;
    const fs::file_time_type t = fs::last_write_time(p, ec);
    return ec ? 0 : stampMs(t);
}

} // namespace

CacheWatch::CacheWatch(std::string root, int64_t settleMs)
    : m_root(std::move(root)), m_settleMs(settleMs)
{
}

void CacheWatch::remember(const std::string &name)
{
    if (!m_known.insert(name).second)
        return;
    m_knownOrder.push_back(name);
    while (m_knownOrder.size() > kMaxWatchRemembered) {
        m_known.erase(m_knownOrder.front());
        m_knownOrder.pop_front();
    }
}

Expected<bool> CacheWatch::start(int64_t nowMs)
{
    std::error_code ec;
    if (m_root.empty())
        return makeError("no folder to watch");
    const fs::file_status st = fs::status(m_root, ec);
    if (ec || !fs::exists(st))
        return makeError("cannot watch " + m_root + ": no such folder");
    if (!fs::is_directory(st))
        return makeError("cannot watch " + m_root + ": not a folder");
    Expected<std::vector<std::string>> names = listFolders(m_root);
    if (!names)
        return names.error();
    m_known.clear();
    m_knownOrder.clear();
    m_pending.clear();
    for (const std::string &n : *names)
        remember(n);
    m_rootStamp = folderStamp(m_root);
    m_lastRescanMs = nowMs;
    return true;
}

Expected<bool> CacheWatch::rescan(int64_t nowMs)
{
    const int64_t stamp = folderStamp(m_root);
    if (stamp == m_rootStamp && nowMs - m_lastRescanMs < kRescanMs)
        return true;
    Expected<std::vector<std::string>> names = listFolders(m_root);
    if (!names)
        return names.error();
    m_rootStamp = stamp;
    m_lastRescanMs = nowMs;
    for (const std::string &n : *names) {
        if (m_known.count(n) || m_pending.count(n))
            continue;
        if (m_pending.size() >= kMaxWatchPending) {
            // The oldest waiting folder gives way to the newest.
            auto oldest = std::min_element(m_pending.begin(), m_pending.end(),
                                           [](const auto &a, const auto &b) {
                                               return a.second.firstSeenMs < b.second.firstSeenMs;
                                           });
            remember(oldest->first);
            m_pending.erase(oldest);
        }
        m_pending[n] = Pending{nowMs, nowMs, {}};
    }
    return true;
}

bool CacheWatch::check(const std::string &name, Pending &p, int64_t nowMs, WatchEvent &event)
{
    const fs::path dir = fs::path(m_root) / name;
    const FolderLook l = look(dir);
    if (l.signature != p.signature) {
        p.signature = l.signature;
        p.stableSinceMs = nowMs;
    }
    event.folderName = name;
    event.modifiedMs = l.newestMs;
    std::string why;
    if (!l.readable)
        why = "the folder cannot be listed";
    else if (l.modules.empty())
        why = "no TTGIR module (NAME.ttgir) in the folder yet";
    else if (!l.temporary.empty())
        why = "Triton is still writing a file (" + l.temporary + ")";
    if (why.empty()) {
        event.files = kernelFilesIn(dir.string(), l.modules.front());
        why = event.files.incomplete;
    }
    if (why.empty()) {
        // Triton's cache writes the group file last; a folder without one (a dump, files copied
        // by hand) may still get its metadata, so it must stay quiet for longer.
        std::error_code ec;
        const bool grouped =
            fs::is_regular_file(dir / ("__grp__" + event.files.name + ".json"), ec);
        if (nowMs - p.stableSinceMs >= (grouped ? m_settleMs : std::max(m_settleMs, kQuietMs)))
            return true;
    }
    if (nowMs - p.firstSeenMs < kPendingTimeoutMs)
        return false;
    // Given up on: reported once, with the reason.
    if (event.files.ttgir.empty())
        event.files.folder = dir.string();
    event.files.incomplete = why.empty() ? "its files kept changing" : why;
    return true;
}

std::vector<WatchEvent> CacheWatch::poll(int64_t nowMs)
{
    Expected<bool> listed = rescan(nowMs);
    m_error = listed ? std::string() : listed.message();
    std::vector<WatchEvent> events;
    for (auto it = m_pending.begin(); it != m_pending.end();) {
        WatchEvent e;
        if (!check(it->first, it->second, nowMs, e)) {
            ++it;
            continue;
        }
        // A folder with several modules (a dump folder) reports each.
        if (e.files.incomplete.empty()) {
            for (const std::string &m : look(fs::path(m_root) / it->first).modules) {
                WatchEvent one = e;
                one.files = kernelFilesIn(e.files.folder, m);
                if (one.files.incomplete.empty())
                    events.push_back(std::move(one));
            }
        } else {
            events.push_back(std::move(e));
        }
        remember(it->first);
        it = m_pending.erase(it);
    }
    std::stable_sort(events.begin(), events.end(), [](const WatchEvent &a, const WatchEvent &b) {
        return a.modifiedMs < b.modifiedMs;
    });
    return events;
}

std::optional<KernelFiles> CacheWatch::previousCompile(const WatchEvent &kernel) const
{
    if (kernel.files.name.empty())
        return std::nullopt;
    Expected<std::vector<std::string>> names = listFolders(m_root);
    if (!names)
        return std::nullopt;
    const std::string arch = metadataArch(kernel.files);
    // The newest earlier compile for the same target, else the newest for any.
    std::optional<KernelFiles> best[2];
    int64_t bestMs[2] = {0, 0};
    for (const std::string &n : *names) {
        if (n == kernel.folderName || m_pending.count(n))
            continue;
        const fs::path dir = fs::path(m_root) / n;
        std::error_code ec;
        if (!fs::is_regular_file(dir / (kernel.files.name + ".ttgir"), ec))
            continue;
        KernelFiles k = kernelFilesIn(dir.string(), kernel.files.name);
        if (!k.incomplete.empty())
            continue;
        const int64_t t = look(dir).newestMs;
        if (t > kernel.modifiedMs)
            continue;
        const int slot = !arch.empty() && metadataArch(k) == arch ? 0 : 1;
        if (best[slot] && t <= bestMs[slot])
            continue;
        best[slot] = std::move(k);
        bestMs[slot] = t;
    }
    return best[0] ? best[0] : best[1];
}

} // namespace lx
