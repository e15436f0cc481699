// BuilderDialog: every kind's defaults make a valid layout that round-trips through its printed
// #ttg text; known layouts built in the form equal what independent sources resolve (the presets
// through core/io/scene, Triton's own engine through the conformance file); bad input in every
// kind of field is reported next to the field with OK disabled and the document unchanged; OK
// adds the layout and its view as one undo step; the parameters are remembered.

#include "hw/dtype.h"
#include "io/layoutjson.h"
#include "io/scene.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "models/layoutdocument.h"
#include "scratchsettings.h"
#include "widgets/builderdialog.h"
#include "widgets/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <nlohmann/json.hpp>

using namespace lx;
using namespace Qt::StringLiterals;

using Fields = QList<std::pair<QString, QString>>;
Q_DECLARE_METATYPE(Fields)

namespace {

BuilderDialog::Kind kindOf(const QString &id)
{
    BuilderDialog::Kind k = BuilderDialog::Kind::Blocked;
    if (!BuilderDialog::kindFromId(id, &k))
        qFatal("unknown kind id");
    return k;
}

// Sets every field; fails the test (through the returned message) when one cannot be set.
QString setFields(BuilderDialog &d, const Fields &fields)
{
    for (const auto &[key, value] : fields)
        if (!d.setField(key, value))
            return u"cannot set %1 to %2"_s.arg(key, value);
    return {};
}

QString joined(const std::vector<int32_t> &v)
{
    QStringList parts;
    for (int32_t x : v)
        parts << QString::number(x);
    return parts.join(u", "_s);
}

} // namespace

class TestBuilderDialog : public QObject
{
    Q_OBJECT
private:
    lx::test::ScratchSettings m_scratch;

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_scratch.install()); }

    // Every test starts from the defaults: nothing remembered.
    void init() { QSettings().remove(u"builderDialog"_s); }

    void defaultsMakeValidLayouts_data()
    {
        QTest::addColumn<QString>("kind");
        for (BuilderDialog::Kind k : BuilderDialog::kinds())
            QTest::newRow(qPrintable(BuilderDialog::kindId(k))) << BuilderDialog::kindId(k);
    }

    void defaultsMakeValidLayouts()
    {
        QFETCH(QString, kind);
        LayoutDocument doc;
        BuilderDialog d(&doc);
        d.setKind(kindOf(kind));
        QCOMPARE(BuilderDialog::kindId(d.kind()), kind);
        QVERIFY2(d.isValid(), qPrintable(d.errorText()));
        QVERIFY(d.okButton()->isEnabled());
        QVERIFY(d.errorText().isEmpty());
        for (const QString &key : d.fieldKeys())
            QVERIFY2(d.fieldError(key).isEmpty(), qPrintable(key));

        // The printed text reads back as the same attribute (the dialog builds the normal form).
        const std::string text = printTtg(*d.attr());
        QCOMPARE(d.ttgText(), QString::fromStdString(text));
        QCOMPARE(d.previewEdit()->toPlainText(), d.ttgText());
        Expected<LayoutAttrPtr> back = parseLayoutText(text);
        QVERIFY2(back, back ? "" : back.message().c_str());
        QVERIFY2(**back == *d.attr(), text.c_str());
        const QList<int> dims = d.shape();
        const std::vector<int32_t> shape(dims.begin(), dims.end());
        Expected<LinearLayout> expected = toLinearLayout(**back, shape);
        QVERIFY(expected);
        QCOMPARE(d.layout(), *expected);
        QVERIFY(d.summaryLabel()->text().contains(u"Out: dim0"_s));

        // What is added is what a pasted text gives.
        const int before = doc.layoutCount();
        QCOMPARE(d.addToDocument(), QString());
        QCOMPARE(doc.layoutCount(), before + 1);
        const DocumentLayout &added = doc.layoutAt(doc.layoutCount() - 1);
        QCOMPARE(added.name, d.layoutName());
        QCOMPARE(added.sourceText, QString::fromStdString(text));
        QVERIFY(deepEqual(added.attr, *back));
        QCOMPARE(added.layout, *expected);
        QCOMPARE(added.shape, d.shape());
        QCOMPARE(added.dtype, u"f16"_s);
        QVERIFY(dtypeBits(added.dtype.toStdString()));
        // Gluon export works on it too (Copy Layout as Gluon).
        QVERIFY(!printGluon(*added.attr).empty());
    }

    void everyFieldHasATooltipNamingItsKeys()
    {
        LayoutDocument doc;
        BuilderDialog d(&doc);
        for (BuilderDialog::Kind k : BuilderDialog::kinds()) {
            d.setKind(k);
            QVERIFY(!d.fieldKeys().isEmpty());
            for (const QString &key : d.fieldKeys()) {
                const QString tip = d.fieldWidget(key)->toolTip();
                QVERIFY2(tip.contains(u"MLIR key"_s) && tip.contains(u"Gluon keyword"_s),
                         qPrintable(key));
                QVERIFY2(tip.contains(key.section(u'.', -1)), qPrintable(key));
            }
        }
    }

    void everyElementTypeIsKnown()
    {
        LayoutDocument doc;
        BuilderDialog d(&doc);
        auto *box = qobject_cast<QComboBox *>(d.fieldWidget(u"dtype"_s));
        QVERIFY(box);
        QVERIFY(box->count() >= 8);
        for (int i = 0; i < box->count(); ++i)
            QVERIFY2(dtypeBits(box->itemData(i).toString().toStdString()),
                     qPrintable(box->itemText(i)));
    }

    // The form, filled with a preset's parameters, builds the layout the preset resolves to
    // through core/io/scene (its own text parser and builders path, no dialog involved).
    void matchesPresets_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QString>("layoutName");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<Fields>("fields");
        // fig9: #ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {register = [[2, 0]],
        // warp = [[2, 1], [1, 0]]}, instrShape = [16, 16, 32]}> over 64x32.
        QTest::newRow("fig9 C (amd_wmma ctaLayout)")
            << u"fig9"_s << u"C"_s << u"amd_wmma"_s
            << Fields{{u"shape"_s, u"64x32"_s},
                      {u"version"_s, u"3"_s},
                      {u"isTranspose"_s, u"true"_s},
                      {u"ctaLayout.register"_s, u"[[2, 0]]"_s},
                      {u"ctaLayout.warp"_s, u"[[2, 1], [1, 0]]"_s},
                      {u"instrShape"_s, u"16, 16, 32"_s}};
        // fig13 DA: the dot_op opIdx 0, kWidth 8 of the same WMMA, over 64x64.
        QTest::newRow("fig13 DA (dot_op A)")
            << u"fig13"_s << u"DA"_s << u"dot_op"_s
            << Fields{{u"shape"_s, u"64x64"_s},
                      {u"opIdx"_s, u"0"_s},
                      {u"kWidth"_s, u"8"_s},
                      {u"parent.version"_s, u"3"_s},
                      {u"parent.isTranspose"_s, u"true"_s},
                      {u"parent.ctaLayout.register"_s, u"[[2, 0]]"_s},
                      {u"parent.ctaLayout.warp"_s, u"[[2, 1], [1, 0]]"_s},
                      {u"parent.instrShape"_s, u"16, 16, 32"_s}};
        // fig2a dst: dot_op opIdx 1, kWidth 8 of a one-warp WMMA (warp = []), over 32x16.
        QTest::newRow("fig2a dst (dot_op B, one warp)")
            << u"fig2a"_s << u"dst"_s << u"dot_op"_s
            << Fields{{u"shape"_s, u"32x16"_s},
                      {u"opIdx"_s, u"1"_s},
                      {u"kWidth"_s, u"8"_s},
                      {u"parent.ctaLayout.register"_s, u"[]"_s},
                      {u"parent.ctaLayout.warp"_s, u"[]"_s},
                      {u"parent.instrShape"_s, u"16, 16, 32"_s}};
        // fig12 B: partitioned, 2 partitions x 4 groups along dim1 of 64x128, padded
        // [512:+16] order [1, 0]; the preset writes the piece shape [64, 16] itself, the dialog
        // derives it.
        QTest::newRow("fig12 B (partitioned, padded inner)")
            << u"fig12"_s << u"B"_s << u"partitioned_shared"_s
            << Fields{{u"shape"_s, u"64x128"_s},
                      {u"numPartitions"_s, u"2"_s},
                      {u"numGroups"_s, u"4"_s},
                      {u"partitionDim"_s, u"1"_s},
                      {u"partitionLayout"_s, u"padded_shared"_s},
                      {u"partitionLayout.intervalPadding"_s, u"[512:+16]"_s},
                      {u"partitionLayout.order"_s, u"[1, 0]"_s}};
        // lds-p1 partitioned: swizzled (1, 1, 1, [1, 0]) inner, 2 x 2 pieces along dim0 of 4x256.
        QTest::newRow("lds-p1 partitioned (swizzled inner)")
            << u"lds-p1"_s << u"partitioned"_s << u"partitioned_shared"_s
            << Fields{{u"shape"_s, u"4x256"_s},
                      {u"numPartitions"_s, u"2"_s},
                      {u"numGroups"_s, u"2"_s},
                      {u"partitionDim"_s, u"0"_s},
                      {u"partitionLayout"_s, u"swizzled_shared"_s},
                      {u"partitionLayout.vec"_s, u"1"_s},
                      {u"partitionLayout.perPhase"_s, u"1"_s},
                      {u"partitionLayout.maxPhase"_s, u"1"_s},
                      {u"partitionLayout.order"_s, u"1, 0"_s}};
        QTest::newRow("lds-p1 reg (linear)")
            << u"lds-p1"_s << u"reg"_s << u"linear"_s
            << Fields{{u"shape"_s, u"4x256"_s},
                      {u"register"_s, u"[[0, 1], [0, 2], [0, 4]]"_s},
                      {u"lane"_s, u"[[0, 8], [0, 16], [0, 32], [0, 64], [0, 128]]"_s},
                      {u"warp"_s, u"[[1, 0], [2, 0]]"_s},
                      {u"block"_s, u"[]"_s}};
        QTest::newRow("lds-p1 plain (swizzled_shared)")
            << u"lds-p1"_s << u"plain"_s << u"swizzled_shared"_s
            << Fields{{u"shape"_s, u"4x256"_s},
                      {u"vec"_s, u"1"_s},
                      {u"perPhase"_s, u"1"_s},
                      {u"maxPhase"_s, u"1"_s},
                      {u"order"_s, u"1, 0"_s}};
    }

    void matchesPresets()
    {
        QFETCH(QString, preset);
        QFETCH(QString, layoutName);
        QFETCH(QString, kind);
        QFETCH(Fields, fields);
        Expected<Scene> scene = loadPreset(preset.toStdString());
        QVERIFY2(scene, scene ? "" : scene.message().c_str());
        Expected<ResolvedLayout> resolved = resolveLayout(*scene, layoutName.toStdString());
        QVERIFY2(resolved, resolved ? "" : resolved.message().c_str());

        LayoutDocument doc;
        BuilderDialog d(&doc);
        d.setKind(kindOf(kind));
        const QString set = setFields(d, fields);
        QVERIFY2(set.isEmpty(), qPrintable(set));
        QVERIFY2(d.isValid(), qPrintable(d.errorText()));
        QCOMPARE(d.layout(), resolved->layout);
        QVERIFY(deepEqual(d.attr(), resolved->attr));
    }

    // Triton's own engine (tests/data/conformance/triton-conversions.json, its args typed into
    // the form, its expected layout read from the file).
    void matchesTritonConformance_data()
    {
        QTest::addColumn<QString>("caseName");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("shape");
        QTest::addColumn<Fields>("fields");
        // {"kind": "BlockedLayout", "size_per_thread": [8, 8], "threads_per_warp": [16, 2],
        //  "warps_per_cta": [2, 2], "order": [1, 0]} over [64, 16]
        QTest::newRow("blocked-1668") << u"blocked-1668"_s << u"blocked"_s << u"64x16"_s
                                      << Fields{{u"sizePerThread"_s, u"8, 8"_s},
                                                {u"threadsPerWarp"_s, u"16, 2"_s},
                                                {u"warpsPerCTA"_s, u"2, 2"_s},
                                                {u"order"_s, u"1, 0"_s}};
        // {"kind": "AMDMFMALayout", "version": 3, "instr_shape": [32, 32, 8], "transposed": true,
        //  "warps_per_cta": [2, 2], "element_bitwidth": 32, "tiles_per_warp": [1, 1]} over 64x64
        QTest::newRow("mfma3-1535")
            << u"mfma3-1535"_s << u"amd_mfma"_s << u"64x64"_s
            << Fields{{u"version"_s, u"3"_s},          {u"instrShape"_s, u"32, 32, 8"_s},
                      {u"isTransposed"_s, u"true"_s},  {u"warpsPerCTA"_s, u"2, 2"_s},
                      {u"elementBitWidth"_s, u"32"_s}, {u"tilesPerWarp"_s, u"1, 1"_s}};
        // {"kind": "AMDWMMALayout", "version": 3, "transposed": false, "warps_per_cta": [1, 1],
        //  "instr_shape": [16, 16, 32], "tiles_per_warp": [1, 1]} over 128x128
        QTest::newRow("wmma3-0007") << u"wmma3-0007"_s << u"amd_wmma_legacy"_s << u"128x128"_s
                                    << Fields{{u"version"_s, u"3"_s},
                                              {u"isTranspose"_s, u"false"_s},
                                              {u"warpsPerCTA"_s, u"1, 1"_s},
                                              {u"tilesPerWarp"_s, u"1, 1"_s},
                                              {u"instrShape"_s, u"16, 16, 32"_s}};
    }

    void matchesTritonConformance()
    {
        QFETCH(QString, caseName);
        QFETCH(QString, kind);
        QFETCH(QString, shape);
        QFETCH(Fields, fields);
        QFile file(QStringLiteral(LX_TEST_DATA_DIR "/conformance/triton-conversions.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const nlohmann::json cases = nlohmann::json::parse(file.readAll().toStdString());
        const nlohmann::json *found = nullptr;
        for (const nlohmann::json &c : cases.at("cases"))
            if (c.at("name") == caseName.toStdString())
                found = &c;
        QVERIFY(found);
        // The form's inputs are the case's arguments (checked here, so a row cannot drift).
        const nlohmann::json &args = found->at("args");
        QCOMPARE(joined(args.at(1).get<std::vector<int32_t>>()), shape.split(u'x').join(u", "_s));
        Expected<LinearLayout> expected = layoutFromJson(found->at("expect"));
        QVERIFY(expected);

        LayoutDocument doc;
        BuilderDialog d(&doc);
        d.setKind(kindOf(kind));
        QVERIFY(d.setField(u"shape"_s, shape));
        const QString set = setFields(d, fields);
        QVERIFY2(set.isEmpty(), qPrintable(set));
        QVERIFY2(d.isValid(), qPrintable(d.errorText()));
        QCOMPARE(d.layout(), *expected);
    }

    void badInputIsReportedAtItsField_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("fragment");
        const QString blocked = u"blocked"_s, wmma = u"amd_wmma"_s;
        QTest::newRow("int list: not an integer")
            << blocked << u"sizePerThread"_s << u"1, x"_s << u"not a whole number"_s;
        QTest::newRow("int list: not a power of two")
            << blocked << u"sizePerThread"_s << u"1, 3"_s << u"power of two"_s;
        QTest::newRow("int list: empty") << blocked << u"warpsPerCTA"_s << u""_s << u"empty"_s;
        QTest::newRow("int list: 2^40")
            << blocked << u"warpsPerCTA"_s << u"1099511627776, 1"_s << u"too large"_s;
        QTest::newRow("int list: 40 digits")
            << blocked << u"warpsPerCTA"_s << u"1234567890123456789012345678901234567890, 1"_s
            << u"too large"_s;
        QTest::newRow("int list: negative")
            << blocked << u"threadsPerWarp"_s << u"-8, 4"_s << u"negative"_s;
        QTest::newRow("int list: wrong rank")
            << blocked << u"threadsPerWarp"_s << u"32"_s << u"rank 2"_s;
        QTest::newRow("order: not a permutation")
            << blocked << u"order"_s << u"1, 1"_s << u"permutation"_s;
        QTest::newRow("shape: empty") << blocked << u"shape"_s << u""_s << u"empty"_s;
        QTest::newRow("shape: 2^40")
            << blocked << u"shape"_s << u"1099511627776x64"_s << u"not a size from 1 to"_s;
        QTest::newRow("shape: too many elements")
            << blocked << u"shape"_s << u"4096x4096"_s << u"2^22"_s;
        QTest::newRow("shape: not a power of two")
            << blocked << u"shape"_s << u"100x64"_s << u"power of two"_s;
        QTest::newRow("shape: garbage") << blocked << u"shape"_s << u"big"_s << u"not a size"_s;
        QTest::newRow("bases: unclosed")
            << wmma << u"ctaLayout.register"_s << u"[[2, 0]"_s << u"missing ']'"_s;
        QTest::newRow("bases: wrong component count")
            << wmma << u"ctaLayout.warp"_s << u"[[1], [2]]"_s << u"components"_s;
        QTest::newRow("bases: 2^40")
            << wmma << u"ctaLayout.warp"_s << u"[[1099511627776, 0]]"_s << u"too large"_s;
        QTest::newRow("bases: not a list")
            << wmma << u"ctaLayout.warp"_s << u"warp"_s << u"expected '['"_s;
        // Checks only the whole attribute can make (the #ttg verifiers, the builders), placed
        // at the field their message names.
        QTest::newRow("instrShape: [16, 16, 16] on v3")
            << wmma << u"instrShape"_s << u"16, 16, 16"_s << u"not a valid WMMA v3"_s;
        QTest::newRow("instrShape: not a WMMA v3 shape (16x16x128 is, 16x16x256 is not)")
            << wmma << u"instrShape"_s << u"16, 16, 256"_s << u"not a valid WMMA v3"_s;
        QTest::newRow("instrShape: two entries")
            << wmma << u"instrShape"_s << u"16, 16"_s << u"needs 3 entries"_s;
        QTest::newRow("mfma instrShape: invalid M x N")
            << u"amd_mfma"_s << u"instrShape"_s << u"8, 8, 8"_s << u"(M, N)"_s;
        QTest::newRow("dot kWidth: 0 for WMMA v3")
            << u"dot_op"_s << u"kWidth"_s << u"0"_s << u"kWidth is mandatory"_s;
        QTest::newRow("spin: vec not a power of two")
            << u"swizzled_shared"_s << u"vec"_s << u"3"_s << u"power of two"_s;
        QTest::newRow("pairs: malformed")
            << u"padded_shared"_s << u"intervalPadding"_s << u"512+16"_s << u"interval:+padding"_s;
        QTest::newRow("pairs: not a power of two")
            << u"padded_shared"_s << u"intervalPadding"_s << u"500:+16"_s << u"powers of two"_s;
        QTest::newRow("pairs: empty")
            << u"padded_shared"_s << u"intervalPadding"_s << u""_s << u"empty"_s;
        QTest::newRow("numPartitions: 1")
            << u"partitioned_shared"_s << u"numPartitions"_s << u"1"_s << u"at least 2"_s;
        QTest::newRow("numGroups: more pieces than rows")
            << u"partitioned_shared"_s << u"numGroups"_s << u"128"_s << u"pieces"_s;
        QTest::newRow("name: empty") << blocked << u"name"_s << u""_s << u"needs a name"_s;
        QTest::newRow("name: taken") << blocked << u"name"_s << u"taken"_s << u"already"_s;
    }

    void badInputIsReportedAtItsField()
    {
        QFETCH(QString, kind);
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(QString, fragment);
        LayoutDocument doc;
        SceneContents scene;
        scene.layouts << DocumentLayout{
            u"taken"_s, *LinearLayout::identity1D(4, "lane", "dim0"), {}, {}, {}, {}};
        doc.reset(scene);
        const SceneContents before = doc.contents();
        BuilderDialog d(&doc);
        d.setKind(kindOf(kind));
        QVERIFY(d.isValid());
        QVERIFY(d.setField(key, value));
        QVERIFY(!d.isValid());
        QVERIFY(!d.okButton()->isEnabled());
        QVERIFY2(d.fieldError(key).contains(fragment), qPrintable(d.fieldError(key)));
        // The message is under the field, the field is marked, the summary names the field.
        QWidget *editor = d.fieldWidget(key);
        QVERIFY(editor->property("lxInvalid").toBool());
        bool shown = false;
        for (QLabel *l : editor->parentWidget()->findChildren<QLabel *>())
            shown = shown || (!l->isHidden() && l->text() == d.fieldError(key));
        QVERIFY(shown);
        QVERIFY2(d.summaryLabel()->text().contains(d.fieldError(key)),
                 qPrintable(d.summaryLabel()->text()));
        QVERIFY(d.previewEdit()->toPlainText().isEmpty());
        // OK does nothing: the document and its history are unchanged.
        QVERIFY(!d.addToDocument().isEmpty());
        d.accept();
        QCOMPARE(d.result(), int(QDialog::Rejected));
        QVERIFY(doc.contents() == before);
        QCOMPARE(doc.undoStack()->count(), 0);
        // Fixing the field makes it valid again.
        d.restoreDefaults();
        QVERIFY2(d.isValid(), qPrintable(d.errorText()));
        QVERIFY(!editor->property("lxInvalid").toBool());
    }

    // The form and the #ttg reader never disagree: a value the reader refuses in pasted text is
    // refused at its field with the reader's own message (the form hands its values to the
    // reader's constructors instead of checking them again).
    void formAndReaderAgree_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("printed"); // in the default's #ttg text
        QTest::addColumn<QString>("edited");  // the same value as text
        QTest::newRow("blocked sizePerThread not powers of two")
            << u"blocked"_s << u"sizePerThread"_s << u"1, 3"_s << u"sizePerThread = [1, 8]"_s
            << u"sizePerThread = [1, 3]"_s;
        QTest::newRow("blocked order not a permutation")
            << u"blocked"_s << u"order"_s << u"1, 1"_s << u"order = [1, 0]"_s
            << u"order = [1, 1]"_s;
        QTest::newRow("wmma v3 instrShape 16x16x16")
            << u"amd_wmma"_s << u"instrShape"_s << u"16, 16, 16"_s << u"instrShape = [16, 16, 32]"_s
            << u"instrShape = [16, 16, 16]"_s;
        QTest::newRow("mfma instrShape 8x8")
            << u"amd_mfma"_s << u"instrShape"_s << u"8, 8, 8"_s << u"instrShape = [16, 16, 32]"_s
            << u"instrShape = [8, 8, 8]"_s;
        QTest::newRow("dot kWidth 0 on a v3 parent")
            << u"dot_op"_s << u"kWidth"_s << u"0"_s << u"kWidth = 8"_s << u"kWidth = 0"_s;
        QTest::newRow("swizzled order not a permutation")
            << u"swizzled_shared"_s << u"order"_s << u"0, 0"_s << u"order = [1, 0]"_s
            << u"order = [0, 0]"_s;
        QTest::newRow("padded interval not a power of two")
            << u"padded_shared"_s << u"intervalPadding"_s << u"500:+16"_s << u"512:+16"_s
            << u"500:+16"_s;
        QTest::newRow("partitioned numPartitions 1")
            << u"partitioned_shared"_s << u"numPartitions"_s << u"1"_s << u"numPartitions = 2"_s
            << u"numPartitions = 1"_s;
    }

    void formAndReaderAgree()
    {
        QFETCH(QString, kind);
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(QString, printed);
        QFETCH(QString, edited);
        LayoutDocument doc;
        BuilderDialog d(&doc);
        d.setKind(kindOf(kind));
        QVERIFY2(d.isValid(), qPrintable(d.errorText()));
        QString text = d.ttgText();
        QVERIFY2(text.contains(printed), qPrintable(text));
        text.replace(printed, edited);
        const auto read = parseTtg(text.toStdString());
        QVERIFY2(!read, qPrintable(text));
        QString expected = QString::fromStdString(read.message());
        expected.remove(QRegularExpression(u"^\\d+:\\d+: "_s));
        QVERIFY(d.setField(key, value));
        QVERIFY(!d.isValid());
        QCOMPARE(d.fieldError(key), expected);
    }

    // Odd text in every line edit of every kind: never a crash, OK enabled exactly when valid,
    // and an invalid state always says why.
    void oddInputNeverCrashes()
    {
        const QStringList odd{u""_s,
                              u"[]"_s,
                              u"[[]]"_s,
                              u"0"_s,
                              u"-1"_s,
                              u"2147483648"_s,
                              u"1,,2"_s,
                              u"["_s,
                              u"]]"_s,
                              u"abc"_s,
                              u"1e9"_s,
                              u"0x10"_s,
                              u"[[0]]"_s,
                              u"[[1073741823, 1073741823]]"_s,
                              u"[[0, 1], [0, 1], [0, 1]]"_s,
                              u"1:+0"_s,
                              u"4096x4096x4096"_s};
        LayoutDocument doc;
        BuilderDialog d(&doc);
        for (BuilderDialog::Kind k : BuilderDialog::kinds()) {
            d.setKind(k);
            QStringList keys = d.fieldKeys();
            keys << u"shape"_s << u"name"_s;
            for (const QString &key : keys) {
                auto *edit = qobject_cast<QLineEdit *>(d.fieldWidget(key));
                if (!edit)
                    continue;
                const QString original = edit->text();
                for (const QString &value : odd) {
                    QVERIFY(d.setField(key, value));
                    QCOMPARE(d.okButton()->isEnabled(), d.isValid());
                    if (!d.isValid())
                        QVERIFY2(!d.errorText().isEmpty(), qPrintable(key + u" = "_s + value));
                }
                QVERIFY(d.setField(key, original));
                QVERIFY2(d.isValid(), qPrintable(d.errorText()));
            }
        }
        QCOMPARE(doc.layoutCount(), 0);
    }

    void okAddsLayoutAndViewAsOneUndoStep()
    {
        LayoutDocument doc;
        doc.reset(builtinExampleScene());
        const SceneContents before = doc.contents();
        BuilderDialog d(&doc);
        d.setKind(BuilderDialog::Kind::WmmaCta);
        QVERIFY(d.openViewBox()->isChecked());
        QCOMPARE(d.layoutName(), doc.uniqueLayoutName(u"mma"_s));
        QCOMPARE(d.addToDocument(), QString());
        QCOMPARE(doc.undoStack()->count(), 1);
        QCOMPARE(doc.layoutCount(), int(before.layouts.size()) + 1);
        QCOMPARE(int(doc.views().size()), int(before.views.size()) + 1);
        QCOMPARE(doc.views().last().kind, u"ownership"_s);
        QCOMPARE(doc.views().last().layoutName, d.layoutName());
        const SceneContents after = doc.contents();
        doc.undoStack()->undo();
        QVERIFY(doc.contents() == before);
        doc.undoStack()->redo();
        QVERIFY(doc.contents() == after);

        // Without the view: the layout alone, still one step.
        BuilderDialog d2(&doc);
        d2.openViewBox()->setChecked(false);
        QCOMPARE(d2.addToDocument(), QString());
        QCOMPARE(doc.undoStack()->count(), 2);
        QCOMPARE(int(doc.views().size()), int(after.views.size()));
        doc.undoStack()->undo();
        QVERIFY(doc.contents() == after);
    }

    void remembersKindAndParameters()
    {
        LayoutDocument doc;
        {
            BuilderDialog d(&doc);
            d.setKind(BuilderDialog::Kind::SwizzledShared);
            QVERIFY(d.setField(u"vec"_s, u"4"_s));
            QVERIFY(d.setField(u"shape"_s, u"32x128"_s));
            QVERIFY(d.setField(u"dtype"_s, u"bf16"_s));
            d.openViewBox()->setChecked(false);
            QCOMPARE(d.addToDocument(), QString());
        }
        BuilderDialog d(&doc);
        QCOMPARE(d.kind(), BuilderDialog::Kind::SwizzledShared);
        QCOMPARE(d.fieldText(u"vec"_s), u"4"_s);
        QCOMPARE(d.fieldText(u"shape"_s), u"32x128"_s);
        QCOMPARE(d.dtype(), u"bf16"_s);
        QVERIFY(!d.openViewBox()->isChecked());
        // A new name, not the one just used.
        QVERIFY(doc.indexOfLayout(d.layoutName()) < 0);
        QVERIFY(d.isValid());
        // Cancel remembers nothing; defaults are one click away.
        d.restoreDefaults();
        QCOMPARE(d.fieldText(u"vec"_s), u"8"_s);
        QCOMPARE(d.fieldText(u"shape"_s), u"64x64"_s);
    }

    void eachKindKeepsItsOwnShape()
    {
        LayoutDocument doc;
        BuilderDialog d(&doc);
        d.setKind(BuilderDialog::Kind::WmmaCta);
        QVERIFY(d.setField(u"shape"_s, u"128x128"_s));
        d.setKind(BuilderDialog::Kind::Linear);
        QCOMPARE(d.fieldText(u"shape"_s), u"32x8"_s);
        QVERIFY(d.isValid());
        d.setKind(BuilderDialog::Kind::WmmaCta);
        QCOMPARE(d.fieldText(u"shape"_s), u"128x128"_s);
        QVERIFY(d.isValid());
    }

    void paddedFormsShowTheirFields()
    {
        LayoutDocument doc;
        BuilderDialog d(&doc);
        d.setKind(BuilderDialog::Kind::PaddedShared);
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        QVERIFY(d.fieldWidget(u"order"_s)->isVisible());
        QVERIFY(!d.fieldWidget(u"offset"_s)->isVisible());
        const LinearLayout identity = d.layout();
        QVERIFY(d.setField(u"form"_s, u"offset"_s));
        QVERIFY(!d.fieldWidget(u"order"_s)->isVisible());
        QVERIFY(d.fieldWidget(u"offset"_s)->isVisible());
        QVERIFY2(d.isValid(), qPrintable(d.errorText()));
        // The default offset bases (lds preset: dim1 first, then dim0 rows 16.. before 1..8)
        // are not the identity, so they stay in the long form and give another layout.
        QVERIFY(d.ttgText().contains(u"offset = [[0, 1]"_s));
        QVERIFY(d.layout() != identity);
        // Identity offsets for their own order are stored in the short form, as the reader does.
        QVERIFY(d.setField(u"offset"_s, u"[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], "
                                        u"[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], "
                                        u"[64, 0]]"_s));
        QVERIFY2(d.isValid(), qPrintable(d.errorText()));
        QVERIFY(d.ttgText().contains(u"order = [1, 0], shape = [128, 64]"_s));
        QCOMPARE(d.layout(), identity);
    }

    void mainWindowActionOpensTheDialog()
    {
        MainWindow w;
        w.setAutosaveDirectory(m_scratch.autosavePath());
        w.setSavePrompt([](const QString &) { return QMessageBox::Discard; });
        w.openScene(builtinExampleScene());
        auto *action = w.findChild<QAction *>(u"addLayoutFromBuilderAction"_s);
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_L));
        QCOMPARE(action->iconText(), u"Builder"_s);
        QVERIFY(!action->toolTip().isEmpty());
        bool inLayoutMenu = false;
        for (QMenu *m : w.menuBar()->findChildren<QMenu *>())
            if (m->title() == u"&Layout"_s)
                inLayoutMenu = m->actions().contains(action);
        QVERIFY(inLayoutMenu);

        const int layouts = w.document()->layoutCount();
        bool sawDialog = false;
        QTimer::singleShot(0, &w, [&] {
            auto *d = qobject_cast<BuilderDialog *>(QApplication::activeModalWidget());
            sawDialog = d != nullptr;
            if (d)
                d->accept();
        });
        action->trigger();
        QVERIFY(sawDialog);
        QCOMPARE(w.document()->layoutCount(), layouts + 1);
        QCOMPARE(w.currentLayoutIndex(), layouts);
    }

    // Renders the dialog for two kinds (saved as PNGs when LX_SCREENSHOT_DIR is set).
    void grabsForScreenshots()
    {
        LayoutDocument doc;
        doc.reset(builtinExampleScene());
        BuilderDialog d(&doc);
        d.resize(640, d.sizeHint().height());
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        const QString dir = qEnvironmentVariable("LX_SCREENSHOT_DIR");
        for (BuilderDialog::Kind k :
             {BuilderDialog::Kind::WmmaCta, BuilderDialog::Kind::PartitionedShared}) {
            d.setKind(k);
            d.adjustSize();
            const QPixmap shot = d.grab();
            QVERIFY(!shot.isNull());
            if (!dir.isEmpty())
                QVERIFY(shot.save(dir + u"/builder-"_s + BuilderDialog::kindId(k) + u".png"_s));
        }
        // An invalid state, for the look of a marked field.
        d.setKind(BuilderDialog::Kind::Blocked);
        QVERIFY(d.setField(u"sizePerThread"_s, u"1, 3"_s));
        if (!dir.isEmpty())
            QVERIFY(d.grab().save(dir + u"/builder-invalid.png"_s));
    }
};

QTEST_MAIN(TestBuilderDialog)
#include "tst_builderdialog.moc"
