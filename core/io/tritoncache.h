#pragma once

// Kernels as Triton leaves them on disk, for `analyze kernel`, `check` and the Kernel dock:
//
//   a Triton cache folder   ~/.triton/cache/HASH/ (or $TRITON_CACHE_DIR): one folder per compiled
//                           kernel holding NAME.ttgir, NAME.amdgcn (the final assembly),
//                           NAME.json (the compile's metadata) and Triton's other stages;
//   a dump folder           NAME.ttgir beside NAME.amdgcn and no metadata (TRITON_KERNEL_DUMP,
//                           or files copied by hand);
//   a folder of modules     NAME.ttgir alone;
//   a TTGIR file            any name; NAME.amdgcn and NAME.json beside it are taken with it,
//                           and `--asm FILE` gives (or replaces) its assembly.
//
// findKernels walks a folder (a cache root, a kernel folder, or any folder of modules) to a depth
// of kMaxKernelDepth, without following links to folders, and returns every NAME.ttgir it finds,
// sorted by path, with the files beside it. Triton writes NAME.json after the assembly and the
// group file __grp__NAME.json last, so a folder that has the group file but no NAME.json, or
// other stages of NAME (.ttir, .llir, .source) but neither its json nor its assembly, is still
// being written (or its compile stopped): it is listed as `incomplete`, with the reason, and
// nothing of it is read.
//
// readCompiledKernel reads the listed files, each bounded (base/boundedread.h); an error names the
// file and the cause.

#include "base/expected.h"
#include "io/amdgcn.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lx {

inline constexpr int kMaxKernelDepth = 4;      // levels of folders below the path given
inline constexpr int kMaxKernelFolders = 4096; // kernels listed from one path
inline constexpr int64_t kMaxKernelMetadataBytes = int64_t(1) << 20;

// NAME.json, the fields the program uses. Unset where the file does not state them.
struct TritonMetadata
{
    std::string name;          // "name"
    std::string arch;          // "target": {"arch"} (else "arch")
    std::string tritonVersion; // "triton_version"
    std::optional<int64_t> numWarps, numStages, warpSize;
    std::optional<int64_t> sharedBytes; // "shared": the LDS bytes the kernel is launched with
};

[[nodiscard]] Expected<TritonMetadata> parseTritonMetadata(std::string_view jsonText);

struct KernelFiles
{
    std::string name;       // NAME
    std::string folder;     // the folder holding it ("" for a file given alone)
    std::string ttgir;      // path of the module
    std::string amdgcn;     // path of the assembly, or empty
    std::string metadata;   // path of NAME.json, or empty
    std::string incomplete; // why the folder cannot be read yet (then nothing is read)
};

// `path`: a folder, or a TTGIR file (then one entry, with `asmPath` as its assembly when given,
// else the NAME.amdgcn beside it).
// Errors: a path that does not exist, a folder with no .ttgir anywhere below it, more than
// kMaxKernelFolders kernels.
[[nodiscard]] Expected<std::vector<KernelFiles>> findKernels(const std::string &path,
                                                             const std::string &asmPath = {});

struct CompiledKernel
{
    KernelFiles files;
    std::string ttgirText;
    std::optional<AmdgcnKernel> assembly;
    std::optional<TritonMetadata> metadata;
};

// NAME.ttgir in `folder` with the files beside it, and whether the folder is ready
// (`incomplete`, by the rule above). The module itself need not exist yet.
[[nodiscard]] KernelFiles kernelFilesIn(const std::string &folder, const std::string &name);

// Requires files.incomplete empty.
[[nodiscard]] Expected<CompiledKernel> readCompiledKernel(const KernelFiles &files);

} // namespace lx
