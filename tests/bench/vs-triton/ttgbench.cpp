// The engine's half of the side-by-side timing with Triton's `to_linear_layout` (scripts/
// bench-vs-triton): for each case of a case file, `#ttg` text -> linear layout (parseTtg, then
// toLinearLayout over the case's shape) timed in a loop, and the layout's bases, written as JSON
// on stdout for the Python half to compare with Triton's.
//
// Builds from the headless core alone (core/base, f2, layout, hw, io: C++20, no Qt, no JSON
// library). Case file: blocks of
//
//     == NAME ROWSxCOLS
//     #ttg text (alias lines allowed)
//
// Usage: ttgbench CASES [--min-time SECONDS] [--repetitions N] [--calls N]
//
// --calls N: no timing; each case's parse + build is called N times by countedParseAndBuild and
// its build alone N times by countedBuild, two functions kept out of line so that callgrind can
// count the instructions of those calls alone (`--toggle-collect=*countedBuild*`).

#include "io/ttgtext.h"
#include "layout/builders.h"
#include "layout/linearlayout.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct BenchCase
{
    std::string name;
    std::vector<int32_t> shape;
    std::string text;
};

std::vector<int32_t> parseShapeWord(const std::string &word)
{
    std::vector<int32_t> shape;
    std::stringstream in(word);
    std::string part;
    while (std::getline(in, part, 'x'))
        shape.push_back(int32_t(std::stol(part)));
    return shape;
}

std::vector<BenchCase> readCases(const std::string &path)
{
    std::ifstream in(path);
    if (!in)
        throw std::runtime_error("cannot read " + path);
    std::vector<BenchCase> cases;
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("== ", 0) == 0) {
            std::stringstream words(line.substr(3));
            BenchCase c;
            std::string shape;
            words >> c.name >> shape;
            c.shape = parseShapeWord(shape);
            cases.push_back(std::move(c));
        } else if (!cases.empty() && !line.empty()) {
            cases.back().text += (cases.back().text.empty() ? "" : "\n") + line;
        }
    }
    return cases;
}

std::string jsonString(const std::string &s)
{
    std::string out = "\"";
    for (char ch : s) {
        if (ch == '"' || ch == '\\')
            out += std::string("\\") + ch;
        else if (ch == '\n')
            out += "\\n";
        else
            out += ch;
    }
    return out + "\"";
}

std::string basesJson(const lx::LinearLayout &l)
{
    std::string out = "{";
    bool firstDim = true;
    for (const auto &[name, bases] : l.bases()) {
        out += std::string(firstDim ? "" : ", ") + jsonString(name) + ": [";
        firstDim = false;
        for (size_t i = 0; i < bases.size(); ++i) {
            out += i ? ", [" : "[";
            for (size_t j = 0; j < bases[i].size(); ++j)
                out += (j ? ", " : "") + std::to_string(bases[i][j]);
            out += "]";
        }
        out += "]";
    }
    return out + "}";
}

lx::Expected<lx::LinearLayout> convert(const BenchCase &c)
{
    const lx::Expected<lx::LayoutAttrPtr> attr = lx::parseTtg(c.text);
    if (!attr)
        return attr.error();
    return lx::toLinearLayout(**attr, c.shape);
}

[[gnu::noinline]] int64_t countedParseAndBuild(const BenchCase &c, int64_t calls)
{
    int64_t sink = 0;
    for (int64_t i = 0; i < calls; ++i) {
        const lx::Expected<lx::LinearLayout> l = convert(c);
        sink += l ? l->rank() : -1;
    }
    return sink;
}

[[gnu::noinline]] int64_t countedBuild(const lx::LayoutAttr &attr, const BenchCase &c,
                                       int64_t calls)
{
    int64_t sink = 0;
    for (int64_t i = 0; i < calls; ++i) {
        const lx::Expected<lx::LinearLayout> l = lx::toLinearLayout(attr, c.shape);
        sink += l ? l->rank() : -1;
    }
    return sink;
}

// Median nanoseconds per call over `repetitions` timed batches of about `minTime` seconds each.
template <typename F> double medianNs(F &&call, double minTime, int repetitions)
{
    using Clock = std::chrono::steady_clock;
    int64_t batch = 1;
    for (;;) { // grow the batch until it takes minTime
        const auto t0 = Clock::now();
        for (int64_t i = 0; i < batch; ++i)
            call();
        const double s = std::chrono::duration<double>(Clock::now() - t0).count();
        if (s >= minTime || batch >= (int64_t(1) << 30))
            break;
        batch = s <= 0 ? batch * 10 : std::max(batch * 2, int64_t(double(batch) * minTime / s));
    }
    std::vector<double> ns;
    for (int r = 0; r < repetitions; ++r) {
        const auto t0 = Clock::now();
        for (int64_t i = 0; i < batch; ++i)
            call();
        ns.push_back(std::chrono::duration<double, std::nano>(Clock::now() - t0).count() /
                     double(batch));
    }
    std::sort(ns.begin(), ns.end());
    return ns[ns.size() / 2];
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::cerr << "usage: ttgbench CASES [--min-time SECONDS] [--repetitions N] [--calls N]\n";
        return 2;
    }
    double minTime = 0.05;
    int repetitions = 7;
    int64_t calls = 0;
    for (int i = 2; i + 1 < argc; i += 2) {
        const std::string opt = argv[i];
        if (opt == "--min-time")
            minTime = std::stod(argv[i + 1]);
        else if (opt == "--repetitions")
            repetitions = std::max(1, std::stoi(argv[i + 1]));
        else if (opt == "--calls")
            calls = std::max(int64_t(1), int64_t(std::stoll(argv[i + 1])));
    }
    std::vector<BenchCase> cases;
    try {
        cases = readCases(argv[1]);
    } catch (const std::exception &e) {
        std::cerr << "ttgbench: " << e.what() << "\n";
        return 2;
    }
    int failed = 0;
    std::cout << "[\n";
    for (size_t k = 0; k < cases.size(); ++k) {
        const BenchCase &c = cases[k];
        const lx::Expected<lx::LinearLayout> layout = convert(c);
        std::cout << "  {\"name\": " << jsonString(c.name);
        if (!layout) {
            ++failed;
            std::cout << ", \"error\": " << jsonString(layout.message());
        } else {
            const lx::Expected<lx::LayoutAttrPtr> attr = lx::parseTtg(c.text);
            if (calls > 0) {
                const int64_t sink =
                    countedParseAndBuild(c, calls) + countedBuild(**attr, c, calls);
                std::cout << ", \"calls\": " << calls << ", \"ranks\": " << sink
                          << ", \"bases\": " << basesJson(*layout) << "}"
                          << (k + 1 < cases.size() ? "," : "") << "\n";
                continue;
            }
            volatile int64_t sink = 0;
            const double total = medianNs(
                [&] {
                    const lx::Expected<lx::LinearLayout> l = convert(c);
                    sink = sink + (l ? l->rank() : -1);
                },
                minTime, repetitions);
            const double build = medianNs(
                [&] {
                    const lx::Expected<lx::LinearLayout> l = lx::toLinearLayout(**attr, c.shape);
                    sink = sink + (l ? l->rank() : -1);
                },
                minTime, repetitions);
            std::cout << ", \"ns\": " << total << ", \"buildNs\": " << build
                      << ", \"bases\": " << basesJson(*layout);
        }
        std::cout << "}" << (k + 1 < cases.size() ? "," : "") << "\n";
    }
    std::cout << "]\n";
    return failed ? 1 : 0;
}
