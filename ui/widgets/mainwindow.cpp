#include "widgets/mainwindow.h"

#include "hw/arch.h"
#include "models/autosave.h"
#include "models/documentviews.h"
#include "models/layoutdocument.h"
#include "models/layoutpropertiesmodel.h"
#include "models/scenefile.h"
#include "widgets/conflictexplainer.h"
#include "widgets/diagramview.h"
#include "widgets/exportdialog.h"
#include "widgets/gettingstarteddialog.h"
#include "widgets/kerneldock.h"
#include "widgets/layoutactions.h"
#include "widgets/presentmode.h"
#include "widgets/scenefiles.h"
#include "widgets/suggestpanel.h"
#include "widgets/viewoptionspanel.h"
#include "widgets/viewpane.h"
#include "widgets/viewtabs.h"
#include "widgets/welcomepage.h"
#include "widgets/windowdocks.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPalette>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QStyleFactory>
#include <QTimer>
#include <QToolTip>

namespace lx {

namespace {

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x31);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor text(0xdf, 0xe1, 0xe5);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x6f, 0xb6));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::PlaceholderText, QColor(0x8a, 0x8d, 0x93));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x70, 0x72, 0x78));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x70, 0x72, 0x78));
    return p;
}

// Bumped whenever the docks change, so a state saved by an older window is not restored.
constexpr int kWindowStateVersion = 2;

} // namespace

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent), m_document(new LayoutDocument(this))
{
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);
    setDockNestingEnabled(true);

    m_files = new SceneFiles(m_document, this);
    m_layoutActions = new LayoutActions(m_document, this);
    m_viewTabs = new ViewTabs(m_document, this);
    m_present = new PresentMode(this, m_viewTabs);
    createActions();
    // The centre: the view tabs, or the three ways in while the scene has no view.
    m_central = new QStackedWidget(this);
    m_central->addWidget(m_viewTabs);
    m_welcome = new WelcomePage(m_files->presetsAction(), m_layoutActions->addFromTextAction(),
                                m_layoutActions->addFromBuilderAction(), m_central);
    m_central->addWidget(m_welcome);
    setCentralWidget(m_central);
    m_docks = new WindowDocks(this, m_document, m_layoutActions);
    createMenus();
    createToolBar();
    createStatusBar();

    // The parts' requests and messages.
    connect(m_files, &SceneFiles::status, this, &MainWindow::showStatus);
    connect(m_layoutActions, &LayoutActions::status, this, &MainWindow::showStatus);
    connect(m_viewTabs, &ViewTabs::status, this, &MainWindow::showStatus);
    connect(m_docks, &WindowDocks::status, this, &MainWindow::showStatus);
    KernelDock *kernel = m_docks->kernelDock();
    m_files->setModuleOpener(
        [kernel](const QString &file) { return kernel->openFile(file, /*prompt=*/false); });
    kernel->setReplacePrompt([this] { return m_files->maybeSave(); });
    m_layoutActions->setModuleTextOpener(
        [kernel](const QString &text) { return kernel->openText(text, tr("clipboard")); });
    connect(m_layoutActions, &LayoutActions::layoutChosen, this,
            &MainWindow::setCurrentLayoutIndex);
    connect(m_layoutActions, &LayoutActions::lastViewChosen, this,
            [this] { m_viewTabs->setCurrentIndex(m_viewTabs->count() - 1); });
    connect(m_docks, &WindowDocks::layoutChosen, this, &MainWindow::setCurrentLayoutIndex);
    connect(m_docks, &WindowDocks::viewChosen, this, [this](int view) {
        if (view >= 0 && view < m_viewTabs->count())
            m_viewTabs->setCurrentIndex(view);
    });
    // A Suggest candidate hovered: the open views show it until the pointer leaves its row.
    auto *suggest = static_cast<SuggestPanel *>(m_docks->suggestDock()->widget());
    connect(suggest, &SuggestPanel::previewRequested, m_viewTabs, &ViewTabs::showPreview);
    connect(suggest, &SuggestPanel::previewEnded, m_viewTabs, &ViewTabs::endPreview);
    connect(suggest, &SuggestPanel::viewAdded, this,
            [this] { m_viewTabs->setCurrentIndex(m_viewTabs->count() - 1); });
    connect(m_viewTabs, &ViewTabs::currentViewChanged, this,
            &MainWindow::updateCurrentViewControls);
    connect(m_viewTabs, &ViewTabs::paneCreated, this, [this](ViewPane *pane) {
        connect(pane, &ViewPane::hovered, this, [this](const QString &where, const QString &what) {
            m_coordinateLabel->setText(where);
            m_hoverLabel->setText(what);
        });
        explainClicksOf(m_docks->conflictDock(), pane);
    });
    connectDocument();
    readSettings();
    rememberArrangement();
    updateTitle();
}

MainWindow::~MainWindow() = default;

void MainWindow::createStatusBar()
{
    m_coordinateLabel = new QLabel(this);
    m_coordinateLabel->setObjectName(QStringLiteral("coordinateLabel"));
    m_coordinateLabel->setMinimumWidth(260);
    m_summaryLabel = new QLabel(this);
    m_summaryLabel->setObjectName(QStringLiteral("summaryLabel"));
    m_hoverLabel = new QLabel(this);
    m_hoverLabel->setObjectName(QStringLiteral("hoverLabel"));
    m_hoverLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_messageLabel = new QLabel(this);
    m_messageLabel->setObjectName(QStringLiteral("messageLabel"));
    m_messageTimer = new QTimer(this);
    m_messageTimer->setSingleShot(true);
    connect(m_messageTimer, &QTimer::timeout, m_messageLabel, &QLabel::clear);
    statusBar()->addWidget(m_summaryLabel);
    statusBar()->addWidget(m_hoverLabel, 1);
    statusBar()->addPermanentWidget(m_messageLabel);
    statusBar()->addPermanentWidget(m_coordinateLabel);
}

void MainWindow::connectDocument()
{
    connect(m_document, &LayoutDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &LayoutDocument::fileNameChanged, this, &MainWindow::updateTitle);
    connect(m_document, &LayoutDocument::sceneReset, this, [this] {
        m_viewTabs->selectElement(-1);
        updateArchBox();
        updateTitle();
        rebuildViewTabs();
        setCurrentLayoutIndex(m_document->layoutCount() > 0 ? 0 : -1);
    });
    // Each view pane rebuilds itself on layout and architecture changes.
    connect(m_document, &LayoutDocument::archChanged, this, &MainWindow::updateArchBox);
    connect(m_document, &LayoutDocument::archChanged, this, &MainWindow::onLayoutSelected);
    connect(m_document, &LayoutDocument::structureChanged, this, [this] {
        rebuildViewTabs();
        if (m_currentLayout >= m_document->layoutCount())
            setCurrentLayoutIndex(m_document->layoutCount() - 1);
        else
            setCurrentLayoutIndex(
                m_currentLayout < 0 && m_document->layoutCount() > 0 ? 0 : m_currentLayout);
    });
    // The hover text and a tooltip on screen describe the state before an undo: they go, and
    // the next hover describes the document as it is.
    connect(m_document, &LayoutDocument::historyMoved, this, [this] {
        m_coordinateLabel->clear();
        m_hoverLabel->clear();
        QToolTip::hideText();
    });
    connect(m_document, &LayoutDocument::layoutChanged, this, [this](int i) {
        if (i == m_currentLayout)
            onLayoutSelected();
    });
}

QTabWidget *MainWindow::viewTabs() const
{
    return m_viewTabs;
}
BasesEditor *MainWindow::basesEditor() const
{
    return m_docks->basesEditor();
}
CtaLayoutEditor *MainWindow::ctaLayoutEditor() const
{
    return m_docks->ctaLayoutEditor();
}
KernelDock *MainWindow::kernelDock() const
{
    return m_docks->kernelDock();
}
LayoutPropertiesModel *MainWindow::propertiesModel() const
{
    return m_docks->propertiesModel();
}
MatrixModel *MainWindow::matrixModel() const
{
    return m_docks->matrixModel();
}
QTableView *MainWindow::matrixTable() const
{
    return m_docks->matrixTable();
}
QList<ViewPane *> MainWindow::viewPanes() const
{
    return m_viewTabs->panes();
}
ViewPane *MainWindow::currentViewPane() const
{
    return m_viewTabs->currentPane();
}
void MainWindow::selectElement(qint64 elementId)
{
    m_viewTabs->selectElement(elementId);
}
qint64 MainWindow::selectedElement() const
{
    return m_viewTabs->selectedElement();
}
QString MainWindow::openFile(const QString &fileName)
{
    return m_files->openFile(fileName);
}
QString MainWindow::saveToFile(const QString &fileName)
{
    return m_files->saveToFile(fileName);
}
void MainWindow::openScene(const SceneContents &contents, const QString &fileName)
{
    m_files->openScene(contents, fileName);
}
QString MainWindow::openPreset(const QString &name)
{
    return m_files->openPreset(name);
}
void MainWindow::setSavePrompt(SavePrompt prompt)
{
    m_files->setSavePrompt(std::move(prompt));
}
bool MainWindow::maybeSave()
{
    return m_files->maybeSave();
}
QStringList MainWindow::recentFiles() const
{
    return m_files->recentFiles();
}
void MainWindow::setAutosaveDirectory(const QString &directory)
{
    m_files->setAutosaveDirectory(directory);
}
Autosave *MainWindow::autosave() const
{
    return m_files->autosave();
}
void MainWindow::setRecoverPrompt(RecoverPrompt prompt)
{
    m_files->setRecoverPrompt(std::move(prompt));
}
bool MainWindow::recoverAutosaves()
{
    return m_files->recoverAutosaves();
}
void MainWindow::showPresets()
{
    m_files->showPresets();
}
QString MainWindow::addTextLayout(const QString &name, const QString &text, const QList<int> &shape,
                                  const QString &dtype, bool cuteBytes)
{
    return m_layoutActions->addTextLayout(name, text, shape, dtype, cuteBytes);
}

void MainWindow::setCurrentLayoutIndex(int index)
{
    if (index < -1 || index >= m_document->layoutCount())
        index = -1;
    m_currentLayout = index;
    m_docks->setLayoutIndex(index);
    m_layoutActions->setCurrentLayout(index);
    onLayoutSelected();
}

void MainWindow::onLayoutSelected()
{
    if (m_currentLayout < 0) {
        m_summaryLabel->setText(tr("No layout"));
        return;
    }
    const DocumentLayout &e = m_document->layoutAt(m_currentLayout);
    QString summary = tr("%1: rank %2, %3 in bits, %4 out bits")
                          .arg(e.name)
                          .arg(e.layout.rank())
                          .arg(e.layout.totalInDimSizeLog2())
                          .arg(e.layout.totalOutDimSizeLog2());
    const QString warning = laneWarning(m_currentLayout);
    if (!warning.isEmpty())
        summary += QStringLiteral("  \u26a0 ") + warning;
    m_summaryLabel->setText(summary);
    m_summaryLabel->setToolTip(warning);
}

QString MainWindow::laneWarning(int layout) const
{
    const LinearLayout &l = m_document->layoutAt(layout).layout;
    if (!l.hasInDim("lane"))
        return {};
    Expected<Architecture> arch = loadArchitecture(m_document->arch().toStdString());
    const int lanes = l.inDimSize("lane");
    if (!arch || lanes <= arch->waveSize)
        return {};
    return tr("%1 lanes; %2 runs %3-lane waves, so this layout cannot run there as written")
        .arg(lanes)
        .arg(m_document->arch())
        .arg(arch->waveSize);
}

void MainWindow::switchArch(const QString &arch)
{
    const QString from = m_document->arch();
    const QString before = m_docks->propertiesModel()->value(QStringLiteral("view:instruction"));
    m_document->setArch(arch);
    const QString after = m_docks->propertiesModel()->value(QStringLiteral("view:instruction"));
    if (!before.isEmpty() && !after.isEmpty() && before != after)
        showStatus(
            tr("On %1 this access uses %2 (it used %3 on %4)").arg(arch, after, before, from),
            10000);
}

void MainWindow::rebuildViewTabs()
{
    m_viewTabs->rebuild();
    m_central->setCurrentWidget(m_viewTabs->count() > 0 ? static_cast<QWidget *>(m_viewTabs)
                                                        : m_welcome);
}

void MainWindow::setCurrentViewColor(const QString &colorBy)
{
    if (const QString e = m_viewTabs->setCurrentColor(colorBy); !e.isEmpty())
        showRefusal(e);
    else if (const QString one = m_viewTabs->currentColorNote(); !one.isEmpty())
        showStatus(one, 8000);
}

void MainWindow::updateCurrentViewControls()
{
    // Colour by: the ownership view's option, or its default (offset for a shared layout).
    const std::optional<QString> color = m_viewTabs->currentColor();
    m_colorBox->setEnabled(color.has_value());
    m_colorMenu->setEnabled(color.has_value());
    m_colorBox->setCurrentIndex(color ? m_colorBox->findText(*color) : -1);
    // One colour for the whole layout says why, in the legend's words.
    const QString one = m_viewTabs->currentColorNote();
    m_colorBox->setToolTip(one.isEmpty() ? tr("What the colours of the current ownership view "
                                              "show (saved with the view, so an export shows "
                                              "the same)")
                                         : one);
    for (QAction *a : m_colorGroup->actions())
        a->setChecked(color && a->text() == *color);
    ViewPane *pane = m_viewTabs->currentPane();
    m_docks->viewOptions()->setView(pane ? pane->viewIndex() : -1);
    if (!pane || !pane->errorText().isEmpty()) {
        // A view that cannot be built has no numbers; stale ones would mislead. Its options are
        // what it needs: the View Options panel comes forward.
        if (pane)
            m_docks->viewOptionsDock()->raise();
        m_docks->propertiesModel()->setViewFigures({}, {});
        return;
    }
    m_docks->propertiesModel()->setViewFigures(m_viewTabs->tabText(m_viewTabs->indexOf(pane)),
                                               pane->diagramView()->diagram().figures);
}

void MainWindow::addViewOfKind(const QString &kind)
{
    const QString layout =
        m_currentLayout >= 0 ? m_document->layoutAt(m_currentLayout).name : QString();
    if (const QString e = m_viewTabs->addView(kind, layout); !e.isEmpty())
        showRefusal(e);
    else
        m_docks->viewOptionsDock()->show(); // a new view's options, to set it up
}

void MainWindow::showRefusal(const QString &message)
{
    showStatus(message, 8000);
}

void MainWindow::showStatus(const QString &message, int milliseconds)
{
    // A label of its own rather than QStatusBar::showMessage, which paints over the summary and
    // the hover text instead of replacing them.
    m_messageLabel->setText(message);
    m_messageTimer->start(milliseconds);
}

void MainWindow::updateTitle()
{
    const QString file = m_document->fileName();
    // A preset or built-in scene is not a file yet: its own name, not "untitled".
    const QString name = m_document->contents().name;
    const QString shown = !file.isEmpty() ? QFileInfo(file).fileName()
                          : name.isEmpty() || name == QLatin1String("untitled")
                              ? tr("untitled.lxscene")
                              : name;
    setWindowFilePath(file);
    setWindowTitle(tr("%1[*] - Layout Explorer").arg(shown));
    setWindowModified(m_document->isModified());
}

void MainWindow::setDarkTheme(bool dark)
{
    m_dark = dark;
    if (m_darkAction->isChecked() != dark)
        m_darkAction->setChecked(dark);
    // Fusion honours a custom palette on every platform; the native styles may not.
    if (QStyle *fusion = QStyleFactory::create(QStringLiteral("Fusion")))
        QApplication::setStyle(fusion);
    QApplication::setPalette(dark ? darkPalette() : QApplication::style()->standardPalette());
    m_viewTabs->setDark(dark);
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    // Dock sizes only take once the window has its size: the first show of a window without a
    // remembered state sets the defaults (the analysis panel as tall as the bit matrix or more).
    if (!m_restoredState) {
        m_restoredState = true;
        QTimer::singleShot(0, m_docks, &WindowDocks::applyDefaultSizes);
    }
}

void MainWindow::showGettingStarted()
{
    GettingStartedDialog dialog(findChildren<QAction *>(), this);
    dialog.exec();
}

void MainWindow::about()
{
    QMessageBox::about(
        this, tr("About Layout Explorer"),
        tr("<h3>Layout Explorer %1</h3>"
           "<p>Explore Triton and Gluon linear layouts on AMD gfx1250: edit bases and watch "
           "every view follow.</p><p>Built with Qt %2.</p>")
            .arg(QApplication::applicationVersion(), QString::fromLatin1(qVersion())));
}

void MainWindow::showExportDialog(bool allViews)
{
    const int view = m_viewTabs->currentIndex();
    if (view < 0) {
        showRefusal(tr("Open a view to export"));
        return;
    }
    ExportDialog dialog(m_document->contents(), view, this);
    if (allViews)
        dialog.allViewsBox()->setChecked(dialog.allViewsBox()->isEnabled());
    if (dialog.exec() != QDialog::Accepted)
        return;
    if (dialog.allViewsBox()->isChecked())
        showStatus(tr("Exported %1 files beside %2")
                       .arg(dialog.allViewsPaths().size())
                       .arg(dialog.pathEdit()->text()),
                   5000);
    else
        showStatus(tr("Exported %1").arg(dialog.pathEdit()->text()), 5000);
}

void MainWindow::readSettings()
{
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        resize(1400, 880);
    m_restoredState = restoreState(settings.value(QStringLiteral("window/state")).toByteArray(),
                                   kWindowStateVersion);
    m_darkAction->setChecked(settings.value(QStringLiteral("view/dark"), false).toBool());
    m_viewTabs->labelsAction()->setChecked(
        settings.value(QStringLiteral("view/labels"), true).toBool());
    m_viewTabs->gridAction()->setChecked(
        settings.value(QStringLiteral("view/grid"), true).toBool());
}

void MainWindow::writeSettings() const
{
    if (m_present->isActive())
        return; // the arrangement to remember is the one presenting hid (restored on leaving)
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState(kWindowStateVersion));
    settings.setValue(QStringLiteral("view/dark"), m_dark);
    settings.setValue(QStringLiteral("view/labels"), m_viewTabs->labelsAction()->isChecked());
    settings.setValue(QStringLiteral("view/grid"), m_viewTabs->gridAction()->isChecked());
}

void MainWindow::rememberArrangement()
{
    m_settingsTimer = new QTimer(this);
    m_settingsTimer->setSingleShot(true);
    m_settingsTimer->setInterval(1000);
    connect(m_settingsTimer, &QTimer::timeout, this, &MainWindow::writeSettings);
    const auto later = [this] { m_settingsTimer->start(); };
    installEventFilter(this);
    for (QDockWidget *dock : findChildren<QDockWidget *>()) {
        dock->installEventFilter(this);
        connect(dock, &QDockWidget::dockLocationChanged, this, later);
        connect(dock, &QDockWidget::topLevelChanged, this, later);
        // A dock asked for is shown in front, also when it is a tab behind another dock.
        connect(dock->toggleViewAction(), &QAction::triggered, dock, [dock](bool shown) {
            if (shown)
                dock->raise();
        });
    }
    for (QAction *a : {m_darkAction, m_viewTabs->labelsAction(), m_viewTabs->gridAction()})
        connect(a, &QAction::toggled, this, later);
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    switch (event->type()) {
    case QEvent::Resize:
    case QEvent::Move:
    case QEvent::Show:
    case QEvent::Hide:
    case QEvent::WindowStateChange:
        if (m_settingsTimer)
            m_settingsTimer->start();
        break;
    default:
        break;
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_files->maybeSave()) {
        event->ignore();
        return;
    }
    m_present->leave(); // the panels come back before the arrangement is remembered
    writeSettings();
    // A clean exit: the autosaved scene is no longer needed (saved, or the person discarded it).
    m_files->discardAutosave();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (SceneFiles::acceptsDrop(event->mimeData()))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    if (!SceneFiles::acceptsDrop(event->mimeData()))
        return;
    event->acceptProposedAction();
    m_files->openDropped(event->mimeData());
}

} // namespace lx
