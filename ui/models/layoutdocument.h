#pragma once

// LayoutDocument: the scene being edited in the window, as the window sees it.
//
// A scene is an architecture, an ordered list of named layouts and a list of views. Each layout
// is kept as a LinearLayout (its bases): that is what every view and analysis reads. A layout
// that came from #ttg / Gluon text keeps that text too, so it is saved as written; the first
// edit of its bases turns it into a raw layout (the text no longer describes it).
//
// Contracts
//  - Every edit goes through the QUndoStack as one command, so undo/redo restores the
//    document exactly (layouts, names, text, views, arch).
//  - An edit that would make a layout invalid is refused with a message and changes nothing:
//    the document always holds the last valid layout.
//  - Signals: layoutChanged(i) after the bases or text of layout i changed (views of that
//    layout repaint); structureChanged() after layouts were added, removed, renamed or the view
//    list changed; viewChanged(v) after view v's options changed; sceneReset() after a new
//    scene was loaded; archChanged().
//  - isModified() is "the undo stack is not at its clean index" (markClean() after a save).

#include "layout/attrs.h"
#include "layout/linearlayout.h"
#include "request/defaults.h"

#include <QList>
#include <QObject>
#include <QString>

#include <nlohmann/json.hpp>

#include <optional>
#include <string_view>
#include <utility>
#include <vector>

class QUndoStack;

namespace lx {

struct DocumentLayout
{
    QString name;
    LinearLayout layout;
    QString sourceText; // #ttg / Gluon text the layout was built from; empty for raw bases
    QList<int> shape;   // tensor shape given with the text (may be empty)
    QString dtype;      // element type given with the text (may be empty)
    LayoutAttrPtr attr; // the attribute the text describes; null for raw bases
    bool operator==(const DocumentLayout &o) const
    {
        // Two empty shapes are equal without QList's compare: Qt 6.4 passes an empty list's
        // null data to memcmp (undefined behaviour, which UBSan reports) when the other empty
        // list has kept its buffer (after clear()).
        const bool sameShape = (shape.isEmpty() && o.shape.isEmpty()) || shape == o.shape;
        return name == o.name && layout == o.layout && sourceText == o.sourceText && sameShape &&
               dtype == o.dtype && deepEqual(attr, o.attr);
    }
};

struct DocumentView
{
    DocumentView() = default;
    // Options written {} (a null JSON value) are an empty object.
    DocumentView(QString viewKind, QString layout,
                 nlohmann::json viewOptions = nlohmann::json::object())
        : kind(std::move(viewKind)), layoutName(std::move(layout)),
          options(viewOptions.is_null() ? nlohmann::json::object() : std::move(viewOptions))
    {
    }
    QString kind;       // view kind, e.g. "ownership", "matrix"
    QString layoutName; // the layout it shows (may be empty for multi-layout views)
    // An object, kept as the scene file wrote it: the value core's SceneView and ViewRequest hold.
    nlohmann::json options = nlohmann::json::object();
    // Whether the view shows the layout `name`: as its own layout or through an option that
    // names it ("shared", "other", "dst", ...).
    bool uses(const QString &name) const;
    bool operator==(const DocumentView &) const = default;
};

// Everything a scene file holds; what new/open/save exchange with the document.
struct SceneContents
{
    QString name;
    QString title;
    QString description;
    QString arch = QString::fromLatin1(kDefaultArch.data(), qsizetype(kDefaultArch.size()));
    QList<DocumentLayout> layouts;
    QList<DocumentView> views;
    // The TTGIR module the scene was opened from (empty text: none); the Kernel dock shows it.
    QString kernelOrigin;
    QString kernelText;
    bool operator==(const SceneContents &) const = default;
};

class LayoutDocument : public QObject
{
    Q_OBJECT
public:
    explicit LayoutDocument(QObject *parent = nullptr);
    ~LayoutDocument() override;

    QUndoStack *undoStack() const { return m_undoStack; }

    const SceneContents &contents() const { return m_scene; }
    int layoutCount() const { return int(m_scene.layouts.size()); }
    // Requires: 0 <= index < layoutCount().
    const DocumentLayout &layoutAt(int index) const { return m_scene.layouts.at(index); }
    // -1 when there is no layout by that name.
    int indexOfLayout(const QString &name) const;
    const QList<DocumentView> &views() const { return m_scene.views; }
    QString arch() const { return m_scene.arch; }

    // The file the document was read from or last saved to; empty for a new scene.
    QString fileName() const { return m_fileName; }
    void setFileName(const QString &fileName);
    bool isModified() const;
    void markClean();
    // Marks the document modified although its history is empty (a recovered autosave: its
    // changes were never saved to its file).
    void markUnsaved();

    // Replaces the whole scene (new / open / recover) and clears the undo history.
    void reset(const SceneContents &contents, const QString &fileName = {});

    // ---- undoable edits. Each returns an empty string on success or the reason it was refused
    // (the document is then unchanged).

    // Component `outDim` of basis `basis` of in-dim `inDim` of layout `layout`.
    [[nodiscard]] QString setBasisComponent(int layout, const QString &inDim, int basis, int outDim,
                                            int value);
    // Replaces the layout's bases and out-dims; `what` names the command in the undo history.
    [[nodiscard]] QString replaceLayout(int layout, const LinearLayout &value, const QString &what);
    // Replaces the whole entry (a layout edited through its attribute, e.g. the ctaLayout
    // editor, keeps its text form). The name must stay the same.
    [[nodiscard]] QString replaceEntry(int layout, const DocumentLayout &value,
                                       const QString &what);
    // Replaces every basis of an in-dim (the count may change: the in-dim's size is 2^count).
    [[nodiscard]] QString setInDimBases(int layout, const QString &inDim,
                                        std::vector<LinearLayout::Basis> bases,
                                        const QString &what);
    // Appends a zero basis to (or removes the last basis of) an in-dim: doubles or halves it.
    [[nodiscard]] QString addBasis(int layout, const QString &inDim);
    [[nodiscard]] QString removeBasis(int layout, const QString &inDim);
    // Flips one bit of the layout's matrix (row = out bit, column = in bit, as in matrix()).
    [[nodiscard]] QString flipMatrixBit(int layout, int row, int column);

    [[nodiscard]] QString addLayout(const DocumentLayout &layout);
    [[nodiscard]] QString duplicateLayout(int layout);
    // Views that showed the layout show the new name.
    [[nodiscard]] QString renameLayout(int layout, const QString &newName);
    // Views that use the removed layout (DocumentView::uses) are removed with it (and come back
    // on undo).
    [[nodiscard]] QString removeLayout(int layout);
    [[nodiscard]] QString addView(const DocumentView &view);
    [[nodiscard]] QString removeView(int view);
    // Replaces one view's options (colour mode, the other layout, ...). Consecutive changes of
    // the same view are one undo step. Navigation options (isNavigationOption: the pipeline's
    // step) move at once, are no undo step and leave the document unmodified, as scrolling
    // would; undo and redo keep them. Emits viewChanged(view), not structureChanged(). Options
    // that are not a JSON object are refused.
    [[nodiscard]] QString setViewOptions(int view, const nlohmann::json &options,
                                         const QString &what);
    void setArch(const QString &arch);
    // Replaces the kept module text of a kernel scene (a suggestion written into it), one undo
    // step; emits kernelTextChanged() then and on its undo and redo.
    [[nodiscard]] QString setKernelText(const QString &text, const QString &what);

    // A valid name not yet used by a layout, built from `base` ("L" -> "L", "L2", "L3", ...;
    // text outside the name rule is made a name first, io/layoutname.h toLayoutName).
    [[nodiscard]] QString uniqueLayoutName(const QString &base) const;
    // Why `name` cannot name a layout (io/layoutname.h's rule, or taken by a layout other than
    // `renaming`); empty when it can. What add and rename refuse; dialogs check as typed with it.
    [[nodiscard]] QString layoutNameRefusal(const QString &name, int renaming = -1) const;

    // `layout` with in-dim `inDim`'s bases replaced, or why not (a component out of range names
    // the basis and the out-dim). What setInDimBases applies; the editors validate with it.
    [[nodiscard]] static Expected<LinearLayout>
    withInDimBases(const LinearLayout &layout, const std::string &inDim,
                   std::vector<LinearLayout::Basis> bases);

    // Whether `text` is a valid component for out-dim `outDim` of the layout; the message says
    // why not. Used by the editors to validate as the person types.
    [[nodiscard]] static QString validateComponent(const LinearLayout &layout, int outDim,
                                                   const QString &text, int *value = nullptr);

Q_SIGNALS:
    void layoutChanged(int index);
    void structureChanged();
    void sceneReset();
    void archChanged();
    // The kernel scene's module text changed (setKernelText, its undo and redo).
    void kernelTextChanged();
    void viewChanged(int view);
    void modifiedChanged(bool modified);
    void fileNameChanged(const QString &fileName);
    // After an undo or redo step changed the document (never after a new edit): what a panel
    // shows beside the document (a refused text, its message, a hover description) belongs to
    // another state now, so panels drop it and show the document again.
    void historyMoved();

private:
    friend class ReplaceLayoutCommand;
    friend class SceneSnapshotCommand;
    friend class SetArchCommand;
    friend class SetViewOptionsCommand;
    void applyLayout(int index, const DocumentLayout &value);
    void applyScene(const SceneContents &contents);
    void applyArch(const QString &arch);
    void applyViewOptions(int view, const nlohmann::json &options);
    // Called by a command after its redo: announces historyMoved from the second redo on.
    void afterRedo(bool &redone);
    // The bases of an in-dim, or null with *error saying why there are none to edit.
    std::optional<std::vector<LinearLayout::Basis>> inDimBases(int layout, const QString &inDim,
                                                               QString *error) const;
    void pushSnapshot(const SceneContents &after, const QString &what);

    SceneContents m_scene;
    QString m_fileName;
    QUndoStack *m_undoStack;
};

// Whether a view option says where the reader is (the pipeline's "step") rather than what the
// view shows: it is saved with the scene but never makes it modified.
[[nodiscard]] bool isNavigationOption(std::string_view key);

// The built-in scene shown when no preset is available: the worked example of
// core/layout/linearlayout.h (warp 3 lands on [2,1] XOR [1,0] = [3,1]).
[[nodiscard]] SceneContents builtinExampleScene();

} // namespace lx
