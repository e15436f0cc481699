#pragma once

// What a kernel scene shows for its module and its ops (the Kernel dock applies it):
//  - kernelAliasLayouts: every layout alias of the module as a named layout over the shape of
//    its first use;
//  - kernelOpScene: for one op, its layouts (source and destination, over the op's shape) and
//    the views that answer for it: for a local_load the ds_load_tr panels (or the eligibility
//    table when the transposed load does not apply), the bank table and the destination's
//    ownership; for a write the bank table, the bank map and the source's ownership; for a
//    convert_layout the conversion map dst.invertAndCompose(src) and the ownership of both
//    sides; a tensor-memory side (tmem_load, tmem_store) gets no ownership view. Layouts the
//    scene already has under the same name are reused, not added again.

#include "analysis/kernel.h"
#include "io/ttgir.h"
#include "models/layoutdocument.h"

#include <QList>
#include <QStringList>

namespace lx {

[[nodiscard]] QList<DocumentLayout> kernelAliasLayouts(const TtgirModule &module);

struct KernelOpScene
{
    QList<DocumentLayout> add; // layouts the scene does not have yet
    QStringList layouts;       // the op's layouts by their names in the scene (source first)
    QList<DocumentView> views; // the views that answer for the op, the first in front
};

[[nodiscard]] KernelOpScene kernelOpScene(const LayoutDocument &document, const TtgirModule &module,
                                          const KernelOpReport &op);

} // namespace lx
