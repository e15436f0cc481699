#include "widgets/conflictexplainer.h"
#include "render/qtext.h"

#include "layout/basisname.h"
#include "models/conflictfix.h"
#include "models/documentviews.h"
#include "models/layoutdocument.h"
#include "request/conflictatcell.h"
#include "widgets/diagramview.h"
#include "widgets/viewpane.h"

#include <QDockWidget>
#include <QHBoxLayout>
#include <QLabel>
#include <QMainWindow>
#include <QPushButton>
#include <QTextBrowser>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace lx {

namespace {

QString lanesOnBank(const ConflictExplanation &e)
{
    QStringList rows;
    for (size_t i = 0; i < e.lanes.size(); ++i)
        rows << u"T%1 @ byte %2 (dword %3)"_s.arg(e.lanes[i])
                    .arg(e.addresses[i])
                    .arg(e.addresses[i] / 4);
    return rows.join(u", "_s);
}

QString collisionsText(const ConflictExplanation &e)
{
    QStringList cs;
    for (const auto &c : e.collisions) {
        QStringList bits;
        for (int b : c.laneBits)
            bits << QString::fromStdString(basisName("lane", b));
        cs << u"%1 (+%2 B, same bank)"_s.arg(bits.join(u" ^ "_s)).arg(c.byteDelta);
    }
    return cs.join(u"; "_s);
}

// Tensor coordinates of an ownership view's element id (out-dim 0 in the low bits).
std::vector<int32_t> decodeElement(int64_t id, const std::vector<LinearLayout::NamedSize> &dims)
{
    std::vector<int32_t> coords;
    int shift = 0;
    for (const auto &[name, size] : dims) {
        int bits = 0;
        while ((int64_t(1) << bits) < size)
            ++bits;
        coords.push_back(int32_t((id >> shift) & ((int64_t(1) << bits) - 1)));
        shift += bits;
    }
    return coords;
}

int viewInstructionIndex(const ViewRequest &request, const QString &kind)
{
    auto i = request.intOption("instructionIndex", kind == u"bank-histogram"_s ? 0 : -1);
    return i ? int(*i) : -1;
}

} // namespace

QString conflictExplanationHtml(const ConflictExplanation &e, const QString &fixScope)
{
    QString html;
    if (e.ways > 1)
        html = QObject::tr("<b>Wave %1, instruction %2, phase %3 (lanes %4): bank %5 serves %6 "
                           "distinct dwords (%6-way)</b><br>");
    else
        html = QObject::tr("<b>Wave %1, instruction %2, phase %3 (lanes %4): bank %5 serves %6 "
                           "dword(s), no conflict</b><br>");
    html = html.arg(e.warp)
               .arg(e.instruction)
               .arg(e.phase)
               .arg(qs(formatLaneList(e.phaseLanes, "T")))
               .arg(e.bank)
               .arg(e.ways);
    if (!e.lanes.empty())
        html += QObject::tr("Lanes on the bank: %1<br>").arg(lanesOnBank(e));
    if (!e.collisions.empty())
        html += QObject::tr("Colliding basis bits (kernel of the bank map on the phase): %1<br>")
                    .arg(collisionsText(e));
    else if (!e.kernelNote.empty())
        html += qs(e.kernelNote) + u"<br>"_s;
    if (e.fix) {
        const ConflictFix &fix = *e.fix;
        html += QObject::tr("<b>Smallest fix</b> (%1): %2<br>%3-way -> %4-way in %5; cycles %6 "
                            "-> %7; LDS %8 -> %9 B<br><tt>%10</tt>")
                    .arg(qs(fix.kind), qs(fix.description).toHtmlEscaped())
                    .arg(fix.waysBefore)
                    .arg(fix.waysAfter)
                    .arg(fixScope)
                    .arg(fix.cyclesBefore)
                    .arg(fix.cyclesAfter)
                    .arg(fix.ldsBytesBefore)
                    .arg(fix.ldsBytesAfter)
                    .arg(qs(fix.text).toHtmlEscaped());
    } else if (e.ways > 1) {
        html += QObject::tr("No single XOR term or pad lowers this phase's n-way.");
    }
    if (!e.fixNote.empty())
        html += u"<br>"_s + qs(e.fixNote).toHtmlEscaped();
    return html;
}

ConflictExplainer::ConflictExplainer(LayoutDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_heading(new QLabel(this)),
      m_text(new QTextBrowser(this)), m_apply(new QPushButton(tr("Apply fix"), this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_heading->setWordWrap(true);
    m_heading->setObjectName(u"conflictHeading"_s);
    m_text->setObjectName(u"clickedConflictExplainer"_s);
    m_apply->setObjectName(u"applyConflictFix"_s);
    m_apply->setToolTip(tr("Make the smallest change shown (one undo step; Ctrl+Z restores)"));
    m_apply->setEnabled(false);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_apply);
    buttons->addStretch(1);
    layout->addWidget(m_heading);
    layout->addWidget(m_text, 1);
    layout->addLayout(buttons);
    clear(tr("Click a conflicting bank or cell in a bank view (red cells) to explain it."));
    connect(m_apply, &QPushButton::clicked, this, &ConflictExplainer::applyFix);

    // Edits (an applied fix, an undo, a basis typed elsewhere) re-explain the same bank, once
    // per burst of changes.
    auto *again = new QTimer(this);
    again->setSingleShot(true);
    again->setInterval(0);
    connect(again, &QTimer::timeout, this, [this] {
        if (m_target)
            show(*m_target);
    });
    auto schedule = [again] { again->start(); };
    connect(document, &LayoutDocument::layoutChanged, this, schedule);
    connect(document, &LayoutDocument::viewChanged, this, schedule);
    connect(document, &LayoutDocument::archChanged, this, schedule);
    auto reset = [this] {
        m_target.reset();
        clear(tr("Click a conflicting bank or cell in a bank view (red cells) to explain it."));
    };
    connect(document, &LayoutDocument::sceneReset, this, reset);
    connect(document, &LayoutDocument::structureChanged, this, reset);
}

QString ConflictExplainer::text() const
{
    return m_heading->text() + u"\n"_s + m_text->toPlainText();
}

void ConflictExplainer::clear(const QString &message)
{
    m_explanation.reset();
    m_heading->setText(message);
    m_text->clear();
    m_apply->setEnabled(false);
}

std::optional<ConflictExplainer::Target> ConflictExplainer::locate(int view, int panel, int row,
                                                                   int col, qint64 elementId) const
{
    const SceneContents &contents = m_document->contents();
    const auto &views = m_document->views();
    if (view < 0 || view >= views.size())
        return std::nullopt;
    const QString kind = views.at(view).kind;
    if (kind.startsWith(u"bank-"_s)) {
        const ViewRequest request = viewRequestFor(contents, view);
        auto in = resolveBankView(request);
        if (!in)
            return std::nullopt;
        auto c = conflictAtCell(*in, kind.toStdString(), viewInstructionIndex(request, kind), panel,
                                row, col, elementId);
        if (!c || c->ways <= 1)
            return std::nullopt;
        return Target{view, c->query};
    }
    if (kind != u"ownership"_s || elementId < 0)
        return std::nullopt;
    // An element of an ownership view: the conflict of its access in the scene's bank views.
    const QString name = views.at(view).layoutName;
    const int l = name.isEmpty() ? 0 : m_document->indexOfLayout(name);
    if (l < 0 || l >= m_document->layoutCount())
        return std::nullopt;
    const auto dims = m_document->layoutAt(l).layout.outDims();
    const std::vector<int32_t> coords = decodeElement(elementId, dims);
    for (int b = 0; b < views.size(); ++b) {
        if (!views.at(b).kind.startsWith(u"bank-"_s))
            continue;
        auto in = resolveBankView(viewRequestFor(contents, b));
        const bool sameGrid =
            in &&
            (dims.size() == 2 ? in->rows == dims[0].second && in->cols == dims[1].second
                              : dims.size() == 1 && in->rows == 1 && in->cols == dims[0].second);
        if (!sameGrid)
            continue;
        auto c = conflictAtElement(*in, coords);
        if (c && c->ways > 1)
            return Target{b, c->query};
    }
    return std::nullopt;
}

bool ConflictExplainer::explainCell(int view, int panel, int row, int col, qint64 elementId)
{
    auto target = locate(view, panel, row, col, elementId);
    if (!target)
        return false;
    m_target = target;
    m_note.clear();
    show(*target);
    return m_explanation.has_value();
}

void ConflictExplainer::show(const Target &target)
{
    // The note of an applied fix stays until the document moves on (an undo, another edit).
    const QString prefix = m_document->undoStack()->index() == m_noteIndex ? m_note : QString();
    const auto &views = m_document->views();
    if (target.bankView >= views.size()) {
        m_target.reset();
        clear(tr("The view this conflict was in is gone."));
        return;
    }
    const ViewRequest request = viewRequestFor(m_document->contents(), target.bankView);
    auto in = resolveBankView(request);
    if (!in) {
        clear(tr("The bank view cannot be analysed: %1").arg(qs(in.message())));
        return;
    }
    auto ve = explainViewConflict(request, *in, target.query);
    if (!ve) {
        clear(tr("No explanation: %1").arg(qs(ve.message())));
        return;
    }
    m_explanation = ve->explanation;
    m_kpack = ve->kpack;
    m_sharedName = ve->sharedName;
    m_shape = ve->shape;
    m_dtype = ve->dtype;
    m_heading->setText(prefix + tr("View %1 (%2): wave %3, instruction %4, phase %5, bank %6")
                                    .arg(target.bankView)
                                    .arg(viewTitle(m_document->contents(), target.bankView))
                                    .arg(target.query.warp)
                                    .arg(target.query.instruction)
                                    .arg(target.query.phase)
                                    .arg(target.query.bank));
    m_text->setHtml(conflictExplanationHtml(*m_explanation, m_kpack ? tr("the stores of wave 0")
                                                                    : tr("this phase")));
    m_apply->setEnabled(m_explanation->fix.has_value() && m_explanation->ways > 1);
}

void ConflictExplainer::applyFix()
{
    if (!m_explanation || !m_explanation->fix || !m_target)
        return;
    const ConflictFix fix = *m_explanation->fix;
    const QString why =
        m_kpack ? applyKPackFix(m_document, fix)
                : applySharedFix(m_document, fix.attr, qs(m_sharedName), m_shape, qs(m_dtype),
                                 tr("Apply conflict fix (%1)").arg(qs(fix.description)));
    if (!why.isEmpty()) {
        Q_EMIT editRefused(why);
        return;
    }
    m_note = tr("Applied %1 (Ctrl+Z restores). ").arg(qs(fix.description));
    m_noteIndex = m_document->undoStack()->index();
    show(*m_target);
}

QDockWidget *createConflictExplainerDock(QMainWindow *window, LayoutDocument *document)
{
    auto *dock = new QDockWidget(QObject::tr("Conflict Explainer"), window);
    dock->setObjectName(u"conflictDock"_s);
    dock->setWidget(new ConflictExplainer(document, dock));
    dock->hide();
    return dock;
}

void explainClicksOf(QDockWidget *dock, ViewPane *pane)
{
    auto *explainer = qobject_cast<ConflictExplainer *>(dock->widget());
    if (!explainer)
        return;
    QObject::connect(pane->viewWidget(), &DiagramView::cellClicked, explainer,
                     [dock, explainer, pane](int panel, int row, int col, qint64 elementId) {
                         if (!explainer->explainCell(pane->viewIndex(), panel, row, col, elementId))
                             return;
                         dock->show();
                         dock->raise();
                     });
}

} // namespace lx
