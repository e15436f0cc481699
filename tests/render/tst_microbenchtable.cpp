// The microbenchmark table shows the measured cycles beside the modelled ones and the
// partitioned speedup of both; a malformed 'measured' option is refused with its name.

#include "presetrequests.h"
#include "render/diagram.h"
#include "render/viewregistry.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

using namespace lx;
using namespace Qt::StringLiterals;

namespace {

QString figure(const Diagram &d, const QString &key)
{
    for (const DiagramFigure &f : d.figures)
        if (f.key == key)
            return f.value;
    return u"<none>"_s;
}

} // namespace

class TestMicrobenchTable : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void measuredBesideModelled()
    {
        QString error;
        const std::vector<ViewRequest> reqs = lx::test::presetRequests("microbench-plain", &error);
        QVERIFY2(!reqs.empty(), qPrintable(error));
        QCOMPARE(reqs.front().kind, std::string("microbench-table"));
        Expected<Diagram> d = buildView(reqs.front());
        QVERIFY2(bool(d), d ? "" : d.message().c_str());
        // The blog measured 323 (plain) and 196 (partitioned) cycles: 323 / 196 = 1.648.
        QCOMPARE(figure(*d, u"speedupMeasured"_s), u"1.65\u00d7"_s);
        // The model (fixed 67.5 cycles): 323.5 / 195.5 = 1.655.
        QCOMPARE(figure(*d, u"speedupModel"_s), u"1.65\u00d7"_s);
        QVERIFY(!d->tables.empty());
        const DiagramTable &t = d->tables.front();
        const qsizetype col = t.header.indexOf(u"measured cycles"_s);
        QVERIFY(col >= 0);
        QCOMPARE(t.rows.size(), size_t(2));
        QCOMPARE(t.rows[0].at(col), u"323"_s);
        QCOMPARE(t.rows[1].at(col), u"196"_s);
        QCOMPARE(t.rows[0].at(t.header.indexOf(u"model cycles"_s)), u"323.5"_s);
        QCOMPARE(t.rows[1].at(t.header.indexOf(u"model cycles"_s)), u"195.5"_s);
    }

    // The blog's table: raw 202.9 / 334.4 B/cycle (65536 B over 323 / 196 cycles) and steady
    // 255.4 / 509.8, in columns of their own beside the model's, typed as measured.
    void measuredRatesBesideTheModel()
    {
        QString error;
        const std::vector<ViewRequest> reqs = lx::test::presetRequests("microbench-plain", &error);
        QVERIFY2(!reqs.empty(), qPrintable(error));
        Expected<Diagram> d = buildView(reqs.front());
        QVERIFY2(bool(d), d ? "" : d.message().c_str());
        const DiagramTable &t = d->tables.front();
        const qsizetype raw = t.header.indexOf(u"raw B/cycle (measured)"_s);
        const qsizetype steady = t.header.indexOf(u"steady B/cycle (measured)"_s);
        QVERIFY(raw >= 0 && steady >= 0 && t.header.contains(u"raw B/cycle (model)"_s));
        QCOMPARE(t.rows[0].at(raw), QString::number(65536.0 / 323, 'f', 1));
        QCOMPARE(t.rows[1].at(raw), QString::number(65536.0 / 196, 'f', 1));
        QCOMPARE(t.rows[0].at(steady), u"255.4"_s);
        QCOMPARE(t.rows[1].at(steady), u"509.8"_s);
        int measured = 0;
        for (const DiagramFigure &f : d->figures)
            if (f.key.startsWith(u"rawBandwidthMeasured"_s) ||
                f.key.startsWith(u"steadyBandwidthMeasured"_s)) {
                QCOMPARE(f.source, FigureSource::Measured);
                ++measured;
            }
        QCOMPARE(measured, 4);
    }

    // The sweep view: a line fitted per layout, its reciprocal slope within 1 % of the port
    // rates (256 and 512 B/cycle: one port with the conflict, two without), labelled fitted.
    void sweepFitsALinePerLayout()
    {
        QString error;
        std::vector<ViewRequest> reqs = lx::test::presetRequests("microbench-plain", &error);
        QVERIFY2(!reqs.empty(), qPrintable(error));
        const auto sweep = std::find_if(reqs.begin(), reqs.end(), [](const ViewRequest &r) {
            return r.kind == "microbench-sweep";
        });
        QVERIFY(sweep != reqs.end());
        Expected<Diagram> d = buildView(*sweep);
        QVERIFY2(bool(d), d ? "" : d.message().c_str());
        QVERIFY(d->subtitle.contains(u"FITTED"_s));
        for (const auto &[key, rate] :
             {std::pair{u"sweepRatePlain"_s, 256.0}, std::pair{u"sweepRatePartitioned"_s, 512.0}}) {
            const auto f = std::find_if(d->figures.begin(), d->figures.end(),
                                        [&](const DiagramFigure &x) { return x.key == key; });
            QVERIFY(f != d->figures.end() && f->number);
            QCOMPARE(f->source, FigureSource::Fitted);
            QVERIFY2(std::abs(*f->number / rate - 1) < 0.01, qPrintable(f->value));
        }
    }

    // The measured cycles are the architecture file's (cu.measurements), never the preset's: the
    // preset's view has no "measured" option, and an edited architecture file changes the table.
    void measuredCyclesComeFromTheArchitectureFile()
    {
        QString error;
        std::vector<ViewRequest> reqs = lx::test::presetRequests("microbench-plain", &error);
        QVERIFY2(!reqs.empty(), qPrintable(error));
        ViewRequest r = reqs.front();
        QVERIFY(!r.options.contains("measured"));
        QFile original(QStringLiteral(LX_SOURCE_DIR "/resources/arch/gfx1250.json"));
        QVERIFY(original.open(QIODevice::ReadOnly));
        nlohmann::json arch = nlohmann::json::parse(original.readAll().toStdString());
        for (nlohmann::json &m : arch.at("cu").at("measurements"))
            m["cycles"] = m.at("layout") == "plain" ? 300 : 150;
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(u"edited.json"_s);
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QByteArray::fromStdString(arch.dump()));
        out.close();
        r.arch = path.toStdString();
        Expected<Diagram> d = buildView(r);
        QVERIFY2(bool(d), d ? "" : d.message().c_str());
        const DiagramTable &t = d->tables.front();
        const qsizetype col = t.header.indexOf(u"measured cycles"_s);
        QVERIFY(col >= 0);
        QCOMPARE(t.rows[0].at(col), u"300"_s);
        QCOMPARE(t.rows[1].at(col), u"150"_s);
        QCOMPARE(figure(*d, u"speedupMeasured"_s), u"2.00\u00d7"_s);
        // The figures say the same, typed: the number and its provenance.
        bool seen = false;
        for (const DiagramFigure &f : d->figures)
            if (f.key == u"cyclesMeasuredPlain"_s) {
                QCOMPARE(f.number.value_or(-1), 300.0);
                QCOMPARE(f.source, FigureSource::Measured);
                seen = true;
            }
        QVERIFY(seen);
    }

    void malformedMeasuredIsRefused()
    {
        QString error;
        std::vector<ViewRequest> reqs = lx::test::presetRequests("microbench-plain", &error);
        QVERIFY(!reqs.empty());
        ViewRequest r = reqs.front();
        r.options["measured"] = nlohmann::json{{"plain", -1}, {"partitioned", 196}};
        Expected<Diagram> d = buildView(r);
        QVERIFY(!d);
        QVERIFY2(d.message().find("measured") != std::string::npos, d.message().c_str());
    }
};

QTEST_MAIN(TestMicrobenchTable)
#include "tst_microbenchtable.moc"
