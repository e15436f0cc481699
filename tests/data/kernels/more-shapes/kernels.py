# Kernels of shapes the first set lacks, compiled by Triton 3.6 for HIP targets (no AMD GPU
# needed): M-contiguous A operands, batched (rank-3) matmuls, one and three pipeline stages,
# plain-Triton kernels for gfx1250 (whose tt.dot lowers to FMA), new tile sizes. Keeps each
# TTGIR module and the LDS instruction mix of its final AMDGCN.
import os, sys, json, re
import triton, triton.language as tl
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from kernels import matmul  # ../kernels.py


def ds_kinds(gcn):
    d = {}
    for m in re.findall(r"^\s+(ds_\w+)", gcn, re.M):
        d[m] = d.get(m, 0) + 1
    return d
OUT = os.environ.get("OUT", "kernels-out"); os.makedirs(OUT, exist_ok=True)

@triton.jit
def bmm(a_ptr, b_ptr, c_ptr, K, sab, sam, sak, sbb, sbk, sbn, scb, scm, scn,
        BB: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rb = tl.arange(0, BB); rm = tl.arange(0, BM); rn = tl.arange(0, BN); rk = tl.arange(0, BK)
    a = a_ptr + rb[:, None, None] * sab + rm[None, :, None] * sam + rk[None, None, :] * sak
    b = b_ptr + rb[:, None, None] * sbb + rk[None, :, None] * sbk + rn[None, None, :] * sbn
    acc = tl.zeros((BB, BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        acc += tl.dot(tl.load(a), tl.load(b))
        a += BK * sak; b += BK * sbk
    c = c_ptr + rb[:, None, None] * scb + rm[None, :, None] * scm + rn[None, None, :] * scn
    tl.store(c, acc.to(c_ptr.dtype.element_ty))

def build(cfg):
    name, fn, arch, warps, stages, sig, consts = cfg
    fn = {"matmul": matmul, "bmm": bmm}[fn]
    target = GPUTarget("hip", arch, 32 if arch.startswith("gfx12") else 64)
    try:
        src = ASTSource(fn=fn, signature=sig, constexprs=consts)
        k = triton.compile(src, target=target, options={"num_warps": warps, "num_stages": stages})
        ttgir = k.asm.get("ttgir", "")
        gcn = k.asm.get("amdgcn", "")
        if isinstance(gcn, bytes): gcn = gcn.decode()
        open(os.path.join(OUT, name + ".ttgir"), "w").write(ttgir)
        ds = ds_kinds(gcn)
        return {"name": name, "arch": arch, "num_warps": warps, "num_stages": stages, "consts": consts,
                "signature": sig, "ds": ds,
                "ds_load_tr": sum(v for k2, v in ds.items() if re.match(r"ds_(read_b\d+_tr_b\d+|load_tr\d+_b\d+)$", k2)),
                "local_loads": len(re.findall(r"ttg\.local_load", ttgir)),
                "layouts": sorted(set(re.findall(r"^#\w+ = (#ttg\.\w+)", ttgir, re.M)))}
    except Exception as e:
        return {"name": name, "arch": arch, "error": str(e)[:400]}

msig = {"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16", "M": "i32", "N": "i32", "K": "i32",
        "sam": "i32", "sak": "i32", "sbk": "i32", "sbn": "i32", "scm": "i32", "scn": "i32"}
bsig = {"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16", "K": "i32", "sab": "i32", "sam": "i32",
        "sak": "i32", "sbb": "i32", "sbk": "i32", "sbn": "i32", "scb": "i32", "scm": "i32", "scn": "i32"}
cfgs = []
archs = (("gfx950", ["fp16", "bf16", "fp8e4nv"]), ("gfx942", ["fp16", "bf16"]), ("gfx1250", ["fp16", "bf16", "fp8e4nv"]))
for arch, dts in archs:
    for (BM, BN, BK, warps, stages) in [(64, 128, 64, 4, 2), (128, 64, 128, 8, 2), (128, 128, 32, 4, 3), (64, 64, 128, 4, 1)]:
        for dt in dts:
            for amaj in ("m", "k"):
                for bmaj in ("n", "k"):
                    sig = dict(msig); sig["a_ptr"] = sig["b_ptr"] = "*" + dt
                    consts = {"BM": BM, "BN": BN, "BK": BK, "TRANS_B": False}
                    sig["scn"] = "constexpr"; consts["scn"] = 1
                    if amaj == "m": sig["sam"] = "constexpr"; consts["sam"] = 1
                    else: sig["sak"] = "constexpr"; consts["sak"] = 1
                    if bmaj == "n": sig["sbn"] = "constexpr"; consts["sbn"] = 1
                    else: sig["sbk"] = "constexpr"; consts["sbk"] = 1
                    cfgs.append(("matmul3_%s_%s_%dx%dx%d_w%d_s%d_a%s_b%s" % (arch, dt, BM, BN, BK, warps, stages, amaj, bmaj),
                                 "matmul", arch, warps, stages, sig, consts))
    for (BB, BM, BN, BK, warps) in [(2, 64, 64, 32, 4), (4, 32, 64, 64, 4)]:
        for dt in dts[:2]:
            for bmaj in ("n", "k"):
                sig = dict(bsig); sig["a_ptr"] = sig["b_ptr"] = "*" + dt
                consts = {"BB": BB, "BM": BM, "BN": BN, "BK": BK}
                sig["sak"] = "constexpr"; consts["sak"] = 1; sig["scn"] = "constexpr"; consts["scn"] = 1
                if bmaj == "n": sig["sbn"] = "constexpr"; consts["sbn"] = 1
                else: sig["sbk"] = "constexpr"; consts["sbk"] = 1
                cfgs.append(("bmm3_%s_%s_%dx%dx%dx%d_w%d_b%s" % (arch, dt, BB, BM, BN, BK, warps, bmaj), "bmm", arch, warps, 2, sig, consts))
if __name__ == "__main__":
    import multiprocessing as mp
    results = []
    with mp.get_context("spawn").Pool(int(os.environ.get("WORKERS", "14"))) as pool:
        for rec in pool.imap_unordered(build, cfgs):
            results.append(rec)
            print(json.dumps({k: rec.get(k) for k in ("name", "ds_load_tr", "local_loads", "error")}), flush=True)
            json.dump(results, open(os.path.join(OUT, "kernels.json"), "w"), indent=1)
    print("compiled", sum(1 for r in results if "error" not in r), "of", len(results))
