#include "kerneldock.h"

#include "models/kernelopsmodel.h"
#include "models/layoutdocument.h"
#include "widgets/panelwidgets.h"

#include "io/ttgir.h"
#include "layout/builders.h"
#include "request/kernelrequest.h"

#include <QAction>
#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QJsonObject>
#include <QLabel>
#include <QMainWindow>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTableView>
#include <QTextBlock>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

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

QString baseName(const KernelOpReport &r)
{
    QString n = q(r.name);
    n.remove(QLatin1Char('%'));
    n.replace(QLatin1Char('#'), QLatin1Char('_'));
    return n.isEmpty() ? QStringLiteral("line%1").arg(r.line) : n;
}

} // namespace

KernelDock::KernelDock(LayoutDocument *document, QWidget *parent)
    : QDockWidget(tr("Kernel"), parent), m_document(document), m_model(new KernelOpsModel(this))
{
    setObjectName(QStringLiteral("kernelDock"));
    auto *panel = new QWidget(this);
    auto *layout = new QVBoxLayout(panel);
    layout->setContentsMargins(2, 2, 2, 2);
    auto *splitter = new QSplitter(Qt::Horizontal, panel);
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
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    layout->addWidget(splitter, 1);
    m_summary = new QLabel(panel);
    m_summary->setObjectName(QStringLiteral("kernelSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);
    setWidget(panel);

    m_openAction = new QAction(tr("Open &Kernel…"), this);
    m_openAction->setObjectName(QStringLiteral("openKernelAction"));
    m_openAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
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
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Kernel"), {}, tr("TTGIR modules (*.ttgir *.mlir);;All files (*)"));
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

QString KernelDock::openFile(const QString &path)
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
    QFile file(modulePath);
    if (!file.open(QIODevice::ReadOnly))
        return tr("cannot read %1: %2").arg(path, file.errorString());
    const QByteArray bytes = file.read(qint64(kMaxTtgirBytes) + 1);
    if (bytes.size() > qint64(kMaxTtgirBytes))
        return tr("%1: a module is at most %2 MiB").arg(path).arg(kMaxTtgirBytes >> 20);
    const QString e = openText(QString::fromUtf8(bytes), QFileInfo(modulePath).fileName());
    if (e.isEmpty()) {
        m_compiler = compiler;
        updateSummary();
    }
    return e;
}

QString KernelDock::openText(const QString &text, const QString &origin)
{
    QElapsedTimer timer;
    timer.start();
    const std::string utf8 = text.toStdString();
    Expected<TtgirModule> module = parseTtgir(utf8);
    if (!module)
        return tr("%1:%2").arg(origin, q(module.message()));
    Expected<KernelReport> report = resolveKernel(*module);
    if (!report)
        return tr("%1: %2").arg(origin, q(report.message()));
    m_origin = origin;
    m_compiler.clear();
    // Reading a module into an unmodified scene is opening a file, not an edit: the scene stays
    // unmodified (an undo makes it modified, as for any other change).
    const bool wasClean = !m_document->isModified();
    m_model->setReport(*module, *report);
    m_selecting = true;
    m_text->setPlainText(text);
    m_selecting = false;
    m_table->resizeColumnsToContents();
    m_lastOpenMs = timer.elapsed();
    setWindowTitle(tr("Kernel — %1").arg(origin));
    updateSummary();
    addAliasLayouts();
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
    // Start on the first op that needs attention, else the first local_load.
    int first = -1;
    for (int row = 0; row < m_model->rowCount() && first < 0; ++row)
        if (m_model->opAt(row).isProblem() && m_model->opAt(row).problem.empty())
            first = row;
    for (int row = 0; row < m_model->rowCount() && first < 0; ++row)
        if (m_model->opAt(row).op == "ttg.local_load")
            first = row;
    if (first >= 0)
        selectOp(first);
    if (wasClean)
        m_document->markClean();
    Q_EMIT statusMessage(tr("%1: %2 ops analysed for %3 in %4 ms")
                             .arg(origin)
                             .arg(report->ops.size())
                             .arg(q(report->arch))
                             .arg(m_lastOpenMs));
    return {};
}

QString KernelDock::summaryText() const
{
    return m_summary->text();
}

void KernelDock::updateSummary()
{
    const KernelReport &r = m_model->report();
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

void KernelDock::addAliasLayouts()
{
    const TtgirModule &module = m_model->module();
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
        const QString name = q(alias->name);
        const int existing = m_document->indexOfLayout(name);
        DocumentLayout entry{name,
                             l,
                             q(alias->text),
                             QList<int>(shape.begin(), shape.end()),
                             q(use->elementType),
                             alias->attr};
        if (existing >= 0 && m_document->layoutAt(existing) == entry)
            continue;
        if (existing >= 0)
            entry.name = m_document->uniqueLayoutName(name);
        layouts << entry;
    }
    const QString arch = q(m_model->report().arch);
    if (layouts.isEmpty() && arch == m_document->arch())
        return;
    m_document->undoStack()->beginMacro(tr("Open kernel %1").arg(m_origin));
    if (!arch.isEmpty() && arch != m_document->arch())
        m_document->setArch(arch);
    for (const DocumentLayout &l : layouts)
        (void)m_document->addLayout(l);
    m_document->undoStack()->endMacro();
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
                             q(t.encodingText),
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
    auto view = [&](const char *kind, const QString &layout, QJsonObject options = {}) {
        if (!layout.isEmpty())
            views << DocumentView{QString::fromLatin1(kind), layout, options};
    };
    if (load && !src.isEmpty() && !dst.isEmpty()) {
        const QJsonObject both{{QStringLiteral("shared"), src}, {QStringLiteral("dst"), dst}};
        if (r.eligible == true)
            view("ds-load-tr-panels", dst, both);
        else if (r.eligible == false)
            view("ds-load-tr-eligibility", dst, both);
        view("bank-table", dst, {{QStringLiteral("shared"), src}});
        view("ownership", dst);
    } else if (write && !src.isEmpty() && !dst.isEmpty()) {
        view("bank-table", src, {{QStringLiteral("shared"), dst}});
        view("bank-map", dst, {{QStringLiteral("shared"), dst}});
        view("ownership", src);
    } else if (r.op == "ttg.convert_layout" && !src.isEmpty() && !dst.isEmpty()) {
        // cvt = dst.invertAndCompose(src): for each destination index, the source index that
        // holds its element (the map minimalCvtLayout reduces).
        view("invert-and-compose", dst,
             {{QStringLiteral("shared"), src}, {QStringLiteral("dst"), dst}});
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
    if (add.isEmpty() && newViews.isEmpty())
        return;
    m_document->undoStack()->beginMacro(tr("Show %1 at line %2").arg(q(r.op)).arg(r.line));
    for (const DocumentLayout &l : add)
        (void)m_document->addLayout(l);
    for (const DocumentView &v : newViews)
        if (const QString e = m_document->addView(v); !e.isEmpty())
            Q_EMIT statusMessage(e);
    m_document->undoStack()->endMacro();
}

} // namespace lx
