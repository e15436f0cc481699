#pragma once

// The Learn panel (Help > Learn): walks through the lessons of resources/lessons (or a lesson
// file a teacher wrote, see core/lessons/lesson.h). Opening a lesson opens its scene and views
// in the window; the panel shows the lesson's text and task, checks the predicate after every
// edit of the document and says when the lesson is solved (with, until then, what is still
// wrong), reveals hints one at a time, and can show the solution (applied as undoable edits).
// Progress (solved lessons, the current one) is remembered in QSettings under "learn/".

#include "lessons/lesson.h"
#include "lessons/predicate.h"
#include "render/diagram.h"

#include <QString>
#include <QWidget>

#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QTextBrowser;

namespace lx {

class LayoutDocument;
class MainWindow;

// Applies one lesson edit to the document as an undoable edit, the way the bases editor
// (in-dim bases) or the text form (a layout's #ttg / Gluon / CuTe text) would. Returns an empty
// string on success, else the reason.
[[nodiscard]] QString applyLessonEdit(LayoutDocument &document, const LessonEdit &edit);

// The predicate's verdict on the document as it is now; an error message in explanation (and
// holds false) when the predicate cannot be evaluated.
[[nodiscard]] PredicateOutcome checkLesson(const Lesson &lesson, const LayoutDocument &document);

class LearnPanel : public QWidget
{
    Q_OBJECT
public:
    explicit LearnPanel(MainWindow *window, QWidget *parent = nullptr);

    const std::vector<Lesson> &lessons() const { return m_lessons; }
    int currentIndex() const { return m_current; }
    // Opens lesson `index`: its scene replaces the window's (the person is asked to save first
    // when the scene has unsaved changes, unless force). Returns false when nothing was opened.
    bool openLesson(int index, bool force = false);
    // Reads a lesson file and opens it; returns the reason on failure.
    [[nodiscard]] QString openLessonFile(const QString &path);
    bool isSolved() const { return m_solved; }
    QString statusText() const;
    // How many hints are shown (0 .. hints.size()).
    int hintsShown() const { return m_hintsShown; }
    void showNextHint();
    // Applies the current lesson's solution (undoable).
    void showSolution();
    // The open lesson's views as handout pages (empty when no lesson is open).
    [[nodiscard]] std::vector<Diagram> handoutPages() const;
    // Whether lesson `id` was ever solved (QSettings).
    static bool wasSolved(const QString &id);

Q_SIGNALS:
    void solvedChanged(bool solved);

private:
    void populate();
    void check();
    void updateText();

    MainWindow *m_window;
    std::vector<Lesson> m_lessons;
    int m_current = -1;
    bool m_solved = false;
    // False once another scene (File > Open, a recovered autosave, New) replaced the lesson's.
    bool m_sceneIsLesson = false;
    bool m_opening = false;          // inside openLesson's own scene reset
    bool m_cleanWhenSettled = false; // just solved: mark the scene clean once the edit is pushed
    int m_hintsShown = 0;
    QString m_explanation;
    QComboBox *m_picker;
    QTextBrowser *m_text;
    QLabel *m_status;
    QPushButton *m_hint;
    QPushButton *m_solution;
    QPushButton *m_previous;
    QPushButton *m_next;
};

// File > Export Handout: the current view, one step a page (or the open lesson's views when the
// current view has no steps and a lesson is open), to a PDF or numbered SVGs chosen in a dialog.
void exportViewHandout(MainWindow *window);

// Shows (creating on first use) the Learn dock of `window`, opening the remembered lesson.
LearnPanel *showLearnDock(MainWindow *window);

} // namespace lx
