#include "models/ctaedit.h"

#include "hw/dtype.h"
#include "hw/wmmashapes.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "models/documentviews.h"
#include "models/layoutdocument.h"
#include "render/qtext.h"
#include "request/analysisinputs.h"
#include "request/shape.h"
#include "request/viewrequest.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>

namespace lx {

namespace {

// The messages are the ctaLayout editor's (its translation context).
QString tr(const char *text)
{
    return QCoreApplication::translate("CtaLayoutEditor", text);
}

QString listText(const IntList &v, const QString &sep)
{
    QStringList cs;
    for (int32_t c : v)
        cs << QString::number(c);
    return cs.join(sep);
}

// "[[0, 1], [1, 0]]" -> {{0,1},{1,0}}; "[]" or "" -> {}.
Expected<BasisList> parseBases(const QString &text, int rank)
{
    BasisList out;
    const QString t = text.trimmed();
    if (t.isEmpty() || t == QLatin1String("[]"))
        return out;
    static const QRegularExpression inner(QStringLiteral("\\[([^\\[\\]]*)\\]"));
    if (!t.startsWith(QLatin1Char('[')) || !t.endsWith(QLatin1Char(']')))
        return makeError("write the bases as [[a, b], [c, d], ...]");
    for (auto it = inner.globalMatch(t.mid(1, t.size() - 2)); it.hasNext();) {
        const QStringList parts = it.next().captured(1).split(QLatin1Char(','), Qt::SkipEmptyParts);
        std::vector<int32_t> v;
        for (const QString &p : parts) {
            bool ok = false;
            const int x = p.trimmed().toInt(&ok);
            if (!ok || x < 0)
                return makeError("'" + p.trimmed().toStdString() + "' is not a whole number >= 0");
            v.push_back(x);
        }
        if (int(v.size()) != rank)
            return makeError("every basis has " + std::to_string(rank) + " components");
        out.push_back(std::move(v));
    }
    return out;
}

Expected<IntList> parseList(const QString &text, QChar sep, const char *what)
{
    IntList out;
    for (const QString &p : text.split(sep, Qt::SkipEmptyParts)) {
        bool ok = false;
        const int x = p.trimmed().toInt(&ok);
        if (!ok || x <= 0)
            return makeError(std::string(what) + ": '" + p.trimmed().toStdString() +
                             "' is not a positive whole number");
        out.push_back(x);
    }
    if (out.empty())
        return makeError(std::string(what) + " is empty");
    return out;
}

// The v3 shapes as the instruction shape field takes them ("16,16,32; ...").
QString wmmaShapesAsTyped()
{
    QStringList names;
    for (const auto &[m, n, k] : wmmaV3LayoutShapes())
        names << QStringLiteral("%1,%2,%3").arg(m).arg(n).arg(k);
    return names.join(u"; ");
}

// Why `instr` is no WMMA v3 instruction shape, naming those; empty when it is one.
QString wmmaShapeProblem(const IntList &instr)
{
    // The one list of v3 shapes (hw/wmmashapes.h), as the #ttg reader and the ctaLayout
    // analysis check it.
    if (instr.size() == 3 && isWmmaV3LayoutShape({instr[0], instr[1], instr[2]}))
        return {};
    return tr("not a WMMA v3 instruction shape (those are %1)").arg(wmmaShapesAsTyped());
}

// Why a ctaLayout view of `scene` that shows layout `name` cannot analyse it; empty when none
// fails (or none shows it).
QString ctaViewProblem(const SceneContents &scene, const QString &name)
{
    for (int v = 0; v < int(scene.views.size()); ++v) {
        if (!scene.views.at(v).kind.startsWith(u"cta"))
            continue;
        const ViewRequest request = viewRequestFor(scene, v);
        const Expected<const ResolvedLayout *> shown = request.layoutOption("layout");
        if (!shown || qs((*shown)->name) != name)
            continue;
        if (const Expected<CtaInput> cta = resolveCta(request); !cta)
            return tr("ctaLayout: %1").arg(qs(cta.message()));
    }
    return {};
}

} // namespace

QString ctaBasesText(const BasisList &bases)
{
    QStringList vs;
    for (const auto &b : bases)
        vs << QStringLiteral("[%1]").arg(listText(b, QStringLiteral(", ")));
    return QStringLiteral("[%1]").arg(vs.join(QStringLiteral(", ")));
}

std::optional<CtaFields> ctaFieldsOf(const DocumentLayout &l)
{
    const AmdWmmaAttr *wmma = l.attr ? l.attr->as<AmdWmmaAttr>() : nullptr;
    if (!wmma || wmma->warpsPerCTA)
        return std::nullopt;
    CtaFields f;
    f.warp = ctaBasesText(wmma->ctaWarp);
    f.reg = ctaBasesText(wmma->ctaRegister);
    f.instrShape = listText(wmma->instrShape, QStringLiteral(","));
    f.transposed = wmma->isTransposed;
    f.shape = listText(IntList(l.shape.begin(), l.shape.end()), QStringLiteral("x"));
    f.dtype = l.dtype;
    return f;
}

CtaEdit ctaEdited(const SceneContents &scene, int layout, const CtaFields &fields)
{
    const DocumentLayout &before = scene.layouts.at(layout);
    const AmdWmmaAttr *old = before.attr ? before.attr->as<AmdWmmaAttr>() : nullptr;
    if (!old)
        return {std::nullopt, tr("not a WMMA layout")};
    auto fail = [](const QString &m) { return CtaEdit{std::nullopt, m}; };
    const Expected<std::vector<int32_t>> parsedShape = parseShape(fields.shape.toStdString());
    if (!parsedShape)
        return fail(tr("Tensor shape: %1").arg(qs(parsedShape.message())));
    const IntList shape(parsedShape->begin(), parsedShape->end());
    const int rank = int(shape.size());
    Expected<BasisList> warp = parseBases(fields.warp, rank);
    if (!warp)
        return fail(tr("Warp bases: %1").arg(qs(warp.message())));
    Expected<BasisList> reg = parseBases(fields.reg, rank);
    if (!reg)
        return fail(tr("Register bases: %1").arg(qs(reg.message())));
    Expected<IntList> instr = parseList(fields.instrShape, QLatin1Char(','), "instruction shape");
    if (!instr)
        return fail(qs(instr.message()));
    const QString dtype = fields.dtype.trimmed();
    // The element type sizes the LDS pieces; empty: the view's default.
    if (!dtype.isEmpty())
        if (const Expected<int> bits = dtypeBits(dtype.toStdString()); !bits)
            return fail(tr("Element type: %1").arg(qs(bits.message())));
    // A WMMA v3 instruction shape (the scene's element type may be the accumulator's, so the
    // shape is not checked against it).
    if (const QString why = wmmaShapeProblem(*instr); !why.isEmpty())
        return fail(tr("Instruction M, N, K: %1").arg(why));
    AmdWmmaAttr next = *old;
    next.ctaWarp = *warp;
    next.ctaRegister = *reg;
    next.instrShape = *instr;
    next.isTransposed = fields.transposed;
    const LayoutAttrPtr attr = makeAttr(next);
    Expected<LinearLayout> linear = toLinearLayout(*attr, shape);
    if (!linear)
        return fail(qs(linear.message()));
    DocumentLayout after = before;
    after.attr = attr;
    after.layout = *linear;
    after.sourceText = qs(printTtg(*attr));
    after.shape = QList<int>(shape.begin(), shape.end());
    after.dtype = dtype;
    SceneContents edited = scene;
    edited.layouts[layout] = after;
    if (const QString why = ctaViewProblem(edited, before.name); !why.isEmpty())
        return fail(why);
    return {std::move(after), {}};
}

QString applyCtaFields(LayoutDocument &document, int layout, const CtaFields &fields)
{
    if (layout < 0 || layout >= document.layoutCount())
        return tr("no layout");
    CtaEdit edit = ctaEdited(document.contents(), layout, fields);
    if (!edit.layout)
        return edit.error;
    return document.replaceEntry(layout, *edit.layout,
                                 tr("Edit ctaLayout of %1").arg(document.layoutAt(layout).name));
}

std::vector<CtaWarpHandle> ctaWarpHandles(const ViewRequest &view)
{
    std::vector<CtaWarpHandle> handles;
    if (view.kind != "cta-tiles")
        return handles;
    const Expected<CtaInput> in = resolveCta(view);
    if (!in || in->cta.instructions.empty())
        return handles;
    const CtaAnalysis &c = in->cta;
    for (const CtaWarpTile &t : c.instructions.front().tiles)
        for (int bit = 0; bit < int(c.writtenWarpBases.size()); ++bit)
            if (t.warp == (1 << bit))
                handles.push_back({bit, t.tileM, t.tileN});
    return handles;
}

QString moveWarpBasis(LayoutDocument &document, int layout, int bit, int tileM, int tileN)
{
    if (layout < 0 || layout >= document.layoutCount())
        return tr("no layout");
    const DocumentLayout &l = document.layoutAt(layout);
    std::optional<CtaFields> fields = ctaFieldsOf(l);
    if (!fields)
        return tr("not a WMMA layout");
    BasisList warp = l.attr->as<AmdWmmaAttr>()->ctaWarp;
    if (bit < 0 || bit >= int(warp.size()) || warp[size_t(bit)].size() != 2)
        return tr("warp %1 is no basis of the ctaLayout").arg(1 << std::max(0, bit));
    const std::vector<int32_t> moved{tileM, tileN};
    if (warp[size_t(bit)] == moved)
        return {};
    warp[size_t(bit)] = moved;
    fields->warp = ctaBasesText(warp);
    return applyCtaFields(document, layout, *fields);
}

} // namespace lx
