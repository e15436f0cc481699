#!/usr/bin/env python3
"""Blackwell tensor-memory oracle: runs Triton's own code (Gluon's layout classes, the
compute_tmem_reg_layout binding behind get_tmem_reg_layout, the builder's to_linear_layout) over a
grid of TensorMemoryLayout / TensorMemoryScalesLayout parameters and prints what Triton answers as
JSON. Needs only an installed Triton (no GPU is used). Every batch of cases runs in a forked child
(an invalid input can abort the process through an MLIR assert); a batch that dies is run again
one case per child, so every case gets Triton's answer or its refusal.

Writes $OUT/tmem-raw.json (every case, its arguments, Triton's result or error) and
$OUT/tmem-api.txt (the Triton version and the source of the functions called, for the record).
"""
import dataclasses
import inspect
import json
import os
import sys
import time

OUT = os.environ.get("OUT", "tmem-oracle-out")

if __name__ == "__main__" and sys.argv[1:2] != ["--convert"]:
    import triton  # noqa: E402
    from triton._C.libtriton import ir, gluon_ir  # noqa: E402
    from triton.experimental.gluon import language as gl  # noqa: E402
    import triton.experimental.gluon.language.nvidia.blackwell as bw  # noqa: E402

    ctx = ir.context()
    ir.load_dialects(ctx)
    B = gluon_ir.GluonOpBuilder(ctx)


def api_record():
    lines = ["triton " + triton.__version__, "python " + sys.version]
    lines.append("gluon_ir: " + " ".join(n for n in dir(gluon_ir) if not n.startswith("__")))
    lines.append("GluonOpBuilder: " + " ".join(n for n in dir(gluon_ir.GluonOpBuilder) if not n.startswith("__")))
    lines.append("blackwell: " + " ".join(n for n in dir(bw) if not n.startswith("__")))
    for name in ("TensorMemoryLayout", "TensorMemoryScalesLayout", "get_tmem_reg_layout", "get_tmem_32x32b_reg_layout",
                 "get_tmem_scales_reg_layout"):
        obj = getattr(bw, name, None)
        if obj is None:
            lines.append("== %s: absent" % name)
            continue
        try:
            lines.append("== %s%s" % (name, inspect.signature(getattr(obj, "fn", obj))))
        except (TypeError, ValueError) as e:
            lines.append("== %s: no signature (%s)" % (name, e))
    for mod in (bw, ):
        try:
            lines.append("==== source of " + mod.__file__)
            lines.append(inspect.getsource(mod))
        except (OSError, TypeError) as e:
            lines.append("no source: %s" % e)
    try:
        import triton.experimental.gluon.language._semantic as sem
        src = inspect.getsource(sem)
        i = src.find("def _compute_tmem_reg_layout")
        lines.append("==== _semantic._compute_tmem_reg_layout")
        lines.append(src[i:i + 4000] if i >= 0 else "absent")
    except Exception as e:  # noqa: BLE001
        lines.append("no _semantic: %s" % e)
    fn = getattr(gluon_ir, "compute_tmem_reg_layout", None)
    lines.append("==== gluon_ir.compute_tmem_reg_layout doc")
    lines.append(str(getattr(fn, "__doc__", None)))
    with open(os.path.join(OUT, "tmem-api.txt"), "w") as f:
        f.write("\n".join(lines))


def to_json(x):
    if dataclasses.is_dataclass(x):
        d = {f.name: to_json(getattr(x, f.name)) for f in dataclasses.fields(x)}
        d["__class__"] = type(x).__name__
        return d
    if isinstance(x, (list, tuple)):
        return [to_json(v) for v in x]
    if isinstance(x, (int, float, str, bool)) or x is None:
        return x
    return repr(x)


def tmem_layout(block, col_stride, split, two_ctas=False):
    TMEM_PARAMS = inspect.signature(bw.TensorMemoryLayout).parameters
    kw = {}
    if "col_stride" in TMEM_PARAMS:
        kw["col_stride"] = col_stride
    else:
        kw["unpacked"] = col_stride != 1
    if "cta_split_num" in TMEM_PARAMS:
        kw["cta_split_num"] = tuple(split) if split != (1, 1) else None
    elif split != (1, 1):
        raise ValueError("this TensorMemoryLayout has no cta_split_num")
    if two_ctas:
        kw["two_ctas"] = True
    return bw.TensorMemoryLayout(tuple(block), **kw)


def scales_layout(split):
    params = inspect.signature(bw.TensorMemoryScalesLayout).parameters
    if split != (1, 1):
        if "cta_split_num" not in params:
            raise ValueError("this TensorMemoryScalesLayout has no cta_split_num")
        return bw.TensorMemoryScalesLayout(cta_split_num=tuple(split))
    return bw.TensorMemoryScalesLayout()


DTYPE_NAMES = ("float32", "float16", "bfloat16", "float8e4nv", "int8", "uint8")


def reg_layout(dtype, shape, layout, num_warps, variant, split):
    """Triton's register layout of tcgen05.ld/st for this TMEM descriptor, through Gluon's own
    entry point (get_tmem_reg_layout), with the CGA of a CTA split (ctas_per_cga = split)."""
    fn = getattr(bw, "get_tmem_reg_layout", None)
    params = inspect.signature(getattr(fn, "fn", fn)).parameters if fn else {}
    kw = {}
    for name in params:
        if name in ("element_ty", "dtype"):
            kw[name] = getattr(gl, dtype)
        elif name == "shape":
            kw[name] = list(shape)
        elif name == "layout":
            kw[name] = layout
        elif name == "num_warps":
            kw[name] = num_warps
        elif name == "instr_variant":
            kw[name] = variant
        elif name == "ctas_per_cga":
            kw[name] = list(split)
        elif name == "cta_split_num":
            kw[name] = list(split)
        elif name == "cta_order":
            kw[name] = [1, 0]
        elif name == "cga_layout":
            bases = []
            for d in (1, 0):  # CTAOrder [1, 0]: dim 1 first
                k = 1
                while k < split[d]:
                    b = [0, 0]
                    b[d] = k
                    bases.append(b)
                    k *= 2
            kw[name] = bases
    if fn is None:
        binding = getattr(gluon_ir, "compute_tmem_reg_layout", None)
        if binding is None:
            raise RuntimeError("no get_tmem_reg_layout in this Triton")
        atom = "32x32b" if variant == "32x32b_splitn" else variant
        return binding(getattr(gl, dtype), list(shape), layout, num_warps, atom, list(split), list(split), [1, 0])
    return fn(**kw)


def case_fn(c):
    kind = c["kind"]
    if kind == "tmemLinear":
        lay = tmem_layout(c["block"], c["col_stride"], tuple(c["split"]), c.get("two_ctas", False))
        r = B.to_linear_layout(lay._to_ir(B), list(c["shape"]))
        return {"layout": to_json(lay), "linear": to_json(r)}
    if kind == "scalesLinear":
        lay = scales_layout(tuple(c["split"]))
        r = B.to_linear_layout(lay._to_ir(B), list(c["shape"]))
        return {"layout": to_json(lay), "linear": to_json(r)}
    if kind == "tmemReg":
        lay = tmem_layout(c["block"], c["col_stride"], tuple(c["split"]))
        r = reg_layout(c["dtype"], c["shape"], lay, c["num_warps"], c["variant"], tuple(c["split"]))
        return {"layout": to_json(lay), "reg": to_json(r)}
    if kind == "scalesReg":
        lay = scales_layout(tuple(c["split"]))
        r = reg_layout(c["dtype"], c["shape"], lay, c["num_warps"], c["variant"], tuple(c["split"]))
        return {"layout": to_json(lay), "reg": to_json(r)}
    raise ValueError(kind)


def run_one(c):
    try:
        return {"ok": True, "value": case_fn(c)}
    except BaseException as e:  # noqa: BLE001
        return {"ok": False, "error": type(e).__name__ + ": " + str(e)[:600]}


def run_batch(batch):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        out = [run_one(c) for c in batch]
        with os.fdopen(w, "wb") as f:
            f.write(json.dumps(out).encode())
        os._exit(0)
    os.close(w)
    with os.fdopen(r, "rb") as f:
        data = f.read()
    _, status = os.waitpid(pid, 0)
    if data:
        return json.loads(data)
    if len(batch) == 1:
        return [{"ok": False, "error": "aborted (status %d)" % status}]
    return [x for c in batch for x in run_batch([c])]


def grid():
    cases = []
    shapes = [(64, 16), (64, 64), (64, 128), (128, 8), (128, 16), (128, 32), (128, 64), (128, 128), (128, 256),
              (256, 64), (256, 128), (256, 256), (512, 64)]
    for (m, n) in shapes:
        for bm in (64, 128):
            for bn in sorted({n, max(n // 2, 1), min(n, 64)}):
                for cs in (1, 2, 4):
                    for split in ((1, 1), (2, 1), (1, 2), (2, 2)):
                        if split != (1, 1) and (cs != 1 or bn != n):
                            continue
                        cases.append({"kind": "tmemLinear", "block": [bm, bn], "col_stride": cs, "split": list(split),
                                      "shape": [m, n]})
    for (m, n) in ((128, 64), (256, 128)):
        cases.append({"kind": "tmemLinear", "block": [128, n], "col_stride": 1, "split": [2, 1], "shape": [m, n],
                      "two_ctas": True})
    for (m, n) in ((32, 4), (64, 4), (128, 1), (128, 2), (128, 4), (128, 8), (128, 16), (256, 4), (256, 8)):
        for split in ((1, 1), (2, 1), (1, 2)):
            cases.append({"kind": "scalesLinear", "split": list(split), "shape": [m, n]})
    variants = ("32x32b", "16x64b", "16x128b", "16x256b", "16x32bx2", "32x32b_splitn")
    reg_shapes = [(64, 32), (64, 64), (64, 128), (128, 16), (128, 32), (128, 64), (128, 128), (128, 256), (256, 64),
                  (256, 128)]
    for dtype, strides in (("float32", (1, )), ("float16", (1, 2)), ("float8e4nv", (1, 4))):
        for (m, n) in reg_shapes:
            for bm in (64, 128):
                if bm > m and not (bm == 128 and m == 64):
                    continue
                for bn in sorted({n, n // 2}):
                    for cs in strides:
                        for nw in (4, 8):
                            for v in variants:
                                cases.append({"kind": "tmemReg", "dtype": dtype, "block": [bm, bn], "col_stride": cs,
                                              "split": [1, 1], "shape": [m, n], "num_warps": nw, "variant": v})
    for (m, n) in ((128, 64), (128, 128), (256, 128), (256, 256)):
        for split in ((2, 1), (1, 2), (2, 2)):
            for nw in (4, 8):
                for v in ("32x32b", "16x64b", "16x256b"):
                    cases.append({"kind": "tmemReg", "dtype": "float32", "block": [128, n // split[1]],
                                  "col_stride": 1, "split": list(split), "shape": [m, n], "num_warps": nw,
                                  "variant": v})
    for (m, n) in ((128, 16), (128, 8), (64, 16), (128, 4)):
        for nw in (4, 8, 16):
            for v in ("32x32b", "16x256b", "16x32bx2"):
                cases.append({"kind": "tmemReg", "dtype": "float32", "block": [128, n], "col_stride": 1,
                              "split": [1, 1], "shape": [m, n], "num_warps": nw, "variant": v})
    for (m, n) in ((128, 4), (128, 8), (128, 16), (256, 8), (64, 4)):
        for nw in (4, 8):
            for v in ("32x32b", "16x32bx2"):
                cases.append({"kind": "scalesReg", "dtype": "uint8", "split": [1, 1], "shape": [m, n],
                              "num_warps": nw, "variant": v})
    return cases


def main():
    os.makedirs(OUT, exist_ok=True)
    t0 = time.time()
    api_record()
    cases = grid()
    results = []
    for i in range(0, len(cases), 64):
        results.extend(run_batch(cases[i:i + 64]))
    for c, r in zip(cases, results):
        c["result"] = r
    ok = sum(1 for c in cases if c["result"]["ok"])
    by_kind = {}
    for c in cases:
        k = by_kind.setdefault(c["kind"], [0, 0])
        k[0] += c["result"]["ok"]
        k[1] += 1
    json.dump({"triton": triton.__version__, "made_by": "scripts/tmem-oracle.py", "cases": cases},
              open(os.path.join(OUT, "tmem-raw.json"), "w"))
    print("triton", triton.__version__, "cases", len(cases), "ok", ok, by_kind, "in %.1fs" % (time.time() - t0))
    errs = {}
    for c in cases:
        if not c["result"]["ok"]:
            e = c["result"]["error"][:160]
            errs[e] = errs.get(e, 0) + 1
    for e, n in sorted(errs.items(), key=lambda x: -x[1])[:25]:
        print(n, e)




def to_conformance(raw_path, out_path):
    """The raw oracle answers as conformance cases (tests/data/conformance/README.md): toLinear
    of a TensorMemoryLayout / TensorMemoryScalesLayout where Triton's binding gave the TMEM
    layout, tmemRegLayout for get_tmem_reg_layout; a refusal is {"error": Triton's message}."""
    raw = json.load(open(raw_path))

    def gluon(c):
        if c["kind"] in ("tmemLinear", "tmemReg"):
            return {"kind": "TensorMemoryLayout", "block": c["block"], "col_stride": c["col_stride"],
                    "cta_split_num": c["split"], "two_ctas": c.get("two_ctas", False)}
        return {"kind": "TensorMemoryScalesLayout", "cta_split_num": c["split"]}

    def cga(split):
        bases = []
        for d in (1, 0):
            k = 1
            while k < split[d]:
                bases.append([k, 0] if d == 0 else [0, k])
                k *= 2
        return bases

    bits = {"float32": 32, "float16": 16, "bfloat16": 16, "float8e4nv": 8, "int8": 8, "uint8": 8}
    cases = []
    for i, c in enumerate(raw["cases"]):
        r = c["result"]
        if c["kind"] in ("tmemLinear", "scalesLinear"):
            if not r["ok"] or "row" not in json.dumps(r["value"]["linear"]):
                continue  # the binding gave no TMEM layout: nothing to compare
            lin = r["value"]["linear"]
            expect = {"bases": [[n, b] for n, b in lin["bases"]], "outDims": lin["out_dims"]}
            cases.append({"name": "tmem-ll-%04d" % i, "op": "toLinear", "args": [gluon(c), c["shape"]],
                          "expect": expect})
            continue
        args = [gluon(c), c["shape"], bits[c["dtype"]], c["num_warps"], c["variant"], cga(c["split"])]
        if r["ok"]:
            v = r["value"]["reg"]
            expect = {"bases": [["register", v["reg_bases"]], ["lane", v["lane_bases"]],
                                ["warp", v["warp_bases"]], ["block", v["block_bases"]]],
                      "outDims": [["dim0", v["shape"][0]], ["dim1", v["shape"][1]]]}
        else:
            expect = {"error": r["error"]}
        cases.append({"name": "tmem-reg-%04d" % i, "op": "tmemRegLayout", "args": args, "expect": expect})
    doc = {"source": "Triton %s, scripts/tmem-oracle.py: get_tmem_reg_layout (register layouts of "
                     "tcgen05.ld/st) and to_linear_layout of TensorMemoryLayout / TensorMemoryScalesLayout"
                     % raw["triton"], "cases": cases}
    with open(out_path, "w") as f:
        json.dump(doc, f, indent=None, separators=(",", ":"))
        f.write("\n")
    print("wrote", len(cases), "cases to", out_path)


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--convert":
        to_conformance(sys.argv[2], sys.argv[3])
    else:
        main()
