#include "widgets/kernelsummarypanel.h"
#include "render/qtext.h"

#include "models/kernelcountsmodel.h"
#include "request/kernelrequest.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace lx {

namespace {

// "label: text [provenance]" of a figure, the costliest op in bold with `why`; the figure's
// note (how it is computed, the phase table it read) is the label's tooltip.
QString figureLine(const Figure &f, const std::string &why)
{
    QString s =
        QStringLiteral("%1: %2").arg(qs(f.label).toHtmlEscaped(), qs(f.text).toHtmlEscaped());
    if (f.key == "worstOp")
        s = QStringLiteral("<b>%1</b> — %2").arg(s, qs(why).toHtmlEscaped());
    if (f.source != FigureSource::Computed)
        s += QStringLiteral(" <i>[%1]</i>").arg(QString::fromLatin1(figureSourceName(f.source)));
    return s;
}

} // namespace

KernelSummaryPanel::KernelSummaryPanel(QWidget *parent)
    : QWidget(parent), m_summary(new QLabel(this)), m_counts(new KernelCountsModel(this)),
      m_countsTable(new QTableView(this)), m_rule(new QLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 0, 2, 2);
    m_summary->setObjectName(QStringLiteral("kernelSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    layout->addWidget(m_summary);
    // The counts table shows every row and column (the panel scrolls, not the table), its
    // counting rule written under it across the panel's width.
    m_countsTable->setObjectName(QStringLiteral("kernelCounts"));
    m_countsTable->setModel(m_counts);
    m_countsTable->verticalHeader()->hide();
    m_countsTable->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_countsTable->setSelectionMode(QAbstractItemView::NoSelection);
    m_countsTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_countsTable->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_countsTable->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_countsTable->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_countsTable->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);
    layout->addWidget(m_countsTable);
    m_rule->setObjectName(QStringLiteral("kernelCountingRule"));
    m_rule->setWordWrap(true);
    m_rule->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    layout->addWidget(m_rule);
    layout->addStretch(1);
}

QString KernelSummaryPanel::summaryText() const
{
    return m_summary->text();
}

void KernelSummaryPanel::showKernel(const TtgirModule &module, const KernelReport &report,
                                    const CompilerComparison *compiler, const QString &compilerLine,
                                    const QString &error)
{
    m_counts->setCounts(module, report, error.isEmpty() ? compiler : nullptr);
    m_rule->setText(report.arch.empty() ? QString() : m_counts->countingRule());
    m_summary->setToolTip(QString());
    if (!error.isEmpty()) {
        m_summary->setText(
            QStringLiteral("<span style=\"color:#b00020\">%1</span>").arg(error.toHtmlEscaped()));
        return;
    }
    if (report.arch.empty()) {
        m_summary->setText(tr("No kernel open."));
        return;
    }
    QStringList lines;
    lines << tr("<b>%1</b>, %2 warps × %3 threads")
                 .arg(qs(report.arch))
                 .arg(report.numWarps)
                 .arg(report.threadsPerWarp);
    // The request layer's figures, as every face reports them; the instruction counts are the
    // table's.
    QStringList notes;
    for (const Figure &f : kernelFigures(report)) {
        if (f.key == "ops" || f.key.rfind("instructions:", 0) == 0 ||
            (f.key == "worstWays" && report.totals.worstWays <= 1))
            continue;
        lines << figureLine(f, report.totals.worstOpReason);
        if (!f.note.empty())
            notes << QStringLiteral("%1: %2").arg(qs(f.label), qs(f.note));
    }
    m_summary->setToolTip(notes.join(QStringLiteral("\n")));
    if (!report.totals.lostTransposed.empty())
        lines << tr("%n local_load(s) without a transposed load", nullptr,
                    int(report.totals.lostTransposed.size()));
    QString text = lines.join(QStringLiteral("<br>"));
    if (!compilerLine.isEmpty())
        text += QStringLiteral("<br>") + compilerLine;
    for (const std::string &n : report.notes)
        text += QStringLiteral("<br>") + qs(n).toHtmlEscaped();
    for (const std::string &w : report.warnings)
        text += QStringLiteral("<br><b>") + qs(w).toHtmlEscaped() + QStringLiteral("</b>");
    m_summary->setText(text);
}

} // namespace lx
