// The window entry point: `layout-explorer [FILE.lxscene | --preset NAME | --lesson ID
// [--show-solution]] [--watch DIR] [--screenshot PNG]`. With no scene it opens the default preset,
// or the built-in worked example when the program has no presets compiled in; on the very first
// start it also opens the Learn panel. --screenshot renders the window once it is laid out, writes
// the PNG and exits (for the README and for looking at the window under xvfb-run).

#include "command.h"
#include "output.h"

#include "models/layoutdocument.h"
#include "models/scenefile.h"
#include "widgets/kerneldock.h"
#include "widgets/kernelwatchpanel.h"
#include "widgets/learnpanel.h"
#include "widgets/mainwindow.h"
#include "widgets/viewpane.h"

#include <QApplication>
#include <QBuffer>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QIcon>
#include <QImageWriter>
#include <QMessageBox>
#include <QPixmap>
#include <QSettings>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>

#include <cstdio>

// The qrc library is linked statically into lx_ui; its initializer must be called by name, at
// global scope.
static void initResources()
{
    Q_INIT_RESOURCE(resources);
}

namespace lx::app {

// The largest --screenshot window side: 4096 x 4096 is a 64 MiB image (see the README's limits).
constexpr int kMaxScreenshotSide = 4096;

namespace {

struct WindowOptions
{
    QCommandLineOption preset{QStringLiteral("preset"), QStringLiteral("Open the preset NAME."),
                              QStringLiteral("NAME")};
    QCommandLineOption screenshot{QStringLiteral("screenshot"),
                                  QStringLiteral("Write a PNG of the window to FILE and exit."),
                                  QStringLiteral("FILE")};
    QCommandLineOption size{QStringLiteral("size"),
                            QStringLiteral("Window size WxH (with --screenshot)."),
                            QStringLiteral("WxH"), QStringLiteral("1400x880")};
    QCommandLineOption lesson{
        QStringLiteral("lesson"),
        QStringLiteral("Open the Learn panel on lesson ID (e.g. 01-bases-and-xor)."),
        QStringLiteral("ID")};
    QCommandLineOption showSolution{QStringLiteral("show-solution"),
                                    QStringLiteral("With --lesson: apply the lesson's solution.")};
    QCommandLineOption watch{
        QStringLiteral("watch"),
        QStringLiteral("Watch the Triton cache folder DIR: every kernel compiled into it appears "
                       "in the Kernel dock (File > Watch Triton Cache)."),
        QStringLiteral("DIR")};
    QCommandLineOption dock{QStringLiteral("dock"),
                            QStringLiteral("Show a panel at start (e.g. suggest)."),
                            QStringLiteral("NAME")};

    void addTo(QCommandLineParser &parser) const
    {
        parser.setApplicationDescription(QStringLiteral("Explore Triton and Gluon linear layouts"));
        parser.addHelpOption();
        parser.addVersionOption();
        for (const QCommandLineOption *o : {&preset, &lesson, &showSolution, &screenshot, &size})
            parser.addOption(*o);
        parser.addOption(dock);
        parser.addOption(watch);
        parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("A scene (*.lxscene)."),
                                     QStringLiteral("[FILE.lxscene]"));
    }
};

// Opens the scene file, the preset or the default scene. A scene that cannot be opened is
// reported, and the window opens anyway on the default scene with the reason in front of the
// person (a double-clicked broken file should not look like a program that failed to start). A
// screenshot run stays strict: ExitBadInput. Returns -1 to go on.
int openStartScene(MainWindow &window, const QCommandLineParser &parser, const WindowOptions &o)
{
    const QStringList files = parser.positionalArguments();
    QString openError;
    if (!files.isEmpty()) {
        if (const QString e = window.openFile(files.first()); !e.isEmpty())
            openError = QObject::tr("Could not open %1:\n%2").arg(files.first(), e);
    } else if (parser.isSet(o.preset)) {
        Expected<SceneContents> scene = loadPresetScene(parser.value(o.preset));
        if (scene)
            window.openScene(*scene);
        else
            openError = QObject::tr("Could not open the preset %1:\n%2")
                            .arg(parser.value(o.preset), QString::fromStdString(scene.message()));
    }
    if (!openError.isEmpty()) {
        std::fprintf(stderr, "layout-explorer: %s\n", qPrintable(openError));
        if (parser.isSet(o.screenshot))
            return ExitBadInput;
    }
    if ((files.isEmpty() && !parser.isSet(o.preset)) || !openError.isEmpty()) {
        Expected<SceneContents> scene = loadPresetScene(QStringLiteral("default"));
        window.openScene(scene ? *scene : builtinExampleScene());
    }
    if (!openError.isEmpty()) {
        QTimer::singleShot(0, &window, [&window, openError] {
            QMessageBox::warning(&window, QObject::tr("Open Scene"), openError);
        });
    }
    return -1;
}

// --screenshot's output check and --size. Returns -1 to go on.
int applyScreenshotSize(MainWindow &window, const QCommandLineParser &parser,
                        const WindowOptions &o)
{
    if (!parser.isSet(o.screenshot)) {
        if (parser.isSet(o.size)) {
            std::fprintf(stderr, "layout-explorer: --size goes with --screenshot\n");
            return ExitBadUsage;
        }
        return -1;
    }
    if (const QString e = checkOutputFile(parser.value(o.screenshot)); !e.isEmpty()) {
        std::fprintf(stderr, "layout-explorer: %s\n", qPrintable(e));
        return ExitBadInput;
    }
    const QStringList wh = parser.value(o.size).split(QLatin1Char('x'));
    bool okW = false, okH = false;
    const int w = wh.value(0).toInt(&okW);
    const int h = wh.value(1).toInt(&okH);
    if (wh.size() != 2 || !okW || !okH || w < 200 || h < 200 || w > kMaxScreenshotSide ||
        h > kMaxScreenshotSide) {
        std::fprintf(stderr, "layout-explorer: --size must be WxH, each from 200 to %d\n",
                     kMaxScreenshotSide);
        return ExitBadUsage;
    }
    window.resize(w, h);
    return -1;
}

// --dock, --lesson (with --show-solution) and, on a first start, the Learn panel. Returns -1 to
// go on.
int showStartPanels(MainWindow &window, const QCommandLineParser &parser, const WindowOptions &o)
{
    if (parser.isSet(o.dock)) {
        auto *d = window.findChild<QDockWidget *>(parser.value(o.dock) + QStringLiteral("Dock"));
        if (!d) {
            std::fprintf(stderr, "layout-explorer: no panel '%s'\n",
                         qPrintable(parser.value(o.dock)));
            return ExitBadUsage;
        }
        d->show();
        d->raise();
        // A panel asked for at start gets two fifths of the width once the docks are laid out
        // (the next event-loop turn, before a screenshot is taken).
        QTimer::singleShot(0, &window, [&window, d] {
            window.resizeDocks({d}, {window.width() * 2 / 5}, Qt::Horizontal);
        });
    }
    if (parser.isSet(o.lesson)) {
        LearnPanel *panel = showLearnDock(&window);
        const auto &lessons = panel->lessons();
        const auto it = std::find_if(lessons.begin(), lessons.end(), [&](const Lesson &l) {
            return QString::fromStdString(l.id) == parser.value(o.lesson);
        });
        if (it == lessons.end()) {
            std::fprintf(stderr, "layout-explorer: no lesson '%s'\n",
                         qPrintable(parser.value(o.lesson)));
            return ExitBadUsage;
        }
        panel->openLesson(int(it - lessons.begin()), true);
        if (parser.isSet(o.showSolution)) {
            panel->showSolution();
            // A screenshot closes the window when done: nothing to save.
            if (parser.isSet(o.screenshot))
                window.document()->markClean();
        }
    } else if (parser.positionalArguments().isEmpty() && !parser.isSet(o.preset) &&
               !parser.isSet(o.screenshot) &&
               !QSettings().value(QStringLiteral("learn/offered"), false).toBool()) {
        // First start: offer the lessons.
        QSettings().setValue(QStringLiteral("learn/offered"), true);
        showLearnDock(&window);
    }
    return -1;
}

// Whether every view of the window shows its picture (views of large layouts are built on
// worker threads).
bool viewsReady(const MainWindow &window)
{
    const QList<ViewPane *> panes = window.viewPanes();
    return std::none_of(panes.begin(), panes.end(), [](const ViewPane *p) { return p->isBusy(); });
}

// Writes the window's picture to `out` once it is laid out (the posted layout requests and the
// dock sizes of the first event-loop turn) and every view has its picture, then quits. No fixed
// delay: the grab paints the window itself.
void grabWhenReady(QApplication &app, MainWindow &window, const QString &out, int &rc)
{
    QTimer::singleShot(0, &window, [&app, &window, out, &rc] {
        QCoreApplication::sendPostedEvents();
        if (!viewsReady(window)) {
            QTimer::singleShot(5, &window,
                               [&app, &window, out, &rc] { grabWhenReady(app, window, out, rc); });
            return;
        }
        const QPixmap shot = window.grab();
        QByteArray png;
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        QImageWriter writer(&buffer, "png");
        QString error;
        if (!writer.write(shot.toImage()))
            error = QStringLiteral("%1: %2").arg(out, writer.errorString());
        else
            error = writeOutputFile(out, std::string_view(png.constData(), size_t(png.size())));
        if (!error.isEmpty()) {
            std::fprintf(stderr, "layout-explorer: %s\n", qPrintable(error));
            rc = ExitBadInput;
        }
        app.quit();
    });
}

} // namespace

int runWindow(int argc, char **argv)
{
    QApplication app(argc, argv);
    initResources();
    QApplication::setApplicationName(QStringLiteral("Layout Explorer"));
    QApplication::setOrganizationName(QStringLiteral("LayoutExplorer"));
    QApplication::setApplicationVersion(QStringLiteral(LX_VERSION_STRING));
    QGuiApplication::setDesktopFileName(QStringLiteral("org.layoutexplorer.LayoutExplorer"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/layout-explorer.svg")));

    QCommandLineParser parser;
    const WindowOptions options;
    options.addTo(parser);
    if (!parser.parse(QApplication::arguments())) {
        std::fprintf(stderr, "layout-explorer: %s\n", qPrintable(parser.errorText()));
        return ExitBadUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        std::printf("%s", qPrintable(parser.helpText()));
        return ExitOk;
    }
    const QStringList files = parser.positionalArguments();
    if (files.size() > 1 || (files.size() == 1 && parser.isSet(options.preset))) {
        std::fprintf(stderr, "layout-explorer: give one scene file or one --preset\n");
        return ExitBadUsage;
    }
    const bool screenshot = parser.isSet(options.screenshot);

    // A screenshot shows the window as a first start would, whatever the person's remembered
    // window state, and leaves their recent files alone: its settings live in a scratch folder.
    QTemporaryDir scratchSettings;
    if (screenshot && scratchSettings.isValid()) {
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, scratchSettings.path());
    }
    MainWindow window;
    if (const int rc = openStartScene(window, parser, options); rc >= 0)
        return rc;
    if (const int rc = applyScreenshotSize(window, parser, options); rc >= 0)
        return rc;
    window.show();
    if (const int rc = showStartPanels(window, parser, options); rc >= 0)
        return rc;
    if (parser.isSet(options.watch)) {
        const QString e =
            window.kernelDock()->watchPanel()->startWatching(parser.value(options.watch));
        if (!e.isEmpty()) {
            std::fprintf(stderr, "layout-explorer: --watch: %s\n", qPrintable(e));
            return ExitBadInput;
        }
    }
    if (screenshot) {
        int rc = ExitOk;
        grabWhenReady(app, window, parser.value(options.screenshot), rc);
        app.exec();
        return rc;
    }
    // Crash recovery: sessions that died with unsaved changes are offered once the window is up.
    QTimer::singleShot(0, &window, [&window] { (void)window.recoverAutosaves(); });
    return app.exec();
}

} // namespace lx::app
