// Every item model of ui/models, each under QAbstractItemModelTester (Fatal: a broken contract
// aborts the test) while the document is edited, undone and replaced or the model is refreshed,
// plus what each shows. KernelOpsModel's tester runs in tst_kerneldock with real modules.

#include "models/basesmodel.h"
#include "models/layoutdocument.h"
#include "models/layoutlistmodel.h"
#include "models/layoutpropertiesmodel.h"
#include "models/matrixmodel.h"
#include "models/presetlistmodel.h"
#include "models/scenefile.h"
#include "models/suggestmodel.h"

#include "io/scene.h"
#include "io/ttgtext.h"
#include "layout/builders.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

using namespace lx;
using namespace Qt::StringLiterals;

namespace {

// register = [[0,1]], lane = [[1,0],[2,0]], warp = [[2,1],[1,0]] over (dim0: 4, dim1: 2).
SceneContents exampleScene()
{
    SceneContents s;
    s.layouts.append(
        {QStringLiteral("L"),
         *LinearLayout::tryCreate(
             {{"register", {{0, 1}}}, {"lane", {{1, 0}, {2, 0}}}, {"warp", {{2, 1}, {1, 0}}}},
             {{"dim0", 4}, {"dim1", 2}}, false),
         {},
         {},
         {},
         nullptr});
    s.layouts.append({QStringLiteral("M"),
                      *LinearLayout::tryCreate({{"register", {{1}, {2}}}}, {{"dim0", 4}}, false),
                      {},
                      {},
                      {},
                      nullptr});
    return s;
}

// Edits that exercise every signal path of the document.
void churn(LayoutDocument &doc)
{
    QCOMPARE(doc.setBasisComponent(0, QStringLiteral("warp"), 0, 0, 3), QString());
    QCOMPARE(doc.addBasis(0, QStringLiteral("lane")), QString());
    QCOMPARE(doc.removeBasis(0, QStringLiteral("register")), QString());
    QCOMPARE(doc.flipMatrixBit(0, 2, 0), QString());
    QCOMPARE(doc.renameLayout(1, QStringLiteral("N")), QString());
    QCOMPARE(doc.duplicateLayout(0), QString());
    QCOMPARE(doc.removeLayout(0), QString());
    while (doc.undoStack()->canUndo())
        doc.undoStack()->undo();
    while (doc.undoStack()->canRedo())
        doc.undoStack()->redo();
    doc.reset(exampleScene());
}

} // namespace

class TestModels : public QObject
{
    Q_OBJECT
    BasesModel *m_stale = nullptr;
private Q_SLOTS:
    void basesModelUnderTester()
    {
        LayoutDocument doc;
        doc.reset(exampleScene());
        BasesModel model(&doc, 0, QStringLiteral("lane"));
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), 2);
        QCOMPARE(model.data(model.index(1, 0)).toInt(), 2); // lane basis 1 = [2, 0]
        QCOMPARE(model.headerData(1, Qt::Vertical).toString(), QStringLiteral("lane=2"));
        QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), QStringLiteral("dim0"));
        churn(doc);
    }

    void basesModelReadsNoCellOfALayoutThatMovedUnderIt()
    {
        // Found by tst_monkey (seed 24, action 1125): removing a layout rebuilt the bases editor
        // before its models heard of the change; a table asked its stale model for a cell, and
        // the model read a basis the layout now at its index does not have (a crash).
        LayoutDocument doc;
        SceneContents scene = exampleScene(); // lane has 2 bases
        scene.layouts.prepend(scene.layouts.at(0));
        scene.layouts[0].name = u"Z"_s;
        scene.layouts[1].layout = *LinearLayout::tryCreate(
            {{"register", {{0, 1}}}, {"lane", {{1, 0}}}}, {{"dim0", 4}, {"dim1", 2}}, false);
        doc.reset(scene);
        QVariant seen = 0;
        // Connected before the model exists, as the editor is: it runs before the model's own.
        connect(&doc, &LayoutDocument::structureChanged, this, [&] {
            // The model that showed Z's lane (2 rows) asked for row 1, with the one-basis layout
            // now at index 0.
            seen = m_stale->data(m_stale->index(1, 0));
        });
        BasesModel model(&doc, 0, u"lane"_s);
        m_stale = &model;
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(doc.removeLayout(0), QString());
        QVERIFY2(!seen.isValid(), qPrintable(seen.toString()));
        QCOMPARE(model.rowCount(), 0); // and then it shows nothing, until the editor replaces it
        m_stale = nullptr;
    }

    void basesModelKeepsRefusedText()
    {
        LayoutDocument doc;
        doc.reset(exampleScene());
        BasesModel model(&doc, 0, QStringLiteral("lane"));
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        const QModelIndex cell = model.index(0, 0);
        QVERIFY(model.setData(cell, QStringLiteral("9")));
        QCOMPARE(model.data(cell).toString(), QStringLiteral("9"));
        QVERIFY(!model.data(cell, BasesModel::ErrorRole).toString().isEmpty());
        QCOMPARE(model.data(cell, BasesModel::ComponentRole).toInt(), 1);
        QCOMPARE(doc.layoutAt(0).layout.basis("lane", 0), (LinearLayout::Basis{1, 0}));
        QVERIFY(model.hasErrors());
        // A valid value clears the error and reaches the document.
        QVERIFY(model.setData(cell, QStringLiteral("3")));
        QCOMPARE(model.data(cell).toInt(), 3);
        QVERIFY(model.data(cell, BasesModel::ErrorRole).toString().isEmpty());
        QCOMPARE(doc.layoutAt(0).layout.basis("lane", 0), (LinearLayout::Basis{3, 0}));
        // Refused text is dropped when the layout changes from elsewhere (undo).
        QVERIFY(model.setData(model.index(1, 1), QStringLiteral("x")));
        QVERIFY(model.hasErrors());
        doc.undoStack()->undo();
        QVERIFY(!model.hasErrors());
        QCOMPARE(model.data(cell).toInt(), 1);
    }

    void layoutListUnderTester()
    {
        LayoutDocument doc;
        doc.reset(exampleScene());
        LayoutListModel model(&doc);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.data(model.index(0, LayoutListModel::NameColumn)).toString(), u"L"_s);
        QCOMPARE(model.data(model.index(0, LayoutListModel::InDimsColumn)).toString(),
                 u"register:2 lane:4 warp:4"_s);
        QCOMPARE(model.data(model.index(1, LayoutListModel::OutDimsColumn)).toString(),
                 u"dim0:4"_s);
        QVERIFY(model.setData(model.index(1, LayoutListModel::NameColumn), u"K"_s));
        QCOMPARE(doc.layoutAt(1).name, u"K"_s);
        QSignalSpy refused(&model, &LayoutListModel::editRefused);
        QVERIFY(!model.setData(model.index(1, LayoutListModel::NameColumn), u"L"_s));
        QCOMPARE(refused.count(), 1);
        // The Source column edits the text: refused text names its cause and changes nothing.
        const QModelIndex source = model.index(1, LayoutListModel::SourceColumn);
        QVERIFY(model.flags(source) & Qt::ItemIsEditable);
        const DocumentLayout before = doc.layoutAt(1);
        QVERIFY(!model.setData(source, u"#ttg.blocked<{sizePerThread = [1]"_s));
        QCOMPARE(refused.count(), 2);
        QVERIFY(!refused.last().at(0).toString().isEmpty());
        QCOMPARE(doc.layoutAt(1), before);
        // Its own edit text back is no change and no undo step.
        const int steps = doc.undoStack()->count();
        QVERIFY(model.setData(source, model.data(source, Qt::EditRole)));
        QCOMPARE(doc.undoStack()->count(), steps);
        churn(doc);
    }

    void propertiesUnderTester()
    {
        LayoutDocument doc;
        doc.reset(exampleScene());
        LayoutPropertiesModel model(&doc);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setLayoutIndex(0);
        // Bases register0 [0,1], lane0 [1,0], lane1 [2,0] already span all 3 out bits: rank 3,
        // 5 in bits, so every element has 2^(5-3) = 4 owners; both warp bases are redundant.
        QCOMPARE(model.value(u"rank"_s), u"3 of 3 out bits"_s);
        QCOMPARE(model.value(u"owners"_s), u"4"_s);
        QCOMPARE(model.value(u"surjective"_s), u"yes"_s);
        QCOMPARE(model.value(u"injective"_s), u"no"_s);
        QCOMPARE(model.value(u"freeMasks"_s), u"warp 0b11"_s);
        // Zeroing lane basis 1 loses dim0 bit 1 unless warp supplies it: warp0 = [2,1] does,
        // so the rank stays 3 and only warp basis 1 ([1,0] = lane0) stays redundant.
        QCOMPARE(doc.setBasisComponent(0, u"lane"_s, 1, 0, 0), QString());
        QCOMPARE(model.value(u"rank"_s), u"3 of 3 out bits"_s);
        QCOMPARE(model.value(u"freeMasks"_s), u"lane 0b10, warp 0b10"_s);
        churn(doc);
    }

    // A shared layout shows its NVIDIA bridge: the 128-byte swizzle of 64x64 f16 is canonical,
    // K-major as an A operand with SBO = 8 rows of 128 bytes; a swizzled layout with fewer
    // phases names the basis that breaks it; a register layout has no bridge rows.
    void propertiesShowTheNvidiaBridge()
    {
        const auto sharedEntry = [](const char *text, const QString &dtype) {
            const LayoutAttrPtr attr = *parseTtg(text);
            return DocumentLayout{QStringLiteral("S"),
                                  *toLinearLayout(*attr, {64, 64}),
                                  QString::fromLatin1(text),
                                  {64, 64},
                                  dtype,
                                  attr};
        };
        SceneContents s = exampleScene();
        s.layouts.append(sharedEntry("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = "
                                     "false, elementBitWidth = 16}>",
                                     {}));
        s.layouts.append(sharedEntry(
            "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>",
            u"f16"_s));
        LayoutDocument doc;
        doc.reset(s);
        LayoutPropertiesModel model(&doc);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setLayoutIndex(0);
        QVERIFY(model.value(u"bridge:nvmma"_s).isEmpty());
        model.setLayoutIndex(2);
        QVERIFY2(model.value(u"bridge:nvmma"_s).contains(u"swizzlingByteWidth = 128"_s),
                 qPrintable(model.value(u"bridge:nvmma"_s)));
        QVERIFY(model.value(u"bridge:tma"_s).startsWith(u"CU_TENSOR_MAP_SWIZZLE_128B"_s));
        const QString a = model.value(u"bridge:descriptorA"_s);
        QVERIFY2(a.startsWith(u"K-major"_s) && a.contains(u"SBO %1 B"_s.arg(8 * 128)),
                 qPrintable(a));
        QVERIFY(model.value(u"bridge:cute"_s).startsWith(u"Sw<3,3,3>"_s));
        model.setLayoutIndex(3);
        QVERIFY2(model.value(u"bridge:none"_s).contains(u"offset basis 8 is [4, 0]"_s),
                 qPrintable(model.value(u"bridge:none"_s)));
        QVERIFY(model.value(u"bridge:tma"_s).isEmpty());
    }

    void matrixUnderTester()
    {
        LayoutDocument doc;
        doc.reset(exampleScene());
        MatrixModel model(&doc);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setLayoutIndex(0);
        QCOMPARE(model.rowCount(), 3);    // dim0 bits 0,1; dim1 bit 0
        QCOMPARE(model.columnCount(), 5); // register=1, lane=1, lane=2, warp=1, warp=2
        // A column is a basis, named as in every table, view and export (layout/basisname.h):
        // the input whose image it is, "lane=2" for lane bit 1.
        QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), u"register=1"_s);
        QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), u"lane=2"_s);
        QCOMPARE(model.headerData(3, Qt::Horizontal).toString(), u"warp=1"_s);
        QVERIFY(model.headerData(2, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .startsWith(u"lane=2: basis 1 of lane"_s));
        // warp0 = [2,1]: dim0 bit 1 and dim1 bit 0.
        QCOMPARE(model.data(model.index(0, 3), MatrixModel::BitRole).toInt(), 0);
        QCOMPARE(model.data(model.index(1, 3), MatrixModel::BitRole).toInt(), 1);
        QCOMPARE(model.data(model.index(2, 3), MatrixModel::BitRole).toInt(), 1);
        QCOMPARE(model.flip(model.index(0, 3)), QString());
        QCOMPARE(doc.layoutAt(0).layout.basis("warp", 0), (LinearLayout::Basis{3, 1}));
        QVERIFY(model.setData(model.index(0, 3), 0, MatrixModel::BitRole));
        QCOMPARE(doc.layoutAt(0).layout.basis("warp", 0), (LinearLayout::Basis{2, 1}));
        churn(doc);
        model.setLayoutIndex(1);
        QCOMPARE(model.columnCount(), 2);
        model.setLayoutIndex(-1);
        QCOMPARE(model.rowCount(), 0);
    }

    void presetListUnderTester()
    {
        PresetListModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        const std::vector<PresetInfo> presets = listPresets();
        QCOMPARE(model.rowCount(), int(presets.size()));
        QCOMPARE(model.columnCount(), int(PresetListModel::NumColumns));
        QCOMPARE(model.headerData(PresetListModel::TitleColumn, Qt::Horizontal).toString(),
                 u"Figure"_s);
        for (int r = 0; r < model.rowCount(); ++r) {
            const PresetInfo &p = presets[size_t(r)];
            const QModelIndex name = model.index(r, PresetListModel::NameColumn);
            const QModelIndex title = model.index(r, PresetListModel::TitleColumn);
            QCOMPARE(name.data().toString(), QString::fromStdString(p.name));
            QCOMPARE(title.data().toString(), QString::fromStdString(p.title));
            QCOMPARE(title.data(PresetListModel::NameRole).toString(),
                     QString::fromStdString(p.name));
            QCOMPARE(name.data(PresetListModel::DescriptionRole).toString(),
                     QString::fromStdString(p.description));
            QCOMPARE(name.data(Qt::ToolTipRole), name.data(PresetListModel::DescriptionRole));
            QVERIFY(!model.setData(name, u"x"_s)); // read-only
        }
        QVERIFY(!model.data(model.index(model.rowCount(), 0)).isValid());
    }

    // The Suggest panel's model through every reset it has: a search with Triton's pick as the
    // last row, a candidate applied to the document, a kPack scene, a scene with nothing to
    // search, and back.
    void suggestUnderTester()
    {
        LayoutDocument doc;
        auto scene = loadPresetScene(u"lds-c1"_s);
        QVERIFY2(scene, scene ? "" : scene.message().c_str());
        doc.reset(*scene);
        SuggestModel model(&doc);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QCOMPARE(model.rowCount(), 0); // nothing searched yet
        QSignalSpy refreshed(&model, &SuggestModel::refreshed);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.refresh();
        QCOMPARE(refreshed.count(), 1);
        QCOMPARE(reset.count(), 1);
        QVERIFY2(model.rowCount() > 1, qPrintable(model.status()));
        QCOMPARE(model.columnCount(), int(SuggestModel::ColumnCount));
        QVERIFY(!model.isKPack());
        const int reference = model.referenceRow();
        QCOMPARE(reference, model.rowCount() - 1);
        QCOMPARE(model.index(reference, SuggestModel::FamilyColumn).data().toString(),
                 u"Triton's pick"_s);
        QVERIFY(model.index(reference, 0).data(Qt::FontRole).value<QFont>().italic());
        for (int r = 0; r < model.rowCount(); ++r) {
            const SharedCandidate *c = model.candidate(r);
            QVERIFY(c);
            QCOMPARE(model.index(r, SuggestModel::TextColumn).data().toString(),
                     QString::fromStdString(c->text));
            QCOMPARE(model.index(r, SuggestModel::LdsColumn).data().toString(),
                     QString::number(c->ldsBytes));
        }
        QVERIFY(!model.candidate(model.rowCount()));
        QVERIFY(!model.index(model.rowCount(), 0).isValid());

        // Applying a candidate is one undo step; the next search runs on the new layout.
        const int steps = doc.undoStack()->count();
        QCOMPARE(model.apply(0), QString());
        QCOMPARE(doc.undoStack()->count(), steps + 1);
        model.refresh();
        QVERIFY(model.rowCount() > 1);
        doc.undoStack()->undo();
        model.refresh();
        QVERIFY(!model.apply(model.rowCount()).isEmpty()); // no such row: a reason, no change
        QCOMPARE(doc.undoStack()->index(), steps);

        // A kPack scene: the last row is the scene's own layout, and applying is refused.
        auto kpack = loadPresetScene(u"rocmlir-kpack-before"_s);
        QVERIFY(kpack);
        doc.reset(*kpack);
        model.refresh();
        QVERIFY2(model.isKPack(), qPrintable(model.status()));
        QVERIFY(model.rowCount() > 0);
        if (model.referenceRow() >= 0)
            QCOMPARE(model.index(model.referenceRow(), 0).data().toString(), u"current"_s);
        QVERIFY(!model.apply(0).isEmpty());

        // Nothing to search: no rows, and the status says why.
        doc.reset(exampleScene());
        model.refresh();
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.referenceRow(), -1);
        QVERIFY(model.status().startsWith(u"Nothing to search"_s));
        doc.reset(*scene);
        model.refresh();
        QVERIFY(model.rowCount() > 1);
    }
};

QTEST_MAIN(TestModels)
#include "tst_models.moc"
