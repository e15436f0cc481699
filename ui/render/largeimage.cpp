#include "render/largeimage.h"

#include "base/largebuffer.h"

namespace lx {

QImage largeImage(const QSize &size)
{
    if (size.isEmpty())
        return {};
    const qsizetype bytesPerLine = qsizetype(size.width()) * 4;
    const size_t bytes = size_t(bytesPerLine) * size_t(size.height());
    if (bytes < kLargeBlockBytes)
        return QImage(size, QImage::Format_ARGB32_Premultiplied);
    void *data = allocateBlock(bytes);
    if (!data)
        return {};
    QImage image(
        static_cast<uchar *>(data), size.width(), size.height(), bytesPerLine,
        QImage::Format_ARGB32_Premultiplied, [](void *p) { releaseBlock(p); }, data);
    if (image.isNull())
        releaseBlock(data);
    return image;
}

} // namespace lx
