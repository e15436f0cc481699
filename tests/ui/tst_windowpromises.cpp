// Promises the window makes in the README, each driven through the real window offscreen:
// copying a layout that has no text form, Ctrl+Z from a dock's text field, the architecture
// switch, new layouts getting a view, preset titles, lane-count warnings and a toolbar that does
// not move.

#include "hw/arch.h"
#include "layout/linearlayout.h"
#include "models/documentviews.h"
#include "models/layoutdocument.h"
#include "models/layoutpropertiesmodel.h"
#include "models/scenefile.h"
#include "render/diagram.h"
#include "scratchsettings.h"
#include "widgets/baseseditor.h"
#include "widgets/ctalayouteditor.h"
#include "widgets/diagramview.h"
#include "widgets/mainwindow.h"
#include "widgets/viewpane.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>

using namespace lx;
using namespace Qt::StringLiterals;

namespace {

QAction *actionNamed(QWidget &w, const QString &text)
{
    for (QAction *a : w.findChildren<QAction *>())
        if (a->text() == text)
            return a;
    return nullptr;
}

QString messageText(QWidget &w)
{
    auto *label = w.findChild<QLabel *>(u"messageLabel"_s);
    return label ? label->text() : QString();
}

// The bank count a bank view's subtitle names for its instruction ("ds_read_b64 (32 banks, ...").
int subtitleBanks(const Diagram &d)
{
    const QRegularExpressionMatch m =
        QRegularExpression(uR"(\((\d+) banks)"_s).match(d.subtitle + d.title);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

} // namespace

class TestWindowPromises : public QObject
{
    Q_OBJECT
private:
    lx::test::ScratchSettings m_scratch;

    std::unique_ptr<MainWindow> makeWindow()
    {
        auto w = m_scratch.newWindow();
        w->openScene(builtinExampleScene());
        return lx::test::activeWindow(std::move(w), QSize(1200, 800));
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_scratch.install()); }

    void copyWithoutTextFormLeavesNoStaleClipboard()
    {
        auto w = makeWindow();
        QVERIFY(w);
        // Every basis on dim0 bit 0: rank 1 of 3 out bits, so no #ttg linear form reaches the
        // whole tensor (Triton infers the out-dim sizes from the bases).
        LayoutDocument *doc = w->document();
        QCOMPARE(doc->setInDimBases(0, u"register"_s, {{1, 0}}, u"r"_s), QString());
        QCOMPARE(doc->setInDimBases(0, u"lane"_s, {{1, 0}, {1, 0}}, u"l"_s), QString());
        QCOMPARE(doc->setInDimBases(0, u"warp"_s, {{1, 0}, {1, 0}}, u"w"_s), QString());
        QVERIFY(!doc->layoutAt(0).layout.isSurjective());
        for (const QString &text : {u"Copy Layout as #&ttg"_s, u"Copy Layout as &Gluon"_s}) {
            QGuiApplication::clipboard()->setText(u"stale layout text"_s);
            QAction *copy = actionNamed(*w, text);
            QVERIFY(copy && copy->isEnabled());
            copy->trigger();
            QCOMPARE(QGuiApplication::clipboard()->text(), QString());
            const QString message = messageText(*w);
            QVERIFY2(message.contains(u"Nothing copied"_s), qPrintable(message));
            QVERIFY2(message.contains(u"does not reach every element"_s), qPrintable(message));
            QVERIFY2(!message.contains(u"Copied"_s), qPrintable(message));
        }
    }

    void ctrlZInTheBasesTextUndoesTheAppliedEdit()
    {
        auto w = makeWindow();
        QVERIFY(w);
        const LinearLayout before = w->document()->layoutAt(0).layout;
        QLineEdit *edit = w->basesEditor()->textFor(u"lane"_s);
        QVERIFY(edit);
        edit->setFocus();
        edit->selectAll();
        QTest::keyClicks(edit, u"[[2, 0], [1, 0]]"_s);
        QTest::keyClick(edit, Qt::Key_Return);
        const LinearLayout after = w->document()->layoutAt(0).layout;
        QVERIFY(after != before);
        edit = w->basesEditor()->textFor(u"lane"_s);
        edit->setFocus();
        QVERIFY(edit->hasFocus());
        QTest::keyClick(edit, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w->document()->layoutAt(0).layout, before);
        edit = w->basesEditor()->textFor(u"lane"_s);
        edit->setFocus();
        // Redo: the platform's own binding (Ctrl+Shift+Z or Ctrl+Y).
        const QList<QKeySequence> redo = QKeySequence::keyBindings(QKeySequence::Redo);
        QVERIFY(!redo.isEmpty());
        QTest::keySequence(edit, redo.first());
        QCOMPARE(w->document()->layoutAt(0).layout, after);
    }

    void ctrlZInACtaLayoutFieldUndoesTheAppliedEdit()
    {
        auto w = makeWindow();
        QVERIFY(w);
        QCOMPARE(w->openPreset(u"default"_s), QString());
        w->setCurrentLayoutIndex(0);
        auto *warp = w->ctaLayoutEditor()->findChild<QLineEdit *>(u"ctaWarpBases"_s);
        QVERIFY(warp && warp->isVisible());
        const LinearLayout before = w->document()->layoutAt(0).layout;
        warp->setFocus();
        warp->selectAll();
        QTest::keyClicks(warp, u"[[1, 0], [0, 1]]"_s);
        QTest::keyClick(warp, Qt::Key_Return);
        QVERIFY(w->document()->layoutAt(0).layout != before);
        warp->setFocus();
        QTest::keyClick(warp, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w->document()->layoutAt(0).layout, before);
    }

    void ctaLayoutEditorRefusesWhatWmmaHasNot_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("reason");
        QTest::newRow("unknown element type") << u"ctaDtype"_s << u"f13"_s << u"f13"_s;
        // 16,16,64 is a WMMA v3 shape (8-bit operands, f32 or f16 accumulators), 16,16,16 none.
        QTest::newRow("no such WMMA v3 shape")
            << u"ctaInstrShape"_s << u"16,16,16"_s << u"16,16,32"_s;
    }

    void ctaLayoutEditorRefusesWhatWmmaHasNot()
    {
        QFETCH(QString, field);
        QFETCH(QString, text);
        QFETCH(QString, reason);
        auto w = makeWindow();
        QVERIFY(w);
        QCOMPARE(w->openPreset(u"default"_s), QString());
        w->setCurrentLayoutIndex(0);
        auto *edit = w->ctaLayoutEditor()->findChild<QLineEdit *>(field);
        QVERIFY(edit && edit->isVisible());
        const DocumentLayout before = w->document()->layoutAt(0);
        edit->setFocus();
        edit->selectAll();
        QTest::keyClicks(edit, text);
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(w->document()->layoutAt(0), before); // nothing committed
        QString message;
        for (QLabel *l : w->ctaLayoutEditor()->findChildren<QLabel *>())
            if (l->text().contains(reason))
                message = l->text();
        QVERIFY2(!message.isEmpty(), qPrintable(reason));
    }

    void archSwitchKeepsPanelAndViewAgreed()
    {
        auto w = makeWindow();
        QVERIFY(w);
        QCOMPARE(w->openPreset(u"rocmlir-kpack-after"_s), QString());
        const int gfx950 = w->archBox()->findText(u"gfx950"_s);
        QVERIFY(gfx950 >= 0);
        w->archBox()->setCurrentIndex(gfx950);
        Q_EMIT w->archBox()->activated(gfx950);
        ViewPane *pane = w->currentViewPane();
        QVERIFY(pane && pane->errorText().isEmpty());
        const int viewBanks = subtitleBanks(pane->diagramView()->diagram());
        QVERIFY(viewBanks > 0);
        Expected<Architecture> arch = loadArchitecture("gfx950");
        QVERIFY(bool(arch));
        QVERIFY(arch->numBanks != viewBanks); // else this case shows nothing
        QCOMPARE(w->propertiesModel()->value(u"view:banks"_s), QString::number(viewBanks));
    }

    void archSwitchSaysWhenTheInstructionChanges()
    {
        auto w = makeWindow();
        QVERIFY(w);
        QCOMPARE(w->openPreset(u"rocmlir-kpack-after"_s), QString());
        const QString before = w->propertiesModel()->value(u"view:instruction"_s);
        QVERIFY(!before.isEmpty());
        const int gfx1250 = w->archBox()->findText(u"gfx1250"_s);
        w->archBox()->setCurrentIndex(gfx1250);
        Q_EMIT w->archBox()->activated(gfx1250);
        const QString after = w->propertiesModel()->value(u"view:instruction"_s);
        QVERIFY(!after.isEmpty());
        QVERIFY2(after != before, qPrintable(after)); // else this case shows nothing
        const QString message = messageText(*w);
        QVERIFY2(message.contains(before) && message.contains(after), qPrintable(message));
    }

    void aLayoutAddedFromTextGetsAView()
    {
        auto w = makeWindow();
        QVERIFY(w);
        const int tabs = w->viewTabs()->count();
        QCOMPARE(w->addTextLayout(u"B"_s,
                                  u"#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, "
                                  u"4], warpsPerCTA = [2, 2], order = [1, 0]}>"_s,
                                  {32, 32}, u"f16"_s),
                 QString());
        QCOMPARE(w->viewTabs()->count(), tabs + 1);
        ViewPane *pane = w->currentViewPane();
        QVERIFY(pane);
        QCOMPARE(pane->layoutIndex(), w->document()->layoutCount() - 1);
        QCOMPARE(w->currentLayoutIndex(), w->document()->layoutCount() - 1);
    }

    void aLayoutAddedFromBasesGetsAView()
    {
        auto w = makeWindow();
        QVERIFY(w);
        const int tabs = w->viewTabs()->count();
        const int layouts = w->document()->layoutCount();
        bool accepted = false;
        QTimer::singleShot(0, this, [&accepted] {
            auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            auto *box = dialog->findChild<QDialogButtonBox *>();
            box->button(QDialogButtonBox::Ok)->click();
            accepted = true;
        });
        QAction *add = actionNamed(*w, u"&Add Layout from Bases..."_s);
        QVERIFY(add);
        add->trigger();
        QVERIFY(accepted);
        QCOMPARE(w->document()->layoutCount(), layouts + 1);
        QCOMPARE(w->viewTabs()->count(), tabs + 1);
        QCOMPARE(w->currentViewPane()->layoutIndex(), layouts);
    }

    // 10 in bits (register:4, lane:32, warp:8) cannot own 12 out bits (dim0:64, dim1:64): the
    // dialog says so as it is typed, OK waits, and the fields show a three-dim spec whole.
    void addFromBasesRefusesTooFewInBitsAsTyped()
    {
        auto w = makeWindow();
        QVERIFY(w);
        const int layouts = w->document()->layoutCount();
        QString shown;
        bool okEnabled = true;
        bool stillOpen = false;
        int fieldWidth = 0;
        int specWidth = 0;
        QTimer::singleShot(0, this, [&] {
            auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            auto *ins = dialog->findChild<QLineEdit *>(u"basesInDims"_s);
            auto *outs = dialog->findChild<QLineEdit *>(u"basesOutDims"_s);
            auto *message = dialog->findChild<QLabel *>(u"basesMessage"_s);
            auto *ok = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
            if (!ins || !outs || !message)
                return dialog->reject();
            ins->setText(u"register:4, lane:32, warp:8"_s);
            outs->setText(u"dim0:64, dim1:64"_s);
            ok->click();
            shown = message->text();
            okEnabled = ok->isEnabled();
            stillOpen = dialog->isVisible();
            fieldWidth = ins->width();
            specWidth = ins->fontMetrics().horizontalAdvance(u"register:16, lane:32, warp:8"_s);
            dialog->reject();
        });
        QAction *add = actionNamed(*w, u"&Add Layout from Bases..."_s);
        QVERIFY(add);
        add->trigger();
        QVERIFY(stillOpen);
        QVERIFY2(shown.contains(u"10 in bits"_s) && shown.contains(u"12 out bits"_s),
                 qPrintable(shown));
        QVERIFY(!okEnabled);
        QCOMPARE(w->document()->layoutCount(), layouts);
        QVERIFY2(fieldWidth > specWidth, qPrintable(u"%1 <= %2"_s.arg(fieldWidth).arg(specWidth)));
    }

    void addFromTextValidatesAsTyped()
    {
        auto w = makeWindow();
        QVERIFY(w);
        QString shown;
        bool stillOpen = false;
        QTimer::singleShot(0, this, [&] {
            auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            auto *text = dialog->findChild<QPlainTextEdit *>();
            auto *message = dialog->findChild<QLabel *>(u"addTextMessage"_s);
            if (!text || !message)
                return dialog->reject();
            text->setPlainText(u"#ttg.blocked<{sizePerThread = [1, 4]"_s);
            shown = message->text();
            stillOpen = dialog->isVisible();
            dialog->reject();
        });
        QAction *add = actionNamed(*w, u"Add Layout from &Text..."_s);
        QVERIFY(add);
        add->trigger();
        QVERIFY(stillOpen);
        QVERIFY2(!shown.isEmpty(), "no message before OK");
    }

    void presetsOpenUnderTheirName()
    {
        auto w = makeWindow();
        QVERIFY(w);
        QCOMPARE(w->openPreset(u"fig9"_s), QString());
        QVERIFY2(w->windowTitle().contains(u"fig9"_s), qPrintable(w->windowTitle()));
        QVERIFY2(!w->windowTitle().contains(u"untitled"_s), qPrintable(w->windowTitle()));
        QVERIFY(!w->isWindowModified());
    }

    void aWave64LayoutOnAWave32ArchitectureIsFlagged()
    {
        auto w = makeWindow();
        QVERIFY(w);
        QCOMPARE(w->document()->arch(), u"gfx1250"_s);
        QCOMPARE(w->addTextLayout(u"W64"_s,
                                  u"#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, "
                                  u"8], warpsPerCTA = [1, 1], order = [1, 0]}>"_s,
                                  {64, 64}, u"f16"_s),
                 QString());
        auto *summary = w->findChild<QLabel *>(u"summaryLabel"_s);
        QVERIFY(summary);
        QVERIFY2(summary->text().contains(u"64 lanes"_s) && summary->text().contains(u"32-lane"_s),
                 qPrintable(summary->text()));
        // A 32-lane layout is not flagged.
        w->setCurrentLayoutIndex(0);
        QVERIFY2(!summary->text().contains(u"lanes"_s), qPrintable(summary->text()));
    }

    void toolbarComboStaysPutWhenTheUndoTextChanges()
    {
        auto w = makeWindow();
        QVERIFY(w);
        QCoreApplication::processEvents();
        const int x = w->archBox()->mapTo(w.get(), QPoint()).x();
        QCOMPARE(w->document()->setInDimBases(0, u"lane"_s, {{2, 0}, {1, 0}},
                                              u"Set lane bases from text, a long description"_s),
                 QString());
        QCoreApplication::processEvents();
        QCOMPARE(w->archBox()->mapTo(w.get(), QPoint()).x(), x);
    }

    void anEmptySceneShowsTheThreeWaysIn()
    {
        auto w = makeWindow();
        QVERIFY(w);
        QAction *newScene = actionNamed(*w, u"&New Scene"_s);
        QVERIFY(newScene);
        newScene->trigger();
        QCOMPARE(w->viewTabs()->count(), 0);
        QWidget *welcome = w->welcomePage();
        QVERIFY(welcome && welcome->isVisible());
        // Each button opens its way in (a modal dialog, closed here at once).
        for (const char *name : {"welcomePreset", "welcomeText", "welcomeBuilder"}) {
            auto *button = welcome->findChild<QPushButton *>(QString::fromLatin1(name));
            QVERIFY2(button, name);
            QString opened;
            QTimer::singleShot(0, this, [&opened] {
                if (QWidget *modal = QApplication::activeModalWidget()) {
                    opened = modal->windowTitle();
                    modal->close();
                }
            });
            button->click();
            QVERIFY2(!opened.isEmpty(), name);
        }
        // A view makes it go away.
        QCOMPARE(w->openPreset(u"fig9"_s), QString());
        QVERIFY(!welcome->isVisible());
        QVERIFY(w->viewTabs()->isVisible());
    }

    void gettingStartedListsTheShortcuts()
    {
        auto w = makeWindow();
        QVERIFY(w);
        QStringList rows;
        QTimer::singleShot(0, this, [&rows] {
            QWidget *modal = QApplication::activeModalWidget();
            if (!modal)
                return;
            if (auto *table = modal->findChild<QTableWidget *>(u"shortcutTable"_s))
                for (int r = 0; r < table->rowCount(); ++r)
                    rows << table->item(r, 0)->text() + u" = "_s + table->item(r, 1)->text();
            modal->close();
        });
        QAction *help = w->findChild<QAction *>(u"gettingStartedAction"_s);
        QVERIFY(help);
        QCOMPARE(help->shortcut(), QKeySequence(QKeySequence::HelpContents));
        help->trigger();
        const QString undo = QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText);
        QVERIFY2(rows.contains(u"Undo = "_s + undo), qPrintable(rows.join(u"; "_s)));
        QVERIFY2(
            rows.contains(u"Export Figure = "_s +
                          QKeySequence(Qt::CTRL | Qt::Key_E).toString(QKeySequence::NativeText)),
            qPrintable(rows.join(u"; "_s)));
    }

    void addViewSaysWhatEachViewShows()
    {
        auto w = makeWindow();
        QVERIFY(w);
        auto *menu = w->findChild<QMenu *>(u"addViewMenu"_s);
        QVERIFY(menu);
        QVERIFY(!menu->actions().isEmpty());
        for (QAction *a : menu->actions()) {
            const QString kind = a->data().toString();
            QVERIFY(!kind.isEmpty());
            QVERIFY2(a->text().startsWith(kind + u" \u2014 "_s), qPrintable(a->text()));
            QVERIFY2(a->text().size() > kind.size() + 12, qPrintable(a->text()));
        }
    }

    void analysisTermsHavePlainTooltips()
    {
        auto w = makeWindow();
        QVERIFY(w);
        QCOMPARE(w->openPreset(u"rocmlir-kpack-after"_s), QString());
        LayoutPropertiesModel *m = w->propertiesModel();
        QStringList found;
        for (int r = 0; r < m->rowCount(); ++r) {
            const QString label = m->index(r, 0).data().toString();
            const QString value = m->index(r, 1).data().toString();
            const QString tip = m->index(r, 0).data(Qt::ToolTipRole).toString();
            if (QRegularExpression(uR"(\bcycles?\b)"_s, QRegularExpression::CaseInsensitiveOption)
                    .match(label + u" "_s + value)
                    .hasMatch()) {
                QVERIFY2(tip.contains(u"Cycles: how long the LDS is busy"_s), qPrintable(tip));
                found << u"cycles"_s;
            }
            if (QRegularExpression(uR"(\b\d+-way\b)"_s).match(label + u" "_s + value).hasMatch()) {
                QVERIFY2(tip.contains(u"n-way conflict:"_s), qPrintable(tip));
                found << u"n-way"_s;
            }
        }
        QVERIFY2(found.contains(u"cycles"_s) && found.contains(u"n-way"_s),
                 qPrintable(found.join(u","_s)));
    }
};

QTEST_MAIN(TestWindowPromises)
#include "tst_windowpromises.moc"
