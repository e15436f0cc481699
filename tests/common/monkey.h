#pragma once

// The monkey of tst_monkey: random user actions on a MainWindow through its parts'
// actions, editors and panels, and the checks run after each (see tests/ui/tst_monkey.cpp).

#include "io/scene.h"
#include "models/documentviews.h"
#include "models/kernelopsmodel.h"
#include "models/layoutdocument.h"
#include "models/matrixmodel.h"
#include "models/scenefile.h"
#include "render/diagram.h"
#include "render/viewregistry.h"
#include "widgets/baseseditor.h"
#include "widgets/ctasuggestpage.h"
#include "widgets/diagramview.h"
#include "widgets/kerneldock.h"
#include "widgets/layoutactions.h"
#include "widgets/mainwindow.h"
#include "widgets/presentmode.h"
#include "widgets/scenefiles.h"
#include "widgets/viewoptionspanel.h"
#include "widgets/viewpane.h"
#include "widgets/viewtabs.h"
#include "widgets/windowdocks.h"

#include <QAbstractItemModel>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>

#include <algorithm>
#include <list>
#include <map>
#include <random>

namespace lx::test {

using namespace Qt::StringLiterals;

// An epoch whose undo history is longer than this is ended by a save and reopen, so that the walk
// back to its start stays as short as the edits that made it.
constexpr int kMaxEpochSteps = 60;
constexpr int kMaxLayouts = 12;
constexpr int kMaxViews = 8;
constexpr int kMaxInBits = 13; // bases are not added past 2^13 elements: views stay quick

// The scene with navigation options (the pipeline's step) left out: undo keeps them by design.
// Equal diagrams; a panel of more than kMaxComparedCells cells is compared in a sample of its
// cells (every 61st, with its text and tooltip): a computed panel makes each tooltip on request,
// and comparing every one of a large ownership view took minutes under ASan.
constexpr qint64 kMaxComparedCells = 1024;
inline bool sameDiagram(const Diagram &a, const Diagram &b)
{
    if (a.panels.size() != b.panels.size())
        return false;
    Diagram sa = a, sb = b;
    for (size_t i = 0; i < a.panels.size(); ++i) {
        const DiagramPanel &pa = a.panels[i], &pb = b.panels[i];
        const qint64 cells = qint64(pa.rows()) * pa.columns();
        if (cells <= kMaxComparedCells)
            continue; // compared whole below
        if (pa.rows() != pb.rows() || pa.columns() != pb.columns())
            return false;
        for (qint64 k = 0; k < cells; k += 61) {
            const int r = int(k / pa.columns()), c = int(k % pa.columns());
            const DiagramCell x = pa.cell(r, c), y = pb.cell(r, c);
            if (x.fill != y.fill || x.outline != y.outline || x.elementId != y.elementId ||
                pa.text(r, c) != pb.text(r, c) || pa.tooltip(r, c) != pb.tooltip(r, c))
                return false;
        }
        // The rest of the panel as a picture without its cells.
        DiagramPanel &qa = sa.panels[i], &qb = sb.panels[i];
        qa = DiagramPanel(0, 0); // sizes compared above
        qb = DiagramPanel(0, 0);
        for (auto [to, from] : {std::pair{&qa, &pa}, std::pair{&qb, &pb}}) {
            to->title = from->title;
            to->rowHeaders = from->rowHeaders;
            to->columnHeaders = from->columnHeaders;
            to->rowAxisLabel = from->rowAxisLabel;
            to->columnAxisLabel = from->columnAxisLabel;
            to->groups = from->groups;
            to->origin = from->origin;
        }
    }
    return sa == sb;
}

inline QByteArray sceneBytes(const SceneContents &c)
{
    SceneContents s = c;
    for (DocumentView &v : s.views)
        for (auto it = v.options.begin(); it != v.options.end();)
            it = isNavigationOption(it.key()) ? v.options.erase(it) : std::next(it);
    return serializeSceneContents(s);
}

struct Kind
{
    const char *name;
    int weight;
};

// The actions and how often each is picked (relative weights).
constexpr Kind kKinds[] = {
    {"edit-cell", 14},   {"flip-bit", 14},   {"basis", 3},       {"undo", 10},   {"redo", 6},
    {"add-view", 5},     {"close-view", 3},  {"view-option", 8}, {"colour", 2},  {"arch", 3},
    {"navigate", 4},     {"select", 2},      {"preset", 2},      {"kernel", 1},  {"kernel-op", 2},
    {"suggest", 3},      {"save-reopen", 1}, {"duplicate", 1},   {"remove", 1},  {"add-text", 1},
    {"copy-paste", 2},   {"new-scene", 1},   {"tab", 2},         {"present", 3}, {"drag", 3},
    {"kernel-apply", 1},
};

inline const Kind *kindNamed(const char *name)
{
    for (const Kind &k : kKinds)
        if (qstrcmp(k.name, name) == 0)
            return &k;
    return nullptr;
}

inline const QString kTexts[][3] = {
    {u"#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], "
     u"order = [1, 0]}>"_s,
     u"32,32"_s, u"f16"_s},
    {u"#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>"_s, u"64,64"_s,
     u"f16"_s},
    {u"#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 4], warpsPerCTA = [1, 4], "
     u"order = [0, 1]}>"_s,
     u"64,32"_s, u"bf16"_s},
    {u"#ttg.swizzled_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [0, 1]}>"_s, u"32,64"_s,
     u"f16"_s},
};

inline const QStringList kOptionTexts = {u""_s,   u"0"_s,      u"1"_s,      u"2"_s,  u"3"_s,
                                         u"4"_s,  u"8"_s,      u"16"_s,     u"-1"_s, u"f16"_s,
                                         u"f8"_s, u"[1, 0]"_s, u"[0, 1]"_s, u"x"_s,  u"{}"_s};

// One run of random actions on a window. Checks report through QtTest; a caller stops at the
// first failure (QTest::currentTestFailed) and prints the recent actions.
class Monkey
{
public:
    Monkey(MainWindow &w, quint32 seed) : m_w(w), m_rng(seed)
    {
        for (const PresetInfo &p : listPresets())
            m_presets.append(QString::fromStdString(p.name));
        const QDir kernels(QStringLiteral(LX_TEST_DATA_DIR "/kernels"));
        for (const QString &f : kernels.entryList({u"*.ttgir"_s}, QDir::Files, QDir::Name))
            m_kernels.append(kernels.filePath(f));
        m_tabs = qobject_cast<ViewTabs *>(w.viewTabs());
        for (QAction *a : w.findChildren<QAction *>()) {
            if (a->shortcut() == QKeySequence(QKeySequence::Undo))
                m_undo = a;
            if (a->shortcut() == QKeySequence(QKeySequence::Redo))
                m_redo = a;
        }
        if (auto *menu = w.findChild<QMenu *>(u"addViewMenu"_s))
            m_addView = menu->actions();
        QObject::connect(w.document(), &LayoutDocument::sceneReset, &w, [this] { m_reset = true; });
        for (const Kind &k : kKinds)
            m_totalWeight += k.weight;
    }

    bool ready() const { return m_tabs && m_undo && m_redo && !m_addView.isEmpty(); }
    int actions() const { return m_actions; }

    // One random action, then the checks (and, when it opened a scene, the new epoch's start).
    void step()
    {
        int pick = int(m_rng() % unsigned(m_totalWeight));
        const Kind *kind = kKinds;
        while (pick >= kind->weight)
            pick -= (kind++)->weight;
        if (m_w.document()->undoStack()->index() > kMaxEpochSteps)
            kind = kindNamed("save-reopen"); // the epoch is long enough
        QElapsedTimer t;
        t.start();
        act(QLatin1String(kind->name));
        settle();
        record(kind->name, t.nsecsElapsed());
        if (t.elapsed() > 10000) // a slow action is named in the output
            qInfo("slow: action %d took %.1f s: %s", m_actions, double(t.elapsed()) / 1e3,
                  qPrintable(m_log.value(m_log.size() - 1)));
        t.restart();
        if (m_reset)
            startEpoch();
        checkDocument();
        checkViews();
        record("(checks)", t.nsecsElapsed());
        ++m_actions;
    }

    // Undo all the way: the scene as the epoch opened it; redo all the way: the scene as it is.
    void endEpoch()
    {
        QElapsedTimer t;
        t.start();
        LayoutDocument *doc = m_w.document();
        QUndoStack *stack = doc->undoStack();
        const QByteArray now = sceneBytes(doc->contents());
        const int index = stack->index();
        while (stack->canUndo())
            m_undo->trigger();
        settle();
        QCOMPARE(stack->index(), 0);
        QVERIFY2(sceneBytes(doc->contents()) == m_epochZero,
                 qPrintable(u"undo all the way after %1 steps did not return the scene opened "
                            u"%2 actions ago"_s.arg(index)
                                .arg(m_actions - m_epochStartAction)));
        checkDocument();
        checkViews();
        while (stack->index() < index)
            m_redo->trigger();
        settle();
        QVERIFY2(sceneBytes(doc->contents()) == now, "redo all the way did not return the scene");
        checkViews();
        record("(undo walk)", t.nsecsElapsed());
    }

    void note(const QString &what)
    {
        m_log.append(u"%1: %2"_s.arg(m_actions).arg(what));
        if (m_log.size() > 24)
            m_log.removeFirst();
    }
    QStringList recent() const { return m_log; }

    // Per action kind: count, total and mean milliseconds.
    void printTimes() const
    {
        for (const auto &[name, s] : m_times)
            qInfo("%-12s %6d x %8.1f ms = %8.0f ms", name.c_str(), s.count,
                  double(s.ns) / 1e6 / std::max(1, s.count), double(s.ns) / 1e6);
    }

    // Lets queued work run (deferred deletes, the pane's worker builds, a pending paint).
    void settle()
    {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QCoreApplication::processEvents();
        for (ViewPane *p : m_w.viewPanes())
            QTRY_VERIFY_WITH_TIMEOUT(!p->isBusy(), 120000);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    }

    // Ends the epoch and opens the same scene every time (for comparable heap figures).
    void toBaseline()
    {
        endEpoch();
        m_w.openScene(builtinExampleScene());
        settle();
        startEpoch();
        settle();
    }

    void startEpoch()
    {
        m_reset = false;
        LayoutDocument *doc = m_w.document();
        QVERIFY2(!doc->isModified(), "a scene just opened is modified");
        QUndoStack *stack = doc->undoStack();
        const int index = stack->index();
        const QByteArray opened = sceneBytes(doc->contents());
        // A kernel's first op is shown as an undo step of the open: the epoch starts before it.
        while (stack->canUndo())
            m_undo->trigger();
        m_epochZero = sceneBytes(doc->contents());
        while (stack->index() < index)
            m_redo->trigger();
        settle();
        QVERIFY2(sceneBytes(doc->contents()) == opened, "redo after an open changed the scene");
        m_epochStartAction = m_actions;
    }

private:
    struct Times
    {
        int count = 0;
        qint64 ns = 0;
    };
    void record(const char *name, qint64 ns)
    {
        Times &s = m_times[name];
        ++s.count;
        s.ns += ns;
    }
    int below(int n) { return n > 0 ? int(m_rng() % unsigned(n)) : 0; }
    bool chance(int percent) { return below(100) < percent; }
    template <typename T> const T &any(const QList<T> &list)
    {
        return list.at(below(int(list.size())));
    }

    void act(QLatin1String kind);
    void actEdit();
    void actFlip();
    void actBasis();
    void actAddView();
    void actCloseView();
    void actViewOption();
    void actNavigate();
    void actOpen(QLatin1String kind);
    void actKernelOp();
    void actSuggest();
    void actSuggestCta(QWidget *panel, QTableView *table);
    void actSaveReopen();
    void actPresent();
    // monkeyactions.h: a warp tile dragged in a cta-tiles view; a kernel op's suggestion applied
    // in the Kernel dock and the patched module saved.
    void actDrag();
    void addTilesView();
    void actKernelApply();
    void actLayouts(QLatin1String kind);
    void maybePickLayout();
    void checkDocument();
    void checkViews();

    MainWindow &m_w;
    std::mt19937 m_rng;
    ViewTabs *m_tabs = nullptr;
    QAction *m_undo = nullptr;
    QAction *m_redo = nullptr;
    QList<QAction *> m_addView;
    QStringList m_presets;
    QStringList m_kernels;
    QTemporaryDir m_dir;
    int m_totalWeight = 0;
    int m_actions = 0;
    int m_saves = 0;
    bool m_reset = false;
    QByteArray m_epochZero;
    int m_epochStartAction = 0;
    QStringList m_log;
    QStringList m_docksBeforePresenting; // the docks shown when Present was entered
    std::map<std::string, Times> m_times;
    SceneContents m_validated; // the last scene checked through its file
    struct Built
    {
        DocumentView view;
        qint64 selection; // the selected element, for a view that follows it (else -1)
        Expected<Diagram> diagram;
        QList<const ViewPane *> shownBy; // the tabs found showing it
    };
    QString m_builtArch; // the inputs of the diagrams in m_built but the views' own entries
    QList<DocumentLayout> m_builtLayouts;
    std::list<Built> m_built;
};

inline void Monkey::act(QLatin1String kind)
{
    if (kind == "edit-cell"_L1)
        actEdit();
    else if (kind == "flip-bit"_L1)
        actFlip();
    else if (kind == "basis"_L1)
        actBasis();
    else if (kind == "undo"_L1 || kind == "redo"_L1) {
        QAction *a = kind == "undo"_L1 ? m_undo : m_redo;
        note(u"%1 (%2)"_s.arg(kind).arg(a->isEnabled() ? a->text() : u"nothing"_s));
        a->trigger();
    } else if (kind == "add-view"_L1)
        actAddView();
    else if (kind == "close-view"_L1)
        actCloseView();
    else if (kind == "view-option"_L1)
        actViewOption();
    else if (kind == "colour"_L1) {
        QComboBox *box = m_w.colorBox();
        if (box->count() == 0 || !box->isEnabled())
            return note(u"colour: none"_s);
        const int i = below(box->count());
        note(u"colour %1"_s.arg(box->itemText(i)));
        box->setCurrentIndex(i);
        Q_EMIT box->activated(i);
    } else if (kind == "arch"_L1) {
        QComboBox *box = m_w.archBox();
        const int i = below(box->count());
        note(u"arch %1"_s.arg(box->itemText(i)));
        box->setCurrentIndex(i);
        Q_EMIT box->activated(i);
    } else if (kind == "navigate"_L1)
        actNavigate();
    else if (kind == "select"_L1) {
        const qint64 id = qint64(below(4096)) - 1;
        note(u"select element %1"_s.arg(id));
        m_w.selectElement(id);
    } else if (kind == "tab"_L1) {
        if (m_tabs->count() > 0)
            m_tabs->setCurrentIndex(below(m_tabs->count()));
        note(u"tab %1"_s.arg(m_tabs->currentIndex()));
    } else if (kind == "preset"_L1 || kind == "kernel"_L1 || kind == "new-scene"_L1)
        actOpen(kind);
    else if (kind == "kernel-op"_L1)
        actKernelOp();
    else if (kind == "suggest"_L1)
        actSuggest();
    else if (kind == "save-reopen"_L1)
        actSaveReopen();
    else if (kind == "present"_L1)
        actPresent();
    else if (kind == "drag"_L1)
        actDrag();
    else if (kind == "kernel-apply"_L1)
        actKernelApply();
    else
        actLayouts(kind);
}

inline void Monkey::maybePickLayout()
{
    const int n = m_w.document()->layoutCount();
    if (n > 0 && (m_w.currentLayoutIndex() < 0 || chance(30)))
        m_w.setCurrentLayoutIndex(below(n));
}

inline void Monkey::actEdit()
{
    maybePickLayout();
    const int li = m_w.currentLayoutIndex();
    if (li < 0)
        return note(u"edit: no layout"_s);
    const std::vector<std::string> dims = m_w.document()->layoutAt(li).layout.inDimNames();
    if (dims.empty())
        return note(u"edit: no in-dim"_s);
    const QString dim = QString::fromStdString(dims.at(size_t(below(int(dims.size())))));
    QTableView *table = m_w.basesEditor()->tableFor(dim);
    QVERIFY2(table, qPrintable(u"the bases editor has no table for %1"_s.arg(dim)));
    QAbstractItemModel *model = table->model();
    if (model->rowCount() == 0 || model->columnCount() == 0)
        return note(u"edit %1: no bases"_s.arg(dim));
    const QModelIndex index = model->index(below(model->rowCount()), below(model->columnCount()));
    const QString text = chance(10) ? any(kOptionTexts) : QString::number(below(1 << below(8)));
    note(u"edit %1 of %2 [%3,%4] = '%5'"_s.arg(dim, m_w.document()->layoutAt(li).name)
             .arg(index.row())
             .arg(index.column())
             .arg(text));
    model->setData(index, text, Qt::EditRole);
}

inline void Monkey::actFlip()
{
    maybePickLayout();
    QAbstractItemModel *m = m_w.matrixModel();
    if (m->rowCount() == 0 || m->columnCount() == 0)
        return note(u"flip: empty matrix"_s);
    const QModelIndex index = m->index(below(m->rowCount()), below(m->columnCount()));
    note(u"flip [%1,%2] of layout %3"_s.arg(index.row())
             .arg(index.column())
             .arg(m_w.currentLayoutIndex()));
    const bool on = m->data(index, Qt::CheckStateRole).toInt() == Qt::Checked;
    m->setData(index, on ? Qt::Unchecked : Qt::Checked, Qt::CheckStateRole);
}

inline void Monkey::actBasis()
{
    maybePickLayout();
    const int li = m_w.currentLayoutIndex();
    if (li < 0)
        return note(u"basis: no layout"_s);
    const LinearLayout &l = m_w.document()->layoutAt(li).layout;
    const std::vector<std::string> dims = l.inDimNames();
    if (dims.empty())
        return note(u"basis: no in-dim"_s);
    const QString dim = QString::fromStdString(dims.at(size_t(below(int(dims.size())))));
    const bool add = l.totalInDimSizeLog2() < kMaxInBits && chance(40);
    auto *button = m_w.basesEditor()->findChild<QToolButton *>(
        (add ? u"addBasis_"_s : u"removeBasis_"_s) + dim);
    QVERIFY2(button, qPrintable(u"no basis button for %1"_s.arg(dim)));
    note(u"%1 basis of %2"_s.arg(add ? u"add"_s : u"remove"_s, dim));
    if (button->isEnabled())
        button->click();
}

inline void Monkey::actAddView()
{
    if (m_w.document()->views().size() >= kMaxViews)
        return actCloseView();
    maybePickLayout();
    QAction *a = any(m_addView);
    note(u"add view %1"_s.arg(a->data().toString()));
    a->trigger();
}

inline void Monkey::actCloseView()
{
    if (m_tabs->count() == 0)
        return note(u"close view: none"_s);
    m_tabs->setCurrentIndex(below(m_tabs->count()));
    note(u"close view %1"_s.arg(m_tabs->currentIndex()));
    m_tabs->closeViewAction()->trigger();
}

inline void Monkey::actViewOption()
{
    if (m_tabs->count() == 0)
        return note(u"view option: no view"_s);
    m_tabs->setCurrentIndex(below(m_tabs->count()));
    ViewPane *pane = m_w.currentViewPane();
    QVERIFY(pane);
    m_w.docks()->viewOptionsDock()->show();
    settle();
    ViewOptionsPanel *panel = m_w.docks()->viewOptions();
    QCOMPARE(panel->view(), pane->viewIndex());
    const QStringList keys = panel->offeredKeys();
    if (keys.isEmpty())
        return note(u"view option: view %1 has none"_s.arg(pane->viewIndex()));
    const QString key = any(keys);
    QWidget *editor = panel->findChild<QWidget *>(u"viewOption_"_s + key);
    QVERIFY2(editor, qPrintable(u"no editor for the offered option %1"_s.arg(key)));
    if (auto *box = qobject_cast<QComboBox *>(editor)) {
        const int i = below(box->count());
        note(u"view %1 option %2 = %3"_s.arg(pane->viewIndex()).arg(key, box->itemText(i)));
        box->setCurrentIndex(i);
        Q_EMIT box->activated(i);
    } else if (auto *edit = qobject_cast<QLineEdit *>(editor)) {
        const QString text = any(kOptionTexts);
        note(u"view %1 option %2 = '%3'"_s.arg(pane->viewIndex()).arg(key, text));
        edit->setText(text);
        Q_EMIT edit->editingFinished();
    }
    if (chance(30))
        m_w.docks()->viewOptionsDock()->hide();
}

inline void Monkey::actNavigate()
{
    const QList<QAction *> actions = {m_tabs->zoomInAction(),    m_tabs->zoomOutAction(),
                                      m_tabs->zoomResetAction(), m_tabs->fitAction(),
                                      m_tabs->labelsAction(),    m_tabs->gridAction(),
                                      m_tabs->nextStepAction(),  m_tabs->previousStepAction()};
    QAction *a = any(actions);
    note(u"navigate: %1%2"_s.arg(a->text(), a->isEnabled() ? QString() : u" (disabled)"_s));
    if (a->isEnabled())
        a->trigger();
}

inline void Monkey::actOpen(QLatin1String kind)
{
    endEpoch();
    if (QTest::currentTestFailed())
        return;
    if (kind == "preset"_L1) {
        const QString name = any(m_presets);
        note(u"open preset %1"_s.arg(name));
        QCOMPARE(m_w.openPreset(name), QString());
    } else if (kind == "kernel"_L1) {
        const QString path = any(m_kernels);
        note(u"open kernel %1"_s.arg(QFileInfo(path).fileName()));
        QCOMPARE(m_w.kernelDock()->openFile(path), QString());
    } else {
        note(u"new scene"_s);
        m_w.sceneFiles()->newAction()->trigger();
    }
    QVERIFY2(m_reset, "the open did not start a scene");
}

inline void Monkey::actKernelOp()
{
    KernelDock *dock = m_w.kernelDock();
    const int rows = dock->model()->rowCount();
    if (rows == 0)
        return note(u"kernel op: no kernel"_s);
    const int row = below(rows);
    if (chance(30)) {
        note(u"suggest for op %1"_s.arg(row));
        const QString e = dock->suggestForOp(row);
        QVERIFY2(e.isEmpty() || e.size() > 8, qPrintable(e)); // a refusal names its cause
    } else {
        note(u"select op %1"_s.arg(row));
        dock->selectOp(row);
    }
}

inline void Monkey::actSuggest()
{
    QDockWidget *dock = m_w.docks()->suggestDock();
    QWidget *panel = dock->widget();
    if (dock->isVisible()) { // Search again (showing the dock searches by itself)
        for (QPushButton *b : panel->findChildren<QPushButton *>())
            if (b->text() == u"Search"_s)
                b->click();
    }
    dock->show();
    settle();
    // Now and then another of the scene's searchable views (suggest --view N).
    auto *chooser = panel->findChild<QComboBox *>(u"suggestViewChooser"_s);
    QVERIFY(chooser);
    if (chooser->count() > 1 && chance(30)) {
        const int choice = below(chooser->count());
        note(u"suggest: search choice %1 of %2"_s.arg(choice).arg(chooser->count()));
        chooser->setCurrentIndex(choice);
        Q_EMIT chooser->activated(choice);
        settle();
    }
    auto *cta = panel->findChild<QTableView *>(u"ctaSuggestTable"_s);
    if (cta && cta->isVisible()) {
        actSuggestCta(panel, cta);
        if (chance(80))
            dock->hide();
        return;
    }
    auto *table = panel->findChild<QTableView *>(u"suggestTable"_s);
    QVERIFY(table);
    const int rows = table->model()->rowCount();
    QPushButton *apply = nullptr, *fix = nullptr;
    for (QPushButton *b : panel->findChildren<QPushButton *>()) {
        if (b->text() == u"Apply layout"_s)
            apply = b;
        if (b->text() == u"Apply fix"_s)
            fix = b;
    }
    QVERIFY(apply && fix);
    if (chance(25) && fix->isEnabled()) {
        note(u"suggest: apply fix"_s);
        fix->click();
    } else if (rows > 0 && chance(20)) {
        const int row = below(rows);
        table->selectRow(row);
        const bool gluon = chance(50);
        auto *copy =
            panel->findChild<QPushButton *>(gluon ? u"suggestCopyGluon"_s : u"suggestCopyTtg"_s);
        QVERIFY(copy);
        note(u"suggest: copy row %1 of %2 as %3%4"_s.arg(row).arg(rows).arg(
            gluon ? u"Gluon"_s : u"#ttg"_s, copy->isEnabled() ? QString() : u" (disabled)"_s));
        if (copy->isEnabled())
            copy->click();
    } else if (rows > 0) {
        const int row = below(rows);
        table->selectRow(row);
        note(u"suggest: apply row %1 of %2%3"_s.arg(row).arg(rows).arg(
            apply->isEnabled() ? QString() : u" (disabled)"_s));
        if (apply->isEnabled())
            apply->click();
    } else {
        note(u"suggest: nothing to apply"_s);
    }
    // A shown panel searches again after every edit: kept open now and then, for that.
    if (chance(80))
        dock->hide();
}

// The ctaLayout page: a row previewed, then applied, compared or copied (or nothing to do).
inline void Monkey::actSuggestCta(QWidget *panel, QTableView *table)
{
    const int rows = table->model()->rowCount();
    if (rows == 0) {
        note(u"suggest cta: nothing to apply"_s);
        return;
    }
    const int row = below(rows);
    table->selectRow(row);
    auto *page = qobject_cast<CtaSuggestPage *>(table->parentWidget());
    QVERIFY(page);
    page->preview(page->selectedRow());
    const char *names[] = {"ctaApply", "ctaCompare", "ctaCopyTtg", "ctaCopyGluon"};
    const int pick = chance(45) ? 0 : chance(50) ? 1 : 2 + int(below(2));
    auto *button = panel->findChild<QPushButton *>(QString::fromLatin1(names[pick]));
    QVERIFY(button);
    note(u"suggest cta: %1 row %2 of %3%4"_s.arg(QLatin1String(names[pick]))
             .arg(row)
             .arg(rows)
             .arg(button->isEnabled() ? QString() : u" (disabled)"_s));
    if (button->isEnabled())
        button->click();
    page->preview(-1); // the pointer leaves the table: the views show the scene again
}

// Present: enter, step with the arrow keys, leave with Esc. Leaving shows the docks that were
// shown on entering, and no others.
inline void Monkey::actPresent()
{
    PresentMode *present = m_w.presentMode();
    const auto shownDocks = [this] {
        QStringList names;
        for (const QDockWidget *d : m_w.findChildren<QDockWidget *>())
            if (!d->isHidden())
                names << d->objectName();
        names.sort();
        return names;
    };
    if (!present->isActive()) {
        m_docksBeforePresenting = shownDocks();
        note(u"present: enter"_s);
        present->action()->trigger();
        QVERIFY(present->isActive());
        QVERIFY2(shownDocks().isEmpty(), qPrintable(shownDocks().join(u", "_s)));
        return;
    }
    QWidget *target =
        m_w.currentViewPane() ? m_w.currentViewPane()->viewWidget() : static_cast<QWidget *>(&m_w);
    switch (below(3)) {
    case 0:
        note(u"present: leave"_s);
        QTest::keyClick(target, Qt::Key_Escape);
        QVERIFY(!present->isActive());
        QCOMPARE(shownDocks(), m_docksBeforePresenting);
        QVERIFY(m_w.menuBar()->isVisible());
        break;
    default: {
        const bool forward = below(2) == 0;
        note(u"present: %1"_s.arg(forward ? u"next"_s : u"previous"_s));
        QTest::keyClick(target, forward ? Qt::Key_Right : Qt::Key_Left);
        QVERIFY(present->isActive());
        break;
    }
    }
}

inline void Monkey::actSaveReopen()
{
    endEpoch();
    if (QTest::currentTestFailed())
        return;
    const QString path = m_dir.filePath(u"monkey-%1.lxscene"_s.arg(m_saves++ % 4));
    note(u"save and reopen %1"_s.arg(path));
    const QByteArray before = sceneBytes(m_w.document()->contents());
    QCOMPARE(m_w.saveToFile(path), QString());
    QVERIFY(!m_w.document()->isModified());
    QCOMPARE(m_w.openFile(path), QString());
    QVERIFY2(m_reset, "reopening did not start a scene");
    QVERIFY2(sceneBytes(m_w.document()->contents()) == before,
             "the reopened scene differs from the saved one");
}

inline void Monkey::actLayouts(QLatin1String kind)
{
    LayoutActions *actions = m_w.layoutActions();
    maybePickLayout();
    const int n = m_w.document()->layoutCount();
    if (kind == "duplicate"_L1) {
        note(u"duplicate layout %1"_s.arg(m_w.currentLayoutIndex()));
        if (n < kMaxLayouts && actions->duplicateAction()->isEnabled())
            actions->duplicateAction()->trigger();
    } else if (kind == "remove"_L1) {
        note(u"remove layout %1"_s.arg(m_w.currentLayoutIndex()));
        if (n > 1 && actions->removeAction()->isEnabled())
            actions->removeAction()->trigger();
    } else if (kind == "add-text"_L1) {
        if (n >= kMaxLayouts)
            return note(u"add text: enough layouts"_s);
        const auto &t = kTexts[below(int(std::size(kTexts)))];
        const QString name = m_w.document()->uniqueLayoutName(u"T"_s);
        note(u"add text layout %1 = %2"_s.arg(name, t[0]));
        QList<int> shape;
        for (const QString &s : t[1].split(u','))
            shape.append(s.toInt());
        QCOMPARE(m_w.addTextLayout(name, t[0], shape, t[2]), QString());
    } else { // copy-paste: pasted #ttg or Gluon text opens the Add Layout dialog, JSON adds it
        QAction *copy = any(QList<QAction *>{actions->copyTtgAction(), actions->copyGluonAction(),
                                             actions->copyJsonAction()});
        note(u"%1 (layout %2)"_s.arg(copy->text()).arg(m_w.currentLayoutIndex()));
        if (!copy->isEnabled())
            return;
        copy->trigger();
        if (copy == actions->copyJsonAction() && n < kMaxLayouts)
            actions->pasteAction()->trigger();
    }
}

inline void Monkey::checkDocument()
{
    const LayoutDocument *doc = m_w.document();
    const SceneContents &c = doc->contents();
    QSet<QString> names;
    for (const DocumentLayout &l : c.layouts) {
        QVERIFY2(!l.name.isEmpty(), "a layout has no name");
        QVERIFY2(!names.contains(l.name), qPrintable(u"two layouts are named %1"_s.arg(l.name)));
        names.insert(l.name);
    }
    for (const DocumentView &v : c.views) {
        QVERIFY2(findViewKind(v.kind.toStdString()),
                 qPrintable(u"a view of unknown kind %1"_s.arg(v.kind)));
        QVERIFY2(v.layoutName.isEmpty() || names.contains(v.layoutName),
                 qPrintable(u"a %1 view of the missing layout %2"_s.arg(v.kind, v.layoutName)));
    }
    // The document is what its own file says: written and read back, nothing changes (checked
    // once per distinct scene: the comparison is cheap, the round trip is not under ASan).
    if (c == m_validated)
        return;
    m_validated = c;
    const Expected<SceneContents> back = parseSceneText(serializeSceneContents(c));
    QVERIFY2(back, back ? "" : back.message().c_str());
    for (int i = 0; i < int(c.layouts.size()); ++i)
        QVERIFY2(back->layouts.value(i) == c.layouts.at(i),
                 qPrintable(u"layout %1 changes through its file"_s.arg(c.layouts.at(i).name)));
    QVERIFY2(*back == c, "the scene changes through its file");
}

inline void Monkey::checkViews()
{
    const SceneContents &c = m_w.document()->contents();
    const QList<ViewPane *> panes = m_w.viewPanes();
    QCOMPARE(panes.size(), c.views.size());
    // A view is built again when its inputs changed: the architecture, any layout (a view may
    // read one no option names) or its own entry; the same inputs build the same diagram. The
    // inputs are compared as values, not through the document's signals (which the tabs follow).
    if (c.arch != m_builtArch || c.layouts != m_builtLayouts) {
        m_built.clear();
        m_builtArch = c.arch;
        m_builtLayouts = c.layouts;
    }
    ViewPane *current = m_w.currentViewPane();
    for (int v = 0; v < int(c.views.size()); ++v) {
        ViewPane *pane = panes.at(v);
        QCOMPARE(pane->viewIndex(), v);
        // The XOR view takes the selected element as its input (followSelection).
        ViewRequest request = viewRequestFor(c, v);
        const qint64 selection =
            followSelection(request, m_w.selectedElement()) ? m_w.selectedElement() : -1;
        auto built = std::find_if(m_built.begin(), m_built.end(), [&](const Built &b) {
            return b.view == c.views.at(v) && b.selection == selection;
        });
        if (built == m_built.end())
            built =
                m_built.insert(m_built.end(), {c.views.at(v), selection, buildView(request), {}});
        const Expected<Diagram> *d = &built->diagram;
        const QString what =
            u"view %1 (%2 of %3)"_s.arg(v).arg(c.views.at(v).kind, c.views.at(v).layoutName);
        if (!*d) {
            QVERIFY2(!d->message().empty(), qPrintable(what + u" fails without a reason"_s));
            if (pane == current)
                QVERIFY2(!pane->errorText().isEmpty(),
                         qPrintable(what + u" cannot be built, and its tab does not say so"_s));
            continue;
        }
        if (pane == current)
            QVERIFY2(
                pane->errorText().isEmpty(),
                qPrintable(what + u" builds, and its tab shows an error: "_s + pane->errorText()));
        // Compared when it is built and in each new tab: the same inputs give the same diagram,
        // and comparing every computed tooltip after every action dominated the ASan run. A tab
        // behind the current one builds when it is shown (a "tab" action shows one): until then
        // it has nothing to compare, and reading it would build it.
        if (built->shownBy.contains(pane) || (pane != current && pane->isPending()))
            continue;
        // The tab wraps the subtitle to its width; the subtitle it was given is compared.
        Diagram shown = pane->diagramView()->diagram();
        shown.subtitle = pane->diagramView()->subtitle();
        QVERIFY2(sameDiagram(shown, **d),
                 qPrintable(what + u": its tab shows another diagram than the document's"_s));
        built->shownBy.append(pane);
    }
}

} // namespace lx::test
