// The View Options panel: a view added without options offers what it needs, each accepted value
// is one undo step and makes the view build, a value that does not parse is refused next to the
// field with the document unchanged, and options that matter once another is set appear then.

#include "io/scene.h"
#include "models/documentviews.h"
#include "models/layoutdocument.h"
#include "models/scenefile.h"
#include "render/viewregistry.h"
#include "widgets/viewoptionspanel.h"

#include <QComboBox>
#include <QRegularExpression>
#include <QTest>
#include <QUndoStack>

using namespace lx;
using namespace Qt::StringLiterals;

namespace {

SceneContents presetContents(const char *name)
{
    Expected<Scene> scene = loadPreset(name);
    Expected<SceneContents> contents =
        scene ? sceneContentsFromScene(*scene) : Expected<SceneContents>(scene.error());
    return contents ? *contents : SceneContents{};
}

QString buildError(const LayoutDocument &doc, int view)
{
    const Expected<Diagram> d = buildView(viewRequestFor(doc.contents(), view));
    return d ? QString() : QString::fromStdString(d.message());
}

} // namespace

class TestViewOptionsPanel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void aNewBankViewIsSetUpFromThePanel()
    {
        LayoutDocument doc;
        doc.reset(presetContents("lds-c1"));
        QVERIFY(doc.addView({u"bank-table"_s, u"read"_s, {}}).isEmpty());
        const int view = int(doc.views().size()) - 1;
        QVERIFY(!buildError(doc, view).isEmpty()); // needs a shared layout
        ViewOptionsPanel panel(&doc);
        panel.show(); // a hidden panel builds its form when it is shown
        panel.setView(view);
        QVERIFY2(panel.offeredKeys().contains(u"shared"_s),
                 qPrintable(panel.offeredKeys().join(u',')));
        QCOMPARE(panel.viewError(), buildError(doc, view));
        // The shared layout is picked from the scene's layouts.
        auto *shared = panel.findChild<QComboBox *>(u"viewOption_shared"_s);
        QVERIFY(shared);
        QVERIFY(shared->findData(u"naive"_s) >= 0 && shared->findData(u"xor"_s) >= 0);

        const int steps = doc.undoStack()->count();
        QCOMPARE(panel.setOption(u"shared"_s, u"naive"_s), QString());
        QCOMPARE(doc.undoStack()->count(), steps + 1);
        QCOMPARE(buildError(doc, view), QString());
        QCOMPARE(panel.viewError(), QString());
        // Once the view builds, it reads more options: the element type and the instruction,
        // picked from the architecture's instructions.
        QVERIFY(panel.offeredKeys().contains(u"dtype"_s));
        QVERIFY(panel.offeredKeys().contains(u"instruction"_s));
        auto *instruction = panel.findChild<QComboBox *>(u"viewOption_instruction"_s);
        QVERIFY(instruction && instruction->count() > 1);
        QCOMPARE(panel.setOption(u"dtype"_s, u"f32"_s), QString());
        QCOMPARE(doc.undoStack()->count(), steps + 2); // one step per option
        QCOMPARE(QString::fromStdString(doc.views().at(view).options.value("dtype", std::string())),
                 u"f32"_s);

        // Refused next to the field, the document unchanged.
        const SceneContents before = doc.contents();
        QVERIFY(panel.offeredKeys().contains(u"warp"_s));
        QVERIFY(panel.setOption(u"warp"_s, u"two"_s).contains(u"not an integer"_s));
        QVERIFY(panel.setOption(u"nonsense"_s, u"1"_s).contains(u"no option"_s));
        QCOMPARE(doc.contents(), before);
        // An empty value is the default again.
        QCOMPARE(panel.setOption(u"dtype"_s, QString()), QString());
        QVERIFY(!doc.views().at(view).options.contains("dtype"));
        // Setting and clearing the same option in a row is one step (net: nothing); the shared
        // layout is another.
        doc.undoStack()->undo();
        QVERIFY(!doc.views().at(view).options.contains("dtype"));
        doc.undoStack()->undo();
        QVERIFY(doc.views().at(view).options.empty());
    }

    void choosingFromAListRebuildsTheFormUnderIt()
    {
        // Found by tst_monkey (seed 24, action 30): a choice made in an option's list rebuilds
        // the form (the view reads other options now) from that list's own signal; the list was
        // deleted under QComboBox's feet and the window crashed.
        LayoutDocument doc;
        doc.reset(presetContents("lds-c1"));
        QVERIFY(doc.addView({u"bank-table"_s, u"read"_s, {}}).isEmpty());
        ViewOptionsPanel panel(&doc);
        panel.show();
        panel.setView(int(doc.views().size()) - 1);
        auto *shared = panel.findChild<QComboBox *>(u"viewOption_shared"_s);
        QVERIFY(shared);
        shared->setFocus();
        QTest::keyClick(shared, Qt::Key_Down); // "(default)" -> the first layout
        QCOMPARE(QString::fromStdString(doc.views().back().options.value("shared", std::string())),
                 doc.layoutAt(0).name);
        // The new form's list is the one found by name; the old one is gone after the loop.
        QVERIFY(panel.findChild<QComboBox *>(u"viewOption_shared"_s) != shared);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    }

    void theOperationViewOffersItsOperations()
    {
        LayoutDocument doc;
        doc.reset(presetContents("lds-c1"));
        QVERIFY(doc.addView({u"operation"_s, u"read"_s, {}}).isEmpty());
        const int view = int(doc.views().size()) - 1;
        ViewOptionsPanel panel(&doc);
        panel.show(); // a hidden panel builds its form when it is shown
        panel.setView(view);
        auto *op = panel.findChild<QComboBox *>(u"viewOption_op"_s);
        QVERIFY(op);
        QVERIFY(op->findData(u"invert"_s) >= 0);
        QCOMPARE(panel.setOption(u"op"_s, u"invert"_s), QString());
        QCOMPARE(buildError(doc, view), QString());
    }

    // Whatever option a view's error says it needs, the panel offers: every registered kind,
    // added with no options, and the operation view's sublayout (found by a new user: the diff
    // view said it needed "other", and the panel had no field for it).
    void everyOptionAnErrorNamesIsOffered()
    {
        LayoutDocument doc;
        doc.reset(presetContents("lds-c1"));
        ViewOptionsPanel panel(&doc);
        panel.show();
        const QRegularExpression needs(u"needs the option \"([a-z_]+)\""_s);
        int named = 0;
        const auto check = [&](const DocumentView &v) {
            QVERIFY(doc.addView(v).isEmpty());
            const int view = int(doc.views().size()) - 1;
            panel.setView(view);
            const QRegularExpressionMatch m = needs.match(buildError(doc, view));
            if (m.hasMatch()) {
                ++named;
                QVERIFY2(panel.offeredKeys().contains(m.captured(1)),
                         qPrintable(v.kind + u": "_s + buildError(doc, view) + u" / offered: "_s +
                                    panel.offeredKeys().join(u", "_s)));
            }
        };
        for (const ViewKind &k : viewKinds())
            check({QString::fromLatin1(k.kind), u"read"_s, {}});
        check({u"operation"_s, u"read"_s, {{"op", "sublayout"}}});
        check({u"operation"_s,
               u"read"_s,
               {{"op", "sublayout"}, {"ins", nlohmann::json::array({"lane"})}}});
        QVERIFY(named >= 4); // diff, operation, its sublayout's ins and outs at least
    }
};

QTEST_MAIN(TestViewOptionsPanel)
#include "tst_viewoptionspanel.moc"
