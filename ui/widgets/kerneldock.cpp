#include "kerneldock.h"

#include "models/kernelopsmodel.h"
#include "models/kernelwatchmodel.h"
#include "models/layoutdocument.h"
#include "models/opsuggestion.h"
#include "widgets/kernelwatchpanel.h"
#include "widgets/panelwidgets.h"

#include "base/boundedread.h"
#include "io/layoutname.h"
#include "io/ttgir.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "models/documentviews.h"
#include "request/kernelrequest.h"
#include "request/suggestaccess.h"

#include <QAction>
#include <QClipboard>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMainWindow>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QTextBlock>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>

namespace lx {

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

// The layout of `type` over its shape; a multi-buffered memdesc (more dims than its encoding
// describes) drops leading dims until the encoding fits.
bool layoutOfType(const TtgirType &type, LinearLayout &layout, std::vector<int32_t> &shape)
{
    if (!type.encoding)
        return false;
    shape = type.shape;
    while (!shape.empty()) {
        Expected<LinearLayout> l = toLinearLayout(*type.encoding, shape);
        if (l) {
            layout = *l;
            return true;
        }
        if (shape.size() == 1)
            break;
        shape.erase(shape.begin());
    }
    return false;
}

// The text a layout of the module keeps in the scene: the encoding with the alias lines it refers
// to, so it reads on its own with the module's names; for an encoding the #ttg reader only reads
// with a caveat (amd_rotating_shared as the swizzled layout it amounts to), the attribute as
// read.
QString baseName(const KernelOpReport &r)
{
    QString n = q(r.name);
    n.remove(QLatin1Char('%')); // "%42" -> "_42", "%x#1" -> "x_1": layout names (io/layoutname.h)
    return n.isEmpty() ? QStringLiteral("line%1").arg(r.line) : q(toLayoutName(n.toStdString()));
}

} // namespace

// Under the table: the Suggest and Copy buttons, always in view, then, scrolling, the kernel's
// totals, the selected op in words and the suggestion.
QWidget *KernelDock::addAdvicePanel(QWidget *parent)
{
    auto *details = new QWidget(parent);
    auto *layout = new QVBoxLayout(details);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *adviceRow = new QHBoxLayout;
    m_suggest = new QPushButton(tr("Suggest for this op"), details);
    m_suggest->setObjectName(QStringLiteral("kernelSuggest"));
    m_suggest->setToolTip(tr("Search shared layouts for the selected op's buffer, judged on every "
                             "op of the kernel that uses that layout, and give the alias line to "
                             "put back into the kernel"));
    m_copyTtg = new QPushButton(tr("Copy #ttg line"), details);
    m_copyTtg->setToolTip(tr("Copy the suggested alias line, to paste over the kernel's own"));
    m_copyGluon = new QPushButton(tr("Copy Gluon"), details);
    m_copyGluon->setToolTip(tr("Copy the suggested layout as a Gluon constructor"));
    m_applyAdvice = new QPushButton(tr("Apply to scene"), details);
    m_applyAdvice->setObjectName(QStringLiteral("kernelApplyAdvice"));
    m_applyAdvice->setToolTip(tr("Replace the op's shared layout in the scene with the suggestion "
                                 "(one undo step): every view shows the access as it would be"));
    for (QPushButton *b : {m_suggest, m_copyTtg, m_copyGluon, m_applyAdvice}) {
        b->setEnabled(b == m_suggest);
        adviceRow->addWidget(b);
    }
    adviceRow->addStretch(1);
    layout->addLayout(adviceRow);

    auto *words = new QWidget(details);
    auto *wordsLayout = new QVBoxLayout(words);
    wordsLayout->setContentsMargins(2, 0, 2, 2);
    // Selectable, word-wrapped lines of words, one under the other.
    const auto addWords = [words, wordsLayout](const char *name, Qt::TextFormat format) {
        auto *label = new QLabel(words);
        label->setObjectName(QLatin1String(name));
        label->setWordWrap(true);
        label->setTextFormat(format);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        wordsLayout->addWidget(label);
        return label;
    };
    m_summary = addWords("kernelSummary", Qt::AutoText);
    // The selected op in words: its instructions, lowering path and what to change.
    m_opDetail = addWords("kernelOpDetail", Qt::PlainText);
    m_adviceLabel = addWords("kernelAdvice", Qt::AutoText);
    wordsLayout->addStretch(1);
    // In a scroll area: a long suggestion or op detail scrolls instead of growing the dock's
    // minimum height (which pushed the window past the bottom of the screen).
    m_scroll = new QScrollArea(details);
    m_scroll->setObjectName(QStringLiteral("kernelScroll"));
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setWidget(words);
    layout->addWidget(m_scroll, 1);
    connect(m_scroll->verticalScrollBar(), &QScrollBar::rangeChanged, this,
            &KernelDock::scrollToAdvice);
    // The person's own scrolling wins.
    connect(m_scroll->verticalScrollBar(), &QScrollBar::actionTriggered, this,
            [this] { m_adviceShown.invalidate(); });
    return details;
}

KernelDock::KernelDock(LayoutDocument *document, QWidget *parent)
    : QDockWidget(tr("Kernel"), parent), m_document(document), m_model(new KernelOpsModel(this))
{
    setObjectName(QStringLiteral("kernelDock"));
    // The module and its ops above, the buttons and the words below; the user moves the line
    // between them.
    auto *rows = new QSplitter(Qt::Vertical, this);
    rows->setObjectName(QStringLiteral("kernelRows"));
    rows->setChildrenCollapsible(false);
    auto *splitter = new QSplitter(Qt::Horizontal, rows);
    m_watchPanel = new KernelWatchPanel(splitter);
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
    m_text = new QPlainTextEdit(splitter);
    m_text->setObjectName(QStringLiteral("kernelText"));
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setFont(QFont(QStringLiteral("monospace")));
    m_text->setPlaceholderText(tr("File > Open Kernel… or drop a .ttgir file here"));
    m_table = new QTableView(splitter);
    m_table->setObjectName(QStringLiteral("kernelOps"));
    showAsRowList(m_table, m_model);
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    // Room for a few ops however much the op's words below take.
    m_table->setMinimumHeight(m_table->verticalHeader()->defaultSectionSize() * 5);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setStretchFactor(2, 3);
    rows->addWidget(splitter);
    rows->addWidget(addAdvicePanel(rows));
    rows->setStretchFactor(0, 1);
    rows->setStretchFactor(1, 1);
    connect(m_suggest, &QPushButton::clicked, this, [this] {
        if (const QString e = suggestForOp(m_table->currentIndex().row()); !e.isEmpty())
            Q_EMIT statusMessage(e);
    });
    connect(m_copyTtg, &QPushButton::clicked, this,
            [this] { QGuiApplication::clipboard()->setText(m_advice.ttgLine); });
    connect(m_copyGluon, &QPushButton::clicked, this,
            [this] { QGuiApplication::clipboard()->setText(m_advice.gluon); });
    connect(m_applyAdvice, &QPushButton::clicked, this, [this] {
        if (const QString e = applyOpSuggestion(m_document, m_advice); !e.isEmpty())
            Q_EMIT statusMessage(e);
    });
    setWidget(rows);

    m_openAction = new QAction(tr("Open &Kernel…"), this);
    m_openAction->setObjectName(QStringLiteral("openKernelAction"));
    m_openAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    m_openAction->setStatusTip(tr("Open a TTGIR module (.ttgir) and analyse its LDS accesses"));
    connect(m_openAction, &QAction::triggered, this, &KernelDock::chooseFile);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid() && !m_selecting)
                    selectOp(current.row());
            });
    // Clicking on an op's line in the text selects its row.
    connect(m_text, &QPlainTextEdit::cursorPositionChanged, this, [this] {
        if (m_selecting)
            return;
        const int row = m_model->rowOfLine(m_text->textCursor().blockNumber() + 1);
        if (row >= 0)
            m_table->selectRow(row);
    });
    // The dock shows the scene's kernel: a new scene, an opened or recovered one brings its own
    // (or none), and a change of architecture analyses it again.
    connect(m_document, &LayoutDocument::sceneReset, this, &KernelDock::loadFromDocument);
    connect(m_document, &LayoutDocument::archChanged, this, &KernelDock::analyse);
    updateSummary();
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

// The per-kernel header line of the compiler's answer: its counts beside the prediction, each
// disagreement marked, and what only the compiler knows (VGPRs, spills, LDS bytes).
static QString compilerSummary(const KernelAnswer &a)
{
    const CompilerComparison &c = *a.compiler;
    const AmdgcnKernel &as = *a.assembly;
    QStringList kinds;
    for (const CompilerKindRow &k : c.kinds)
        kinds << (k.agree ? QStringLiteral("%1 %2").arg(k.compiler).arg(q(k.instruction))
                          : QStringLiteral("<b>✗ %1 %2 (predicted %3)</b>")
                                .arg(k.compiler)
                                .arg(q(k.instruction))
                                .arg(k.predicted));
    auto n = [](const std::optional<int64_t> &v) {
        return v ? QString::number(*v) : QStringLiteral("?");
    };
    QString line =
        KernelDock::tr("Compiler (%1): %2 · VGPRs %3, %4 spilled · LDS %5 B")
            .arg(QFileInfo(q(a.files.amdgcn)).fileName(), kinds.join(QStringLiteral(", ")),
                 n(as.vgprs), n(as.vgprSpills), n(c.compilerLdsBytes));
    line += c.agree() ? KernelDock::tr(" · agrees with the prediction")
                      : KernelDock::tr(" · <b>disagrees</b>");
    for (const std::string &note : c.notes)
        line += QStringLiteral("<br>") + q(note).toHtmlEscaped();
    return line;
}

QString KernelDock::openFile(const QString &path, bool prompt)
{
    // A folder (a Triton cache kernel folder, a dump folder) or a module with its assembly beside
    // it: the first complete kernel, with the compiler's answer (request/kernelrequest.h).
    Expected<std::vector<KernelFiles>> found = findKernels(path.toStdString());
    if (!found)
        return q(found.message());
    const KernelFiles *first = nullptr;
    for (const KernelFiles &f : *found)
        if (!first && f.incomplete.empty())
            first = &f;
    if (!first)
        return tr("%1: %2").arg(path, q(found->front().incomplete));
    QString compiler;
    if (!first->amdgcn.empty()) {
        Expected<KernelAnswer> a = resolveCompiledKernel(*first);
        if (!a)
            return q(a.message());
        if (a->compiler)
            compiler = compilerSummary(*a);
    }
    const QString modulePath = q(first->ttgir);
    // Read as it grows: QFile::read(limit) reserves the whole limit (32 MiB) for a 20 KiB module.
    const Expected<std::string> bytes =
        readBounded(modulePath.toStdString(), int64_t(kMaxTtgirBytes), "a module");
    if (!bytes)
        return q(bytes.message());
    const QString text = QString::fromStdString(*bytes);
    const QString e = openText(text, QFileInfo(modulePath).fileName(), prompt);
    // Empty also when the person kept the scene at the prompt: then nothing of this module is
    // shown, its compiler line included.
    if (e.isEmpty() && m_document->contents().kernelText == text) {
        m_compiler = compiler;
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
        return tr("%1:%2").arg(origin, q(module.message()));
    Expected<KernelReport> report = resolveKernel(*module);
    if (!report)
        return tr("%1: %2").arg(origin, q(report.message()));
    // A kernel is a document of its own: it replaces the scene (after the unsaved-changes
    // prompt), titled by the kernel, with every layout alias as a named layout and the module
    // text kept with it.
    if (prompt && m_confirmReplace && !m_confirmReplace())
        return {};
    SceneContents scene;
    scene.name = QFileInfo(origin).completeBaseName();
    scene.title = tr("Kernel %1").arg(scene.name);
    scene.arch = q(report->arch);
    scene.layouts = aliasLayouts(*module);
    scene.kernelOrigin = origin;
    scene.kernelText = text;
    m_selectFirst = true;
    m_document->reset(scene);
    m_selectFirst = false;
    Q_EMIT statusMessage(tr("%1: %2 ops analysed for %3 in %4 ms")
                             .arg(origin)
                             .arg(m_model->report().ops.size())
                             .arg(q(m_model->report().arch))
                             .arg(m_lastOpenMs));
    return {};
}

void KernelDock::loadFromDocument()
{
    const SceneContents &scene = m_document->contents();
    if (scene.kernelText.isEmpty()) {
        m_origin.clear();
        m_compiler.clear();
        m_model->setReport({}, {});
        m_text->clear();
        m_error.clear();
        // Nothing of the last kernel's op or suggestion stays in the words.
        m_opDetail->clear();
        showAdvice({});
        setWindowTitle(tr("Kernel"));
        updateSummary();
        return;
    }
    QElapsedTimer timer;
    timer.start();
    m_origin = scene.kernelOrigin;
    m_compiler.clear(); // the compiler's answer is the opened folder's, set by openFile
    Expected<TtgirModule> module = parseTtgir(scene.kernelText.toStdString());
    if (!module) {
        m_error = tr("%1:%2").arg(m_origin, q(module.message()));
        m_model->setReport({}, {});
        updateSummary();
        return;
    }
    m_model->setReport(*module, {});
    m_selecting = true;
    m_text->setPlainText(scene.kernelText);
    m_selecting = false;
    setWindowTitle(tr("Kernel — %1").arg(m_origin));
    analyse();
    m_lastOpenMs = timer.elapsed();
    const bool firstShow = isHidden();
    show();
    raise();
    // A dock that just appeared gets two fifths of the window's height for text and table.
    // (After the event loop has laid the window out: a window opened with a module on its
    // command line is not shown yet.)
    if (auto *window = qobject_cast<QMainWindow *>(parentWidget()); window && firstShow)
        QTimer::singleShot(0, this, [this, window] {
            window->resizeDocks({this}, {window->height() * 2 / 5}, Qt::Vertical);
        });
    // Start on the first op that needs attention, else the first local_load. A freshly opened
    // kernel shows that op's layouts and views; a reopened scene already has them.
    int first = -1;
    for (int row = 0; row < m_model->rowCount() && first < 0; ++row)
        if (m_model->opAt(row).isProblem() && m_model->opAt(row).problem.empty())
            first = row;
    for (int row = 0; row < m_model->rowCount() && first < 0; ++row)
        if (m_model->opAt(row).op == "ttg.local_load")
            first = row;
    if (first < 0)
        return;
    if (m_selectFirst) {
        selectOp(first);
        m_document->markClean();
    } else {
        m_selecting = true;
        m_table->selectRow(first);
        m_selecting = false;
        highlightLine(m_model->module().ops.at(size_t(m_model->opAt(first).opIndex)).line, 1);
        m_opDetail->setText(m_model->index(first, 0).data(KernelOpsModel::DetailRole).toString());
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
    showAdvice({}); // a suggestion was for the report being replaced
    Expected<KernelReport> report = resolveKernel(module, m_document->arch().toStdString());
    if (!report) {
        m_error = tr("%1: %2").arg(m_origin, q(report.message()));
        m_model->setReport(module, {});
    } else {
        m_error.clear();
        m_model->setReport(module, *report);
    }
    m_table->resizeColumnsToContents();
    updateSummary();
}

QString KernelDock::summaryText() const
{
    return m_summary->text();
}

void KernelDock::updateSummary()
{
    const KernelReport &r = m_model->report();
    // The selected op's words follow a new report (another architecture, a reload).
    const int row = m_table->currentIndex().row();
    m_opDetail->setText(row >= 0 && row < m_model->rowCount()
                            ? m_model->index(row, 0).data(KernelOpsModel::DetailRole).toString()
                            : QString());
    if (!m_error.isEmpty()) {
        m_summary->setText(
            QStringLiteral("<span style=\"color:#b00020\">%1</span>").arg(m_error.toHtmlEscaped()));
        return;
    }
    if (r.arch.empty()) {
        m_summary->setText(tr("No kernel open."));
        return;
    }
    QStringList parts;
    parts << tr("<b>%1</b>, %2 warps × %3 threads")
                 .arg(q(r.arch))
                 .arg(r.numWarps)
                 .arg(r.threadsPerWarp);
    QStringList inst;
    for (const auto &[name, n] : r.totals.instructions) {
        const auto issued = r.totals.issued.find(name);
        inst << (issued != r.totals.issued.end() && issued->second > n
                     ? tr("%1 × %2 (%3 issued)").arg(n).arg(q(name)).arg(issued->second)
                     : QStringLiteral("%1 × %2").arg(n).arg(q(name)));
    }
    if (!inst.isEmpty())
        parts << tr("per thread, distinct (what the assembly keeps): %1")
                     .arg(inst.join(QStringLiteral(", ")));
    parts << tr("LDS allocated: %1 B").arg(r.totals.ldsBytes);
    if (r.totals.worstWays > 1)
        parts << tr("worst conflict: %1-way (line %2)")
                     .arg(r.totals.worstWays)
                     .arg(r.totals.worstWaysLine);
    if (!r.totals.lostTransposed.empty())
        parts << tr("%n local_load(s) without a transposed load", nullptr,
                    int(r.totals.lostTransposed.size()));
    QString text = parts.join(QStringLiteral(" · "));
    if (!m_compiler.isEmpty())
        text += QStringLiteral("<br>") + m_compiler;
    for (const std::string &n : r.notes)
        text += QStringLiteral("<br>") + q(n).toHtmlEscaped();
    m_summary->setText(text);
}

void KernelDock::highlightLine(int line, int lines)
{
    QList<QTextEdit::ExtraSelection> selections;
    QTextBlock block = m_text->document()->findBlockByNumber(line - 1);
    for (int i = 0; i < std::max(1, lines) && block.isValid(); ++i, block = block.next()) {
        QTextEdit::ExtraSelection s;
        s.format.setBackground(QColor(255, 236, 160));
        s.format.setProperty(QTextFormat::FullWidthSelection, true);
        s.cursor = QTextCursor(block);
        selections << s;
    }
    m_text->setExtraSelections(selections);
    if (QTextBlock b = m_text->document()->findBlockByNumber(line - 1); b.isValid()) {
        m_selecting = true;
        m_text->setTextCursor(QTextCursor(b));
        m_text->centerCursor();
        m_selecting = false;
    }
}

QList<DocumentLayout> KernelDock::aliasLayouts(const TtgirModule &module)
{
    QList<DocumentLayout> layouts;
    for (const TtgirAlias *alias : module.layoutAliases()) {
        if (!alias->attr)
            continue;
        const std::string ref = "#" + alias->name;
        // The shape of its first use: as the encoding itself, else inside one (a parent).
        const TtgirType *use = nullptr;
        for (const TtgirOp &op : module.ops)
            for (const TtgirType &t : op.types) {
                if (!use && t.encodingText == ref)
                    use = &t;
            }
        for (const TtgirOp &op : module.ops)
            for (const TtgirType &t : op.types)
                if (!use && t.encodingText.find(ref + ",") != std::string::npos)
                    use = &t;
        if (!use)
            continue;
        TtgirType typed = *use;
        typed.encoding = alias->attr;
        LinearLayout l;
        std::vector<int32_t> shape;
        if (!layoutOfType(typed, l, shape))
            continue;
        layouts << DocumentLayout{q(toLayoutName(alias->name)),
                                  l,
                                  kernelLayoutText(module, alias->text, alias->attr),
                                  QList<int>(shape.begin(), shape.end()),
                                  q(use->elementType),
                                  alias->attr};
    }
    return layouts;
}

void KernelDock::selectOp(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return;
    m_selecting = true;
    m_table->selectRow(row);
    m_selecting = false;
    const KernelOpReport &r = m_model->opAt(row);
    const TtgirOp &op = m_model->module().ops.at(size_t(r.opIndex));
    highlightLine(op.line, 1);
    m_opDetail->setText(m_model->index(row, 0).data(KernelOpsModel::DetailRole).toString());
    showOp(row);
}

void KernelDock::showOp(int row)
{
    const KernelOpReport &r = m_model->opAt(row);
    const TtgirOp &op = m_model->module().ops.at(size_t(r.opIndex));
    if (op.types.empty())
        return;
    const TtgirType &first = op.types.front();
    const TtgirType &last = op.types.back();
    const QString base = baseName(r);
    const bool load = r.op == "ttg.local_load";
    const bool write = r.op == "ttg.local_store" ||
                       (r.op == "ttg.local_alloc" && op.types.size() > 1 && first.isTensor());
    const QString srcName = base + (load ? QStringLiteral("_shared") : QStringLiteral("_src"));
    const QString dstName = base + (write ? QStringLiteral("_shared") : QStringLiteral("_dst"));

    // Layouts to add (skipped when the scene already has the same one under that name).
    QList<DocumentLayout> add;
    QStringList names;
    auto addType = [&](const TtgirType &t, const QString &name) {
        LinearLayout l;
        std::vector<int32_t> shape;
        if (!layoutOfType(t, l, shape))
            return QString();
        DocumentLayout entry{name,
                             l,
                             kernelLayoutText(m_model->module(), t.encodingText, t.encoding),
                             QList<int>(shape.begin(), shape.end()),
                             q(t.elementType),
                             t.encoding};
        const int existing = m_document->indexOfLayout(name);
        if (existing >= 0 && m_document->layoutAt(existing) == entry)
            return name;
        if (existing >= 0)
            entry.name = m_document->uniqueLayoutName(name);
        add << entry;
        return entry.name;
    };
    const QString src = op.types.size() > 1 ? addType(first, srcName) : QString();
    const QString dst = addType(last, dstName);

    QList<DocumentView> views;
    auto view = [&](const char *kind, const QString &layout, nlohmann::json options = {}) {
        if (!layout.isEmpty())
            views << DocumentView{QString::fromLatin1(kind), layout, options};
    };
    if (load && !src.isEmpty() && !dst.isEmpty()) {
        const nlohmann::json both{{"shared", src.toStdString()}, {"dst", dst.toStdString()}};
        if (r.eligible == true)
            view("ds-load-tr-panels", dst, both);
        else if (r.eligible == false)
            view("ds-load-tr-eligibility", dst, both);
        view("bank-table", dst, {{"shared", src.toStdString()}});
        view("ownership", dst);
    } else if (write && !src.isEmpty() && !dst.isEmpty()) {
        // The op's access is a write: its bank views are the store's (ds_store_*).
        view("bank-table", src, {{"shared", dst.toStdString()}, {"write", true}});
        view("bank-map", dst, {{"shared", dst.toStdString()}, {"write", true}});
        view("ownership", src);
    } else if (r.op == "ttg.convert_layout" && !src.isEmpty() && !dst.isEmpty()) {
        // cvt = dst.invertAndCompose(src): for each destination index, the source index that
        // holds its element (the map minimalCvtLayout reduces).
        view("invert-and-compose", dst,
             {{"shared", src.toStdString()}, {"dst", dst.toStdString()}});
        view("ownership", src);
        view("ownership", dst);
    } else {
        view("ownership", src);
        if (dst != src)
            view("ownership", dst);
    }
    // Views already open stay; only new ones are added.
    QList<DocumentView> newViews;
    for (const DocumentView &v : views)
        if (!m_document->views().contains(v))
            newViews << v;
    if (!add.isEmpty() || !newViews.isEmpty()) {
        m_document->undoStack()->beginMacro(tr("Show %1 at line %2").arg(q(r.op)).arg(r.line));
        for (const DocumentLayout &l : add)
            (void)m_document->addLayout(l);
        for (const DocumentView &v : newViews)
            if (const QString e = m_document->addView(v); !e.isEmpty())
                Q_EMIT statusMessage(e);
        m_document->undoStack()->endMacro();
    }
    // The op's first view in front, whether it was just added or open already.
    if (!views.isEmpty())
        if (const qsizetype at = m_document->views().indexOf(views.front()); at >= 0)
            Q_EMIT viewChosen(int(at));
}

QString KernelDock::suggestForOp(int row)
{
    m_advice = {};
    if (row < 0 || row >= m_model->rowCount())
        return tr("no op in row %1").arg(row);
    m_selecting = true;
    m_table->selectRow(row);
    m_selecting = false;
    const KernelOpReport &r = m_model->opAt(row);
    highlightLine(m_model->module().ops.at(size_t(r.opIndex)).line, 1);
    showOp(row); // its layouts and views in the scene: what Apply to scene replaces
    Expected<OpSuggestion> s = suggestForKernelOp(*m_document, m_model->module(), r.line);
    if (!s)
        return showAdvice(q(s.message()));
    m_advice = std::move(*s);
    m_adviceLabel->setText(m_advice.html);
    // The suggestion asked for is scrolled to the top of the words; they grow after the text is
    // laid out, so the scroll follows the range until it reaches the label (scrollToAdvice).
    m_adviceShown.start();
    QTimer::singleShot(0, this, &KernelDock::scrollToAdvice);
    // Nothing better found: the alias line is shown, but there is no fix to copy or apply.
    for (QPushButton *b : {m_copyTtg, m_copyGluon, m_applyAdvice})
        b->setEnabled(m_advice.improves);
    return {};
}

void KernelDock::scrollToAdvice()
{
    // Done once the label's top is at the top; until then (the words are still being laid out:
    // a wrapped label grows after its first layout) for at most two seconds.
    if (!m_adviceShown.isValid() || m_adviceShown.elapsed() >= 2000)
        return;
    QScrollBar *bar = m_scroll->verticalScrollBar();
    bar->setValue(m_adviceLabel->y());
    if (bar->value() == m_adviceLabel->y())
        m_adviceShown.invalidate();
}

QString KernelDock::showAdvice(const QString &why)
{
    m_advice = {};
    m_adviceShown.invalidate();
    m_adviceLabel->setText(why.toHtmlEscaped());
    for (QPushButton *b : {m_copyTtg, m_copyGluon, m_applyAdvice})
        b->setEnabled(false);
    return why;
}

} // namespace lx
