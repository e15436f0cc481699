#include "widgets/mainwindow.h"

#include "hw/arch.h"
#include "models/autosave.h"
#include "models/documentviews.h"
#include "models/layoutdocument.h"
#include "models/layoutlistmodel.h"
#include "models/layoutpropertiesmodel.h"
#include "models/matrixmodel.h"
#include "models/scenefile.h"
#include "render/ownershipdiagram.h"
#include "render/viewregistry.h"
#include "widgets/baseseditor.h"
#include "widgets/conflictexplainer.h"
#include "widgets/ctalayouteditor.h"
#include "widgets/diagramview.h"
#include "widgets/exportdialog.h"
#include "widgets/gettingstarteddialog.h"
#include "widgets/viewpane.h"
#include "widgets/welcomepage.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFileInfo>
#include <QJsonObject>
#include <QLabel>
#include <QMenu>
#include <QPalette>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QStyleFactory>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QUndoStack>

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

} // namespace

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent), m_document(new LayoutDocument(this))
{
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);
    setDockNestingEnabled(true);

    m_viewTabs = new QTabWidget(this);
    m_viewTabs->setObjectName(QStringLiteral("viewTabs"));
    m_viewTabs->setDocumentMode(true);
    m_viewTabs->setMovable(false); // tab order is the scene's view order
    m_viewTabs->setTabsClosable(true);
    connect(m_viewTabs, &QTabWidget::tabCloseRequested, this, &MainWindow::closeViewTab);
    connect(m_viewTabs, &QTabWidget::currentChanged, this, &MainWindow::updateCurrentViewControls);

    createActions();
    // The centre: the view tabs, or the three ways in while the scene has no view.
    m_central = new QStackedWidget(this);
    m_central->addWidget(m_viewTabs);
    m_welcome = new WelcomePage(m_presetsAction, m_addTextAction, m_addBuilderAction, m_central);
    m_central->addWidget(m_welcome);
    setCentralWidget(m_central);
    createDocks();
    createMenus();
    createToolBar();

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

    connect(m_document, &LayoutDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &LayoutDocument::fileNameChanged, this, &MainWindow::updateTitle);
    connect(m_document, &LayoutDocument::sceneReset, this, [this] {
        m_selectedElement = -1;
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
    connect(m_document, &LayoutDocument::layoutChanged, this, [this](int i) {
        if (i == m_currentLayout)
            onLayoutSelected();
    });

    m_autosave = new Autosave(m_document, Autosave::defaultDirectory(), this);

    readSettings();
    updateTitle();
}

MainWindow::~MainWindow() = default;

void MainWindow::setCurrentLayoutIndex(int index)
{
    if (index < -1 || index >= m_document->layoutCount())
        index = -1;
    m_currentLayout = index;
    m_basesEditor->setLayoutIndex(index);
    m_ctaEditor->setLayoutIndex(index);
    m_matrix->setLayoutIndex(index);
    m_matrixStack->setCurrentWidget(index >= 0 ? static_cast<QWidget *>(m_matrixTable)
                                               : m_matrixStack->widget(0));
    m_properties->setLayoutIndex(index);
    if (index >= 0 && m_layoutTable->currentIndex().row() != index)
        m_layoutTable->setCurrentIndex(m_layoutList->index(index, LayoutListModel::NameColumn));
    const bool has = index >= 0;
    m_duplicateAction->setEnabled(has);
    m_renameAction->setEnabled(has);
    m_removeAction->setEnabled(has);
    m_copyJsonAction->setEnabled(has);
    m_copyTtgAction->setEnabled(has);
    m_copyGluonAction->setEnabled(has);
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
    const QString before = m_properties->value(QStringLiteral("view:instruction"));
    m_document->setArch(arch);
    const QString after = m_properties->value(QStringLiteral("view:instruction"));
    if (!before.isEmpty() && !after.isEmpty() && before != after)
        showStatus(
            tr("On %1 this access uses %2 (it used %3 on %4)").arg(arch, after, before, from),
            10000);
}

QList<ViewPane *> MainWindow::viewPanes() const
{
    QList<ViewPane *> panes;
    for (int i = 0; i < m_viewTabs->count(); ++i)
        if (auto *p = qobject_cast<ViewPane *>(m_viewTabs->widget(i)))
            panes.append(p);
    return panes;
}

ViewPane *MainWindow::currentViewPane() const
{
    return qobject_cast<ViewPane *>(m_viewTabs->currentWidget());
}

void MainWindow::rebuildViewTabs()
{
    const int current = m_viewTabs->currentIndex();
    while (m_viewTabs->count() > 0) {
        QWidget *w = m_viewTabs->widget(0);
        m_viewTabs->removeTab(0);
        w->deleteLater();
    }
    const SceneContents &scene = m_document->contents();
    for (int i = 0; i < int(scene.views.size()); ++i) {
        auto *pane = new ViewPane(m_document, i, m_viewTabs);
        connect(pane, &ViewPane::hovered, this, [this](const QString &where, const QString &what) {
            m_coordinateLabel->setText(where);
            m_hoverLabel->setText(what);
        });
        connect(pane, &ViewPane::elementClicked, this, &MainWindow::selectElement);
        if (auto *conflicts = findChild<QDockWidget *>(QStringLiteral("conflictDock")))
            explainClicksOf(conflicts, pane);
        connect(pane, &ViewPane::rebuilt, this, [this, pane] {
            if (pane == currentViewPane())
                updateCurrentViewControls();
        });
        m_viewTabs->addTab(pane, viewTitle(scene, i));
        m_viewTabs->setTabToolTip(
            i, QString::fromUtf8(findViewKind(scene.views.at(i).kind.toStdString())
                                     ? findViewKind(scene.views.at(i).kind.toStdString())->summary
                                     : ""));
    }
    if (current >= 0 && current < m_viewTabs->count())
        m_viewTabs->setCurrentIndex(current);
    applyRenderOptions();
    m_closeViewAction->setEnabled(m_viewTabs->count() > 0);
    m_central->setCurrentWidget(m_viewTabs->count() > 0 ? static_cast<QWidget *>(m_viewTabs)
                                                        : m_welcome);
    updateCurrentViewControls();
}

void MainWindow::setCurrentViewColor(const QString &colorBy)
{
    ViewPane *pane = currentViewPane();
    if (!pane || pane->viewIndex() >= int(m_document->views().size()))
        return;
    const DocumentView &view = m_document->views().at(pane->viewIndex());
    if (view.kind != QLatin1String("ownership"))
        return;
    QJsonObject options = view.options;
    options.insert(QStringLiteral("colorBy"), colorBy);
    if (const QString e =
            m_document->setViewOptions(pane->viewIndex(), options, tr("Colour by %1").arg(colorBy));
        !e.isEmpty())
        showRefusal(e);
}

void MainWindow::updateCurrentViewControls()
{
    ViewPane *pane = currentViewPane();
    // While the tabs are rebuilt, the current pane may be one of the old views.
    if (pane && pane->viewIndex() >= int(m_document->views().size()))
        pane = nullptr;
    // Colour by: the ownership view's option, or its default (offset for a shared layout).
    const bool ownership =
        pane && m_document->views().at(pane->viewIndex()).kind == QLatin1String("ownership");
    m_colorBox->setEnabled(ownership);
    m_colorMenu->setEnabled(ownership);
    for (QAction *a : m_colorGroup->actions())
        a->setChecked(false);
    if (!ownership)
        m_colorBox->setCurrentIndex(-1); // nothing to colour: show no choice
    if (ownership) {
        const DocumentView &view = m_document->views().at(pane->viewIndex());
        const int layout = pane->layoutIndex();
        const QString fallback =
            layout >= 0
                ? QString::fromStdString(defaultOwnerColorName(m_document->layoutAt(layout).layout))
                : QString();
        const QString color = view.options.value(QStringLiteral("colorBy")).toString(fallback);
        m_colorBox->setCurrentIndex(m_colorBox->findText(color));
        for (QAction *a : m_colorGroup->actions())
            a->setChecked(a->text() == color);
    }
    const bool steps = pane && pane->stepCount() > 0;
    m_nextStepAction->setEnabled(steps);
    m_previousStepAction->setEnabled(steps);
    if (!pane || !pane->errorText().isEmpty()) {
        // A view that cannot be built has no numbers; stale ones would mislead.
        m_properties->setViewFigures({}, {});
        return;
    }
    m_properties->setViewFigures(m_viewTabs->tabText(m_viewTabs->indexOf(pane)),
                                 pane->diagramView()->diagram().figures);
}

void MainWindow::applyRenderOptions()
{
    for (ViewPane *p : viewPanes()) {
        RenderOptions o = p->diagramView()->renderOptions();
        o.labels = m_labelsAction->isChecked();
        o.grid = m_gridAction->isChecked();
        o.dark = m_dark;
        p->diagramView()->setRenderOptions(o);
        p->diagramView()->setHighlightedElement(m_selectedElement);
    }
}

void MainWindow::selectElement(qint64 elementId)
{
    m_selectedElement = elementId;
    for (ViewPane *p : viewPanes())
        p->diagramView()->setHighlightedElement(elementId);
}

void MainWindow::addViewOfKind(const QString &kind)
{
    if (m_currentLayout < 0) {
        showRefusal(tr("Select a layout first"));
        return;
    }
    const QString e =
        m_document->addView(DocumentView{kind, m_document->layoutAt(m_currentLayout).name, {}});
    if (!e.isEmpty())
        showRefusal(e);
    else
        m_viewTabs->setCurrentIndex(m_viewTabs->count() - 1);
}

void MainWindow::closeViewTab(int index)
{
    if (index < 0)
        return;
    if (const QString e = m_document->removeView(index); !e.isEmpty())
        showRefusal(e);
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
    m_saveAction->setEnabled(true);
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
    applyRenderOptions();
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    // Dock sizes only take once the window has its size: the first show of a window without a
    // remembered state sets the defaults (the analysis panel as tall as the bit matrix or more).
    if (!m_restoredState && m_defaultDockSizes) {
        m_restoredState = true;
        QTimer::singleShot(0, this, m_defaultDockSizes);
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

} // namespace lx
