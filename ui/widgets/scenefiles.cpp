#include "widgets/scenefiles.h"

#include "models/autosave.h"
#include "models/documentviews.h"
#include "models/layoutdocument.h"
#include "models/scenefile.h"
#include "widgets/kerneldock.h"
#include "widgets/panelwidgets.h"
#include "widgets/presetsdialog.h"
#include "widgets/recoverydialog.h"

#include <QAction>
#include <QDialog>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMimeData>
#include <QSettings>
#include <QUrl>
#include <QWidget>

namespace lx {

namespace {

constexpr int kMaxRecentFiles = 8;
const QString kSceneFilter = QStringLiteral("Layout Explorer scenes (*.lxscene);;All files (*)");

QString settingsKeyRecent()
{
    return QStringLiteral("recentFiles");
}

// The file dialogs' kind for scenes (widgets/panelwidgets.h).
const QString kDialogKey = QStringLiteral("scenes");

template <typename Slot>
QAction *fileAction(SceneFiles *files, const QString &text, const QKeySequence &shortcut, Slot slot)
{
    auto *action = new QAction(text, files);
    action->setShortcut(shortcut);
    QObject::connect(action, &QAction::triggered, files, slot);
    return action;
}

} // namespace

SceneFiles::SceneFiles(LayoutDocument *document, QWidget *dialogParent)
    : QObject(dialogParent), m_document(document), m_dialogParent(dialogParent)
{
    setObjectName(QStringLiteral("sceneFiles"));
    m_newAction = fileAction(this, tr("&New Scene"), QKeySequence::New, &SceneFiles::newScene);
    m_openAction = fileAction(this, tr("&Open..."), QKeySequence::Open, &SceneFiles::openDialog);
    m_saveAction = fileAction(this, tr("&Save"), QKeySequence::Save, &SceneFiles::save);
    m_saveAsAction = fileAction(this, tr("Save &As..."), QKeySequence::SaveAs, &SceneFiles::saveAs);
    m_presetsAction =
        fileAction(this, tr("Open &Preset..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O),
                   &SceneFiles::showPresets);
    m_autosave = new Autosave(m_document, Autosave::defaultDirectory(), this);
}

SceneFiles::~SceneFiles() = default;

void SceneFiles::setRecentMenu(QMenu *menu)
{
    m_recentMenu = menu;
    updateRecentMenu();
}

void SceneFiles::setAutosaveDirectory(const QString &directory)
{
    m_autosave->discard();
    delete m_autosave;
    m_autosave = new Autosave(m_document, directory, this);
}

void SceneFiles::discardAutosave()
{
    m_autosave->discard();
}

bool SceneFiles::recoverAutosaves()
{
    for (const Autosave::Recoverable &entry : Autosave::recoverable(m_autosave->directory())) {
        RecoveryDialog::Choice choice = RecoveryDialog::Choice::Later;
        if (m_recoverPrompt)
            choice = m_recoverPrompt(RecoveryDialog::question(entry))
                         ? RecoveryDialog::Choice::Recover
                         : RecoveryDialog::Choice::Later;
        else
            choice = RecoveryDialog::ask(entry, m_dialogParent);
        if (choice == RecoveryDialog::Choice::Discard)
            Autosave::discardRecoverable(entry);
        if (choice != RecoveryDialog::Choice::Recover)
            continue;
        Expected<SceneContents> scene = Autosave::takeRecoverable(entry);
        if (!scene) {
            Q_EMIT status(QString::fromStdString(scene.message()), 8000);
            continue;
        }
        m_document->reset(*scene, entry.originFile);
        m_document->markUnsaved();
        Q_EMIT status(tr("Recovered the autosaved scene; save it to keep it"), 8000);
        return true;
    }
    return false;
}

QString SceneFiles::openPreset(const QString &name)
{
    Expected<SceneContents> scene = loadPresetScene(name);
    if (!scene)
        return QString::fromStdString(scene.message());
    m_document->reset(*scene);
    Q_EMIT status(tr("Opened preset %1").arg(name), 4000);
    return {};
}

void SceneFiles::showPresets()
{
    if (!maybeSave())
        return;
    PresetsDialog dialog(m_dialogParent);
    if (dialog.exec() != QDialog::Accepted || dialog.selectedPreset().isEmpty())
        return;
    if (const QString e = openPreset(dialog.selectedPreset()); !e.isEmpty())
        QMessageBox::warning(m_dialogParent, tr("Open Preset"), e);
}

void SceneFiles::openScene(const SceneContents &contents, const QString &fileName)
{
    m_document->reset(contents, fileName);
}

QString SceneFiles::openFile(const QString &fileName)
{
    // A module, or a folder that holds one (a Triton cache or dump folder), is a kernel; a
    // folder named as a scene is a scene path that is not a file.
    const QFileInfo info(fileName);
    const bool kernelFolder = info.isDir() && info.suffix() != QLatin1String("lxscene");
    if ((KernelDock::isModuleFile(fileName) || kernelFolder) && m_openModule)
        return m_openModule(fileName);
    Expected<SceneContents> scene = readSceneFile(fileName);
    if (!scene)
        return QString::fromStdString(scene.message());
    const QString absolute = QFileInfo(fileName).absoluteFilePath();
    m_document->reset(*scene, absolute);
    addRecentFile(absolute);
    Q_EMIT status(tr("Opened %1").arg(QFileInfo(fileName).fileName()), 4000);
    return {};
}

QString SceneFiles::saveToFile(const QString &fileName)
{
    const QString error = writeSceneFile(fileName, m_document->contents());
    if (!error.isEmpty())
        return error;
    const QString absolute = QFileInfo(fileName).absoluteFilePath();
    m_document->setFileName(absolute);
    m_document->markClean();
    addRecentFile(absolute);
    Q_EMIT status(tr("Saved %1").arg(QFileInfo(fileName).fileName()), 4000);
    return {};
}

bool SceneFiles::maybeSave()
{
    if (!m_document->isModified())
        return true;
    const QString question = tr("The scene has unsaved changes. Save them?");
    const QMessageBox::StandardButton answer =
        m_savePrompt
            ? m_savePrompt(question)
            : QMessageBox::warning(m_dialogParent, tr("Layout Explorer"), question,
                                   QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void SceneFiles::newScene()
{
    if (!maybeSave())
        return;
    SceneContents empty;
    empty.name = QStringLiteral("untitled");
    m_document->reset(empty);
}

void SceneFiles::openWithPrompt(const QString &file)
{
    if (maybeSave())
        openOrWarn(file);
}

QString SceneFiles::openFailureMessage(const QString &file, const QString &reason)
{
    return reason.contains(file) ? reason : tr("Could not open %1:\n%2").arg(file, reason);
}

void SceneFiles::openOrWarn(const QString &file)
{
    if (const QString e = openFile(file); !e.isEmpty())
        QMessageBox::warning(m_dialogParent, tr("Open Scene"), openFailureMessage(file, e));
}

void SceneFiles::openDialog()
{
    if (!maybeSave())
        return;
    const QString file = QFileDialog::getOpenFileName(m_dialogParent, tr("Open Scene"),
                                                      dialogDirectory(kDialogKey), kSceneFilter);
    if (file.isEmpty())
        return;
    rememberDialogDirectory(kDialogKey, file);
    openOrWarn(file);
}

bool SceneFiles::save()
{
    if (m_document->fileName().isEmpty())
        return saveAs();
    if (const QString e = saveToFile(m_document->fileName()); !e.isEmpty()) {
        QMessageBox::warning(m_dialogParent, tr("Save Scene"), e);
        return false;
    }
    return true;
}

QString SceneFiles::suggestedFileName(const QString &sceneName)
{
    QString name;
    for (const QChar c : sceneName.trimmed())
        name += c.isLetterOrNumber() || c == u'_' || c == u'-' || c == u'.' ? c : QChar(u'-');
    while (name.startsWith(u'.') || name.startsWith(u'-'))
        name.remove(0, 1);
    if (name.isEmpty())
        name = QStringLiteral("untitled");
    return name + QStringLiteral(".lxscene");
}

QString SceneFiles::saveAsStartPath() const
{
    if (!m_document->fileName().isEmpty())
        return m_document->fileName();
    // A kernel's scene is saved beside the module it was opened from (the kernel dock remembers
    // that folder); any other in the folder scenes were last saved in or opened from.
    const SceneContents &scene = m_document->contents();
    const bool fromModuleFile =
        !scene.kernelText.isEmpty() && KernelDock::isModuleFile(scene.kernelOrigin);
    return dialogDirectory(fromModuleFile ? KernelDock::kDialogKey : kDialogKey) + u'/' +
           suggestedFileName(scene.name);
}

bool SceneFiles::saveAs()
{
    QString file = QFileDialog::getSaveFileName(m_dialogParent, tr("Save Scene As"),
                                                saveAsStartPath(), kSceneFilter);
    if (file.isEmpty())
        return false;
    if (QFileInfo(file).suffix().isEmpty())
        file += QStringLiteral(".lxscene");
    rememberDialogDirectory(kDialogKey, file);
    if (const QString e = saveToFile(file); !e.isEmpty()) {
        QMessageBox::warning(m_dialogParent, tr("Save Scene"), e);
        return false;
    }
    return true;
}

QStringList SceneFiles::recentFiles() const
{
    return QSettings().value(settingsKeyRecent()).toStringList();
}

void SceneFiles::addRecentFile(const QString &fileName)
{
    QStringList files = recentFiles();
    files.removeAll(fileName);
    files.prepend(fileName);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    QSettings().setValue(settingsKeyRecent(), files);
    updateRecentMenu();
}

void SceneFiles::updateRecentMenu()
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
        connect(a, &QAction::triggered, this, [this, file] { openWithPrompt(file); });
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

bool SceneFiles::acceptsDrop(const QMimeData *mime)
{
    const QList<QUrl> urls = mime->urls();
    return urls.size() == 1 && urls.first().isLocalFile() &&
           (urls.first().toLocalFile().endsWith(QLatin1String(".lxscene")) ||
            KernelDock::isModuleFile(urls.first().toLocalFile()));
}

void SceneFiles::openDropped(const QMimeData *mime)
{
    const QList<QUrl> urls = mime->urls();
    if (urls.size() != 1 || !urls.first().isLocalFile())
        return;
    const QString file = urls.first().toLocalFile();
    if (KernelDock::isModuleFile(file) && m_openModule) {
        // A kernel opens as a scene of its own: after the unsaved-changes prompt.
        if (!maybeSave())
            return;
        if (const QString e = m_openModule(file); !e.isEmpty())
            Q_EMIT status(e, 8000);
        return;
    }
    openWithPrompt(file);
}

} // namespace lx
