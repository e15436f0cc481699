#pragma once

// CtaLayoutEditor: the parameters of a WMMA v3 layout in its ctaLayout form (gfx1250): warp
// and register bases in instruction-tile units, instruction shape, transposition, tensor shape
// and element type. Applying rebuilds the layout through the builders and keeps it as #ttg text
// (one undoable command); a combination the builders refuse is reported and changes nothing.
// The checks and the command are models/ctaedit.h applyCtaFields, the path a warp tile dragged
// in the cta-tiles view takes too.
// For any other layout the editor says what it can edit.

#include <QPointer>
#include <QStringList>
#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;

namespace lx {

class LayoutDocument;

class CtaLayoutEditor : public QWidget
{
    Q_OBJECT
public:
    explicit CtaLayoutEditor(LayoutDocument *document, QWidget *parent = nullptr);

    void setLayoutIndex(int index);
    // Applies the fields; returns the reason when refused (the document is then unchanged).
    [[nodiscard]] QString apply();

    QLineEdit *warpEdit() const { return m_warp; }
    QLineEdit *registerEdit() const { return m_register; }
    QLineEdit *instrShapeEdit() const { return m_instrShape; }
    QLineEdit *shapeEdit() const { return m_shape; }
    QLineEdit *dtypeEdit() const { return m_dtype; }
    QCheckBox *transposedBox() const { return m_transposed; }
    QLabel *messageLabel() const { return m_message; }

private:
    void load();
    // The texts of the fields, in a fixed order.
    QStringList fieldTexts() const;

    QPointer<LayoutDocument> m_document;
    int m_layout = -1;
    QWidget *m_form;
    QLabel *m_note;
    QLineEdit *m_warp;
    QLineEdit *m_register;
    QLineEdit *m_instrShape;
    QCheckBox *m_transposed;
    QLineEdit *m_shape;
    QLineEdit *m_dtype;
    QLabel *m_message;
    QStringList m_loaded; // fieldTexts() as load() set them from the layout
};

} // namespace lx
