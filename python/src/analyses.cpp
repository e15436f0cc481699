// The analyses of layout_explorer._core over the request layer (core/request): each builds the
// request a command builds from its options, asks the same resolver, and hands the command's
// --json object (the same builder, request/reportjson.h) to Python as a Json view. No argument
// strings, no JSON text, no files between Python and the engine. The GIL is released while the
// engine works; a batch checks for Ctrl-C between its candidates.

#include "core.h"

#include "base/bytesize.h"
#include "io/tritoncache.h"
#include "io/ttgir.h"
#include "request/analysisinputs.h"
#include "request/bankaccess.h"
#include "request/kernelrequest.h"
#include "request/reportjson.h"
#include "request/shape.h"

#include <pybind11/stl.h>

#include <atomic>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

namespace lxpy {

namespace {
using namespace lxpy::prefix;

// The options of one access besides its layouts (analyze banks --reg/--shared).
struct BankArgs
{
    std::vector<int32_t> shape;
    std::string dtype, arch, instruction;
    bool write = false;
    int warp = 0;
};

// The messages of `analyze banks`, so that Python and the command line refuse alike.

// A shape as the command reads --shape (request/shape.h): sizes from 1 to the request layer's
// largest extent; a size past it is refused with the reader's own message.
std::vector<int32_t> bankShape(py::handle value)
{
    std::vector<std::string> sizes;
    bool ok = true;
    const int64_t limit = lx::ShapeRules{}.maxExtent;
    std::vector<py::int_> ints;
    for (py::handle item : items(value, "a shape")) {
        std::optional<py::int_> v = integerValue(item);
        if (!v)
            throw LayoutError{kBanks + "a shape is a sequence of integers, not " + describe(value)};
        sizes.push_back(py::str(*v).cast<std::string>());
        ok = ok && sizes.back().size() <= 12 && v->cast<int64_t>() >= 1 &&
             v->cast<int64_t>() <= limit;
        ints.push_back(std::move(*v));
    }
    if (ok && !sizes.empty()) {
        std::vector<int32_t> out;
        for (const py::int_ &v : ints)
            out.push_back(v.cast<int32_t>());
        return out;
    }
    std::string text;
    for (const std::string &s : sizes)
        text += (text.empty() ? "" : "x") + s;
    const lx::Expected<std::vector<int32_t>> parsed = lx::parseShape(text);
    throw LayoutError{kBanks + "--shape expects sizes like 128x64: " +
                      (parsed ? std::string("no sizes") : parsed.message())};
}

BankArgs bankArgs(py::handle shape, py::handle dtype, py::handle arch, py::handle instruction,
                  bool write, py::handle warp)
{
    BankArgs a;
    if (auto w =
            optionalInteger(warp, 0, INT32_MAX, kBanks + "--warp expects a non-negative integer"))
        a.warp = int(*w);
    a.shape = bankShape(shape);
    if (!dtype.is_none())
        a.dtype = toString(dtype, "dtype");
    a.arch = arch.is_none() ? std::string(lx::kDefaultArch) : toString(arch, "arch");
    if (!instruction.is_none())
        a.instruction = toString(instruction, "instruction");
    a.write = write;
    return a;
}

// A layout argument of `analyze banks`, refused as --reg / --shared is.
std::shared_ptr<ParsedLayout> bankLayout(py::handle value, const std::string &option)
{
    try {
        return layoutArg(value, "--" + option);
    } catch (const LayoutError &e) {
        const bool named = e.message.rfind("--" + option, 0) == 0;
        throw LayoutError{kBanks + (named ? "" : "--" + option + ": ") + e.message};
    }
}

// A layout of the access resolved over its shape, refused as --NAME is.
lx::ResolvedLayout bankResolved(const BankArgs &a, const char *name, const ParsedLayout &p,
                                const std::string &dtype)
{
    try {
        return p.resolved(name, a.shape, dtype);
    } catch (const LayoutError &e) {
        throw LayoutError{kBanks + "--" + name + ": " + e.message};
    }
}

lx::ResolvedLayout sharedLayout(const BankArgs &a, const ParsedLayout &p, const std::string &dtype)
{
    return bankResolved(a, "shared", p, dtype);
}

// The request `analyze banks --reg --shared` builds: a bank table of reg read from (written to)
// shared.
lx::ViewRequest bankRequest(const BankArgs &a, const ParsedLayout &reg, const ParsedLayout &shared)
{
    lx::ViewRequest req;
    req.arch = a.arch;
    req.dtype = a.dtype;
    req.kind = "bank-table";
    req.options["warp"] = a.warp;
    req.layouts.push_back(bankResolved(a, "reg", reg, req.dtype));
    req.layouts.push_back(sharedLayout(a, shared, req.dtype));
    req.layout = "reg";
    req.options["shared"] = "shared";
    req.options["write"] = a.write;
    if (!a.instruction.empty())
        req.options["instruction"] = a.instruction;
    return req;
}

// An access's resolution as a record's input: refused when there is no access to report.
std::shared_ptr<const lx::BankViewInput> checkedInput(lx::Expected<lx::BankViewInput> in)
{
    if (!in)
        throw LayoutError{kBanks + in.message()};
    if (in->report.instructions.empty())
        throw LayoutError{kBanks + "the view has no access to analyse (a bank map without a "
                                   "register layout)"};
    return std::make_shared<const lx::BankViewInput>(std::move(*in));
}

// One access's report, resolved (without what only a picture reads).
std::shared_ptr<const lx::BankViewInput> bankInput(const lx::ViewRequest &req)
{
    return checkedInput(lx::resolveBankAccess(req));
}

// One candidate of a batch: the request (its register layout and options) resolved once into
// `batch`, then the candidate's shared layout in place of the request's. The same path as
// bankInput; an option of the wrong type (which the typed arguments cannot give) is left to
// bankInput's guarded resolution, which names it. `summary`: the batch's resolveSummary (one
// instruction standing for the wave's where the rest are its bank permutations).
std::shared_ptr<const lx::BankViewInput>
batchInput(const std::shared_ptr<const lx::ViewRequest> &req,
           std::shared_ptr<const lx::BankAccessBatch> &batch, const lx::ResolvedLayout &shared,
           bool summary)
{
    try {
        if (!batch) {
            lx::Expected<lx::BankAccessBatch> prepared = lx::BankAccessBatch::prepare(*req, false);
            if (!prepared)
                throw LayoutError{kBanks + prepared.message()};
            batch = std::make_shared<const lx::BankAccessBatch>(std::move(*prepared));
        }
        return checkedInput(summary ? batch->resolveSummary(shared) : batch->resolve(shared));
    } catch (const nlohmann::json::exception &) {
        lx::ViewRequest one = *req;
        one.layouts[1] = shared;
        return bankInput(one);
    }
}

// The full JSON of an access (`analyze banks --json`).
nlohmann::json bankFullJson(const lx::BankViewInput &in, const lx::ViewRequest *req)
{
    lx::Expected<nlohmann::json> j = lx::bankAnalysisJson(in, req ? *req : lx::ViewRequest{});
    if (!j)
        throw LayoutError{kBanks + j.message()};
    return std::move(*j);
}

// One candidate's record: its summary from the batch's summary resolution, its per-instruction
// arrays (the JSON whole) from the batch's full resolution of the same shared layout when one of
// them is first read; the record keeps the batch, its request and the candidate's layout.
py::object batchRecord(std::shared_ptr<const lx::BankViewInput> summary,
                       std::shared_ptr<const lx::ViewRequest> req,
                       std::shared_ptr<const lx::BankAccessBatch> batch,
                       std::shared_ptr<const lx::ResolvedLayout> shared)
{
    return lazySummaryJsonObject(
        [summary] { return lx::bankReportJson(*summary, false); },
        [summary, req, batch, shared] {
            if (!batch) // resolved on its own (bankInput's guarded path): already whole
                return bankFullJson(*summary, nullptr);
            std::shared_ptr<const lx::BankAccessBatch> b = batch;
            return bankFullJson(*batchInput(req, b, *shared, false), nullptr);
        });
}

} // namespace

// The record of an access: its totals and scalars when a field is first read, its
// per-instruction arrays and figures (`analyze banks --json` whole) when one of them is first
// read. `req`: the request `in` was resolved from (its kPack decision figures), or none for an
// access given as two layouts.
py::object bankRecord(std::shared_ptr<const lx::BankViewInput> in,
                      std::shared_ptr<const lx::ViewRequest> req)
{
    return lazySummaryJsonObject([in] { return lx::bankReportJson(*in, false); },
                                 [in, req] { return bankFullJson(*in, req.get()); });
}

namespace {

py::object bankConflicts(py::handle reg, py::handle shared, py::handle shape, py::handle dtype,
                         py::handle arch, py::handle instruction, bool write, py::handle warp)
{
    // The layouts and the shape go together, as --reg, --shared and --shape do.
    for (const auto &[value, option] :
         {std::pair{reg, "reg"}, std::pair{shared, "shared"}, std::pair{shape, "shape"}})
        if (value.is_none())
            throw LayoutError{kBanks + "missing --" + option};
    const BankArgs a = bankArgs(shape, dtype, arch, instruction, write, warp);
    const std::shared_ptr<ParsedLayout> r = bankLayout(reg, "reg");
    const std::shared_ptr<ParsedLayout> s = bankLayout(shared, "shared");
    // A batch of one: the summary at once, the per-instruction arrays when first read (the
    // batch's record, so the single call and a batch's candidate are one path).
    std::shared_ptr<const lx::ViewRequest> req;
    std::shared_ptr<const lx::BankAccessBatch> batch;
    std::shared_ptr<const lx::ResolvedLayout> layout;
    std::shared_ptr<const lx::BankViewInput> in;
    {
        py::gil_scoped_release release;
        req = std::make_shared<const lx::ViewRequest>(bankRequest(a, *r, *s));
        layout = std::shared_ptr<const lx::ResolvedLayout>(req, &req->layouts[1]);
        in = batchInput(req, batch, *layout, true);
    }
    return batchRecord(std::move(in), req, batch, layout);
}

// The bank map of the access: the request of analyze banks drawn as a bank-map view (what a
// scene's bank-map view of the same layouts draws).
py::bytes bankPicture(py::handle reg, py::handle shared, py::handle shape, py::handle dtype,
                      py::handle arch, py::handle instruction, bool write, py::handle warp,
                      py::handle format, py::handle scale, py::handle fit)
{
    const BankArgs a = bankArgs(shape, dtype, arch, instruction, write, warp);
    const std::shared_ptr<ParsedLayout> r = bankLayout(reg, "reg");
    const std::shared_ptr<ParsedLayout> s = bankLayout(shared, "shared");
    const Drawing d = drawingArgs(format, scale, fit);
    ensureGuiApplication();
    std::string bytes;
    {
        py::gil_scoped_release release;
        lx::ViewRequest req = bankRequest(a, *r, *s);
        req.kind = "bank-map";
        req.title = "bank map of reg read from shared";
        bytes = draw(req, d);
    }
    return py::bytes(bytes);
}

// Ctrl-C between candidates: Python's signal handlers run (with the GIL); true when one raised
// (KeyboardInterrupt), which stays set for the caller to raise once the GIL is back.
bool interrupted()
{
    py::gil_scoped_acquire acquire;
    return PyErr_CheckSignals() != 0;
}

// How many threads score a batch of `count` candidates: `threads` when given (at least 1), else
// one per core; never more than one per 16 candidates, so that starting a thread (tens of
// microseconds, a few candidates' work) stays small beside its share.
size_t batchThreads(py::handle threads, size_t count)
{
    size_t wanted = std::max(1u, std::thread::hardware_concurrency());
    if (auto n = optionalInteger(threads, 1, 1024,
                                 kBanks + "threads expects an integer from 1 to 1024 (None: one "
                                          "per core)"))
        wanted = size_t(*n);
    return std::max<size_t>(1, std::min(wanted, count / 16));
}

// A batch's candidates scored on several threads: the caller's thread works too and is the only
// one that checks for Ctrl-C (it needs the GIL). Candidates are taken in order, a few at a time;
// after a refusal no thread takes more, and the refusal of the lowest index is the one raised
// (every lower index was taken before it, so the answer is the sequential loop's).
class BatchScorer
{
public:
    using Score = std::function<void(size_t)>;
    BatchScorer(size_t begin, size_t end, Score score)
        : m_next(begin), m_end(end), m_score(std::move(score))
    {
    }

    // Runs every candidate on `threads` threads; false when Ctrl-C stopped it.
    bool run(size_t threads)
    {
        std::vector<std::thread> workers;
        for (size_t t = 1; t < threads; ++t)
            workers.emplace_back([this] { work(false); });
        work(true);
        for (std::thread &w : workers)
            w.join();
        if (m_failed)
            std::rethrow_exception(m_failure);
        return !m_stopped;
    }

private:
    static constexpr size_t kChunk = 8;

    void work(bool checksSignals)
    {
        for (;;) {
            if (m_stopped || m_failed)
                return;
            if (checksSignals && interrupted()) {
                m_stopped = true;
                return;
            }
            const size_t first = m_next.fetch_add(kChunk);
            if (first >= m_end)
                return;
            for (size_t i = first; i < std::min(first + kChunk, m_end); ++i) {
                try {
                    m_score(i);
                } catch (...) {
                    fail(i, std::current_exception());
                    return;
                }
            }
        }
    }

    void fail(size_t index, std::exception_ptr e)
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        if (!m_failed || index < m_failedIndex) {
            m_failedIndex = index;
            m_failure = std::move(e);
        }
        m_failed = true;
    }

    std::atomic<size_t> m_next;
    const size_t m_end;
    const Score m_score;
    std::atomic<bool> m_stopped{false}, m_failed{false};
    std::mutex m_mutex;
    size_t m_failedIndex = 0;
    std::exception_ptr m_failure;
};

py::list bankConflictsMany(py::handle reg, py::handle shareds, py::handle shape, py::handle dtype,
                           py::handle arch, py::handle instruction, bool write, py::handle warp,
                           py::handle threads)
{
    const BankArgs a = bankArgs(shape, dtype, arch, instruction, write, warp);
    const std::shared_ptr<ParsedLayout> r = bankLayout(reg, "reg");
    std::vector<std::shared_ptr<ParsedLayout>> candidates;
    const std::vector<py::handle> listed = items(shareds, "shared (a list of shared layouts)");
    candidates.reserve(listed.size());
    // A candidate is named by its index in the list, as a refusal while scoring names it.
    for (size_t i = 0; i < listed.size(); ++i) {
        try {
            candidates.push_back(layoutArg(listed[i], "shared[" + std::to_string(i) + "]"));
        } catch (const LayoutError &e) {
            throw LayoutError{kBanks + e.message};
        }
    }
    const size_t threadCount = batchThreads(threads, candidates.size());
    std::vector<std::shared_ptr<const lx::BankViewInput>> out(candidates.size());
    std::vector<std::shared_ptr<const lx::ResolvedLayout>> layouts(candidates.size());
    std::shared_ptr<const lx::ViewRequest> req;
    std::shared_ptr<const lx::BankAccessBatch> batch;
    // Candidate i's record input; a refusal names its index.
    auto score = [&](size_t i) {
        try {
            if (i == 0) {
                req = std::make_shared<const lx::ViewRequest>(bankRequest(a, *r, *candidates[0]));
                layouts[0] = std::shared_ptr<const lx::ResolvedLayout>(req, &req->layouts[1]);
            } else {
                layouts[i] = std::make_shared<const lx::ResolvedLayout>(
                    sharedLayout(a, *candidates[i], req->dtype));
            }
            std::shared_ptr<const lx::BankAccessBatch> b = batch;
            out[i] = batchInput(req, b, *layouts[i], true);
            if (i == 0)
                batch = std::move(b);
        } catch (const LayoutError &e) {
            std::string m = e.message;
            if (m.rfind(kBanks, 0) == 0)
                m = m.substr(kBanks.size());
            throw LayoutError{kBanks + "shared[" + std::to_string(i) + "]: " + m};
        }
    };
    bool finished = true;
    if (!candidates.empty()) {
        py::gil_scoped_release release;
        // One request for every candidate, resolved once with the first (the register layout,
        // the options, the architecture); per candidate only its shared layout and what depends
        // on it, on several threads.
        score(0);
        finished = BatchScorer(1, candidates.size(), score).run(threadCount);
    }
    if (!finished)
        throw py::error_already_set();
    py::list list(out.size());
    for (size_t i = 0; i < out.size(); ++i)
        list[i] = batchRecord(std::move(out[i]), req, batch, std::move(layouts[i]));
    return list;
}

// `analyze kernel FILE --json` (a module file or a folder of kernels), or `analyze kernel -
// --json` for a module given as text.

template <typename T> T kernelValueOr(lx::Expected<T> e, const std::string &where = {})
{
    if (!e)
        throw LayoutError{kKernel + where + e.message()};
    return std::move(*e);
}

nlohmann::json kernelOfText(const std::string &text, const std::string &arch)
{
    if (text.size() > lx::kMaxTtgirBytes)
        throw LayoutError{kKernel + "a TTGIR module is at most " +
                          lx::byteSizeText(int64_t(lx::kMaxTtgirBytes))};
    const lx::TtgirModule module = kernelValueOr(lx::parseTtgir(text), "-:");
    const lx::KernelReport report = kernelValueOr(lx::resolveKernel(module, arch), "-: ");
    return lx::kernelReportJson(module, report);
}

// A module file's answer (its ops and totals at once, its figures when first read), or the
// answers of a folder of kernels.
py::object kernelOfPath(const std::string &path, const std::string &arch)
{
    const std::vector<lx::KernelFiles> found = kernelValueOr(lx::findKernels(path, {}));
    std::error_code ec;
    const bool folder = std::filesystem::is_directory(path, ec);
    nlohmann::json kernels = nlohmann::json::array(), incomplete = nlohmann::json::array();
    for (const lx::KernelFiles &f : found) {
        if (!f.incomplete.empty()) {
            incomplete.push_back({{"path", f.ttgir}, {"reason", f.incomplete}});
            continue;
        }
        auto answer = std::make_shared<const lx::KernelAnswer>(
            kernelValueOr(lx::resolveCompiledKernel(f, arch)));
        if (!folder) {
            nlohmann::json summary = lx::kernelAnswerJson(*answer, false);
            py::gil_scoped_acquire acquire;
            return lazyJsonObject(std::move(summary),
                                  [answer] { return lx::kernelAnswerJson(*answer); });
        }
        kernels.push_back(lx::kernelAnswerJson(*answer));
    }
    if (!folder)
        throw LayoutError{kKernel + path + ": " +
                          (found.empty() ? std::string("no module") : found.front().incomplete)};
    nlohmann::json j = {{"kernels", kernels}, {"incomplete", incomplete}};
    py::gil_scoped_acquire acquire;
    return jsonObject(std::move(j));
}

py::object analyzeKernel(py::handle module, py::handle arch, bool isText)
{
    const std::string text = toString(module, isText ? "a module's text" : "a module's path");
    const std::string a = arch.is_none() ? std::string() : toString(arch, "arch");
    py::gil_scoped_release release;
    if (!isText)
        return kernelOfPath(text, a);
    nlohmann::json j = kernelOfText(text, a);
    py::gil_scoped_acquire acquire;
    return jsonObject(std::move(j));
}

} // namespace

void defineAnalyses(py::module_ &m)
{
    m.def("bank_conflicts", &bankConflicts, py::arg("reg"), py::arg("shared"), py::arg("shape"),
          py::arg("dtype") = py::none(), py::arg("arch") = py::none(),
          py::arg("instruction") = py::none(), py::arg("write") = false,
          py::arg("warp") = py::none(),
          "`analyze banks --reg --shared --json` of one access, as a Json view.");
    m.def("bank_conflicts_many", &bankConflictsMany, py::arg("reg"), py::arg("shared"),
          py::arg("shape"), py::arg("dtype") = py::none(), py::arg("arch") = py::none(),
          py::arg("instruction") = py::none(), py::arg("write") = false,
          py::arg("warp") = py::none(), py::arg("threads") = py::none(),
          "bank_conflicts for each shared layout of a list, the register layout read once, the "
          "candidates scored on `threads` threads (None: one per core); a list of Json views in "
          "the list's order.");
    m.def("bank_picture", &bankPicture, py::arg("reg"), py::arg("shared"), py::arg("shape"),
          py::arg("dtype") = py::none(), py::arg("arch") = py::none(),
          py::arg("instruction") = py::none(), py::arg("write") = false,
          py::arg("warp") = py::none(), py::arg("format") = py::none(),
          py::arg("scale") = py::none(), py::arg("fit") = py::none(),
          "The bank map of the access bank_conflicts analyses, as SVG or PNG bytes.");
    m.def("analyze_kernel", &analyzeKernel, py::arg("module"), py::arg("arch") = py::none(),
          py::arg("is_text") = false,
          "`analyze kernel PATH --json` (is_text: `analyze kernel - --json` of the module text).");
}

} // namespace lxpy
