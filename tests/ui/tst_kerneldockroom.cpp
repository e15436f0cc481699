// The Kernel dock in a 1920x1080 window, beside the right-hand docks a designer keeps open
// (the Suggest panel and the ctaLayout editor), shows its parts whole on the module whose
// costliest op has the longest explanation: every op and every cost column of the op table, every
// row and column of the counts and the summary above them, the selected op's explanation and its
// suggestion's before/after table, none of them behind a scroll bar. (A new user saw the Cycles
// column cut off, the counts in a strip with two scroll bars and the summary clipped mid-line.)

#include "models/kernelopsmodel.h"
#include "request/kernelrequest.h"
#include "scratchsettings.h"
#include "widgets/kerneladvicepanel.h"
#include "widgets/kerneldock.h"
#include "widgets/mainwindow.h"

#include <QAbstractButton>
#include <QDockWidget>
#include <QHeaderView>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>

using namespace lx;
using namespace Qt::StringLiterals;

namespace {

const QString kGemm = QStringLiteral(LX_TEST_DATA_DIR "/kernels/") +
                      u"gemm_gfx1250_bf16_128x128x64_w22_t11_a10_b10_s824_4116.ttgir"_s;

// Whether `area` shows all of its contents: no scroll bar has anywhere to go.
bool whole(const QAbstractScrollArea *area)
{
    return area->verticalScrollBar()->maximum() == 0 && area->horizontalScrollBar()->maximum() == 0;
}

} // namespace

class TestKernelDockRoom : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_scratch.install()); }

    void partsAreWholeAt1920x1080()
    {
        std::unique_ptr<MainWindow> window = m_scratch.newWindow();
        window->resize(1920, 1080);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        for (const QString &name : {u"suggestDock"_s, u"ctaDock"_s}) {
            auto *d = window->findChild<QDockWidget *>(name);
            QVERIFY(d);
            d->show();
            d->raise();
        }
        QCOMPARE(window->openFile(kGemm), QString());
        KernelDock *dock = window->kernelDock();
        // The costliest op: the longest explanation of this module.
        const KernelReport &report = dock->model()->report();
        QVERIFY(report.totals.worstOp >= 0);
        dock->selectOp(report.totals.worstOp);
        for (int i = 0; i < 3; ++i)
            QCoreApplication::processEvents();
        QVERIFY(dock->isVisible());

        auto *ops = qobject_cast<QTableView *>(dock->table());
        QVERIFY(ops);
        QCOMPARE(ops->verticalScrollBar()->maximum(), 0);
        for (int c = KernelOpsModel::LineColumn; c <= KernelOpsModel::ConflictsColumn; ++c)
            QVERIFY2(ops->columnViewportPosition(c) + ops->columnWidth(c) <=
                         ops->viewport()->width(),
                     qPrintable(u"op column %1 ends at %2 of %3 px"_s.arg(c)
                                    .arg(ops->columnViewportPosition(c) + ops->columnWidth(c))
                                    .arg(ops->viewport()->width())));

        auto *counts = dock->findChild<QTableView *>(u"kernelCounts"_s);
        QVERIFY(counts);
        QVERIFY2(counts->horizontalHeader()->length() <= counts->viewport()->width() &&
                     counts->verticalHeader()->length() <= counts->viewport()->height(),
                 qPrintable(u"counts %1x%2 in %3x%4"_s.arg(counts->horizontalHeader()->length())
                                .arg(counts->verticalHeader()->length())
                                .arg(counts->viewport()->width())
                                .arg(counts->viewport()->height())));
        // The suggestion for it, its before/after table beside the explanation.
        auto *suggest = dock->findChild<QPushButton *>(u"kernelSuggest"_s);
        QVERIFY(suggest);
        suggest->click();
        for (int i = 0; i < 3; ++i)
            QCoreApplication::processEvents();
        auto *before = dock->findChild<QTableView *>(u"kernelAdviceTable"_s);
        QVERIFY(before && before->isVisible() && before->model()->rowCount() > 0);
        // Inside its panel, not in a part that scrolls with the long alias and Gluon lines.
        QWidget *panel = dock->advicePanel();
        const QRect shown(before->mapTo(panel, QPoint(0, 0)), before->size());
        QVERIFY2(panel->rect().contains(shown), "the before/after table runs past its panel");
        QVERIFY(!qobject_cast<QScrollArea *>(before->parentWidget()->parentWidget()));
        QVERIFY2(
            before->horizontalHeader()->length() <= before->viewport()->width(),
            qPrintable(u"before/after table %1 px in %2"_s.arg(before->horizontalHeader()->length())
                           .arg(before->viewport()->width())));
        for (const QString &name : {u"kernelSummaryScroll"_s, u"kernelOpDetail"_s}) {
            auto *area = dock->findChild<QAbstractScrollArea *>(name);
            QVERIFY2(area, qPrintable(name));
            QVERIFY2(whole(area), qPrintable(u"%1 scrolls: %2 px down, %3 px across"_s.arg(name)
                                                 .arg(area->verticalScrollBar()->maximum())
                                                 .arg(area->horizontalScrollBar()->maximum())));
        }
    }

    // Beside the open Kernel dock the Scene panel's list keeps several rows in view (a new user
    // saw it shrink to about one row at 1920x1080).
    void theSceneListKeepsSeveralRows()
    {
        std::unique_ptr<MainWindow> window = m_scratch.newWindow();
        window->resize(1920, 1080);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        QCOMPARE(window->openFile(kGemm), QString());
        for (int i = 0; i < 3; ++i)
            QCoreApplication::processEvents();
        QVERIFY(window->kernelDock()->isVisible());
        auto *list = window->findChild<QTableView *>(u"layoutTable"_s);
        QVERIFY(list && list->isVisible());
        QVERIFY(list->model()->rowCount() >= 5);
        const int row = list->verticalHeader()->defaultSectionSize();
        QVERIFY2(
            list->viewport()->height() >= 5 * row,
            qPrintable(u"scene list %1 px high: %2 rows of %3 px"_s.arg(list->viewport()->height())
                           .arg(double(list->viewport()->height()) / row, 0, 'f', 1)
                           .arg(row)));
    }

    // In a window smaller than the screen (a laptop's, or the size a window manager first gives)
    // the selected op's explanation keeps a readable width beside the advice panel, and the advice
    // panel's buttons stay whole (a new user saw the explanation squeezed to a few characters a
    // line by a row of five buttons).
    void theOpDetailStaysReadableInASmallerWindow_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x800") << QSize(1280, 800);
        QTest::newRow("1440x900") << QSize(1440, 900);
    }
    void theOpDetailStaysReadableInASmallerWindow()
    {
        QFETCH(QSize, size);
        std::unique_ptr<MainWindow> window = m_scratch.newWindow();
        window->resize(size);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        QCOMPARE(window->openFile(kGemm), QString());
        KernelDock *dock = window->kernelDock();
        dock->selectOp(dock->model()->report().totals.worstOp);
        for (int i = 0; i < 3; ++i)
            QCoreApplication::processEvents();
        auto *detail = dock->findChild<QAbstractScrollArea *>(u"kernelOpDetail"_s);
        QVERIFY(detail && detail->isVisible());
        const int chars = detail->viewport()->width() / detail->fontMetrics().averageCharWidth();
        QVERIFY2(chars >= 24, qPrintable(u"the explanation is %1 characters wide"_s.arg(chars)));
        auto *panel = dock->findChild<KernelAdvicePanel *>();
        QVERIFY(panel);
        for (QAbstractButton *b : panel->findChildren<QAbstractButton *>()) {
            if (!b->isVisible())
                continue;
            const QRect inPanel(b->mapTo(panel, QPoint(0, 0)), b->size());
            QVERIFY2(panel->rect().contains(inPanel) && b->width() >= b->minimumSizeHint().width(),
                     qPrintable(u"button '%1' is cut off"_s.arg(b->text())));
        }
    }

private:
    test::ScratchSettings m_scratch;
};

QTEST_MAIN(TestKernelDockRoom)
#include "tst_kerneldockroom.moc"
