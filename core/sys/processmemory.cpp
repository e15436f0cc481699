#include "sys/processmemory.h"

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>
#include <unistd.h>
#endif

namespace lx {

namespace {

#if defined(__linux__) && defined(__GLIBC__)
bool hugePagesOnRequest()
{
    std::ifstream in("/sys/kernel/mm/transparent_hugepage/enabled");
    std::string line;
    return std::getline(in, line) && line.find("[madvise]") != std::string::npos;
}

void reexecWithHugePages(char **argv)
{
    if (!argv || !argv[0] || std::getenv("LX_NO_HUGEPAGES") || std::getenv("LX_MEMORY_CONFIGURED"))
        return;
    const char *tunables = std::getenv("GLIBC_TUNABLES");
    if (tunables && std::strstr(tunables, "glibc.malloc.hugetlb"))
        return;
    if (!hugePagesOnRequest())
        return;
    std::string value = "glibc.malloc.hugetlb=1";
    if (tunables && *tunables)
        value = std::string(tunables) + ":" + value;
    if (setenv("GLIBC_TUNABLES", value.c_str(), 1) != 0 ||
        setenv("LX_MEMORY_CONFIGURED", "1", 1) != 0)
        return;
    execv("/proc/self/exe", argv);
    // Still here: the exec failed; run as we are, with the environment as it was.
    if (tunables)
        setenv("GLIBC_TUNABLES", tunables, 1);
    else
        unsetenv("GLIBC_TUNABLES");
}
#endif

} // namespace

void configureProcessMemory(char **argv)
{
#if defined(__linux__) && defined(__GLIBC__)
    reexecWithHugePages(argv);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
#else
    (void)argv;
#endif
}

} // namespace lx
