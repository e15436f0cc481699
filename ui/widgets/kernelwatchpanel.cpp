#include "kernelwatchpanel.h"

#include "models/kernelwatchmodel.h"
#include "widgets/panelwidgets.h"

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace lx {

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s).toHtmlEscaped();
}

const QString kFollowKey = QStringLiteral("kernelWatch/followNewest");
const QString kFolderKey = QStringLiteral("kernelWatch/folder");

} // namespace

KernelWatchPanel::KernelWatchPanel(QWidget *parent)
    : QWidget(parent), m_model(new KernelWatchModel(this))
{
    setObjectName(QStringLiteral("kernelWatchPanel"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    m_header = new QLabel(this);
    m_header->setObjectName(QStringLiteral("kernelWatchHeader"));
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_header->setWordWrap(true);
    m_follow = new QCheckBox(tr("Follow newest"), this);
    m_follow->setObjectName(QStringLiteral("kernelWatchFollow"));
    m_follow->setToolTip(tr("Open each kernel as Triton compiles it (not while the scene has "
                            "unsaved changes)"));
    m_follow->setChecked(QSettings().value(kFollowKey, true).toBool());
    m_stop = new QPushButton(tr("Stop"), this);
    m_stop->setObjectName(QStringLiteral("kernelWatchStop"));
    m_stop->setToolTip(tr("Stop watching the folder (the list stays)"));
    top->addWidget(m_header, 1);
    top->addWidget(m_follow);
    top->addWidget(m_stop);
    layout->addLayout(top);
    // The list above what changed, the person sizing the two.
    auto *split = new QSplitter(Qt::Vertical, this);
    m_list = new QTableView(split);
    m_list->setObjectName(QStringLiteral("kernelWatchList"));
    showAsRowList(m_list, m_model);
    m_list->setWordWrap(false);
    m_list->horizontalHeader()->setStretchLastSection(true);
    m_list->setToolTip(tr("Kernels compiled into the watched folder, newest first; select one "
                          "to open it"));
    m_changes = new QTextBrowser(split);
    m_changes->setObjectName(QStringLiteral("kernelWatchChanges"));
    m_changes->setOpenLinks(false);
    m_changes->setPlaceholderText(tr("What changed since the selected kernel's previous compile"));
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);

    connect(m_follow, &QCheckBox::toggled, this,
            [](bool on) { QSettings().setValue(kFollowKey, on); });
    connect(m_stop, &QPushButton::clicked, m_model, &KernelWatchModel::stop);
    connect(m_list->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (!current.isValid())
                    return;
                m_changes->setHtml(changesHtml(current.row()));
                if (!m_quiet)
                    open(current.row(), true);
            });
    connect(m_model, &KernelWatchModel::kernelAdded, this, &KernelWatchPanel::kernelAdded);
    // A row inserted above the selection moves it: not a choice of the person's.
    connect(m_model, &QAbstractItemModel::rowsAboutToBeInserted, this, [this] { m_quiet = true; });
    connect(m_model, &QAbstractItemModel::rowsInserted, this, [this] { m_quiet = false; });
    connect(m_model, &QAbstractItemModel::rowsAboutToBeRemoved, this, [this] { m_quiet = true; });
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, [this] { m_quiet = false; });
    connect(m_model, &KernelWatchModel::watchingChanged, this, [this] { updateHeader(); });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        m_changes->clear();
        updateHeader();
    });
    m_watchAction = new QAction(tr("&Watch Triton Cache…"), this);
    m_watchAction->setObjectName(QStringLiteral("watchCacheAction"));
    m_watchAction->setStatusTip(tr("Follow a Triton cache folder: every kernel compiled into it "
                                   "appears in the Kernel dock, with what changed since its "
                                   "previous compile"));
    connect(m_watchAction, &QAction::triggered, this, &KernelWatchPanel::chooseFolder);
    updateHeader();
    hide();
}

void KernelWatchPanel::chooseFolder()
{
    QString start = QSettings().value(kFolderKey).toString();
    if (start.isEmpty() || !QFileInfo(start).isDir()) {
        start = KernelWatchModel::defaultFolder();
        // Triton creates its cache on its first compile; watching it before then is fine.
        QDir().mkpath(start);
    }
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Watch Triton Cache"), start);
    if (folder.isEmpty())
        return;
    if (const QString e = startWatching(folder); !e.isEmpty())
        Q_EMIT statusMessage(tr("Watch Triton Cache: %1").arg(e));
}

QString KernelWatchPanel::startWatching(const QString &folder)
{
    if (const QString e = m_model->start(folder); !e.isEmpty())
        return e;
    QSettings().setValue(kFolderKey, m_model->folder());
    show();
    Q_EMIT statusMessage(tr("Watching %1 for kernels Triton compiles")
                             .arg(QDir::toNativeSeparators(m_model->folder())));
    return {};
}

void KernelWatchPanel::open(int row, bool prompt)
{
    const KernelWatchModel::Entry &e = m_model->entryAt(row);
    if (!e.error.isEmpty()) {
        Q_EMIT statusMessage(tr("%1: %2").arg(e.folderName, e.error));
        return;
    }
    if (!m_open)
        return;
    if (const QString error = m_open(QString::fromStdString(e.files.ttgir), prompt);
        !error.isEmpty())
        Q_EMIT statusMessage(error);
}

void KernelWatchPanel::kernelAdded()
{
    updateHeader();
    m_list->resizeColumnsToContents();
    const KernelWatchModel::Entry &e = m_model->entryAt(0);
    const QString name = QString::fromStdString(e.files.name);
    if (!e.error.isEmpty()) {
        Q_EMIT statusMessage(tr("%1 in %2: %3").arg(name, e.folderName, e.error));
        return;
    }
    if (m_follow->isChecked() && (!m_mayReplace || m_mayReplace())) {
        showRow(0);
        open(0, false);
        return;
    }
    // The selection stays on the kernel the person is looking at (it moved down a row).
    Q_EMIT statusMessage(m_follow->isChecked()
                             ? tr("%1 compiled for %2: in the Kernel dock's list (the scene has "
                                  "unsaved changes)")
                                   .arg(name, e.arch)
                             : tr("%1 compiled for %2").arg(name, e.arch));
}

bool KernelWatchPanel::followNewest() const
{
    return m_follow->isChecked();
}

void KernelWatchPanel::showRow(int row)
{
    m_quiet = true;
    m_list->selectRow(row);
    m_quiet = false;
    m_changes->setHtml(changesHtml(row));
}

void KernelWatchPanel::updateHeader()
{
    const QString where = QDir::toNativeSeparators(m_model->folder());
    if (!m_model->isWatching()) {
        m_header->setText(where.isEmpty() ? tr("Not watching a folder")
                                          : tr("Stopped watching %1").arg(where));
        m_stop->setEnabled(false);
        return;
    }
    m_stop->setEnabled(true);
    const int n = m_model->rowCount();
    m_header->setText(n == 1
                          ? tr("Watching <b>%1</b>: 1 kernel compiled").arg(where.toHtmlEscaped())
                          : tr("Watching <b>%1</b>: %2 kernels compiled")
                                .arg(where.toHtmlEscaped(), QString::number(n)));
}

QString KernelWatchPanel::changesHtml(int row) const
{
    if (row < 0 || row >= m_model->rowCount())
        return {};
    const KernelWatchModel::Entry &e = m_model->entryAt(row);
    const QString name = q(e.files.name.empty() ? e.folderName.toStdString() : e.files.name);
    QString html =
        tr("<b>%1</b> (%2), compiled %3 in %4")
            .arg(name, e.arch.toHtmlEscaped(), e.compiled.toString(QStringLiteral("HH:mm:ss")),
                 e.folderName.toHtmlEscaped());
    if (!e.error.isEmpty())
        return html +
               QStringLiteral("<p style=\"color:#b00020\">%1</p>").arg(e.error.toHtmlEscaped());
    if (!e.hasPrevious)
        return html + tr("<p>The first compile of %1 in this folder.</p>").arg(name);
    const QString since = tr("the compile of %1 (%2)")
                              .arg(e.previousCompiled.toString(QStringLiteral("HH:mm:ss")),
                                   QDir(e.previousFolder).dirName().toHtmlEscaped());
    if (e.changes.empty())
        return html + tr("<p>No change since %1.</p>").arg(since);
    html += (e.changes.size() == 1
                 ? tr("<p>1 change since %1:</p>").arg(since)
                 : tr("<p>%1 changes since %2:</p>").arg(e.changes.size()).arg(since)) +
            QStringLiteral("<table cellspacing=\"2\">");
    for (const KernelChange &c : e.changes) {
        QString value;
        if (c.before.empty())
            value = tr("<span style=\"color:#1b7a1b\">added</span> %1").arg(q(c.after));
        else if (c.after.empty())
            value = tr("<span style=\"color:#b00020\">removed</span> (was %1)").arg(q(c.before));
        else
            value = QStringLiteral("%1 <b>→</b> %2").arg(q(c.before), q(c.after));
        html += QStringLiteral("<tr><td><i>%1</i></td><td><b>%2</b></td><td>%3</td></tr>")
                    .arg(q(c.kind), q(c.what), value);
    }
    return html + QStringLiteral("</table>");
}

} // namespace lx
