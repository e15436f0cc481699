// Direct manipulation of a ctaLayout: in the cta-tiles view the tile warp 2^k computes in
// instruction 0 is warp basis k, and dragging it onto another tile makes that tile's [M, N] the
// basis, as typing it into the ctaLayout editor would: the same checks, the same message for a
// refusal, one undo step. The mouse is synthesized on the view's viewport.

#include "hw/wmmashapes.h"
#include "layout/attrs.h"
#include "models/ctaedit.h"
#include "models/layoutdocument.h"
#include "scratchsettings.h"
#include "widgets/ctalayouteditor.h"
#include "widgets/diagramview.h"
#include "widgets/presentmode.h"
#include "widgets/viewpane.h"

#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QTest>
#include <QUndoStack>

#include <algorithm>

using namespace lx;
using namespace Qt::StringLiterals;

namespace {

BasisList warpBases(const LayoutDocument &doc)
{
    return doc.layoutAt(0).attr->as<AmdWmmaAttr>()->ctaWarp;
}

// The viewport position of the middle of tile (M, N) of the cta-tiles panel (its row and column
// 0 are the B and A strips), scrolled into view.
QPoint tileCentre(DiagramView *view, int tileM, int tileN)
{
    const QRect r = view->geometry().cellRect(0, tileM + 1, tileN + 1);
    view->horizontalScrollBar()->setValue(r.center().x() - view->viewport()->width() / 2);
    view->verticalScrollBar()->setValue(r.center().y() - view->viewport()->height() / 2);
    return r.center() -
           QPoint(view->horizontalScrollBar()->value(), view->verticalScrollBar()->value());
}

// Presses on one tile, moves in steps to another and releases there.
void dragTile(DiagramView *view, QPoint from, QPoint to)
{
    QWidget *vp = view->viewport();
    QTest::mousePress(vp, Qt::LeftButton, {}, from);
    for (int i = 1; i <= 4; ++i)
        QTest::mouseMove(vp, from + (to - from) * i / 4);
    QTest::mouseRelease(vp, Qt::LeftButton, {}, to);
}

} // namespace

class TestCtaDrag : public QObject
{
    Q_OBJECT
private:
    lx::test::ScratchSettings m_scratch;

    std::unique_ptr<MainWindow> window()
    {
        auto w = m_scratch.newWindow();
        if (!w->openPreset(u"fig8"_s).isEmpty())
            return nullptr;
        w->setCurrentLayoutIndex(0);
        return lx::test::activeWindow(std::move(w), QSize(1400, 900));
    }

    static void typeOver(QLineEdit *edit, const QString &text)
    {
        edit->setFocus();
        edit->selectAll();
        QTest::keyClicks(edit, text);
        QTest::keyClick(edit, Qt::Key_Return);
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_scratch.install()); }

    // fig8: warp = [[0, 1], [1, 0]] on a 2x2-tile C. Warp 1 computes tile (0, 1) in
    // instruction 0 (basis 0), warp 2 tile (1, 0) (basis 1); warp 3 = w1 XOR w2 is no basis.
    void theWarpBasesAreTheirTiles()
    {
        auto w = window();
        QVERIFY(w);
        ViewPane *pane = w->currentViewPane();
        QVERIFY(pane);
        const std::vector<CtaWarpHandle> expected{{0, 0, 1}, {1, 1, 0}};
        std::vector<CtaWarpHandle> handles = pane->warpHandles();
        std::sort(handles.begin(), handles.end(),
                  [](const CtaWarpHandle &a, const CtaWarpHandle &b) { return a.bit < b.bit; });
        QCOMPARE(handles, expected);
    }

    // Warp 1's tile dropped on tile (1, 1): basis 0 becomes [1, 1], the layout the editor
    // builds from "[[1, 1], [1, 0]]" typed, in one undo step that takes it back.
    void aDragIsOneUndoStepOfTheEditorsEdit()
    {
        auto w = window();
        QVERIFY(w);
        LayoutDocument *doc = w->document();
        const DocumentLayout before = doc->layoutAt(0);
        const int steps = doc->undoStack()->count();
        DiagramView *view = w->currentViewPane()->diagramView();
        dragTile(view, tileCentre(view, 0, 1), tileCentre(view, 1, 1));
        QCOMPARE(warpBases(*doc), (BasisList{{1, 1}, {1, 0}}));
        QCOMPARE(doc->undoStack()->count(), steps + 1);
        QCOMPARE(doc->undoStack()->undoText(), u"Edit ctaLayout of C"_s);
        // The editor shows the dragged basis as if it had been typed.
        QCOMPARE(w->ctaLayoutEditor()->warpEdit()->text(), u"[[1, 1], [1, 0]]"_s);
        const DocumentLayout dragged = doc->layoutAt(0);

        doc->undoStack()->undo();
        QCOMPARE(doc->layoutAt(0), before);
        typeOver(w->ctaLayoutEditor()->warpEdit(), u"[[1, 1], [1, 0]]"_s);
        QCOMPARE(doc->layoutAt(0), dragged);
    }

    // A drop back on its own tile, on a strip, or cancelled with Escape changes nothing.
    void aDropThatMovesNothingIsNoStep()
    {
        auto w = window();
        QVERIFY(w);
        LayoutDocument *doc = w->document();
        const DocumentLayout before = doc->layoutAt(0);
        const int steps = doc->undoStack()->count();
        DiagramView *view = w->currentViewPane()->diagramView();
        const QPoint w1 = tileCentre(view, 0, 1);
        // Out and back onto the same tile.
        QWidget *vp = view->viewport();
        QTest::mousePress(vp, Qt::LeftButton, {}, w1);
        QTest::mouseMove(vp, w1 + QPoint(30, 30));
        QTest::mouseMove(vp, w1);
        QTest::mouseRelease(vp, Qt::LeftButton, {}, w1);
        // Escape while dragging over tile (1, 1).
        const QPoint target = tileCentre(view, 1, 1);
        QTest::mousePress(vp, Qt::LeftButton, {}, w1);
        QTest::mouseMove(vp, (w1 + target) / 2);
        QTest::mouseMove(vp, target);
        QVERIFY(view->dragSource().isValid());
        QCOMPARE(view->dropTarget().row, 2);
        QTest::keyClick(view, Qt::Key_Escape);
        QTest::mouseRelease(vp, Qt::LeftButton, {}, target);
        QCOMPARE(doc->layoutAt(0), before);
        QCOMPARE(doc->undoStack()->count(), steps);
        // On the A strip (column 0 of the panel): refused with a reason.
        const QRect strip = view->geometry().cellRect(0, 2, 0);
        const QPoint stripAt = strip.center() - QPoint(view->horizontalScrollBar()->value(),
                                                       view->verticalScrollBar()->value());
        dragTile(view, w1, stripAt);
        QCOMPARE(doc->layoutAt(0), before);
        QVERIFY2(w->currentViewPane()->editMessage().contains(u"tile of C"_s),
                 qPrintable(w->currentViewPane()->editMessage()));
    }

    // C 64x64 (4x4 tiles): warp 1 dropped on tile (0, 3) would make warp = [[0, 3], [1, 0]],
    // which leaves tiles of its 2x4-tile ctaLayout uncomputed. The drop is refused with the
    // message typing that basis gets, the document keeps the last good layout and no step.
    void aRefusedDropSaysWhatTypingSays()
    {
        auto w = window();
        QVERIFY(w);
        LayoutDocument *doc = w->document();
        CtaLayoutEditor *editor = w->ctaLayoutEditor();
        typeOver(editor->shapeEdit(), u"64x64"_s);
        QCOMPARE(doc->layoutAt(0).shape, (QList<int>{64, 64}));
        const DocumentLayout before = doc->layoutAt(0);
        const int steps = doc->undoStack()->count();
        ViewPane *pane = w->currentViewPane();
        DiagramView *view = pane->diagramView();
        dragTile(view, tileCentre(view, 0, 1), tileCentre(view, 0, 3));
        QCOMPARE(doc->layoutAt(0), before);
        QCOMPARE(doc->undoStack()->count(), steps);
        const QString dropped = pane->editMessage();

        typeOver(editor->warpEdit(), u"[[0, 3], [1, 0]]"_s);
        QCOMPARE(doc->layoutAt(0), before);
        const QString typed = editor->messageLabel()->text();
        QVERIFY2(typed.contains(u"does not cover"_s), qPrintable(typed));
        QVERIFY2(dropped.endsWith(typed), qPrintable(dropped + u" | "_s + typed));
        // The view still shows the last good layout, and a good drop after it works.
        QVERIFY(pane->errorText().isEmpty());
        dragTile(view, tileCentre(view, 0, 1), tileCentre(view, 1, 1));
        QCOMPARE(warpBases(*doc), (BasisList{{1, 1}, {1, 0}}));
        QVERIFY(pane->editMessage().isEmpty());
    }

    // The editor takes every WMMA v3 instruction shape the #ttg reader and the ctaLayout analysis
    // take (hw/wmmashapes.h, one list; the editor once kept a list of its own without 32x16x64),
    // and a refusal names that list.
    void theEditorTakesTheOneListOfShapes()
    {
        auto w = window();
        QVERIFY(w);
        const LayoutDocument &doc = *w->document();
        const std::optional<CtaFields> fields = ctaFieldsOf(doc.layoutAt(0));
        QVERIFY(fields);
        for (const std::array<int32_t, 3> &s : wmmaV3LayoutShapes()) {
            CtaFields f = *fields;
            f.instrShape = u"%1,%2,%3"_s.arg(s[0]).arg(s[1]).arg(s[2]);
            const CtaEdit e = ctaEdited(doc.contents(), 0, f);
            QVERIFY2(!e.error.contains(u"not a WMMA v3 instruction shape"_s),
                     qPrintable(f.instrShape + u": "_s + e.error));
        }
        CtaFields bad = *fields;
        bad.instrShape = u"16,16,16"_s;
        const CtaEdit refused = ctaEdited(doc.contents(), 0, bad);
        QVERIFY(!refused.layout);
        // The refusal names every shape of the list, as the field takes it.
        for (const std::array<int32_t, 3> &s : wmmaV3LayoutShapes())
            QVERIFY2(refused.error.contains(u"%1,%2,%3"_s.arg(s[0]).arg(s[1]).arg(s[2])),
                     qPrintable(refused.error));
    }

    // Presenting a cta-tiles view, the arrow keys walk its instructions (C 128x128: 16 per
    // warp), each a step of the view's option "instruction"; before the first nothing moves.
    void presentingWalksTheInstructions()
    {
        auto w = window();
        QVERIFY(w);
        typeOver(w->ctaLayoutEditor()->shapeEdit(), u"128x128"_s);
        QCOMPARE(w->document()->layoutAt(0).shape, (QList<int>{128, 128}));
        w->presentMode()->action()->trigger();
        QVERIFY(w->presentMode()->isActive());
        QWidget *view = w->currentViewPane()->viewWidget();
        const auto instruction = [&] {
            return w->document()->views().at(0).options.value("instruction", 0);
        };
        QTest::keyClick(view, Qt::Key_Right);
        QTest::keyClick(view, Qt::Key_Right);
        QCOMPARE(instruction(), 2);
        QTest::keyClick(view, Qt::Key_Left);
        QTest::keyClick(view, Qt::Key_Left);
        QTest::keyClick(view, Qt::Key_Left);
        QCOMPARE(instruction(), 0);
        QTest::keyClick(view, Qt::Key_Escape);
        QVERIFY(!w->presentMode()->isActive());
    }
};

QTEST_MAIN(TestCtaDrag)
#include "tst_ctadrag.moc"
