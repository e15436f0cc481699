#pragma once

// Handouts: a multi-step view (the ds_load_tr pipeline walked step by step, a lesson) as a
// sequence of pictures, one step a page: a multi-page PDF or numbered SVGs. Every page is painted
// by DiagramRenderer, like any export.

#include "base/expected.h"
#include "render/diagram.h"
#include "render/diagramrenderer.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <vector>

namespace lx {

struct Lesson;
struct ViewRequest;

// The view with option "step" set to 1, 2, ... for every step it names (a view without steps
// gives its one diagram).
[[nodiscard]] Expected<std::vector<Diagram>> buildStepDiagrams(const ViewRequest &request);
// A lesson's views, one page each, titled by the lesson with its task under the title.
[[nodiscard]] Expected<std::vector<Diagram>> buildLessonDiagrams(const Lesson &lesson);

// One page per diagram, each page the size of its diagram.
[[nodiscard]] QByteArray renderHandoutPdf(const std::vector<Diagram> &pages,
                                          const RenderOptions &options);
// path ends in .pdf: one PDF; in .svg: NAME-01.svg, NAME-02.svg, ... beside it (NAME = path
// without .svg). Each file is written atomically. Returns an empty string on success, else the
// reason; *written lists the files written.
[[nodiscard]] QString exportHandout(const std::vector<Diagram> &pages, const RenderOptions &options,
                                    const QString &path, QStringList *written = nullptr);

} // namespace lx
