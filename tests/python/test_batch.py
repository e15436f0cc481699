"""bank_conflicts_many: the batch an autotuner scores, against single calls, and the records the
engine hands over directly (no command line in between)."""

import _thread
import signal
import threading

import pytest

import layout_explorer as lx

from autotune_candidates import candidates

WMMA = lx.AMDWMMALayout(version=3, transposed=True, warp_bases=[[0, 1], [1, 0]],
                        instr_shape=[16, 16, 32])
DOT_A = lx.DotOperandLayout(operand_index=0, parent=WMMA, k_width=8)
CANDIDATES = [lx.SwizzledSharedLayout(vec=v, per_phase=p, max_phase=m, order=[1, 0])
              for v in (1, 4, 8) for p in (1, 2) for m in (1, 4, 8)]


def test_batch_equals_single_calls():
    batch = lx.bank_conflicts_many(DOT_A, CANDIDATES, (64, 64), dtype="f16")
    assert len(batch) == len(CANDIDATES)
    for rec, shared in zip(batch, CANDIDATES):
        single = lx.bank_conflicts(DOT_A, shared, (64, 64), dtype="f16")
        assert rec.to_dict() == single.to_dict()
        assert rec.cycles == single.totals.cyclesPerWave
    # The candidates differ: the scores are not one number repeated.
    assert len({rec.cycles for rec in batch}) > 1


def test_batch_equals_single_calls_over_the_autotuner_set():
    """Every one of the benchmark's 1,000 candidates (swizzles, then permuted offset bases): the
    batch's record is the single call's, field for field."""
    shared = candidates()
    batch = lx.bank_conflicts_many(DOT_A, shared, (64, 64), dtype="f16")
    assert len(batch) == len(shared)
    for i, (rec, s) in enumerate(zip(batch, shared)):
        single = lx.bank_conflicts(DOT_A, s, (64, 64), dtype="f16")
        assert rec.to_dict() == single.to_dict(), "candidate %d: %r" % (i, s)
    assert len({rec.cycles for rec in batch}) > 1


# The fields of a record's summary (what it answers before its per-instruction arrays are built).
SUMMARY_FIELDS = ("arch", "source", "dtype", "instruction", "banks", "vectorElements",
                  "maxVectorElements", "maxWays", "cycles", "idealCycles", "extraCycles",
                  "modelCycles", "totals", "measuredRule", "tritonExtraWavefronts",
                  "transposedLoad")


def test_batch_summary_read_first_equals_single_calls():
    """A record's summary fields read before anything else (the batch builds the per-instruction
    arrays only when one is read) equal the single call's, and so does the whole record after."""
    shared = candidates()[::10]
    batch = lx.bank_conflicts_many(DOT_A, shared, (64, 64), dtype="f16")
    for i, (rec, s) in enumerate(zip(batch, shared)):
        single = lx.bank_conflicts(DOT_A, s, (64, 64), dtype="f16").to_dict()
        read = {k: rec[k] for k in SUMMARY_FIELDS}
        assert read == {k: single[k] for k in SUMMARY_FIELDS}, "candidate %d: %r" % (i, s)
        assert rec.cycles == single["totals"]["cyclesPerWave"]
        assert rec.to_dict() == single, "candidate %d: %r" % (i, s)


def test_batch_takes_text_and_names_a_bad_candidate():
    text = CANDIDATES[2].to_ttg()
    [rec] = lx.bank_conflicts_many(DOT_A.to_ttg(), [text], [64, 64], dtype="f16")
    assert rec.to_dict() == lx.bank_conflicts(DOT_A, CANDIDATES[2], (64, 64), dtype="f16").to_dict()
    # Refused when read or when scored, a candidate is named alike: shared[INDEX], no "--".
    with pytest.raises(lx.LayoutError, match=r"banks: shared\[1\]: "):
        lx.bank_conflicts_many(DOT_A, [CANDIDATES[0], "#ttg.nonsense<{}>"], (64, 64), dtype="f16")
    with pytest.raises(lx.LayoutError):
        lx.bank_conflicts_many(DOT_A, CANDIDATES[0], (64, 64))
    assert lx.bank_conflicts_many(DOT_A, [], (64, 64)) == []


def test_batch_stops_on_ctrl_c():
    """Ctrl-C (KeyboardInterrupt in the main thread) stops a long batch between candidates."""
    # Python's own Ctrl-C handler, whatever this process inherited: a job started in the
    # background by a non-interactive shell ignores SIGINT, and interrupt_main then does nothing.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.2, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            lx.bank_conflicts_many(DOT_A, CANDIDATES * 20000, (64, 64), dtype="f16")
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)


def test_records_are_read_only_mappings():
    rec = lx.bank_conflicts(DOT_A, CANDIDATES[0], (64, 64), dtype="f16")
    assert set(rec) == set(rec.to_dict())
    assert rec["totals"]["instructions"] == rec.totals.instructions > 0
    assert rec.instructions[0].phases[0].lanes == rec.to_dict()["instructions"][0]["phases"][0]["lanes"]
    with pytest.raises(AttributeError):
        rec.cycles = 3
    with pytest.raises(TypeError):
        rec["cycles"] = 3  # pylint: disable=unsupported-assignment-operation
    assert "cycles" in rec and "no such field" not in rec


def test_impossible_search_is_refused_at_once():
    """A tile larger than the LDS has no layout: said before any candidate is built."""
    import time
    reg = lx.BlockedLayout([1, 8], [4, 8], [4, 1], [1, 0])
    start = time.monotonic()
    with pytest.raises(lx.LayoutError, match="no layout fits"):
        lx.suggest_shared(reg, (1024, 1024), "f16", arch="gfx1250")
    assert time.monotonic() - start < 10


def test_thread_count_changes_no_record():
    """The candidates scored on one thread and on several give the same records, in order."""
    shared = candidates()[::4]
    one = lx.bank_conflicts_many(DOT_A, shared, (64, 64), dtype="f16", threads=1)
    many = lx.bank_conflicts_many(DOT_A, shared, (64, 64), dtype="f16", threads=5)
    default = lx.bank_conflicts_many(DOT_A, shared, (64, 64), dtype="f16")
    assert [r.to_dict() for r in one] == [r.to_dict() for r in many]
    assert [r.cycles for r in one] == [r.cycles for r in default]


def test_threaded_batch_names_the_lowest_refused_candidate():
    """Two candidates the engine refuses (rank 3 for a 2-D access) among 800: whichever thread
    meets one first, the refusal raised names the lower index, as a loop would."""
    bad = lx.SwizzledSharedLayout(vec=1, per_phase=1, max_phase=1, order=[2, 1, 0])
    shared = [CANDIDATES[i % len(CANDIDATES)] for i in range(800)]
    shared[613] = bad
    shared[97] = bad
    for threads in (1, 2, 7):
        with pytest.raises(lx.LayoutError, match=r"shared\[97\]"):
            lx.bank_conflicts_many(DOT_A, shared, (64, 64), dtype="f16", threads=threads)


@pytest.mark.parametrize("threads", [0, -1, 1025, 2.0, "2", True])
def test_thread_count_is_checked(threads):
    with pytest.raises(lx.LayoutError, match="threads"):
        lx.bank_conflicts_many(DOT_A, CANDIDATES, (64, 64), dtype="f16", threads=threads)


def test_a_generator_of_candidates_is_read_in_order():
    batch = lx.bank_conflicts_many(DOT_A, (c for c in CANDIDATES[:5]), (64, 64), dtype="f16")
    assert [r.to_dict() for r in batch] == [
        r.to_dict() for r in lx.bank_conflicts_many(DOT_A, CANDIDATES[:5], (64, 64), dtype="f16")]
    with pytest.raises(lx.LayoutError, match="a list of shared layouts"):
        lx.bank_conflicts_many(DOT_A, 5, (64, 64), dtype="f16")
