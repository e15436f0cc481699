#include "models/conflictfix.h"

#include "analysis/kernel.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "models/layoutdocument.h"

#include <QObject>
#include <QUndoStack>

using namespace Qt::StringLiterals;

namespace lx {

QString applySharedFix(LayoutDocument *document, const LayoutAttrPtr &attr,
                       const QString &sharedName, const std::vector<int32_t> &shape,
                       const QString &dtype, const QString &what)
{
    if (!attr)
        return QObject::tr("the fix has no #ttg layout to apply");
    auto ll = toLinearLayout(*attr, shape);
    if (!ll)
        return QString::fromStdString(ll.message());
    DocumentLayout entry;
    const int index = sharedName.isEmpty() ? -1 : document->indexOfLayout(sharedName);
    if (index >= 0) {
        entry = document->layoutAt(index);
        // The new layout is built over the shape the fix was made for, and the entry keeps that
        // shape beside its text (its file builds the layout from both). A text entry over
        // another shape is another tensor: refused.
        const QList<int> fixShape(shape.begin(), shape.end());
        if (!entry.sourceText.isEmpty() && !entry.shape.isEmpty() && entry.shape != fixShape)
            return QObject::tr("the fix was made for a %1 tensor but '%2' is %3: search again")
                .arg(QString::fromStdString(formatShape(shape, "×")), sharedName,
                     QString::fromStdString(formatShape(
                         std::vector<int32_t>(entry.shape.begin(), entry.shape.end()), "×")));
        entry.shape = fixShape;
    } else {
        entry.name = document->uniqueLayoutName(u"suggested"_s);
        for (int32_t s : shape)
            entry.shape.push_back(s);
        entry.dtype = dtype;
    }
    entry.layout = *ll;
    entry.attr = attr;
    entry.sourceText = QString::fromStdString(printTtgWithAliases(*attr));
    return index >= 0 ? document->replaceEntry(index, entry, what) : document->addLayout(entry);
}

QString applyKPackFix(LayoutDocument *document, const ConflictFix &fix)
{
    if (fix.kind != "rotation")
        return QObject::tr("padding is not a rocMLIR kPack option; apply it in the LDS allocation");
    // Every kPack view of the scene turns the rotation on: one undo step.
    QUndoStack *stack = document->undoStack();
    stack->beginMacro(QObject::tr("Apply conflict fix (kPack rotation)"));
    QString why;
    const auto views = document->views();
    for (int v = 0; v < views.size() && why.isEmpty(); ++v) {
        nlohmann::json o = views[v].options;
        if (!o.contains("kpack"))
            continue;
        nlohmann::json &k = o["kpack"];
        if (!k.is_object()) // a kpack that is not an object starts over as one
            k = nlohmann::json::object();
        k.erase("rule"); // the rotation is forced, whatever rocMLIR's rule would pick
        k["rotate"] = true;
        why = document->setViewOptions(v, o, QObject::tr("kPack rotation on"));
    }
    stack->endMacro();
    return why;
}

} // namespace lx
