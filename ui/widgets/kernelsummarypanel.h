#pragma once

// KernelSummaryPanel: what a whole kernel costs, as the request layer reports it
// (request/kernelrequest.h kernelFigures, with their provenance): the costliest op and why, the
// LDS cycles of all ops, the highest bank conflict, the LDS of the allocations; then its LDS
// instructions per thread, predicted and compiler's in two columns (models/kernelcountsmodel.h)
// (every row and column in view) with the counting rule written under them; the compiler's line
// and the module's notes.

#include <QWidget>

class QLabel;
class QTableView;

namespace lx {

class KernelCountsModel;
struct CompilerComparison;
struct KernelReport;
struct TtgirModule;

class KernelSummaryPanel : public QWidget
{
    Q_OBJECT
public:
    explicit KernelSummaryPanel(QWidget *parent = nullptr);

    // `compiler`: the comparison with the assembly (null: none), `compilerLine` its header
    // (rich text: VGPRs, spills, LDS bytes); `error`: why the module cannot be analysed (then
    // only that is shown). An empty report (no arch) reads "No kernel open."
    void showKernel(const TtgirModule &module, const KernelReport &report,
                    const CompilerComparison *compiler, const QString &compilerLine,
                    const QString &error);
    // The summary (rich text): the figures, the compiler's line, the notes.
    QString summaryText() const;
    KernelCountsModel *countsModel() const { return m_counts; }

private:
    QLabel *m_summary;
    KernelCountsModel *m_counts;
    QTableView *m_countsTable;
    QLabel *m_rule;
};

} // namespace lx
