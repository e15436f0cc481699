#include "widgets/mainwindow.h"

#include "models/autosave.h"
#include "models/documentviews.h"
#include "models/layoutdocument.h"
#include "models/scenefile.h"
#include "widgets/exportdialog.h"
#include "widgets/kerneldock.h"
#include "widgets/presetsdialog.h"
#include "widgets/recoverydialog.h"

#include <QAction>
#include <QCloseEvent>
#include <QDialog>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMimeData>
#include <QSettings>

namespace lx {

namespace {

constexpr int kMaxRecentFiles = 8;
// Bumped whenever the docks change, so a state saved by an older window is not restored.
constexpr int kWindowStateVersion = 2;
const QString kSceneFilter = QStringLiteral("Layout Explorer scenes (*.lxscene);;All files (*)");

QString settingsKeyRecent()
{
    return QStringLiteral("recentFiles");
}

} // namespace

void MainWindow::setAutosaveDirectory(const QString &directory)
{
    m_autosave->discard();
    delete m_autosave;
    m_autosave = new Autosave(m_document, directory, this);
}

bool MainWindow::recoverAutosaves()
{
    for (const Autosave::Recoverable &entry : Autosave::recoverable(m_autosave->directory())) {
        RecoveryDialog::Choice choice = RecoveryDialog::Choice::Later;
        if (m_recoverPrompt)
            choice = m_recoverPrompt(RecoveryDialog::question(entry))
                         ? RecoveryDialog::Choice::Recover
                         : RecoveryDialog::Choice::Later;
        else
            choice = RecoveryDialog::ask(entry, this);
        if (choice == RecoveryDialog::Choice::Discard)
            Autosave::discardRecoverable(entry);
        if (choice != RecoveryDialog::Choice::Recover)
            continue;
        Expected<SceneContents> scene = Autosave::takeRecoverable(entry);
        if (!scene) {
            showRefusal(QString::fromStdString(scene.message()));
            continue;
        }
        m_document->reset(*scene, entry.originFile);
        m_document->markUnsaved();
        showStatus(tr("Recovered the autosaved scene; save it to keep it"), 8000);
        return true;
    }
    return false;
}

QString MainWindow::openPreset(const QString &name)
{
    Expected<SceneContents> scene = loadPresetScene(name);
    if (!scene)
        return QString::fromStdString(scene.message());
    m_document->reset(*scene);
    showStatus(tr("Opened preset %1").arg(name), 4000);
    return {};
}

void MainWindow::showPresets()
{
    if (!maybeSave())
        return;
    PresetsDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted || dialog.selectedPreset().isEmpty())
        return;
    if (const QString e = openPreset(dialog.selectedPreset()); !e.isEmpty())
        QMessageBox::warning(this, tr("Open Preset"), e);
}

void MainWindow::showExportDialog()
{
    const int view = m_viewTabs->currentIndex();
    if (view < 0) {
        showRefusal(tr("Open a view to export"));
        return;
    }
    ExportDialog dialog(m_document->contents(), view, this);
    if (dialog.exec() == QDialog::Accepted)
        showStatus(tr("Exported %1").arg(dialog.pathEdit()->text()), 5000);
}

void MainWindow::openScene(const SceneContents &contents, const QString &fileName)
{
    m_document->reset(contents, fileName);
}

QString MainWindow::openFile(const QString &fileName)
{
    if (KernelDock::isModuleFile(fileName))
        return m_kernelDock->openFile(fileName);
    Expected<SceneContents> scene = readSceneFile(fileName);
    if (!scene)
        return QString::fromStdString(scene.message());
    const QString absolute = QFileInfo(fileName).absoluteFilePath();
    m_document->reset(*scene, absolute);
    addRecentFile(absolute);
    showStatus(tr("Opened %1").arg(QFileInfo(fileName).fileName()), 4000);
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
    showStatus(tr("Saved %1").arg(QFileInfo(fileName).fileName()), 4000);
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
    m_restoredState = restoreState(settings.value(QStringLiteral("window/state")).toByteArray(),
                                   kWindowStateVersion);
    m_darkAction->setChecked(settings.value(QStringLiteral("view/dark"), false).toBool());
    m_labelsAction->setChecked(settings.value(QStringLiteral("view/labels"), true).toBool());
    m_gridAction->setChecked(settings.value(QStringLiteral("view/grid"), true).toBool());
}

void MainWindow::writeSettings() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState(kWindowStateVersion));
    settings.setValue(QStringLiteral("view/dark"), m_dark);
    settings.setValue(QStringLiteral("view/labels"), m_labelsAction->isChecked());
    settings.setValue(QStringLiteral("view/grid"), m_gridAction->isChecked());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    writeSettings();
    // A clean exit: the autosaved scene is no longer needed (saved, or the person discarded it).
    m_autosave->discard();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.first().isLocalFile() &&
        (urls.first().toLocalFile().endsWith(QLatin1String(".lxscene")) ||
         KernelDock::isModuleFile(urls.first().toLocalFile())))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() != 1 || !urls.first().isLocalFile())
        return;
    event->acceptProposedAction();
    const QString file = urls.first().toLocalFile();
    if (KernelDock::isModuleFile(file)) {
        if (const QString e = m_kernelDock->openFile(file); !e.isEmpty())
            showRefusal(e);
        return;
    }
    if (!maybeSave())
        return;
    if (const QString e = openFile(file); !e.isEmpty())
        QMessageBox::warning(this, tr("Open Scene"), tr("Could not open %1:\n%2").arg(file, e));
}

} // namespace lx
