// What the command line's commands answer beyond the analyses of analyses.cpp, scenes.cpp and
// suggest.cpp, asked of the same request-layer functions the commands call (one function, two
// callers): `convert` (request/convertlayout.h), `check` (request/check.h, checkinput.h),
// `analyze banks --addresses / --perf-config` (request/bankrequests.h), and which sources an
// analysis was given (request/sourcechecks.h, bankrequests.h, dsloadtrinput.h). Messages are
// the command's, with its name in front.

#include "core.h"

#include "request/analysisinputs.h"
#include "request/bankrequests.h"
#include "request/checkinput.h"
#include "request/convertlayout.h"
#include "request/dsloadtrinput.h"
#include "request/sourcechecks.h"

#include <pybind11/stl.h>

namespace lxpy {

namespace {
using namespace lxpy::prefix;

// `convert --layout TEXT --to FORM [--shape S] [--hw] [--dtype T] [--units U] [--cute-kind K]`:
// the text it prints (--json forms: use nv_bridge).
std::string convertLayoutText(py::handle layout, py::handle to, py::handle shape, bool hw,
                              py::handle dtype, py::handle units, py::handle cuteKind, bool aliases)
{
    lx::ConvertRequest r;
    r.layout = toString(layout, "a layout's text");
    r.to = toString(to, "to");
    r.shape = optionalText(shape, "shape");
    r.dtype = optionalText(dtype, "dtype");
    r.units = optionalText(units, "units");
    r.cuteKind = optionalText(cuteKind, "cute_kind");
    r.hw = hw;
    r.aliases = aliases;
    lx::ConvertAnswer answer;
    {
        py::gil_scoped_release release;
        answer = lx::convertLayout(r);
    }
    if (!answer.ok())
        throw LayoutError{
            kConvert + answer.message +
            (answer.usage ? "\nRun 'layout-explorer convert --help' for the options." : "")};
    return answer.text;
}

// `check PATH... [budgets] --json`: the report, exit code included; bad input raises LayoutError
// with every unreadable input, one line each, as the command prints them.
py::object checkKernels(py::handle pathsValue, py::handle maxWays, py::handle maxLds,
                        bool noFallback, bool noPartitionConflicts, py::handle budgets,
                        py::handle arch, bool suggest)
{
    const std::string prog = "layout-explorer check: ";
    const std::vector<std::string> paths = toStringList(pathsValue, "paths");
    if (paths.empty())
        throw LayoutError{prog + "expected at least one PATH"};
    lx::CheckFlags flags;
    flags.budgetsFile = optionalText(budgets, "budgets");
    flags.maxWays = optionalText(maxWays, "max_ways");
    flags.maxLds = optionalText(maxLds, "max_lds");
    flags.noFallback = noFallback;
    flags.noPartitionConflicts = noPartitionConflicts;
    const std::string archName = arch.is_none() ? std::string() : toString(arch, "arch");
    nlohmann::json j;
    std::string errors;
    {
        py::gil_scoped_release release;
        lx::Expected<lx::CheckConfig> config = lx::checkConfigOf(flags);
        if (!config)
            throw LayoutError{prog + config.message()};
        const lx::CheckResult result = lx::runCheck(paths, *config, archName, suggest);
        if (result.exitCode() == lx::CheckBadInput) {
            for (const std::string &line : lx::checkErrorLines(result))
                errors += (errors.empty() ? "" : "\n") + prog + line;
            throw LayoutError{errors.empty() ? prog + "bad input" : errors};
        }
        j = lx::checkJson(result);
    }
    return jsonObject(std::move(j));
}

// The refusal of `analyze banks` when its sources exclude each other.
void bankSources(bool preset, bool scene, bool layouts, bool perfConfig, bool addresses, bool width,
                 bool arch)
{
    const std::string problem =
        lx::bankSourcesProblem({preset, scene, layouts, perfConfig, addresses, width, arch});
    if (!problem.empty())
        throw LayoutError{kBanks + problem};
}

// `analyze banks --addresses LIST --width BYTES --arch A [--write] --json`.
py::object bankAddresses(py::handle addresses, py::handle width, py::handle arch, bool write)
{
    const std::string list = toString(addresses, "addresses");
    const std::string widthText = toString(width, "width");
    const std::string archName = toString(arch, "arch");
    nlohmann::json j;
    {
        py::gil_scoped_release release;
        const lx::AddressBankAnswer answer =
            lx::addressBankAccess(archName, list, widthText, write);
        if (!answer.input)
            throw LayoutError{kBanks + answer.message};
        j = lx::addressBankJson(*answer.input);
    }
    return jsonObject(std::move(j));
}

// `analyze banks --perf-config v4:... [--operand A|B] [--rotate] [--rule R] --json`.
py::object bankKPack(py::handle perfConfig, py::handle operand, bool rotate, py::handle rule,
                     py::handle dtype, py::handle arch, py::handle warp)
{
    lx::KPackBankArgs k;
    if (auto w =
            optionalInteger(warp, 0, INT32_MAX, kBanks + "--warp expects a non-negative integer"))
        k.warp = int(*w);
    k.perfConfig = toString(perfConfig, "perf_config");
    if (!operand.is_none())
        k.operand = toString(operand, "operand");
    k.rotate = rotate;
    k.rule = optionalText(rule, "rule");
    if (!dtype.is_none())
        k.dtype = toString(dtype, "dtype");
    if (!arch.is_none())
        k.arch = toString(arch, "arch");
    std::shared_ptr<const lx::BankViewInput> in;
    std::shared_ptr<const lx::ViewRequest> request;
    {
        py::gil_scoped_release release;
        lx::ViewRequest req = lx::kpackBankRequest(k);
        lx::Expected<lx::BankViewInput> resolved = lx::resolveBankAccess(req);
        if (!resolved)
            throw LayoutError{kBanks + resolved.message()};
        if (resolved->report.instructions.empty())
            throw LayoutError{kBanks + "the view has no access to analyse (a bank map "
                                       "without a register layout)"};
        in = std::make_shared<const lx::BankViewInput>(std::move(*resolved));
        request = std::make_shared<const lx::ViewRequest>(std::move(req));
    }
    return bankRecord(std::move(in), std::move(request));
}

void ctaSources(bool preset, bool scene, bool layout, bool shape)
{
    if (const std::string p = lx::ctaSourcesProblem(preset, scene, layout, shape); !p.empty())
        throw LayoutError{"layout-explorer analyze cta: " + p};
}

void suggestSources(bool preset, bool scene, bool reg, bool shape, bool explain)
{
    if (const std::string p = lx::suggestSharedSourcesProblem(preset, scene, reg, shape, explain);
        !p.empty())
        throw LayoutError{"layout-explorer suggest shared: " + p};
}

void dsLoadTrSources(bool preset, bool scene, bool shared, bool dst, bool shape)
{
    if (const std::string p = lx::dsLoadTrSourcesProblem(preset, scene, shared, dst, shape);
        !p.empty())
        throw LayoutError{"layout-explorer analyze ds-load-tr: " + p};
}

} // namespace

void defineCommands(py::module_ &m)
{
    m.def("convert", &convertLayoutText, py::arg("layout"), py::arg("to"),
          py::arg("shape") = py::none(), py::arg("hw") = false, py::arg("dtype") = py::none(),
          py::arg("units") = py::none(), py::arg("cute_kind") = py::none(),
          py::arg("aliases") = false,
          "The text `convert --layout TEXT --to FORM` prints (shape as its text).");
    m.def("check", &checkKernels, py::arg("paths"), py::arg("max_ways") = py::none(),
          py::arg("max_lds") = py::none(), py::arg("no_fallback") = false,
          py::arg("no_partition_conflicts") = false, py::arg("budgets") = py::none(),
          py::arg("arch") = py::none(), py::arg("suggest") = false,
          "`check PATH... --json` (budget values as their text); bad input raises LayoutError.");
    m.def("bank_sources", &bankSources, py::arg("preset"), py::arg("scene"), py::arg("layouts"),
          py::arg("perf_config"), py::arg("addresses"), py::arg("width"), py::arg("arch"),
          "Raises LayoutError when analyze banks' sources exclude each other.");
    m.def("bank_addresses", &bankAddresses, py::arg("addresses"), py::arg("width"), py::arg("arch"),
          py::arg("write") = false,
          "`analyze banks --addresses LIST --width BYTES --arch A --json`, as a Json view.");
    m.def("bank_kpack", &bankKPack, py::arg("perf_config"), py::arg("operand") = py::none(),
          py::arg("rotate") = false, py::arg("rule") = py::none(), py::arg("dtype") = py::none(),
          py::arg("arch") = py::none(), py::arg("warp") = py::none(),
          "`analyze banks --perf-config v4:... --json`, as a record's fields.");
    m.def("cta_sources", &ctaSources, py::arg("preset"), py::arg("scene"), py::arg("layout"),
          py::arg("shape"), "Raises LayoutError when analyze cta's sources exclude each other.");
    m.def("suggest_sources", &suggestSources, py::arg("preset"), py::arg("scene"), py::arg("reg"),
          py::arg("shape"), py::arg("explain"),
          "Raises LayoutError when suggest shared's sources exclude each other.");
    m.def("ds_load_tr_sources", &dsLoadTrSources, py::arg("preset"), py::arg("scene"),
          py::arg("shared"), py::arg("dst"), py::arg("shape"),
          "Raises LayoutError when analyze ds-load-tr's sources exclude each other.");
}

} // namespace lxpy
