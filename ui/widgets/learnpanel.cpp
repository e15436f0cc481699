#include "widgets/learnpanel.h"

#include "io/cute.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "models/documentviews.h"
#include "models/layoutdocument.h"
#include "models/scenefile.h"
#include "render/handout.h"
#include "render/viewregistry.h"
#include "widgets/mainwindow.h"
#include "widgets/panelwidgets.h"
#include "widgets/viewpane.h"

#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QTextBrowser>
#include <QUndoStack>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace lx {

namespace {

// The file dialogs' kind for lessons (widgets/panelwidgets.h).
const QString kLessonDialogs = u"lessons"_s;

QString solvedKey(const QString &id)
{
    return u"learn/solved/"_s + id;
}

// Minimal escaping plus `code` spans, so lesson text can name bases and layouts.
QString toHtml(const std::string &text)
{
    QString html;
    const QStringList paragraphs = QString::fromStdString(text).split(u"\n\n"_s);
    for (const QString &p : paragraphs) {
        QString escaped = p.toHtmlEscaped();
        QString out;
        bool code = false;
        for (const QChar c : escaped) {
            if (c == u'`') {
                out += code ? u"</code>"_s : u"<code>"_s;
                code = !code;
            } else {
                out += c;
            }
        }
        if (code)
            out += u"</code>"_s;
        html += u"<p>"_s + out + u"</p>"_s;
    }
    return html;
}

} // namespace

QString applyLessonEdit(LayoutDocument &document, const LessonEdit &edit)
{
    const int index = document.indexOfLayout(QString::fromStdString(edit.layout));
    if (index < 0)
        return QObject::tr("The scene has no layout named %1")
            .arg(QString::fromStdString(edit.layout));
    const DocumentLayout &current = document.layoutAt(index);
    if (edit.text.empty())
        return document.setInDimBases(
            index, QString::fromStdString(edit.inDim), edit.bases,
            QObject::tr("Edit %1 bases").arg(QString::fromStdString(edit.inDim)));
    DocumentLayout entry = current;
    const std::vector<int32_t> shape(current.shape.begin(), current.shape.end());
    if (looksLikeCute(edit.text)) {
        auto cute = readCuteLayoutText(edit.text, shape, current.dtype.toStdString(), false);
        if (!cute)
            return QString::fromStdString(cute.message());
        entry.layout = cute->layout;
        entry.sourceText = QString::fromStdString(cute->elementText);
        entry.attr = nullptr;
    } else {
        auto attr = parseLayoutText(edit.text);
        if (!attr)
            return QString::fromStdString(attr.message());
        auto ll = toLinearLayout(**attr, shape);
        if (!ll)
            return QString::fromStdString(ll.message());
        entry.layout = *ll;
        entry.sourceText = QString::fromStdString(edit.text);
        entry.attr = *attr;
    }
    return document.replaceEntry(index, entry, QObject::tr("Edit %1").arg(current.name));
}

PredicateOutcome checkLesson(const Lesson &lesson, const LayoutDocument &document)
{
    PredicateContext context;
    context.arch = document.arch().toStdString();
    for (int i = 0; i < document.layoutCount(); ++i) {
        const DocumentLayout &l = document.layoutAt(i);
        context.layouts.push_back({l.name.toStdString(), l.layout, l.attr,
                                   std::vector<int32_t>(l.shape.begin(), l.shape.end()),
                                   l.dtype.toStdString()});
    }
    auto r = evaluatePredicate(lesson.predicate, context);
    if (!r)
        return PredicateOutcome{false, r.message()};
    return *r;
}

LearnPanel::LearnPanel(MainWindow *window, QWidget *parent)
    : QWidget(parent), m_window(window), m_lessons(builtinLessons())
{
    setObjectName(u"learnPanel"_s);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_picker = new QComboBox(this);
    m_picker->setObjectName(u"lessonPicker"_s);
    m_picker->setToolTip(tr("The lessons, in order; a check mark for the ones you solved"));
    layout->addWidget(m_picker);
    m_text = new QTextBrowser(this);
    m_text->setObjectName(u"lessonText"_s);
    m_text->setOpenExternalLinks(false);
    layout->addWidget(m_text, 1);
    m_status = new QLabel(this);
    m_status->setObjectName(u"lessonStatus"_s);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);
    auto *buttons = new QHBoxLayout;
    m_previous = new QPushButton(tr("Previous"), this);
    m_previous->setToolTip(tr("The previous lesson"));
    m_hint = new QPushButton(tr("Hint"), this);
    m_hint->setObjectName(u"hintButton"_s);
    m_hint->setToolTip(tr("Show the next hint"));
    m_solution = new QPushButton(tr("Show Me"), this);
    m_solution->setToolTip(tr("Apply the solution's edits (Edit > Undo takes them back)"));
    m_next = new QPushButton(tr("Next"), this);
    m_next->setToolTip(tr("The next lesson"));
    auto *open = new QPushButton(tr("Open…"), this);
    open->setToolTip(tr("Open a lesson file (a teacher's own lesson, see the README)"));
    for (QPushButton *b : {m_previous, m_hint, m_solution, m_next, open})
        buttons->addWidget(b);
    layout->addLayout(buttons);

    populate();
    connect(m_picker, &QComboBox::activated, this, [this](int i) { openLesson(i); });
    connect(m_previous, &QPushButton::clicked, this, [this] { openLesson(m_current - 1); });
    connect(m_next, &QPushButton::clicked, this, [this] { openLesson(m_current + 1); });
    connect(m_hint, &QPushButton::clicked, this, &LearnPanel::showNextHint);
    connect(m_solution, &QPushButton::clicked, this, &LearnPanel::showSolution);
    connect(open, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open Lesson"), dialogDirectory(kLessonDialogs), tr("Lessons (*.json)"));
        if (path.isEmpty())
            return;
        rememberDialogDirectory(kLessonDialogs, path);
        const QString error = openLessonFile(path);
        if (!error.isEmpty())
            m_status->setText(error);
    });
    LayoutDocument *doc = m_window->document();
    connect(doc, &LayoutDocument::layoutChanged, this, &LearnPanel::check);
    connect(doc, &LayoutDocument::structureChanged, this, &LearnPanel::check);
    connect(doc, &LayoutDocument::sceneReset, this, [this] {
        if (!m_opening)
            m_sceneIsLesson = false;
        check();
    });
    connect(doc, &LayoutDocument::archChanged, this, &LearnPanel::check);
    // A solved lesson is finished work, not unsaved work: once the edit that solved it is on the
    // undo stack (a push or a macro has settled), the scene is clean, so the next lesson or
    // closing the window asks nothing. Further edits make it modified again.
    connect(doc->undoStack(), &QUndoStack::indexChanged, this, [this, doc] {
        if (!m_cleanWhenSettled)
            return;
        m_cleanWhenSettled = false;
        if (m_solved && m_sceneIsLesson)
            doc->markClean();
    });
    updateText();
}

void LearnPanel::populate()
{
    m_picker->clear();
    for (size_t i = 0; i < m_lessons.size(); ++i) {
        const Lesson &l = m_lessons[i];
        const QString id = QString::fromStdString(l.id);
        m_picker->addItem((wasSolved(id) ? u"\u2713 "_s : u"    "_s) +
                          u"%1. %2"_s.arg(i + 1).arg(QString::fromStdString(l.title)));
    }
    if (m_current >= 0)
        m_picker->setCurrentIndex(m_current);
}

bool LearnPanel::wasSolved(const QString &id)
{
    return QSettings().value(solvedKey(id), false).toBool();
}

bool LearnPanel::openLesson(int index, bool force)
{
    if (index < 0 || index >= int(m_lessons.size()))
        return false;
    Expected<SceneContents> contents = sceneContentsFromScene(m_lessons[size_t(index)].scene);
    if (!contents) {
        m_status->setText(QString::fromStdString(contents.message()));
        return false;
    }
    if (!force && !m_window->maybeSave())
        return false;
    m_current = index;
    m_hintsShown = 0;
    m_solved = false;
    QSettings().setValue(u"learn/current"_s, QString::fromStdString(m_lessons[size_t(index)].id));
    m_opening = true;
    m_window->openScene(*contents);
    m_opening = false;
    m_sceneIsLesson = true;
    m_picker->setCurrentIndex(index);
    check();
    return true;
}

QString LearnPanel::openLessonFile(const QString &path)
{
    auto lesson = loadLessonFile(path.toStdString());
    if (!lesson)
        return QString::fromStdString(lesson.message());
    m_lessons.push_back(std::move(*lesson));
    populate();
    openLesson(int(m_lessons.size()) - 1);
    return {};
}

void LearnPanel::check()
{
    if (m_current < 0) {
        updateText();
        return;
    }
    const Lesson &lesson = m_lessons[size_t(m_current)];
    const bool was = m_solved;
    if (!m_sceneIsLesson) {
        // Checking the lesson's task against some other scene would only name its missing
        // layouts; say what happened instead.
        m_solved = false;
        m_explanation = tr("the scene open now is not this lesson's (another scene replaced it). "
                           "Pick the lesson above to open its scene again.");
        updateText();
        if (was)
            Q_EMIT solvedChanged(false);
        return;
    }
    const PredicateOutcome outcome = checkLesson(lesson, *m_window->document());
    m_solved = outcome.holds;
    m_explanation = QString::fromStdString(outcome.explanation);
    if (m_solved && !was) {
        m_cleanWhenSettled = true;
        QSettings().setValue(solvedKey(QString::fromStdString(lesson.id)), true);
        populate();
    }
    updateText();
    if (m_solved != was)
        Q_EMIT solvedChanged(m_solved);
}

QString LearnPanel::statusText() const
{
    return m_status->text();
}

void LearnPanel::showNextHint()
{
    if (m_current < 0)
        return;
    const Lesson &lesson = m_lessons[size_t(m_current)];
    if (m_hintsShown < int(lesson.hints.size()))
        ++m_hintsShown;
    updateText();
}

void LearnPanel::showSolution()
{
    if (m_current < 0)
        return;
    const Lesson &lesson = m_lessons[size_t(m_current)];
    LayoutDocument *doc = m_window->document();
    doc->undoStack()->beginMacro(tr("Show the solution"));
    for (const LessonEdit &e : lesson.solution) {
        const QString error = applyLessonEdit(*doc, e);
        if (!error.isEmpty()) {
            m_status->setText(error);
            break;
        }
    }
    doc->undoStack()->endMacro();
}

void LearnPanel::updateText()
{
    const bool have = m_current >= 0;
    m_previous->setEnabled(have && m_current > 0);
    m_next->setEnabled(m_current + 1 < int(m_lessons.size()));
    m_hint->setEnabled(have);
    m_solution->setEnabled(have);
    if (!have) {
        m_text->setHtml(tr("<p>Pick a lesson above. Each lesson opens a scene, explains one idea "
                           "and sets a task; the panel checks your layouts as you edit them.</p>"));
        m_status->clear();
        return;
    }
    const Lesson &l = m_lessons[size_t(m_current)];
    QString html = u"<h3>%1</h3>"_s.arg(QString::fromStdString(l.title).toHtmlEscaped());
    if (!l.source.empty())
        html += u"<p><i>%1</i></p>"_s.arg(QString::fromStdString(l.source).toHtmlEscaped());
    html += toHtml(l.text);
    html += u"<p><b>Task:</b> %1</p>"_s.arg(QString::fromStdString(l.task).toHtmlEscaped());
    for (int i = 0; i < m_hintsShown && i < int(l.hints.size()); ++i)
        html += u"<p><b>Hint %1:</b> %2</p>"_s.arg(i + 1).arg(
            QString::fromStdString(l.hints[size_t(i)]).toHtmlEscaped());
    m_text->setHtml(html);
    m_hint->setEnabled(m_hintsShown < int(l.hints.size()));
    if (m_solved) {
        m_status->setStyleSheet(u"color: #1a7f37; font-weight: bold;"_s);
        m_status->setText(tr("\u2713 Solved! %1")
                              .arg(m_current + 1 < int(m_lessons.size())
                                       ? tr("On to the next lesson.")
                                       : tr("That was the last lesson.")));
    } else {
        m_status->setStyleSheet(u"color: #9a6700;"_s);
        m_status->setText(tr("Not solved yet: %1").arg(m_explanation));
    }
}

std::vector<Diagram> LearnPanel::handoutPages() const
{
    if (m_current < 0)
        return {};
    Lesson lesson = m_lessons[size_t(m_current)];
    // The learner's scene as it is now, with the lesson's title and task.
    lesson.scene = sceneFromContents(m_window->document()->contents());
    auto pages = buildLessonDiagrams(lesson);
    return pages ? *pages : std::vector<Diagram>{};
}

void exportViewHandout(MainWindow *window)
{
    std::vector<Diagram> pages;
    QString error;
    if (ViewPane *pane = window->currentViewPane()) {
        ViewRequest request = viewRequestFor(window->document()->contents(), pane->viewIndex());
        auto steps = buildStepDiagrams(request);
        if (steps)
            pages = *steps;
        else
            error = QString::fromStdString(steps.message());
    }
    auto *panel = window->findChild<LearnPanel *>();
    if (pages.size() <= 1 && panel && panel->currentIndex() >= 0) {
        std::vector<Diagram> lessonPages = panel->handoutPages();
        if (!lessonPages.empty())
            pages = std::move(lessonPages);
    }
    if (pages.empty()) {
        QMessageBox::warning(window, QObject::tr("Export Handout"),
                             error.isEmpty() ? QObject::tr("There is no view to export.") : error);
        return;
    }
    const QString path = QFileDialog::getSaveFileName(
        window, QObject::tr("Export Handout"),
        dialogDirectory(QStringLiteral("export")) + QStringLiteral("/handout.pdf"),
        QObject::tr("PDF, one page per step (*.pdf);;SVG, one file per step (*.svg)"));
    if (path.isEmpty())
        return;
    const QString e = exportHandout(pages, RenderOptions{}, path);
    if (!e.isEmpty())
        QMessageBox::warning(window, QObject::tr("Export Handout"), e);
}

LearnPanel *showLearnDock(MainWindow *window)
{
    auto *dock = window->findChild<QDockWidget *>(u"learnDock"_s);
    if (!dock) {
        dock = new QDockWidget(QObject::tr("Learn"), window);
        dock->setObjectName(u"learnDock"_s);
        auto *panel = new LearnPanel(window, dock);
        dock->setWidget(panel);
        window->addDockWidget(Qt::RightDockWidgetArea, dock);
        // Beside the bit matrix (a tab of the same group), tall enough to read the text.
        if (auto *matrix = window->findChild<QDockWidget *>(u"matrixDock"_s);
            matrix && !window->tabifiedDockWidgets(matrix).contains(dock))
            window->tabifyDockWidget(matrix, dock);
        window->resizeDocks({dock}, {window->height() * 3 / 5}, Qt::Vertical);
        const QString current = QSettings().value(u"learn/current"_s).toString();
        int index = 0;
        for (size_t i = 0; i < panel->lessons().size(); ++i)
            if (QString::fromStdString(panel->lessons()[i].id) == current)
                index = int(i);
        panel->openLesson(index);
    }
    dock->show();
    dock->raise();
    return dock->findChild<LearnPanel *>();
}

} // namespace lx
