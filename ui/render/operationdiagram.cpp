#include "render/operationdiagram.h"

#include "layout/basisname.h"
#include "render/palette.h"
#include "render/viewregistry.h"
#include "request/viewfigures.h"

using namespace Qt::StringLiterals;

namespace lx {

namespace {

QString vec(const LinearLayout::Basis &b)
{
    QString s = u"["_s;
    for (size_t i = 0; i < b.size(); ++i)
        s += (i ? u", "_s : QString()) + QString::number(b[i]);
    return s + u"]"_s;
}

QRgb light(QRgb c)
{
    return qRgb((qRed(c) + 2 * 255) / 3, (qGreen(c) + 2 * 255) / 3, (qBlue(c) + 2 * 255) / 3);
}

// One row per basis; `tint(dim, i)` colours it, `from(dim, i)` explains it (may be empty).
template <typename Tint, typename From>
DiagramTable basesTable(const QString &title, const LinearLayout &l, Tint tint, From from)
{
    DiagramTable t;
    t.title = title;
    t.header = {u"in-dim"_s, u"basis"_s, u"value"_s};
    bool explained = false;
    for (const auto &[dim, bases] : l.bases())
        for (size_t i = 0; i < bases.size(); ++i)
            explained = explained || !from(dim, int(i)).isEmpty();
    if (explained)
        t.header << u"flows from"_s;
    for (const auto &[dim, bases] : l.bases())
        for (size_t i = 0; i < bases.size(); ++i) {
            QStringList row{QString::fromStdString(dim),
                            QString::fromStdString(basisName(dim, int(i))), vec(bases[i])};
            if (explained)
                row << from(dim, int(i));
            t.rows.push_back(row);
            t.fills.push_back(std::vector<QRgb>(size_t(row.size()), tint(dim, int(i))));
        }
    t.title += u"  (out: "_s;
    for (size_t k = 0; k < l.outDims().size(); ++k)
        t.title +=
            (k ? u", "_s : QString()) +
            u"%1 %2"_s.arg(QString::fromStdString(l.outDims()[k].first)).arg(l.outDims()[k].second);
    t.title += u")"_s;
    return t;
}

// A colour per (operand, in-dim): operand A in the first hues, B in the next.
struct Tints
{
    const LinearLayout &a;
    const LinearLayout &b;
    QRgb of(bool isA, const std::string &dim) const
    {
        const int na = a.numInDims(), nb = b.numInDims();
        const int idx = isA ? a.inDimIndex(dim) : na + b.inDimIndex(dim);
        return light(categoricalColor(std::max(0, idx), std::max(1, na + nb)));
    }
};

QString indexText(const LinearLayout &l, const std::vector<int32_t> &values)
{
    QStringList parts;
    for (size_t i = 0; i < values.size(); ++i)
        if (values[i] != 0)
            parts << u"%1=%2"_s.arg(QString::fromStdString(l.bases()[i].first)).arg(values[i]);
    return parts.isEmpty() ? u"0"_s : parts.join(u", "_s);
}

// The index of `l` (one value per in-dim) holding element `e` (one per out-dim), by search over
// the bases (the tables are small: at most 2^16 indices are tried).
QString preimageText(const LinearLayout &l, const LinearLayout::Basis &e)
{
    const int bits = l.totalInDimSizeLog2();
    if (bits > 16)
        return u"(too large to search)"_s;
    for (uint64_t h = 0; h < (uint64_t(1) << bits); ++h) {
        std::vector<int32_t> in;
        uint64_t rest = h;
        for (const auto &[dim, size] : l.inDims()) {
            in.push_back(int32_t(rest % uint64_t(size)));
            rest /= uint64_t(size);
        }
        if (l.applyOrdered(in) == e)
            return indexText(l, in);
    }
    return u"none"_s;
}

} // namespace

std::optional<LayoutOperation> layoutOperationFromName(const std::string &name)
{
    static const std::pair<const char *, LayoutOperation> kNames[] = {
        {"compose", LayoutOperation::Compose},
        {"invert", LayoutOperation::Invert},
        {"invertAndCompose", LayoutOperation::InvertAndCompose},
        {"product", LayoutOperation::Product},
        {"divideLeft", LayoutOperation::DivideLeft},
        {"divideRight", LayoutOperation::DivideRight},
        {"sublayout", LayoutOperation::Sublayout},
    };
    for (const auto &[n, op] : kNames)
        if (name == n)
            return op;
    return std::nullopt;
}

namespace {

// The result of `op` and the figure's title.
Expected<std::pair<LinearLayout, QString>>
applyOperation(LayoutOperation op, const LinearLayout &a, const LinearLayout &b,
               const QString &nameA, const QString &nameB, const std::vector<std::string> &ins,
               const std::vector<std::string> &outs)
{
    Expected<LinearLayout> result = makeError("unknown operation");
    QString title;
    switch (op) {
    case LayoutOperation::Compose:
        result = a.compose(b);
        title = u"compose: %2(%1(x))"_s.arg(nameA, nameB);
        break;
    case LayoutOperation::Invert:
        result = a.invert();
        title = u"invert(%1)"_s.arg(nameA);
        break;
    case LayoutOperation::InvertAndCompose:
        result = a.invertAndCompose(b);
        title = u"%1.invertAndCompose(%2): which index of %2 holds each element of %1"_s.arg(nameA,
                                                                                             nameB);
        break;
    case LayoutOperation::Product:
        result = a.product(b);
        title = u"%1 * %2 (%1 minor, %2 major)"_s.arg(nameA, nameB);
        break;
    case LayoutOperation::DivideLeft:
    case LayoutOperation::DivideRight: {
        const bool left = op == LayoutOperation::DivideLeft;
        auto c = left ? LinearLayout::divideLeft(a, b) : LinearLayout::divideRight(a, b);
        if (!c)
            return makeError(left ? "divideLeft: " + nameB.toStdString() +
                                        " is not a left factor of " + nameA.toStdString()
                                  : "divideRight: " + nameB.toStdString() +
                                        " is not a right factor of " + nameA.toStdString());
        result = *c;
        title = left ? u"divideLeft(%1, %2): C with %1 = %2 * C"_s.arg(nameA, nameB)
                     : u"divideRight(%1, %2): C with %1 = C * %2"_s.arg(nameA, nameB);
        break;
    }
    case LayoutOperation::Sublayout:
        result = a.sublayout(ins, outs);
        title = u"sublayout of %1"_s.arg(nameA);
        break;
    }
    if (!result)
        return result.error();
    return std::make_pair(*result, title);
}

// The operands and the result of an operation, for the result's basis labels.
struct OperationTerms
{
    const LinearLayout &a, &b, &r;
    const QString &nameA, &nameB;
};

// Where the result's basis (dim, i) comes from: "B(A lane=4 → [4, 0])". A basis is named as
// everywhere (layout/basisname.h), its image after an arrow as LinearLayout::toString writes it.
QString basisSource(LayoutOperation op, const OperationTerms &t, const std::string &dim, int i)
{
    const LinearLayout &a = t.a, &b = t.b, &r = t.r;
    const QString &nameA = t.nameA, &nameB = t.nameB;
    const auto name = [&dim](int bit) { return QString::fromStdString(basisName(dim, bit)); };
    switch (op) {
    case LayoutOperation::Compose:
        return u"%1(%2 %3 \u2192 %4)"_s.arg(nameB, nameA, name(i), vec(a.basis(dim, i)));
    case LayoutOperation::Invert: {
        // The result's in-dims are A's out-dims: its basis (dim, i) is the index of A that
        // lands on the unit vector dim = 2^i.
        return u"%1(%2) = %3"_s.arg(nameA, vec(r.basis(dim, i)), name(i));
    }
    case LayoutOperation::InvertAndCompose: {
        const LinearLayout::Basis &e = a.basis(dim, i);
        return u"%1 %2 \u2192 %3, held by %4 at %5"_s.arg(nameA, name(i), vec(e), nameB,
                                                          preimageText(b, e));
    }
    case LayoutOperation::Product: {
        const int ka = a.inDimSizeLog2(dim);
        return i < ka ? u"%1 %2"_s.arg(nameA, name(i))
                      : u"%1 %2, shifted past %3"_s.arg(nameB, name(i - ka), nameA);
    }
    case LayoutOperation::DivideLeft: {
        const int kb = b.inDimSizeLog2(dim);
        return u"%1 %2 \u2192 %3, over %4's sizes"_s.arg(nameA, name(kb + i),
                                                         vec(a.basis(dim, kb + i)), nameB);
    }
    case LayoutOperation::DivideRight:
        return u"%1 %2 \u2192 %3"_s.arg(nameA, name(i), vec(a.basis(dim, i)));
    case LayoutOperation::Sublayout:
        return u"%1 %2 \u2192 %3, kept out-dims only"_s.arg(nameA, name(i), vec(a.basis(dim, i)));
    }
    return {};
}

} // namespace

Expected<Diagram> operationDiagram(LayoutOperation op, const LinearLayout &a, const LinearLayout &b,
                                   const QString &nameA, const QString &nameB,
                                   const std::vector<std::string> &ins,
                                   const std::vector<std::string> &outs)
{
    Expected<std::pair<LinearLayout, QString>> applied =
        applyOperation(op, a, b, nameA, nameB, ins, outs);
    if (!applied)
        return applied.error();
    const LinearLayout &r = applied->first;
    const QString &title = applied->second;
    const Tints tints{a, b};
    const bool twoOperands = op != LayoutOperation::Invert && op != LayoutOperation::Sublayout;

    Diagram d;
    d.title = title;
    d.subtitle = u"each result basis is tinted like the operand basis it flows from"_s;
    auto none = [](const std::string &, int) { return QString(); };
    d.tables.push_back(basesTable(
        nameA, a, [&](const std::string &dim, int) { return tints.of(true, dim); }, none));
    if (twoOperands)
        d.tables.push_back(basesTable(
            nameB, b, [&](const std::string &dim, int) { return tints.of(false, dim); }, none));

    auto tint = [&](const std::string &dim, int i) -> QRgb {
        switch (op) {
        case LayoutOperation::Product: {
            const int ka = a.inDimSizeLog2(dim);
            return i < ka ? tints.of(true, dim) : tints.of(false, dim);
        }
        case LayoutOperation::Invert:
            return QRgb(0);
        default:
            return a.hasInDim(dim) ? tints.of(true, dim) : tints.of(false, dim);
        }
    };
    auto from = [&](const std::string &dim, int i) {
        return basisSource(op, {a, b, r, nameA, nameB}, dim, i);
    };
    d.tables.push_back(basesTable(u"result"_s, r, tint, from));
    appendFigures(d, operationResultFigures(r));
    return d;
}

Expected<Diagram> buildOperationView(const ViewRequest &request)
{
    const auto opName = request.stringOption("op", "",
                                             {"compose", "invert", "invertAndCompose", "product",
                                              "divideLeft", "divideRight", "sublayout"});
    if (!opName)
        return opName.error();
    const auto op = layoutOperationFromName(*opName);
    if (!op)
        return makeError("the operation view needs the option \"op\" (compose, invert, "
                         "invertAndCompose, product, divideLeft, divideRight, sublayout)");
    const auto a = request.layoutOption("layout");
    if (!a)
        return a.error();
    const bool two = *op != LayoutOperation::Invert && *op != LayoutOperation::Sublayout;
    const ResolvedLayout *b = *a;
    if (two) {
        if (!request.hasOption("other", OptionUse::Layout))
            return makeError("the operation view needs the option \"other\": the second operand");
        const auto other = request.layoutOption("other");
        if (!other)
            return other.error();
        b = *other;
    }
    std::vector<std::string> ins, outs;
    if (*op == LayoutOperation::Sublayout) {
        // Read through the request, so that the view declares both (the view-options editor
        // offers them).
        for (const char *key : {"ins", "outs"}) {
            if (!request.hasOption(key, OptionUse::StringList))
                return makeError(std::string("sublayout needs the option \"") + key +
                                 "\": a list of dim names");
            Expected<std::vector<std::string>> names = request.stringListOption(key, {});
            if (!names)
                return names.error();
            (std::string(key) == "ins" ? ins : outs) = std::move(*names);
        }
    }
    return operationDiagram(*op, (*a)->layout, b->layout, QString::fromStdString((*a)->name),
                            QString::fromStdString(b->name), ins, outs);
}

} // namespace lx
