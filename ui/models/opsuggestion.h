#pragma once

// The design assistant for one op of a kernel scene: request/kernelsuggest.h (the shared layout
// for the op's buffer, judged on every op of the module that uses that layout, the same answer
// `suggest op` gives) as the Kernel dock shows it, and that layout applied to the scene as one
// undo step.

#include "base/expected.h"
#include "layout/attrs.h"

#include <QString>
#include <QStringList>

#include <string>

namespace lx {

class LayoutDocument;
struct TtgirModule;

struct OpSuggestion
{
    int line = 0;          // the op's line in the module
    bool improves = false; // false: the layout as written is already the best found
    QString ttgLine; // "#shared = #ttg.swizzled_shared<{...}>" for the op's alias, else inline
    QString gluon;   // "ttgl.SwizzledSharedLayout(...)"
    QString html;    // what the Kernel dock shows above the table: the line, the family, Gluon
    // Each op of the module that uses the encoding, as written and with the suggestion in place
    // (request/kernelsuggest.h kernelAccessText): the dock's before/after table.
    struct Row
    {
        int line = 0;
        QString op, now, after;
        bool operator==(const Row &) const = default;
    };
    QList<Row> rows;
    LayoutAttrPtr attr; // the suggested shared layout
    // The scene's module text with the suggestion written in (request/kernelsuggest.h
    // patchModuleText): what Apply puts in the scene and Save Patched Module writes; empty, with
    // patchError, when it cannot be written in.
    QString patchedModule;
    QString patchError;
    // The scene layouts made from the op's shared encoding (the alias's own and the op layouts
    // the Kernel dock added for it): what Apply to scene replaces.
    QStringList sharedNames;
};

// An op layout's text as the Kernel dock writes it into the scene: the encoding with the alias
// lines it needs, or the attribute printed with its aliases where that text does not read alone.
[[nodiscard]] QString kernelLayoutText(const TtgirModule &module, const std::string &encodingText,
                                       const LayoutAttrPtr &attr);

// The suggestion for the op at `line` of `module`, analysed for the document's architecture.
// An error says why there is none.
[[nodiscard]] Expected<OpSuggestion> suggestForKernelOp(const LayoutDocument &document,
                                                        const TtgirModule &module, int line);

// Replaces every layout of suggestion.sharedNames in the scene with the suggestion, each over its
// own shape, and the scene's module text with suggestion.patchedModule (so the kernel is
// analysed again with the layout in place), as one undo step ("Apply the suggestion for line
// N"); returns why it was refused, or an empty string.
[[nodiscard]] QString applyOpSuggestion(LayoutDocument *document, const OpSuggestion &suggestion);

} // namespace lx
