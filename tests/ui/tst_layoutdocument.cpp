// LayoutDocument: every edit is one undoable command, refused edits change nothing, and
// undo/redo restore the scene exactly.

#include "base/jsoninput.h"
#include "io/layoutjson.h"
#include "io/scene.h"
#include "models/documentviews.h"
#include "models/layoutdocument.h"
#include "models/scenefile.h"
#include "request/viewrequest.h"

#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

using namespace lx;
using namespace Qt::StringLiterals;

namespace {

// register = [[0,1]], lane = [[1,0],[2,0]], warp = [[2,1],[1,0]] over (dim0: 4, dim1: 2).
LinearLayout exampleLayout()
{
    return *LinearLayout::tryCreate(
        {{"register", {{0, 1}}}, {"lane", {{1, 0}, {2, 0}}}, {"warp", {{2, 1}, {1, 0}}}},
        {{"dim0", 4}, {"dim1", 2}}, false);
}

SceneContents twoLayoutScene()
{
    SceneContents s;
    s.name = QStringLiteral("t");
    s.layouts.append({QStringLiteral("A"), exampleLayout(), {}, {}, {}, {}});
    s.layouts.append({QStringLiteral("B"),
                      exampleLayout(),
                      QStringLiteral("#ttg.linear<{register = [[0, 1]]}>"),
                      {4, 2},
                      QStringLiteral("f16"),
                      nullptr});
    s.views.append({QStringLiteral("ownership"), QStringLiteral("A"), {}});
    s.views.append({QStringLiteral("ds-load-tr-panels"), {}, {{"shared", "A"}, {"dst", "B"}}});
    return s;
}

} // namespace

class TestLayoutDocument : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void setComponentIsUndoable()
    {
        LayoutDocument doc;
        doc.reset(twoLayoutScene());
        const SceneContents before = doc.contents();
        QSignalSpy changed(&doc, &LayoutDocument::layoutChanged);
        QVERIFY(!doc.isModified());

        // warp basis 0 from [2,1] to [3,1]: warp 1 now lands on [3,1].
        QCOMPARE(doc.setBasisComponent(0, QStringLiteral("warp"), 0, 0, 3), QString());
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).toInt(), 0);
        QCOMPARE(doc.layoutAt(0).layout.basis("warp", 0), (LinearLayout::Basis{3, 1}));
        QVERIFY(doc.isModified());
        QCOMPARE(doc.undoStack()->count(), 1);

        doc.undoStack()->undo();
        QCOMPARE(doc.contents(), before);
        QVERIFY(!doc.isModified());
        doc.undoStack()->redo();
        QCOMPARE(doc.layoutAt(0).layout.basis("warp", 0), (LinearLayout::Basis{3, 1}));
    }

    // A recovered scene is unsaved with nothing to undo (markUnsaved); the scene opened after it
    // is clean, though the undo stack it replaced was empty. The journey found it: a saved scene
    // reopened after a recovery showed '*' and asked to be saved again.
    void aSceneOpenedAfterARecoveryIsClean()
    {
        LayoutDocument doc;
        doc.reset(twoLayoutScene());
        doc.markUnsaved();
        QVERIFY(doc.isModified());
        QSignalSpy modified(&doc, &LayoutDocument::modifiedChanged);
        doc.reset(twoLayoutScene(), u"/tmp/saved.lxscene"_s);
        QVERIFY(!doc.isModified());
        QCOMPARE(modified.count(), 1);
        QCOMPARE(modified.at(0).at(0).toBool(), false);
    }

    void refusedEditChangesNothing_data()
    {
        QTest::addColumn<QString>("inDim");
        QTest::addColumn<int>("basis");
        QTest::addColumn<int>("outDim");
        QTest::addColumn<int>("value");
        QTest::addColumn<QString>("messagePart");
        // dim0 has size 4: components 0..3; dim1 has size 2: 0..1.
        QTest::newRow("dim0 too large") << u"lane"_s << 1 << 0 << 4 << u"out of range"_s;
        QTest::newRow("dim1 too large") << u"register"_s << 0 << 1 << 2 << u"out of range"_s;
        QTest::newRow("negative") << u"warp"_s << 0 << 0 << -1 << u""_s;
        QTest::newRow("no such in-dim") << u"block"_s << 0 << 0 << 1 << u"no in-dim"_s;
        QTest::newRow("no such basis") << u"register"_s << 1 << 0 << 1 << u"no basis"_s;
    }
    void refusedEditChangesNothing()
    {
        QFETCH(QString, inDim);
        QFETCH(int, basis);
        QFETCH(int, outDim);
        QFETCH(int, value);
        QFETCH(QString, messagePart);
        LayoutDocument doc;
        doc.reset(twoLayoutScene());
        const SceneContents before = doc.contents();
        QSignalSpy changed(&doc, &LayoutDocument::layoutChanged);
        const QString message = doc.setBasisComponent(0, inDim, basis, outDim, value);
        QVERIFY(!message.isEmpty());
        QVERIFY2(message.contains(messagePart), qPrintable(message));
        QCOMPARE(doc.contents(), before);
        QCOMPARE(changed.count(), 0);
        QCOMPARE(doc.undoStack()->count(), 0);
    }

    void validateComponent_data()
    {
        QTest::addColumn<int>("outDim");
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<int>("value");
        QTest::newRow("zero") << 0 << u"0"_s << true << 0;
        QTest::newRow("largest dim0") << 0 << u" 3 "_s << true << 3;
        // Decimal only, as Triton writes bases: a leading zero is not octal, hex is refused.
        QTest::newRow("leading zero") << 0 << u"03"_s << true << 3;
        QTest::newRow("hex refused") << 0 << u"0x2"_s << false << 0;
        QTest::newRow("trailing text") << 0 << u"2 1"_s << false << 0;
        QTest::newRow("huge") << 0 << u"99999999999"_s << false << 0;
        QTest::newRow("dim0 size") << 0 << u"4"_s << false << 0;
        QTest::newRow("dim1 size") << 1 << u"2"_s << false << 0;
        QTest::newRow("letters") << 0 << u"two"_s << false << 0;
        QTest::newRow("empty") << 0 << u""_s << false << 0;
        QTest::newRow("negative") << 1 << u"-1"_s << false << 0;
    }
    void validateComponent()
    {
        QFETCH(int, outDim);
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(int, value);
        int parsed = -7;
        const QString error =
            LayoutDocument::validateComponent(exampleLayout(), outDim, text, &parsed);
        QCOMPARE(error.isEmpty(), ok);
        if (ok)
            QCOMPARE(parsed, value);
    }

    void editingTextLayoutDropsTextAndUndoBringsItBack()
    {
        LayoutDocument doc;
        doc.reset(twoLayoutScene());
        QVERIFY(!doc.layoutAt(1).sourceText.isEmpty());
        QCOMPARE(doc.setBasisComponent(1, QStringLiteral("lane"), 0, 1, 1), QString());
        QVERIFY(doc.layoutAt(1).sourceText.isEmpty());
        QCOMPARE(doc.layoutAt(1).shape, (QList<int>{4, 2}));
        doc.undoStack()->undo();
        QCOMPARE(doc.layoutAt(1), twoLayoutScene().layouts.at(1));
    }

    void resizingATextLayoutsOutDimDropsItsShape()
    {
        // Found by tst_monkey (seed 24, action 180): a text layout over 4x2 with dim1 resized
        // kept the shape 4x2, which a saved scene drops (a raw layout's shape is its out-dims'),
        // so the scene read back differed from the document.
        LayoutDocument doc;
        doc.reset(twoLayoutScene());
        const LinearLayout resized =
            *LinearLayout::tryCreate(exampleLayout().bases(), {{"dim0", 4}, {"dim1", 4}}, false);
        QCOMPARE(doc.replaceLayout(1, resized, u"Resize dim1 to 4"_s), QString());
        QVERIFY(doc.layoutAt(1).shape.isEmpty());
        QCOMPARE(doc.layoutAt(1).dtype, u"f16"_s);
        const Expected<SceneContents> back = parseSceneText(serializeSceneContents(doc.contents()));
        QVERIFY(back);
        QCOMPARE(*back, doc.contents());
        doc.undoStack()->undo();
        QCOMPARE(doc.layoutAt(1), twoLayoutScene().layouts.at(1));
    }

    void optionsPassFromFileToRequestExactly()
    {
        // A view's options reach the saved file and the view's request as the scene file wrote
        // them. A trip through QJsonObject's text changed them: 1.0 came back 1, -0.0 came back
        // 0 and 2^64-1 a double, so saving an unchanged scene changed its bytes.
        Scene scene;
        scene.name = "exact";
        scene.arch = "gfx1250";
        SceneLayout layout;
        layout.name = "A";
        layout.layout = layoutToJson(exampleLayout());
        scene.layouts.push_back(layout);
        nlohmann::json options = nlohmann::json::object();
        options["one"] = 1.0;
        options["minusZero"] = -0.0;
        options["quarter"] = 0.25;
        options["largest"] = UINT64_MAX;
        options["past2to53"] = int64_t(9007199254740993);
        options["name"] = "\u00e9\u4e2d";
        scene.views.push_back(SceneView{"ownership", "A", options});
        const std::string bytes = serializeScene(scene);
        const Expected<SceneContents> contents = parseSceneText(QByteArray::fromStdString(bytes));
        QVERIFY(contents);
        QCOMPARE(serializeSceneContents(*contents).toStdString(), bytes);
        QCOMPARE(safeDump(viewRequestFor(*contents, 0).options), safeDump(options));
    }

    void viewOptionsAreAlwaysAnObject()
    {
        // {} is a null nlohmann value; a view given it has no options, as QJsonObject{} had, so
        // it equals itself read back from its file.
        const DocumentView view{u"ownership"_s, u"L"_s, {}};
        QVERIFY(view.options.is_object() && view.options.empty());
        SceneContents s = builtinExampleScene();
        s.views.append(view);
        const Expected<SceneContents> back = parseSceneText(serializeSceneContents(s));
        QVERIFY(back);
        QCOMPARE(*back, s);
        LayoutDocument doc;
        doc.reset(s);
        QVERIFY(!doc.setViewOptions(0, nlohmann::json::array(), u"list"_s).isEmpty());
        QVERIFY(!doc.setViewOptions(0, nlohmann::json(), u"null"_s).isEmpty());
        QCOMPARE(doc.contents(), s);
        QCOMPARE(doc.undoStack()->count(), 0);
    }

    void addAndRemoveBasis()
    {
        LayoutDocument doc;
        doc.reset(twoLayoutScene());
        QCOMPARE(doc.addBasis(0, QStringLiteral("register")), QString());
        // register doubles from 2 to 4 with a zero basis appended.
        QCOMPARE(doc.layoutAt(0).layout.inDimSize("register"), 4);
        QCOMPARE(doc.layoutAt(0).layout.basis("register", 1), (LinearLayout::Basis{0, 0}));
        QCOMPARE(doc.removeBasis(0, QStringLiteral("register")), QString());
        QCOMPARE(doc.removeBasis(0, QStringLiteral("register")), QString());
        QCOMPARE(doc.layoutAt(0).layout.inDimSize("register"), 1);
        QVERIFY(!doc.removeBasis(0, QStringLiteral("register")).isEmpty());
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        QCOMPARE(doc.layoutAt(0).layout, exampleLayout());
    }

    void flipMatrixBit_data()
    {
        QTest::addColumn<int>("row");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("inDim");
        QTest::addColumn<int>("basis");
        QTest::addColumn<QList<int>>("expected");
        // Columns: register0, lane0, lane1, warp0, warp1. Rows: dim0 bit0, dim0 bit1, dim1 bit0.
        QTest::newRow("register0 dim0 bit0") << 0 << 0 << u"register"_s << 0 << QList<int>{1, 1};
        QTest::newRow("lane1 dim0 bit1 off") << 1 << 2 << u"lane"_s << 1 << QList<int>{0, 0};
        QTest::newRow("warp0 dim1 bit0 off") << 2 << 3 << u"warp"_s << 0 << QList<int>{2, 0};
        QTest::newRow("warp1 dim0 bit1 on") << 1 << 4 << u"warp"_s << 1 << QList<int>{3, 0};
    }
    void flipMatrixBit()
    {
        QFETCH(int, row);
        QFETCH(int, column);
        QFETCH(QString, inDim);
        QFETCH(int, basis);
        QFETCH(QList<int>, expected);
        LayoutDocument doc;
        doc.reset(twoLayoutScene());
        QCOMPARE(doc.flipMatrixBit(0, row, column), QString());
        const LinearLayout::Basis b = doc.layoutAt(0).layout.basis(inDim.toStdString(), basis);
        QCOMPARE(QList<int>(b.begin(), b.end()), expected);
        doc.undoStack()->undo();
        QCOMPARE(doc.layoutAt(0).layout, exampleLayout());
    }

    void flipOutsideMatrixIsRefused()
    {
        LayoutDocument doc;
        doc.reset(twoLayoutScene());
        QVERIFY(!doc.flipMatrixBit(0, 3, 0).isEmpty());
        QVERIFY(!doc.flipMatrixBit(0, 0, 5).isEmpty());
        QVERIFY(!doc.flipMatrixBit(0, -1, 0).isEmpty());
        QCOMPARE(doc.undoStack()->count(), 0);
    }

    void renameFollowsViewsAndUndoes()
    {
        LayoutDocument doc;
        doc.reset(twoLayoutScene());
        const SceneContents before = doc.contents();
        QSignalSpy structure(&doc, &LayoutDocument::structureChanged);
        QCOMPARE(doc.renameLayout(0, QStringLiteral("S")), QString());
        QCOMPARE(structure.count(), 1);
        QCOMPARE(doc.layoutAt(0).name, QStringLiteral("S"));
        QCOMPARE(doc.views().at(0).layoutName, QStringLiteral("S"));
        QCOMPARE(QString::fromStdString(doc.views().at(1).options.value("shared", std::string())),
                 u"S"_s);
        QVERIFY(!doc.renameLayout(0, QStringLiteral("B")).isEmpty());
        QVERIFY(!doc.renameLayout(0, QStringLiteral("  ")).isEmpty());
        doc.undoStack()->undo();
        QCOMPARE(doc.contents(), before);
    }

    void removeTakesItsViewsAndUndoRestores()
    {
        LayoutDocument doc;
        doc.reset(twoLayoutScene());
        const SceneContents before = doc.contents();
        QCOMPARE(doc.removeLayout(0), QString());
        QCOMPARE(doc.layoutCount(), 1);
        // The ownership view of A went with it, and so did the panels naming A as "shared": a view
        // is not left naming a layout that is gone.
        QCOMPARE(doc.views().size(), 0);
        doc.undoStack()->undo();
        QCOMPARE(doc.contents(), before);
        doc.undoStack()->redo();
        QCOMPARE(doc.layoutCount(), 1);
    }

    void duplicateAndAdd()
    {
        LayoutDocument doc;
        doc.reset(twoLayoutScene());
        QCOMPARE(doc.duplicateLayout(0), QString());
        QCOMPARE(doc.layoutAt(1).name, QStringLiteral("A_copy"));
        QCOMPARE(doc.layoutAt(1).layout, doc.layoutAt(0).layout);
        QCOMPARE(doc.duplicateLayout(0), QString());
        QCOMPARE(doc.layoutAt(1).name, QStringLiteral("A_copy2"));
        QVERIFY(!doc.addLayout({QStringLiteral("A"), exampleLayout(), {}, {}, {}, {}}).isEmpty());
        QCOMPARE(doc.addLayout({QStringLiteral("C"), exampleLayout(), {}, {}, {}, {}}), QString());
        QCOMPARE(doc.indexOfLayout(QStringLiteral("C")), 4);
    }

    void archIsUndoable()
    {
        LayoutDocument doc;
        doc.reset(twoLayoutScene());
        QSignalSpy arch(&doc, &LayoutDocument::archChanged);
        doc.setArch(QStringLiteral("gfx950"));
        QCOMPARE(doc.arch(), QStringLiteral("gfx950"));
        doc.undoStack()->undo();
        QCOMPARE(doc.arch(), QStringLiteral("gfx1250"));
        QCOMPARE(arch.count(), 2);
    }

    void resetClearsHistory()
    {
        LayoutDocument doc;
        doc.reset(twoLayoutScene());
        QCOMPARE(doc.setBasisComponent(0, QStringLiteral("warp"), 0, 0, 3), QString());
        QSignalSpy modified(&doc, &LayoutDocument::modifiedChanged);
        doc.reset(twoLayoutScene(), QStringLiteral("/tmp/x.lxscene"));
        QCOMPARE(doc.undoStack()->count(), 0);
        QVERIFY(!doc.isModified());
        QCOMPARE(modified.count(), 1);
        QCOMPARE(doc.fileName(), QStringLiteral("/tmp/x.lxscene"));
    }
};

QTEST_GUILESS_MAIN(TestLayoutDocument)
#include "tst_layoutdocument.moc"
