// `layout-explorer render --fit WxH` end to end (the binary from $LX_APP): the file is exactly the
// page asked for (PNG pixels, SVG and PDF units), the figure fills it, multi-panel figures are
// laid out in rows to use the page, a page too small for legible text gets a warning, bad sizes
// are bad usage, and a view picked out of a scene keeps its own title.

#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

struct Run
{
    int exitCode = -1;
    QByteArray err;
};

Run run(const QStringList &args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(u"DISPLAY"_s);
    env.remove(u"QT_QPA_PLATFORM"_s);
    p.setProcessEnvironment(env);
    p.start(qEnvironmentVariable("LX_APP"), QStringList{u"render"_s} + args);
    if (!p.waitForFinished(120000))
        return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, p.readAllStandardError()};
}

QSize pngSize(const QString &path)
{
    return QImage(path).size();
}

} // namespace

class TestCliFit : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        if (qEnvironmentVariableIsEmpty("LX_APP"))
            QSKIP("LX_APP is not set (run through ctest)");
        QVERIFY(m_dir.isValid());
    }

    void fitsTheTarget_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QSize>("target");
        // fig2b: eight panels side by side; lds-p1: a very wide view; fig9: a small one.
        QTest::newRow("fig2b slide") << u"fig2b"_s << QSize(1920, 1080);
        QTest::newRow("lds-p1 slide") << u"lds-p1"_s << QSize(1920, 1080);
        QTest::newRow("fig9 slide") << u"fig9"_s << QSize(1920, 1080);
        QTest::newRow("fig2b small") << u"fig2b"_s << QSize(640, 480);
    }
    void fitsTheTarget()
    {
        QFETCH(QString, preset);
        QFETCH(QSize, target);
        const QString out = m_dir.filePath(preset + u".png"_s);
        const Run r = run({u"--preset"_s, preset, u"--fit"_s,
                           u"%1x%2"_s.arg(target.width()).arg(target.height()), u"-o"_s, out});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(pngSize(out), target);
    }

    // Each vector format's page is the asked size in units of 1/96 in: the SVG's viewBox, width
    // and height (Qt writes millimetres), the PDF's MediaBox (0.75 pt a unit).
    void vectorPagesAreTheTarget()
    {
        const QString svg = m_dir.filePath(u"fig9.svg"_s);
        const QString pdf = m_dir.filePath(u"fig9.pdf"_s);
        for (const QString &out : {svg, pdf}) {
            const Run r = run({u"--preset"_s, u"fig9"_s, u"--fit"_s, u"1920x1080"_s, u"-o"_s, out});
            QVERIFY2(r.exitCode == 0, r.err.constData());
        }
        QFile s(svg), p(pdf);
        QVERIFY(s.open(QIODevice::ReadOnly) && p.open(QIODevice::ReadOnly));
        const QString svgText = QString::fromUtf8(s.readAll());
        QVERIFY(svgText.contains(u"viewBox=\"0 0 1920 1080\""_s));
        const QRegularExpressionMatch w =
            QRegularExpression(u"<svg[^>]*width=\"([0-9.]+)mm\" height=\"([0-9.]+)mm\""_s)
                .match(svgText);
        QVERIFY(w.hasMatch());
        QVERIFY(std::abs(w.captured(1).toDouble() * 96 / 25.4 - 1920) < 0.5);
        QVERIFY(std::abs(w.captured(2).toDouble() * 96 / 25.4 - 1080) < 0.5);
        const QRegularExpressionMatch m =
            QRegularExpression(u"/MediaBox \\[\\s*0 0 ([0-9.]+) ([0-9.]+)"_s)
                .match(QString::fromLatin1(p.readAll()));
        QVERIFY(m.hasMatch());
        QCOMPARE(m.captured(1).toDouble(), 1440.0);
        QCOMPARE(m.captured(2).toDouble(), 810.0);
    }

    // Thirty-two warps' worth of text on a thumbnail: the page is still written, and stderr says
    // the text is below a legible size. A page too small for the figure even at the smallest
    // scale is refused, with the size it needs.
    void aPageTooSmallToReadIsSaid()
    {
        const QString out = m_dir.filePath(u"tiny.png"_s);
        const Run r = run({u"--preset"_s, u"fig2b"_s, u"--fit"_s, u"240x135"_s, u"-o"_s, out});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(pngSize(out), QSize(240, 135));
        QVERIFY2(r.err.contains("warning:"), r.err.constData());
        const QString none = m_dir.filePath(u"none.png"_s);
        const Run t = run({u"--preset"_s, u"fig2b"_s, u"--fit"_s, u"160x90"_s, u"-o"_s, none});
        QVERIFY(t.exitCode != 0);
        QVERIFY2(t.err.contains("does not fit in 160x90") && t.err.contains("it needs"),
                 t.err.constData());
        QVERIFY(!QFile::exists(none));
    }

    void aVeryWideFigureIsCutIntoRows()
    {
        // lds-p1's first view is one strip about 15,000 px wide: scaled down whole it would be a
        // few dozen pixels tall on a slide; cut into rows it is several times taller.
        const QString natural = m_dir.filePath(u"natural.png"_s);
        QCOMPARE(run({u"--preset"_s, u"lds-p1"_s, u"-o"_s, natural}).exitCode, 0);
        const QSize n = pngSize(natural);
        QVERIFY(n.width() > 4 * 1920); // else the case shows nothing
        const QString fitted = m_dir.filePath(u"fitted.png"_s);
        QCOMPARE(
            run({u"--preset"_s, u"lds-p1"_s, u"--fit"_s, u"1920x1080"_s, u"-o"_s, fitted}).exitCode,
            0);
        QCOMPARE(pngSize(fitted), QSize(1920, 1080));
        // The figure on the page: the rows of non-background pixels it spans.
        const QImage page(fitted);
        const QRgb background = page.pixel(0, 0);
        int top = page.height(), bottom = -1;
        for (int y = 0; y < page.height(); ++y)
            for (int x = 0; x < page.width(); x += 2)
                if (page.pixel(x, y) != background) {
                    top = std::min(top, y);
                    bottom = std::max(bottom, y);
                    break;
                }
        const double oneRowHeight = double(n.height()) * 1920.0 / double(n.width());
        QVERIFY2(bottom - top > 4 * oneRowHeight,
                 qPrintable(u"%1 vs %2"_s.arg(bottom - top).arg(oneRowHeight)));
    }

    void badFitIsBadUsage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("not WxH") << QStringList{u"--fit"_s, u"wide"_s};
        QTest::newRow("zero") << QStringList{u"--fit"_s, u"0x1080"_s};
        QTest::newRow("three numbers") << QStringList{u"--fit"_s, u"10x10x10"_s};
        QTest::newRow("huge") << QStringList{u"--fit"_s, u"99999999x10"_s};
        QTest::newRow("with --scale")
            << QStringList{u"--fit"_s, u"100x100"_s, u"--scale"_s, u"2"_s};
    }
    void badFitIsBadUsage()
    {
        QFETCH(QStringList, args);
        const QString out = m_dir.filePath(u"bad.png"_s);
        const Run r = run(QStringList{u"--preset"_s, u"fig9"_s, u"-o"_s, out} + args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--"), r.err.constData());
        QVERIFY(!QFile::exists(out));
    }

    void aPickedViewKeepsItsOwnTitle()
    {
        // lds-p1 has several views; picking one must not stamp the preset's title on it.
        const QString a = m_dir.filePath(u"a.svg"_s);
        const QString b = m_dir.filePath(u"b.svg"_s);
        QCOMPARE(run({u"--preset"_s, u"lds-p1"_s, u"-o"_s, a}).exitCode, 0);
        QCOMPARE(run({u"--preset"_s, u"lds-p1"_s, u"--view-index"_s, u"1"_s, u"-o"_s, b}).exitCode,
                 0);
        QFile fa(a), fb(b);
        QVERIFY(fa.open(QIODevice::ReadOnly) && fb.open(QIODevice::ReadOnly));
        const QByteArray sa = fa.readAll(), sb = fb.readAll();
        const QByteArray presetTitle =
            sa.mid(sa.indexOf("<title>") + 7, sa.indexOf("</title>") - sa.indexOf("<title>") - 7);
        QVERIFY(!presetTitle.isEmpty());
        QVERIFY2(!sb.contains(presetTitle), presetTitle.constData());
    }
};

QTEST_MAIN(TestCliFit)
#include "tst_cli_fit.moc"
