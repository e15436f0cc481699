"""Assertions for a kernel project's own pytest suite.

``assert_conflict_free`` holds one access to conflict-free banks; ``assert_budget`` holds TTGIR
files, folders of them or Triton cache folders to LDS budgets, as ``layout-explorer check`` does
(docs/check.md). Both fail with an ``AssertionError`` whose message names what broke the budget
and why, in the command line's words, and return the record they judged, so a test can look
further. Input that cannot be read raises ``LayoutError`` (a ``ValueError``), never an assertion:
a typo in a test is not a broken budget.

Example::

    from layout_explorer.testing import assert_budget, assert_conflict_free

    def test_lds_budgets():
        assert_budget("kernels/", max_ways=2, no_fallback=True)

    def test_b_tile_reads_without_conflicts():
        assert_conflict_free(
            "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 3, isTranspose = true, "
            "ctaLayout = {warp = [[0, 1], [1, 0]]}, instrShape = [16, 16, 32]}>, kWidth = 8}>",
            "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>",
            shape=(64, 64), dtype="f16", arch="gfx1250")
"""

from __future__ import annotations

import os
from typing import Iterable, Optional, Union

from . import _core
from ._analyses import bank_conflicts
from ._errors import flag, guarded, integer
from ._records import Record

__all__ = ["assert_budget", "assert_conflict_free"]

PathLike = Union[str, "os.PathLike[str]"]

# `check`'s exit codes (docs/check.md): 0 every kernel within its budgets, 1 a budget broken,
# 2 bad input (raised by _core.check as LayoutError, with the command's lines).
_CHECK_BROKEN = 1


def assert_conflict_free(reg, shared, shape, dtype=None, arch=None, instruction=None,
                         write=False, *, max_ways: int = 1) -> Record:
    """Asserts that the access of ``reg`` through ``shared`` (``bank_conflicts``' inputs) has no
    bank conflict worse than ``max_ways``-way (1: conflict-free). Returns the record."""
    max_ways = integer(max_ways, "max_ways")
    if max_ways < 1:
        raise _core.LayoutError(f"max_ways must be a whole number of ways >= 1, not {max_ways!r}")
    rec = bank_conflicts(reg, shared, shape, dtype=dtype, arch=arch, instruction=instruction,
                         write=write)
    worst = rec["totals"]["maxWays"]
    if worst > max_ways:
        raise AssertionError(_conflict_message(rec, worst, max_ways))
    return rec


def _conflict_message(rec: Record, worst: int, max_ways: int) -> str:
    budget = "conflict-free" if max_ways == 1 else f"at most {max_ways}-way"
    lines = [f"{worst}-way bank conflict ({rec['instruction']} on {rec['arch']}; {budget} asked): "
             f"{rec['cycles']} cycles per instruction where {rec['idealCycles']} would do"]
    for phase in rec["phases"]:
        if phase["maxWays"] == worst:
            lines.append(f"  pass {phase['pass']} phase {phase['phase']}: lanes "
                         f"{phase['laneText']}, {worst} dwords in one bank")
            break
    return "\n".join(lines)


@guarded
def assert_budget(paths: Union[PathLike, Iterable[PathLike]], *, max_ways: Optional[int] = None,
                  no_fallback: bool = False, max_lds: Optional[int] = None,
                  no_partition_conflicts: bool = False, budgets: Optional[PathLike] = None,
                  arch: Optional[str] = None) -> Record:
    """Asserts that every kernel under ``paths`` keeps its LDS budgets: ``layout-explorer check``
    with ``--max-ways``, ``--no-fallback``, ``--max-lds``, ``--no-partition-conflicts`` and
    ``--budgets FILE`` (per-kernel budgets and waivers), asked of the request layer's check (the
command's) directly. The AssertionError lists every offending
    op (file:line, op, loc name, reason). Returns check's JSON record (``kernels``, ``failed``)."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    if isinstance(paths, (bytes, bytearray)):  # iterating bytes gives their integers
        raise _core.LayoutError("assert_budget: a path is a str or os.PathLike, not bytes")
    listed = [os.fspath(p) for p in paths]
    if not listed:
        raise _core.LayoutError("assert_budget: no path given")
    value = _core.check(listed,
                        max_ways=None if max_ways is None else str(integer(max_ways, "max_ways")),
                        max_lds=None if max_lds is None else str(integer(max_lds, "max_lds")),
                        no_fallback=flag(no_fallback, "no_fallback"),
                        no_partition_conflicts=flag(no_partition_conflicts,
                                                    "no_partition_conflicts"),
                        budgets=None if budgets is None else os.fspath(budgets), arch=arch)
    rec = Record(value)
    if rec["exitCode"] == _CHECK_BROKEN:
        raise AssertionError(_budget_message(rec))
    return rec


def _budget_message(rec: Record) -> str:
    failed = [k for k in rec["kernels"] if k["status"] == "fail"]
    lines = [f"{len(failed)} of {len(rec['kernels'])} kernels break their LDS budgets"]
    for kernel in failed:
        lines.append(f"{kernel['path']} ({kernel['arch']}):")
        for budget in kernel["budgets"]:
            for v in budget["violations"]:
                if not v["waived"]:
                    name = f"  {v['name']}" if v.get("name") else ""
                    lines.append(f"  {kernel['path']}:{v['line']}  {v['op']}{name}  "
                                 f"{budget['budget']}: {v['reason']}")
    return "\n".join(lines)
