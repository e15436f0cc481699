"""Ctrl-C stops a long call promptly: a real SIGINT sent to the process while the engine works
(without the GIL) on a shared-layout search or a batch of candidates raises KeyboardInterrupt
within a fraction of a second, and the interpreter goes on. Each case runs in a child process of
its own, so the signal reaches an ordinary interpreter (not pytest's handlers) and a call that
ignored it is ended by the timeout instead of holding the suite."""

import json
import os
import subprocess
import sys
import textwrap

CHILD = textwrap.dedent("""
    import json, os, signal, sys, threading, time
    import layout_explorer as lx

    # Python's own Ctrl-C handler, whatever the child inherited (a background job of a
    # non-interactive shell starts with SIGINT ignored).
    signal.signal(signal.SIGINT, signal.default_int_handler)

    WMMA = lx.AMDWMMALayout(version=3, transposed=True, warp_bases=[[0, 1], [1, 0]],
                            instr_shape=[16, 16, 32])
    DOT_A = lx.DotOperandLayout(operand_index=0, parent=WMMA, k_width=8)
    SHARED = [lx.SwizzledSharedLayout(vec=v, per_phase=p, max_phase=m, order=[1, 0])
              for v in (1, 4, 8) for p in (1, 2) for m in (1, 4, 8)]
    REG = lx.BlockedLayout([1, 8], [4, 8], [4, 1], [1, 0])
    calls = {
        # The largest search here: 512x256 f8 on gfx1250 scores hundreds of candidates (about
        # 0.6 s in an optimised build, seconds under the sanitizers).
        "suggest_shared": lambda: lx.suggest_shared(REG, (512, 256), "f8", arch="gfx1250"),
        # 450,000 candidates: seconds of work, far past the signal.
        "bank_conflicts_many": lambda: lx.bank_conflicts_many(DOT_A, SHARED * 50_000,
                                                              (64, 64), dtype="f16"),
    }
    sent = []
    def interrupt():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)
    threading.Timer(float(sys.argv[2]), interrupt).start()
    try:
        calls[sys.argv[1]]()
        outcome = "finished"
    except KeyboardInterrupt:
        outcome = "KeyboardInterrupt"
    late = time.monotonic() - sent[0] if sent else None
    # The interpreter goes on: the engine still answers after the interrupted call.
    rec = lx.bank_conflicts(DOT_A, SHARED[0], (64, 64), dtype="f16")
    print(json.dumps({"outcome": outcome, "late": late, "after": rec.cycles}))
""")


def interrupted(call, delay=0.5):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    p = subprocess.run([sys.executable, "-c", CHILD, call, str(delay)], capture_output=True,
                       env=env, timeout=120)
    assert p.returncode == 0, p.stderr.decode("utf-8", "replace")
    return json.loads(p.stdout.decode().strip().splitlines()[-1])


def test_ctrl_c_stops_a_shared_layout_search():
    # The signal comes early in the search (0.1 s), so that an optimised build is still in it.
    result = interrupted("suggest_shared", delay=0.1)
    assert result["outcome"] == "KeyboardInterrupt"
    assert result["late"] < 1.0
    assert result["after"] > 0


def test_ctrl_c_stops_a_batch_of_candidates():
    result = interrupted("bank_conflicts_many")
    assert result["outcome"] == "KeyboardInterrupt"
    assert result["late"] < 1.0
    assert result["after"] > 0
