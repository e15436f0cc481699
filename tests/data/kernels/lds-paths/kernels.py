# Kernels whose LDS traffic is not a matmul operand: a tile stored transposed (a convert_layout
# through LDS), reductions and scans along a dimension spread over warps, a histogram, a gather,
# and tl.dot_scaled with its scale operands. Compiled by Triton 3.6 for HIP targets (no AMD GPU
# needed) and for sm90 (the same device that compiles runs them). Keeps each TTGIR module, the LDS
# instruction mix of the final AMDGCN (or PTX), the compiler's VGPR and spill figures and its
# shared-memory bytes.
#   OUT=dir python3 kernels.py            compile everything
import os, sys, json, re, itertools
import triton, triton.language as tl
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

OUT = os.environ.get("OUT", "kernels-out")


@triton.jit
def trans(x_ptr, y_ptr, M: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M); rn = tl.arange(0, N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :])
    tl.store(y_ptr + rn[:, None] * M + rm[None, :], tl.trans(x))


@triton.jit
def reduce(x_ptr, y_ptr, M: tl.constexpr, N: tl.constexpr, AXIS: tl.constexpr, OP: tl.constexpr):
    rm = tl.arange(0, M); rn = tl.arange(0, N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :])
    if OP == 0:
        r = tl.sum(x, axis=AXIS)
    else:
        r = tl.max(x, axis=AXIS)
    if AXIS == 0:
        tl.store(y_ptr + rn, r)
    else:
        tl.store(y_ptr + rm, r)


@triton.jit
def scan(x_ptr, y_ptr, M: tl.constexpr, N: tl.constexpr, AXIS: tl.constexpr):
    rm = tl.arange(0, M); rn = tl.arange(0, N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :])
    tl.store(y_ptr + rm[:, None] * N + rn[None, :], tl.cumsum(x, axis=AXIS))


@triton.jit
def histogram(x_ptr, y_ptr, M: tl.constexpr, BINS: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, M))
    tl.store(y_ptr + tl.arange(0, BINS), tl.histogram(x, BINS))


@triton.jit
def gather(x_ptr, i_ptr, y_ptr, M: tl.constexpr, N: tl.constexpr, AXIS: tl.constexpr):
    rm = tl.arange(0, M); rn = tl.arange(0, N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :])
    i = tl.load(i_ptr + rm[:, None] * N + rn[None, :])
    tl.store(y_ptr + rm[:, None] * N + rn[None, :], tl.gather(x, i, AXIS))


@triton.jit
def dot_scaled(a_ptr, as_ptr, b_ptr, bs_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr,
               FMT: tl.constexpr, DIV: tl.constexpr):
    rm = tl.arange(0, M); rn = tl.arange(0, N)
    rka = tl.arange(0, K // DIV); rkb = tl.arange(0, K // DIV); rs = tl.arange(0, K // 32)
    a = tl.load(a_ptr + rm[:, None] * (K // DIV) + rka[None, :])
    b = tl.load(b_ptr + rkb[:, None] * N + rn[None, :])
    sa = tl.load(as_ptr + rm[:, None] * (K // 32) + rs[None, :])
    sb = tl.load(bs_ptr + rn[:, None] * (K // 32) + rs[None, :])
    c = tl.dot_scaled(a, sa, FMT, b, sb, FMT)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], c)


def mix(text, pattern):
    d = {}
    for m in re.findall(pattern, text, re.M):
        d[m] = d.get(m, 0) + 1
    return d


def figure(text, pattern):
    m = re.search(pattern, text, re.M)
    return int(m.group(1)) if m else None


def build(cfg):
    name, fn, arch, warps, sig, consts = cfg
    if arch.startswith("sm"):
        target = GPUTarget("cuda", int(arch[2:]), 32)
    else:
        target = GPUTarget("hip", arch, 32 if arch.startswith("gfx12") else 64)
    rec = {"name": name, "kernel": fn, "arch": arch, "num_warps": warps, "consts": consts, "signature": sig}
    try:
        src = ASTSource(fn=globals()[fn], signature=sig, constexprs=consts)
        k = triton.compile(src, target=target, options={"num_warps": warps, "num_stages": 1})
        ttgir = k.asm.get("ttgir", "")
        open(os.path.join(OUT, name + ".ttgir"), "w").write(ttgir)
        rec["shared"] = getattr(k.metadata, "shared", None)
        if arch.startswith("sm"):
            ptx = k.asm.get("ptx", "")
            if isinstance(ptx, bytes): ptx = ptx.decode()
            open(os.path.join(OUT, name + ".ptx"), "w").write(ptx)
            rec["ptx"] = mix(ptx, r"^\s+((?:ld|st)\.shared[\w.]*|ldmatrix[\w.]*|stmatrix[\w.]*|atom\.shared[\w.]*|red\.shared[\w.]*)")
            rec["barriers"] = len(re.findall(r"^\s+bar\.sync", ptx, re.M))
        else:
            gcn = k.asm.get("amdgcn", "")
            if isinstance(gcn, bytes): gcn = gcn.decode()
            rec["ds"] = mix(gcn, r"^\s+(ds_\w+)")
            rec["vgprs"] = figure(gcn, r";\s*NumVgprs:\s*(\d+)")
            rec["vgprSpill"] = figure(gcn, r"\.vgpr_spill_count:\s*(\d+)")
            rec["sgprSpill"] = figure(gcn, r"\.sgpr_spill_count:\s*(\d+)")
        rec["ops"] = mix(ttgir, r"=\s*\"?((?:tt|ttg|ttng|amdgpu|gpu)\.\w+)")
        rec["layouts"] = sorted(set(re.findall(r"^#\w+ = (#\w+\.\w+)", ttgir, re.M)))
    except Exception as e:
        rec["error"] = str(e)[:400]
    return rec


def configs():
    cfgs = []
    archs = ["gfx1250", "gfx950", "gfx942", "sm90"]
    ptr = lambda dt: "*" + dt
    for arch in archs:
        dts = ["fp16", "bf16", "fp32", "fp8e4nv"] if arch != "gfx942" else ["fp16", "bf16", "fp32", "fp8e4b8"]
        for dt, (M, N), w in itertools.product(dts, [(64, 64), (128, 64), (32, 128), (128, 128)], [4, 8]):
            cfgs.append(("trans_%s_%s_%dx%d_w%d" % (arch, dt, M, N, w), "trans", arch, w,
                         {"x_ptr": ptr(dt), "y_ptr": ptr(dt), "M": "constexpr", "N": "constexpr"}, {"M": M, "N": N}))
        for dt, (M, N), w, axis, op in itertools.product(["fp32", "fp16"], [(64, 64), (256, 16), (32, 128)], [4, 8], [0, 1], [0, 1]):
            cfgs.append(("reduce_%s_%s_%dx%d_w%d_ax%d_%s" % (arch, dt, M, N, w, axis, "sum" if op == 0 else "max"), "reduce", arch, w,
                         {"x_ptr": ptr(dt), "y_ptr": ptr(dt), "M": "constexpr", "N": "constexpr", "AXIS": "constexpr", "OP": "constexpr"},
                         {"M": M, "N": N, "AXIS": axis, "OP": op}))
        for dt, (M, N), w, axis in itertools.product(["fp32", "i32"], [(64, 64), (256, 16)], [4, 8], [0, 1]):
            cfgs.append(("scan_%s_%s_%dx%d_w%d_ax%d" % (arch, dt, M, N, w, axis), "scan", arch, w,
                         {"x_ptr": ptr(dt), "y_ptr": ptr(dt), "M": "constexpr", "N": "constexpr", "AXIS": "constexpr"},
                         {"M": M, "N": N, "AXIS": axis}))
        for M, bins, w in itertools.product([1024, 4096], [64, 256], [4]):
            cfgs.append(("histogram_%s_%d_b%d_w%d" % (arch, M, bins, w), "histogram", arch, w,
                         {"x_ptr": "*i32", "y_ptr": "*i32", "M": "constexpr", "BINS": "constexpr"}, {"M": M, "BINS": bins}))
        for (M, N), w, axis in itertools.product([(64, 64), (128, 32)], [4, 8], [0, 1]):
            cfgs.append(("gather_%s_fp32_%dx%d_w%d_ax%d" % (arch, M, N, w, axis), "gather", arch, w,
                         {"x_ptr": "*fp32", "i_ptr": "*i32", "y_ptr": "*fp32", "M": "constexpr", "N": "constexpr", "AXIS": "constexpr"},
                         {"M": M, "N": N, "AXIS": axis}))
        if arch != "gfx942":
            for fmt, (M, N, K), w in itertools.product(["e2m1", "e4m3"], [(128, 128, 128), (64, 64, 128), (128, 64, 256)], [4, 8]):
                div = 2 if fmt == "e2m1" else 1
                cfgs.append(("dotscaled_%s_%s_%dx%dx%d_w%d" % (arch, fmt, M, N, K, w), "dot_scaled", arch, w,
                             {"a_ptr": "*u8", "as_ptr": "*u8", "b_ptr": "*u8", "bs_ptr": "*u8", "c_ptr": "*fp32",
                              "M": "constexpr", "N": "constexpr", "K": "constexpr", "FMT": "constexpr", "DIV": "constexpr"},
                             {"M": M, "N": N, "K": K, "FMT": fmt, "DIV": div}))
    return cfgs


if __name__ == "__main__":
    import multiprocessing as mp
    os.makedirs(OUT, exist_ok=True)
    only = sys.argv[1:]
    cfgs = [c for c in configs() if not only or any(o in c[0] for o in only)]
    results = []
    with mp.get_context("spawn").Pool(int(os.environ.get("WORKERS", "14"))) as pool:
        for rec in pool.imap_unordered(build, cfgs):
            results.append(rec)
            if "error" in rec:
                print("ERR", rec["name"], rec["error"][:160], flush=True)
    results.sort(key=lambda r: r["name"])
    json.dump(results, open(os.path.join(OUT, "kernels.json"), "w"), indent=1)
    print("compiled", sum(1 for r in results if "error" not in r), "of", len(results))
