#!/usr/bin/env python3
"""Re-run the loop-free kernels of tests/data/kernels/nvidia and the microkernels of micro.cu
under Nsight Compute, to find where the load wavefronts that the model does not predict come
from (README.md of this folder says what was found).

  probe.py build DATA WORK   compile every g2_*/tr_* PTX (as is, and with a bar.sync inserted
                             before its first st.global: variant "barst") with ptxas for sm_90a,
                             and micro.cu with nvcc; write WORK/manifest.json and each cubin's
                             SASS instruction mix.
  probe.py run WORK REPS [ONLY [TAG]]
                             launch every manifest entry (or those whose NAME.VARIANT matches the
                             regex ONLY) once per round, REPS rounds (the profiled launches, in
                             order); write WORK/TAG.json (default launches.json).
  probe.py source WORK CSV OUT [TAG]
                             from Nsight Compute's source page (--page source --csv
                             --print-source sass) of the launches in WORK/TAG.json, each shared-
                             memory instruction's executed count and wavefronts ("L1 Wavefronts
                             Shared", ncu's count from the instruction's addresses, and "Ideal"),
                             and their sums per launch, loads and stores apart, into OUT (JSON).
  probe.py schedule WORK OUT  each g2_*/tr_* cubin's SASS in one line per variant, one letter per
                             memory or MMA instruction in program order (g LDG, s STS, | BAR,
                             l LDS, M LDSM, T LDSM.MT88, h HMMA, G STG), into OUT (JSON).
  probe.py join WORK CSV OUT [TAG]
                             join Nsight Compute's raw CSV (one row per launch, in launch order)
                             with WORK/TAG.json into OUT (JSON).
"""
import collections
import csv
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def ptxas():
    try:
        import triton

        p = os.path.join(os.path.dirname(triton.__file__), "backends", "nvidia", "bin", "ptxas")
        if os.path.exists(p):
            return p
    except ImportError:
        pass
    return shutil.which("ptxas")


def sass_mix(cubin):
    if not shutil.which("cuobjdump"):
        return {}, ""
    text = subprocess.run(["cuobjdump", "-sass", cubin], capture_output=True, text=True).stdout
    mix = collections.Counter()
    for m in re.finditer(r"/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)", text):
        op = m.group(1)
        if op.startswith(("LDS", "STS", "LDSM", "STSM", "BAR", "HMMA", "STG", "LDG")):
            mix[op] += 1
    return dict(sorted(mix.items())), text


def build(data, work):
    os.makedirs(work, exist_ok=True)
    kernels = json.load(open(os.path.join(data, "kernels.json")))
    entries, sass = [], {}
    tool = ptxas()
    for k in kernels:
        name = k["name"]
        if not name.startswith(("g2_", "tr_")):
            continue
        ptx = open(os.path.join(data, name + ".ptx")).read()
        lines = ptx.split("\n")
        first = next(i for i, l in enumerate(lines) if "st.global" in l)
        variants = {"orig": ptx, "barst": "\n".join(lines[:first] + ["\tbar.sync \t0;"] + lines[first:])}
        entry = re.search(r"\.entry\s+(\w+)\(", ptx).group(1)
        params = re.findall(r"\.param\s+\.(u64|u32)", ptx.split(".entry", 1)[1].split(")", 1)[0])
        warps = int(re.search(r"\.reqntid\s+(\d+)", ptx).group(1)) // 32
        for v, text in variants.items():
            src = os.path.join(work, f"{name}.{v}.ptx")
            cubin = os.path.join(work, f"{name}.{v}.cubin")
            open(src, "w").write(text)
            subprocess.run([tool, "-lineinfo", "--gpu-name=sm_90a", src, "-o", cubin], check=True)
            mix, text_sass = sass_mix(cubin)
            sass[f"{name}.{v}"] = mix
            open(os.path.join(work, f"{name}.{v}.sass"), "w").write(text_sass)
            entries.append({"name": name, "variant": v, "cubin": cubin, "func": entry,
                            "params": params, "threads": 32 * warps, "smem": k["shared"],
                            "kind": name.split("_")[0], "BM": k.get("BM"), "BN": k.get("BN")})
    cubin = os.path.join(work, "micro.cubin")
    subprocess.run(["nvcc", "-arch=sm_90a", "-O3", "-cubin", "-o", cubin,
                    os.path.join(HERE, "micro.cu")], check=True)
    mix, text_sass = sass_mix(cubin)
    open(os.path.join(work, "micro.sass"), "w").write(text_sass)
    funcs = []
    for x, n, c in re.findall(r"^PROBE(_X)?\((\w+), \d+, (\d+)\)",
                              open(os.path.join(HERE, "micro.cu")).read(), re.M):
        modes = ("free", "sync", "heavy", "stg", "ldg") if x else ("free", "sync")
        funcs += [f"p_{n}_n{c}_{m}" for m in modes]
    for f in funcs:
        for threads in (128, 256):
            entries.append({"name": f, "variant": f"{threads // 32}w", "cubin": cubin, "func": f,
                            "params": ["u64"], "threads": threads, "smem": 0, "kind": "micro"})
    json.dump({"entries": entries, "sass": sass, "ptxas": tool}, open(os.path.join(work, "manifest.json"), "w"),
              indent=1)
    print(f"{len(entries)} launches per round; ptxas {tool}")


def run(work, reps, only=None, tag="launches"):
    import cupy as cp
    import numpy as np

    manifest = json.load(open(os.path.join(work, "manifest.json")))
    rng = np.random.default_rng(0)
    big = [cp.asarray(rng.standard_normal(1 << 20).astype(np.float32)) for _ in range(3)]
    scratch = [cp.asarray(np.zeros(1 << 12, np.float32)) for _ in range(2)]
    modules, launches = {}, []
    for r in range(reps):
        for e in manifest["entries"]:
            if only and not re.search(only, f"{e['name']}.{e['variant']}"):
                continue
            mod = modules.setdefault(e["cubin"], cp.RawModule(path=e["cubin"]))
            f = mod.get_function(e["func"])
            if e["smem"] > 48 * 1024:
                f.max_dynamic_shared_size_bytes = e["smem"]
            args, ptrs = [], iter(big + scratch)
            ints = iter([e.get("BN") or 0, e.get("BM") or 0])
            for p in e["params"]:
                args.append(next(ptrs) if p == "u64" else np.int32(next(ints)))
            f((1,), (e["threads"],), tuple(args), shared_mem=e["smem"])
            cp.cuda.runtime.deviceSynchronize()
            launches.append({"round": r, "name": e["name"], "variant": e["variant"]})
    json.dump(launches, open(os.path.join(work, tag + ".json"), "w"))
    print(f"{len(launches)} launches")


def number(text):
    """A CSV cell as a number, or None (empty, "n/a", or a label such as ncu's "No-CC")."""
    try:
        return float(text.replace(",", ""))
    except ValueError:
        return None


def join(work, csv_path, out, tag="launches"):
    launches = json.load(open(os.path.join(work, tag + ".json")))
    manifest = json.load(open(os.path.join(work, "manifest.json")))
    rows = list(csv.reader(open(csv_path)))
    head = rows[0]
    data = [r for r in rows[2:] if len(r) == len(head)]
    if len(data) != len(launches):
        print(f"warning: {len(data)} profiled rows for {len(launches)} launches")
    # The counters asked for (ncu adds .avg/.min and device attributes to the raw page).
    metrics = [h for h in head if h.startswith(("l1tex__", "smsp__", "sm__")) and h.endswith(".sum")]
    metrics += ["sm__cycles_elapsed.max"] if "sm__cycles_elapsed.max" in head else []
    results = collections.OrderedDict()
    for launch, row in zip(launches, data):
        rec = dict(zip(head, row))
        key = f"{launch['name']}.{launch['variant']}"
        res = results.setdefault(key, {"name": launch["name"], "variant": launch["variant"], "rounds": []})
        res["rounds"].append({m: number(rec.get(m, "")) for m in metrics if number(rec.get(m, "")) is not None})
    json.dump({"metrics": metrics, "sass": manifest["sass"], "results": list(results.values())},
              open(out, "w"), indent=1)
    ld = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"
    for r in results.values():
        print(r["name"], r["variant"], [int(x.get(ld, -1)) for x in r["rounds"]])


def schedule(work, out):
    letters = [("LDSM", lambda op: "T" if ".MT88" in op else "M"), ("LDS", "l"), ("STS", "s"),
               ("STG", "G"), ("LDG", "g"), ("BAR", "|"), ("HMMA", "h")]
    result = {}
    for path in sorted(os.listdir(work)):
        if not path.endswith(".sass") or path == "micro.sass":
            continue
        line = ""
        for m in re.finditer(r"/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)", open(os.path.join(work, path)).read()):
            op = m.group(1)
            for prefix, letter in letters:
                if op.startswith(prefix):
                    line += letter(op) if callable(letter) else letter
                    break
        result[path[: -len(".sass")]] = line
    json.dump(result, open(out, "w"), indent=1)


def source(work, csv_path, out, tag="launches"):
    launches = json.load(open(os.path.join(work, tag + ".json")))
    blocks, cur = [], None
    for row in csv.reader(open(csv_path)):
        if len(row) >= 2 and row[0] == "Kernel Name":
            cur = {"kernel": row[1], "head": None, "rows": []}
            blocks.append(cur)
        elif cur is not None and row and row[0] == "Address":
            cur["head"] = row
        elif cur is not None and cur["head"]:
            cur["rows"].append(dict(zip(cur["head"], row)))
    result, at = [], 0
    for launch in launches:
        func = launch["name"] if launch["name"].startswith("p_") else launch["name"].split("_")[0]
        while at < len(blocks) and blocks[at]["kernel"] != func:
            at += 1
        if at == len(blocks):
            print(f"warning: no source block for {launch['name']}")
            break
        rec = {"name": launch["name"], "variant": launch["variant"], "load": 0, "loadIdeal": 0,
               "store": 0, "storeIdeal": 0, "instructions": []}
        for r in blocks[at]["rows"]:
            text = r.get("Source", "").strip()
            words = [w for w in text.split() if not w.startswith("@")]
            op = words[0] if words else ""
            wave, ideal = number(r.get("L1 Wavefronts Shared", "")), number(r.get("L1 Wavefronts Shared Ideal", ""))
            if not op.startswith(("LDS", "STS")) or wave is None:
                continue
            kind = "load" if op.startswith("LDS") else "store"
            rec[kind] += int(wave)
            rec[kind + "Ideal"] += int(ideal or 0)
            rec["instructions"].append([text, int(number(r.get("Instructions Executed", "0")) or 0), int(wave), int(ideal or 0)])
        result.append(rec)
        at += 1
    json.dump(result, open(out, "w"), indent=1)
    for rec in result:
        print(rec["name"], rec["variant"], "load", rec["load"], "store", rec["store"])


if __name__ == "__main__":
    cmd = sys.argv[1]
    if cmd == "build":
        build(sys.argv[2], sys.argv[3])
    elif cmd == "run":
        run(sys.argv[2], int(sys.argv[3]), *sys.argv[4:6])
    elif cmd == "schedule":
        schedule(sys.argv[2], sys.argv[3])
    elif cmd == "source":
        source(sys.argv[2], sys.argv[3], sys.argv[4], *sys.argv[5:6])
    else:
        join(sys.argv[2], sys.argv[3], sys.argv[4], *sys.argv[5:6])
