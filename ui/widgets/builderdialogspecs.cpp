#include "widgets/builderdialogspecs.h"

#include "analysis/limits.h"
#include "hw/wmmashapes.h"
#include "request/shape.h"

#include <QRegularExpression>

#include <deque>
#include <string>

namespace lx::builder {

namespace {

using K = BuilderDialog::Kind;

constexpr qint64 kMaxEntry = qint64(1) << 30; // every list entry and extent is below 2^30

// A drop-down field: its value is one of `choices`.
FieldSpec choiceField(const char *key, const char *label, const char *gluon, const char *help,
                      const char *def, std::vector<Choice> choices, unsigned rules = NoRule)
{
    return {key, label, FieldType::Choice, gluon, help, def, rules, 0, 0, 0, 0, std::move(choices)};
}

// A spin box whose value must be a power of two.
FieldSpec pow2Field(const char *key, const char *label, const char *gluon, const char *help,
                    const char *def)
{
    return {key, label, FieldType::Int, gluon, help, def, Pow2, 0, 0, 1, 1 << 20};
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
    // The v3 shapes of the one list (hw/wmmashapes.h), not typed again here.
    static const std::string instrShapeHelp =
        "The WMMA instruction shape [M, N, K] (v3: " + wmmaV3LayoutShapesText() + ")";
    return {
        choiceField(key("version"), "Version", "version",
                    "WMMA instruction generation: 1 (gfx11), 2 (gfx12), 3 (gfx1250)", "3",
                    {{"1", "1"}, {"2", "2"}, {"3", "3"}}),
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
         instrShapeHelp.c_str(), "16, 16, 32", NoRule, 3, 3},
    };
}

PageSpec blockedPage()
{
    return {K::Blocked,
            "blocked",
            "blocked - BlockedLayout",
            "#ttg.blocked (Gluon BlockedLayout): each thread holds sizePerThread contiguous "
            "elements, threads and warps tile the tensor walking order.",
            "blocked",
            "128x64",
            {{"sizePerThread", "Size per thread", FieldType::IntList, "size_per_thread",
              "Elements each thread holds contiguously, per tensor dim", "1, 8", RankSized},
             {"threadsPerWarp", "Threads per warp", FieldType::IntList, "threads_per_warp",
              "Threads of a warp along each dim; their product is the wave size (32 on gfx1250)",
              "8, 4", RankSized},
             {"warpsPerCTA", "Warps per CTA", FieldType::IntList, "warps_per_cta",
              "Warps along each dim", "4, 1", RankSized},
             {"order", "Order", FieldType::IntList, "order",
              "Tensor dims from the fastest varying to the slowest", "1, 0", RankSized}}};
}

PageSpec wmmaCtaPage()
{
    const std::vector<FieldSpec> wmma = wmmaParentFields("");
    return {K::WmmaCta,
            "amd_wmma",
            "amd_wmma (ctaLayout) - AMDWMMALayout",
            "#ttg.amd_wmma in its ctaLayout form (Gluon AMDWMMALayout with reg_bases / "
            "warp_bases): the CTA tile is the instruction tile times the ctaLayout; the "
            "defaults are the swizzled layout of the fig9 preset.",
            "mma",
            "64x32",
            wmma};
}

PageSpec wmmaLegacyPage()
{
    const std::vector<FieldSpec> wmma = wmmaParentFields("");
    PageSpec page = {
        K::WmmaLegacy,
        "amd_wmma_legacy",
        "amd_wmma (legacy warpsPerCTA) - AMDWMMALayout",
        "#ttg.amd_wmma in its legacy form (Gluon AMDWMMALayout with warps_per_cta): warps "
        "tile the tensor, tilesPerWarp repeats the instruction tile in each warp.",
        "mma",
        "64x64",
        {wmma[0],
         wmma[1],
         {"warpsPerCTA", "Warps per CTA", FieldType::IntList, "warps_per_cta",
          "Warps along each dim", "2, 2", RankSized},
         {"tilesPerWarp", "Tiles per warp", FieldType::IntList, "tiles_per_warp",
          "Instruction tiles each warp holds along each dim (all 1: printed not at all)", "1, 1",
          RankSized},
         wmma[4]}};
    page.mnemonic = "amd_wmma";
    return page;
}

PageSpec dotOperandPage()
{
    PageSpec dot{K::WmmaDotOperand,
                 "dot_op",
                 "dot_op of amd_wmma - DotOperandLayout",
                 "#ttg.dot_op (Gluon DotOperandLayout): operand A [M, K] or B [K, N] of "
                 "a WMMA whose accumulator layout is the parent; the defaults are the A "
                 "operand of the fig13 preset.",
                 "dot",
                 "64x64",
                 {choiceField("opIdx", "Operand", "operand_index",
                              "Which operand: 0 = A ([M, K]), 1 = B ([K, N])", "0",
                              {{"0", "0 (A, [M, K])"}, {"1", "1 (B, [K, N])"}}),
                  {"kWidth", "kWidth", FieldType::Int, "k_width",
                   "Consecutive K elements each lane holds (mandatory for WMMA v3)", "8", NoRule, 0,
                   0, 0, 1 << 20}}};
    for (FieldSpec f : wmmaParentFields("parent."))
        dot.fields.push_back(f);
    dot.subAttr = "parent";
    return dot;
}

PageSpec mfmaPage()
{
    return {K::Mfma,
            "amd_mfma",
            "amd_mfma - AMDMFMALayout",
            "#ttg.amd_mfma (Gluon AMDMFMALayout): the CDNA matrix-core accumulator layout.",
            "mfma",
            "64x64",
            {choiceField("version", "Version", "version",
                         "MFMA generation: 1 (gfx908), 2 (gfx90a), 3 (gfx942), 4 (gfx950)", "4",
                         {{"1", "1"}, {"2", "2"}, {"3", "3"}, {"4", "4"}}),
             {"warpsPerCTA", "Warps per CTA", FieldType::IntList, "warps_per_cta",
              "Warps along each dim", "2, 2", RankSized},
             {"instrShape", "Instruction M, N(, K)", FieldType::IntList, "instr_shape",
              "The MFMA instruction shape [M, N] or [M, N, K]; M x N is 32x32, 16x16, 64x4 or "
              "4x64",
              "16, 16, 32", NoRule, 2, 3},
             {"isTransposed", "Transposed", FieldType::Bool, "transposed",
              "Whether the accumulator is stored transposed", "true"},
             {"tilesPerWarp", "Tiles per warp", FieldType::IntList, "tiles_per_warp",
              "Instruction tiles each warp holds along each dim (all 1: printed not at all)",
              "1, 1", RankSized},
             choiceField("elementBitWidth", "Element bit width", "element_bitwidth",
                         "Width of the accumulator elements: 32, or 64 for f64", "32",
                         {{"32", "32"}, {"64", "64"}})}};
}

PageSpec linearPage()
{
    return {K::Linear,
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
              "false", Selector}}};
}

PageSpec swizzledPage()
{
    return {K::SwizzledShared,
            "swizzled_shared",
            "swizzled_shared - SwizzledSharedLayout",
            "#ttg.swizzled_shared (Gluon SwizzledSharedLayout): row r of vec-element "
            "groups is XOR-swizzled by (r / perPhase) % maxPhase.",
            "shared",
            "64x64",
            {pow2Field("vec", "Vector width", "vec", "Elements per swizzled group", "8"),
             pow2Field("perPhase", "Rows per phase", "per_phase",
                       "Consecutive rows that share one swizzle phase", "1"),
             pow2Field("maxPhase", "Phases", "max_phase", "Number of distinct swizzle phases", "8"),
             {"order", "Order", FieldType::IntList, "order",
              "Tensor dims from the fastest varying to the slowest", "1, 0", RankSized}}};
}

PageSpec paddedPage()
{
    return {
        K::PaddedShared,
        "padded_shared",
        "padded_shared - PaddedSharedLayout",
        "#ttg.padded_shared (Gluon PaddedSharedLayout): after every interval elements, "
        "padding elements are skipped; the offsets walk the tensor by order or by explicit "
        "bases.",
        "padded",
        "128x64",
        {{"intervalPadding", "Interval:+padding", FieldType::Pairs, "interval_padding_pairs",
          "Pairs interval:+padding (powers of two), e.g. 512:+16 or 256:+8, 1024:+32", "512:+16"},
         choiceField("form", "Offsets", "with_identity_for / offset_bases",
                     "Identity over the tensor shape walking order (Gluon "
                     "PaddedSharedLayout.with_identity_for), or explicit offset bases",
                     "identity",
                     {{"identity", "identity over the tensor, walking order"},
                      {"offset", "explicit offset bases"}},
                     Selector),
         {"order", "Order", FieldType::IntList, "order",
          "Tensor dims from the fastest varying to the slowest (the short form's shape is "
          "the tensor shape)",
          "1, 0", RankSized},
         {"offset", "Offset bases", FieldType::Bases, "offset_bases",
          "One basis per offset bit, each moving one dim by a power of two",
          "[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [16, 0], [32, 0], [64, 0], "
          "[1, 0], [2, 0], [4, 0], [8, 0]]"}}};
}

PageSpec partitionedPage()
{
    PageSpec page{
        K::PartitionedShared,
        "partitioned_shared",
        "partitioned_shared - PartitionedSharedLayout",
        "#ttg.partitioned_shared (Gluon PartitionedSharedLayout): the tensor is cut along "
        "partitionDim into numPartitions x numGroups pieces laid out by the inner layout; "
        "the defaults are operand A of the fig12 preset.",
        "partitioned",
        "128x64",
        {{"numPartitions", "Partitions", FieldType::Int, "num_partitions",
          "Physical buffers (LDS partitions) the pieces are spread over; a power of two >= 2", "2",
          NoRule, 0, 0, 1, 1 << 20},
         {"numGroups", "Groups", FieldType::Int, "num_groups",
          "Pieces each partition buffer holds back to back", "2", NoRule, 0, 0, 1, 1 << 20},
         {"partitionDim", "Partition dim", FieldType::Int, "partition_dim",
          "The tensor dim that is cut into pieces", "0", NoRule, 0, 0, 0, 7},
         choiceField("partitionLayout", "Inner layout", "partition_layout",
                     "The shared layout of each piece; a padded one's shape is the piece shape",
                     "padded_shared",
                     {{"padded_shared", "padded_shared"}, {"swizzled_shared", "swizzled_shared"}},
                     Selector),
         {"partitionLayout.intervalPadding", "  Interval:+padding", FieldType::Pairs,
          "interval_padding_pairs",
          "The inner padded layout's pairs interval:+padding (powers of two)", "512:+16"},
         pow2Field("partitionLayout.vec", "  Vector width", "vec",
                   "The inner swizzled layout's elements per group", "1"),
         pow2Field("partitionLayout.perPhase", "  Rows per phase", "per_phase",
                   "The inner swizzled layout's rows per phase", "1"),
         pow2Field("partitionLayout.maxPhase", "  Phases", "max_phase",
                   "The inner swizzled layout's number of phases", "1"),
         {"partitionLayout.order", "  Order", FieldType::IntList, "order",
          "The inner layout's dims from the fastest varying to the slowest", "1, 0", RankSized}}};
    page.subAttr = "partitionLayout";
    return page;
}

} // namespace

const std::vector<PageSpec> &pageSpecs()
{
    static const std::vector<PageSpec> specs{blockedPage(),    wmmaCtaPage(), wmmaLegacyPage(),
                                             dotOperandPage(), mfmaPage(),    linearPage(),
                                             swizzledPage(),   paddedPage(),  partitionedPage()};
    return specs;
}

const PageSpec &pageSpec(BuilderDialog::Kind kind)
{
    for (const PageSpec &s : pageSpecs())
        if (s.kind == kind)
            return s;
    return pageSpecs().front();
}

QString lastComponent(const char *key)
{
    return QString::fromLatin1(key).section(QLatin1Char('.'), -1);
}

bool isPow2(qint64 v)
{
    return v > 0 && (v & (v - 1)) == 0;
}

namespace {

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

} // namespace

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

// "512:+16, 1024:+32" (brackets and the '+' optional), as #ttg.padded_shared writes them; the
// reader checks that they are powers of two and that no interval repeats.
Expected<IntervalPadding> parsePairs(const QString &text)
{
    QString t = text.trimmed();
    if (t.startsWith(QLatin1Char('[')) && t.endsWith(QLatin1Char(']')))
        t = t.mid(1, t.size() - 2).trimmed();
    if (t.isEmpty())
        return makeError("empty: type interval:+padding pairs such as 512:+16");
    IntervalPadding out;
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
        out.emplace_back(*interval, *padding);
    }
    return out;
}

Expected<IntList> parseFormShape(const QString &text)
{
    if (text.trimmed().isEmpty())
        return makeError("empty: type the tensor shape, e.g. 128x64");
    ShapeRules rules;
    rules.powerOfTwo = true;
    Expected<std::vector<int32_t>> dims = parseShape(text.trimmed().toStdString(), rules);
    if (!dims)
        return dims.error();
    if (dims->size() > 8)
        return makeError("at most 8 dims");
    if (Expected<bool> ok =
            checkAnalysisShape(std::vector<int64_t>(dims->begin(), dims->end()), "the tensor");
        !ok)
        return ok.error();
    return IntList(dims->begin(), dims->end());
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

} // namespace lx::builder
