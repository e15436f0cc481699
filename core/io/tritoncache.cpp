#include "io/tritoncache.h"

#include "base/boundedread.h"
#include "base/jsoninput.h"
#include "io/ttgir.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace lx {

namespace fs = std::filesystem;

namespace {

std::optional<int64_t> intField(const nlohmann::json &j, const char *key)
{
    const auto it = j.find(key);
    if (it == j.end() || !it->is_number_integer())
        return std::nullopt;
    return it->get<int64_t>();
}

std::string stringField(const nlohmann::json &j, const char *key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

bool isFile(const fs::path &p)
{
    std::error_code ec;
    return fs::is_regular_file(p, ec);
}

Expected<bool> walk(const fs::path &dir, int depth, std::vector<KernelFiles> &out)
{
    std::error_code ec;
    std::vector<fs::path> files, dirs;
    for (fs::directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
         !ec && it != end; it.increment(ec)) {
        const fs::directory_entry &e = *it;
        std::error_code sec;
        if (e.is_symlink(sec) && e.is_directory(sec))
            continue; // a link to a folder could loop
        if (e.is_directory(sec))
            dirs.push_back(e.path());
        else if (e.is_regular_file(sec) && e.path().extension() == ".ttgir")
            files.push_back(e.path());
    }
    if (ec)
        return makeError("cannot list " + dir.string() + ": " + ec.message());
    std::sort(files.begin(), files.end());
    std::sort(dirs.begin(), dirs.end());
    for (const fs::path &f : files) {
        if (int(out.size()) >= kMaxKernelFolders)
            return makeError("more than " + std::to_string(kMaxKernelFolders) +
                             " kernels below the path; give a narrower folder");
        out.push_back(kernelFilesIn(dir.string(), f.stem().string()));
    }
    if (depth < kMaxKernelDepth)
        for (const fs::path &d : dirs)
            if (Expected<bool> r = walk(d, depth + 1, out); !r)
                return r;
    return true;
}

} // namespace

KernelFiles kernelFilesIn(const std::string &folder, const std::string &name)
{
    const fs::path dir(folder);
    KernelFiles k;
    k.name = name;
    k.folder = dir.string();
    k.ttgir = (dir / (name + ".ttgir")).string();
    if (const fs::path a = dir / (name + ".amdgcn"); isFile(a))
        k.amdgcn = a.string();
    if (const fs::path m = dir / (name + ".json"); isFile(m))
        k.metadata = m.string();
    if (!k.metadata.empty())
        return k;
    if (isFile(dir / ("__grp__" + name + ".json")))
        k.incomplete = "Triton's group file is there but not " + name +
                       ".json: the folder was left half-written";
    else if (k.amdgcn.empty())
        for (const char *stage : {".ttir", ".llir", ".source"})
            if (isFile(dir / (name + stage)))
                k.incomplete = "Triton's other stages (" + name + stage +
                               ") are there but neither " + name + ".json nor " + name +
                               ".amdgcn: the compile is still being written, or it stopped";
    return k;
}

Expected<TritonMetadata> parseTritonMetadata(std::string_view jsonText)
{
    Expected<nlohmann::json> j = parseJson(jsonText);
    if (!j)
        return j.error();
    if (!j->is_object())
        return makeError("Triton's metadata is a JSON object; this is " +
                         std::string(j->type_name()));
    TritonMetadata m;
    m.name = stringField(*j, "name");
    if (const auto t = j->find("target"); t != j->end() && t->is_object())
        m.arch = stringField(*t, "arch");
    if (m.arch.empty())
        m.arch = stringField(*j, "arch");
    m.tritonVersion = stringField(*j, "triton_version");
    m.numWarps = intField(*j, "num_warps");
    m.numStages = intField(*j, "num_stages");
    m.warpSize = intField(*j, "warp_size");
    m.sharedBytes = intField(*j, "shared");
    return m;
}

Expected<std::vector<KernelFiles>> findKernels(const std::string &path, const std::string &asmPath)
{
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    if (path.empty())
        return makeError("an empty path, not a module or a folder");
    if (ec || !fs::exists(st))
        return makeError("cannot read " + path + ": no such file or folder");
    if (!fs::is_directory(st)) {
        // A module given alone is read whatever the state of its folder; the assembly and the
        // metadata beside it (NAME.amdgcn, NAME.json) come with it, `asmPath` replaces the first.
        const fs::path p(path);
        KernelFiles k = kernelFilesIn(
            (p.has_parent_path() ? p.parent_path() : fs::path(".")).string(), p.stem().string());
        k.folder.clear();
        k.ttgir = path;
        k.incomplete.clear();
        if (!asmPath.empty())
            k.amdgcn = asmPath;
        return std::vector<KernelFiles>{k};
    }
    if (!asmPath.empty())
        return makeError(path + " is a folder: its assemblies are read beside each module, "
                                "--asm is for one TTGIR file");
    std::vector<KernelFiles> out;
    if (Expected<bool> r = walk(fs::path(path), 0, out); !r)
        return r.error();
    if (out.empty())
        return makeError(path + ": no TTGIR module (NAME.ttgir) in the folder or below it (" +
                         std::to_string(kMaxKernelDepth) + " levels)");
    return out;
}

Expected<CompiledKernel> readCompiledKernel(const KernelFiles &files)
{
    CompiledKernel k;
    k.files = files;
    Expected<std::string> text =
        readBounded(files.ttgir, int64_t(kMaxTtgirBytes), "a TTGIR module");
    if (!text)
        return text.error();
    k.ttgirText = std::move(*text);
    if (!files.amdgcn.empty()) {
        Expected<std::string> a = readBounded(files.amdgcn, kMaxAmdgcnBytes, "AMDGCN assembly");
        if (!a)
            return a.error();
        Expected<AmdgcnKernel> asmK = parseAmdgcn(*a);
        if (!asmK)
            return makeError(files.amdgcn + ": " + asmK.message());
        k.assembly = std::move(*asmK);
    }
    if (!files.metadata.empty()) {
        Expected<std::string> m =
            readBounded(files.metadata, kMaxKernelMetadataBytes, "Triton's kernel metadata");
        if (!m)
            return m.error();
        Expected<TritonMetadata> meta = parseTritonMetadata(*m);
        if (!meta)
            return makeError(files.metadata + ": " + meta.message());
        k.metadata = std::move(*meta);
    }
    return k;
}

} // namespace lx
