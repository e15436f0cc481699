#pragma once

// The Suggest panel's ctaLayout page: the ranked ctaLayouts of a WMMA view (models/
// ctasuggestmodel.h) in a sortable table (click a header), the scene's own layout as the last,
// italic row. Hover a row: the open views show that candidate (a preview; nothing changes until
// Apply). Apply: the candidate replaces the scene's layout as one undo step (double-click does
// the same). Copy #ttg / Copy Gluon: the candidate's line on the clipboard. Compare: the
// candidate joins the scene beside a compare view of the two (one undo step), every ctaLayout
// figure in two columns.

#include "models/layoutdocument.h"

#include <QWidget>

class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace lx {

class CtaSuggestModel;

class CtaSuggestPage : public QWidget
{
    Q_OBJECT
public:
    explicit CtaSuggestPage(LayoutDocument *document, QWidget *parent = nullptr);
    CtaSuggestModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    // The model row of the selected table row (the table may be sorted), or -1.
    int selectedRow() const;
    // Selects model row `row` in the table.
    void selectRow(int row);
    // Applies / copies / compares the selected row; the refusal goes to editRefused.
    void applySelected();
    void copySelected(bool gluon);
    void compareSelected();
    // Shows model row `row` in the open views (previewRequested), -1 ends the preview.
    void preview(int row);

Q_SIGNALS:
    void editRefused(const QString &reason);
    void previewRequested(const lx::SceneContents &scene);
    void previewEnded();
    void status(const QString &message, int milliseconds);
    // Compare added a view (the scene's last): the window shows it.
    void viewAdded();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void updateButtons();

    LayoutDocument *m_document;
    CtaSuggestModel *m_model;
    QSortFilterProxyModel *m_sorted;
    QTableView *m_table;
    QPushButton *m_apply;
    QPushButton *m_copyTtg;
    QPushButton *m_copyGluon;
    QPushButton *m_compare;
    int m_previewRow = -1;
    // The #ttg text of the ctaLayout selected last: every search selects it again (the first
    // row that has it), so after Apply the applied candidate stays selected, to copy.
    QString m_keptText;
};

} // namespace lx
