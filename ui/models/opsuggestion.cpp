#include "models/opsuggestion.h"
#include "render/qtext.h"

#include "io/layoutname.h"
#include "io/ttgir.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "models/layoutdocument.h"
#include "request/kernelsuggest.h"

#include <QObject>
#include <QUndoStack>

namespace lx {

namespace {

// Each op of the encoding as a row: line, op, its access as written and with the suggestion.
QList<OpSuggestion::Row> accessRows(const KernelSuggestion &s)
{
    QList<OpSuggestion::Row> rows;
    for (size_t i = 0; i < s.before.size(); ++i) {
        const KernelOpReport &b = s.before[i], &a = s.after.at(i);
        rows << OpSuggestion::Row{b.line, qs(b.op), qs(kernelAccessText(b)),
                                  qs(kernelAccessText(a))};
    }
    return rows;
}

} // namespace

QString kernelLayoutText(const TtgirModule &module, const std::string &encodingText,
                         const LayoutAttrPtr &attr)
{
    const std::string text = module.selfContained(encodingText);
    if (parseLayoutText(text) || !attr)
        return qs(text);
    return qs(printTtgWithAliases(*attr));
}

Expected<OpSuggestion> suggestForKernelOp(const LayoutDocument &document, const TtgirModule &module,
                                          int line)
{
    KernelSuggestOptions options;
    options.arch = document.arch().toStdString();
    Expected<KernelSuggestion> k = suggestForKernelOp(module, line, options);
    if (!k)
        return k.error();
    OpSuggestion s;
    s.line = line;
    s.improves = k->improves;
    s.ttgLine = qs(k->ttgLine);
    s.gluon = qs(k->gluon);
    s.attr = k->candidate.attr;
    // The scene layouts made from the encoding: the op layouts (their text names the encoding)
    // and the alias's own layout.
    const LayoutAttrPtr &written = k->before.front().src == k->encoding ? k->before.front().srcAttr
                                                                        : k->before.front().dstAttr;
    const QString opText = kernelLayoutText(module, k->encoding, written);
    const TtgirAlias *alias = k->alias.empty() ? nullptr : module.alias(k->alias);
    const QString aliasText =
        alias ? kernelLayoutText(module, alias->text, alias->attr) : QString();
    for (int i = 0; i < document.layoutCount(); ++i) {
        const DocumentLayout &l = document.layoutAt(i);
        if (l.sourceText == opText ||
            (alias && l.name == qs(toLayoutName(alias->name)) && l.sourceText == aliasText))
            s.sharedNames << l.name;
    }
    const QString head =
        k->improves
            ? QObject::tr("<b>Suggested for line %1</b> (%2 family, judged on the %3 ops that use "
                          "%4; %5 layouts analysed in the module): <pre style=\"white-space: "
                          "pre-wrap\">%6</pre>Gluon: "
                          "<code>%7</code>")
                  .arg(line)
                  .arg(qs(k->candidate.family))
                  .arg(k->before.size())
                  .arg(qs(k->encoding).toHtmlEscaped())
                  .arg(k->analysed)
                  .arg(s.ttgLine.toHtmlEscaped(), s.gluon.toHtmlEscaped())
            : QObject::tr("<b>Line %1: keep %2.</b> %3. The best other layout:<pre "
                          "style=\"white-space: pre-wrap\">%4</pre>")
                  .arg(line)
                  .arg(qs(k->encoding).toHtmlEscaped(), qs(k->reason).toHtmlEscaped(),
                       s.ttgLine.toHtmlEscaped());
    s.html = head;
    s.rows = accessRows(*k);
    Expected<std::string> patched = patchModuleText(document.contents().kernelText.toStdString(),
                                                    module, k->encoding, k->alias, k->ttgLine);
    if (patched)
        s.patchedModule = qs(*patched);
    else
        s.patchError = qs(patched.message());
    return s;
}

QString applyOpSuggestion(LayoutDocument *document, const OpSuggestion &suggestion)
{
    if (!suggestion.attr)
        return QObject::tr("no suggestion to apply: press Suggest for this op first");
    if (suggestion.sharedNames.isEmpty())
        return QObject::tr("the scene has no layout made from the op's shared encoding");
    QUndoStack *stack = document->undoStack();
    stack->beginMacro(QObject::tr("Apply the suggestion for line %1").arg(suggestion.line));
    QString why;
    for (const QString &name : suggestion.sharedNames) {
        const int index = document->indexOfLayout(name);
        if (index < 0)
            continue;
        DocumentLayout entry = document->layoutAt(index);
        const std::vector<int32_t> shape(entry.shape.begin(), entry.shape.end());
        Expected<LinearLayout> ll = toLinearLayout(*suggestion.attr, shape);
        if (!ll) {
            why = name + QStringLiteral(": ") + qs(ll.message());
            break;
        }
        entry.layout = *ll;
        entry.attr = suggestion.attr;
        entry.sourceText = qs(printTtgWithAliases(*suggestion.attr));
        if (why = document->replaceEntry(index, entry, QString()); !why.isEmpty())
            break;
    }
    // The module itself, so the kernel is analysed again with the layout in place.
    if (why.isEmpty() && !suggestion.patchedModule.isEmpty())
        why = document->setKernelText(suggestion.patchedModule, QString());
    stack->endMacro();
    if (!why.isEmpty() && stack->canUndo())
        stack->undo(); // nothing half-applied
    return why;
}

} // namespace lx
