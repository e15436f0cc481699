#include "widgets/mainwindow.h"

#include "models/layoutdocument.h"
#include "models/layoutlistmodel.h"
#include "models/layoutpropertiesmodel.h"
#include "models/matrixmodel.h"
#include "models/scenefile.h"
#include "widgets/baseseditor.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QPalette>
#include <QSettings>
#include <QStatusBar>
#include <QStyleFactory>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>

namespace lx {

namespace {

constexpr int kMaxRecentFiles = 8;
const QString kSceneFilter = QStringLiteral("Layout Explorer scenes (*.lxscene);;All files (*)");

QString settingsKeyRecent()
{
    return QStringLiteral("recentFiles");
}

// A layout "from bases": the named in-dims and out-dims, with basis k set to the k-th out bit
// (minor first) while there are out bits left and zero after that, so the new layout starts as
// an identity-like map a person can then edit.
Expected<LinearLayout> identityLikeLayout(const QString &inSpec, const QString &outSpec)
{
    auto parseDims = [](const QString &spec,
                        std::vector<LinearLayout::NamedSize> &dims) -> QString {
        for (const QString &part : spec.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const QStringList kv = part.trimmed().split(QLatin1Char(':'));
            bool ok = false;
            const int size = kv.size() == 2 ? kv[1].trimmed().toInt(&ok) : 0;
            if (kv.size() != 2 || kv[0].trimmed().isEmpty() || !ok || size < 1 ||
                (size & (size - 1)) != 0)
                return QObject::tr("'%1' is not NAME:SIZE with SIZE a power of two")
                    .arg(part.trimmed());
            dims.emplace_back(kv[0].trimmed().toStdString(), size);
        }
        if (dims.empty())
            return QObject::tr("give at least one dim, e.g. register:4, lane:32");
        return {};
    };
    std::vector<LinearLayout::NamedSize> ins;
    std::vector<LinearLayout::NamedSize> outs;
    if (QString e = parseDims(inSpec, ins); !e.isEmpty())
        return makeError(QObject::tr("In dims: %1").arg(e).toStdString());
    if (QString e = parseDims(outSpec, outs); !e.isEmpty())
        return makeError(QObject::tr("Out dims: %1").arg(e).toStdString());
    std::vector<std::pair<size_t, int>> outBits; // (out-dim, bit), minor first
    for (size_t o = 0; o < outs.size(); ++o)
        for (int b = 0; (1 << b) < outs[o].second; ++b)
            outBits.emplace_back(o, b);
    LinearLayout::BasesT bases;
    size_t next = 0;
    for (const auto &[name, size] : ins) {
        std::vector<LinearLayout::Basis> bs;
        for (int b = 0; (1 << b) < size; ++b) {
            LinearLayout::Basis v(outs.size(), 0);
            if (next < outBits.size()) {
                v[outBits[next].first] = 1 << outBits[next].second;
                ++next;
            }
            bs.push_back(std::move(v));
        }
        bases.emplace_back(name, std::move(bs));
    }
    return LinearLayout::tryCreate(std::move(bases), std::move(outs), false);
}

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
    m_viewTabs->setMovable(true);
    setCentralWidget(m_viewTabs);

    createActions();
    createDocks();
    createMenus();

    m_coordinateLabel = new QLabel(this);
    m_coordinateLabel->setObjectName(QStringLiteral("coordinateLabel"));
    m_coordinateLabel->setMinimumWidth(260);
    m_summaryLabel = new QLabel(this);
    statusBar()->addWidget(m_summaryLabel, 1);
    statusBar()->addPermanentWidget(m_coordinateLabel);

    connect(m_document, &LayoutDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &LayoutDocument::fileNameChanged, this, &MainWindow::updateTitle);
    connect(m_document, &LayoutDocument::sceneReset, this,
            [this] { setCurrentLayoutIndex(m_document->layoutCount() > 0 ? 0 : -1); });
    connect(m_document, &LayoutDocument::structureChanged, this, [this] {
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

    readSettings();
    updateTitle();
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions()
{
    QUndoStack *stack = m_document->undoStack();

    m_newAction = new QAction(tr("&New Scene"), this);
    m_newAction->setShortcut(QKeySequence::New);
    connect(m_newAction, &QAction::triggered, this, &MainWindow::newScene);

    m_openAction = new QAction(tr("&Open..."), this);
    m_openAction->setShortcut(QKeySequence::Open);
    connect(m_openAction, &QAction::triggered, this, &MainWindow::openDialog);

    m_saveAction = new QAction(tr("&Save"), this);
    m_saveAction->setShortcut(QKeySequence::Save);
    connect(m_saveAction, &QAction::triggered, this, &MainWindow::save);

    m_saveAsAction = new QAction(tr("Save &As..."), this);
    m_saveAsAction->setShortcut(QKeySequence::SaveAs);
    connect(m_saveAsAction, &QAction::triggered, this, &MainWindow::saveAs);

    m_quitAction = new QAction(tr("&Quit"), this);
    m_quitAction->setShortcut(QKeySequence::Quit);
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    m_undoAction = stack->createUndoAction(this, tr("&Undo"));
    m_undoAction->setShortcut(QKeySequence::Undo);
    m_redoAction = stack->createRedoAction(this, tr("&Redo"));
    m_redoAction->setShortcut(QKeySequence::Redo);

    m_copyJsonAction = new QAction(tr("Copy Layout as &JSON"), this);
    m_copyJsonAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    connect(m_copyJsonAction, &QAction::triggered, this, &MainWindow::copyLayoutJson);

    m_addLayoutAction = new QAction(tr("&Add Layout from Bases..."), this);
    m_addLayoutAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    connect(m_addLayoutAction, &QAction::triggered, this, &MainWindow::addLayoutFromBases);
    m_duplicateAction = new QAction(tr("&Duplicate Layout"), this);
    m_duplicateAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    connect(m_duplicateAction, &QAction::triggered, this, &MainWindow::duplicateLayout);
    m_renameAction = new QAction(tr("Re&name Layout..."), this);
    m_renameAction->setShortcut(QKeySequence(Qt::Key_F2));
    connect(m_renameAction, &QAction::triggered, this, &MainWindow::renameLayout);
    m_removeAction = new QAction(tr("&Remove Layout"), this);
    connect(m_removeAction, &QAction::triggered, this, &MainWindow::removeLayout);

    m_darkAction = new QAction(tr("&Dark Theme"), this);
    m_darkAction->setCheckable(true);
    connect(m_darkAction, &QAction::toggled, this, &MainWindow::setDarkTheme);

    m_aboutAction = new QAction(tr("&About Layout Explorer"), this);
    m_aboutAction->setMenuRole(QAction::AboutRole);
    connect(m_aboutAction, &QAction::triggered, this, &MainWindow::about);
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_newAction);
    file->addAction(m_openAction);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addSeparator();
    file->addAction(m_saveAction);
    file->addAction(m_saveAsAction);
    file->addSeparator();
    file->addAction(m_quitAction);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(m_undoAction);
    edit->addAction(m_redoAction);
    edit->addSeparator();
    edit->addAction(m_copyJsonAction);

    QMenu *layout = menuBar()->addMenu(tr("&Layout"));
    layout->addAction(m_addLayoutAction);
    layout->addAction(m_duplicateAction);
    layout->addAction(m_renameAction);
    layout->addAction(m_removeAction);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu->addAction(m_darkAction);
    m_viewMenu->addSeparator();
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        m_viewMenu->addAction(dock->toggleViewAction());

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(m_aboutAction);
    updateRecentMenu();
}

void MainWindow::createDocks()
{
    // Scene panel: the named layouts.
    auto *sceneDock = new QDockWidget(tr("Scene"), this);
    sceneDock->setObjectName(QStringLiteral("sceneDock"));
    auto *scenePanel = new QWidget(sceneDock);
    auto *sceneLayout = new QVBoxLayout(scenePanel);
    sceneLayout->setContentsMargins(2, 2, 2, 2);
    auto *bar = new QToolBar(scenePanel);
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    bar->addAction(m_addLayoutAction);
    bar->addAction(m_duplicateAction);
    bar->addAction(m_renameAction);
    bar->addAction(m_removeAction);
    m_addLayoutAction->setIconText(tr("Add"));
    m_duplicateAction->setIconText(tr("Duplicate"));
    m_renameAction->setIconText(tr("Rename"));
    m_removeAction->setIconText(tr("Delete"));
    sceneLayout->addWidget(bar);
    m_layoutList = new LayoutListModel(m_document, this);
    connect(m_layoutList, &LayoutListModel::renameRefused, this, &MainWindow::showRefusal);
    m_layoutTable = new QTableView(scenePanel);
    m_layoutTable->setObjectName(QStringLiteral("layoutTable"));
    m_layoutTable->setModel(m_layoutList);
    m_layoutTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_layoutTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_layoutTable->verticalHeader()->hide();
    m_layoutTable->horizontalHeader()->setStretchLastSection(true);
    m_layoutTable->setEditTriggers(QAbstractItemView::DoubleClicked |
                                   QAbstractItemView::EditKeyPressed);
    connect(m_layoutTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    setCurrentLayoutIndex(current.row());
            });
    sceneLayout->addWidget(m_layoutTable);
    sceneDock->setWidget(scenePanel);
    addDockWidget(Qt::LeftDockWidgetArea, sceneDock);

    // Bases editor.
    auto *basesDock = new QDockWidget(tr("Bases"), this);
    basesDock->setObjectName(QStringLiteral("basesDock"));
    m_basesEditor = new BasesEditor(m_document, basesDock);
    connect(m_basesEditor, &BasesEditor::editRefused, this, &MainWindow::showRefusal);
    basesDock->setWidget(m_basesEditor);
    addDockWidget(Qt::LeftDockWidgetArea, basesDock);

    // Bit matrix: click a bit to flip it.
    auto *matrixDock = new QDockWidget(tr("Bit Matrix"), this);
    matrixDock->setObjectName(QStringLiteral("matrixDock"));
    m_matrix = new MatrixModel(m_document, this);
    m_matrixTable = new QTableView(matrixDock);
    m_matrixTable->setObjectName(QStringLiteral("matrixTable"));
    m_matrixTable->setModel(m_matrix);
    m_matrixTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_matrixTable->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_matrixTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_matrixTable->setToolTip(tr("Rows: out bits; columns: bases. Click a bit to flip it."));
    connect(m_matrixTable, &QTableView::clicked, this, [this](const QModelIndex &index) {
        const QString e = m_matrix->flip(index);
        if (!e.isEmpty())
            showRefusal(e);
    });
    matrixDock->setWidget(m_matrixTable);
    addDockWidget(Qt::RightDockWidgetArea, matrixDock);

    // Analysis panel.
    auto *analysisDock = new QDockWidget(tr("Analysis"), this);
    analysisDock->setObjectName(QStringLiteral("analysisDock"));
    m_properties = new LayoutPropertiesModel(m_document, this);
    auto *analysisTable = new QTableView(analysisDock);
    analysisTable->setObjectName(QStringLiteral("analysisTable"));
    analysisTable->setModel(m_properties);
    analysisTable->verticalHeader()->hide();
    analysisTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    analysisTable->horizontalHeader()->setStretchLastSection(true);
    analysisTable->setWordWrap(true);
    analysisDock->setWidget(analysisTable);
    addDockWidget(Qt::RightDockWidgetArea, analysisDock);
    resizeDocks({sceneDock, basesDock}, {180, 420}, Qt::Vertical);
    resizeDocks({sceneDock, matrixDock}, {360, 340}, Qt::Horizontal);
}

void MainWindow::setCurrentLayoutIndex(int index)
{
    if (index < -1 || index >= m_document->layoutCount())
        index = -1;
    m_currentLayout = index;
    m_basesEditor->setLayoutIndex(index);
    m_matrix->setLayoutIndex(index);
    m_properties->setLayoutIndex(index);
    if (index >= 0 && m_layoutTable->currentIndex().row() != index)
        m_layoutTable->setCurrentIndex(m_layoutList->index(index, LayoutListModel::NameColumn));
    const bool has = index >= 0;
    m_duplicateAction->setEnabled(has);
    m_renameAction->setEnabled(has);
    m_removeAction->setEnabled(has);
    m_copyJsonAction->setEnabled(has);
    onLayoutSelected();
}

void MainWindow::onLayoutSelected()
{
    if (m_currentLayout < 0) {
        m_summaryLabel->setText(tr("No layout"));
        return;
    }
    const DocumentLayout &e = m_document->layoutAt(m_currentLayout);
    m_summaryLabel->setText(tr("%1: rank %2, %3 in bits, %4 out bits")
                                .arg(e.name)
                                .arg(e.layout.rank())
                                .arg(e.layout.totalInDimSizeLog2())
                                .arg(e.layout.totalOutDimSizeLog2()));
}

void MainWindow::showRefusal(const QString &message)
{
    statusBar()->showMessage(message, 8000);
}

void MainWindow::updateTitle()
{
    const QString file = m_document->fileName();
    const QString shown = file.isEmpty() ? tr("untitled.lxscene") : QFileInfo(file).fileName();
    setWindowFilePath(file);
    setWindowTitle(tr("%1[*] - Layout Explorer").arg(shown));
    setWindowModified(m_document->isModified());
    m_saveAction->setEnabled(true);
}

void MainWindow::openScene(const SceneContents &contents, const QString &fileName)
{
    m_document->reset(contents, fileName);
}

QString MainWindow::openFile(const QString &fileName)
{
    Expected<SceneContents> scene = readSceneFile(fileName);
    if (!scene)
        return QString::fromStdString(scene.message());
    const QString absolute = QFileInfo(fileName).absoluteFilePath();
    m_document->reset(*scene, absolute);
    addRecentFile(absolute);
    statusBar()->showMessage(tr("Opened %1").arg(QFileInfo(fileName).fileName()), 4000);
    return {};
}

QString MainWindow::saveToFile(const QString &fileName)
{
    const QString error = writeSceneFile(fileName, m_document->contents());
    if (!error.isEmpty())
        return error;
    const QString absolute = QFileInfo(fileName).absoluteFilePath();
    m_document->setFileName(absolute);
    m_document->markClean();
    addRecentFile(absolute);
    statusBar()->showMessage(tr("Saved %1").arg(QFileInfo(fileName).fileName()), 4000);
    return {};
}

bool MainWindow::maybeSave()
{
    if (!m_document->isModified())
        return true;
    const QString question = tr("The scene has unsaved changes. Save them?");
    const QMessageBox::StandardButton answer =
        m_savePrompt
            ? m_savePrompt(question)
            : QMessageBox::warning(this, tr("Layout Explorer"), question,
                                   QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::newScene()
{
    if (!maybeSave())
        return;
    SceneContents empty;
    empty.name = QStringLiteral("untitled");
    m_document->reset(empty);
}

void MainWindow::openDialog()
{
    if (!maybeSave())
        return;
    QSettings settings;
    const QString dir = settings.value(QStringLiteral("lastDirectory")).toString();
    const QString file = QFileDialog::getOpenFileName(this, tr("Open Scene"), dir, kSceneFilter);
    if (file.isEmpty())
        return;
    settings.setValue(QStringLiteral("lastDirectory"), QFileInfo(file).absolutePath());
    if (const QString e = openFile(file); !e.isEmpty())
        QMessageBox::warning(this, tr("Open Scene"), tr("Could not open %1:\n%2").arg(file, e));
}

bool MainWindow::save()
{
    if (m_document->fileName().isEmpty())
        return saveAs();
    if (const QString e = saveToFile(m_document->fileName()); !e.isEmpty()) {
        QMessageBox::warning(this, tr("Save Scene"), e);
        return false;
    }
    return true;
}

bool MainWindow::saveAs()
{
    QString suggested = m_document->fileName();
    if (suggested.isEmpty())
        suggested = QSettings().value(QStringLiteral("lastDirectory")).toString() +
                    QStringLiteral("/untitled.lxscene");
    QString file = QFileDialog::getSaveFileName(this, tr("Save Scene As"), suggested, kSceneFilter);
    if (file.isEmpty())
        return false;
    if (QFileInfo(file).suffix().isEmpty())
        file += QStringLiteral(".lxscene");
    QSettings().setValue(QStringLiteral("lastDirectory"), QFileInfo(file).absolutePath());
    if (const QString e = saveToFile(file); !e.isEmpty()) {
        QMessageBox::warning(this, tr("Save Scene"), e);
        return false;
    }
    return true;
}

QStringList MainWindow::recentFiles() const
{
    return QSettings().value(settingsKeyRecent()).toStringList();
}

void MainWindow::addRecentFile(const QString &fileName)
{
    QStringList files = recentFiles();
    files.removeAll(fileName);
    files.prepend(fileName);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    QSettings().setValue(settingsKeyRecent(), files);
    updateRecentMenu();
}

void MainWindow::updateRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList files = recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        const QString file = files.at(i);
        QAction *a = m_recentMenu->addAction(
            QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(file).fileName()));
        a->setToolTip(file);
        connect(a, &QAction::triggered, this, [this, file] {
            if (!maybeSave())
                return;
            if (const QString e = openFile(file); !e.isEmpty())
                QMessageBox::warning(this, tr("Open Scene"),
                                     tr("Could not open %1:\n%2").arg(file, e));
        });
    }
    m_recentMenu->setEnabled(!files.isEmpty());
    if (!files.isEmpty()) {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("Clear Menu"), this, [this] {
            QSettings().remove(settingsKeyRecent());
            updateRecentMenu();
        });
    }
}

void MainWindow::readSettings()
{
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        resize(1400, 880);
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    m_darkAction->setChecked(settings.value(QStringLiteral("view/dark"), false).toBool());
}

void MainWindow::writeSettings() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("view/dark"), m_dark);
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
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    writeSettings();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.first().isLocalFile() &&
        urls.first().toLocalFile().endsWith(QLatin1String(".lxscene")))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() != 1 || !urls.first().isLocalFile())
        return;
    event->acceptProposedAction();
    if (!maybeSave())
        return;
    const QString file = urls.first().toLocalFile();
    if (const QString e = openFile(file); !e.isEmpty())
        QMessageBox::warning(this, tr("Open Scene"), tr("Could not open %1:\n%2").arg(file, e));
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

void MainWindow::addLayoutFromBases()
{
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Add Layout from Bases"));
    auto *form = new QFormLayout(&dialog);
    auto *name = new QLineEdit(m_document->uniqueLayoutName(QStringLiteral("L")), &dialog);
    auto *ins = new QLineEdit(QStringLiteral("register:4, lane:32, warp:4"), &dialog);
    auto *outs = new QLineEdit(QStringLiteral("dim0:32, dim1:16"), &dialog);
    auto *message = new QLabel(&dialog);
    message->setStyleSheet(QStringLiteral("color: #b00000;"));
    message->setWordWrap(true);
    form->addRow(tr("Name"), name);
    form->addRow(tr("In dims (NAME:SIZE, minor first)"), ins);
    form->addRow(tr("Out dims (NAME:SIZE, minor first)"), outs);
    form->addRow(new QLabel(tr("Bases start as the identity on the out bits, in order."), &dialog));
    form->addRow(message);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, [&] {
        Expected<LinearLayout> l = identityLikeLayout(ins->text(), outs->text());
        if (!l) {
            message->setText(QString::fromStdString(l.message()));
            return;
        }
        const QString e =
            m_document->addLayout(DocumentLayout{name->text().trimmed(), *l, {}, {}, {}});
        if (!e.isEmpty()) {
            message->setText(e);
            return;
        }
        dialog.accept();
    });
    if (dialog.exec() == QDialog::Accepted)
        setCurrentLayoutIndex(m_document->layoutCount() - 1);
}

void MainWindow::duplicateLayout()
{
    if (const QString e = m_document->duplicateLayout(m_currentLayout); !e.isEmpty())
        showRefusal(e);
    else
        setCurrentLayoutIndex(m_currentLayout + 1);
}

void MainWindow::renameLayout()
{
    if (m_currentLayout < 0)
        return;
    bool ok = false;
    const QString name =
        QInputDialog::getText(this, tr("Rename Layout"), tr("New name:"), QLineEdit::Normal,
                              m_document->layoutAt(m_currentLayout).name, &ok);
    if (!ok)
        return;
    if (const QString e = m_document->renameLayout(m_currentLayout, name); !e.isEmpty())
        QMessageBox::warning(this, tr("Rename Layout"), e);
}

void MainWindow::removeLayout()
{
    if (const QString e = m_document->removeLayout(m_currentLayout); !e.isEmpty())
        showRefusal(e);
}

void MainWindow::copyLayoutJson()
{
    if (m_currentLayout < 0)
        return;
    // The conformance JSON form of DESIGN.md: {"bases": [[inDim, [[...]]]], "outDims": [...]}.
    const LinearLayout &l = m_document->layoutAt(m_currentLayout).layout;
    QStringList bases;
    for (const auto &[name, bs] : l.bases()) {
        QStringList vs;
        for (const auto &b : bs) {
            QStringList cs;
            for (int32_t c : b)
                cs << QString::number(c);
            vs << QStringLiteral("[%1]").arg(cs.join(QStringLiteral(", ")));
        }
        bases << QStringLiteral("[\"%1\", [%2]]")
                     .arg(QString::fromStdString(name), vs.join(QStringLiteral(", ")));
    }
    QStringList outs;
    for (const auto &[name, size] : l.outDims())
        outs << QStringLiteral("[\"%1\", %2]").arg(QString::fromStdString(name)).arg(size);
    QApplication::clipboard()->setText(
        QStringLiteral("{\"bases\": [%1], \"outDims\": [%2]}")
            .arg(bases.join(QStringLiteral(", ")), outs.join(QStringLiteral(", "))));
    statusBar()->showMessage(
        tr("Copied %1 as JSON").arg(m_document->layoutAt(m_currentLayout).name), 3000);
}

} // namespace lx
