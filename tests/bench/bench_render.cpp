// The rendering path: ownership diagram build, painting (full and a window-sized viewport),
// export (BM_Export/svg, /pdf, /png, /tikz).

#include "layout/linearlayout.h"
#include "render/diagramrenderer.h"
#include "render/exporter.h"
#include "render/ownershipdiagram.h"

#include <QGuiApplication>
#include <QImage>
#include <QPainter>

#include <benchmark/benchmark.h>

namespace {

// Text needs a QGuiApplication; the offscreen platform needs no display.
void ensureApp()
{
    static int argc = 1;
    static char name[] = "lx_bench";
    static char *argv[] = {name, nullptr};
    static QGuiApplication *app = [] {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        return new QGuiApplication(argc, argv);
    }();
    (void)app;
}

// The conformance WMMA v3 layout wmma3-0049 (warps_per_cta [2,2], 128×128), generalised to
// n×n by widening the register repetitions: register [1,0],[2,0],[4,0] then alternating
// column and row repetitions, lane [0,1]..[0,8],[8,0], warp [0,16],[16,0].
lx::LinearLayout wmmaLike(int n)
{
    lx::LinearLayout::BasesT bases = {{"register", {{1, 0}, {2, 0}, {4, 0}}},
                                      {"lane", {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {8, 0}}},
                                      {"warp", {{0, 16}, {16, 0}}}};
    for (int v = 32; v < n; v *= 2) {
        bases[0].second.push_back({0, v});
        bases[0].second.push_back({v, 0});
    }
    return *lx::LinearLayout::tryCreate(bases, {{"dim0", n}, {"dim1", n}}, true);
}

lx::Diagram ownership(int n)
{
    lx::OwnershipDiagramOptions o;
    o.colorBy = lx::OwnerColor::Warp;
    return *lx::ownershipDiagram(wmmaLike(n), o);
}

void BM_BuildOwnershipDiagram(benchmark::State &state)
{
    ensureApp();
    const auto layout = wmmaLike(int(state.range(0)));
    lx::OwnershipDiagramOptions o;
    for (auto _ : state) {
        auto d = lx::ownershipDiagram(layout, o);
        benchmark::DoNotOptimize(d);
    }
}

// Build + paint of the 128×128 ownership view into a window-sized (1280×800) viewport at scale
// 1, what the window does when a layout changes.
void BM_BuildAndPaint128Viewport(benchmark::State &state)
{
    ensureApp();
    const auto layout = wmmaLike(128);
    QImage target(1280, 800, QImage::Format_ARGB32_Premultiplied);
    for (auto _ : state) {
        const lx::Diagram d = *lx::ownershipDiagram(layout, {});
        const lx::DiagramRenderer r(d, lx::RenderOptions{});
        QPainter p(&target);
        r.paint(&p, target.rect());
    }
}

// Build + paint of the whole 128×128 figure (every cell and label) at scale `range/100`.
void BM_BuildAndPaint128Full(benchmark::State &state)
{
    ensureApp();
    const auto layout = wmmaLike(128);
    lx::RenderOptions o;
    o.scale = double(state.range(0)) / 100;
    for (auto _ : state) {
        const lx::Diagram d = *lx::ownershipDiagram(layout, {});
        QImage img = lx::renderImage(d, o);
        benchmark::DoNotOptimize(img);
    }
}

// Paint of the visible part of a 1024×1024 ownership view in a 1280×800 viewport, at scale 1
// (labels drawn) and fitted (scale 0.025: sub-pixel cells, the raster path). Arg = scale × 1000.
void BM_PaintVisible1024(benchmark::State &state)
{
    ensureApp();
    static const lx::Diagram d = ownership(1024);
    lx::RenderOptions o;
    o.scale = double(state.range(0)) / 1000;
    const lx::DiagramRenderer r(d, o);
    QImage target(1280, 800, QImage::Format_ARGB32_Premultiplied);
    const QRect exposed(QPoint(2000 % std::max(1, r.size().width()), 0), target.size());
    for (auto _ : state) {
        QPainter p(&target);
        p.translate(-exposed.topLeft());
        r.paint(&p, exposed);
    }
}

// Export of the 128×128 ownership figure at scale 1, as `render -o f.<format>` writes it.
void BM_Export(benchmark::State &state, const char *format)
{
    ensureApp();
    const lx::Diagram d = ownership(128);
    const std::string f = format;
    for (auto _ : state) {
        if (f == "png") {
            QImage image = lx::renderImage(d, lx::RenderOptions{});
            benchmark::DoNotOptimize(image);
        } else if (f == "svg") {
            auto bytes = lx::renderSvg(d, lx::RenderOptions{});
            benchmark::DoNotOptimize(bytes);
        } else if (f == "pdf") {
            auto bytes = lx::renderPdf(d, lx::RenderOptions{});
            benchmark::DoNotOptimize(bytes);
        } else {
            auto bytes = lx::renderTikz(d, lx::RenderOptions{});
            benchmark::DoNotOptimize(bytes);
        }
    }
}

} // namespace

BENCHMARK(BM_BuildOwnershipDiagram)->Arg(128)->Arg(1024)->Arg(4096)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BuildAndPaint128Viewport)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BuildAndPaint128Full)->Arg(100)->Arg(25)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PaintVisible1024)->Arg(1000)->Arg(25)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Export, svg, "svg")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Export, pdf, "pdf")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Export, png, "png")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Export, tikz, "tikz")->Unit(benchmark::kMillisecond);
