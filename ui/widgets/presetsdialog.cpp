#include "widgets/presetsdialog.h"

#include "models/presetlistmodel.h"
#include "widgets/panelwidgets.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace lx {

PresetsDialog::PresetsDialog(QWidget *parent)
    : QDialog(parent), m_model(new PresetListModel(this)), m_table(new QTableView(this)),
      m_description(new QLabel(this))
{
    setWindowTitle(tr("Presets"));
    resize(760, 480);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(
        new QLabel(tr("Every figure and table of the AMD MI450 LDS blog and of rocMLIR "
                      "PR #2196,\ncomputed by the engine from its parameters. Open "
                      "one to explore it."),
                   this));
    showAsRowList(m_table, m_model);
    m_table->horizontalHeader()->setSectionResizeMode(PresetListModel::NameColumn,
                                                      QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    layout->addWidget(m_table, 1);
    m_description->setWordWrap(true);
    m_description->setMinimumHeight(40);
    layout->addWidget(m_description);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
    QPushButton *open = buttons->button(QDialogButtonBox::Open);
    open->setEnabled(false);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_table, &QTableView::doubleClicked, this, &QDialog::accept);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this, open](const QModelIndex &current) {
                open->setEnabled(current.isValid());
                m_description->setText(current.data(PresetListModel::DescriptionRole).toString());
            });
    layout->addWidget(buttons);
    if (m_model->rowCount() > 0)
        m_table->selectRow(0);
}

QString PresetsDialog::selectedPreset() const
{
    const QModelIndex current = m_table->currentIndex();
    return current.isValid() ? current.data(PresetListModel::NameRole).toString() : QString();
}

} // namespace lx
