#pragma once

// Lessons: guided exercises, one JSON file each (resources/lessons/*.json, or any file a teacher
// writes; the README documents the format):
//
//   {"format": "layout-explorer-lesson", "version": 1,
//    "id": "03-ownership", "order": 3, "title": "Ownership and broadcast",
//    "source": "Gluon tutorial 02-layouts.py: a tensor smaller than the block",
//    "text": "Paragraphs, separated by blank lines ...",
//    "task": "Make every element owned once.",
//    "predicate": "maxOwners(L) == 1",
//    "hints": ["first hint", "second hint"],
//    "scene": { a scene object, see io/scene.h },
//    "solution": [{"layout": "L", "inDim": "warp", "bases": [[32, 0], [64, 0]]}],
//    "wrong": [{"layout": "L", "inDim": "warp", "bases": [[0, 0], [64, 0]]}]}
//
// `scene` opens with the lesson (its layouts and views). `predicate` (lessons/predicate.h) is
// checked after every edit; it must not hold on the scene as given. `solution` and `wrong` are
// edits a learner could make (replace the bases of one in-dim of one layout, or, with "text"
// instead of "inDim"/"bases", replace a layout's #ttg text); applying `solution` must solve the
// lesson and `wrong` must not. The test suite applies both to every lesson in the window.
// Reading is strict: unknown keys, a predicate that does not parse or a scene that does not
// read are errors naming the place.

#include "base/expected.h"
#include "io/scene.h"
#include "layout/linearlayout.h"

#include <string>
#include <string_view>
#include <vector>

namespace lx {

inline constexpr const char *kLessonFormat = "layout-explorer-lesson";

struct LessonEdit
{
    std::string layout;
    std::string inDim;                      // with bases
    std::vector<LinearLayout::Basis> bases; // the in-dim's new bases
    std::string text;                       // or: the layout's new #ttg / Gluon / CuTe text
    bool operator==(const LessonEdit &) const = default;
};

struct Lesson
{
    std::string id;
    int order = 0;
    std::string title;
    std::string source;
    std::string text;
    std::string task;
    std::string predicate;
    std::vector<std::string> hints;
    Scene scene;
    std::vector<LessonEdit> solution;
    std::vector<LessonEdit> wrong;
};

[[nodiscard]] Expected<Lesson> parseLesson(std::string_view json);
[[nodiscard]] Expected<Lesson> loadLessonFile(const std::string &path);
// The embedded lessons, sorted by order then id.
[[nodiscard]] std::vector<Lesson> builtinLessons();

} // namespace lx
