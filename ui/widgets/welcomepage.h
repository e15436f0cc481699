#pragma once

// WelcomePage: what the centre of the window shows when the scene has no view yet, with the
// three ways in: open a figure preset, paste #ttg / Gluon text, or build a layout from its
// parameters. The buttons trigger the window's own actions, so their shortcuts and tooltips are
// the menus'.

#include <QWidget>

class QAction;

namespace lx {

class WelcomePage : public QWidget
{
    Q_OBJECT
public:
    WelcomePage(QAction *openPreset, QAction *addFromText, QAction *addFromBuilder,
                QWidget *parent = nullptr);
};

} // namespace lx
