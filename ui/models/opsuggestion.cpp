#include "models/opsuggestion.h"

#include "io/ttgir.h"
#include "io/ttgtext.h"
#include "models/conflictfix.h"
#include "models/documentviews.h"
#include "models/layoutdocument.h"
#include "request/suggestaccess.h"

#include <QObject>

#include <algorithm>
#include <tuple>

namespace lx {

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

QString scoreText(const SharedCandidate &c)
{
    return QObject::tr("%1-bit vectors, read %2-way (%3 cycles)%4, %5 B")
        .arg(c.vectorBits)
        .arg(c.readWays)
        .arg(c.readCycles)
        .arg(c.writeWays > 0
                 ? QObject::tr(", write %1-way (%2 cycles)").arg(c.writeWays).arg(c.writeCycles)
                 : QString())
        .arg(c.ldsBytes);
}

} // namespace

Expected<OpSuggestion> suggestForOpView(const LayoutDocument &document, int view, int line,
                                        const std::string &encoding, const TtgirModule &module)
{
    // The op's access as its bank view reads it, through the request layer: the same search as
    // the Suggest panel and `suggest shared`.
    Expected<SceneAccess> access = viewAccess(viewRequestFor(document.contents(), view), view);
    if (!access)
        return access.error();
    Expected<SuggestSharedResult> result = searchAccess(*access);
    if (!result)
        return result.error();
    if (result->candidates.empty())
        return makeError(QObject::tr("the search found no layout for this access").toStdString());
    // The layout to put into the kernel: the fewest conflicts, then the least LDS (a partitioned
    // layout that takes many times the buffer is no advice for one op), then the fewest cycles.
    auto key = [](const SharedCandidate &c) {
        return std::make_tuple(std::max(c.readWays, c.writeWays), c.ldsBytes,
                               c.readCycles + c.writeCycles);
    };
    const SharedCandidate &best = *std::min_element(
        result->candidates.begin(), result->candidates.end(),
        [&key](const SharedCandidate &a, const SharedCandidate &b) { return key(a) < key(b); });
    const auto *request = std::get_if<SuggestSharedRequest>(&access->request);
    Expected<SharedCandidate> now =
        request && access->current
            ? scoreSharedCandidate(*request, access->current, "current")
            : Expected<SharedCandidate>(makeError("the access has no shared layout"));
    OpSuggestion s;
    s.line = line;
    // The line to put back into the module: the op's own alias, or the attribute inline.
    const bool alias =
        encoding.size() > 1 && encoding[0] == '#' && module.alias(encoding.substr(1)) != nullptr;
    s.ttgLine = alias ? q(encoding + " = " + printTtg(*best.attr)) : q(printTtg(*best.attr));
    s.gluon = q(printGluon(*best.attr));
    s.attr = best.attr;
    s.sharedName = q(access->sharedName);
    if (request)
        s.shape = request->shape;
    s.dtype = q(access->dtype);
    s.html = QObject::tr("<b>Suggested for line %1</b> (%2 family): <pre>%3</pre>Gluon: "
                         "<code>%4</code>")
                 .arg(line)
                 .arg(q(best.family), s.ttgLine.toHtmlEscaped(), s.gluon.toHtmlEscaped());
    if (now)
        s.html += QObject::tr("<br>now: %1<br>after: %2").arg(scoreText(*now), scoreText(best));
    else
        s.html += QObject::tr("<br>after: %1").arg(scoreText(best));
    return s;
}

QString applyOpSuggestion(LayoutDocument *document, const OpSuggestion &suggestion)
{
    if (!suggestion.attr)
        return QObject::tr("no suggestion to apply: press Suggest for this op first");
    return applySharedFix(document, suggestion.attr, suggestion.sharedName, suggestion.shape,
                          suggestion.dtype,
                          QObject::tr("Apply the suggestion for line %1").arg(suggestion.line));
}

} // namespace lx
