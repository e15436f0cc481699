#!/usr/bin/env python3
"""The Python half of scripts/bench-vs-triton: `#ttg` text -> linear layout in this project's
engine (the C++ program ttgbench.cpp, built from the headless core) against Triton's Gluon
`to_linear_layout` on the same layouts, on one machine, in alternating rounds.

For every case: ours (parseTtg + toLinearLayout of the case's `#ttg` text; also the build alone,
the text parsed once), Triton's (the Gluon layout object turned into its attribute and converted,
`builder.to_linear_layout(layout._to_ir(builder), shape)`, as the Gluon builder does when a
kernel asks `ttgl.to_linear_layout`; also the conversion alone, the attribute made once), whether
both give the same bases, and the ratio Triton / ours. Prints a table and writes a JSON file.

The two sides are timed in --rounds rounds that alternate which goes first (ours then Triton,
Triton then ours, ...), so that a change of the machine's load or of the CPU a process runs on
during the run falls on both: each figure is the median of its rounds' medians, and each ratio
the median of the rounds' ratios (every round's figures are kept in the JSON). Before the first
round each side runs every case once untimed.

Needs Triton (3.6 was the version compared) importable by this Python; without it the script
stops with a message saying so, unless --ours-only is given (then only our figures are printed).
"""

import argparse
import dataclasses
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

WMMA3_TEXT = ("#mma = #ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {warp = [[0, 1], "
              "[1, 0]]}, instrShape = [16, 16, 32]}>\n")


def _make(cls, **kwargs):
    """cls(**kwargs) with only the keywords cls's dataclass has (Gluon's field names moved between
    versions: AMDWMMALayout v3 takes warps_per_cta in 3.6 and warp_bases later)."""
    if dataclasses.is_dataclass(cls):
        names = {f.name for f in dataclasses.fields(cls)}
        kwargs = {k: v for k, v in kwargs.items() if k in names}
    return cls(**kwargs)


def _wmma3(gl):
    """The WMMA v3 layout of 2x2 warps, the second warp bit along dim0 (ctaLayout warp =
    [[0, 1], [1, 0]]): warps_per_cta [2, 2] in Gluon 3.6, warp_bases in later Gluon."""
    cls = gl.amd.AMDWMMALayout
    names = {f.name for f in dataclasses.fields(cls)} if dataclasses.is_dataclass(cls) else set()
    if "warp_bases" in names:
        return _make(cls, version=3, transposed=True, warp_bases=[[0, 1], [1, 0]],
                     instr_shape=[16, 16, 32])
    return _make(cls, version=3, transposed=True, warps_per_cta=[2, 2], instr_shape=[16, 16, 32])


# (name, shape, our #ttg text, Gluon layout from the gluon language module)
CASES = [
    ("wmma3-dot-a-256", [256, 256],
     WMMA3_TEXT + "#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>",
     lambda gl: gl.DotOperandLayout(operand_index=0, parent=_wmma3(gl), k_width=8)),
    ("wmma3-dot-a-128", [128, 128],
     WMMA3_TEXT + "#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>",
     lambda gl: gl.DotOperandLayout(operand_index=0, parent=_wmma3(gl), k_width=8)),
    ("wmma3-acc-256", [256, 256], WMMA3_TEXT.split("= ", 1)[1].strip(), _wmma3),
    ("blocked-256", [256, 256],
     "#ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], "
     "order = [0, 1]}>",
     lambda gl: _make(gl.BlockedLayout, size_per_thread=[8, 1], threads_per_warp=[8, 4],
                      warps_per_cta=[1, 4], order=[0, 1])),
    ("nvmma-v3-256x128", [256, 128],
     "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], "
     "instrShape = [16, 32, 16]}>",
     lambda gl: _make(gl.NVMMADistributedLayout, version=[3, 0], warps_per_cta=[4, 2],
                      instr_shape=[16, 32, 16])),
    ("nvmma-v2-dot-a-256", [256, 256],
     "#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 4], "
     "instrShape = [16, 8]}>\n#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>",
     lambda gl: gl.DotOperandLayout(
         operand_index=0, parent=_make(gl.NVMMADistributedLayout, version=[2, 0],
                                       warps_per_cta=[2, 4], instr_shape=[16, 8]), k_width=2)),
]


def median_ns(call, min_time, repetitions):
    """Median nanoseconds per call over `repetitions` batches of about `min_time` seconds."""
    batch = 1
    while True:
        t0 = time.perf_counter()
        for _ in range(batch):
            call()
        s = time.perf_counter() - t0
        if s >= min_time or batch >= 1 << 24:
            break
        batch = batch * 10 if s <= 0 else max(batch * 2, int(batch * min_time / s))
    samples = []
    for _ in range(repetitions):
        t0 = time.perf_counter()
        for _ in range(batch):
            call()
        samples.append((time.perf_counter() - t0) * 1e9 / batch)
    return statistics.median(samples)


def run_ours(ttgbench, min_time, repetitions):
    """Our figures and bases, by case name, from the ttgbench program."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        for name, shape, text, _ in CASES:
            f.write("== %s %s\n%s\n" % (name, "x".join(map(str, shape)), text))
        path = f.name
    try:
        proc = subprocess.run([ttgbench, path, "--min-time", str(min_time), "--repetitions",
                               str(repetitions)], capture_output=True, text=True, check=False)
    finally:
        os.unlink(path)
    if proc.returncode not in (0, 1) or not proc.stdout.strip():
        sys.exit("bench-vs-triton: %s failed (exit %d): %s" % (ttgbench, proc.returncode,
                                                                proc.stderr.strip()))
    return {r["name"]: r for r in json.loads(proc.stdout)}


def callgrind_ours(ttgbench, calls):
    """Instructions per call of ours, by case name: ttgbench --calls under callgrind, counting
    only the calls of countedParseAndBuild (parse + build) and of countedBuild (build alone)."""
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, shape, text, _ in CASES:
            path = os.path.join(tmp, "case.txt")
            with open(path, "w") as f:
                f.write("== %s %s\n%s\n" % (name, "x".join(map(str, shape)), text))
            row = {}
            for key, function in (("instructions", "countedParseAndBuild"),
                                  ("buildInstructions", "countedBuild")):
                dump = os.path.join(tmp, "callgrind.out")
                proc = subprocess.run(
                    ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + dump,
                     "--collect-atstart=no", "--toggle-collect=*%s*" % function, ttgbench, path,
                     "--calls", str(calls)], capture_output=True, text=True, check=False)
                totals = None
                if proc.returncode == 0 and os.path.exists(dump):
                    with open(dump) as f:
                        for line in f:
                            if line.startswith(("totals:", "summary:")):
                                totals = int(line.split()[1])
                if totals is None:
                    sys.exit("bench-vs-triton: callgrind failed on %s (exit %d): %s" % (
                        name, proc.returncode, proc.stderr.strip()[-500:]))
                row[key] = totals / calls
            out[name] = row
    return out


def print_callgrind(ttgbench, calls, json_path):
    """The instruction table of --callgrind, also written as JSON."""
    if subprocess.run(["valgrind", "--version"], capture_output=True, check=False).returncode:
        sys.exit("bench-vs-triton: --callgrind needs valgrind")
    counts = callgrind_ours(ttgbench, calls)
    print("%-20s %-8s %14s %14s" % ("case", "shape", "instructions", "build alone"))
    for name, shape, _, _ in CASES:
        c = counts[name]
        print("%-20s %-8s %14.0f %14.0f" % (name, "x".join(map(str, shape)), c["instructions"],
                                            c["buildInstructions"]))
    with open(json_path, "w") as f:
        json.dump({"what": "instructions per call (callgrind), parseTtg + toLinearLayout and "
                           "toLinearLayout alone, %d calls each" % calls,
                   "date": datetime.datetime.now(datetime.timezone.utc).isoformat(
                       timespec="seconds"),
                   "cases": counts}, f, indent=1)
        f.write("\n")
    print("figures in %s" % json_path)
    return 0


_TRITON_CONTEXT = None


def import_triton():
    """(triton, gluon language module, builder), or exits saying why Triton is unusable."""
    try:
        import triton  # noqa: PLC0415
        from triton._C.libtriton import gluon_ir, ir  # noqa: PLC0415
        from triton.experimental.gluon import language as gl  # noqa: PLC0415
        import triton.experimental.gluon.language.amd  # noqa: F401,PLC0415
    except ImportError as e:
        print("bench-vs-triton: Triton is not importable by %s (%s).\nThis harness times "
              "Triton's Gluon to_linear_layout beside ours: run it where Triton 3.6 is "
              "installed, or pass --ours-only for our figures alone." % (sys.executable, e),
              file=sys.stderr)
        sys.exit(3)
    # The builder does not own its MLIR context: keep the context alive as long as the builder.
    global _TRITON_CONTEXT  # noqa: PLW0603
    _TRITON_CONTEXT = ir.context()
    ir.load_dialects(_TRITON_CONTEXT)
    return triton, gl, gluon_ir.GluonOpBuilder(_TRITON_CONTEXT)


def triton_bases(result):
    """Triton's DistributedLinearLayout as {in-dim: bases}."""
    return {"register": result.reg_bases, "lane": result.lane_bases, "warp": result.warp_bases,
            "block": result.block_bases}


def same_bases(ours, theirs):
    """Equal bases per in-dim, a missing in-dim counting as one of size 1."""
    dims = set(ours) | set(theirs)
    return all([list(b) for b in ours.get(d, [])] == [list(b) for b in theirs.get(d, [])]
               for d in dims)


def run_triton(gl, builder, min_time, repetitions):
    out = {}
    for name, shape, _, make in CASES:
        try:
            layout = make(gl)
            attr = layout._to_ir(builder)
            result = builder.to_linear_layout(attr, list(shape))
        except Exception as e:  # noqa: BLE001 (a layout this Triton lacks is reported, not fatal)
            out[name] = {"error": "%s: %s" % (type(e).__name__, e)}
            continue
        full = median_ns(lambda: builder.to_linear_layout(layout._to_ir(builder), shape),
                         min_time, repetitions)
        conv = median_ns(lambda: builder.to_linear_layout(attr, shape), min_time, repetitions)
        out[name] = {"ns": full, "convertNs": conv, "bases": triton_bases(result),
                     "layout": repr(layout)}
    return out


def run_rounds(args, gl, builder):
    """Both sides timed in args.rounds alternating rounds, after one untimed pass of each:
    (ours, theirs, rounds) with each case's figures the median of its rounds' and `rounds` the
    list of every round's {"ours": ..., "triton": ...}."""
    warm = min(args.min_time, 0.05)
    run_ours(args.ttgbench, warm, 1)
    if builder:
        run_triton(gl, builder, warm, 1)
    rounds = []
    for r in range(max(1, args.rounds)):
        sides = {}
        order = ("ours", "triton") if r % 2 == 0 else ("triton", "ours")
        for side in order:
            if side == "ours":
                sides["ours"] = run_ours(args.ttgbench, args.min_time, args.repetitions)
            elif builder:
                sides["triton"] = run_triton(gl, builder, args.min_time, args.repetitions)
        rounds.append({"first": order[0] if builder else "ours",
                       "ours": sides["ours"], "triton": sides.get("triton", {})})
    return median_side(rounds, "ours"), median_side(rounds, "triton"), rounds


def median_side(rounds, side):
    """One side's figures by case: the last round's (its bases, its error), each timed figure
    the median over the rounds."""
    out = {}
    for name in rounds[-1][side]:
        case = dict(rounds[-1][side][name])
        for key in ("ns", "buildNs", "convertNs"):
            values = [r[side][name][key] for r in rounds if key in r[side].get(name, {})]
            if values:
                case[key] = statistics.median(values)
        out[name] = case
    return out


def round_ratio(rounds, name, theirs_key, ours_key):
    """The median over the rounds of Triton's figure over ours for the same round."""
    ratios = [r["triton"][name][theirs_key] / r["ours"][name][ours_key] for r in rounds
              if theirs_key in r["triton"].get(name, {}) and ours_key in r["ours"].get(name, {})]
    return statistics.median(ratios)


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ttgbench", required=True, help="the built ttgbench program")
    ap.add_argument("--json", default="vs-triton.json", help="where to write the JSON figures")
    ap.add_argument("--min-time", type=float, default=0.1, help="seconds per timed batch")
    ap.add_argument("--repetitions", type=int, default=7, help="timed batches per figure")
    ap.add_argument("--rounds", type=int, default=5,
                    help="rounds, alternating which side is timed first (figures: medians of "
                         "the rounds)")
    ap.add_argument("--ours-only", action="store_true", help="time ours alone (no Triton)")
    ap.add_argument("--callgrind", type=int, metavar="CALLS", default=0,
                    help="no timing: count our instructions per call under callgrind over CALLS "
                         "calls (needs valgrind; no Triton)")
    args = ap.parse_args()
    if args.callgrind > 0:
        return print_callgrind(args.ttgbench, args.callgrind, args.json)

    triton = gl = builder = None
    if not args.ours_only:
        triton, gl, builder = import_triton()
    load_before = os.getloadavg()
    ours, theirs, rounds = run_rounds(args, gl, builder)
    load_after = os.getloadavg()

    rows, failed = [], False
    for name, shape, text, _ in CASES:
        o, t = ours.get(name, {}), theirs.get(name, {})
        row = {"name": name, "shape": shape, "ttg": text, "ours": o, "triton": t}
        if "error" in o:
            failed = True
        if o.get("bases") is not None and t.get("bases") is not None:
            row["sameBases"] = same_bases(o["bases"], t["bases"])
            failed = failed or not row["sameBases"]
            row["ratio"] = round_ratio(rounds, name, "ns", "ns")
            row["ratioConvertOnly"] = round_ratio(rounds, name, "convertNs", "buildNs")
        rows.append(row)

    def us(x):
        return "%.2f" % (x / 1000.0) if isinstance(x, (int, float)) else "-"

    header = ("case", "shape", "ours µs", "ours build µs", "Triton µs", "Triton convert µs",
              "ratio", "ratio (convert/build)", "same bases")
    lines = [header]
    for r in rows:
        o, t = r["ours"], r["triton"]
        lines.append((r["name"], "x".join(map(str, r["shape"])), us(o.get("ns")),
                      us(o.get("buildNs")), us(t.get("ns")) if "ns" in t else t.get("error", "-"),
                      us(t.get("convertNs")),
                      "%.1fx" % r["ratio"] if "ratio" in r else "-",
                      "%.1fx" % r["ratioConvertOnly"] if "ratio" in r else "-",
                      {True: "yes", False: "NO"}.get(r.get("sameBases"), "-")))
    widths = [max(len(str(line[i])) for line in lines) for i in range(len(header))]
    for i, line in enumerate(lines):
        print("  ".join(str(c).ljust(w) for c, w in zip(line, widths)))
        if i == 0:
            print("  ".join("-" * w for w in widths))
    for r in rows:
        if "error" in r["ours"]:
            print("ours failed on %s: %s" % (r["name"], r["ours"]["error"]))
        if r.get("sameBases") is False:
            print("DIFFERENT BASES on %s:\n  ours   %s\n  Triton %s" % (
                r["name"], r["ours"]["bases"], r["triton"]["bases"]))

    doc = {
        "what": "#ttg text -> linear layout: ours (parseTtg + toLinearLayout, C++ -O2) against "
                "Triton's Gluon builder.to_linear_layout(layout._to_ir(builder), shape); "
                "median ns per call",
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "machine": {"cpu": cpu_model(), "cpus": os.cpu_count(), "platform": platform.platform(),
                    "python": platform.python_version(), "loadavgBefore": load_before,
                    "loadavgAfter": load_after},
        "triton": getattr(triton, "__version__", None),
        "minTime": args.min_time, "repetitions": args.repetitions, "rounds": rounds,
        "cases": rows,
    }
    with open(args.json, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    print("load average %.1f -> %.1f; Triton %s; figures in %s" % (
        load_before[0], load_after[0], doc["triton"] or "not run (--ours-only)", args.json))
    if triton and not str(triton.__version__).startswith("3.6"):
        print("note: Triton %s, not 3.6" % triton.__version__)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
