"""The swizzle and descriptor bridge in Python (Layout.descriptor, Layout.to_nvmma and the
functions of the same names): the same object as `convert --to descriptor --json`, figures
derived from the rules of docs/nvidia-layouts.md, and refusals as LayoutError with the cause."""

import pytest

import layout_explorer as lx

NVMMA_128 = "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>"
# vec 8 x maxPhase 4 over rows of 64 f16: two row bits swizzle the 16-byte chunk, where the
# 128-byte swizzle XORs three.
SWIZZLED = "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>"


def test_the_record_is_the_command_json(cli):
    rec = lx.layout(NVMMA_128).descriptor((64, 64))
    assert rec.to_dict() == cli.json("convert", f"--layout={NVMMA_128}", "--shape=64x64",
                                     "--to=descriptor")


def test_a_k_major_128_byte_tile():
    rec = lx.descriptor(NVMMA_128, (64, 64))
    assert rec.canonical and rec.whyNot == ""
    assert rec.elementBits == 16
    # One TMA box spans one swizzle: 128 bytes of f16 = 64 elements along the contiguous dim.
    assert rec.tmaSwizzle == "CU_TENSOR_MAP_SWIZZLE_128B"
    assert list(rec.tmaBox) == [64, 128 // 2]
    a = rec.descriptors[0]
    assert a.operand.startswith("A") and a.major == "K"
    # K-major with a swizzle: SBO = the next 8 rows of 128 bytes; LBO unused (field 1).
    assert a.layoutType == 1 and a.sboBytes == 8 * 128 and a.sboField == 8 * 128 >> 4
    assert not a.lboUsed and a.lboField == 1
    # CuTe: B = log2(128 / 16) = 3 row bits, M = log2(16 / 2) = 3 element bits, S = 3.
    assert rec.cute.startswith("Sw<3,3,3>")
    assert rec.cuteBytes.startswith("Sw<3,4,3>")


def test_to_nvmma_gives_the_nvmma_layout_back():
    nv = lx.to_nvmma(NVMMA_128, (64, 64))
    assert nv.to_ttg() == NVMMA_128
    # A swizzled layout equal to the 64-byte swizzle over rows of 32 f16 is that NVMMA layout:
    # the swizzle XORs the 16-byte chunk (vec 8) with byte-address bits 7 and 8 (4 phases), and
    # a 128-byte line holds two 64-byte rows (perPhase 2).
    same = lx.SwizzledSharedLayout(8, 2, 4, [1, 0]).to_nvmma((64, 32), dtype="f16")
    assert "swizzlingByteWidth = 64" in same.to_ttg()


def test_a_layout_that_is_not_canonical_names_the_basis():
    rec = lx.descriptor(SWIZZLED, (64, 64), dtype="f16")
    assert not rec.canonical
    # Offset bits 0..5 walk the 64 columns; bit 8 is row 4, whose phase is 4 mod 4 = 0 here and
    # 4 under the 128-byte swizzle (chunk 4 = column 32).
    assert "offset basis 8 is [4, 0]" in rec.whyNot
    assert "[4, 32]" in rec.whyNot
    assert list(rec.descriptors) == []
    with pytest.raises(lx.LayoutError, match=r"not an NVMMA shared layout: offset basis 8"):
        lx.to_nvmma(SWIZZLED, (64, 64), dtype="f16")


def test_refusals_name_the_cause():
    with pytest.raises(lx.LayoutError, match="element type"):
        lx.descriptor(SWIZZLED, (64, 64))
    with pytest.raises(lx.LayoutError, match="unknown"):
        lx.descriptor(SWIZZLED, (64, 64), dtype="f17")
    blocked = lx.BlockedLayout([1, 8], [4, 8], [4, 1], [1, 0])
    with pytest.raises(lx.LayoutError, match="shared layout of two dims"):
        blocked.descriptor((64, 64), dtype="f16")
