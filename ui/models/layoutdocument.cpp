#include "models/layoutdocument.h"
#include "models/documentcommands.h"

#include "io/basestext.h"
#include "io/layoutname.h"
#include "layout/basisname.h"

#include <QUndoStack>

#include <algorithm>
#include <set>
#include <string>

namespace lx {

LayoutDocument::LayoutDocument(QObject *parent) : QObject(parent), m_undoStack(new QUndoStack(this))
{
    connect(m_undoStack, &QUndoStack::cleanChanged, this,
            [this](bool clean) { Q_EMIT modifiedChanged(!clean); });
}

LayoutDocument::~LayoutDocument() = default;

int LayoutDocument::indexOfLayout(const QString &name) const
{
    for (int i = 0; i < layoutCount(); ++i)
        if (m_scene.layouts.at(i).name == name)
            return i;
    return -1;
}

void LayoutDocument::setFileName(const QString &fileName)
{
    if (fileName == m_fileName)
        return;
    m_fileName = fileName;
    Q_EMIT fileNameChanged(fileName);
}

bool LayoutDocument::isModified() const
{
    return !m_undoStack->isClean();
}

void LayoutDocument::markClean()
{
    m_undoStack->setClean();
}

void LayoutDocument::markUnsaved()
{
    // No index is clean any more; QUndoStack emits cleanChanged(false) when it was clean.
    m_undoStack->resetClean();
}

void LayoutDocument::reset(const SceneContents &contents, const QString &fileName)
{
    // clear() emits cleanChanged(true) when the stack was dirty, hence modifiedChanged(false).
    // It does nothing to an empty stack, whose clean index markUnsaved() may have dropped (a
    // recovered scene): the scene that replaces it is clean either way.
    m_undoStack->clear();
    m_undoStack->setClean();
    m_scene = contents;
    setFileName(fileName);
    Q_EMIT sceneReset();
}

QString LayoutDocument::validateComponent(const LinearLayout &layout, int outDim,
                                          const QString &text, int *value)
{
    if (outDim < 0 || outDim >= layout.numOutDims())
        return tr("no out-dim %1").arg(outDim);
    const auto &[name, size] = layout.outDims().at(size_t(outDim));
    // The same parser as pasted bases text (core/io/basestext, fuzzed): decimal only, so "010"
    // is ten, as Triton writes bases, not octal eight.
    const Expected<int32_t> parsed = parseBasisComponent(text.toStdString(), size);
    if (!parsed) {
        QString why = QString::fromStdString(parsed.message());
        if (why.startsWith(QLatin1String("column ")))
            why = why.section(QStringLiteral(": "), 1); // a cell holds one number: no column
        return tr("%1 (%2: 0 to %3): %4")
            .arg(QString::fromStdString(name))
            .arg(tr("size %1").arg(size))
            .arg(size - 1)
            .arg(why);
    }
    const int v = *parsed;
    if (value)
        *value = v;
    return {};
}

QString LayoutDocument::setBasisComponent(int layout, const QString &inDim, int basis, int outDim,
                                          int value)
{
    if (layout < 0 || layout >= layoutCount())
        return tr("no layout %1").arg(layout);
    const LinearLayout &current = layoutAt(layout).layout;
    const int d = current.inDimIndex(inDim.toStdString());
    if (d < 0)
        return tr("layout %1 has no in-dim %2").arg(layoutAt(layout).name, inDim);
    LinearLayout::BasesT bases = current.bases();
    auto &dimBases = bases[size_t(d)].second;
    if (basis < 0 || basis >= int(dimBases.size()))
        return tr("%1 has no basis %2").arg(inDim).arg(basis);
    if (outDim < 0 || outDim >= current.numOutDims())
        return tr("no out-dim %1").arg(outDim);
    if (dimBases[size_t(basis)][size_t(outDim)] == value)
        return {};
    dimBases[size_t(basis)][size_t(outDim)] = value;
    // Surjectivity is not required while editing: a person passes through non-surjective
    // layouts on the way to the one they want, and the views show those too.
    Expected<LinearLayout> next =
        LinearLayout::tryCreate(std::move(bases), current.outDims(), false);
    if (!next)
        return QString::fromStdString(next.message());
    return replaceLayout(layout, *next,
                         tr("Set %1 of %2")
                             .arg(QString::fromStdString(basisName(inDim.toStdString(), basis)),
                                  layoutAt(layout).name));
}

QString LayoutDocument::replaceLayout(int layout, const LinearLayout &value, const QString &what)
{
    if (layout < 0 || layout >= layoutCount())
        return tr("no layout %1").arg(layout);
    const DocumentLayout &before = layoutAt(layout);
    if (before.layout == value)
        return {};
    DocumentLayout after = before;
    after.layout = value;
    // The text described the old bases; from now on the bases are the layout. The shape given
    // with the text stays while it is the out-dims' sizes, as a saved raw layout keeps it
    // (models/scenefile.cpp): a resized out-dim leaves it describing nothing.
    after.sourceText.clear();
    after.attr.reset();
    QList<int> sizes;
    for (const auto &[name, size] : value.outDims())
        sizes.append(size);
    if (after.shape != sizes)
        after.shape.clear();
    m_undoStack->push(new ReplaceLayoutCommand(this, layout, before, after, what));
    return {};
}

QString LayoutDocument::replaceEntry(int layout, const DocumentLayout &value, const QString &what)
{
    if (layout < 0 || layout >= layoutCount())
        return tr("no layout %1").arg(layout);
    const DocumentLayout &before = layoutAt(layout);
    if (value.name != before.name)
        return tr("renaming goes through renameLayout");
    if (before == value)
        return {};
    m_undoStack->push(new ReplaceLayoutCommand(this, layout, before, value, what));
    return {};
}

Expected<LinearLayout> LayoutDocument::withInDimBases(const LinearLayout &layout,
                                                      const std::string &inDim,
                                                      std::vector<LinearLayout::Basis> bases)
{
    const int d = layout.inDimIndex(inDim);
    if (d < 0)
        return makeError("the layout has no in-dim " + inDim);
    for (size_t i = 0; i < bases.size(); ++i) {
        if (bases[i].size() != layout.outDims().size())
            return makeError("basis " + std::to_string(i) + " has " +
                             std::to_string(bases[i].size()) + " components, the layout " +
                             std::to_string(layout.outDims().size()) + " out-dims");
        for (size_t o = 0; o < bases[i].size(); ++o)
            if (bases[i][o] < 0 || bases[i][o] >= layout.outDims()[o].second)
                return makeError("basis " + std::to_string(i) + ": " + std::to_string(bases[i][o]) +
                                 " is out of range for " + layout.outDims()[o].first + " (size " +
                                 std::to_string(layout.outDims()[o].second) + ")");
    }
    LinearLayout::BasesT all = layout.bases();
    all[size_t(d)].second = std::move(bases);
    return LinearLayout::tryCreate(std::move(all), layout.outDims(), false);
}

QString LayoutDocument::setInDimBases(int layout, const QString &inDim,
                                      std::vector<LinearLayout::Basis> bases, const QString &what)
{
    if (layout < 0 || layout >= layoutCount())
        return tr("no layout %1").arg(layout);
    Expected<LinearLayout> next =
        withInDimBases(layoutAt(layout).layout, inDim.toStdString(), std::move(bases));
    if (!next)
        return QString::fromStdString(next.message());
    return replaceLayout(layout, *next, what);
}

std::optional<std::vector<LinearLayout::Basis>>
LayoutDocument::inDimBases(int layout, const QString &inDim, QString *error) const
{
    if (layout < 0 || layout >= layoutCount()) {
        *error = tr("no layout %1").arg(layout);
        return std::nullopt;
    }
    const LinearLayout &current = layoutAt(layout).layout;
    const int d = current.inDimIndex(inDim.toStdString());
    if (d < 0) {
        *error = tr("layout %1 has no in-dim %2").arg(layoutAt(layout).name, inDim);
        return std::nullopt;
    }
    return current.bases()[size_t(d)].second;
}

QString LayoutDocument::addBasis(int layout, const QString &inDim)
{
    QString error;
    std::optional<std::vector<LinearLayout::Basis>> bases = inDimBases(layout, inDim, &error);
    if (!bases)
        return error;
    bases->emplace_back(size_t(layoutAt(layout).layout.numOutDims()), 0);
    return setInDimBases(layout, inDim, std::move(*bases),
                         tr("Add a %1 basis to %2").arg(inDim, layoutAt(layout).name));
}

QString LayoutDocument::removeBasis(int layout, const QString &inDim)
{
    QString error;
    std::optional<std::vector<LinearLayout::Basis>> bases = inDimBases(layout, inDim, &error);
    if (!bases)
        return error;
    if (bases->empty())
        return tr("%1 has no basis left to remove").arg(inDim);
    bases->pop_back();
    return setInDimBases(layout, inDim, std::move(*bases),
                         tr("Remove a %1 basis from %2").arg(inDim, layoutAt(layout).name));
}

QString LayoutDocument::flipMatrixBit(int layout, int row, int column)
{
    if (layout < 0 || layout >= layoutCount())
        return tr("no layout %1").arg(layout);
    const LinearLayout &current = layoutAt(layout).layout;
    // Column -> (in-dim, basis): in-dims in order, each contributing its basis count.
    LinearLayout::BasesT bases = current.bases();
    int col = column;
    LinearLayout::Basis *target = nullptr;
    QString inName;
    int basisIndex = -1;
    for (auto &[name, bs] : bases) {
        if (col < int(bs.size())) {
            target = &bs[size_t(col)];
            inName = QString::fromStdString(name);
            basisIndex = col;
            break;
        }
        col -= int(bs.size());
    }
    if (!target || column < 0)
        return tr("no matrix column %1").arg(column);
    // Row -> (out-dim, bit): out-dims in order, low bit first.
    int r = row;
    for (size_t o = 0; o < current.outDims().size(); ++o) {
        const int bits = current.outDimSizeLog2(current.outDims()[o].first);
        if (r < bits && row >= 0) {
            (*target)[o] ^= int32_t(1) << r;
            Expected<LinearLayout> next =
                LinearLayout::tryCreate(std::move(bases), current.outDims(), false);
            if (!next)
                return QString::fromStdString(next.message());
            return replaceLayout(
                layout, *next,
                tr("Flip bit %1 of %2")
                    .arg(r)
                    .arg(QString::fromStdString(basisName(inName.toStdString(), basisIndex))));
        }
        r -= bits;
    }
    return tr("no matrix row %1").arg(row);
}

QString LayoutDocument::uniqueLayoutName(const QString &base) const
{
    QString stem = QString::fromStdString(toLayoutName(base.toStdString()));
    // Room for the number a taken name gets.
    stem.truncate(int(kMaxLayoutNameLength) - 4);
    if (indexOfLayout(stem) < 0)
        return stem;
    for (int i = 2;; ++i) {
        const QString candidate = stem + QString::number(i);
        if (indexOfLayout(candidate) < 0)
            return candidate;
    }
}

QString LayoutDocument::layoutNameRefusal(const QString &name, int renaming) const
{
    if (const std::string why = layoutNameProblem(name.toStdString()); !why.empty())
        return QString::fromStdString(why);
    const int taken = indexOfLayout(name);
    if (taken >= 0 && taken != renaming)
        return tr("there is already a layout named %1").arg(name);
    return {};
}

void LayoutDocument::pushSnapshot(const SceneContents &after, const QString &what)
{
    m_undoStack->push(new SceneSnapshotCommand(this, m_scene, after, what));
}

QString LayoutDocument::addLayout(const DocumentLayout &layout)
{
    if (const QString why = layoutNameRefusal(layout.name); !why.isEmpty())
        return why;
    SceneContents after = m_scene;
    after.layouts.append(layout);
    pushSnapshot(after, tr("Add layout %1").arg(layout.name));
    return {};
}

QString LayoutDocument::duplicateLayout(int layout)
{
    if (layout < 0 || layout >= layoutCount())
        return tr("no layout %1").arg(layout);
    DocumentLayout copy = layoutAt(layout);
    copy.name = uniqueLayoutName(copy.name + QStringLiteral("_copy"));
    SceneContents after = m_scene;
    after.layouts.insert(layout + 1, copy);
    pushSnapshot(after, tr("Duplicate layout %1").arg(layoutAt(layout).name));
    return {};
}

QString LayoutDocument::renameLayout(int layout, const QString &newName)
{
    if (layout < 0 || layout >= layoutCount())
        return tr("no layout %1").arg(layout);
    const QString name = newName.trimmed();
    const QString old = layoutAt(layout).name;
    if (name == old)
        return {};
    if (const QString why = layoutNameRefusal(name, layout); !why.isEmpty())
        return why;
    SceneContents after = m_scene;
    after.layouts[layout].name = name;
    const std::string oldText = old.toStdString();
    for (DocumentView &v : after.views) {
        if (v.layoutName == old)
            v.layoutName = name;
        // Multi-layout views name their layouts in their options ("shared", "dst", ...).
        for (nlohmann::json &value : v.options)
            if (value.is_string() && value.get_ref<const std::string &>() == oldText)
                value = name.toStdString();
    }
    pushSnapshot(after, tr("Rename layout %1 to %2").arg(old, name));
    return {};
}

bool DocumentView::uses(const QString &name) const
{
    if (layoutName == name)
        return true;
    const std::string wanted = name.toStdString();
    return std::any_of(options.begin(), options.end(), [&](const nlohmann::json &value) {
        return value.is_string() && value.get_ref<const std::string &>() == wanted;
    });
}

QString LayoutDocument::removeLayout(int layout)
{
    if (layout < 0 || layout >= layoutCount())
        return tr("no layout %1").arg(layout);
    const QString name = layoutAt(layout).name;
    SceneContents after = m_scene;
    after.layouts.removeAt(layout);
    after.views.removeIf([&](const DocumentView &v) { return v.uses(name); });
    pushSnapshot(after, tr("Remove layout %1").arg(name));
    return {};
}

QString LayoutDocument::addView(const DocumentView &view)
{
    if (view.kind.isEmpty())
        return tr("a view needs a kind");
    if (!view.layoutName.isEmpty() && indexOfLayout(view.layoutName) < 0)
        return tr("there is no layout named %1").arg(view.layoutName);
    SceneContents after = m_scene;
    after.views.append(view);
    pushSnapshot(after, tr("Add %1 view").arg(view.kind));
    return {};
}

QString LayoutDocument::removeView(int view)
{
    if (view < 0 || view >= int(m_scene.views.size()))
        return tr("no view %1").arg(view);
    SceneContents after = m_scene;
    after.views.removeAt(view);
    pushSnapshot(after, tr("Close %1 view").arg(m_scene.views.at(view).kind));
    return {};
}

bool isNavigationOption(std::string_view key)
{
    // Where a reader is in a walk-through, like a scroll position: kept with the scene, never an
    // edit of it.
    return key == "step";
}

namespace {

// `options` with its navigation options replaced by those of `current`.
nlohmann::json withNavigationOf(nlohmann::json options, const nlohmann::json &current)
{
    for (auto it = options.begin(); it != options.end();)
        if (isNavigationOption(it.key()) && !current.contains(it.key()))
            it = options.erase(it);
        else
            ++it;
    for (auto it = current.begin(); it != current.end(); ++it)
        if (isNavigationOption(it.key()))
            options[it.key()] = it.value();
    return options;
}

} // namespace

QString LayoutDocument::setViewOptions(int view, const nlohmann::json &options, const QString &what)
{
    if (view < 0 || view >= int(m_scene.views.size()))
        return tr("no view %1").arg(view);
    if (!options.is_object())
        return tr("the options of a view are a JSON object");
    const nlohmann::json before = m_scene.views.at(view).options;
    if (before == options)
        return {};
    // Navigation moves at once and is no undo step; the rest of the change is one.
    const nlohmann::json navigated = withNavigationOf(before, options);
    if (navigated != before) {
        m_scene.views[view].options = navigated;
        Q_EMIT viewChanged(view);
    }
    if (withNavigationOf(options, navigated) != navigated)
        m_undoStack->push(new SetViewOptionsCommand(this, view, navigated,
                                                    withNavigationOf(options, navigated), what));
    return {};
}

void LayoutDocument::setArch(const QString &arch)
{
    if (arch == m_scene.arch)
        return;
    m_undoStack->push(new SetArchCommand(this, m_scene.arch, arch));
}

QString LayoutDocument::setKernelText(const QString &text, const QString &what)
{
    if (m_scene.kernelText.isEmpty())
        return tr("the scene holds no kernel");
    if (text == m_scene.kernelText)
        return {};
    SceneContents after = m_scene;
    after.kernelText = text;
    pushSnapshot(after, what);
    return {};
}

void LayoutDocument::applyLayout(int index, const DocumentLayout &value)
{
    m_scene.layouts[index] = value;
    Q_EMIT layoutChanged(index);
}

void LayoutDocument::applyScene(const SceneContents &contents)
{
    // Undo and redo leave every view that stays where the reader put it.
    SceneContents next = contents;
    for (qsizetype v = 0; v < std::min(next.views.size(), m_scene.views.size()); ++v) {
        const DocumentView &now = m_scene.views.at(v);
        DocumentView &then = next.views[v];
        if (now.kind == then.kind && now.layoutName == then.layoutName)
            then.options = withNavigationOf(then.options, now.options);
    }
    const bool kernel = m_scene.kernelText != next.kernelText;
    m_scene = std::move(next);
    Q_EMIT structureChanged();
    if (kernel)
        Q_EMIT kernelTextChanged();
}

void LayoutDocument::afterRedo(bool &redone)
{
    if (redone)
        Q_EMIT historyMoved();
    redone = true;
}

void LayoutDocument::applyViewOptions(int view, const nlohmann::json &options)
{
    m_scene.views[view].options = withNavigationOf(options, m_scene.views.at(view).options);
    Q_EMIT viewChanged(view);
}

void LayoutDocument::applyArch(const QString &arch)
{
    m_scene.arch = arch;
    Q_EMIT archChanged();
}

SceneContents builtinExampleScene()
{
    // register = [[0,1]], lane = [[1,0],[2,0]], warp = [[2,1],[1,0]] over (dim0: 4, dim1: 2):
    // the example of the LinearLayout header essay, valid by inspection (components below 4 and 2).
    Expected<LinearLayout> l = LinearLayout::tryCreate(
        {{"register", {{0, 1}}}, {"lane", {{1, 0}, {2, 0}}}, {"warp", {{2, 1}, {1, 0}}}},
        {{"dim0", 4}, {"dim1", 2}}, false);
    SceneContents scene;
    scene.name = QStringLiteral("example");
    scene.title = QObject::tr("Worked example: warp 3 lands on [2,1] XOR [1,0] = [3,1]");
    scene.description =
        QObject::tr("The example of the LinearLayout essay: three in-dims over a 4x2 tensor");
    if (l) {
        scene.layouts.append(DocumentLayout{QStringLiteral("L"), *l, {}, {}, {}, {}});
        scene.views.append(DocumentView{QStringLiteral("ownership"), QStringLiteral("L"), {}});
        scene.views.append(DocumentView{QStringLiteral("matrix"), QStringLiteral("L"), {}});
    }
    return scene;
}

} // namespace lx
