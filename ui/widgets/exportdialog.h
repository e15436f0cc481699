#pragma once

// ExportDialog: a figure of one view to PNG, SVG, PDF or TikZ, with a preview. The figure is
// built from the same ViewRequest and written by the same exportDiagram() as
// `layout-explorer render`, so for the same layout, view, options and flags the file is the
// same byte for byte (tests/ui/tst_exportdialog.cpp checks it against the command line).

#include "base/expected.h"
#include "render/diagram.h"
#include "render/diagramrenderer.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QPushButton;

namespace lx {

struct SceneContents;
struct ViewRequest;

class ExportDialog : public QDialog
{
    Q_OBJECT
public:
    ExportDialog(const SceneContents &scene, int view, QWidget *parent = nullptr);
    ~ExportDialog() override;

    // Every control, for tests and for remembering the last choice.
    QComboBox *formatBox() const { return m_format; }
    QDoubleSpinBox *scaleBox() const { return m_scale; }
    QLineEdit *titleEdit() const { return m_title; }
    QCheckBox *legendBox() const { return m_legend; }
    QCheckBox *labelsBox() const { return m_labels; }
    QCheckBox *gridBox() const { return m_grid; }
    QCheckBox *darkBox() const { return m_dark; }
    QComboBox *colorByBox() const { return m_colorBy; }
    QCheckBox *transparentBox() const { return m_transparent; }
    QLineEdit *pathEdit() const { return m_path; }
    QLabel *preview() const { return m_preview; }
    // Fit to a page: width and height in the unit of fitUnitBox() (px, cm or pt).
    QCheckBox *fitBox() const { return m_fit; }
    QDoubleSpinBox *fitWidthBox() const { return m_fitWidth; }
    QDoubleSpinBox *fitHeightBox() const { return m_fitHeight; }
    QComboBox *fitUnitBox() const { return m_fitUnit; }
    // A page size in figure pixels (diagram units at scale 1; a PDF writes one as 0.75 pt).
    [[nodiscard]] static double pixelsPerUnit(const QString &unit);
    [[nodiscard]] static QSize pageInPixels(double width, double height, const QString &unit);

    [[nodiscard]] RenderOptions renderOptions() const;
    // Writes the figure to pathEdit()'s file; returns the reason on failure (nothing written).
    [[nodiscard]] QString exportFigure();

    void accept() override;

private:
    // The "Fit to page" check box, the page's width and height and their unit, in one row.
    QHBoxLayout *createPageRow();
    // What each control changes: the suffix, the enabled controls, the preview, the options.
    void connectControls(QPushButton *browseButton);
    void updatePreview();
    void browse();
    void syncSuffix();
    // The figure as it will be written: fitted to the page when asked.
    [[nodiscard]] Expected<std::pair<Diagram, RenderOptions>> figure();

    std::unique_ptr<ViewRequest> m_request;
    QComboBox *m_format;
    QDoubleSpinBox *m_scale;
    QLineEdit *m_title;
    QCheckBox *m_legend;
    QCheckBox *m_labels;
    QCheckBox *m_grid;
    QCheckBox *m_dark;
    QComboBox *m_colorBy;
    QString m_viewColorBy; // the view's own colorBy option (empty: its default)
    QCheckBox *m_transparent;
    QLineEdit *m_path;
    QLabel *m_preview;
    QLabel *m_message;
    QCheckBox *m_fit;
    QDoubleSpinBox *m_fitWidth;
    QDoubleSpinBox *m_fitHeight;
    QComboBox *m_fitUnit;
};

} // namespace lx
