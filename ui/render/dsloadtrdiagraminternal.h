#pragma once

// Internal to the ds_load_tr view sources (dsloadtrdiagram.cpp: the panels, exchange, full-tile
// and eligibility views and the view builders; dsloadtrpipeline.cpp: the lowering step by step
// and the invertAndCompose table): the tables and texts they share. Not part of the interface:
// dsloadtrdiagram.h is.

#include "analysis/dsloadtr.h"
#include "layout/linearlayout.h"
#include "render/diagram.h"

#include <QString>

#include <string>

namespace lx::dsloadtrdiagraminternal {

// "[0, 4]": one basis vector.
QString basisText(const LinearLayout::Basis &b);
// One row per basis: "register=4" -> "[0, 4]". Dims in the layout's order.
DiagramTable basisTable(const QString &title, const LinearLayout &l, const QString &imageHeader);
// "[dim0, dim1]": the layout's out-dims.
QString outNames(const LinearLayout &l);
// "ds_load_tr16_b128 on gfx1250, f16: 4 per thread (fallback: 8 × ds_load_b64)".
QString planSubtitle(const DsLoadTrPlan &p, const std::string &dtype);

// The steps buildDsLoadTrPipeline walks (the view option "step" runs 0 to this).
int pipelineStepCount();

} // namespace lx::dsloadtrdiagraminternal
