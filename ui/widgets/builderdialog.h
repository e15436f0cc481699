#pragma once

// BuilderDialog: "Add Layout from Builder..." - a form per bespoke layout kind of
// core/layout/attrs.h (blocked, amd_wmma in its ctaLayout and legacy forms, the WMMA dot operand,
// amd_mfma, linear, swizzled_shared, padded_shared, partitioned_shared) with one widget per
// attribute field, a tensor shape, an element type and a layout name.
//
// Contracts
//  - The parameters are turned into a LayoutAttr value (never into text by concatenation); the
//    preview shows printTtg() of it and the in/out dims of toLinearLayout(attr, shape), updated
//    on every keystroke.
//  - What is written is what a pasted text gives: the printed #ttg text is read back with
//    parseLayoutText and the layout added carries that text, the attribute read back, the shape
//    and the element type (DocumentLayout as MainWindow::addTextLayout makes it). The attribute
//    is built in the parser's normal form, so attr() == *parseLayoutText(printTtg(*attr())).
//  - Invalid input never crashes: each field is parsed and checked on its own (syntax, range,
//    power of two, rank, permutation); what only the whole attribute can tell (the parser's
//    verifiers, the builders) is attached to every field its message names. An invalid field
//    shows its message right under it and is marked (dynamic property "lxInvalid"); OK is
//    disabled while anything is invalid.
//  - OK adds the layout, and with "open an ownership view" checked an ownership view of it, as
//    ONE undo step (a QUndoStack macro).
//  - The last kind and every kind's parameters are remembered in QSettings (group
//    "builderDialog") when a layout is added, and restored by the next dialog.

#include "io/attrform.h"
#include "layout/attrs.h"
#include "layout/linearlayout.h"

#include <QDialog>
#include <QList>
#include <QPointer>
#include <QString>

#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QStackedWidget;

namespace lx {

class LayoutDocument;

class BuilderDialog : public QDialog
{
    Q_OBJECT
public:
    enum class Kind
    {
        Blocked,
        WmmaCta,
        WmmaLegacy,
        WmmaDotOperand,
        Mfma,
        Linear,
        SwizzledShared,
        PaddedShared,
        PartitionedShared,
    };
    // Every kind, in the order of the kind selector.
    [[nodiscard]] static QList<Kind> kinds();
    // Stable id of a kind ("blocked", "amd_wmma", "amd_wmma_legacy", "dot_op", "amd_mfma",
    // "linear", "swizzled_shared", "padded_shared", "partitioned_shared"), used in QSettings and
    // tests; kindFromId returns false for an unknown id.
    [[nodiscard]] static QString kindId(Kind kind);
    [[nodiscard]] static bool kindFromId(const QString &id, Kind *kind);

    explicit BuilderDialog(LayoutDocument *document, QWidget *parent = nullptr);
    ~BuilderDialog() override;

    Kind kind() const;
    void setKind(Kind kind);

    // Fields by key. The common fields are "name", "shape" and "dtype"; the parameters of the
    // current kind are keyed by their MLIR path ("sizePerThread", "ctaLayout.warp",
    // "parent.instrShape", "partitionLayout.order", ...). fieldKeys() lists the parameters of
    // the current kind, shown or not (padded_shared shows "order" or "offset" by its "form").
    [[nodiscard]] QStringList fieldKeys() const;
    // The editor of a field of the current kind (QLineEdit, QSpinBox, QComboBox, QCheckBox), or
    // null when the kind has no such field.
    [[nodiscard]] QWidget *fieldWidget(const QString &key) const;
    // Sets a field as a person would: a line edit's text, a spin box's number, a combo box's
    // item by value or text, a check box by "true"/"false". False when the key is unknown or
    // the value cannot be set on that widget.
    bool setField(const QString &key, const QString &value);
    [[nodiscard]] QString fieldText(const QString &key) const;
    // The message shown under the field, empty when the field is fine.
    [[nodiscard]] QString fieldError(const QString &key) const;
    // The message shown under the preview (the first error, naming its field), empty when valid.
    [[nodiscard]] QString errorText() const;

    // Every field of every kind back to its default (the defaults make valid layouts).
    void restoreDefaults();

    [[nodiscard]] bool isValid() const { return m_attr != nullptr; }
    // The attribute built from the fields (null while invalid), in the parser's normal form.
    [[nodiscard]] LayoutAttrPtr attr() const { return m_attr; }
    // toLinearLayout(*attr(), shape()); meaningful only while valid.
    [[nodiscard]] const LinearLayout &layout() const { return m_layout; }
    [[nodiscard]] QList<int> shape() const { return m_shape; }
    [[nodiscard]] QString dtype() const;
    [[nodiscard]] QString layoutName() const;
    // printTtg(*attr()), empty while invalid.
    [[nodiscard]] QString ttgText() const { return m_ttgText; }

    QComboBox *kindBox() const { return m_kindBox; }
    QCheckBox *openViewBox() const { return m_openView; }
    QPushButton *okButton() const { return m_ok; }
    QPlainTextEdit *previewEdit() const { return m_preview; }
    QLabel *summaryLabel() const { return m_summary; }

    // Adds the layout (and the ownership view) to the document as one undo step and remembers
    // the parameters; returns the reason when it cannot (the document is then unchanged).
    [[nodiscard]] QString addToDocument();

public Q_SLOTS:
    void accept() override;

public:
    // A field and a page of the form (defined in builderdialogspecs.h, internal to the widgets).
    struct Field;
    struct Page;

private:
    void buildCommonFields();
    void buildPages();
    Page &page(Kind kind);
    const Page &page(Kind kind) const;
    const Page &currentPage() const;
    Field *findField(const QString &key) const;
    void onKindChanged();
    void updateVisibility();
    // Validation (builderdialogvalidate.cpp): each field on its own, then the attribute through
    // the #ttg reader's constructors (core/io/attrform), then the preview.
    void revalidate();
    bool checkFields(const std::vector<Field *> &active, IntList &shape);
    LayoutAttrPtr buildAttr(Page &page, const std::vector<Field *> &active, const IntList &shape);
    // The attribute of `values` (owners[i]: the field values[i] came from, null for none); a
    // refusal is shown at its field, or at every active field it names.
    LayoutAttrPtr buildFormAttr(const std::string &mnemonic, const std::vector<FormValue> &values,
                                const std::vector<Field *> &owners,
                                const std::vector<Field *> &active);
    LayoutAttrPtr buildPartitionLayout(const std::vector<Field *> &active, const IntList &shape,
                                       std::vector<FormValue> values, std::vector<Field *> owners);
    void acceptAttr(const LayoutAttrPtr &attr, const IntList &shape,
                    const std::vector<Field *> &active);
    void attachMessage(const std::vector<Field *> &active, QString message);
    void showValidation(Page &page);
    void readSettings();
    void writeSettings() const;
    QString suggestedName() const;

    QPointer<LayoutDocument> m_document;
    std::vector<std::unique_ptr<Page>> m_pages;
    std::vector<std::unique_ptr<Field>> m_common;
    int m_previousKind = -1;
    bool m_nameEdited = false;

    QComboBox *m_kindBox = nullptr;
    QStackedWidget *m_stack = nullptr;
    QLabel *m_pageTitle = nullptr;
    QPlainTextEdit *m_preview = nullptr;
    QLabel *m_summary = nullptr;
    QCheckBox *m_openView = nullptr;
    QPushButton *m_ok = nullptr;

    LayoutAttrPtr m_attr;
    LinearLayout m_layout;
    QList<int> m_shape;
    QString m_ttgText;
    QString m_error;
};

} // namespace lx
