#include "models/kernelopscene.h"
#include "render/qtext.h"

#include "io/layoutname.h"
#include "layout/builders.h"
#include "models/opsuggestion.h"

namespace lx {

namespace {

// The layout of `type` over its shape; a multi-buffered memdesc (more dims than its encoding
// describes) drops leading dims until the encoding fits.
bool layoutOfType(const TtgirType &type, LinearLayout &layout, std::vector<int32_t> &shape)
{
    if (!type.encoding)
        return false;
    shape = type.shape;
    while (!shape.empty()) {
        Expected<LinearLayout> l = toLinearLayout(*type.encoding, shape);
        if (l) {
            layout = *l;
            return true;
        }
        if (shape.size() == 1)
            break;
        shape.erase(shape.begin());
    }
    return false;
}

// The scene name of an op's layouts: its loc or SSA name, else its line.
QString baseName(const KernelOpReport &r)
{
    QString n = qs(r.name);
    n.remove(QLatin1Char('%')); // "%42" -> "_42", "%x#1" -> "x_1": layout names (io/layoutname.h)
    return n.isEmpty() ? QStringLiteral("line%1").arg(r.line) : qs(toLayoutName(n.toStdString()));
}

// The views that answer for the op, over its layouts `src` and `dst` (either may be empty).
QList<DocumentView> opViews(const KernelOpReport &r, bool load, bool write, const QString &src,
                            const QString &dst)
{
    QList<DocumentView> views;
    auto view = [&](const char *kind, const QString &layout, nlohmann::json options = {}) {
        if (!layout.isEmpty())
            views << DocumentView{QString::fromLatin1(kind), layout, options};
    };
    if (load && !src.isEmpty() && !dst.isEmpty()) {
        const nlohmann::json both{{"shared", src.toStdString()}, {"dst", dst.toStdString()}};
        if (r.eligible == true)
            view("ds-load-tr-panels", dst, both);
        else if (r.eligible == false)
            view("ds-load-tr-eligibility", dst, both);
        view("bank-table", dst, {{"shared", src.toStdString()}});
        view("ownership", dst);
    } else if (write && !src.isEmpty() && !dst.isEmpty()) {
        // The op's access is a write: its bank views are the store's (ds_store_*).
        view("bank-table", src, {{"shared", dst.toStdString()}, {"write", true}});
        view("bank-map", dst, {{"shared", dst.toStdString()}, {"write", true}});
        view("ownership", src);
    } else if (r.op == "ttg.convert_layout" && !src.isEmpty() && !dst.isEmpty()) {
        // cvt = dst.invertAndCompose(src): for each destination index, the source index that
        // holds its element (the map minimalCvtLayout reduces).
        view("invert-and-compose", dst,
             {{"shared", src.toStdString()}, {"dst", dst.toStdString()}});
        view("ownership", src);
        view("ownership", dst);
    } else {
        view("ownership", src);
        if (dst != src)
            view("ownership", dst);
    }
    return views;
}

} // namespace

QList<DocumentLayout> kernelAliasLayouts(const TtgirModule &module)
{
    QList<DocumentLayout> layouts;
    for (const TtgirAlias *alias : module.layoutAliases()) {
        if (!alias->attr)
            continue;
        const std::string ref = "#" + alias->name;
        // The shape of its first use: as the encoding itself, else inside one (a parent).
        const TtgirType *use = nullptr;
        for (const TtgirOp &op : module.ops)
            for (const TtgirType &t : op.types)
                if (!use && t.encodingText == ref)
                    use = &t;
        for (const TtgirOp &op : module.ops)
            for (const TtgirType &t : op.types)
                if (!use && t.encodingText.find(ref + ",") != std::string::npos)
                    use = &t;
        if (!use)
            continue;
        TtgirType typed = *use;
        typed.encoding = alias->attr;
        LinearLayout l;
        std::vector<int32_t> shape;
        if (!layoutOfType(typed, l, shape))
            continue;
        layouts << DocumentLayout{qs(toLayoutName(alias->name)),
                                  l,
                                  kernelLayoutText(module, alias->text, alias->attr),
                                  QList<int>(shape.begin(), shape.end()),
                                  qs(use->elementType),
                                  alias->attr};
    }
    return layouts;
}

KernelOpScene kernelOpScene(const LayoutDocument &document, const TtgirModule &module,
                            const KernelOpReport &r)
{
    KernelOpScene scene;
    if (r.opIndex < 0 || size_t(r.opIndex) >= module.ops.size())
        return scene;
    const TtgirOp &op = module.ops[size_t(r.opIndex)];
    if (op.types.empty())
        return scene;
    const TtgirType &first = op.types.front();
    const TtgirType &last = op.types.back();
    const QString base = baseName(r);
    const bool load = r.op == "ttg.local_load";
    const bool write = r.op == "ttg.local_store" ||
                       (r.op == "ttg.local_alloc" && op.types.size() > 1 && first.isTensor());
    const QString srcName = base + (load ? QStringLiteral("_shared") : QStringLiteral("_src"));
    const QString dstName = base + (write ? QStringLiteral("_shared") : QStringLiteral("_dst"));
    // Layouts to add (skipped when the scene already has the same one under that name).
    auto addType = [&](const TtgirType &t, const QString &name) {
        LinearLayout l;
        std::vector<int32_t> shape;
        if (!layoutOfType(t, l, shape))
            return QString();
        DocumentLayout entry{name,
                             l,
                             kernelLayoutText(module, t.encodingText, t.encoding),
                             QList<int>(shape.begin(), shape.end()),
                             qs(t.elementType),
                             t.encoding};
        const int existing = document.indexOfLayout(name);
        if (existing >= 0 && document.layoutAt(existing) == entry)
            return name;
        if (existing >= 0)
            entry.name = document.uniqueLayoutName(name);
        scene.add << entry;
        return entry.name;
    };
    const QString src = op.types.size() > 1 ? addType(first, srcName) : QString();
    const QString dst = addType(last, dstName);
    for (const QString &name : {src, dst})
        if (!name.isEmpty() && !scene.layouts.contains(name))
            scene.layouts << name;
    // A tensor-memory layout (in-dims row, col) has no threads to draw as owners: its ownership
    // is the register side's.
    const auto owned = [](const TtgirType &t, const QString &name) {
        return t.encoding && t.encoding->isTensorMemory() ? QString() : name;
    };
    scene.views = opViews(r, load, write, owned(first, src), owned(last, dst));
    return scene;
}

} // namespace lx
