// The microbenchmark table shows the measured cycles beside the modelled ones and the
// partitioned speedup of both; a malformed 'measured' option is refused with its name.

#include "presetrequests.h"
#include "render/diagram.h"
#include "render/viewregistry.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

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
