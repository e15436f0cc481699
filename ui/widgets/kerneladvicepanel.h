#pragma once

// KernelAdvicePanel: "Suggest for this op" in the Kernel dock. Its buttons (Suggest, Copy #ttg
// line, Copy Gluon, Apply to scene, Save Patched Module…) stay in view above what scrolls: the
// suggestion in words and its before/after table (models/kerneladvicemodel.h), one row per op
// of the module that uses the op's shared encoding. The dock does the work; the panel shows it
// and reports the presses.

#include "models/opsuggestion.h"

#include <QWidget>

class QAction;
class QPushButton;
class QTableView;
class QTextBrowser;

namespace lx {

class KernelAdviceModel;

class KernelAdvicePanel : public QWidget
{
    Q_OBJECT
public:
    // `savePatched`: the dock's Save Patched Module… action, given a button here.
    KernelAdvicePanel(QAction *savePatched, QWidget *parent = nullptr);

    // Shows a suggestion: its words at the top, its rows in the table; Copy and Apply are
    // enabled when it improves on the module.
    void showAdvice(const OpSuggestion &advice);
    // No suggestion: `why` in its place (empty: nothing), Copy and Apply disabled.
    void clearAdvice(const QString &why);
    KernelAdviceModel *model() const { return m_model; }

Q_SIGNALS:
    void suggestRequested();
    void applyRequested();
    void copyRequested(bool gluon);

private:
    QPushButton *m_suggest;
    QPushButton *m_copyTtg;
    QPushButton *m_copyGluon;
    QPushButton *m_apply;
    QTextBrowser *m_words;
    KernelAdviceModel *m_model;
    QTableView *m_table;
};

} // namespace lx
