#include "models/suggestmodel.h"

#include "analysis/suggestpreset.h"
#include "io/scene.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "models/conflictfix.h"
#include "models/layoutdocument.h"
#include "models/scenefile.h"

#include <QElapsedTimer>
#include <QFont>
#include <QJsonObject>
#include <QUndoStack>

#include <variant>

using namespace Qt::StringLiterals;

namespace lx {

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

QString waysText(int ways, int cycles)
{
    return ways > 0 ? u"%1-way, %2 cyc"_s.arg(ways).arg(cycles) : u"-"_s;
}

} // namespace

SuggestModel::SuggestModel(LayoutDocument *document, QObject *parent)
    : TableModel(parent, {u"Family"_s, u"Read"_s, u"Write"_s, u"Vector"_s, u"ds_load_tr"_s,
                          u"LDS bytes"_s, u"Part. conflicts"_s, u"Pareto"_s, u"Layout"_s}),
      m_document(document)
{
}

int SuggestModel::rows() const
{
    return int(m_result.candidates.size()) + (m_result.triton ? 1 : 0);
}

const SharedCandidate *SuggestModel::candidate(int row) const
{
    if (row >= 0 && row < int(m_result.candidates.size()))
        return &m_result.candidates[size_t(row)];
    if (row == referenceRow())
        return &*m_result.triton;
    return nullptr;
}

QVariant SuggestModel::data(const QModelIndex &index, int role) const
{
    const SharedCandidate *c = candidate(index.row());
    if (!c)
        return {};
    const bool reference = index.row() == referenceRow();
    if (role == Qt::ToolTipRole)
        return qs(c->text) + (c->note.empty() ? QString() : u"\n"_s + qs(c->note));
    if (role == Qt::FontRole && (reference || c->pareto)) {
        QFont f;
        f.setBold(c->pareto);
        f.setItalic(reference);
        return f;
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case FamilyColumn:
        return reference ? (m_kpack ? u"current"_s : u"Triton's pick"_s) : qs(c->family);
    case ReadColumn:
        return c->readCycles > 0 ? waysText(c->readWays, c->readCycles) : u"-"_s;
    case WriteColumn:
        return waysText(c->writeWays, c->writeCycles);
    case VectorColumn:
        return u"%1-bit"_s.arg(c->vectorBits);
    case DsLoadTrColumn:
        return c->dsLoadTr ? u"yes"_s : u"no"_s;
    case LdsColumn:
        return QString::number(c->ldsBytes);
    case PartitionColumn:
        return c->partitionConflicts;
    case ParetoColumn:
        return c->pareto ? u"yes"_s : QString();
    case TextColumn:
        return qs(c->text);
    }
    return {};
}

void SuggestModel::refresh()
{
    beginResetModel();
    m_result = {};
    m_request.reset();
    m_kpackRequest.reset();
    m_sharedName.clear();
    m_kpack = false;
    const Scene scene = sceneFromContents(m_document->contents());
    for (const SceneView &v : scene.views) {
        if (v.kind.rfind("bank-", 0) == 0 && v.options.contains("shared") &&
            v.options.at("shared").is_string()) {
            m_sharedName = qs(v.options.at("shared").get<std::string>());
            break;
        }
    }
    auto access = sceneAccess(scene);
    if (!access) {
        m_status = tr("Nothing to search: %1").arg(qs(access.message()));
    } else {
        QElapsedTimer timer;
        timer.start();
        Expected<SuggestSharedResult> r = makeError("no access");
        if (auto *sr = std::get_if<SuggestSharedRequest>(&access->request)) {
            m_request = *sr;
            r = suggestShared(*sr);
        } else {
            m_kpack = true;
            m_kpackRequest = std::get<KPackSuggestRequest>(access->request);
            r = suggestKPack(*m_kpackRequest);
        }
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        if (!r) {
            m_status = tr("Search failed: %1").arg(qs(r.message()));
        } else {
            m_result = std::move(*r);
            int front = 0;
            for (const auto &c : m_result.candidates)
                front += c.pareto;
            m_status = tr("%1 — %2 candidates scored in %3 ms, %4 on the Pareto front")
                           .arg(qs(access->description))
                           .arg(m_result.scored)
                           .arg(ms, 0, 'f', 1)
                           .arg(front);
        }
    }
    endResetModel();
    Q_EMIT refreshed();
}

QString SuggestModel::replaceShared(const LayoutAttrPtr &attr, const QString &what)
{
    if (!m_request)
        return tr("this access has no shared layout to replace");
    return applySharedFix(m_document, attr, m_sharedName, m_request->shape, m_request->elementBits,
                          what);
}

QString SuggestModel::apply(int row)
{
    const SharedCandidate *c = candidate(row);
    if (!c)
        return tr("no candidate in row %1").arg(row);
    if (m_kpack || !c->attr)
        return tr("kPack layouts are rocMLIR parameters, not #ttg layouts: set the rotation in "
                  "the view options (or pad the LDS rows) in rocMLIR");
    return replaceShared(c->attr, tr("Apply suggested layout (%1)").arg(qs(c->family)));
}

Expected<ConflictExplanation> SuggestModel::explainWorst() const
{
    if (m_kpackRequest)
        return explainKPack(*m_kpackRequest);
    if (!m_request)
        return makeError("the explainer needs a register layout reading a #ttg shared layout");
    LayoutAttrPtr attr;
    const int index = m_sharedName.isEmpty() ? -1 : m_document->indexOfLayout(m_sharedName);
    if (index >= 0)
        attr = m_document->layoutAt(index).attr;
    if (!attr) {
        SwizzledSharedAttr plain;
        plain.order = {1, 0};
        attr = makeAttr(plain);
    }
    auto sml = sharedMemoryLayout(*attr, m_request->shape, m_request->elementBits);
    if (!sml)
        return sml.error();
    BankAccessRequest req;
    req.reg = m_request->write ? *m_request->write : m_request->read;
    req.isWrite = m_request->write.has_value();
    req.shared = *sml;
    req.elementBits = m_request->elementBits;
    // The worst instruction of wave 0.
    req.maxWarps = 1;
    req.collectElements = false;
    req.tritonModel = false;
    auto rep = analyzeBanks(m_request->arch, req);
    if (!rep)
        return rep.error();
    ConflictQuery q;
    int worst = 0;
    for (const auto &ir : rep->instructions)
        if (ir.maxWays > worst) {
            worst = ir.maxWays;
            q.instruction = ir.index;
        }
    return explainConflict(m_request->arch, req, *attr, m_request->shape, q);
}

QString SuggestModel::applyFix(const ConflictFix &fix)
{
    if (m_kpackRequest) {
        const QString why = applyKPackFix(m_document, fix);
        if (why.isEmpty())
            refresh();
        return why;
    }
    return replaceShared(fix.attr, tr("Apply conflict fix (%1)").arg(qs(fix.description)));
}

} // namespace lx
