#pragma once

// largeImage(size): an ARGB32 premultiplied image (bytes per line = width × 4, as QImage's own)
// whose pixels are a large block (base/largebuffer.h) when they take at least kLargeBlockBytes: a
// figure's image is written top to bottom right after it is allocated, so it is faulted in 2 MiB at
// a time where the kernel gives huge pages on request, and the next export or repaint of about the
// same size reuses the pages of the last one. Not filled; null when out of memory.

#include <QImage>
#include <QSize>

namespace lx {

[[nodiscard]] QImage largeImage(const QSize &size);

} // namespace lx
