#pragma once

// ExportDialog: a figure of one view (or of every open view, a file each) to PNG, SVG, PDF or
// TikZ, with a preview. The figure is built from the same ViewRequest and written by the same
// exportDiagram() as `layout-explorer render`, so for the same layout, view, options and flags
// the file is the same byte for byte (tests/ui/tst_exportdialog.cpp checks it against the command
// line). The preview is the file: the same page painted by the same code, shrunk to the box.
// The dialog remembers its settings (QSettings, group "export") from one successful export to
// the next dialog.

#include "base/expected.h"
#include "render/diagram.h"
#include "render/diagramrenderer.h"
#include "render/exportformat.h"

#include <QDialog>
#include <QImage>
#include <QStringList>

#include <vector>

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
    // Every open view, one file each: NAME-01-KIND.SUFFIX, ... beside the chosen file.
    QCheckBox *allViewsBox() const { return m_allViews; }
    // The page the preview shows, before it is shrunk to the box: the PNG export's image.
    [[nodiscard]] QImage previewImage() const { return m_previewImage; }
    // What the page cannot show legibly (the command line's warnings), shown under the form.
    [[nodiscard]] QString warningText() const;
    // The files "every open view" writes for the chosen file, in the views' order.
    [[nodiscard]] QStringList allViewsPaths() const;
    // A page size in figure pixels (diagram units at scale 1; a PDF writes one as 0.75 pt).
    [[nodiscard]] static double pixelsPerUnit(const QString &unit);
    [[nodiscard]] static QSize pageInPixels(double width, double height, const QString &unit);

    [[nodiscard]] RenderOptions renderOptions() const;
    // Writes the figure to pathEdit()'s file; returns the reason on failure (nothing written).
    [[nodiscard]] QString exportFigure();

    void accept() override;

private:
    // The settings of the last successful export (QSettings group "export"), and saving them.
    void restoreSettings();
    void saveSettings() const;
    // Writes every open view, a file each; returns the reason on failure.
    [[nodiscard]] QString exportAllViews(ExportFormat &format);
    // The "Fit to page" check box, the page's width and height and their unit, in one row.
    QHBoxLayout *createPageRow();
    // What each control changes: the suffix, the enabled controls, the preview, the options.
    void connectControls(QPushButton *browseButton);
    void updatePreview();
    void browse();
    void syncSuffix();
    // The figure as it will be written: fitted to the page when asked (its warnings in
    // `warnings`).
    [[nodiscard]] Expected<std::pair<Diagram, RenderOptions>> figure(const ViewRequest &request,
                                                                     QStringList *warnings);

    std::unique_ptr<ViewRequest> m_request;
    std::vector<ViewRequest> m_views; // every open view, in the scene's order
    int m_view;                       // the one m_request shows (title and colouring set here)
    QCheckBox *m_allViews;
    QImage m_previewImage;
    QStringList m_warnings;
    bool m_restoring = false; // the preview waits until every setting is restored
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
