#include "lessons/lesson.h"

#include "analysis/limits.h"
#include "base/boundedread.h"
#include "base/resources.h"
#include "lessons/predicate.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace lx {

namespace {

using json = nlohmann::json;

struct LessonFailure
{
    std::string message;
};

[[noreturn]] void fail(const std::string &where, const std::string &message)
{
    throw LessonFailure{where + ": " + message};
}

std::string str(const json &j, const char *key, bool required = true)
{
    const auto it = j.find(key);
    if (it == j.end()) {
        if (required)
            fail(key, "missing");
        return {};
    }
    if (!it->is_string())
        fail(key, "expected a string");
    return it->get<std::string>();
}

std::vector<LessonEdit> readEdits(const json &j, const char *key)
{
    std::vector<LessonEdit> edits;
    const auto it = j.find(key);
    if (it == j.end())
        return edits;
    if (!it->is_array())
        fail(key, "expected a list of edits");
    for (size_t i = 0; i < it->size(); ++i) {
        const json &e = (*it)[i];
        const std::string at = std::string(key) + "[" + std::to_string(i) + "]";
        if (!e.is_object())
            fail(at, "expected an object");
        for (const auto &item : e.items())
            if (item.key() != "layout" && item.key() != "inDim" && item.key() != "bases" &&
                item.key() != "text")
                fail(at, "unknown key '" + item.key() + "' (layout, inDim, bases, text)");
        LessonEdit edit;
        edit.layout = str(e, "layout");
        edit.text = str(e, "text", false);
        edit.inDim = str(e, "inDim", false);
        if (edit.text.empty() == edit.inDim.empty())
            fail(at, "give either \"text\" or \"inDim\" with \"bases\"");
        if (!edit.inDim.empty()) {
            const auto b = e.find("bases");
            if (b == e.end() || !b->is_array())
                fail(at, "\"bases\" must be a list of bases");
            for (const json &basis : *b) {
                if (!basis.is_array())
                    fail(at, "each basis is a list of integers");
                LinearLayout::Basis v;
                for (const json &c : basis) {
                    if (!c.is_number_integer() || c.get<int64_t>() < 0 ||
                        c.get<int64_t>() > (int64_t(1) << 30))
                        fail(at, "basis components are integers from 0 to 2^30");
                    v.push_back(int32_t(c.get<int64_t>()));
                }
                edit.bases.push_back(std::move(v));
            }
        }
        edits.push_back(std::move(edit));
    }
    return edits;
}

Lesson readLesson(const json &j)
{
    if (!j.is_object())
        fail("lesson", "expected an object");
    static const char *const kKeys[] = {"format", "version",  "id",   "order",     "title",
                                        "source", "text",     "task", "predicate", "hints",
                                        "scene",  "solution", "wrong"};
    for (const auto &item : j.items())
        if (std::none_of(std::begin(kKeys), std::end(kKeys),
                         [&](const char *k) { return item.key() == k; }))
            fail("lesson", "unknown key '" + item.key() + "'");
    if (str(j, "format") != kLessonFormat)
        fail("format", std::string("expected \"") + kLessonFormat + "\"");
    if (!j.contains("version") || !j.at("version").is_number_integer() ||
        j.at("version").get<int>() != 1)
        fail("version", "this program reads version 1");
    Lesson l;
    l.id = str(j, "id");
    if (l.id.empty())
        fail("id", "must not be empty");
    if (const auto it = j.find("order"); it != j.end()) {
        if (!it->is_number_integer())
            fail("order", "expected an integer");
        l.order = it->get<int>();
    }
    l.title = str(j, "title");
    l.source = str(j, "source", false);
    l.text = str(j, "text");
    l.task = str(j, "task");
    l.predicate = str(j, "predicate");
    if (auto ok = validatePredicate(l.predicate); !ok)
        fail("predicate", ok.message());
    if (const auto it = j.find("hints"); it != j.end()) {
        if (!it->is_array())
            fail("hints", "expected a list of strings");
        for (const json &h : *it) {
            if (!h.is_string())
                fail("hints", "expected a list of strings");
            l.hints.push_back(h.get<std::string>());
        }
    }
    if (!j.contains("scene") || !j.at("scene").is_object())
        fail("scene", "expected a scene object");
    json scene = j.at("scene");
    if (!scene.contains("format"))
        scene["format"] = kSceneFormat;
    if (!scene.contains("version"))
        scene["version"] = kSceneVersion;
    auto s = parseScene(scene.dump());
    if (!s)
        fail("scene", s.message());
    l.scene = std::move(*s);
    l.solution = readEdits(j, "solution");
    l.wrong = readEdits(j, "wrong");
    for (const auto *edits : {&l.solution, &l.wrong})
        for (const LessonEdit &e : *edits)
            if (!l.scene.findLayout(e.layout))
                fail("solution", "edit of '" + e.layout + "', which the scene does not have");
    return l;
}

} // namespace

Expected<Lesson> parseLesson(std::string_view text)
{
    json j;
    try {
        j = json::parse(text.begin(), text.end());
    } catch (const std::exception &) {
        return makeError("not valid JSON");
    }
    try {
        return readLesson(j);
    } catch (const LessonFailure &f) {
        return makeError(f.message);
    } catch (const std::exception &e) {
        return makeError(std::string("invalid lesson: ") + e.what());
    }
}

Expected<Lesson> loadLessonFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in)
        return makeError("cannot read " + path);
    if (in.tellg() > std::streamoff(kMaxInputFileBytes))
        return makeError(path + ": larger than a lesson may be");
    in.seekg(0);
    std::ostringstream buffer;
    buffer << in.rdbuf();
    auto l = parseLesson(buffer.str());
    if (!l)
        return makeError(path + ": " + l.message());
    return l;
}

std::vector<Lesson> builtinLessons()
{
    std::vector<Lesson> lessons;
    for (const std::string &path : embeddedResourcePaths("lessons/")) {
        const auto text = embeddedResource(path);
        if (!text)
            continue;
        auto l = parseLesson(*text);
        if (l)
            lessons.push_back(std::move(*l));
    }
    std::sort(lessons.begin(), lessons.end(), [](const Lesson &a, const Lesson &b) {
        return a.order != b.order ? a.order < b.order : a.id < b.id;
    });
    return lessons;
}

} // namespace lx
