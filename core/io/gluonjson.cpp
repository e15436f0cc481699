#include "io/gluonjson.h"
#include "base/jsoninput.h"
#include "layout/tmemaccess.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <bit>
#include <limits>
#include <set>
#include <string>

namespace lx {

namespace {

using json = nlohmann::json;

// Inside this file a malformed object throws GluonJsonFailure; attrFromGluonJson turns it into an
// Error, so nothing escapes.
struct GluonJsonFailure
{
    std::string message;
};

[[noreturn]] void fail(std::string message)
{
    throw GluonJsonFailure{std::move(message)};
}

std::string listJson(const IntList &l)
{
    return json(l).dump();
}

LayoutAttrPtr parseAttr(const json &j, const std::string &where, int depth);

// Parents nest a few levels in practice; the bound keeps hostile input from exhausting the stack.
constexpr int kMaxGluonNesting = 16;

// Reads the keyword arguments of one Gluon constructor and remembers which keys it used, so
// unknown (misspelt) keys are reported instead of silently ignored.
class KeywordReader
{
public:
    KeywordReader(const json &j, std::string kind, int depth)
        : m_j(j), m_kind(std::move(kind)), m_depth(depth)
    {
        m_used.insert("kind");
    }

    bool has(const std::string &key) const { return m_j.contains(key) && !m_j[key].is_null(); }

    const json &required(const std::string &key)
    {
        m_used.insert(key);
        if (!has(key))
            fail(m_kind + ": the key '" + key + "' is missing");
        return m_j[key];
    }

    int32_t integer(const std::string &key) { return toInt(required(key), key); }
    int32_t integer(const std::string &key, int32_t fallback)
    {
        m_used.insert(key);
        return has(key) ? toInt(m_j[key], key) : fallback;
    }

    bool boolean(const std::string &key)
    {
        const json &v = required(key);
        if (!v.is_boolean())
            fail(m_kind + ": '" + key + "' must be true or false, got " + jsonExcerpt(v));
        return v.get<bool>();
    }
    bool boolean(const std::string &key, bool fallback)
    {
        m_used.insert(key);
        return has(key) ? boolean(key) : fallback;
    }

    IntList intList(const std::string &key) { return toIntList(required(key), key); }
    std::optional<IntList> optionalIntList(const std::string &key)
    {
        m_used.insert(key);
        if (!has(key))
            return std::nullopt;
        return toIntList(m_j[key], key);
    }

    BasisList bases(const std::string &key) { return toBases(required(key), key); }
    BasisList bases(const std::string &key, BasisList fallback)
    {
        m_used.insert(key);
        return has(key) ? toBases(m_j[key], key) : fallback;
    }

    LayoutAttrPtr nested(const std::string &key)
    {
        return parseAttr(required(key), m_kind + "." + key, m_depth + 1);
    }

    // Requires: every key was read. Reports the first unknown key.
    void finish() const
    {
        for (const auto &[key, value] : m_j.items())
            if (!m_used.count(key))
                fail(m_kind + ": unknown key '" + key + "'");
    }

    const std::string &kind() const { return m_kind; }

private:
    int32_t toInt(const json &v, const std::string &key) const
    {
        if (!v.is_number_integer())
            fail(m_kind + ": '" + key + "' must be an integer, got " + jsonExcerpt(v));
        if (v.is_number_unsigned() &&
            v.get<uint64_t>() > uint64_t(std::numeric_limits<int32_t>::max()))
            fail(m_kind + ": '" + key + "' = " + jsonExcerpt(v) + " is out of the 32-bit range");
        const auto s = v.get<int64_t>();
        if (s < std::numeric_limits<int32_t>::min() || s > std::numeric_limits<int32_t>::max())
            fail(m_kind + ": '" + key + "' = " + jsonExcerpt(v) + " is out of the 32-bit range");
        return int32_t(s);
    }

    IntList toIntList(const json &v, const std::string &key) const
    {
        if (!v.is_array())
            fail(m_kind + ": '" + key + "' must be a list of integers, got " + jsonExcerpt(v));
        IntList out;
        for (const json &x : v)
            out.push_back(toInt(x, key));
        return out;
    }

    BasisList toBases(const json &v, const std::string &key) const
    {
        if (!v.is_array())
            fail(m_kind + ": '" + key + "' must be a list of bases (lists of integers), got " +
                 jsonExcerpt(v));
        BasisList out;
        for (const json &b : v) {
            if (!b.is_array())
                fail(m_kind + ": '" + key + "' must be a list of bases (lists of integers), got " +
                     jsonExcerpt(b));
            out.push_back(toIntList(b, key));
        }
        return out;
    }

    const json &m_j;
    std::string m_kind;
    int m_depth = 0;
    std::set<std::string> m_used;
};

// The distributed kinds (BlockedLayout, SliceLayout, ...); null for any other kind.
LayoutAttrPtr readDistributed(const std::string &kind, KeywordReader &r)
{
    if (kind == "BlockedLayout") {
        BlockedAttr a;
        a.sizePerThread = r.intList("size_per_thread");
        a.threadsPerWarp = r.intList("threads_per_warp");
        a.warpsPerCTA = r.intList("warps_per_cta");
        a.order = r.intList("order");
        a.cgaLayout = r.bases("cga_layout", {});
        return makeAttr(a);
    }
    if (kind == "SliceLayout") {
        SliceAttr a;
        a.dim = r.integer("dim");
        a.parent = r.nested("parent");
        return makeAttr(a);
    }
    if (kind == "DistributedLinearLayout") {
        DistributedLinearAttr a;
        a.registerBases = r.bases("reg_bases");
        a.laneBases = r.bases("lane_bases");
        a.warpBases = r.bases("warp_bases");
        a.blockBases = r.bases("block_bases");
        // The shape only states the rank here (the tensor shape comes with toLinearLayout).
        const IntList shape = r.intList("shape");
        for (const BasisList *bs : {&a.registerBases, &a.laneBases, &a.warpBases, &a.blockBases})
            for (const Basis &b : *bs)
                if (b.size() != shape.size())
                    fail(kind + ": a basis has " + std::to_string(b.size()) +
                         " components but 'shape' has rank " + std::to_string(shape.size()));
        return makeAttr(a);
    }
    if (kind == "DotOperandLayout") {
        DotOperandAttr a;
        a.opIdx = r.integer("operand_index");
        a.parent = r.nested("parent");
        a.kWidth = r.integer("k_width");
        return makeAttr(a);
    }
    if (kind == "AMDMFMALayout") {
        AmdMfmaAttr a;
        a.version = r.integer("version");
        a.instrShape = r.intList("instr_shape");
        a.isTransposed = r.boolean("transposed");
        a.warpsPerCTA = r.intList("warps_per_cta");
        a.elementBitWidth = r.integer("element_bitwidth", 32);
        a.tilesPerWarp = r.optionalIntList("tiles_per_warp").value_or(IntList{});
        a.cgaLayout = r.bases("cga_layout", {});
        return makeAttr(a);
    }
    if (kind == "NVMMADistributedLayout") {
        NvidiaMmaAttr a;
        const IntList version = r.intList("version");
        if (version.size() != 2)
            fail(kind + ": 'version' must be [major, minor], got " + listJson(version));
        a.versionMajor = version[0];
        a.versionMinor = version[1];
        a.warpsPerCTA = r.intList("warps_per_cta");
        a.instrShape = r.intList("instr_shape");
        a.cgaLayout = r.bases("cga_layout", {});
        return makeAttr(a);
    }
    if (kind == "AMDWMMALayout") {
        AmdWmmaAttr a;
        a.version = r.integer("version");
        a.isTransposed = r.boolean("transposed");
        if (r.has("warps_per_cta")) {
            a.warpsPerCTA = r.intList("warps_per_cta");
            a.tilesPerWarp = r.optionalIntList("tiles_per_warp");
            if (r.has("warp_bases") || r.has("reg_bases"))
                fail(
                    kind +
                    ": give either warps_per_cta/tiles_per_warp or warp_bases/reg_bases, not both");
        } else {
            a.ctaWarp = r.bases("warp_bases");
            a.ctaRegister = r.bases("reg_bases", {});
            const int32_t rank = r.integer("rank", 0);
            if (r.has("rank"))
                a.rank = rank;
        }
        if (std::optional<IntList> s = r.optionalIntList("instr_shape"))
            a.instrShape = *s;
        a.cgaLayout = r.bases("cga_layout", {});
        return makeAttr(a);
    }
    return nullptr;
}

// The shared kinds (SwizzledSharedLayout, PaddedSharedLayout, ...); null for any other kind.
LayoutAttrPtr readShared(const std::string &kind, KeywordReader &r)
{
    if (kind == "SwizzledSharedLayout") {
        SwizzledSharedAttr a;
        a.vec = r.integer("vec");
        a.perPhase = r.integer("per_phase");
        a.maxPhase = r.integer("max_phase");
        a.order = r.intList("order");
        a.cgaLayout = r.bases("cga_layout", {});
        return makeAttr(a);
    }
    if (kind == "PaddedSharedLayout") {
        PaddedSharedAttr a;
        const BasisList pairs = r.bases("interval_padding_pairs");
        for (const Basis &p : pairs) {
            if (p.size() != 2)
                fail(kind + ": each of 'interval_padding_pairs' must be [interval, padding], got " +
                     std::to_string(p.size()) + " numbers");
            a.intervalPadding.emplace_back(p[0], p[1]);
        }
        a.shape = r.intList("shape");
        if (r.has("offset_bases")) {
            a.offsetBases = r.bases("offset_bases");
            if (r.has("order"))
                fail(kind + ": give either offset_bases or order (with_identity_for), not both");
        } else {
            a.order = r.intList("order");
        }
        a.blockBases = r.bases("cga_layout", {});
        return makeAttr(a);
    }
    if (kind == "SharedLinearLayout") {
        SharedLinearAttr a;
        a.offsetBases = r.bases("offset_bases");
        a.blockBases = r.bases("block_bases", {});
        a.alignment = r.integer("alignment", 16);
        return makeAttr(a);
    }
    if (kind == "NVMMASharedLayout") {
        NvmmaSharedAttr a;
        a.swizzlingByteWidth = r.integer("swizzle_byte_width");
        a.elementBitWidth = r.integer("element_bitwidth");
        a.rank = r.integer("rank", 2);
        a.transposed = r.boolean("transposed", false);
        a.fp4Padded = r.boolean("fp4_padded", false);
        a.cgaLayout = r.bases("cga_layout", {});
        for (const Basis &b : a.cgaLayout)
            if (b.size() != size_t(a.rank))
                fail(kind + ": a basis of 'cga_layout' has " + std::to_string(b.size()) +
                     " components but 'rank' is " + std::to_string(a.rank));
        return makeAttr(a);
    }
    // Blackwell tensor memory (Gluon's nvidia.blackwell classes).
    if (kind == "TensorMemoryLayout") {
        TensorMemoryAttr a;
        const IntList block = r.intList("block");
        if (block.size() != 2)
            fail(kind + ": 'block' must have 2 entries (M, N), got " + listJson(block));
        a.blockM = block[0];
        a.blockN = block[1];
        a.colStride = r.integer("col_stride", 1);
        const IntList split = r.has("cta_split_num") ? r.intList("cta_split_num") : IntList{1, 1};
        if (split.size() != 2)
            fail(kind + ": 'cta_split_num' must have 2 entries, got " + listJson(split));
        a.ctaSplitM = split[0];
        a.ctaSplitN = split[1];
        a.twoCTAs = r.boolean("two_ctas", false);
        if (auto why = tensorMemoryAttrError(a))
            fail(kind + ": " + *why);
        return makeAttr(a);
    }
    if (kind == "TensorMemoryScalesLayout") {
        TensorMemoryScalesAttr a;
        const IntList split = r.has("cta_split_num") ? r.intList("cta_split_num") : IntList{1, 1};
        if (split.size() != 2)
            fail(kind + ": 'cta_split_num' must have 2 entries, got " + listJson(split));
        a.ctaSplitM = split[0];
        a.ctaSplitN = split[1];
        if (auto why = tensorMemoryScalesAttrError(a))
            fail(kind + ": " + *why);
        return makeAttr(a);
    }
    if (kind == "PartitionedSharedLayout") {
        PartitionedSharedAttr a;
        a.numPartitions = r.integer("num_partitions");
        a.numGroups = r.integer("num_groups");
        a.partitionDim = r.integer("partition_dim");
        a.partitionLayout = r.nested("partition_layout");
        if (!a.partitionLayout->isShared())
            fail(kind + ": 'partition_layout' must be a shared layout, got a distributed one");
        return makeAttr(a);
    }
    return nullptr;
}

LayoutAttrPtr parseAttr(const json &j, const std::string &where, int depth)
{
    if (depth > kMaxGluonNesting)
        fail(where + ": layouts nest more than " + std::to_string(kMaxGluonNesting) +
             " levels deep");
    if (!j.is_object())
        fail(where + ": a Gluon layout must be an object {\"kind\": ..., ...}, got " +
             jsonExcerpt(j));
    if (!j.contains("kind") || !j["kind"].is_string())
        fail(where + ": the layout has no string 'kind'");
    const std::string kind = j["kind"].get<std::string>();
    KeywordReader r(j, kind, depth);
    LayoutAttrPtr out = readDistributed(kind, r);
    if (!out)
        out = readShared(kind, r);
    if (!out)
        fail(where + ": unknown layout kind '" + kind + "'");
    r.finish();
    return out;
}

json basesJson(const BasisList &b)
{
    return b.empty() ? json::array() : json(b);
}

// Per dim the smallest power of two above every component: the shape a linear layout implies.
IntList impliedShape(const std::vector<const BasisList *> &lists)
{
    IntList shape;
    for (const BasisList *bs : lists)
        for (const Basis &b : *bs) {
            shape.resize(std::max(shape.size(), b.size()), 1);
            for (size_t d = 0; d < b.size(); ++d)
                shape[d] =
                    std::max(shape[d], int32_t(std::bit_ceil(uint32_t(std::max(b[d], 0)) + 1)));
        }
    return shape;
}

json nvidiaJson(const NvidiaMmaAttr &a)
{
    return {{"kind", "NVMMADistributedLayout"},
            {"version", json::array({a.versionMajor, a.versionMinor})},
            {"warps_per_cta", a.warpsPerCTA},
            {"instr_shape", a.instrShape},
            {"cga_layout", basesJson(a.cgaLayout)}};
}

json nvidiaJson(const NvmmaSharedAttr &a)
{
    return {{"kind", "NVMMASharedLayout"},
            {"swizzle_byte_width", a.swizzlingByteWidth},
            {"element_bitwidth", a.elementBitWidth},
            {"rank", a.rank},
            {"transposed", a.transposed},
            {"fp4_padded", a.fp4Padded},
            {"cga_layout", basesJson(a.cgaLayout)}};
}

json nvidiaJson(const TensorMemoryAttr &a)
{
    return {{"kind", "TensorMemoryLayout"},
            {"block", json::array({a.blockM, a.blockN})},
            {"col_stride", a.colStride},
            {"cta_split_num", json::array({a.ctaSplitM, a.ctaSplitN})},
            {"two_ctas", a.twoCTAs}};
}

json nvidiaJson(const TensorMemoryScalesAttr &a)
{
    return {{"kind", "TensorMemoryScalesLayout"},
            {"cta_split_num", json::array({a.ctaSplitM, a.ctaSplitN})}};
}

} // namespace

Expected<LayoutAttrPtr> attrFromGluonJson(const nlohmann::json &j)
{
    try {
        return parseAttr(j, "layout", 0);
    } catch (const GluonJsonFailure &f) {
        return makeError(f.message);
    } catch (const nlohmann::json::exception &e) {
        return makeError(std::string("malformed Gluon layout JSON: ") + e.what());
    }
}

nlohmann::json attrToGluonJson(const LayoutAttr &attr)
{
    return std::visit(
        [](const auto &a) -> json {
            using T = std::decay_t<decltype(a)>;
            if constexpr (std::is_same_v<T, BlockedAttr>) {
                return {{"kind", "BlockedLayout"},
                        {"size_per_thread", a.sizePerThread},
                        {"threads_per_warp", a.threadsPerWarp},
                        {"warps_per_cta", a.warpsPerCTA},
                        {"order", a.order},
                        {"cga_layout", basesJson(a.cgaLayout)}};
            } else if constexpr (std::is_same_v<T, SliceAttr>) {
                return {{"kind", "SliceLayout"},
                        {"dim", a.dim},
                        {"parent", a.parent ? attrToGluonJson(*a.parent) : json()}};
            } else if constexpr (std::is_same_v<T, DistributedLinearAttr>) {
                return {{"kind", "DistributedLinearLayout"},
                        {"reg_bases", basesJson(a.registerBases)},
                        {"lane_bases", basesJson(a.laneBases)},
                        {"warp_bases", basesJson(a.warpBases)},
                        {"block_bases", basesJson(a.blockBases)},
                        {"shape", impliedShape({&a.registerBases, &a.laneBases, &a.warpBases,
                                                &a.blockBases})}};
            } else if constexpr (std::is_same_v<T, DotOperandAttr>) {
                return {{"kind", "DotOperandLayout"},
                        {"operand_index", a.opIdx},
                        {"parent", a.parent ? attrToGluonJson(*a.parent) : json()},
                        {"k_width", a.kWidth}};
            } else if constexpr (std::is_same_v<T, AmdMfmaAttr>) {
                json j = {{"kind", "AMDMFMALayout"},
                          {"version", a.version},
                          {"instr_shape", a.instrShape},
                          {"transposed", a.isTransposed},
                          {"warps_per_cta", a.warpsPerCTA},
                          {"element_bitwidth", a.elementBitWidth},
                          {"cga_layout", basesJson(a.cgaLayout)}};
                if (!a.tilesPerWarp.empty())
                    j["tiles_per_warp"] = a.tilesPerWarp;
                return j;
            } else if constexpr (std::is_same_v<T, AmdWmmaAttr>) {
                json j = {{"kind", "AMDWMMALayout"},
                          {"version", a.version},
                          {"transposed", a.isTransposed}};
                if (a.warpsPerCTA) {
                    j["warps_per_cta"] = *a.warpsPerCTA;
                    if (a.tilesPerWarp)
                        j["tiles_per_warp"] = *a.tilesPerWarp;
                } else {
                    j["warp_bases"] = basesJson(a.ctaWarp);
                    j["reg_bases"] = basesJson(a.ctaRegister);
                    if (a.rank)
                        j["rank"] = *a.rank;
                }
                j["instr_shape"] = a.instrShape;
                j["cga_layout"] = basesJson(a.cgaLayout);
                return j;
            } else if constexpr (std::is_same_v<T, SwizzledSharedAttr>) {
                return {{"kind", "SwizzledSharedLayout"},
                        {"vec", a.vec},
                        {"per_phase", a.perPhase},
                        {"max_phase", a.maxPhase},
                        {"order", a.order},
                        {"cga_layout", basesJson(a.cgaLayout)}};
            } else if constexpr (std::is_same_v<T, PaddedSharedAttr>) {
                json pairs = json::array();
                for (const auto &[interval, padding] : a.intervalPadding)
                    pairs.push_back(json::array({interval, padding}));
                json j = {{"kind", "PaddedSharedLayout"},
                          {"interval_padding_pairs", pairs},
                          {"shape", a.shape}};
                if (!a.offsetBases.empty())
                    j["offset_bases"] = basesJson(a.offsetBases);
                else
                    j["order"] = a.order;
                j["cga_layout"] = basesJson(a.blockBases);
                return j;
            } else if constexpr (std::is_same_v<T, NvidiaMmaAttr> ||
                                 std::is_same_v<T, NvmmaSharedAttr> ||
                                 std::is_same_v<T, TensorMemoryAttr> ||
                                 std::is_same_v<T, TensorMemoryScalesAttr>) {
                return nvidiaJson(a);
            } else if constexpr (std::is_same_v<T, SharedLinearAttr>) {
                return {{"kind", "SharedLinearLayout"},
                        {"offset_bases", basesJson(a.offsetBases)},
                        {"block_bases", basesJson(a.blockBases)},
                        {"alignment", a.alignment}};
            } else {
                static_assert(std::is_same_v<T, PartitionedSharedAttr>);
                return {{"kind", "PartitionedSharedLayout"},
                        {"num_partitions", a.numPartitions},
                        {"num_groups", a.numGroups},
                        {"partition_dim", a.partitionDim},
                        {"partition_layout",
                         a.partitionLayout ? attrToGluonJson(*a.partitionLayout) : json()}};
            }
        },
        attr.value);
}

} // namespace lx
