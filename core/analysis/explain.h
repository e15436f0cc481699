#pragma once

// The conflict explainer: for one phase of one instruction of a bank analysis and one bank, the
// lanes that hit the bank with their addresses, the lane-basis combinations whose XOR collides
// (the kernel of the bank map restricted to the phase: address deltas that keep the bank but
// change the dword), and the smallest change that lowers the phase's n-way:
//
//  - one XOR term: offset bit h (a bit above the bank bits that a colliding combination flips)
//    also flips bank bit j; as a layout, offset basis h becomes o_h XOR o_j (an involution of the
//    offsets, so the layout stays a bijection);
//  - or one pad: [interval:+pad] with the smallest pad that moves the colliding rows apart.
//
// A buffer the Tensor Data Mover writes (ConflictQuery::tdmFed, on an architecture with one)
// gets no XOR fix -- the TDM writes rows at linear addresses (analysis/tdm.h) -- and fixNote says
// so; the padding fixes remain.
//
// Every candidate change is scored with analyzeBanks; the fix is the one with the fewest ways in
// the named phase (then the fewest cycles, then no extra LDS), and it is only returned when it
// lowers that phase's n-way. The kernel is exact for unpadded, unpartitioned layouts whose bank
// count is a power of two; otherwise the lanes and addresses are still listed.

#include "analysis/banks.h"
#include "layout/attrs.h"

#include <optional>
#include <string>
#include <vector>

namespace lx {

struct ConflictFix
{
    std::string kind;                  // "xor" or "pad"
    std::string description;           // "offset basis 6 ^= offset basis 2", "[64:+2] padding"
    LayoutAttrPtr attr;                // the shared layout after the change
    std::string text;                  // its #ttg text
    int waysBefore = 1, waysAfter = 1; // of the named phase
    int64_t cyclesBefore = 0, cyclesAfter = 0; // of the analysed warps
    int64_t ldsBytesBefore = 0, ldsBytesAfter = 0;
};

struct ConflictExplanation
{
    int warp = 0, instruction = 0, pass = 0, phase = 0, bank = 0;
    int ways = 1;
    // The instruction explained and the provenance of its phase table: the ways and cycles are
    // exact for that table, so a table the architecture file marks low-confidence makes them
    // extrapolated in every face (request/figures.h).
    std::string instructionName;
    Provenance phaseTable;
    std::vector<int> phaseLanes;
    std::vector<int> lanes;         // the lanes of the phase that touch the bank
    std::vector<int64_t> addresses; // their byte addresses
    std::vector<int64_t> dwords;    // the distinct dwords the bank serves (ways of them)
    // The colliding lane-bit combinations: each a set of lane basis indices (lane bits of the
    // phase) whose XOR keeps the bank and changes the dword, with the byte delta.
    struct Collision
    {
        std::vector<int> laneBits; // lane index bits, e.g. {3} or {2, 4}
        int64_t byteDelta = 0;
    };
    std::vector<Collision> collisions;
    std::string kernelNote; // why no kernel, when none was computed
    std::optional<ConflictFix> fix;
    std::string fixNote; // why a kind of fix was not considered (a TDM-fed buffer: no XOR)
};

struct ConflictQuery
{
    int warp = 0;
    int instruction = 0; // within the warp
    int pass = 0;
    int phase = -1; // -1: the worst phase of the instruction
    int bank = -1;  // -1: the worst bank of the phase
    // The Tensor Data Mover writes the buffer (analysis/tdm.h): no XOR fix, only padding.
    bool tdmFed = false;
};

// The lanes, addresses, dwords and (when `linearAddresses`: addresses XOR-linear in the lane
// bits) colliding lane bits of one phase of an analysed instruction; no fix.
[[nodiscard]] Expected<ConflictExplanation>
describeConflict(const InstructionReport &ir, const LdsInstruction &instruction, int bankWidthBytes,
                 int waveSize, bool linearAddresses, const ConflictQuery &query);

// `sharedAttr` is the attribute of request.shared (the fix is expressed as one), over `shape`.
[[nodiscard]] Expected<ConflictExplanation> explainConflict(const Architecture &arch,
                                                            const BankAccessRequest &request,
                                                            const LayoutAttr &sharedAttr,
                                                            const std::vector<int32_t> &shape,
                                                            const ConflictQuery &query);

} // namespace lx
