#include "models/elementquery.h"

#include "analysis/ownership.h"

#include <QRegularExpression>
#include <QStringList>

#include <map>

namespace lx {

namespace {

std::string dimList(const std::vector<LinearLayout::NamedSize> &dims)
{
    std::string s;
    for (const auto &[name, size] : dims)
        s += (s.empty() ? "" : ", ") + name + " (0.." + std::to_string(size - 1) + ")";
    return s;
}

} // namespace

Expected<ElementQueryResult> findElement(const LinearLayout &layout, const QString &query)
{
    const QStringList parts =
        query.split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts);
    if (parts.isEmpty())
        return makeError("name an element: tensor coordinates (" + dimList(layout.outDims()) +
                         ") or hardware indices (" + dimList(layout.inDims()) + "), e.g. " +
                         layout.outDims().front().first + "=0");
    std::map<std::string, int64_t> given;
    bool ins = false, outs = false;
    for (const QString &part : parts) {
        const QStringList kv = part.split(QLatin1Char('='));
        bool ok = false;
        const qlonglong value = kv.size() == 2 ? kv[1].toLongLong(&ok) : 0;
        if (kv.size() != 2 || !ok)
            return makeError("'" + part.toStdString() + "' is not NAME=NUMBER");
        const std::string name = kv[0].trimmed().toStdString();
        const bool isOut = layout.hasOutDim(name), isIn = layout.hasInDim(name);
        if (!isOut && !isIn)
            return makeError("the layout has no dim '" + name + "': its tensor dims are " +
                             dimList(layout.outDims()) + ", its hardware dims " +
                             dimList(layout.inDims()));
        const int64_t size = isOut ? layout.outDims()[size_t(layout.outDimIndex(name))].second
                                   : int64_t(1) << layout.inDimSizeLog2(name);
        if (value < 0 || value >= size)
            return makeError(name + "=" + std::to_string(value) + " is outside 0.." +
                             std::to_string(size - 1));
        if (given.count(name))
            return makeError(name + " is given twice");
        given[name] = value;
        (isOut ? outs : ins) = true;
    }
    if (ins && outs)
        return makeError("give tensor coordinates or hardware indices, not both");
    ElementQueryResult r;
    QStringList shown;
    if (outs) {
        for (const auto &[name, size] : layout.outDims()) {
            const auto it = given.find(name);
            r.coords.push_back(int32_t(it == given.end() ? 0 : it->second));
        }
    } else {
        std::vector<LinearLayout::NamedValue> in;
        for (const std::string &name : layout.inDimNames()) {
            const auto it = given.find(name);
            in.emplace_back(name, int32_t(it == given.end() ? 0 : it->second));
            if (it != given.end())
                shown << QStringLiteral("%1=%2").arg(QString::fromStdString(name)).arg(it->second);
        }
        Expected<std::vector<LinearLayout::NamedValue>> out = layout.apply(in);
        if (!out)
            return out.error();
        for (const auto &[name, v] : *out)
            r.coords.push_back(v);
    }
    QStringList coords;
    for (size_t d = 0; d < r.coords.size(); ++d)
        coords << QStringLiteral("%1=%2")
                      .arg(QString::fromStdString(layout.outDims()[d].first))
                      .arg(r.coords[d]);
    r.description = (shown.isEmpty() ? QString() : shown.join(u", ") + QStringLiteral(" → ")) +
                    coords.join(u", ");
    r.elementId = elementId(r.coords, layout.outDims());
    return r;
}

} // namespace lx
