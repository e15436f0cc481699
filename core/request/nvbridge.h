#pragma once

// The swizzle and descriptor bridge of a shared layout (io/nvmmabridge.h) as every face asks it:
// `convert --to nvmma|descriptor [--json]`, Python's Layout.descriptor() and to_nvmma(), and the
// window's Analysis panel, which lists the figures below for the selected shared layout.
//
// Element width: the NVMMA attribute's own, else the given element type's; with neither the
// answer is refused with that reason (a swizzle spans bytes, so the width decides the layout).

#include "base/expected.h"
#include "io/nvmmabridge.h"
#include "layout/attrs.h"
#include "layout/linearlayout.h"
#include "request/figures.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace lx {

// Requires: `shared` a 2-D shared layout (offset [, block] -> dim0, dim1); `attr` the attribute
// it was built from, or null (raw bases); `dtype` an element type name, or empty.
[[nodiscard]] Expected<NvSharedBridge>
resolveNvBridge(const LayoutAttr *attr, const LinearLayout &shared, const std::string &dtype);

// Whether the bridge applies to a layout at all: a shared layout of two tensor dims.
[[nodiscard]] bool hasNvBridge(const LinearLayout &layout);

// {"elementBits", "shape", "canonical", "whyNot" (empty when canonical), "nvmma", "gluon", "cute",
//  "cuteBytes", "tmaSwizzle", "tmaBox", "descriptors": [{"operand", "major", "layoutType",
//  "layoutName", "lboBytes", "sboBytes", "lboField", "sboField", "lboUsed", "problem", "text"}],
//  "figures"}: what `convert --to descriptor --json` prints and Python's record holds.
[[nodiscard]] nlohmann::json nvBridgeJson(const NvSharedBridge &b);

// The bridge as figures (keys nvmma, canonical, cute, cuteBytes, tma, descriptorA, descriptorB;
// a layout that is not canonical has nvmma, canonical with the basis that breaks it, and no
// other).
[[nodiscard]] std::vector<Figure> nvBridgeFigures(const NvSharedBridge &b);

} // namespace lx
