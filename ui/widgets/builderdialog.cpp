#include "widgets/builderdialog.h"

#include "analysis/limits.h"
#include "io/basestext.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "layout/dtype.h"
#include "layout/layoututils.h"
#include "models/layoutdocument.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStyle>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <deque>
#include <set>

namespace lx {

namespace {

constexpr qint64 kMaxEntry = qint64(1) << 30; // every list entry and extent is below 2^30

enum class FieldType
{
    Int,     // QSpinBox
    Bool,    // QCheckBox
    Choice,  // QComboBox, item data = the value
    IntList, // QLineEdit: "1, 4" or "[1, 4]"
    Bases,   // QLineEdit: "[[0, 1], [1, 0]]", one component per tensor dim
    Pairs,   // QLineEdit: "512:+16, 1024:+32" (interval:+padding)
};

enum Rule : unsigned
{
    NoRule = 0,
    Pow2 = 1,        // every value a power of two >= 1
    Permutation = 2, // a permutation of 0 .. n-1
    RankSized = 4,   // one entry per tensor dim
};

struct Choice
{
    const char *value;
    const char *text;
};

struct FieldSpec
{
    const char *key;   // MLIR key path
    const char *label; // row label
    FieldType type;
    const char *gluon; // Gluon keyword
    const char *help;  // what the field means
    const char *def;   // default value, as setField() takes it
    unsigned rules = NoRule;
    int minCount = 0, maxCount = 0; // list lengths (0 = any)
    int min = 0, max = 0;           // Int range
    std::vector<Choice> choices = {};
};

struct PageSpec
{
    BuilderDialog::Kind kind;
    const char *id;
    const char *title;    // kind selector entry
    const char *heading;  // shown above the fields
    const char *baseName; // layout name suggestion
    const char *shape;    // default tensor shape
    std::vector<FieldSpec> fields;
};

bool isPow2(qint64 v)
{
    return v > 0 && (v & (v - 1)) == 0;
}

// ---- defaults: realistic gfx1250 parameters, taken from the presets where there is one -------

std::vector<FieldSpec> wmmaParentFields(const char *prefix)
{
    // The prefix ("" or "parent.") is part of the key; the strings live as long as the program
    // (a deque never moves its elements, so the c_str() pointers stay valid).
    static std::deque<std::string> keys;
    auto key = [&](const char *k) {
        keys.push_back(std::string(prefix) + k);
        return keys.back().c_str();
    };
    return {
        {key("version"),
         "Version",
         FieldType::Choice,
         "version",
         "WMMA instruction generation: 1 (gfx11), 2 (gfx12), 3 (gfx1250)",
         "3",
         NoRule,
         0,
         0,
         0,
         0,
         {{"1", "1"}, {"2", "2"}, {"3", "3"}}},
        {key("isTranspose"), "Transposed", FieldType::Bool, "transposed",
         "Whether the accumulator tile is stored transposed (each lane holds consecutive N)",
         "true"},
        {key("ctaLayout.register"), "ctaLayout register bases", FieldType::Bases, "reg_bases",
         "Register bases of the ctaLayout, one [M, N] per register bit, in instruction tiles; "
         "[] for none",
         "[[2, 0]]"},
        {key("ctaLayout.warp"), "ctaLayout warp bases", FieldType::Bases, "warp_bases",
         "Warp bases of the ctaLayout, one [M, N] per warp bit, in instruction tiles; [] for one "
         "warp",
         "[[2, 1], [1, 0]]"},
        {key("instrShape"), "Instruction M, N, K", FieldType::IntList, "instr_shape",
         "The WMMA instruction shape [M, N, K] (v3: 16x16x4/32/64/128, 32x16x64/128)", "16, 16, 32",
         NoRule, 3, 3},
    };
}

const std::vector<PageSpec> &pageSpecs()
{
    using K = BuilderDialog::Kind;
    static const std::vector<PageSpec> specs = [] {
        std::vector<PageSpec> s;
        s.push_back(
            {K::Blocked,
             "blocked",
             "blocked - BlockedLayout",
             "#ttg.blocked (Gluon BlockedLayout): each thread holds sizePerThread contiguous "
             "elements, threads and warps tile the tensor walking order.",
             "blocked",
             "128x64",
             {{"sizePerThread", "Size per thread", FieldType::IntList, "size_per_thread",
               "Elements each thread holds contiguously, per tensor dim", "1, 8", Pow2 | RankSized},
              {"threadsPerWarp", "Threads per warp", FieldType::IntList, "threads_per_warp",
               "Threads of a warp along each dim; their product is the wave size (32 on gfx1250)",
               "8, 4", Pow2 | RankSized},
              {"warpsPerCTA", "Warps per CTA", FieldType::IntList, "warps_per_cta",
               "Warps along each dim", "4, 1", Pow2 | RankSized},
              {"order", "Order", FieldType::IntList, "order",
               "Tensor dims from the fastest varying to the slowest", "1, 0",
               Permutation | RankSized}}});
        const std::vector<FieldSpec> wmma = wmmaParentFields("");
        s.push_back({K::WmmaCta, "amd_wmma", "amd_wmma (ctaLayout) - AMDWMMALayout",
                     "#ttg.amd_wmma in its ctaLayout form (Gluon AMDWMMALayout with reg_bases / "
                     "warp_bases): the CTA tile is the instruction tile times the ctaLayout; the "
                     "defaults are the swizzled layout of the fig9 preset.",
                     "mma", "64x32", wmma});
        s.push_back(
            {K::WmmaLegacy,
             "amd_wmma_legacy",
             "amd_wmma (legacy warpsPerCTA) - AMDWMMALayout",
             "#ttg.amd_wmma in its legacy form (Gluon AMDWMMALayout with warps_per_cta): warps "
             "tile the tensor, tilesPerWarp repeats the instruction tile in each warp.",
             "mma",
             "64x64",
             {wmma[0],
              wmma[1],
              {"warpsPerCTA", "Warps per CTA", FieldType::IntList, "warps_per_cta",
               "Warps along each dim", "2, 2", Pow2 | RankSized},
              {"tilesPerWarp", "Tiles per warp", FieldType::IntList, "tiles_per_warp",
               "Instruction tiles each warp holds along each dim (all 1: printed not at all)",
               "1, 1", Pow2 | RankSized},
              wmma[4]}});
        {
            PageSpec dot{K::WmmaDotOperand,
                         "dot_op",
                         "dot_op of amd_wmma - DotOperandLayout",
                         "#ttg.dot_op (Gluon DotOperandLayout): operand A [M, K] or B [K, N] of "
                         "a WMMA whose accumulator layout is the parent; the defaults are the A "
                         "operand of the fig13 preset.",
                         "dot",
                         "64x64",
                         {{"opIdx",
                           "Operand",
                           FieldType::Choice,
                           "operand_index",
                           "Which operand: 0 = A ([M, K]), 1 = B ([K, N])",
                           "0",
                           NoRule,
                           0,
                           0,
                           0,
                           0,
                           {{"0", "0 (A, [M, K])"}, {"1", "1 (B, [K, N])"}}},
                          {"kWidth", "kWidth", FieldType::Int, "k_width",
                           "Consecutive K elements each lane holds (mandatory for WMMA v3)", "8",
                           NoRule, 0, 0, 0, 1 << 20}}};
            for (FieldSpec f : wmmaParentFields("parent."))
                dot.fields.push_back(f);
            s.push_back(std::move(dot));
        }
        s.push_back(
            {K::Mfma,
             "amd_mfma",
             "amd_mfma - AMDMFMALayout",
             "#ttg.amd_mfma (Gluon AMDMFMALayout): the CDNA matrix-core accumulator layout.",
             "mfma",
             "64x64",
             {{"version",
               "Version",
               FieldType::Choice,
               "version",
               "MFMA generation: 1 (gfx908), 2 (gfx90a), 3 (gfx942), 4 (gfx950)",
               "4",
               NoRule,
               0,
               0,
               0,
               0,
               {{"1", "1"}, {"2", "2"}, {"3", "3"}, {"4", "4"}}},
              {"warpsPerCTA", "Warps per CTA", FieldType::IntList, "warps_per_cta",
               "Warps along each dim", "2, 2", Pow2 | RankSized},
              {"instrShape", "Instruction M, N(, K)", FieldType::IntList, "instr_shape",
               "The MFMA instruction shape [M, N] or [M, N, K]; M x N is 32x32, 16x16, 64x4 or "
               "4x64",
               "16, 16, 32", NoRule, 2, 3},
              {"isTransposed", "Transposed", FieldType::Bool, "transposed",
               "Whether the accumulator is stored transposed", "true"},
              {"tilesPerWarp", "Tiles per warp", FieldType::IntList, "tiles_per_warp",
               "Instruction tiles each warp holds along each dim (all 1: printed not at all)",
               "1, 1", Pow2 | RankSized},
              {"elementBitWidth",
               "Element bit width",
               FieldType::Choice,
               "element_bitwidth",
               "Width of the accumulator elements: 32, or 64 for f64",
               "32",
               NoRule,
               0,
               0,
               0,
               0,
               {{"32", "32"}, {"64", "64"}}}}});
        s.push_back(
            {K::Linear,
             "linear",
             "linear - DistributedLinearLayout",
             "#ttg.linear (Gluon DistributedLinearLayout): the bases of each hardware index, one "
             "component per tensor dim; the out sizes follow from the bases.",
             "linear",
             "32x8",
             {{"register", "Register bases", FieldType::Bases, "reg_bases",
               "One basis per register bit; [] for none", "[[0, 1], [0, 2], [0, 4]]"},
              {"lane", "Lane bases", FieldType::Bases, "lane_bases",
               "One basis per lane bit (5 for a wave of 32); [] for none",
               "[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]"},
              {"warp", "Warp bases", FieldType::Bases, "warp_bases",
               "One basis per warp bit; [] for none", "[]"},
              {"block", "Block bases", FieldType::Bases, "block_bases",
               "One basis per CTA bit of a cluster; [] for one CTA", "[]"},
              {"generic", "Generic (swizzled warps)", FieldType::Bool, "DistributedLinearLayout",
               "Print #ttg.generic_linear, whose warp bases may move more than one dim (Gluon "
               "has one DistributedLinearLayout for both)",
               "false"}}});
        s.push_back(
            {K::SwizzledShared,
             "swizzled_shared",
             "swizzled_shared - SwizzledSharedLayout",
             "#ttg.swizzled_shared (Gluon SwizzledSharedLayout): row r of vec-element "
             "groups is XOR-swizzled by (r / perPhase) % maxPhase.",
             "shared",
             "64x64",
             {{"vec", "Vector width", FieldType::Int, "vec", "Elements per swizzled group", "8",
               Pow2, 0, 0, 1, 1 << 20},
              {"perPhase", "Rows per phase", FieldType::Int, "per_phase",
               "Consecutive rows that share one swizzle phase", "1", Pow2, 0, 0, 1, 1 << 20},
              {"maxPhase", "Phases", FieldType::Int, "max_phase",
               "Number of distinct swizzle phases", "8", Pow2, 0, 0, 1, 1 << 20},
              {"order", "Order", FieldType::IntList, "order",
               "Tensor dims from the fastest varying to the slowest", "1, 0",
               Permutation | RankSized}}});
        s.push_back(
            {K::PaddedShared,
             "padded_shared",
             "padded_shared - PaddedSharedLayout",
             "#ttg.padded_shared (Gluon PaddedSharedLayout): after every interval elements, "
             "padding elements are skipped; the offsets walk the tensor by order or by explicit "
             "bases.",
             "padded",
             "128x64",
             {{"intervalPadding", "Interval:+padding", FieldType::Pairs, "interval_padding_pairs",
               "Pairs interval:+padding (powers of two), e.g. 512:+16 or 256:+8, 1024:+32",
               "512:+16"},
              {"form",
               "Offsets",
               FieldType::Choice,
               "with_identity_for / offset_bases",
               "Identity over the tensor shape walking order (Gluon "
               "PaddedSharedLayout.with_identity_for), or explicit offset bases",
               "identity",
               NoRule,
               0,
               0,
               0,
               0,
               {{"identity", "identity over the tensor, walking order"},
                {"offset", "explicit offset bases"}}},
              {"order", "Order", FieldType::IntList, "order",
               "Tensor dims from the fastest varying to the slowest (the short form's shape is "
               "the tensor shape)",
               "1, 0", Permutation | RankSized},
              {"offset", "Offset bases", FieldType::Bases, "offset_bases",
               "One basis per offset bit, each moving one dim by a power of two",
               "[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [16, 0], [32, 0], [64, 0], "
               "[1, 0], [2, 0], [4, 0], [8, 0]]"}}});
        s.push_back(
            {K::PartitionedShared,
             "partitioned_shared",
             "partitioned_shared - PartitionedSharedLayout",
             "#ttg.partitioned_shared (Gluon PartitionedSharedLayout): the tensor is cut along "
             "partitionDim into numPartitions x numGroups pieces laid out by the inner layout; "
             "the defaults are operand A of the fig12 preset.",
             "partitioned",
             "128x64",
             {{"numPartitions", "Partitions", FieldType::Int, "num_partitions",
               "Physical buffers (LDS partitions) the pieces are spread over; a power of two >= 2",
               "2", Pow2, 0, 0, 1, 1 << 20},
              {"numGroups", "Groups", FieldType::Int, "num_groups",
               "Pieces each partition buffer holds back to back", "2", Pow2, 0, 0, 1, 1 << 20},
              {"partitionDim", "Partition dim", FieldType::Int, "partition_dim",
               "The tensor dim that is cut into pieces", "0", NoRule, 0, 0, 0, 7},
              {"partitionLayout",
               "Inner layout",
               FieldType::Choice,
               "partition_layout",
               "The shared layout of each piece; a padded one's shape is the piece shape",
               "padded_shared",
               NoRule,
               0,
               0,
               0,
               0,
               {{"padded_shared", "padded_shared"}, {"swizzled_shared", "swizzled_shared"}}},
              {"partitionLayout.intervalPadding", "  Interval:+padding", FieldType::Pairs,
               "interval_padding_pairs",
               "The inner padded layout's pairs interval:+padding (powers of two)", "512:+16"},
              {"partitionLayout.vec", "  Vector width", FieldType::Int, "vec",
               "The inner swizzled layout's elements per group", "1", Pow2, 0, 0, 1, 1 << 20},
              {"partitionLayout.perPhase", "  Rows per phase", FieldType::Int, "per_phase",
               "The inner swizzled layout's rows per phase", "1", Pow2, 0, 0, 1, 1 << 20},
              {"partitionLayout.maxPhase", "  Phases", FieldType::Int, "max_phase",
               "The inner swizzled layout's number of phases", "1", Pow2, 0, 0, 1, 1 << 20},
              {"partitionLayout.order", "  Order", FieldType::IntList, "order",
               "The inner layout's dims from the fastest varying to the slowest", "1, 0",
               Permutation | RankSized}}});
        return s;
    }();
    return specs;
}

const PageSpec &pageSpec(BuilderDialog::Kind kind)
{
    for (const PageSpec &s : pageSpecs())
        if (s.kind == kind)
            return s;
    return pageSpecs().front();
}

// Element types offered; each is a name core/layout/dtype.h knows.
const char *const kDtypes[] = {"f16",      "bf16", "f32", "f64", "f8E4M3FN", "f8E5M2",
                               "f4E2M1FN", "i8",   "i16", "i32", "i64",      "tf32"};

QString lastComponent(const char *key)
{
    return QString::fromLatin1(key).section(QLatin1Char('.'), -1);
}

// ---- field text parsers (every value a whole number in [0, 2^30)) ----------------------------

Expected<int32_t> parseEntry(const QString &raw)
{
    const QString t = raw.trimmed();
    if (t.isEmpty())
        return makeError("an entry is empty");
    bool ok = false;
    const qlonglong v = t.toLongLong(&ok);
    if (!ok) {
        // A number too long for 64 bits still reads as a (too large) number.
        static const QRegularExpression digits(QStringLiteral("^[0-9]+$"));
        if (digits.match(t).hasMatch())
            return makeError(t.left(24).toStdString() + " is too large (at most 2^30 - 1)");
        return makeError("'" + t.left(24).toStdString() + "' is not a whole number");
    }
    if (v < 0)
        return makeError(std::to_string(v) + " is negative");
    if (v >= kMaxEntry)
        return makeError(std::to_string(v) + " is too large (at most 2^30 - 1)");
    return int32_t(v);
}

// "1, 4", "[1, 4]" or "1 4".
Expected<IntList> parseIntList(const QString &text)
{
    QString t = text.trimmed();
    if (t.startsWith(QLatin1Char('['))) {
        if (!t.endsWith(QLatin1Char(']')))
            return makeError("missing ']' at the end");
        t = t.mid(1, t.size() - 2).trimmed();
    }
    if (t.isEmpty())
        return makeError("empty: type whole numbers such as 1, 4");
    static const QRegularExpression space(QStringLiteral("\\s+"));
    const QStringList parts = t.contains(QLatin1Char(',')) ? t.split(QLatin1Char(','))
                                                           : t.split(space, Qt::SkipEmptyParts);
    IntList out;
    for (const QString &p : parts) {
        Expected<int32_t> v = parseEntry(p);
        if (!v)
            return v.error();
        out.push_back(*v);
    }
    return out;
}

// "512:+16, 1024:+32" (brackets and the '+' optional), as #ttg.padded_shared writes them.
Expected<IntervalPadding> parsePairs(const QString &text)
{
    QString t = text.trimmed();
    if (t.startsWith(QLatin1Char('[')) && t.endsWith(QLatin1Char(']')))
        t = t.mid(1, t.size() - 2).trimmed();
    if (t.isEmpty())
        return makeError("empty: type interval:+padding pairs such as 512:+16");
    IntervalPadding out;
    std::set<int32_t> intervals;
    for (const QString &p : t.split(QLatin1Char(','))) {
        const QStringList ip = p.split(QLatin1Char(':'));
        if (ip.size() != 2)
            return makeError("'" + p.trimmed().left(24).toStdString() +
                             "' is not interval:+padding");
        QString pad = ip[1].trimmed();
        if (pad.startsWith(QLatin1Char('+')))
            pad = pad.mid(1);
        Expected<int32_t> interval = parseEntry(ip[0]);
        if (!interval)
            return interval.error();
        Expected<int32_t> padding = parseEntry(pad);
        if (!padding)
            return padding.error();
        if (!isPow2(*interval) || !isPow2(*padding))
            return makeError(std::to_string(*interval) + ":+" + std::to_string(*padding) +
                             ": interval and padding must be powers of two >= 1");
        if (!intervals.insert(*interval).second)
            return makeError("interval " + std::to_string(*interval) + " appears twice");
        out.emplace_back(*interval, *padding);
    }
    return out;
}

// "128x64", "128, 64" or "[128, 64]": powers of two, at most 2^kMaxAnalysisBits elements.
Expected<IntList> parseShape(const QString &text)
{
    QString t = text.trimmed();
    t.replace(QLatin1Char('x'), QLatin1Char(',')).replace(QLatin1Char('X'), QLatin1Char(','));
    if (t.trimmed().isEmpty())
        return makeError("empty: type the tensor shape, e.g. 128x64");
    Expected<IntList> dims = parseIntList(t);
    if (!dims)
        return dims;
    if (dims->size() > 8)
        return makeError("at most 8 dims");
    std::vector<int64_t> extents;
    for (int32_t d : *dims) {
        if (!isPow2(d))
            return makeError("extent " + std::to_string(d) + " is not a power of two >= 1");
        extents.push_back(d);
    }
    if (Expected<bool> ok = checkAnalysisShape(extents, "the tensor"); !ok)
        return ok.error();
    return dims;
}

// A short-form padded layout over `shape` walking `order`, its order as the reader stores it.
PaddedSharedAttr shortPadded(IntervalPadding pairs, const IntList &shape, const IntList &order)
{
    PaddedSharedAttr p;
    p.intervalPadding = std::move(pairs);
    p.shape = shape;
    p.order = orderOfBases(identityBases(shape, order), int(shape.size()));
    return p;
}

// Whether `word` occurs in `text` as a whole word (not inside an identifier).
bool mentions(const QString &text, const QString &word)
{
    auto isWordChar = [](QChar c) { return c.isLetterOrNumber() || c == QLatin1Char('_'); };
    for (qsizetype at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
        const bool startOk = at == 0 || !isWordChar(text[at - 1]);
        const qsizetype end = at + word.size();
        const bool endOk = end >= text.size() || !isWordChar(text[end]);
        if (startOk && endOk)
            return true;
    }
    return false;
}

QString errorStyle()
{
    return QStringLiteral("color: #c00000;");
}

} // namespace

// ---------------------------------------------------------------------------------------------

struct BuilderDialog::Field
{
    FieldSpec spec;
    QWidget *editor = nullptr;
    QLabel *label = nullptr;
    QLabel *error = nullptr;
    QWidget *row = nullptr; // editor + error, the form's field column
    // Parsed value (valid when the field has no message).
    int32_t intValue = 0;
    bool boolValue = false;
    QString choice;
    IntList list;
    BasisList bases;
    IntervalPadding pairs;
    QString message;
};

struct BuilderDialog::Page
{
    Kind kind = Kind::Blocked;
    QWidget *widget = nullptr;
    QFormLayout *form = nullptr;
    QString shapeText;
    std::vector<std::unique_ptr<Field>> fields;
};

namespace {

QWidget *makeEditor(const FieldSpec &spec, QWidget *parent)
{
    switch (spec.type) {
    case FieldType::Int: {
        auto *spin = new QSpinBox(parent);
        spin->setRange(spec.min, spec.max);
        return spin;
    }
    case FieldType::Bool:
        return new QCheckBox(parent);
    case FieldType::Choice: {
        auto *box = new QComboBox(parent);
        for (const Choice &c : spec.choices)
            box->addItem(QString::fromUtf8(c.text), QString::fromLatin1(c.value));
        return box;
    }
    case FieldType::IntList:
    case FieldType::Bases:
    case FieldType::Pairs:
        return new QLineEdit(parent);
    }
    return nullptr;
}

QString tooltipOf(const FieldSpec &spec)
{
    return QStringLiteral("<p>%1</p><p>MLIR key: <code>%2</code><br>Gluon keyword: <code>%3</code>"
                          "</p>")
        .arg(QString::fromUtf8(spec.help).toHtmlEscaped(), QString::fromLatin1(spec.key),
             QString::fromLatin1(spec.gluon));
}

} // namespace

QList<BuilderDialog::Kind> BuilderDialog::kinds()
{
    QList<Kind> out;
    for (const PageSpec &s : pageSpecs())
        out << s.kind;
    return out;
}

QString BuilderDialog::kindId(Kind kind)
{
    return QString::fromLatin1(pageSpec(kind).id);
}

bool BuilderDialog::kindFromId(const QString &id, Kind *kind)
{
    for (const PageSpec &s : pageSpecs())
        if (id == QLatin1String(s.id)) {
            *kind = s.kind;
            return true;
        }
    return false;
}

BuilderDialog::BuilderDialog(LayoutDocument *document, QWidget *parent)
    : QDialog(parent), m_document(document)
{
    setWindowTitle(tr("Add Layout from Builder"));
    setObjectName(QStringLiteral("builderDialog"));
    setMinimumWidth(640);
    // A marked field: a red frame, readable in the light and the dark theme.
    setStyleSheet(QStringLiteral("QLineEdit[lxInvalid=\"true\"], QSpinBox[lxInvalid=\"true\"], "
                                 "QComboBox[lxInvalid=\"true\"] { border: 1px solid #d00000; }"));
    auto *outer = new QVBoxLayout(this);

    m_kindBox = new QComboBox(this);
    m_kindBox->setObjectName(QStringLiteral("kindBox"));
    m_kindBox->setToolTip(tr("The bespoke layout to build (core/layout/attrs.h)"));
    for (const PageSpec &s : pageSpecs())
        m_kindBox->addItem(QString::fromUtf8(s.title), QString::fromLatin1(s.id));
    buildCommonFields();
    auto *top = new QFormLayout;
    top->addRow(tr("Kind"), m_kindBox);
    for (const auto &f : m_common) {
        f->label = new QLabel(QString::fromUtf8(f->spec.label), this);
        top->addRow(f->label, f->row);
    }
    outer->addLayout(top);

    auto *params = new QGroupBox(tr("Parameters"), this);
    auto *paramsLayout = new QVBoxLayout(params);
    m_pageTitle = new QLabel(params);
    m_pageTitle->setWordWrap(true);
    paramsLayout->addWidget(m_pageTitle);
    m_stack = new QStackedWidget(params);
    paramsLayout->addWidget(m_stack);
    outer->addWidget(params);
    buildPages();

    auto *previewBox = new QGroupBox(tr("Preview"), this);
    auto *previewLayout = new QVBoxLayout(previewBox);
    m_preview = new QPlainTextEdit(previewBox);
    m_preview->setObjectName(QStringLiteral("previewEdit"));
    m_preview->setReadOnly(true);
    m_preview->setPlaceholderText(tr("No layout: fix the marked field"));
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_preview->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_preview->setFixedHeight(m_preview->fontMetrics().lineSpacing() * 4 + 12);
    m_preview->setToolTip(tr("The #ttg text the parameters make: what the scene saves and what "
                             "Copy Layout as #ttg copies"));
    previewLayout->addWidget(m_preview);
    m_summary = new QLabel(previewBox);
    m_summary->setObjectName(QStringLiteral("summaryLabel"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    previewLayout->addWidget(m_summary);
    outer->addWidget(previewBox);
    outer->addStretch(1);

    m_openView = new QCheckBox(tr("Open an ownership view of it"), this);
    m_openView->setChecked(true);
    m_openView->setToolTip(tr("Also add an ownership view of the new layout (one undo step with "
                              "the layout)"));
    outer->addWidget(m_openView);

    auto *buttons = new QDialogButtonBox(
        QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::RestoreDefaults, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("Add Layout"));
    buttons->button(QDialogButtonBox::RestoreDefaults)
        ->setToolTip(tr("Every parameter of every kind back to its default"));
    connect(buttons, &QDialogButtonBox::accepted, this, &BuilderDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this,
            &BuilderDialog::restoreDefaults);
    outer->addWidget(buttons);

    connect(m_kindBox, &QComboBox::currentIndexChanged, this, &BuilderDialog::onKindChanged);
    restoreDefaults();
    readSettings();
}

BuilderDialog::~BuilderDialog() = default;

void BuilderDialog::buildCommonFields()
{
    auto add = [this](FieldSpec spec, QWidget *editor) {
        auto f = std::make_unique<Field>();
        f->spec = std::move(spec);
        f->editor = editor;
        f->editor->setObjectName(QString::fromLatin1(f->spec.key));
        f->editor->setToolTip(QString::fromUtf8(f->spec.help));
        f->row = new QWidget(this);
        auto *v = new QVBoxLayout(f->row);
        v->setContentsMargins(0, 0, 0, 0);
        v->setSpacing(1);
        editor->setParent(f->row);
        v->addWidget(editor);
        f->error = new QLabel(f->row);
        f->error->setStyleSheet(errorStyle());
        f->error->setWordWrap(true);
        f->error->hide();
        v->addWidget(f->error);
        m_common.push_back(std::move(f));
    };
    auto *name = new QLineEdit(this);
    connect(name, &QLineEdit::textEdited, this, [this] { m_nameEdited = true; });
    connect(name, &QLineEdit::textChanged, this, &BuilderDialog::revalidate);
    add({"name", "Name", FieldType::IntList, "", "The layout's name in the scene (unique)", ""},
        name);
    auto *shape = new QLineEdit(this);
    connect(shape, &QLineEdit::textChanged, this, &BuilderDialog::revalidate);
    add({"shape", "Tensor shape", FieldType::IntList, "",
         "The tensor shape the layout is built for, dims joined by x (dim0 first), e.g. 128x64; "
         "powers of two, at most 2^22 elements",
         ""},
        shape);
    auto *dtype = new QComboBox(this);
    for (const char *d : kDtypes)
        dtype->addItem(QString::fromLatin1(d), QString::fromLatin1(d));
    connect(dtype, &QComboBox::currentIndexChanged, this, &BuilderDialog::revalidate);
    add({"dtype", "Element type", FieldType::Choice, "",
         "The element type: the bank, ds_load_tr and allocation views read its width", "f16"},
        dtype);
}

void BuilderDialog::buildPages()
{
    for (const PageSpec &spec : pageSpecs()) {
        auto p = std::make_unique<Page>();
        p->kind = spec.kind;
        p->shapeText = QString::fromLatin1(spec.shape);
        p->widget = new QWidget(m_stack);
        p->form = new QFormLayout(p->widget);
        p->form->setContentsMargins(0, 0, 0, 0);
        p->form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        for (const FieldSpec &fs : spec.fields) {
            auto f = std::make_unique<Field>();
            f->spec = fs;
            f->row = new QWidget(p->widget);
            auto *v = new QVBoxLayout(f->row);
            v->setContentsMargins(0, 0, 0, 0);
            v->setSpacing(1);
            f->editor = makeEditor(fs, f->row);
            f->editor->setObjectName(QString::fromLatin1(fs.key));
            f->editor->setToolTip(tooltipOf(fs));
            v->addWidget(f->editor);
            f->error = new QLabel(f->row);
            f->error->setStyleSheet(errorStyle());
            f->error->setWordWrap(true);
            f->error->hide();
            v->addWidget(f->error);
            f->label = new QLabel(QString::fromUtf8(fs.label), p->widget);
            f->label->setToolTip(tooltipOf(fs));
            p->form->addRow(f->label, f->row);
            if (auto *e = qobject_cast<QLineEdit *>(f->editor)) {
                e->setPlaceholderText(fs.type == FieldType::Bases ? QStringLiteral("[[0, 1], ...]")
                                      : fs.type == FieldType::Pairs ? QStringLiteral("512:+16")
                                                                    : QStringLiteral("1, 4"));
                connect(e, &QLineEdit::textChanged, this, &BuilderDialog::revalidate);
            } else if (auto *s = qobject_cast<QSpinBox *>(f->editor)) {
                connect(s, &QSpinBox::valueChanged, this, &BuilderDialog::revalidate);
            } else if (auto *c = qobject_cast<QComboBox *>(f->editor)) {
                connect(c, &QComboBox::currentIndexChanged, this, [this] {
                    updateVisibility();
                    revalidate();
                });
            } else if (auto *b = qobject_cast<QCheckBox *>(f->editor)) {
                connect(b, &QCheckBox::toggled, this, &BuilderDialog::revalidate);
            }
            p->fields.push_back(std::move(f));
        }
        m_stack->addWidget(p->widget);
        m_pages.push_back(std::move(p));
    }
}

BuilderDialog::Page &BuilderDialog::page(Kind kind)
{
    for (auto &p : m_pages)
        if (p->kind == kind)
            return *p;
    return *m_pages.front();
}

const BuilderDialog::Page &BuilderDialog::page(Kind kind) const
{
    return const_cast<BuilderDialog *>(this)->page(kind);
}

const BuilderDialog::Page &BuilderDialog::currentPage() const
{
    return page(kind());
}

BuilderDialog::Kind BuilderDialog::kind() const
{
    Kind k = Kind::Blocked;
    (void)kindFromId(m_kindBox->currentData().toString(), &k);
    return k;
}

void BuilderDialog::setKind(Kind kind)
{
    m_kindBox->setCurrentIndex(m_kindBox->findData(kindId(kind)));
}

BuilderDialog::Field *BuilderDialog::findField(const QString &key) const
{
    for (const auto &f : m_common)
        if (key == QLatin1String(f->spec.key))
            return f.get();
    for (const auto &f : currentPage().fields)
        if (key == QLatin1String(f->spec.key))
            return f.get();
    return nullptr;
}

QStringList BuilderDialog::fieldKeys() const
{
    QStringList keys;
    for (const auto &f : currentPage().fields)
        keys << QString::fromLatin1(f->spec.key);
    return keys;
}

QWidget *BuilderDialog::fieldWidget(const QString &key) const
{
    const Field *f = findField(key);
    return f ? f->editor : nullptr;
}

bool BuilderDialog::setField(const QString &key, const QString &value)
{
    Field *f = findField(key);
    if (!f)
        return false;
    if (auto *e = qobject_cast<QLineEdit *>(f->editor)) {
        if (key == QLatin1String("name"))
            m_nameEdited = true;
        e->setText(value);
        return true;
    }
    if (auto *s = qobject_cast<QSpinBox *>(f->editor)) {
        bool ok = false;
        const int v = value.trimmed().toInt(&ok);
        if (!ok || v < s->minimum() || v > s->maximum())
            return false;
        s->setValue(v);
        return true;
    }
    if (auto *c = qobject_cast<QComboBox *>(f->editor)) {
        int i = c->findData(value);
        if (i < 0)
            i = c->findText(value);
        if (i < 0)
            return false;
        c->setCurrentIndex(i);
        return true;
    }
    if (auto *b = qobject_cast<QCheckBox *>(f->editor)) {
        if (value != QLatin1String("true") && value != QLatin1String("false"))
            return false;
        b->setChecked(value == QLatin1String("true"));
        return true;
    }
    return false;
}

QString BuilderDialog::fieldText(const QString &key) const
{
    const Field *f = findField(key);
    if (!f)
        return {};
    if (auto *e = qobject_cast<QLineEdit *>(f->editor))
        return e->text();
    if (auto *s = qobject_cast<QSpinBox *>(f->editor))
        return QString::number(s->value());
    if (auto *c = qobject_cast<QComboBox *>(f->editor))
        return c->currentData().toString();
    if (auto *b = qobject_cast<QCheckBox *>(f->editor))
        return b->isChecked() ? QStringLiteral("true") : QStringLiteral("false");
    return {};
}

QString BuilderDialog::fieldError(const QString &key) const
{
    const Field *f = findField(key);
    return f ? f->message : QString();
}

QString BuilderDialog::errorText() const
{
    return m_error;
}

QString BuilderDialog::dtype() const
{
    return fieldText(QStringLiteral("dtype"));
}

QString BuilderDialog::layoutName() const
{
    return fieldText(QStringLiteral("name")).trimmed();
}

QString BuilderDialog::suggestedName() const
{
    const QString base = QString::fromLatin1(pageSpec(kind()).baseName);
    return m_document ? m_document->uniqueLayoutName(base) : base;
}

void BuilderDialog::restoreDefaults()
{
    for (auto &p : m_pages) {
        p->shapeText = QString::fromLatin1(pageSpec(p->kind).shape);
        for (auto &f : p->fields) {
            // setField() acts on the current page; write the widgets directly.
            const QString def = QString::fromUtf8(f->spec.def);
            const QSignalBlocker block(f->editor);
            if (auto *e = qobject_cast<QLineEdit *>(f->editor))
                e->setText(def);
            else if (auto *s = qobject_cast<QSpinBox *>(f->editor))
                s->setValue(def.toInt());
            else if (auto *c = qobject_cast<QComboBox *>(f->editor))
                c->setCurrentIndex(std::max(0, int(c->findData(def))));
            else if (auto *b = qobject_cast<QCheckBox *>(f->editor))
                b->setChecked(def == QLatin1String("true"));
        }
    }
    {
        const QSignalBlocker block(fieldWidget(QStringLiteral("dtype")));
        auto *dtypeBox = static_cast<QComboBox *>(fieldWidget(QStringLiteral("dtype")));
        dtypeBox->setCurrentIndex(dtypeBox->findData(QStringLiteral("f16")));
    }
    m_openView->setChecked(true);
    m_nameEdited = false;
    m_previousKind = -1; // the shape field takes the page's default
    onKindChanged();
}

void BuilderDialog::onKindChanged()
{
    const Kind k = kind();
    auto *shapeEdit = static_cast<QLineEdit *>(fieldWidget(QStringLiteral("shape")));
    // Each kind keeps its own tensor shape: its parameters are written for that rank.
    if (m_previousKind >= 0)
        page(static_cast<Kind>(m_previousKind)).shapeText = shapeEdit->text();
    m_previousKind = int(k);
    {
        const QSignalBlocker block(shapeEdit);
        shapeEdit->setText(page(k).shapeText);
    }
    if (!m_nameEdited) {
        auto *nameEdit = static_cast<QLineEdit *>(fieldWidget(QStringLiteral("name")));
        const QSignalBlocker block(nameEdit);
        nameEdit->setText(suggestedName());
    }
    // Only the shown page counts for the size: the form is as tall as the current kind needs.
    for (const auto &p : m_pages)
        p->widget->setSizePolicy(QSizePolicy::Preferred,
                                 p->kind == k ? QSizePolicy::Preferred : QSizePolicy::Ignored);
    m_stack->setCurrentWidget(page(k).widget);
    m_pageTitle->setText(QString::fromUtf8(pageSpec(k).heading));
    if (isVisible())
        resize(width(), std::max(height(), sizeHint().height()));
    updateVisibility();
    revalidate();
}

void BuilderDialog::updateVisibility()
{
    for (auto &p : m_pages) {
        auto value = [&](const char *key) {
            for (const auto &f : p->fields)
                if (QLatin1String(f->spec.key) == QLatin1String(key))
                    return static_cast<QComboBox *>(f->editor)->currentData().toString();
            return QString();
        };
        for (const auto &f : p->fields) {
            const QString key = QString::fromLatin1(f->spec.key);
            bool visible = true;
            if (p->kind == Kind::PaddedShared) {
                const bool identity = value("form") == QLatin1String("identity");
                if (key == QLatin1String("order"))
                    visible = identity;
                else if (key == QLatin1String("offset"))
                    visible = !identity;
            } else if (p->kind == Kind::PartitionedShared) {
                const bool padded = value("partitionLayout") == QLatin1String("padded_shared");
                if (key == QLatin1String("partitionLayout.intervalPadding"))
                    visible = padded;
                else if (key.startsWith(QLatin1String("partitionLayout.")) &&
                         key != QLatin1String("partitionLayout.order"))
                    visible = !padded;
            }
            p->form->setRowVisible(f->row, visible);
            f->row->setProperty("lxActive", visible);
        }
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
    Field *nameField = m_common[0].get();
    Field *shapeField = m_common[1].get();
    Field *dtypeField = m_common[2].get();

    // ---- each field on its own ----
    const QString name = layoutName();
    if (name.isEmpty())
        nameField->message = tr("The layout needs a name");
    else if (m_document && m_document->indexOfLayout(name) >= 0)
        nameField->message = tr("There is already a layout named %1").arg(name);
    int rank = -1;
    IntList shape;
    if (Expected<IntList> s = parseShape(fieldText(QStringLiteral("shape"))); !s) {
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
        case FieldType::IntList: {
            Expected<IntList> l = parseIntList(text);
            if (!l) {
                fail(l.message());
                break;
            }
            f.list = *l;
            const int n = int(f.list.size());
            if ((s.rules & Pow2) &&
                std::any_of(f.list.begin(), f.list.end(), [](int32_t x) { return !isPow2(x); }))
                fail("every entry must be a power of two >= 1");
            else if ((s.rules & RankSized) && rank >= 0 && n != rank)
                fail("has " + std::to_string(n) + " entries; the tensor has rank " +
                     std::to_string(rank));
            else if (s.minCount > 0 && (n < s.minCount || n > s.maxCount))
                fail(s.minCount == s.maxCount ? "needs " + std::to_string(s.minCount) + " entries"
                                              : "needs " + std::to_string(s.minCount) + " to " +
                                                    std::to_string(s.maxCount) + " entries");
            else if (s.rules & Permutation) {
                std::vector<bool> seen(size_t(n), false);
                for (int32_t d : f.list) {
                    if (d >= n || seen[size_t(d)]) {
                        fail("must be a permutation of 0.." + std::to_string(n - 1));
                        break;
                    }
                    seen[size_t(d)] = true;
                }
            }
            break;
        }
        }
    }

    // ---- the whole attribute ----
    auto field = [&](const char *key) -> Field & {
        for (auto &f : pg.fields)
            if (QLatin1String(f->spec.key) == QLatin1String(key))
                return *f;
        return *pg.fields.front(); // not reached: every key below is a field of its page
    };
    // A message of the parser or a builder goes to every shown field it names.
    auto attach = [&](QString message) {
        static const QRegularExpression position(QStringLiteral("^\\d+:\\d+: "));
        message.remove(position); // positions in generated text mean nothing to the person
        bool placed = false;
        for (Field *f : active) {
            const QString key = QString::fromLatin1(f->spec.key);
            QStringList words{lastComponent(f->spec.key)};
            if (*f->spec.gluon)
                words << QString::fromLatin1(f->spec.gluon);
            if (key == QLatin1String("shape"))
                words = {QStringLiteral("tensor"), QStringLiteral("piece")};
            for (const QString &w : words)
                if (f != nameField && f != dtypeField && mentions(message, w)) {
                    f->message = message;
                    placed = true;
                    break;
                }
        }
        m_error = placed ? QString() : message;
    };

    const bool fieldsOk = std::none_of(active.begin(), active.end(),
                                       [](const Field *f) { return !f->message.isEmpty(); });
    LayoutAttrPtr attr;
    if (fieldsOk) {
        auto wmma = [&](const char *prefix) {
            auto f = [&](const char *k) -> Field & {
                return field((prefix + std::string(k)).c_str());
            };
            AmdWmmaAttr a;
            a.version = f("version").choice.toInt();
            a.isTransposed = f("isTranspose").boolValue;
            a.instrShape = f("instrShape").list;
            return a;
        };
        auto ctaWmma = [&](const char *prefix) {
            AmdWmmaAttr a = wmma(prefix);
            a.ctaRegister = field((std::string(prefix) + "ctaLayout.register").c_str()).bases;
            a.ctaWarp = field((std::string(prefix) + "ctaLayout.warp").c_str()).bases;
            // The reader keeps an explicit rank only when no basis shows it and it is not 2.
            if (a.ctaRegister.empty() && a.ctaWarp.empty() && rank != 2)
                a.rank = rank;
            return a;
        };
        auto allOnes = [](const IntList &l) {
            return std::all_of(l.begin(), l.end(), [](int32_t x) { return x == 1; });
        };
        switch (pg.kind) {
        case Kind::Blocked: {
            BlockedAttr a;
            a.sizePerThread = field("sizePerThread").list;
            a.threadsPerWarp = field("threadsPerWarp").list;
            a.warpsPerCTA = field("warpsPerCTA").list;
            a.order = field("order").list;
            attr = makeAttr(std::move(a));
            break;
        }
        case Kind::WmmaCta:
            attr = makeAttr(ctaWmma(""));
            break;
        case Kind::WmmaLegacy: {
            AmdWmmaAttr a = wmma("");
            a.warpsPerCTA = field("warpsPerCTA").list;
            if (const IntList &t = field("tilesPerWarp").list; !allOnes(t))
                a.tilesPerWarp = t;
            attr = makeAttr(std::move(a));
            break;
        }
        case Kind::WmmaDotOperand: {
            DotOperandAttr a;
            a.opIdx = field("opIdx").choice.toInt();
            a.kWidth = field("kWidth").intValue;
            a.parent = makeAttr(ctaWmma("parent."));
            attr = makeAttr(std::move(a));
            break;
        }
        case Kind::Mfma: {
            AmdMfmaAttr a;
            a.version = field("version").choice.toInt();
            a.warpsPerCTA = field("warpsPerCTA").list;
            a.instrShape = field("instrShape").list;
            a.isTransposed = field("isTransposed").boolValue;
            if (const IntList &t = field("tilesPerWarp").list; !allOnes(t))
                a.tilesPerWarp = t;
            a.elementBitWidth = field("elementBitWidth").choice.toInt();
            attr = makeAttr(std::move(a));
            break;
        }
        case Kind::Linear: {
            DistributedLinearAttr a;
            a.registerBases = field("register").bases;
            a.laneBases = field("lane").bases;
            a.warpBases = field("warp").bases;
            a.blockBases = field("block").bases;
            a.generic = field("generic").boolValue;
            attr = makeAttr(std::move(a));
            break;
        }
        case Kind::SwizzledShared: {
            SwizzledSharedAttr a;
            a.vec = field("vec").intValue;
            a.perPhase = field("perPhase").intValue;
            a.maxPhase = field("maxPhase").intValue;
            a.order = field("order").list;
            attr = makeAttr(std::move(a));
            break;
        }
        case Kind::PaddedShared: {
            const IntervalPadding &pairs = field("intervalPadding").pairs;
            if (field("form").choice == QLatin1String("identity")) {
                attr = makeAttr(shortPadded(pairs, shape, field("order").list));
            } else {
                PaddedSharedAttr a;
                a.intervalPadding = pairs;
                a.offsetBases = field("offset").bases;
                // The reader stores offsets that are the identity for their own order in the
                // short form; build the same value.
                IntList own(size_t(rank), 1);
                for (const auto &b : a.offsetBases)
                    for (size_t d = 0; d < b.size(); ++d)
                        while (own[d] <= b[d] && own[d] < (int32_t(1) << 30))
                            own[d] *= 2;
                const IntList order = orderOfBases(a.offsetBases, rank);
                if (!a.offsetBases.empty() && identityBases(own, order) == a.offsetBases)
                    attr = makeAttr(shortPadded(pairs, own, order));
                else
                    attr = makeAttr(std::move(a));
            }
            break;
        }
        case Kind::PartitionedShared: {
            PartitionedSharedAttr a;
            a.numPartitions = field("numPartitions").intValue;
            a.numGroups = field("numGroups").intValue;
            a.partitionDim = field("partitionDim").intValue;
            const IntList &order = field("partitionLayout.order").list;
            if (field("partitionLayout").choice == QLatin1String("padded_shared")) {
                // The inner padded layout's shape is the piece shape: partitionDim cut into
                // numPartitions * numGroups pieces.
                IntList piece = shape;
                const int64_t pieces = int64_t(a.numPartitions) * a.numGroups;
                if (a.partitionDim >= rank) {
                    field("partitionDim").message =
                        tr("partitionDim %1 must be less than the tensor rank %2")
                            .arg(a.partitionDim)
                            .arg(rank);
                    break;
                }
                const size_t pd = size_t(a.partitionDim);
                if (piece[pd] % pieces != 0 || piece[pd] < pieces) {
                    // Marks the tensor shape and both counts: any of them can be changed.
                    attach(tr("tensor dim %1 of size %2 does not split into numPartitions x "
                              "numGroups = %3 pieces")
                               .arg(a.partitionDim)
                               .arg(piece[pd])
                               .arg(pieces));
                    break;
                }
                piece[pd] = int32_t(piece[pd] / pieces);
                a.partitionLayout = makeAttr(
                    shortPadded(field("partitionLayout.intervalPadding").pairs, piece, order));
            } else {
                SwizzledSharedAttr s;
                s.vec = field("partitionLayout.vec").intValue;
                s.perPhase = field("partitionLayout.perPhase").intValue;
                s.maxPhase = field("partitionLayout.maxPhase").intValue;
                s.order = order;
                a.partitionLayout = makeAttr(std::move(s));
            }
            attr = makeAttr(std::move(a));
            break;
        }
        }
    }

    if (attr) {
        const std::string text = printTtg(*attr);
        Expected<LayoutAttrPtr> back = parseLayoutText(text);
        if (!back) {
            attach(QString::fromStdString(back.message()));
            attr.reset();
        } else if (!(**back == *attr)) {
            // The reader would keep a different value than the one shown: refuse rather than
            // save text that reads back as another layout.
            m_error = tr("internal: the printed text reads back as a different attribute: %1")
                          .arg(QString::fromStdString(text));
            attr.reset();
        } else if (Expected<LinearLayout> l = toLinearLayout(*attr, shape); !l) {
            attach(QString::fromStdString(l.message()));
            attr.reset();
        } else if (Expected<bool> size = checkAnalysisSize(*l, "the layout"); !size) {
            m_error = QString::fromStdString(size.message());
            attr.reset();
        } else {
            m_attr = attr;
            m_layout = *l;
            m_ttgText = QString::fromStdString(text);
        }
    }
    m_shape = m_attr ? QList<int>(shape.begin(), shape.end()) : QList<int>();

    // ---- show it ----
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

QString BuilderDialog::addToDocument()
{
    revalidate();
    if (!m_attr)
        return m_error;
    if (!m_document)
        return tr("no document");
    const QString name = layoutName();
    DocumentLayout entry{name, m_layout, m_ttgText, m_shape, dtype(), m_attr};
    QUndoStack *stack = m_document->undoStack();
    const bool withView = m_openView->isChecked();
    // The name was checked by revalidate(), so addLayout cannot refuse: the macro never holds
    // half an addition.
    if (withView)
        stack->beginMacro(tr("Add layout %1 from builder").arg(name));
    QString e = m_document->addLayout(entry);
    if (e.isEmpty() && withView)
        e = m_document->addView(DocumentView{QStringLiteral("ownership"), name, {}});
    if (withView)
        stack->endMacro();
    if (!e.isEmpty())
        return e;
    writeSettings();
    return {};
}

void BuilderDialog::accept()
{
    if (addToDocument().isEmpty())
        QDialog::accept();
}

void BuilderDialog::readSettings()
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("builderDialog"));
    Kind remembered = Kind::Blocked;
    if (!kindFromId(settings.value(QStringLiteral("kind")).toString(), &remembered))
        return; // nothing remembered yet: the defaults
    for (auto &p : m_pages) {
        const QString id = kindId(p->kind);
        if (settings.contains(id + QStringLiteral("/shape")))
            p->shapeText = settings.value(id + QStringLiteral("/shape")).toString();
        for (auto &f : p->fields) {
            const QString key = id + QLatin1Char('/') + QString::fromLatin1(f->spec.key);
            if (!settings.contains(key))
                continue;
            const QString value = settings.value(key).toString();
            const QSignalBlocker block(f->editor);
            if (auto *e = qobject_cast<QLineEdit *>(f->editor))
                e->setText(value);
            else if (auto *s = qobject_cast<QSpinBox *>(f->editor))
                s->setValue(value.toInt());
            else if (auto *c = qobject_cast<QComboBox *>(f->editor); c && c->findData(value) >= 0)
                c->setCurrentIndex(c->findData(value));
            else if (auto *b = qobject_cast<QCheckBox *>(f->editor))
                b->setChecked(value == QLatin1String("true"));
        }
    }
    auto *dtypeBox = static_cast<QComboBox *>(fieldWidget(QStringLiteral("dtype")));
    if (const int i = dtypeBox->findData(settings.value(QStringLiteral("dtype")).toString());
        i >= 0)
        dtypeBox->setCurrentIndex(i);
    m_openView->setChecked(settings.value(QStringLiteral("openView"), true).toBool());
    m_previousKind = -1; // take the remembered shape of the remembered kind
    if (remembered == kind())
        onKindChanged();
    else
        setKind(remembered);
}

void BuilderDialog::writeSettings() const
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("builderDialog"));
    settings.setValue(QStringLiteral("kind"), kindId(kind()));
    settings.setValue(QStringLiteral("dtype"), dtype());
    settings.setValue(QStringLiteral("openView"), m_openView->isChecked());
    for (const auto &p : m_pages) {
        const QString id = kindId(p->kind);
        settings.setValue(id + QStringLiteral("/shape"),
                          p->kind == kind() ? fieldText(QStringLiteral("shape")) : p->shapeText);
        for (const auto &f : p->fields) {
            QString value;
            if (auto *e = qobject_cast<QLineEdit *>(f->editor))
                value = e->text();
            else if (auto *s = qobject_cast<QSpinBox *>(f->editor))
                value = QString::number(s->value());
            else if (auto *c = qobject_cast<QComboBox *>(f->editor))
                value = c->currentData().toString();
            else if (auto *b = qobject_cast<QCheckBox *>(f->editor))
                value = b->isChecked() ? QStringLiteral("true") : QStringLiteral("false");
            settings.setValue(id + QLatin1Char('/') + QString::fromLatin1(f->spec.key), value);
        }
    }
}

} // namespace lx
