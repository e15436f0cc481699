#pragma once

// KernelOpsModel: the data-placing ops of an opened TTGIR module with what each costs
// (core/analysis/kernel.h), one row per op, for the Kernel dock. A row that needs the kernel
// writer's attention (unreadable layouts, a bank conflict, a lost transposed load, a conversion
// through LDS) carries ProblemRole and is painted in the warning colour; the costliest op
// (KernelTotals::worstOp) is bold. Numbers stay numbers until shown: SortRole gives each
// column's typed value (a QSortFilterProxyModel sorts the dock's table by it).

#include "analysis/kernel.h"
#include "io/ttgir.h"
#include "models/tablemodel.h"

namespace lx {

class KernelOpsModel : public TableModel
{
    Q_OBJECT
public:
    // What the op costs first, its layouts last (elided in the dock: the row's tooltip has them).
    enum Columns
    {
        LineColumn,
        OpColumn,          // "local_load" (dialect prefix dropped)
        NameColumn,        // loc() name or SSA name
        InstructionColumn, // "ds_load_tr16_b128", "LDS round trip"
        CountColumn,       // per thread
        CyclesColumn,      // LDS cycles per CTA (analysis/kernel.h cyclesPerCta); "" unmodelled
        ConflictsColumn,   // "4-way" or ""
        RegistersColumn,   // VGPRs per thread of the result tensor (request/kernelpressure.h)
        ShapeColumn,       // "128x64xf16"
        FromToColumn,      // "#shared → #ttg.dot_op<...>"
        NumColumns
    };
    enum Roles
    {
        OpIndexRole = Qt::UserRole + 1, // int: index into TtgirModule::ops
        LineRole,                       // int: 1-based line of the op
        ProblemRole,                    // bool
        DetailRole,                     // QString: reason, problem, bytes, partitions in words
        SortRole, // the column's value, typed: qlonglong for numbers (-1 where there is
                  // none, so unmodelled ops sort below every modelled one), else the text
    };

    explicit KernelOpsModel(QObject *parent = nullptr);

    // Replaces the rows (a model reset).
    void setReport(const TtgirModule &module, const KernelReport &report);
    void clear();

    const TtgirModule &module() const { return m_module; }
    const KernelReport &report() const { return m_report; }
    // Requires: 0 <= row < rowCount().
    const KernelOpReport &opAt(int row) const { return m_report.ops.at(size_t(row)); }
    // The row of the op on `line`, or -1.
    int rowOfLine(int line) const;

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    int rows() const override { return int(m_report.ops.size()); }
    QString detail(const KernelOpReport &r) const;
    QVariant display(const KernelOpReport &r, int column) const;
    QVariant sortValue(const KernelOpReport &r, int column) const;

    TtgirModule m_module;
    KernelReport m_report;
};

} // namespace lx
