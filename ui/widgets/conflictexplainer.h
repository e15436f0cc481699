#pragma once

// The conflict explainer: click a conflicting cell of a bank view (a bank of the histogram, an
// element of the bank table or map), or an element of an ownership view of the same tensor, and
// this panel explains that bank in that phase: the lanes of the phase that hit it with their
// addresses, the lane-basis bits whose XOR collides (the kernel of the bank map on the phase),
// and the smallest change (one XOR term or one pad; for rocMLIR kPack stores, the rotation) with
// its before/after numbers. "Apply fix" makes the change as one undo step; every view updates
// from the document and the panel explains the same bank again.

#include "analysis/explain.h"

#include <QString>
#include <QWidget>

#include <optional>
#include <string>
#include <vector>

class QDockWidget;
class QLabel;
class QMainWindow;
class QPushButton;
class QTextBrowser;

namespace lx {

class LayoutDocument;
class ViewPane;

// The explanation as the panels show it (rich text). `fixScope` names what the fix's ways count
// ("this phase", "the stores").
[[nodiscard]] QString conflictExplanationHtml(const ConflictExplanation &e,
                                              const QString &fixScope);

class ConflictExplainer : public QWidget
{
    Q_OBJECT
public:
    explicit ConflictExplainer(LayoutDocument *document, QWidget *parent = nullptr);

    // Explains what cell (panel, row, col; elementId) of view `view` shows. Returns true when it
    // is a bank conflict (ways > 1): the panel then shows it. Otherwise the panel is unchanged.
    bool explainCell(int view, int panel, int row, int col, qint64 elementId);
    // The explanation shown (empty when none).
    const std::optional<ConflictExplanation> &explanation() const { return m_explanation; }
    QString text() const;
    QPushButton *applyButton() const { return m_apply; }

public Q_SLOTS:
    // Applies the shown fix (one undo step); the panel then explains the same bank again.
    void applyFix();

Q_SIGNALS:
    void editRefused(const QString &reason);

private:
    struct Target
    {
        int bankView = -1; // the bank view whose access is explained
        ConflictQuery query;
    };
    // The bank view and query a click means, or a reason why none.
    [[nodiscard]] std::optional<Target> locate(int view, int panel, int row, int col,
                                               qint64 elementId) const;
    void show(const Target &target);
    void clear(const QString &message);

    LayoutDocument *m_document;
    QLabel *m_heading;
    QTextBrowser *m_text;
    QPushButton *m_apply;
    std::optional<Target> m_target;
    std::optional<ConflictExplanation> m_explanation;
    bool m_kpack = false;
    std::string m_sharedName;
    std::vector<int32_t> m_shape;
    std::string m_dtype;
    QString m_note; // "Applied ...", while the undo stack stays at m_noteIndex
    int m_noteIndex = -1;
};

// The explainer in a dock (objectName "conflictDock", hidden until a conflicting cell is
// clicked). The caller adds it to the window and connects the views' clicks to explainCell.
QDockWidget *createConflictExplainerDock(QMainWindow *window, LayoutDocument *document);
// A click on a conflicting cell of `pane`'s view opens `dock` (from createConflictExplainerDock)
// on that conflict; other clicks leave it as it is.
void explainClicksOf(QDockWidget *dock, ViewPane *pane);

} // namespace lx
