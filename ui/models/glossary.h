#pragma once

// Plain-language explanations of the terms the analyses use (n-way, phase, cycles, cvt,
// divideLeft), for tooltips and the Getting Started page.

#include <QList>
#include <QPair>
#include <QString>

namespace lx {

// Every term with its explanation, in the order the Getting Started page lists them.
[[nodiscard]] QList<QPair<QString, QString>> glossaryEntries();

// The explanations of the terms that occur in `text` (case-insensitive), one per line; empty
// when none occurs.
[[nodiscard]] QString glossaryFor(const QString &text);

} // namespace lx
