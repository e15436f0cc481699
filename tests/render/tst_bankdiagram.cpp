// Tests of the bank views (ui/render/bankdiagram.h) built from the presets: the thread x element
// table of rocmlir-kpack-before must read like the pull request's table (rocMLIR PR #2196: row m =
// 0 is "T0 B0 T0 B0 T1 B1 T1 B1 T2 B0 ..."), conflicts highlighted, and every bank preset must
// build. With LX_BANK_PNG_DIR set, the diagrams are also written there as PNG for a person to look
// at.

#include "io/scene.h"
#include "render/bankdiagram.h"
#include "render/exporter.h"
#include "render/viewregistry.h"

#include <QDir>
#include <QtTest>

using namespace lx;
using namespace Qt::StringLiterals;

namespace {

ViewRequest presetView(const std::string &preset, size_t view)
{
    auto scene = loadPreset(preset);
    if (!scene)
        qFatal("%s", scene.message().c_str());
    ViewRequest req;
    req.arch = scene->arch;
    for (const SceneLayout &l : scene->layouts) {
        auto r = resolveLayout(l);
        if (!r)
            qFatal("%s", r.message().c_str());
        req.layouts.push_back({r->name, r->layout, r->shape, r->dtype, r->attr});
    }
    const SceneView &v = scene->views.at(view);
    req.kind = v.kind;
    req.layout = v.layout;
    req.options = v.options;
    return req;
}

void maybeExport(const Diagram &d, const QString &name)
{
    const QString dir = qEnvironmentVariable("LX_BANK_PNG_DIR");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    const QString error = exportDiagram(d, RenderOptions{}, dir + u"/"_s + name + u".png"_s,
                                        *lx::exportFormatForPath(u"x.png"_s));
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

} // namespace

class TestBankDiagram : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void kpackTableLikeThePullRequest();
    void kpackAfterIsTwoWay();
    void everyBankPresetBuilds_data();
    void everyBankPresetBuilds();
    void histogramBars();
    void badOptions();
};

void TestBankDiagram::kpackTableLikeThePullRequest()
{
    auto d = buildView(presetView("rocmlir-kpack-before", 0));
    QVERIFY2(d.hasValue(), d ? "" : d.message().c_str());
    maybeExport(*d, u"rocmlir-kpack-before-table"_s);
    QCOMPARE(int(d->panels.size()), 1);
    const DiagramPanel &p = d->panels.front();
    // Threads 0..31 store rows m = 0..5 and k = 0..31 (the pull request's table: 6 rows, 32
    // columns).
    QCOMPARE(p.rows(), 6);
    QCOMPARE(p.columns(), 32);
    // The pull request's row m = 0: thread k/2 owns columns k, k+1 (kPerThread 2); even threads
    // bank 0, odd bank 1 (bank = (2 d + t mod 2) mod 32, docs/worked-cases.md R1).
    for (int k = 0; k < 32; ++k) {
        const int t = k / 2;
        QCOMPARE(p.text(0, k), u"T%1 B%2"_s.arg(t).arg(t % 2));
    }
    // Rows 1, 2 (d = 1, 2): banks 2/3 and 4/5, as in the pull request's table.
    QCOMPARE(p.text(1, 0), u"T0 B2"_s);
    QCOMPARE(p.text(2, 3), u"T1 B5"_s);
    // Row m = 3 is thread 16 (d = 3): bank 6 by the formula and docs/worked-cases.md R1 (the pull
    // request's own table prints B0 there, which disagrees with its rows 4-5 and with the address
    // formula).
    QCOMPARE(p.text(3, 0), u"T16 B6"_s);
    QCOMPARE(p.text(5, 31), u"T31 B11"_s);
    // Every store is 8-way: every cell is highlighted as a conflict (not the conflict-free fill).
    const QRgb free = p.cell(0, 0).fill;
    QVERIFY(qRed(free) > qGreen(free)); // a red, not the green of a conflict-free access
    QVERIFY(d->subtitle.contains(u"16 cycles per instruction (ideal 2), 8-way"_s));
    QVERIFY(d->subtitle.contains(u"Triton's model"_s));
    QVERIFY(d->subtitle.contains(u"confidence M"_s));
    auto map = buildView(presetView("rocmlir-kpack-before", 2));
    QVERIFY(map.hasValue());
    maybeExport(*map, u"rocmlir-kpack-before-map"_s);
    QCOMPARE(map->panels.front().rows(), 96);
    QCOMPARE(map->panels.front().columns(), 32);
    QCOMPARE(map->panels.front().text(1, 0), u"B2"_s);
}

void TestBankDiagram::kpackAfterIsTwoWay()
{
    auto d = buildView(presetView("rocmlir-kpack-after", 0));
    QVERIFY(d.hasValue());
    maybeExport(*d, u"rocmlir-kpack-after-table"_s);
    QVERIFY2(d->subtitle.contains(u"4 cycles per instruction (ideal 2), 2-way"_s),
             qPrintable(d->subtitle));
    // docs/worked-cases.md R1 "after": T2 stores to B2 (k = 4, 5 -> k_outer 1 rotates d by 1).
    QCOMPARE(d->panels.front().text(0, 4), u"T2 B2"_s);
    // T0's first store (bank 0) is alone in its bank in phase 0: conflict-free fill.
    const QRgb c = d->panels.front().cell(0, 0).fill;
    QVERIFY(qGreen(c) > qRed(c));
}

void TestBankDiagram::everyBankPresetBuilds_data()
{
    QTest::addColumn<QString>("preset");
    for (const PresetInfo &p : listPresets()) {
        if (p.name.rfind("lds-", 0) == 0 || p.name.rfind("rocmlir-", 0) == 0)
            QTest::newRow(p.name.c_str()) << QString::fromStdString(p.name);
    }
}

void TestBankDiagram::everyBankPresetBuilds()
{
    QFETCH(QString, preset);
    auto scene = loadPreset(preset.toStdString());
    QVERIFY(scene.hasValue());
    QVERIFY(!scene->description.empty());
    QVERIFY(!scene->views.empty());
    for (size_t i = 0; i < scene->views.size(); ++i) {
        auto d = buildView(presetView(preset.toStdString(), i));
        QVERIFY2(d.hasValue(), d ? "" : d.message().c_str());
        QVERIFY(!d->panels.empty());
        maybeExport(*d, preset + u"-"_s + QString::number(i));
    }
}

void TestBankDiagram::histogramBars()
{
    auto d = buildView(presetView("rocmlir-kpack-before", 1));
    QVERIFY(d.hasValue());
    maybeExport(*d, u"rocmlir-kpack-before-histogram"_s);
    // Two phases (T0-31, T32-63) of store 0; phase 0 has banks 0, 1, 6, 7 at 8 dwords each.
    QCOMPARE(int(d->panels.size()), 2);
    const DiagramPanel &p = d->panels.front();
    QCOMPARE(p.rows(), 8);
    QCOMPARE(p.columns(), 32);
    for (int b = 0; b < 32; ++b) {
        const bool bar = b == 0 || b == 1 || b == 6 || b == 7;
        QCOMPARE(qAlpha(p.cell(0, b).fill) != 0, bar); // top row filled only for 8-high bars
        QCOMPARE(qAlpha(p.cell(7, b).fill) != 0, bar);
    }
    QVERIFY(p.title.contains(u"8-way"_s));
}

void TestBankDiagram::badOptions()
{
    ViewRequest req = presetView("rocmlir-kpack-before", 0);
    req.options["kpack"]["perfConfig"] = "v4:96,256";
    auto a = buildView(req);
    QVERIFY(!a.hasValue());
    QVERIFY(QString::fromStdString(a.message()).contains(u"14 fields"_s));
    req = presetView("lds-g3", 0);
    req.options.erase("shared");
    auto b = buildView(req);
    QVERIFY(!b.hasValue());
    QVERIFY(QString::fromStdString(b.message()).contains(u"needs option 'shared'"_s));
    req = presetView("lds-g3", 0);
    req.arch = "gfx9999";
    auto c = buildView(req);
    QVERIFY(!c.hasValue());
    QVERIFY(QString::fromStdString(c.message()).contains(u"known: "_s));
    // The shared layout alone is a bank map with no access: the table and the histogram, which
    // count an access's conflicts, say what they need.
    for (const size_t view : {size_t(0), size_t(1)}) {
        req = presetView("lds-g3", view);
        req.layout = "plain";
        auto d = buildView(req);
        QVERIFY(!d.hasValue());
        QVERIFY2(QString::fromStdString(d.message())
                     .contains(u"view '%1' needs an access: option 'reg'"_s.arg(
                         QString::fromStdString(req.kind))),
                 d.message().c_str());
    }
}

QTEST_MAIN(TestBankDiagram)
#include "tst_bankdiagram.moc"
