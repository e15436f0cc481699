// Exporters: each format valid and deterministic, atomic writes, TikZ compiling with pdflatex.

#include "io/layoutjson.h"
#include "layout/linearlayout.h"
#include "render/exporter.h"
#include "render/ownershipdiagram.h"
#include "render/palette.h"

#include <QBuffer>
#include <QDate>
#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QImageReader>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using lx::Diagram;
using lx::ExportFormat;
using lx::RenderOptions;

namespace {

Diagram smallDiagram()
{
    Diagram d;
    d.title = u"Small & {special} $chars_% #1 → ⊕"_s;
    auto &p = d.addPanel(4, 4);
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c) {
            p.cell(r, c).fill = lx::categoricalColor(r ^ c, 4);
            p.setText(r, c, u"T%1:R%2"_s.arg(c).arg(r));
        }
    p.groups.push_back({QRect(0, 0, 2, 2), qRgb(0, 0, 0), u"W0"_s, 2.0, false});
    d.annotations.push_back(
        {lx::DiagramAnnotation::Arrow, {0, QPointF(0.5, 0.5)}, {0, QPointF(3.5, 3.5)}, u"a"_s});
    d.tables.push_back(
        {u"t"_s, {u"x"_s, u"y"_s}, {{u"1 & <2>"_s, u"2"_s}}, {{qRgb(250, 0, 0), 0}}});
    d.legend.push_back({lx::categoricalColor(0, 4), u"zero"_s});
    return d;
}

// The 128×128 ownership diagram of the conformance WMMA layout (wmma3-0049).
Diagram wmmaOwnership()
{
    QFile f(QStringLiteral(LX_TEST_DATA_DIR "/render/wmma3_2x2_128.json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const auto j = nlohmann::json::parse(f.readAll().toStdString());
    const auto layout = lx::layoutFromJson(j.at("layout"));
    if (!layout)
        return {};
    lx::OwnershipDiagramOptions o;
    o.colorBy = lx::OwnerColor::SimdPair;
    const auto cu = lx::cuModelOf("gfx1250");
    if (!cu)
        return {};
    o.cu = *cu;
    const auto d = lx::ownershipDiagram(*layout, o);
    return d ? *d : Diagram{};
}

// The registered format written with `suffix` ("png"): every test reaches a format the way the
// window and the command line do.
ExportFormat &format(const QString &suffix)
{
    ExportFormat *f = lx::exportFormatForPath(u"x."_s + suffix);
    if (!f)
        qFatal("no export format writes .%s", qPrintable(suffix));
    return *f;
}

// A format of the test's own, never registered: exportDiagram writes what any ExportFormat
// gives, and names its error, with no list of formats of its own.
class TextFormat final : public ExportFormat
{
public:
    QString name() const override { return u"Text"_s; }
    QString description() const override { return u"Plain text"_s; }
    QStringList suffixes() const override { return {u"txt"_s, u"text"_s}; }
    Capabilities capabilities() const override { return {true, false, false, 4}; }
    QByteArray write(const Diagram &d, const RenderOptions &) override
    {
        m_error = refuse ? u"the text writer refused"_s : QString();
        return refuse ? QByteArray() : d.title.toUtf8();
    }
    bool refuse = false;
};

} // namespace

class TestExporters : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void formatForPath_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("format"); // its suffix; empty: none
        QTest::newRow("png") << u"a/b.png"_s << u"png"_s;
        QTest::newRow("upper-case SVG") << u"x.SVG"_s << u"svg"_s;
        QTest::newRow("pdf") << u"x.pdf"_s << u"pdf"_s;
        QTest::newRow("tex") << u"x.tex"_s << u"tex"_s;
        QTest::newRow("jpg is not offered") << u"x.jpg"_s << QString();
        QTest::newRow("no suffix") << u"figure"_s << QString();
    }
    void formatForPath()
    {
        QFETCH(QString, path);
        QFETCH(QString, format);
        const ExportFormat *f = lx::exportFormatForPath(path);
        QCOMPARE(f ? f->suffix() : QString(), format);
    }

    void aFormatIsAnObject()
    {
        TextFormat text;
        QCOMPARE(text.nameFilter(), u"Plain text (*.txt *.text)"_s);
        QCOMPARE(text.suffix(), u"txt"_s);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"f.txt"_s);
        Diagram d;
        d.title = u"a title"_s;
        QCOMPARE(lx::exportDiagram(d, RenderOptions{}, path, text), QString());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("a title"));
        text.refuse = true;
        QCOMPARE(lx::exportDiagram(d, RenderOptions{}, dir.filePath(u"g.txt"_s), text),
                 u"the text writer refused"_s);
        QVERIFY(!QFile::exists(dir.filePath(u"g.txt"_s)));
        // Its capabilities are the exporter's limits: 5 cells are more than it carries.
        d.addPanel(1, 5);
        const QString tooMany = lx::exportDiagram(d, RenderOptions{}, path, text);
        QVERIFY2(tooMany.contains(u"Text"_s), qPrintable(tooMany));
    }

    // The registry: every format is reached by each of its suffixes, and the filter and the
    // help texts list them.
    void registeredFormats()
    {
        QStringList seen;
        for (ExportFormat *f : lx::exportFormats()) {
            QVERIFY(!f->suffixes().isEmpty());
            for (const QString &s : f->suffixes()) {
                QVERIFY2(!seen.contains(s), qPrintable(s));
                seen << s;
                QCOMPARE(lx::exportFormatForPath(u"x."_s + s.toUpper()), f);
                QVERIFY(f->nameFilter().contains(u"*."_s + s));
                QVERIFY(lx::exportSuffixesText().contains(u"."_s + s));
            }
            QVERIFY(lx::exportFormatNamesText().contains(f->name()));
        }
        QCOMPARE(seen, (QStringList{u"png"_s, u"svg"_s, u"pdf"_s, u"tex"_s}));
    }

    void pngLoadsWithTheRendererSize()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"f.png"_s);
        const Diagram d = smallDiagram();
        RenderOptions o;
        o.scale = 1.5;
        QCOMPARE(lx::exportDiagram(d, o, path, format(u"png"_s)), QString());
        QImageReader reader(path);
        QCOMPARE(reader.format(), QByteArray("png"));
        const QImage img = reader.read();
        QCOMPARE(img.size(), lx::DiagramRenderer(d, o).size());
        QCOMPARE(img.convertToFormat(QImage::Format_ARGB32_Premultiplied), lx::renderImage(d, o));
    }

    void svgParses()
    {
        const Diagram d = smallDiagram();
        const QByteArray svg = lx::renderSvg(d, RenderOptions{});
        QSvgRenderer renderer(svg);
        QVERIFY(renderer.isValid());
        QCOMPARE(renderer.viewBox().size(), lx::DiagramRenderer(d, RenderOptions{}).size());
        QVERIFY(svg.contains("<rect") || svg.contains("<path"));
    }

    // Control characters in a title or a label (which XML cannot hold) leave a well-formed file.
    void svgWithControlCharactersIsWellFormed()
    {
        Diagram d = smallDiagram();
        d.title = u"a\u0001b\u001fc\u000bd"_s;
        d.subtitle = u"sub\u0002title"_s;
        d.panels.front().setText(0, 0, u"T\u0003"_s);
        const QByteArray svg = lx::renderSvg(d, RenderOptions{});
        QXmlStreamReader xml(svg);
        while (!xml.atEnd())
            xml.readNext();
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        for (char c : svg)
            QVERIFY(static_cast<unsigned char>(c) >= 0x20 || c == '\t' || c == '\n' || c == '\r');
        QVERIFY(svg.contains("abcd"));
    }

    void pdfHasAPage()
    {
        const QByteArray pdf = lx::renderPdf(smallDiagram(), RenderOptions{});
        QVERIFY(pdf.startsWith("%PDF-"));
        QVERIFY(pdf.contains("/Type /Page\n") || pdf.contains("/Type /Page "));
        QVERIFY(pdf.trimmed().endsWith("%%EOF"));
    }

    void deterministic_data()
    {
        QTest::addColumn<QString>("suffix");
        QTest::newRow("png") << u"png"_s;
        QTest::newRow("svg") << u"svg"_s;
        QTest::newRow("pdf") << u"pdf"_s;
        QTest::newRow("tikz") << u"tex"_s;
    }
    void deterministic()
    {
        QFETCH(QString, suffix);
        const Diagram d = smallDiagram();
        const QByteArray first = format(suffix).write(d, RenderOptions{});
        const QByteArray second = format(suffix).write(d, RenderOptions{});
        QVERIFY(!first.isEmpty());
        QCOMPARE(first, second);
        // Two renders within one second would agree even with a timestamp: check that today's
        // date appears nowhere (Qt's PDF writer stamps one; the exporter replaces it).
        const QByteArray today = QDate::currentDate().toString(u"yyyyMMdd"_s).toLatin1();
        QVERIFY(!first.contains(today));
        if (suffix == u"pdf"_s)
            QVERIFY(first.contains("/CreationDate (D:20000101000000Z"));
    }

    void tikzEscapesAndMergesRuns()
    {
        Diagram d;
        auto &p = d.addPanel(1, 8);
        for (int c = 0; c < 8; ++c)
            p.cell(0, c).fill = c < 5 ? qRgb(255, 0, 0) : qRgb(0, 0, 255);
        RenderOptions o;
        o.transparent = true;
        const QString tex = QString::fromUtf8(lx::renderTikz(d, o));
        // Two runs of equal cells: one fill each, spanning the run's columns (the cells are
        // painted by the renderer, as in every format).
        const lx::DiagramGeometry g = lx::DiagramRenderer(d, o).geometry();
        const QRegularExpression red(u"\\\\definecolor\\{(lxc\\d+)\\}\\{HTML\\}\\{FF0000\\}"_s);
        const QString name = red.match(tex).captured(1);
        QVERIFY2(!name.isEmpty(), qPrintable(tex));
        QCOMPARE(tex.count(u"\\lxf{%1}"_s.arg(name)), 1);
        QVERIFY2(tex.contains(u"\\lxf{%1}{%2}{%3}{%4}{%5}"_s.arg(name)
                                  .arg(g.columnEdge(0, 0))
                                  .arg(g.rowEdge(0, 0))
                                  .arg(g.columnEdge(0, 5))
                                  .arg(g.rowEdge(0, 1))),
                 qPrintable(tex));
        QVERIFY(tex.contains(u"{HTML}{0000FF}"_s));
        // The title, escaped (Qt may set it as several text items: check the pieces).
        const QString titled = QString::fromUtf8(lx::renderTikz(smallDiagram(), RenderOptions{}));
        for (const QString &piece : {u"Small \\& \\{special\\} \\$chars\\_\\% \\#1"_s,
                                     u"$\\rightarrow$"_s, u"$\\oplus$"_s})
            QVERIFY2(titled.contains(piece), qPrintable(piece));
    }

    void tikzCompilesWithPdflatex_data()
    {
        QTest::addColumn<bool>("large");
        QTest::newRow("small, every element kind") << false;
        QTest::newRow("128x128 ownership (TeX memory)") << true;
    }
    void tikzCompilesWithPdflatex()
    {
        QFETCH(bool, large);
        const QString pdflatex = QStandardPaths::findExecutable(u"pdflatex"_s);
        if (pdflatex.isEmpty())
            QSKIP("pdflatex is not installed");
        const Diagram d = large ? wmmaOwnership() : smallDiagram();
        QVERIFY(!d.panels.empty());
        QTemporaryDir dir;
        QCOMPARE(
            lx::exportDiagram(d, RenderOptions{}, dir.filePath(u"fig.tex"_s), format(u"tex"_s)),
            QString());
        QProcess tex;
        tex.setWorkingDirectory(dir.path());
        tex.start(pdflatex, {u"-interaction=nonstopmode"_s, u"-halt-on-error"_s, u"fig.tex"_s});
        QVERIFY(tex.waitForFinished(300000));
        const QByteArray log = tex.readAllStandardOutput();
        QVERIFY2(tex.exitCode() == 0, log.right(3000).constData());
        QFile pdf(dir.filePath(u"fig.pdf"_s));
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QVERIFY(pdf.read(5) == "%PDF-");
        QVERIFY(log.contains("Output written on fig.pdf (1 page"));
    }

    void failedExportLeavesNoFile_data()
    {
        QTest::addColumn<QString>("suffix");
        QTest::newRow("png") << u"png"_s;
        QTest::newRow("svg") << u"svg"_s;
        QTest::newRow("pdf") << u"pdf"_s;
        QTest::newRow("tikz") << u"tex"_s;
    }
    void failedExportLeavesNoFile()
    {
        QFETCH(QString, suffix);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"missing-dir/f.out"_s);
        const QString error =
            lx::exportDiagram(smallDiagram(), RenderOptions{}, path, format(suffix));
        QVERIFY(!error.isEmpty());
        QVERIFY(!QFile::exists(path));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot),
                 QStringList());
    }

    void tooLargeForAVectorFormatKeepsTheOldFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"f.svg"_s);
        {
            QFile old(path);
            QVERIFY(old.open(QIODevice::WriteOnly));
            old.write("old");
        }
        Diagram d;
        d.addPanel(2000, 2000);
        RenderOptions o;
        o.scale = 1;
        const QString error = lx::exportDiagram(d, o, path, format(u"svg"_s));
        QVERIFY2(error.contains(u"SVG"_s) && error.contains(u"PNG"_s), qPrintable(error));
        QFile old(path);
        QVERIFY(old.open(QIODevice::ReadOnly));
        QCOMPARE(old.readAll(), QByteArray("old"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{u"f.svg"_s});
    }

    void aLargeFigureExportsAsPng()
    {
        // 1024 x 1024 cells: more than a vector format carries, a PNG within the image limits
        // (the window's level of detail: no text where a cell is too small for it).
        Diagram d;
        auto &p = d.addPanel(1024, 1024);
        for (int r = 0; r < 1024; ++r)
            for (int c = 0; c < 1024; ++c)
                p.cell(r, c).fill = lx::categoricalColor((r / 64) ^ (c / 64), 16);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"big.png"_s);
        QCOMPARE(lx::exportDiagram(d, RenderOptions{}, path, format(u"png"_s)), QString());
        QImageReader reader(path);
        const QSize size = reader.size();
        QVERIFY(size.width() >= 1024 && size.height() >= 1024); // at least a pixel a cell
        QVERIFY(size.width() <= lx::kMaxImageSide && size.height() <= lx::kMaxImageSide);
        QVERIFY(qint64(size.width()) * size.height() <= lx::kMaxImagePixels);
        // It reads back as an image.
        const QImage image = reader.read();
        QVERIFY(!image.isNull());
    }
};

QTEST_MAIN(TestExporters)
#include "tst_exporters.moc"
