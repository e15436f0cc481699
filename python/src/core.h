#pragma once

// What the compiled files of layout_explorer._core share: the one error type, and conversions
// of Python values that refuse a wrong value with LayoutError (never pybind11's TypeError or an
// OverflowError), with messages of bounded length.

#include "base/expected.h"
#include "io/scene.h"
#include "layout/linearlayout.h"
#include "request/suggestaccess.h"
#include "request/viewrequest.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <nlohmann/json.hpp>

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

// A layout's basis goes to and from Python as a list of integers, as std::vector<int32_t> does
// (every file of the module includes this header, so every cast of a basis sees this caster).
namespace pybind11::detail {
template <> struct type_caster<lx::Basis> : list_caster<lx::Basis, int32_t>
{
};
} // namespace pybind11::detail

namespace lx {
struct BankViewInput;
struct Diagram;
} // namespace lx

namespace lxpy {

// The prefix of every message a call raises: the command it answers as, as the command line
// writes it.
namespace prefix {
inline const std::string kBanks = "layout-explorer analyze banks: ";
inline const std::string kCompare = "layout-explorer compare: ";
inline const std::string kConvert = "layout-explorer convert: ";
inline const std::string kCta = "layout-explorer analyze cta: ";
inline const std::string kDiff = "layout-explorer diff: ";
inline const std::string kKernel = "layout-explorer analyze kernel: ";
inline const std::string kLds = "layout-explorer analyze lds: ";
inline const std::string kRender = "layout-explorer render: ";
inline const std::string kShared = "layout-explorer suggest shared: ";
inline const std::string kSuggestCta = "layout-explorer suggest cta: ";
inline const std::string kSuggestOp = "layout-explorer suggest op: ";
inline const std::string kTr = "layout-explorer analyze ds-load-tr: ";
} // namespace prefix

namespace py = pybind11;

// Raised for every input the engine or a conversion refuses; registered as
// layout_explorer.LayoutError (a ValueError). The message is bounded (boundedMessage).
struct LayoutError
{
    std::string message;
};

// `text` when it is at most a few kilobytes; otherwise its beginning (cut at a character
// boundary) and how much was left out, so a 10 MB input is never echoed whole.
std::string boundedMessage(const std::string &text);

template <typename T> T valueOr(lx::Expected<T> e)
{
    if (!e)
        throw LayoutError{e.message()};
    return std::move(*e);
}

// A short description of a Python value for a message: its type and a bounded repr.
std::string describe(py::handle value);

// An integer argument: a Python int or a value that is one by __index__ (numpy's integers);
// nullopt for anything else, a bool (True is not 1 here) or numpy's bool included.
std::optional<py::int_> integerValue(py::handle value);
// An int in [min, max] (a bool is refused), `what` naming it in the message.
int32_t toInt32(py::handle value, const std::string &what, int64_t min = INT32_MIN,
                int64_t max = INT32_MAX);
// None -> nullopt; an integer in [min, max] -> its value; anything else throws `message`.
std::optional<int64_t> optionalInteger(py::handle value, int64_t min, int64_t max,
                                       const std::string &message);
// A str (UTF-8 without NUL characters).
std::string toString(py::handle value, const std::string &what);
// None -> nullopt, else toString(value, what).
std::optional<std::string> optionalText(py::handle value, const std::string &what);
// A sequence (list, tuple, or any sequence but a str or bytes: a numpy array) of ints / of strs.
std::vector<int32_t> toInt32List(py::handle value, const std::string &what, int64_t min = INT32_MIN,
                                 int64_t max = INT32_MAX);
std::vector<std::string> toStringList(py::handle value, const std::string &what);
// The items of a list, tuple or other sequence that is not text (anything else is refused).
std::vector<py::handle> items(py::handle value, const std::string &what);

// A read-only view of one object of a JSON tree the engine built (layout_explorer._core.Json).
struct JsonView
{
    std::shared_ptr<const nlohmann::json> root;
    const nlohmann::json *node = nullptr;
};
// A JSON value as Python objects (dicts, lists, scalars), converted directly.
py::object toPython(const nlohmann::json &j);
// An object as a Json view owning it (any other value converted by toPython).
py::object jsonObject(nlohmann::json j);
// A LazyJson: `summary` (some of the object's fields) at once, the whole object built by `build`
// (without the GIL) when a field outside the summary is first read.
py::object lazyJsonObject(nlohmann::json summary, std::function<nlohmann::json()> build);
// The same with the summary built too when a field is first read (a batch's records that are
// never read cost no JSON).
py::object lazySummaryJsonObject(std::function<nlohmann::json()> summary,
                                 std::function<nlohmann::json()> build);

// The record of `analyze banks` for an access resolved from `req` (null: an access given as two
// layouts, no kPack decision): totals and scalars at once, the rest when first read.
py::object bankRecord(std::shared_ptr<const lx::BankViewInput> in,
                      std::shared_ptr<const lx::ViewRequest> req);

// A layout's text read once (layout_explorer._core.ParsedLayout): its attribute (null for CuTe
// text), its #ttg and Gluon forms, and its linear layouts over the shapes asked for, kept.
class ParsedLayout
{
public:
    // Reads `text` (#ttg, Gluon or CuTe); a refused text raises LayoutError with the engine's
    // message. Call without the GIL.
    static std::shared_ptr<ParsedLayout> parse(const std::string &text);
    // The linear layout over `shape` (computed once per shape, a few shapes kept). Thread-safe.
    std::shared_ptr<const lx::LinearLayout> linear(const std::vector<int32_t> &shape) const;
    // The layout as a request's layout named `name`.
    lx::ResolvedLayout resolved(const std::string &name, const std::vector<int32_t> &shape,
                                const std::string &dtype) const;

    std::string text;
    lx::LayoutAttrPtr attr;
    std::string ttg, gluon;
    int rank = -1;
    bool shared = false;

private:
    mutable std::mutex m_mutex;
    mutable std::vector<std::pair<std::vector<int32_t>, std::shared_ptr<const lx::LinearLayout>>>
        m_linear;
};
// A layout argument: a ParsedLayout, an object holding one (`_handle`), or text (read here);
// `what` names the argument in messages.
std::shared_ptr<ParsedLayout> layoutArg(py::handle value, const std::string &what);
// A shape argument: a sequence of positive ints.
std::vector<int32_t> shapeArg(py::handle value);

void defineLinearLayout(py::module_ &m);
// LinearLayout.owners(); after defineLinearLayout.
void defineOwners(py::module_ &m);
void defineJson(py::module_ &m);
void defineLazyJson(py::module_ &m);
void defineParsedLayout(py::module_ &m);
void defineAnalyses(py::module_ &m);
void defineSuggest(py::module_ &m);
void definePictures(py::module_ &m);
void defineScenes(py::module_ &m);
void defineCommands(py::module_ &m);
void defineRender(py::module_ &m);

// A scene given as preset=NAME or scene=(a path or a dict), read as --preset / --scene read
// theirs; `what` names it in messages as the command names it. Refused with `prog` and the
// reader's message (`named`: the scene's name between them, as analyze ds-load-tr says it).
struct SceneArg
{
    lx::Scene scene;
    std::string what;
};
SceneArg sceneArg(py::handle preset, py::handle scene, const std::string &prog, bool named = false);
// A Python value of JSON's kinds (dicts with str keys, lists, tuples, str, int, float, bool,
// None) as JSON; anything else refused naming `what`.
nlohmann::json jsonValue(py::handle value, const std::string &what);
// An optional str argument (None: nullopt).
std::optional<std::string> optString(py::handle value, const std::string &what);

// The access `suggest shared --preset/--scene [--view] [--dtype] [--arch]` searches (a scene
// given as a preset name, a path or a dict); refused with `prog` and the request layer's message.
lx::SceneAccess sceneAccessArg(py::handle preset, py::handle scene, py::handle view,
                               py::handle dtype, py::handle arch, const std::string &prog);

// How a picture is drawn: its format, its scale or the box it is fitted into.
struct Drawing
{
    std::string format = "svg"; // "svg" or "png"
    std::optional<double> scale;
    std::optional<std::pair<int, int>> fit; // pixels
};
// format ("svg", "png"), scale ((0, 64]) and fit ((width, height) pixels) arguments, checked.
Drawing drawingArgs(py::handle format, py::handle scale, py::handle fit);
// `diagram` drawn by the renderer library as SVG or PNG bytes (call without the GIL).
std::string drawDiagram(const lx::Diagram &diagram, const Drawing &d);
// The view of `request` built and drawn by the renderer library as SVG or PNG bytes (needs the
// QGuiApplication; call without the GIL).
std::string draw(const lx::ViewRequest &request, const Drawing &d);

// The process's QGuiApplication (fonts, painting), made on first need; call with the GIL.
void ensureGuiApplication();

} // namespace lxpy
