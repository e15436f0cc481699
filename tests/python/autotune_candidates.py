"""The candidate shared layouts an autotuner scores for one 64x64 access: shared by the batch test
(test_batch.py), which checks every one against the single call, and the benchmark
(bench_python.py), which times them."""

import random

import layout_explorer as lx


def candidates(n=1000, seed=1):
    """`n` distinct shared layouts of a 64x64 tile: every swizzle, then offset bases permuted."""
    out = [lx.SwizzledSharedLayout(vec=v, per_phase=p, max_phase=m, order=o)
           for v in (1, 2, 4, 8, 16) for p in (1, 2, 4, 8) for m in (1, 2, 4, 8, 16)
           for o in ([1, 0], [0, 1])]
    units = [[0, 1 << i] for i in range(6)] + [[1 << i, 0] for i in range(6)]
    rng = random.Random(seed)
    seen = set()
    while len(out) < n:
        bases = units[:]
        rng.shuffle(bases)
        key = str(bases)
        if key not in seen:
            seen.add(key)
            out.append(lx.SharedLinearLayout(offset_bases=bases))
    return out[:n]
