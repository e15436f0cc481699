#pragma once

// BasesEditor: the bases of the current layout, one table per in-dim (one row per basis, one
// cell per out-dim component), with out-dim sizes and buttons to add or remove a basis.
//
// Cells are validated as the person types (the editor turns red and the reason is shown under
// the table); a refused value stays in its cell, marked, while the document keeps the last
// valid layout. Under each table the in-dim's bases as one line of text (core/io/basestext) can be
// pasted or typed whole; Enter applies it as one undo step.

#include <QList>
#include <QPointer>
#include <QStringList>
#include <QWidget>

class QGroupBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QTableView;
class QVBoxLayout;

namespace lx {

class BasesModel;
class LinearLayout;
class LayoutDocument;

class BasesEditor : public QWidget
{
    Q_OBJECT
public:
    explicit BasesEditor(LayoutDocument *document, QWidget *parent = nullptr);

    void setLayoutIndex(int index);
    int layoutIndex() const { return m_layout; }

    // For tests and keyboard navigation: the table and message label of an in-dim (null when the
    // layout has no such in-dim).
    QTableView *tableFor(const QString &inDim) const;
    QLabel *messageFor(const QString &inDim) const;
    // The in-dim's bases as one line of text ("[[0, 1], [1, 0]]"): Enter applies it.
    QLineEdit *textFor(const QString &inDim) const;
    QLabel *outDimsMessage() const { return m_outMessage; }

Q_SIGNALS:
    // A refused edit (for the status bar).
    void editRefused(const QString &message);

private:
    struct DimEditor
    {
        QString inDim;
        QTableView *table = nullptr;
        QLabel *message = nullptr;
        QLineEdit *text = nullptr;
        BasesModel *model = nullptr;
    };
    void rebuild();
    void onLayoutChanged(int index);
    // After an undo or redo: every field shows the document, every refusal is gone.
    void showDocument();
    QStringList currentInDims() const;
    // The layout's name, and whether it is built from text (an edit makes it raw).
    void updateTitle();
    QWidget *buildOutDimsRow();
    // The group box of one in-dim: its bases table, text line, message and buttons.
    QGroupBox *buildInDimBox(const LinearLayout &l, const QString &inDim);
    QLineEdit *buildInDimText(const LinearLayout &l, const QString &inDim, QLabel *message,
                              QWidget *parent);
    QHBoxLayout *buildInDimButtons(const QString &inDim, int numBases, BasesModel *model,
                                   QWidget *parent);

    QPointer<LayoutDocument> m_document;
    int m_layout = -1;
    QLabel *m_title = nullptr;
    QLabel *m_outMessage = nullptr;
    QWidget *m_body = nullptr;
    QVBoxLayout *m_bodyLayout = nullptr;
    QList<DimEditor> m_dims;
    QStringList m_builtDims;
    QList<std::pair<std::string, int32_t>> m_builtOutDims;
};

} // namespace lx
