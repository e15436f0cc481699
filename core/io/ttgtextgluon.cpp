#include "io/ttgtext.h"

#include "io/ttgtextschema.h"

#include <map>
#include <optional>

namespace lx {

namespace {

using namespace ttgdetail;

struct GluonClass
{
    const char *name;
    std::vector<const char *> params; // positional order
};

const std::vector<GluonClass> kGluonClasses = {
    {"BlockedLayout",
     {"size_per_thread", "threads_per_warp", "warps_per_cta", "order", "cga_layout"}},
    {"SliceLayout", {"dim", "parent"}},
    {"DistributedLinearLayout", {"reg_bases", "lane_bases", "warp_bases", "block_bases", "shape"}},
    {"DotOperandLayout", {"operand_index", "parent", "k_width"}},
    {"SwizzledSharedLayout", {"vec", "per_phase", "max_phase", "order", "cga_layout"}},
    {"PaddedSharedLayout", {"interval_padding_pairs", "offset_bases", "cga_layout", "shape"}},
    {"PaddedSharedLayout.with_identity_for",
     {"interval_padding_pairs", "shape", "order", "cga_layout"}},
    {"SharedLinearLayout", {"offset_bases", "block_bases", "alignment"}},
    {"AMDWMMALayout",
     {"version", "transposed", "warp_bases", "reg_bases", "instr_shape", "cga_layout", "rank",
      "warps_per_cta", "tiles_per_warp"}},
    {"AMDMFMALayout",
     {"version", "instr_shape", "transposed", "warps_per_cta", "element_bitwidth", "tiles_per_warp",
      "cga_layout"}},
    {"PartitionedSharedLayout",
     {"num_partitions", "num_groups", "partition_dim", "partition_layout"}},
    {"NVMMADistributedLayout", {"version", "warps_per_cta", "instr_shape", "cga_layout"}},
    {"NVMMASharedLayout",
     {"swizzle_byte_width", "element_bitwidth", "rank", "transposed", "fp4_padded", "cga_layout"}},
    {"NVMMASharedLayout.get_default_for",
     {"block_shape", "dtype", "transposed", "fp4_padded", "cga_layout"}},
    // Blackwell (ttgl.nvidia.blackwell); `unpacked` is the older spelling of col_stride.
    {"TensorMemoryLayout", {"block", "col_stride", "cta_split_num", "two_ctas", "unpacked"}},
    {"TensorMemoryScalesLayout", {"cta_split_num"}},
    {"get_tmem_reg_layout", kTmemRegLayoutParams},
};

// The bit width of a Gluon dtype name (ttgl.float16, gl.bfloat16, ...), 0 when unknown.
int32_t dtypeBits(const std::string &qualified)
{
    const std::string name = qualified.substr(qualified.rfind('.') + 1);
    static const std::map<std::string, int32_t> bits = {
        {"float16", 16},  {"bfloat16", 16},  {"int16", 16},      {"uint16", 16},
        {"float32", 32},  {"int32", 32},     {"uint32", 32},     {"float64", 64},
        {"int64", 64},    {"uint64", 64},    {"int8", 8},        {"uint8", 8},
        {"float8e5", 8},  {"float8e4nv", 8}, {"float8e4b15", 8}, {"float8e5b16", 8},
        {"float8e4b8", 8}};
    const auto it = bits.find(name);
    return it == bits.end() ? 0 : it->second;
}

class GluonParser : private ValueCursor
{
public:
    explicit GluonParser(std::string_view text) : ValueCursor(tokenize(text, Syntax::Python)) {}

    LayoutAttrPtr parseDocument()
    {
        LayoutAttrPtr a = parseCall(0);
        if (peek().kind != Tok::End)
            fail(peek().pos, "unexpected " + describe(peek()) + " after the layout expression");
        return a;
    }

private:
    static const GluonClass *findClass(const std::string &qualified)
    {
        // Longest known suffix after a '.' (or the whole name), so module prefixes are free.
        const GluonClass *best = nullptr;
        for (const GluonClass &c : kGluonClasses) {
            const std::string n = c.name;
            const bool match = qualified == n ||
                               (qualified.size() > n.size() &&
                                qualified.compare(qualified.size() - n.size(), n.size(), n) == 0 &&
                                qualified[qualified.size() - n.size() - 1] == '.');
            if (match && (!best || n.size() > std::string(best->name).size()))
                best = &c;
        }
        return best;
    }

    LayoutAttrPtr parseCall(int depth)
    {
        if (depth > kMaxDepth)
            fail(peek().pos, "layouts nested too deeply");
        const Token name = next();
        if (name.kind != Tok::Ident)
            fail(name.pos, "expected a Gluon layout constructor, found " + describe(name));
        const GluonClass *cls = findClass(name.str());
        if (!cls)
            fail(name.pos, "unknown Gluon layout '" + name.str() + "'");
        expect("(");
        EntryList args;
        bool keywordSeen = false;
        size_t positional = 0;
        if (!acceptPunct(")")) {
            do {
                if (peek().kind == Tok::Punct && peek().text == ")")
                    break; // trailing comma
                Entry e;
                const Token &t = peek();
                const bool keyword = t.kind == Tok::Ident && m_next + 1 < m_tokens.size() &&
                                     m_tokens[m_next + 1].kind == Tok::Punct &&
                                     m_tokens[m_next + 1].text == "=";
                if (keyword) {
                    e.pos = t.pos;
                    e.key = next().text;
                    next(); // '='
                    keywordSeen = true;
                    if (std::find_if(cls->params.begin(), cls->params.end(), [&](const char *p) {
                            return e.key == p;
                        }) == cls->params.end())
                        fail(e.pos,
                             "unknown argument '" + std::string(e.key) + "' of " + cls->name);
                } else {
                    if (keywordSeen)
                        fail(t.pos, "positional argument after a keyword argument");
                    if (positional >= cls->params.size())
                        fail(t.pos, std::string("too many arguments for ") + cls->name);
                    e.pos = t.pos;
                    e.key = cls->params[positional++];
                }
                for (const Entry &prev : args)
                    if (prev.key == e.key)
                        fail(e.pos, "argument '" + std::string(e.key) + "' given twice");
                if (e.key == "instr_variant" && peek().kind == Tok::String) {
                    const Token variant = next();
                    e.value = tmemVariantValue(variant.str().substr(1, variant.text.size() - 2),
                                               variant.pos);
                } else if ((e.key == "dtype" || e.key == "element_ty") &&
                           peek().kind == Tok::Ident) {
                    // A dtype is a name, not a layout: its bit width is what the layout needs.
                    const Token dtype = next();
                    const int32_t bits = dtypeBits(dtype.str());
                    if (bits == 0)
                        fail(dtype.pos, "unknown dtype '" + dtype.str() + "'");
                    e.value = Value{Value::Int, dtype.pos, bits, false, {}, {}, {}};
                } else {
                    e.value = parseValue(depth + 1);
                }
                if (e.value.kind != Value::None)
                    args.push_back(std::move(e));
            } while (acceptPunct(","));
            expect(")");
        }
        return build(*cls, std::move(args), name.pos);
    }

    Value parseValue(int depth)
    {
        Value v;
        if (parseScalar(v, depth, "True", "False"))
            return v;
        const Token &t = peek();
        if (t.kind == Tok::Ident && t.text == "None") {
            next();
            v.kind = Value::None;
            return v;
        }
        if (t.kind == Tok::Ident) {
            v.kind = Value::Attr;
            v.attr = parseCall(depth + 1);
            return v;
        }
        if (t.kind == Tok::Punct && (t.text == "[" || t.text == "(")) {
            const std::string close = t.text == "[" ? "]" : ")";
            next();
            v.kind = Value::List;
            while (!acceptPunct(close.c_str())) {
                v.items.push_back(parseValue(depth + 1));
                if (!acceptPunct(",")) {
                    expect(close.c_str());
                    break;
                }
            }
            return v;
        }
        fail(t.pos, "expected a value, found " + describe(t));
    }

    // Gluon's NVMMASharedLayout.get_default_for: the widest swizzle (128, 64 or 32 bytes) that
    // divides the contiguous dim's bytes (the first dim when transposed), none when the outer dims
    // hold fewer than 8 rows or the tensor has rank 1.
    static LayoutAttrPtr nvmmaDefaultFor(EntryList args, const std::string &context, Pos pos)
    {
        DictReader d(std::move(args), context, pos);
        const Value &shapeValue = d.require("block_shape");
        IntList shape = asIntList(shapeValue, "block_shape", 1);
        const int32_t bits = asInt(d.require("dtype"), "dtype");
        const Value *transposed = d.take("transposed");
        const Value *fp4 = d.take("fp4_padded");
        const Value *cga = d.take("cga_layout");
        d.finish({"block_shape", "dtype", "transposed", "fp4_padded", "cga_layout"});
        if (shape.empty())
            fail(shapeValue.pos, "block_shape: expected at least one dim");
        const bool isTransposed = transposed && asBool(*transposed, "transposed");
        const bool isFp4 = fp4 && asBool(*fp4, "fp4_padded");
        const int rank = int(shape.size());
        BasisList cgaBases;
        if (cga && cga->kind != Value::None) {
            int r = rank;
            cgaBases = asBases(*cga, "cga_layout", r);
        }
        // _get_shape_per_cta: each dim divided by twice the largest block basis component.
        for (size_t dim = 0; dim < shape.size() && !cgaBases.empty(); ++dim) {
            int32_t largest = 0;
            for (const Basis &b : cgaBases)
                largest = std::max(largest, b[dim]);
            const int32_t split = largest == 0 ? 1 : 2 * largest;
            if (shape[dim] % split != 0)
                fail(shapeValue.pos, "block_shape is not divisible by the CGA layout");
            shape[dim] /= split;
        }
        if (isTransposed)
            std::rotate(shape.begin(), shape.begin() + 1, shape.end());
        const int64_t contigBytes = int64_t(shape.back()) * (isFp4 ? 2 : 1) * bits / 8;
        int32_t swizzle = 0;
        for (int32_t w : {128, 64, 32})
            if (contigBytes >= w && contigBytes % w == 0) {
                swizzle = w;
                break;
            }
        int64_t outer = 1;
        for (size_t dim = 0; dim + 1 < shape.size(); ++dim)
            outer *= shape[dim];
        if (rank < 2 || outer < 8)
            swizzle = 0;
        auto intValue = [&](int64_t v) { return Value{Value::Int, pos, v, false, {}, {}, {}}; };
        auto boolValue = [&](bool v) { return Value{Value::Bool, pos, 0, v, {}, {}, {}}; };
        EntryList entries = {{"swizzlingByteWidth", pos, intValue(swizzle)},
                             {"elementBitWidth", pos, intValue(bits)},
                             {"transposed", pos, boolValue(isTransposed)},
                             {"fp4Padded", pos, boolValue(isFp4)}};
        if (!cgaBases.empty())
            entries.push_back(Entry{"CGALayout", cga->pos, *cga});
        else
            entries.push_back(Entry{"rank", pos, intValue(rank)});
        DictReader attr(std::move(entries), context, pos);
        return makeNvmmaShared(attr);
    }

    // Renames Gluon keyword arguments to the MLIR keys and builds the attribute with the same
    // checks as the MLIR reader.
    static LayoutAttrPtr build(const GluonClass &cls, EntryList args, Pos pos)
    {
        const std::string name = cls.name;
        const std::string context = std::string("ttgl.") + cls.name;
        auto rename = [&](std::initializer_list<std::pair<const char *, const char *>> map) {
            for (Entry &e : args)
                for (const auto &[from, to] : map)
                    if (e.key == from) {
                        e.key = to;
                        break;
                    }
        };
        auto take = [&](const char *key) -> std::optional<Entry> {
            for (auto it = args.begin(); it != args.end(); ++it)
                if (it->key == key) {
                    Entry e = std::move(*it);
                    args.erase(it);
                    return e;
                }
            return std::nullopt;
        };
        if (name == "BlockedLayout") {
            rename({{"size_per_thread", "sizePerThread"},
                    {"threads_per_warp", "threadsPerWarp"},
                    {"warps_per_cta", "warpsPerCTA"},
                    {"cga_layout", "CGALayout"}});
            DictReader d(std::move(args), context, pos);
            return makeBlocked(d);
        }
        if (name == "SliceLayout") {
            DictReader d(std::move(args), context, pos);
            return makeSlice(d);
        }
        if (name == "DistributedLinearLayout") {
            std::optional<Entry> shape = take("shape");
            rename({{"reg_bases", "register"},
                    {"lane_bases", "lane"},
                    {"warp_bases", "warp"},
                    {"block_bases", "block"}});
            // Gluon has one class for both MLIR forms: swizzled warp bases make it generic.
            bool swizzledWarps = false;
            for (const Entry &e : args)
                if (e.key == "warp" && e.value.kind == Value::List)
                    for (const Value &b : e.value.items)
                        swizzledWarps |=
                            std::count_if(b.items.begin(), b.items.end(), [](const Value &c) {
                                return c.kind != Value::Int || c.integer != 0;
                            }) > 1;
            DictReader d(std::move(args), context, pos);
            LayoutAttrPtr a = makeLinear(d, swizzledWarps);
            if (shape) {
                const IntList given = asIntList(shape->value, "shape");
                if (int(given.size()) != attrRank(*a))
                    fail(shape->pos, "shape: rank does not match the bases");
                // Gluon builds the layout over `shape` and requires it surjective: the shape is
                // the one the bases span, or the layout is not the one written.
                if (const auto *l = a->as<DistributedLinearAttr>()) {
                    const IntList spanned = inferredShape(
                        {&l->registerBases, &l->laneBases, &l->warpBases, &l->blockBases},
                        attrRank(*a));
                    if (given != spanned)
                        fail(shape->pos,
                             "shape: [" + ints(given) + "] is not the shape the bases span, [" +
                                 ints(spanned) + "] (the layout must cover its shape exactly)");
                }
            }
            return a;
        }
        if (name == "DotOperandLayout") {
            rename({{"operand_index", "opIdx"}, {"k_width", "kWidth"}});
            DictReader d(std::move(args), context, pos);
            return makeDotOperand(d);
        }
        if (name == "SwizzledSharedLayout") {
            rename({{"per_phase", "perPhase"},
                    {"max_phase", "maxPhase"},
                    {"cga_layout", "CGALayout"}});
            DictReader d(std::move(args), context, pos);
            return makeSwizzled(d);
        }
        if (name == "PaddedSharedLayout" || name == "PaddedSharedLayout.with_identity_for") {
            std::optional<Entry> pairsArg = take("interval_padding_pairs");
            if (!pairsArg)
                fail(pos, "missing argument 'interval_padding_pairs' of " + context);
            std::vector<std::pair<int32_t, int32_t>> pairs;
            if (pairsArg->value.kind != Value::List)
                fail(pairsArg->pos,
                     "interval_padding_pairs: expected a list of [interval, padding]");
            for (const Value &p : pairsArg->value.items) {
                IntList ip = asIntList(p, "interval_padding_pairs");
                if (ip.size() != 2)
                    fail(p.pos, "interval_padding_pairs: expected [interval, padding]");
                pairs.emplace_back(ip[0], ip[1]);
            }
            std::optional<Entry> shape;
            if (name == "PaddedSharedLayout") {
                shape = take("shape");
                if (std::optional<Entry> cga = take("cga_layout"))
                    args.push_back(Entry{"block", cga->pos, std::move(cga->value)});
                else
                    args.push_back(
                        Entry{"block", pos, Value{Value::List, pos, 0, false, {}, {}, {}}});
                rename({{"offset_bases", "offset"}});
            } else if (std::optional<Entry> cga = take("cga_layout")) {
                if (cga->value.kind != Value::List || !cga->value.items.empty())
                    fail(cga->pos, "cga_layout: more than one CTA is not supported by the "
                                   "identity form; give offset_bases instead");
            }
            DictReader d(std::move(args), context, pos);
            LayoutAttrPtr a = makePadded(std::move(pairs), pairsArg->pos, d);
            if (shape && int(asIntList(shape->value, "shape").size()) != attrRank(*a))
                fail(shape->pos, "shape: rank does not match the bases");
            return a;
        }
        if (name == "SharedLinearLayout") {
            std::optional<Entry> alignment = take("alignment");
            rename({{"offset_bases", "offset"}, {"block_bases", "block"}});
            DictReader d(std::move(args), context, pos);
            const int32_t align = alignment ? asInt(alignment->value, "alignment", 1) : 16;
            return makeSharedLinear(d, align, alignment ? &alignment->value : nullptr);
        }
        if (name == "AMDWMMALayout") {
            std::optional<Entry> warp = take("warp_bases");
            std::optional<Entry> reg = take("reg_bases");
            rename({{"transposed", "isTranspose"},
                    {"instr_shape", "instrShape"},
                    {"cga_layout", "CGALayout"},
                    {"warps_per_cta", "warpsPerCTA"},
                    {"tiles_per_warp", "tilesPerWarp"}});
            if (warp || reg) {
                Value cta{Value::Dict, warp ? warp->pos : reg->pos, 0, false, {}, {}, {}};
                if (reg)
                    cta.entries.push_back(Entry{"register", reg->pos, std::move(reg->value)});
                if (warp)
                    cta.entries.push_back(Entry{"warp", warp->pos, std::move(warp->value)});
                args.push_back(Entry{"ctaLayout", cta.pos, std::move(cta)});
            }
            if (std::none_of(args.begin(), args.end(),
                             [](const Entry &e) { return e.key == "instrShape"; })) {
                // Gluon's default instr_shape is [16, 16, 16]; make it explicit so that a v3
                // layout without it gets the v3 shape check instead of a missing-key error.
                Value v{Value::List, pos, 0, false, {}, {}, {}};
                for (int k = 0; k < 3; ++k)
                    v.items.push_back(Value{Value::Int, pos, 16, false, {}, {}, {}});
                args.push_back(Entry{"instrShape", pos, std::move(v)});
            }
            DictReader d(std::move(args), context, pos);
            return makeWmma(d);
        }
        if (name == "AMDMFMALayout") {
            rename({{"instr_shape", "instrShape"},
                    {"transposed", "isTransposed"},
                    {"warps_per_cta", "warpsPerCTA"},
                    {"element_bitwidth", "elementBitWidth"},
                    {"tiles_per_warp", "tilesPerWarp"},
                    {"cga_layout", "CGALayout"}});
            DictReader d(std::move(args), context, pos);
            return makeMfma(d);
        }
        if (name == "NVMMADistributedLayout") {
            // version=[major, minor] is two keys of the attribute.
            if (std::optional<Entry> version = take("version")) {
                const IntList v = asIntList(version->value, "version");
                if (v.size() != 2)
                    fail(version->pos, "version: expected [major, minor]");
                args.push_back(Entry{"versionMajor", version->pos,
                                     Value{Value::Int, version->pos, v[0], false, {}, {}, {}}});
                args.push_back(Entry{"versionMinor", version->pos,
                                     Value{Value::Int, version->pos, v[1], false, {}, {}, {}}});
            }
            rename({{"warps_per_cta", "warpsPerCTA"},
                    {"instr_shape", "instrShape"},
                    {"cga_layout", "CGALayout"}});
            DictReader d(std::move(args), context, pos);
            return makeNvidiaMma(d);
        }
        if (name == "TensorMemoryLayout")
            return makeGluonTensorMemory(std::move(args), context, pos);
        if (name == "TensorMemoryScalesLayout")
            return makeGluonTensorMemoryScales(std::move(args), context, pos);
        if (name == "get_tmem_reg_layout")
            return makeGluonTmemRegLayout(std::move(args), context, pos);
        if (name == "NVMMASharedLayout.get_default_for")
            return nvmmaDefaultFor(std::move(args), context, pos);
        if (name == "NVMMASharedLayout") {
            // Gluon always knows the rank (default 2); a CGA must agree with it.
            std::optional<Entry> rank = take("rank");
            std::optional<Entry> cga = take("cga_layout");
            if (cga && cga->value.kind == Value::List && !cga->value.items.empty()) {
                if (rank) {
                    int r = -1;
                    (void)asBases(cga->value, "cga_layout", r);
                    if (r != asInt(rank->value, "rank", 1, 8))
                        fail(rank->pos, "rank does not match the rank of cga_layout");
                }
                args.push_back(Entry{"CGALayout", cga->pos, std::move(cga->value)});
            } else if (rank) {
                args.push_back(Entry{"rank", rank->pos, std::move(rank->value)});
            }
            rename({{"swizzle_byte_width", "swizzlingByteWidth"},
                    {"element_bitwidth", "elementBitWidth"},
                    {"fp4_padded", "fp4Padded"}});
            DictReader d(std::move(args), context, pos);
            return makeNvmmaShared(d);
        }
        // PartitionedSharedLayout
        rename({{"num_partitions", "numPartitions"},
                {"num_groups", "numGroups"},
                {"partition_dim", "partitionDim"},
                {"partition_layout", "partitionLayout"}});
        DictReader d(std::move(args), context, pos);
        return makePartitioned(d);
    }
};

} // namespace

Expected<LayoutAttrPtr> parseGluon(std::string_view text)
{
    try {
        GluonParser parser(text);
        return parser.parseDocument();
    } catch (const ttgdetail::ParseFailure &f) {
        return makeError(ttgdetail::positioned(f));
    }
}

} // namespace lx
