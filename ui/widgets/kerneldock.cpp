#include "kerneldock.h"
#include "render/qtext.h"

#include "models/kernelopscene.h"
#include "models/kernelopsmodel.h"
#include "models/kernelwatchmodel.h"
#include "models/layoutdocument.h"
#include "models/opsuggestion.h"
#include "widgets/kerneladvicepanel.h"
#include "widgets/kernelopstable.h"
#include "widgets/kernelsourceview.h"
#include "widgets/kernelsummarypanel.h"
#include "widgets/kernelwatchpanel.h"
#include "widgets/panelwidgets.h"

#include "base/boundedread.h"
#include "io/layoutname.h"
#include "io/ttgir.h"
#include "request/kernelrequest.h"

#include <QAction>
#include <QClipboard>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLayout>
#include <QMainWindow>
#include <QSaveFile>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTextBrowser>
#include <QTimer>
#include <QUndoStack>

#include <algorithm>

namespace lx {

namespace {

// The per-kernel header line of the compiler's answer: what only the compiler knows (VGPRs,
// spills, LDS bytes) and whether it agrees; its counts are the summary's table.
QString compilerSummary(const KernelAnswer &a)
{
    const CompilerComparison &c = *a.compiler;
    const AmdgcnKernel &as = *a.assembly;
    QStringList kinds;
    for (const CompilerKindRow &k : c.kinds)
        kinds << (k.agree ? QStringLiteral("%1 %2").arg(k.compiler).arg(qs(k.instruction))
                          : QStringLiteral("<b>✗ %1 %2 (predicted %3)</b>")
                                .arg(k.compiler)
                                .arg(qs(k.instruction))
                                .arg(k.predicted));
    auto n = [](const std::optional<int64_t> &v) {
        return v ? QString::number(*v) : QStringLiteral("?");
    };
    QString line =
        KernelDock::tr("Compiler (%1): %2 · VGPRs %3, %4 spilled · LDS launched with %5 B")
            .arg(QFileInfo(qs(a.files.amdgcn)).fileName(), kinds.join(QStringLiteral(", ")),
                 n(as.vgprs), n(as.vgprSpills), n(c.compilerLdsBytes));
    line += c.agree() ? KernelDock::tr(" · agrees with the prediction")
                      : KernelDock::tr(" · <b>disagrees</b>");
    for (const std::string &note : c.notes)
        line += QStringLiteral("<br>") + qs(note).toHtmlEscaped();
    return line;
}

} // namespace

QWidget *KernelDock::buildParts()
{
    // Columns, each line between them movable: the module text over the kernel's summary, then
    // the ops across the rest of the dock's width (the table to rank them, every cost column
    // in view) over the selected op's explanation beside its suggestion. The watched kernels,
    // while a folder is watched, at the left.
    auto *columns = new QSplitter(Qt::Horizontal, this);
    columns->setObjectName(QStringLiteral("kernelRows"));
    columns->setChildrenCollapsible(false);
    m_watchPanel = new KernelWatchPanel(columns);
    auto *left = m_sourceOverSummary = new QSplitter(Qt::Vertical, columns);
    left->setObjectName(QStringLiteral("kernelLeft"));
    left->setChildrenCollapsible(false);
    m_source = new KernelSourceView(left);
    // The summary scrolls only when the dock is too short for it, never clipped.
    auto *summaryScroll = new QScrollArea(left);
    summaryScroll->setObjectName(QStringLiteral("kernelSummaryScroll"));
    summaryScroll->setWidgetResizable(true);
    summaryScroll->setFrameShape(QFrame::NoFrame);
    m_summary = new KernelSummaryPanel(summaryScroll);
    summaryScroll->setWidget(m_summary);
    auto *ops = m_opsOverDetail = new QSplitter(Qt::Vertical, columns);
    ops->setObjectName(QStringLiteral("kernelOpsColumn"));
    ops->setChildrenCollapsible(false);
    m_table = new KernelOpsTable(m_model, ops);
    auto *right = new QSplitter(Qt::Horizontal, ops);
    right->setObjectName(QStringLiteral("kernelRight"));
    right->setChildrenCollapsible(false);
    // The selected op in words: its instructions, cost, lowering path and what to change.
    // Read-only text that wraps and scrolls down, to select and copy, as the suggestion's words.
    m_opDetail = newWrappingText(right);
    m_opDetail->setObjectName(QStringLiteral("kernelOpDetail"));
    // Never squeezed below a readable line: the advice panel beside it gives way first.
    m_opDetail->setMinimumWidth(kOpDetailMinChars * fontMetrics().averageCharWidth());
    m_advicePanel = new KernelAdvicePanel(m_savePatchedAction, right);
    // Proportions (a splitter scales them to its size); a wider dock widens the ops.
    columns->setSizes({0, 460, 1000});
    columns->setStretchFactor(1, 0);
    columns->setStretchFactor(2, 1);
    left->setSizes({200, 400});
    ops->setSizes({280, 320});
    // The suggestion's alias and Gluon lines are long: it gets the wider share.
    right->setSizes({360, 640});
    return columns;
}

KernelDock::KernelDock(LayoutDocument *document, QWidget *parent)
    : QDockWidget(tr("Kernel"), parent), m_document(document), m_model(new KernelOpsModel(this))
{
    setObjectName(QStringLiteral("kernelDock"));
    m_openAction = new QAction(tr("Open &Kernel…"), this);
    m_openAction->setObjectName(QStringLiteral("openKernelAction"));
    m_openAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    m_openAction->setStatusTip(tr("Open a TTGIR module (.ttgir) and analyse its LDS accesses"));
    connect(m_openAction, &QAction::triggered, this, &KernelDock::chooseFile);
    m_savePatchedAction = new QAction(tr("Save Patched Module…"), this);
    m_savePatchedAction->setObjectName(QStringLiteral("savePatchedModuleAction"));
    m_savePatchedAction->setStatusTip(
        tr("Write the kernel's module with every applied suggestion's alias line (.ttgir)"));
    m_savePatchedAction->setEnabled(false);
    connect(m_savePatchedAction, &QAction::triggered, this, &KernelDock::chooseSavePath);
    setWidget(buildParts());

    m_watchPanel->setOpener(
        [this](const QString &path, bool prompt) { return openFile(path, prompt); });
    m_watchPanel->setMayReplace([this] { return !m_document->isModified(); });
    connect(m_watchPanel, &KernelWatchPanel::statusMessage, this, &KernelDock::statusMessage);
    connect(m_watchPanel->model(), &KernelWatchModel::watchingChanged, this, [this](bool on) {
        if (on) {
            show();
            raise();
        }
    });
    connect(m_table, &KernelOpsTable::opChosen, this, &KernelDock::selectOp);
    // Clicking on an op's line in the text selects its row.
    connect(m_source, &KernelSourceView::lineClicked, this, [this](int line) {
        if (const int row = m_model->rowOfLine(line); row >= 0)
            selectOp(row);
    });
    connect(m_advicePanel, &KernelAdvicePanel::suggestRequested, this, [this] {
        if (const QString e = suggestForOp(m_table->currentSourceRow()); !e.isEmpty())
            Q_EMIT statusMessage(e);
    });
    connect(m_advicePanel, &KernelAdvicePanel::copyRequested, this, [this](bool gluon) {
        QGuiApplication::clipboard()->setText(gluon ? m_advice.gluon : m_advice.ttgLine);
    });
    connect(m_advicePanel, &KernelAdvicePanel::applyRequested, this, &KernelDock::apply);
    // The dock shows the scene's kernel: a new scene, an opened or recovered one brings its own
    // (or none), a change of architecture or of the module text analyses it again.
    connect(m_document, &LayoutDocument::sceneReset, this, &KernelDock::loadFromDocument);
    connect(m_document, &LayoutDocument::archChanged, this, &KernelDock::analyse);
    connect(m_document, &LayoutDocument::kernelTextChanged, this, &KernelDock::reloadText);
    updateSummary();
}

QTableView *KernelDock::table() const
{
    return m_table;
}

QPlainTextEdit *KernelDock::textView() const
{
    return m_source;
}

bool KernelDock::looksLikeModule(const QString &text)
{
    return text.contains(QLatin1String("module attributes")) ||
           text.contains(QLatin1String("tt.func")) ||
           text.contains(QLatin1String("ttg.local_load")) ||
           text.contains(QLatin1String("ttg.local_alloc"));
}

bool KernelDock::isModuleFile(const QString &path)
{
    return path.endsWith(QLatin1String(".ttgir")) || path.endsWith(QLatin1String(".mlir"));
}

void KernelDock::chooseFile()
{
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open Kernel"), dialogDirectory(kDialogKey),
                                     tr("TTGIR modules (*.ttgir *.mlir);;All files (*)"));
    if (path.isEmpty())
        return;
    if (const QString e = openFile(path); !e.isEmpty())
        Q_EMIT statusMessage(tr("Open Kernel: %1").arg(e));
}

void KernelDock::chooseSavePath()
{
    const QString suggested = dialogDirectory(kDialogKey) + QLatin1Char('/') +
                              QFileInfo(m_origin).completeBaseName() +
                              QStringLiteral("_patched.ttgir");
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Patched Module"), suggested,
                                                      tr("TTGIR modules (*.ttgir *.mlir)"));
    if (path.isEmpty())
        return;
    if (const QString e = savePatchedModule(path); !e.isEmpty())
        Q_EMIT statusMessage(tr("Save Patched Module: %1").arg(e));
    else
        Q_EMIT statusMessage(tr("Saved %1").arg(path));
}

QString KernelDock::savePatchedModule(const QString &path)
{
    const QString text = m_document->contents().kernelText;
    if (text.isEmpty())
        return tr("no kernel is open");
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return tr("%1: %2").arg(path, file.errorString());
    const QByteArray bytes = text.toUtf8();
    if (file.write(bytes) != bytes.size() || !file.commit())
        return tr("%1: %2").arg(path, file.errorString());
    return {};
}

QString KernelDock::openFile(const QString &path, bool prompt)
{
    // A folder (a Triton cache kernel folder, a dump folder) or a module with its assembly beside
    // it: the first complete kernel, with the compiler's answer (request/kernelrequest.h).
    Expected<std::vector<KernelFiles>> found = findKernels(path.toStdString());
    if (!found)
        return qs(found.message());
    const KernelFiles *first = nullptr;
    for (const KernelFiles &f : *found)
        if (!first && f.incomplete.empty())
            first = &f;
    if (!first)
        return tr("%1: %2").arg(path, qs(found->front().incomplete));
    std::optional<KernelAnswer> answer;
    if (!first->amdgcn.empty()) {
        Expected<KernelAnswer> a = resolveCompiledKernel(*first);
        if (!a)
            return qs(a.message());
        answer = std::move(*a);
    }
    const QString modulePath = qs(first->ttgir);
    // Read as it grows: QFile::read(limit) reserves the whole limit (32 MiB) for a 20 KiB module.
    const Expected<std::string> bytes =
        readBounded(modulePath.toStdString(), int64_t(kMaxTtgirBytes), "a module");
    if (!bytes)
        return qs(bytes.message());
    const QString text = QString::fromStdString(*bytes);
    const QString e = openText(text, QFileInfo(modulePath).fileName(), prompt);
    // Empty also when the person kept the scene at the prompt: then nothing of this module is
    // shown, its compiler line included.
    if (e.isEmpty() && m_document->contents().kernelText == text) {
        if (answer && answer->compiler) {
            m_compiler = answer->compiler;
            m_compilerLine = compilerSummary(*answer);
            m_compiledText = text;
        }
        updateSummary();
        // Open Kernel and Save As (of the kernel's scene) start in this module's folder next.
        rememberDialogDirectory(kDialogKey, modulePath);
    }
    return e;
}

QString KernelDock::openText(const QString &text, const QString &origin, bool prompt)
{
    const std::string utf8 = text.toStdString();
    Expected<TtgirModule> module = parseTtgir(utf8);
    if (!module)
        return tr("%1:%2").arg(origin, qs(module.message()));
    Expected<KernelReport> report = resolveKernel(*module);
    if (!report)
        return tr("%1: %2").arg(origin, qs(report.message()));
    // A kernel is a document of its own: it replaces the scene (after the unsaved-changes
    // prompt), titled by the kernel, with every layout alias as a named layout and the module
    // text kept with it.
    if (prompt && m_confirmReplace && !m_confirmReplace())
        return {};
    SceneContents scene;
    scene.name = QFileInfo(origin).completeBaseName();
    scene.title = tr("Kernel %1").arg(scene.name);
    scene.arch = qs(report->arch);
    scene.layouts = kernelAliasLayouts(*module);
    scene.kernelOrigin = origin;
    scene.kernelText = text;
    m_selectFirst = true;
    m_document->reset(scene);
    m_selectFirst = false;
    Q_EMIT statusMessage(tr("%1: %2 ops analysed for %3 in %4 ms")
                             .arg(origin)
                             .arg(m_model->report().ops.size())
                             .arg(qs(m_model->report().arch))
                             .arg(m_lastOpenMs));
    return {};
}

void KernelDock::loadFromDocument()
{
    const SceneContents &scene = m_document->contents();
    // The compiler's answer is the opened folder's, set by openFile after this.
    m_compiler.reset();
    m_compilerLine.clear();
    m_compiledText.clear();
    m_savePatchedAction->setEnabled(!scene.kernelText.isEmpty());
    if (scene.kernelText.isEmpty()) {
        m_origin.clear();
        m_model->setReport({}, {});
        m_source->clear();
        m_error.clear();
        // Nothing of the last kernel's op or suggestion stays in the words.
        m_opDetail->clear();
        m_advice = {};
        m_advicePanel->clearAdvice({});
        setWindowTitle(tr("Kernel"));
        updateSummary();
        return;
    }
    QElapsedTimer timer;
    timer.start();
    m_origin = scene.kernelOrigin;
    Expected<TtgirModule> module = parseTtgir(scene.kernelText.toStdString());
    if (!module) {
        m_error = tr("%1:%2").arg(m_origin, qs(module.message()));
        m_model->setReport({}, {});
        updateSummary();
        return;
    }
    m_model->setReport(*module, {});
    m_source->setModuleText(scene.kernelText);
    setWindowTitle(tr("Kernel — %1").arg(m_origin));
    analyse();
    m_lastOpenMs = timer.elapsed();
    const bool firstShow = isHidden();
    show();
    raise();
    // A dock that just appeared gets a little more than half the window's height for its parts.
    // (After the event loop has laid the window out: a window opened with a module on its
    // command line is not shown yet.)
    if (auto *window = qobject_cast<QMainWindow *>(parentWidget()); window && firstShow)
        QTimer::singleShot(0, this, [this, window] {
            window->resizeDocks({this}, {window->height() * 11 / 20}, Qt::Vertical);
            QTimer::singleShot(0, this, &KernelDock::fitParts);
        });
    // Start on the first op that needs attention, else the first local_load. A freshly opened
    // kernel shows that op's layouts and views; a reopened scene already has them.
    const int first = firstOp();
    if (first < 0)
        return;
    if (m_selectFirst) {
        selectOp(first);
        m_document->markClean();
        // Once the window has shown the new scene (it makes the scene's first layout current),
        // the op's layouts are selected in the scene panel.
        QTimer::singleShot(0, this, [this, layouts = m_opLayouts] {
            if (!layouts.isEmpty() && m_opLayouts == layouts)
                Q_EMIT layoutsChosen(layouts);
        });
    } else {
        m_table->selectSourceRow(first);
        m_source->highlightLine(m_model->opAt(first).line);
        showDetail(first);
    }
}

int KernelDock::firstOp() const
{
    for (int row = 0; row < m_model->rowCount(); ++row)
        if (m_model->opAt(row).isProblem() && m_model->opAt(row).problem.empty())
            return row;
    for (int row = 0; row < m_model->rowCount(); ++row)
        if (m_model->opAt(row).op == "ttg.local_load")
            return row;
    return -1;
}

void KernelDock::reloadText()
{
    const SceneContents &scene = m_document->contents();
    if (scene.kernelText.isEmpty() || m_origin.isEmpty())
        return loadFromDocument();
    Expected<TtgirModule> module = parseTtgir(scene.kernelText.toStdString());
    if (!module) {
        m_error = tr("%1:%2").arg(m_origin, qs(module.message()));
        m_model->setReport({}, {});
        updateSummary();
        return;
    }
    const int row = m_table->currentSourceRow();
    const int line = row >= 0 ? m_model->opAt(row).line : 0;
    m_model->setReport(*module, {});
    m_source->setModuleText(scene.kernelText);
    analyse();
    // The same op, at its line in the new text (an alias line keeps the lines where they were).
    if (const int again = m_model->rowOfLine(line); again >= 0) {
        m_table->selectSourceRow(again);
        m_source->highlightLine(line);
        showDetail(again);
    }
}

void KernelDock::analyse()
{
    if (m_origin.isEmpty())
        return;
    // The Architecture selector decides: the scene's architecture, which opening a kernel sets
    // to the module's own target.
    // The model holds the module; the report is replaced (a copy: setReport resets the model).
    const TtgirModule module = m_model->module();
    m_advice = {};
    m_advicePanel->clearAdvice({}); // a suggestion was for the report being replaced
    Expected<KernelReport> report = resolveKernel(module, m_document->arch().toStdString());
    if (!report) {
        m_error = tr("%1: %2").arg(m_origin, qs(report.message()));
        m_model->setReport(module, {});
    } else {
        m_error.clear();
        m_model->setReport(module, *report);
    }
    updateSummary();
}

QString KernelDock::summaryText() const
{
    return m_summary->summaryText();
}

void KernelDock::updateSummary()
{
    // The compiler's answer holds for the text it compiled, not for a patched one.
    const bool compiled = m_compiler && m_compiledText == m_document->contents().kernelText;
    m_summary->showKernel(m_model->module(), m_model->report(), compiled ? &*m_compiler : nullptr,
                          compiled ? m_compilerLine : QString(), m_error);
    // The selected op's words follow a new report (another architecture, a reload).
    showDetail(m_table->currentSourceRow());
    // Once the new text is laid out.
    QTimer::singleShot(0, this, &KernelDock::fitParts);
}

void KernelDock::resizeEvent(QResizeEvent *event)
{
    QDockWidget::resizeEvent(event);
    fitParts();
}

void KernelDock::fitParts()
{
    // The summary under the module text, the module text keeping a few lines.
    const QList<int> left = m_sourceOverSummary->sizes();
    if (left.size() == 2 && m_summary->layout()) {
        const int total = left[0] + left[1];
        const int wanted = m_summary->layout()->totalHeightForWidth(m_summary->width()) + 4;
        const int summary = std::min(wanted, total - 6 * fontMetrics().height());
        if (summary > left[1])
            m_sourceOverSummary->setSizes({total - summary, summary});
    }
    // The op table as tall as its rows, at most half the column: the explanation the rest.
    const QList<int> ops = m_opsOverDetail->sizes();
    if (ops.size() == 2) {
        const int total = ops[0] + ops[1];
        const int rows = m_table->verticalHeader()->length() +
                         m_table->horizontalHeader()->height() + 2 * m_table->frameWidth() +
                         (m_table->horizontalScrollBar()->maximum() > 0
                              ? m_table->horizontalScrollBar()->sizeHint().height()
                              : 0);
        const int least = 4 * fontMetrics().height();
        const int table = std::clamp(rows, least, std::max(least, total / 2));
        if (table != ops[0])
            m_opsOverDetail->setSizes({table, total - table});
    }
}

void KernelDock::showDetail(int row)
{
    m_opDetail->setPlainText(
        row >= 0 && row < m_model->rowCount()
            ? m_model->index(row, 0).data(KernelOpsModel::DetailRole).toString()
            : QString());
}

void KernelDock::selectOp(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return;
    m_table->selectSourceRow(row);
    m_source->highlightLine(m_model->opAt(row).line);
    showDetail(row);
    showOp(row);
}

void KernelDock::showOp(int row)
{
    const KernelOpReport &r = m_model->opAt(row);
    const KernelOpScene scene = kernelOpScene(*m_document, m_model->module(), r);
    // Views already open stay; only new ones are added.
    QList<DocumentView> newViews;
    for (const DocumentView &v : scene.views)
        if (!m_document->views().contains(v))
            newViews << v;
    if (!scene.add.isEmpty() || !newViews.isEmpty()) {
        m_document->undoStack()->beginMacro(tr("Show %1 at line %2").arg(qs(r.op)).arg(r.line));
        for (const DocumentLayout &l : scene.add)
            (void)m_document->addLayout(l);
        for (const DocumentView &v : newViews)
            if (const QString e = m_document->addView(v); !e.isEmpty())
                Q_EMIT statusMessage(e);
        m_document->undoStack()->endMacro();
    }
    // The op's first view in front, whether it was just added or open already; then the op's
    // layouts selected in the scene panel (after the view, which makes its own layout current).
    if (!scene.views.isEmpty())
        if (const qsizetype at = m_document->views().indexOf(scene.views.front()); at >= 0)
            Q_EMIT viewChosen(int(at));
    m_opLayouts = scene.layouts;
    if (!scene.layouts.isEmpty())
        Q_EMIT layoutsChosen(scene.layouts);
}

QString KernelDock::suggestForOp(int row)
{
    m_advice = {};
    if (row < 0 || row >= m_model->rowCount())
        return tr("no op in row %1").arg(row);
    selectOp(row); // its layouts and views in the scene: what Apply replaces
    const KernelOpReport &r = m_model->opAt(row);
    Expected<OpSuggestion> s = suggestForKernelOp(*m_document, m_model->module(), r.line);
    if (!s) {
        m_advicePanel->clearAdvice(qs(s.message()));
        return qs(s.message());
    }
    m_advice = std::move(*s);
    m_advicePanel->showAdvice(m_advice);
    return {};
}

void KernelDock::apply()
{
    // A copy: the module analysed again with the suggestion in place replaces m_advice.
    const OpSuggestion advice = m_advice;
    if (const QString e = applyOpSuggestion(m_document, advice); !e.isEmpty())
        Q_EMIT statusMessage(e);
    else
        Q_EMIT statusMessage(tr("Applied the suggestion for line %1: the kernel is analysed with "
                                "it (Save Patched Module… writes the module)")
                                 .arg(advice.line));
}

} // namespace lx
