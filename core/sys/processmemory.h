#pragma once

// How the program asks the C library and the kernel for memory. Layout Explorer allocates large,
// short-lived blocks: a 4096×4096 ownership map (hundreds of MB), a figure's image (tens of MB),
// Qt's PDF engine's 10 MB chunks. Each is written right after it is allocated, and with 4 KiB pages
// the page faults cost more than the work: on a 2-core VM, BM_OwnershipReplicated/4096 took 935 ms
// with 4 KiB pages and 69 ms with 2 MiB ones, and opening the 4096×4096 view 1.05 s and 0.42 s.
//
// configureProcessMemory(argv), the first call of main():
// - when the kernel offers transparent huge pages on request (/sys/kernel/mm/
//   transparent_hugepage/enabled is "madvise") and glibc's malloc has not been asked to use them,
//   runs the program again (execv of /proc/self/exe, same arguments, same process id) with
//   glibc.malloc.hugetlb=1 added to GLIBC_TUNABLES: malloc then asks for huge pages for the blocks
//   it maps. This happens once (LX_MEMORY_CONFIGURED marks the second run) and never when
//   LX_NO_HUGEPAGES is set or the exec fails (the program then runs as it is);
// - keeps blocks below 32 MiB in the heap and returns free memory at its top beyond 64 MiB only
//   (mallopt), so that repeated exports reuse their buffers instead of mapping them afresh; at most
//   64 MiB of free heap stays with the process.
// Elsewhere than Linux with glibc it does nothing.

namespace lx {

void configureProcessMemory(char **argv);

} // namespace lx
