#pragma once

// KernelCountsModel: a kernel's LDS instructions per thread, the prediction and the compiler's
// count in two columns, with the split the counting rule adds up (analysis/compilercheck.h):
//     predicted = straight-line + u x in-loop
// u being the copies of the loop body the assembly keeps. Without an assembly the compiler's
// column is empty and u is 1 (each op of a loop counted once). countingRule() says the rule in
// words, with this kernel's u, for the dock to write beside the table.

#include "analysis/compilercheck.h"
#include "analysis/kernel.h"
#include "io/ttgir.h"
#include "models/tablemodel.h"

#include <optional>

namespace lx {

class KernelCountsModel : public TableModel
{
    Q_OBJECT
public:
    enum Columns
    {
        InstructionColumn,
        StraightColumn,  // predicted, ops outside loops
        InLoopColumn,    // predicted, ops inside scf.for / scf.while
        PredictedColumn, // straight-line + u x in-loop
        CompilerColumn,  // the assembly's (merged forms as their accesses); empty without one
        NumColumns
    };
    enum Roles
    {
        SortRole = Qt::UserRole + 1, // qlonglong for counts (-1: none), else the text
        AgreeRole,                   // bool, or invalid without an assembly
    };

    struct Row
    {
        std::string instruction;
        bool write = false;
        int64_t straight = 0, inLoop = 0, predicted = 0;
        std::optional<int64_t> compiler;
        bool agree = true;
    };

    explicit KernelCountsModel(QObject *parent = nullptr);

    // `compiler`: the comparison with the assembly, or null when there is none.
    void setCounts(const TtgirModule &module, const KernelReport &report,
                   const CompilerComparison *compiler);
    const Row &rowAt(int row) const { return m_rows.at(size_t(row)); }
    // The counting rule in words, with this kernel's u.
    QString countingRule() const;

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    int rows() const override { return int(m_rows.size()); }

    std::vector<Row> m_rows;
    int64_t m_unroll = 1;
    bool m_hasCompiler = false;
};

} // namespace lx
