#include "models/kernelcountsmodel.h"

#include <QBrush>
#include <QColor>

#include <map>

namespace lx {

KernelCountsModel::KernelCountsModel(QObject *parent)
    : TableModel(parent,
                 {tr("Instruction"), tr("Straight"), tr("Loop"), tr("Predicted"), tr("Compiler")})
{
}

void KernelCountsModel::setCounts(const TtgirModule &module, const KernelReport &report,
                                  const CompilerComparison *compiler)
{
    beginResetModel();
    m_rows.clear();
    m_hasCompiler = compiler != nullptr;
    m_unroll = compiler ? compiler->unroll : 1;
    if (compiler) {
        for (const CompilerKindRow &k : compiler->kinds)
            m_rows.push_back(
                {k.instruction, k.write, k.straight, k.inLoop, k.predicted, k.compiler, k.agree});
    } else {
        // The same split without an assembly: each op where the module puts it, u = 1.
        std::map<std::string, Row> byInstruction;
        for (const KernelOpReport &op : report.ops) {
            const bool loop = op.opIndex >= 0 && size_t(op.opIndex) < module.ops.size() &&
                              isInLoop(module.ops[size_t(op.opIndex)]);
            for (const KernelLdsAccess &a : op.accesses) {
                if (a.count <= 0 || a.instruction.rfind("ds_", 0) != 0)
                    continue;
                Row &r = byInstruction[a.instruction];
                r.instruction = a.instruction;
                r.write = a.isWrite;
                (loop ? r.inLoop : r.straight) += a.count;
            }
        }
        for (auto &[name, r] : byInstruction) {
            r.predicted = r.straight + r.inLoop;
            m_rows.push_back(r);
        }
    }
    endResetModel();
}

QString KernelCountsModel::countingRule() const
{
    const QString common =
        tr("Per thread, distinct addresses (what the assembly keeps; a replicated register "
           "loaded again is removed by LLVM).");
    if (!m_hasCompiler)
        return tr("Predicted = straight-line + u × in-loop, u being the copies of the loop body "
                  "the assembly keeps: 1 here, no assembly beside the module. %1")
            .arg(common);
    return tr("Predicted = straight-line + %1 × in-loop: the assembly keeps %1 cop%2 of the loop "
              "body. Merged ds_read2 / ds_load_2addr / ds_write2 forms count as their two "
              "accesses. %3")
        .arg(m_unroll)
        .arg(m_unroll == 1 ? QStringLiteral("y") : QStringLiteral("ies"))
        .arg(common);
}

QVariant KernelCountsModel::data(const QModelIndex &index, int role) const
{
    if (!holds(index))
        return {};
    const Row &r = m_rows.at(size_t(index.row()));
    const int c = index.column();
    const auto count = [&]() -> std::optional<int64_t> {
        switch (c) {
        case StraightColumn:
            return r.straight;
        case InLoopColumn:
            return r.inLoop;
        case PredictedColumn:
            return r.predicted;
        case CompilerColumn:
            return r.compiler;
        default:
            return std::nullopt;
        }
    };
    switch (role) {
    case Qt::DisplayRole:
        if (c == InstructionColumn)
            return QString::fromStdString(r.instruction);
        if (const std::optional<int64_t> n = count())
            return qlonglong(*n);
        return {};
    case SortRole:
        if (c == InstructionColumn)
            return QString::fromStdString(r.instruction);
        return qlonglong(count().value_or(-1));
    case AgreeRole:
        return m_hasCompiler ? QVariant(r.agree) : QVariant();
    case Qt::TextAlignmentRole:
        return c == InstructionColumn ? QVariant()
                                      : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    case Qt::BackgroundRole:
        return m_hasCompiler && !r.agree && (c == PredictedColumn || c == CompilerColumn)
                   ? QVariant(QBrush(QColor(255, 214, 204)))
                   : QVariant();
    case Qt::ToolTipRole:
        if (c == CompilerColumn && !m_hasCompiler)
            return tr("No assembly beside the module");
        if (m_hasCompiler && !r.agree)
            return tr("The prediction and the compiler differ for %1")
                .arg(QString::fromStdString(r.instruction));
        return {};
    default:
        return {};
    }
}

} // namespace lx
