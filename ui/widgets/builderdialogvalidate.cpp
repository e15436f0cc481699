// BuilderDialog's validation: each field on its own (syntax, ranges, the tensor rank), then the
// attribute built by the #ttg reader's own constructors (core/io/attrform) from the fields'
// values, then the checks of a pasted text (read back, linear layout, analysis size).

#include "widgets/builderdialog.h"
#include "widgets/builderdialogspecs.h"

#include "analysis/limits.h"
#include "hw/dtype.h"
#include "io/basestext.h"
#include "io/layoutname.h"
#include "io/ttgtext.h"
#include "models/layoutdocument.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QStyle>

#include <algorithm>

namespace lx {

using namespace builder;

namespace {

// The value a field hands to the attribute constructors.
FormValue formValue(const BuilderDialog::Field &f, const std::string &key)
{
    switch (f.spec.type) {
    case FieldType::Int:
        return {key, int64_t(f.intValue)};
    case FieldType::Bool:
        return {key, f.boolValue};
    case FieldType::Choice:
        return {key, int64_t(f.choice.toInt())};
    case FieldType::IntList:
        return {key, f.list};
    case FieldType::Bases:
        return {key, f.bases};
    case FieldType::Pairs:
        return {key, f.pairs};
    }
    return {key, int64_t(0)};
}

// The active, non-selector fields of one attribute: with `subAttr` null, the outer attribute's
// (keys not under the page's nested attribute `pageSub`); else the nested attribute's, its
// prefix removed from the keys.
void collect(const std::vector<BuilderDialog::Field *> &active, size_t firstParameter,
             const char *subAttr, const char *pageSub, std::vector<FormValue> &values,
             std::vector<BuilderDialog::Field *> &owners)
{
    const QString prefix = QString::fromLatin1(subAttr   ? subAttr
                                               : pageSub ? pageSub
                                                         : "") +
                           QLatin1Char('.');
    for (size_t i = firstParameter; i < active.size(); ++i) {
        BuilderDialog::Field *f = active[i];
        if (f->spec.rules & Selector)
            continue;
        const QString key = QString::fromLatin1(f->spec.key);
        const bool nested = (subAttr || pageSub) && key.startsWith(prefix);
        if (subAttr && nested)
            values.push_back(formValue(*f, key.mid(prefix.size()).toStdString()));
        else if (!subAttr && !nested)
            values.push_back(formValue(*f, key.toStdString()));
        else
            continue;
        owners.push_back(f);
    }
}

BuilderDialog::Field *fieldOf(const std::vector<BuilderDialog::Field *> &active, const char *key)
{
    for (BuilderDialog::Field *f : active)
        if (QLatin1String(f->spec.key) == QLatin1String(key))
            return f;
    return nullptr;
}

// A list field's checks the reader cannot make: the tensor rank and the widget's length.
std::string listProblem(const FieldSpec &s, const IntList &list, int rank)
{
    const int n = int(list.size());
    if ((s.rules & RankSized) && rank >= 0 && n != rank)
        return "has " + std::to_string(n) + " entries; the tensor has rank " + std::to_string(rank);
    if (s.minCount > 0 && (n < s.minCount || n > s.maxCount))
        return s.minCount == s.maxCount ? "needs " + std::to_string(s.minCount) + " entries"
                                        : "needs " + std::to_string(s.minCount) + " to " +
                                              std::to_string(s.maxCount) + " entries";
    return {};
}

} // namespace

bool BuilderDialog::checkFields(const std::vector<Field *> &active, IntList &shape)
{
    Field *nameField = m_common[0].get();
    Field *shapeField = m_common[1].get();
    Field *dtypeField = m_common[2].get();
    const QString name = layoutName();
    // The one name rule (io/layoutname.h), and no layout of the scene already has it.
    const QString nameProblem = m_document
                                    ? m_document->layoutNameRefusal(name)
                                    : QString::fromStdString(layoutNameProblem(name.toStdString()));
    if (!nameProblem.isEmpty())
        nameField->message = nameProblem;
    int rank = -1;
    if (Expected<IntList> s = parseFormShape(fieldText(QStringLiteral("shape"))); !s) {
        shapeField->message = QString::fromStdString(s.message());
    } else {
        shape = *s;
        rank = int(shape.size());
    }
    if (Expected<int> bits = dtypeBits(dtype().toStdString()); !bits)
        dtypeField->message = QString::fromStdString(bits.message());

    for (size_t i = 3; i < active.size(); ++i) {
        Field &f = *active[i];
        const FieldSpec &s = f.spec;
        const QString text = fieldText(QString::fromLatin1(s.key));
        auto fail = [&f](const std::string &m) { f.message = QString::fromStdString(m); };
        switch (s.type) {
        case FieldType::Int:
            f.intValue = static_cast<QSpinBox *>(f.editor)->value();
            if ((s.rules & Pow2) && !isPow2(f.intValue))
                fail(std::to_string(f.intValue) + " is not a power of two");
            break;
        case FieldType::Bool:
            f.boolValue = static_cast<QCheckBox *>(f.editor)->isChecked();
            break;
        case FieldType::Choice:
            f.choice = text;
            break;
        case FieldType::Pairs:
            if (Expected<IntervalPadding> p = parsePairs(text); !p)
                fail(p.message());
            else
                f.pairs = *p;
            break;
        case FieldType::Bases:
            if (rank < 0)
                break; // the components follow the tensor rank
            if (text.trimmed().isEmpty())
                f.bases.clear();
            else if (Expected<BasisList> b = parseBasesText(text.toStdString(), rank); !b)
                fail(b.message() + " (one component per tensor dim)");
            else
                f.bases = *b;
            break;
        case FieldType::IntList:
            if (Expected<IntList> l = parseIntList(text); !l) {
                fail(l.message());
            } else {
                f.list = *l;
                if (const std::string problem = listProblem(s, f.list, rank); !problem.empty())
                    fail(problem);
            }
            break;
        }
    }
    return std::none_of(active.begin(), active.end(),
                        [](const Field *f) { return !f->message.isEmpty(); });
}

void BuilderDialog::attachMessage(const std::vector<Field *> &active, QString message)
{
    static const QRegularExpression position(QStringLiteral("^\\d+:\\d+: "));
    message.remove(position); // positions in generated text mean nothing to the person
    bool placed = false;
    for (Field *f : active) {
        if (f == m_common[0].get() || f == m_common[2].get())
            continue; // the name and the element type are never what an attribute refuses
        const QString key = QString::fromLatin1(f->spec.key);
        QStringList words{lastComponent(f->spec.key)};
        if (*f->spec.gluon)
            words << QString::fromLatin1(f->spec.gluon);
        if (key == QLatin1String("shape"))
            words = {QStringLiteral("tensor"), QStringLiteral("piece")};
        if (std::any_of(words.begin(), words.end(),
                        [&](const QString &w) { return mentions(message, w); })) {
            f->message = message;
            placed = true;
        }
    }
    m_error = placed ? QString() : message;
}

LayoutAttrPtr BuilderDialog::buildFormAttr(const std::string &mnemonic,
                                           const std::vector<FormValue> &values,
                                           const std::vector<Field *> &owners,
                                           const std::vector<Field *> &active)
{
    const FormAttr built = attrFromForm(mnemonic, values);
    if (built.attr)
        return built.attr;
    Field *owner = built.field >= 0 ? owners[size_t(built.field)] : nullptr;
    if (owner)
        owner->message = QString::fromStdString(built.message);
    else
        attachMessage(active, QString::fromStdString(built.message));
    return nullptr;
}

LayoutAttrPtr BuilderDialog::buildAttr(Page &pg, const std::vector<Field *> &active,
                                       const IntList &shape)
{
    const PageSpec &spec = pageSpec(pg.kind);
    const int rank = int(shape.size());
    Field *shapeField = m_common[1].get();
    std::string mnemonic = spec.mnemonic ? spec.mnemonic : spec.id;
    std::vector<FormValue> values, innerValues;
    std::vector<Field *> owners, innerOwners;
    collect(active, 3, nullptr, spec.subAttr, values, owners);
    if (spec.subAttr)
        collect(active, 3, spec.subAttr, nullptr, innerValues, innerOwners);
    // A WMMA layout without bases shows no rank: the reader keeps the tensor's (when not 2).
    auto addWmmaRank = [&](std::vector<FormValue> &v, std::vector<Field *> &o, const char *pre) {
        const Field *reg = fieldOf(active, (std::string(pre) + "ctaLayout.register").c_str());
        const Field *warp = fieldOf(active, (std::string(pre) + "ctaLayout.warp").c_str());
        if (reg && warp && reg->bases.empty() && warp->bases.empty()) {
            v.push_back({"rank", int64_t(rank)});
            o.push_back(shapeField);
        }
    };
    switch (pg.kind) {
    case Kind::WmmaCta:
        addWmmaRank(values, owners, "");
        break;
    case Kind::WmmaDotOperand: {
        addWmmaRank(innerValues, innerOwners, "parent.");
        LayoutAttrPtr parent = buildFormAttr("amd_wmma", innerValues, innerOwners, active);
        if (!parent)
            return nullptr;
        values.push_back({"parent", parent});
        owners.push_back(nullptr);
        break;
    }
    case Kind::Linear:
        if (fieldOf(active, "generic")->boolValue)
            mnemonic = "generic_linear";
        break;
    case Kind::PaddedShared:
        if (fieldOf(active, "form")->choice == QLatin1String("identity")) {
            values.push_back({"shape", shape});
            owners.push_back(shapeField);
        } else {
            values.push_back({"block", BasisList{}});
            owners.push_back(nullptr);
        }
        break;
    case Kind::PartitionedShared: {
        LayoutAttrPtr inner = buildPartitionLayout(active, shape, innerValues, innerOwners);
        if (!inner)
            return nullptr;
        values.push_back({"partitionLayout", inner});
        owners.push_back(fieldOf(active, "partitionLayout"));
        break;
    }
    default:
        break;
    }
    return buildFormAttr(mnemonic, values, owners, active);
}

LayoutAttrPtr BuilderDialog::buildPartitionLayout(const std::vector<Field *> &active,
                                                  const IntList &shape,
                                                  std::vector<FormValue> values,
                                                  std::vector<Field *> owners)
{
    const std::string inner = fieldOf(active, "partitionLayout")->choice.toStdString();
    if (inner == "padded_shared") {
        // The inner padded layout's shape is the piece shape: partitionDim cut into
        // numPartitions * numGroups pieces.
        const int rank = int(shape.size());
        Field *dimField = fieldOf(active, "partitionDim");
        const int32_t dim = dimField->intValue;
        const int64_t pieces = int64_t(fieldOf(active, "numPartitions")->intValue) *
                               fieldOf(active, "numGroups")->intValue;
        if (dim >= rank) {
            dimField->message =
                tr("partitionDim %1 must be less than the tensor rank %2").arg(dim).arg(rank);
            return nullptr;
        }
        IntList piece = shape;
        const size_t pd = size_t(dim);
        if (pieces <= 0 || piece[pd] % pieces != 0 || piece[pd] < pieces) {
            // Marks the tensor shape and both counts: any of them can be changed.
            attachMessage(active, tr("tensor dim %1 of size %2 does not split into numPartitions "
                                     "x numGroups = %3 pieces")
                                      .arg(dim)
                                      .arg(piece[pd])
                                      .arg(pieces));
            return nullptr;
        }
        piece[pd] = int32_t(piece[pd] / pieces);
        values.push_back({"shape", piece});
        owners.push_back(m_common[1].get());
    }
    return buildFormAttr(inner, values, owners, active);
}

void BuilderDialog::acceptAttr(const LayoutAttrPtr &attr, const IntList &shape,
                               const std::vector<Field *> &active)
{
    const std::string text = printTtg(*attr);
    Expected<LayoutAttrPtr> back = parseLayoutText(text);
    if (!back) {
        attachMessage(active, QString::fromStdString(back.message()));
    } else if (!(**back == *attr)) {
        // The reader would keep a different value than the one shown: refuse rather than save
        // text that reads back as another layout.
        m_error = tr("internal: the printed text reads back as a different attribute: %1")
                      .arg(QString::fromStdString(text));
    } else if (Expected<LinearLayout> l = toLinearLayout(*attr, shape); !l) {
        attachMessage(active, QString::fromStdString(l.message()));
    } else if (Expected<bool> size = checkAnalysisSize(*l, "the layout"); !size) {
        m_error = QString::fromStdString(size.message());
    } else {
        m_attr = attr;
        m_layout = *l;
        m_ttgText = QString::fromStdString(text);
    }
}

void BuilderDialog::revalidate()
{
    if (m_pages.empty() || m_common.size() < 3)
        return; // still being built
    m_attr.reset();
    m_layout = LinearLayout();
    m_ttgText.clear();
    m_error.clear();
    Page &pg = page(kind());
    std::vector<Field *> active;
    for (auto &f : m_common) {
        f->message.clear();
        active.push_back(f.get());
    }
    for (auto &f : pg.fields) {
        f->message.clear();
        if (f->row->property("lxActive").toBool())
            active.push_back(f.get());
    }
    IntList shape;
    if (checkFields(active, shape))
        if (const LayoutAttrPtr attr = buildAttr(pg, active, shape))
            acceptAttr(attr, shape, active);
    m_shape = m_attr ? QList<int>(shape.begin(), shape.end()) : QList<int>();
    showValidation(pg);
}

void BuilderDialog::showValidation(Page &pg)
{
    QString firstFieldError;
    for (auto *group : {&m_common, &pg.fields})
        for (auto &f : *group) {
            const bool bad = !f->message.isEmpty();
            f->error->setText(f->message);
            f->error->setVisible(bad);
            if (f->editor->property("lxInvalid").toBool() != bad) {
                f->editor->setProperty("lxInvalid", bad);
                f->editor->style()->unpolish(f->editor);
                f->editor->style()->polish(f->editor);
            }
            if (bad && firstFieldError.isEmpty())
                firstFieldError = QStringLiteral("%1: %2").arg(
                    QString::fromUtf8(f->spec.label).trimmed(), f->message);
        }
    if (m_error.isEmpty() && !m_attr)
        m_error = firstFieldError;
    if (m_attr) {
        QStringList ins, outs;
        for (const auto &[n, size] : m_layout.inDims())
            ins << QStringLiteral("%1 %2").arg(QString::fromStdString(n)).arg(size);
        for (const auto &[n, size] : m_layout.outDims())
            outs << QStringLiteral("%1 %2").arg(QString::fromStdString(n)).arg(size);
        m_preview->setPlainText(m_ttgText);
        m_summary->setStyleSheet(QString());
        m_summary->setText(
            tr("In: %1\nOut: %2\nRank %3 of %4 in-bits (%5)")
                .arg(ins.join(QStringLiteral(", ")), outs.join(QStringLiteral(", ")))
                .arg(m_layout.rank())
                .arg(m_layout.totalInDimSizeLog2())
                .arg(m_layout.isInjective() ? tr("injective") : tr("with broadcast")));
    } else {
        m_preview->setPlainText(QString());
        m_summary->setStyleSheet(errorStyle());
        m_summary->setText(m_error);
    }
    m_ok->setEnabled(m_attr != nullptr);
}

} // namespace lx
