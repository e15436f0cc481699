// The TikZ paint device: known primitives painted onto it give the commands they should (in
// device pixels, 1 px = 0.75 bp), an image is refused, and every preset's TikZ compiles.

#include "io/scene.h"
#include "presetrequests.h"
#include "render/diagramrenderer.h"
#include "render/exporter.h"
#include "render/tikzpaintdevice.h"
#include "render/viewregistry.h"

#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QLinearGradient>
#include <QPainter>
#include <QPainterPath>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lx::TikzPaintDevice;

namespace {

// Paints with `paint` on a 200×100 device; the document as text.
template <typename F> QString paintTikz(F paint, QString *error = nullptr)
{
    TikzPaintDevice device(QSize(200, 100));
    QPainter painter(&device);
    paint(painter);
    painter.end();
    if (error)
        *error = device.error();
    return QString::fromUtf8(device.document());
}

// The name the document gives colour `hex` ("FF0000"), or empty.
QString colourName(const QString &doc, const QString &hex)
{
    const QRegularExpression re(u"\\\\definecolor\\{(lxc\\d+)\\}\\{HTML\\}\\{%1\\}"_s.arg(hex));
    return re.match(doc).captured(1);
}

} // namespace

class TestTikzPaintDevice : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void fillsAreRectanglesInDevicePixels()
    {
        const QString doc = paintTikz([](QPainter &p) {
            p.fillRect(QRect(10, 20, 30, 40), QColor(255, 0, 0));
            p.translate(5, 7);
            p.fillRect(QRect(100, 0, 10, 10), QColor(0, 128, 255));
        });
        const QString red = colourName(doc, u"FF0000"_s);
        const QString blue = colourName(doc, u"0080FF"_s);
        QCOMPARE(red, u"lxc0"_s); // named by first use
        QCOMPARE(blue, u"lxc1"_s);
        QVERIFY2(doc.contains(u"\\lxf{lxc0}{10}{20}{40}{60}"_s), qPrintable(doc));
        QVERIFY2(doc.contains(u"\\lxf{lxc1}{105}{7}{115}{17}"_s), qPrintable(doc)); // translated
        // The page is the device at 0.75 bp per pixel.
        QVERIFY(
            doc.contains(u"\\setlength{\\paperwidth}{150bp}\\setlength{\\paperheight}{75bp}"_s));
        QVERIFY(doc.contains(u"x=0.75bp,y=-0.75bp"_s));
    }

    void touchingFillsOfOneColourMerge()
    {
        const QString doc = paintTikz([](QPainter &p) {
            // Two rows of a grid: a red run over both rows, a green cell in the first only.
            p.fillRect(QRect(0, 0, 20, 10), QColor(255, 0, 0));
            p.fillRect(QRect(20, 0, 10, 10), QColor(0, 255, 0));
            p.fillRect(QRect(0, 10, 20, 10), QColor(255, 0, 0));
            p.fillRect(QRect(20, 10, 10, 10), QColor(0, 0, 255));
        });
        QCOMPARE(doc.count(u"\\lxf{"_s), 3);
        QVERIFY2(doc.contains(u"\\lxf{lxc0}{0}{0}{20}{20}"_s), qPrintable(doc));
    }

    void aFillOverAnEarlierFillStaysAboveIt()
    {
        // Red, blue below it, then red again just under the first red and over the blue: the
        // second red would merge into the first (they touch) but must stay above the blue.
        const QString doc = paintTikz([](QPainter &p) {
            p.fillRect(QRect(0, 0, 100, 10), QColor(255, 0, 0));
            p.fillRect(QRect(10, 12, 10, 5), QColor(0, 0, 255));
            p.fillRect(QRect(0, 10, 100, 10), QColor(255, 0, 0));
        });
        const qsizetype blue = doc.indexOf(u"\\lxf{lxc1}{10}{12}{20}{17}"_s);
        const qsizetype secondRed = doc.indexOf(u"\\lxf{lxc0}{0}{10}{100}{20}"_s);
        QVERIFY2(blue >= 0 && secondRed > blue, qPrintable(doc));
        QVERIFY(doc.contains(u"\\lxf{lxc0}{0}{0}{100}{10}"_s));
    }

    void strokesCarryThePen()
    {
        const QString doc = paintTikz([](QPainter &p) {
            QPen pen(QColor(0, 0, 255), 2, Qt::DashLine, Qt::FlatCap, Qt::RoundJoin);
            p.setPen(pen);
            p.drawLine(QPointF(0, 0), QPointF(100, 50));
            p.setPen(QPen(QColor(0, 0, 0), 4)); // Qt's default cap and join: square, bevel
            p.setBrush(QColor(255, 255, 0));
            p.drawRect(QRectF(10, 10, 20, 30));
        });
        // 2 px = 1.5 bp; Qt's dash line is 4 widths on, 2 off.
        QVERIFY2(doc.contains(u"\\path[draw=lxc0,line width=1.5bp,line join=round,dash "
                              u"pattern=on 6bp off 3bp] (0,0) -- (100,50);"_s),
                 qPrintable(doc));
        QVERIFY2(doc.contains(u"\\path[fill=lxc1,draw=lxc2,line width=3bp,line cap=rect,line "
                              u"join=bevel] (10,10) rectangle (30,40);"_s),
                 qPrintable(doc));
    }

    void polygonsAndPaths()
    {
        const QString doc = paintTikz([](QPainter &p) {
            p.setPen(Qt::NoPen);
            p.setBrush(QColor(0, 0, 0));
            const QPointF tri[] = {{0, 0}, {10, 0}, {5, 8}};
            p.drawPolygon(tri, 3);
            QPainterPath path;
            path.moveTo(20, 20);
            path.cubicTo(30, 20, 40, 30, 40, 40);
            path.closeSubpath();
            p.drawPath(path);
        });
        QVERIFY2(doc.contains(u"(0,0) -- (10,0) -- (5,8) -- cycle;"_s), qPrintable(doc));
        QVERIFY2(doc.contains(u"(20,20) .. controls (30,20) and (40,30) .. (40,40) -- cycle;"_s),
                 qPrintable(doc));
    }

    void textSitsOnItsBaseline()
    {
        const QFont font = lx::DiagramRenderer::textFont(20, true);
        const QString doc = paintTikz([&](QPainter &p) {
            p.setPen(QColor(0, 0, 0));
            p.setFont(font);
            p.drawText(QPointF(30, 60), u"a_b & 1→2"_s);
        });
        // 20 px = 15 bp = 15.06 TeX pt; the baseline (x 30, y 60) is 22.5 bp from the left and
        // (100 - 60) · 0.75 = 30 bp above the bottom; the width is Qt's advance.
        QVERIFY2(doc.contains(u"{\\fontsize{15.06}{15.06}\\selectfont\\bfseries\\color{lxc0}"_s),
                 qPrintable(doc));
        const QRegularExpression item(u"\\\\lxt\\{22.5\\}\\{30\\}\\{([\\d.]+)\\}\\{a\\\\_b "
                                      u"\\\\& 1\\$\\\\rightarrow\\$2\\}"_s);
        const QRegularExpressionMatch m = item.match(doc);
        QVERIFY2(m.hasMatch(), qPrintable(doc));
        const double advance = QFontMetricsF(font).horizontalAdvance(u"a_b & 1→2"_s) * 0.75;
        QVERIFY2(std::abs(m.captured(1).toDouble() - advance) < 1, qPrintable(m.captured(1)));
    }

    void rotatedTextIsARotatedNode()
    {
        const QString doc = paintTikz([](QPainter &p) {
            p.setPen(QColor(0, 0, 0));
            p.setFont(lx::DiagramRenderer::textFont(10));
            p.translate(50, 50);
            p.rotate(-90); // reads upwards
            p.drawText(QPointF(0, 0), u"dim0"_s);
        });
        QVERIFY2(
            doc.contains(QRegularExpression(u"\\\\node\\[lxn,text=lxc0,font=[^]]*,rotate=90\\] "
                                            u"at \\(50,[\\d.]+\\) \\{\\\\lxb\\{[\\d.]+\\}\\{"
                                            u"dim0\\}\\};"_s)),
            qPrintable(doc));
        QVERIFY(!doc.contains(u"\\lxt{"_s));
    }

    void clippingIsAScope()
    {
        const QString doc = paintTikz([](QPainter &p) {
            p.save();
            p.setClipRect(QRect(0, 0, 50, 40));
            p.fillRect(QRect(10, 10, 100, 10), QColor(255, 0, 0));
            p.restore();
            p.fillRect(QRect(10, 60, 100, 10), QColor(0, 0, 255));
        });
        const qsizetype clip = doc.indexOf(u"\\begin{scope}\\clip (0,0) -- (50,0) -- (50,40) -- "
                                           u"(0,40) -- cycle;"_s);
        const qsizetype red = doc.indexOf(u"\\lxf{lxc0}{10}{10}{110}{20}"_s);
        const qsizetype end = doc.indexOf(u"\\end{scope}"_s);
        const qsizetype blue = doc.indexOf(u"\\lxf{lxc1}{10}{60}{110}{70}"_s);
        QVERIFY2(clip >= 0 && red > clip && end > red && blue > end, qPrintable(doc));
    }

    void aShapeOverTextStartsANewPicture()
    {
        const auto paint = [](bool overlap) {
            return paintTikz([&](QPainter &p) {
                p.fillRect(QRect(0, 0, 200, 100), QColor(255, 255, 255));
                p.setPen(QColor(0, 0, 0));
                p.setFont(lx::DiagramRenderer::textFont(12));
                p.drawText(QPointF(10, 30), u"label"_s);
                p.fillRect(overlap ? QRect(0, 20, 100, 20) : QRect(0, 60, 100, 20),
                           QColor(255, 0, 0));
            });
        };
        const QString over = paint(true);
        const QString apart = paint(false);
        QCOMPARE(apart.count(u"\\begin{tikzpicture}"_s), 1);
        QCOMPARE(over.count(u"\\begin{tikzpicture}"_s), 2);
        // The red fill comes after the text layer that holds the label.
        QVERIFY(over.indexOf(u"\\lxf{lxc2}"_s) > over.indexOf(u"{label}"_s));
    }

    void anImageIsRefused()
    {
        QString error;
        const QString doc = paintTikz(
            [](QPainter &p) {
                p.fillRect(QRect(0, 0, 10, 10), QColor(255, 0, 0));
                QImage image(16, 8, QImage::Format_ARGB32_Premultiplied);
                image.fill(Qt::red);
                p.drawImage(QPoint(0, 0), image);
            },
            &error);
        QVERIFY(doc.isEmpty());
        QVERIFY2(error.contains(u"16×8 pixel image"_s) && error.contains(u"PNG"_s),
                 qPrintable(error));
    }

    void aGradientIsRefused()
    {
        // Qt paints a brush the engine does not carry through an image.
        QString error;
        const QString doc = paintTikz(
            [](QPainter &p) {
                QLinearGradient g(0, 0, 100, 0);
                g.setColorAt(0, Qt::red);
                g.setColorAt(1, Qt::blue);
                p.fillRect(QRect(0, 0, 100, 10), QBrush(g));
            },
            &error);
        QVERIFY(doc.isEmpty());
        QVERIFY2(error.contains(u"image"_s), qPrintable(error));
    }

    void everyPresetCompiles_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<int>("view");
        for (const lx::PresetInfo &p : lx::listPresets()) {
            QString error;
            const auto requests = lx::test::presetRequests(p.name, &error);
            QVERIFY2(!requests.empty(), qPrintable(error));
            for (size_t v = 0; v < requests.size(); ++v)
                QTest::addRow("%s view %d", p.name.c_str(), int(v))
                    << QString::fromStdString(p.name) << int(v);
        }
    }
    void everyPresetCompiles()
    {
        QFETCH(QString, preset);
        QFETCH(int, view);
        const QString pdflatex = QStandardPaths::findExecutable(u"pdflatex"_s);
        if (pdflatex.isEmpty())
            QSKIP("pdflatex is not installed");
        QString error;
        const auto requests = lx::test::presetRequests(preset.toStdString(), &error);
        QVERIFY2(size_t(view) < requests.size(), qPrintable(error));
        const lx::Expected<lx::Diagram> d = lx::buildView(requests[size_t(view)]);
        QVERIFY2(bool(d), d ? "" : d.message().c_str());
        const QByteArray tex = lx::renderTikz(*d, lx::RenderOptions{}, &error);
        QVERIFY2(!tex.isEmpty(), qPrintable(error));
        QTemporaryDir dir;
        QFile file(dir.filePath(u"fig.tex"_s));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(tex);
        file.close();
        QProcess latex;
        latex.setWorkingDirectory(dir.path());
        latex.start(pdflatex, {u"-interaction=nonstopmode"_s, u"-halt-on-error"_s, u"fig.tex"_s});
        QVERIFY(latex.waitForFinished(120000));
        const QByteArray log = latex.readAllStandardOutput();
        QVERIFY2(latex.exitCode() == 0, log.right(3000).constData());
        QVERIFY2(log.contains("Output written on fig.pdf (1 page"), log.right(1000).constData());
    }
};

int main(int argc, char **argv)
{
    QGuiApplication app(argc, argv);
    TestTikzPaintDevice test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_tikzpaintdevice.moc"
