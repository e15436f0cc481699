#include "models/kernelopsmodel.h"
#include "render/qtext.h"

#include "request/kernelpressure.h"
#include "request/kernelrequest.h"

#include <QBrush>
#include <QColor>
#include <QFont>

namespace lx {

namespace {

// "#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>" is long for a table cell.
QString shortEncoding(const std::string &text)
{
    QString s = qs(text);
    if (s.size() > 48)
        s = s.left(45) + QStringLiteral("…");
    return s;
}

} // namespace

KernelOpsModel::KernelOpsModel(QObject *parent)
    : TableModel(parent, {tr("Line"), tr("Op"), tr("Name"), tr("Instruction"), tr("Count"),
                          tr("Cycles / CTA"), tr("Conflicts"), tr("VGPRs (model)"), tr("Shape"),
                          tr("From → to")})
{
}

void KernelOpsModel::setReport(const TtgirModule &module, const KernelReport &report)
{
    beginResetModel();
    m_module = module;
    m_report = report;
    endResetModel();
}

void KernelOpsModel::clear()
{
    setReport({}, {});
}

int KernelOpsModel::rowOfLine(int line) const
{
    for (size_t i = 0; i < m_report.ops.size(); ++i)
        if (m_report.ops[i].line == line)
            return int(i);
    return -1;
}

QString KernelOpsModel::detail(const KernelOpReport &r) const
{
    QStringList lines;
    lines << QStringLiteral("%1 (line %2)").arg(qs(r.op)).arg(r.line);
    if (!r.problem.empty())
        lines << tr("Cannot analyse: %1").arg(qs(r.problem));
    if (r.eligible == true)
        lines << (r.issued > r.count
                      ? tr("Transposed load: %1 × %2 per thread (distinct; the lowering issues %3, "
                           "LLVM removes the repeated loads)")
                            .arg(r.count)
                            .arg(qs(r.instruction))
                            .arg(r.issued)
                      : tr("Transposed load: %1 × %2 per thread")
                            .arg(r.count)
                            .arg(qs(r.instruction)));
    else if (r.eligible == false)
        lines << tr("No transposed load: %1").arg(qs(r.reason));
    else if (!r.reason.empty())
        lines << qs(r.reason);
    if (!r.path.empty())
        lines << tr("Lowering: %1 path, %2").arg(qs(r.path), qs(r.pathReason));
    if (!r.advice.empty())
        lines << tr("To vectorise: %1").arg(qs(r.advice));
    // (A transposed load said its instruction above.)
    if (r.accesses.size() > 1 || (r.accesses.size() == 1 && r.eligible != true))
        for (const KernelLdsAccess &a : r.accesses)
            lines << (a.isWrite ? tr("Stores: %1 × %2 per thread")
                                : tr("Loads: %1 × %2 per thread"))
                         .arg(a.count)
                         .arg(qs(a.instruction));
    if (r.maxWays > 0)
        lines << tr("Bank conflicts: %1-way").arg(r.maxWays);
    if (r.cyclesPerCta) {
        lines << tr("LDS cycles per CTA (all %1 warps): %2 (ideal %3)%4: %5")
                     .arg(m_report.numWarps)
                     .arg(*r.cyclesPerCta)
                     .arg(r.idealCyclesPerCta)
                     .arg(kernelCyclesSource(r) == FigureSource::Computed
                              ? QString()
                              : QStringLiteral(", ") +
                                    QString::fromLatin1(figureSourceName(kernelCyclesSource(r))))
                     .arg(qs(kernelOpCostReason(r)));
        if (const std::string note = kernelCyclesProvenanceNote(r); !note.empty())
            lines << qs(note);
    } else if (!r.cyclesNote.empty()) {
        lines << tr("LDS cycles: not modelled (%1)").arg(qs(r.cyclesNote));
    }
    if (const std::optional<TensorRegisters> t = tensorRegisters(r, 0))
        lines << tr("Registers (model): %1 elements per thread = %2 VGPRs of %3 bits' elements, "
                    "if the result is held at once")
                     .arg(t->elements)
                     .arg(t->vgprs)
                     .arg(r.elementBits);
    if (r.bytes > 0)
        lines << tr("LDS: %1 bytes").arg(r.bytes);
    if (!r.partitions.empty())
        lines << tr("Partitions: %1").arg(qs(r.partitions));
    return lines.join(QLatin1Char('\n'));
}

QVariant KernelOpsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= NumColumns)
        return {};
    const KernelOpReport &r = opAt(index.row());
    const bool number = index.column() == LineColumn || index.column() == CountColumn ||
                        index.column() == CyclesColumn || index.column() == RegistersColumn;
    switch (role) {
    case OpIndexRole:
        return r.opIndex;
    case LineRole:
        return r.line;
    case ProblemRole:
        return r.isProblem();
    case DetailRole:
    case Qt::ToolTipRole:
        return detail(r);
    case SortRole:
        return sortValue(r, index.column());
    case Qt::BackgroundRole:
        return r.isProblem() ? QVariant(QBrush(QColor(255, 214, 204))) : QVariant();
    case Qt::ForegroundRole:
        return r.isProblem() ? QVariant(QBrush(QColor(120, 0, 0))) : QVariant();
    case Qt::FontRole:
        if (m_report.totals.worstOp == index.row()) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::TextAlignmentRole:
        return number ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    case Qt::DisplayRole:
        return display(r, index.column());
    default:
        return {};
    }
}

QVariant KernelOpsModel::sortValue(const KernelOpReport &r, int column) const
{
    switch (column) {
    case LineColumn:
        return qlonglong(r.line);
    case CountColumn:
        return qlonglong(r.count > 0 ? r.count : -1);
    case CyclesColumn:
        return qlonglong(r.cyclesPerCta.value_or(-1));
    case ConflictsColumn:
        return qlonglong(r.maxWays > 0 ? r.maxWays : -1);
    case RegistersColumn: {
        const std::optional<TensorRegisters> t = tensorRegisters(r, 0);
        return qlonglong(t ? t->vgprs : -1);
    }
    default:
        return display(r, column).toString();
    }
}

QVariant KernelOpsModel::display(const KernelOpReport &r, int column) const
{
    switch (column) {
    case LineColumn:
        return r.line;
    case OpColumn: {
        const size_t dot = r.op.find('.');
        return qs(dot == std::string::npos ? r.op : r.op.substr(dot + 1));
    }
    case NameColumn:
        return qs(r.name);
    case ShapeColumn:
        return r.shape.empty() ? QString() : qs(r.shape + "x" + r.dtype);
    case FromToColumn:
        if (r.src.empty() && r.dst.empty())
            return QString();
        return shortEncoding(r.src) + QStringLiteral(" → ") + shortEncoding(r.dst);
    case InstructionColumn:
        if (!r.problem.empty())
            return tr("(cannot analyse)");
        return qs(r.instruction);
    case CountColumn:
        return r.count > 0 ? QVariant(qlonglong(r.count)) : QVariant();
    case CyclesColumn:
        if (!r.cyclesPerCta)
            return QVariant();
        // An extrapolated number says so where it is shown.
        return kernelCyclesSource(r) == FigureSource::Computed
                   ? QVariant(qlonglong(*r.cyclesPerCta))
                   : QVariant(
                         QStringLiteral("%1 (%2)")
                             .arg(*r.cyclesPerCta)
                             .arg(QString::fromLatin1(figureSourceName(kernelCyclesSource(r)))));
    case ConflictsColumn:
        return r.maxWays > 1 ? tr("%1-way").arg(r.maxWays)
                             : (r.maxWays == 1 ? tr("none") : QString());
    case RegistersColumn: {
        const std::optional<TensorRegisters> t = tensorRegisters(r, 0);
        return t ? QVariant(qlonglong(t->vgprs)) : QVariant();
    }
    default:
        return {};
    }
}

} // namespace lx
