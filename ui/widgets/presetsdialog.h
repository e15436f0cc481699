#pragma once

// PresetsDialog: the presets browser. Every figure and table of the AMD blog and the rocMLIR pull
// request by name with its one-line explanation; opening one replaces the scene with its layouts
// and views.

#include <QDialog>

class QLabel;
class QTableView;

namespace lx {

class PresetListModel;

class PresetsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit PresetsDialog(QWidget *parent = nullptr);

    // The chosen preset's name (empty until one is chosen).
    QString selectedPreset() const;
    QTableView *table() const { return m_table; }

private:
    PresetListModel *m_model;
    QTableView *m_table;
    QLabel *m_description;
};

} // namespace lx
