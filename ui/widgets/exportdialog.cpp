#include "widgets/exportdialog.h"

#include "models/documentviews.h"
#include "models/layoutdocument.h"
#include "render/exporter.h"
#include "render/figurefit.h"
#include "render/ownershipdiagram.h"
#include "render/viewregistry.h"
#include "widgets/panelwidgets.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPixmap>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

#include <cmath>

using namespace Qt::StringLiterals;

namespace lx {

namespace {

constexpr int kPreviewSide = 420;
// The largest page the preview paints whole (pixels); a larger one is previewed at a smaller
// scale.
constexpr qint64 kMaxPreviewPixels = qint64(8) << 20;

// Whether the format whose suffix is `suffix` takes the scale (TikZ is drawn at scale 1).
bool takesScale(const QString &suffix)
{
    const ExportFormat *f = exportFormatForPath(u"x."_s + suffix);
    return !f || f->capabilities().scaled;
}

} // namespace

ExportDialog::ExportDialog(const SceneContents &scene, int view, QWidget *parent)
    : QDialog(parent), m_request(std::make_unique<ViewRequest>(viewRequestFor(scene, view))),
      m_view(view)
{
    for (int v = 0; v < int(scene.views.size()); ++v)
        m_views.push_back(viewRequestFor(scene, v));
    setWindowTitle(tr("Export Figure"));
    auto *outer = new QHBoxLayout(this);
    auto *form = new QFormLayout;
    m_format = new QComboBox(this);
    for (const ExportFormat *f : exportFormats())
        m_format->addItem(f->description(), f->suffix());
    m_scale = new QDoubleSpinBox(this);
    m_scale->setRange(0.25, 16);
    m_scale->setSingleStep(0.5);
    m_scale->setValue(2);
    m_scale->setSuffix(QStringLiteral(" ×"));
    m_scale->setToolTip(tr("PNG pixels per diagram unit; ignored by TikZ"));
    m_title = new QLineEdit(this);
    m_title->setPlaceholderText(tr("the view's own title"));
    m_legend = new QCheckBox(tr("Legend"), this);
    m_legend->setChecked(true);
    m_labels = new QCheckBox(tr("Cell labels and headers"), this);
    m_labels->setChecked(true);
    m_grid = new QCheckBox(tr("Grid"), this);
    m_grid->setChecked(true);
    m_dark = new QCheckBox(tr("Dark colours"), this);
    // Colour by: ownership views only; the first entry keeps the view's own choice.
    m_colorBy = new QComboBox(this);
    m_colorBy->setObjectName(QStringLiteral("exportColorBy"));
    m_colorBy->addItem(tr("as in the view"), QString());
    for (const std::string &name : ownerColorNames())
        m_colorBy->addItem(QString::fromStdString(name), QString::fromStdString(name));
    m_colorBy->setToolTip(tr("What the cell colours show (the command line's --color-by)"));
    m_colorBy->setEnabled(m_request->kind == "ownership");
    if (m_request->options.contains("colorBy") && m_request->options["colorBy"].is_string())
        m_viewColorBy = QString::fromStdString(m_request->options["colorBy"].get<std::string>());
    m_transparent = new QCheckBox(tr("Transparent background"), this);
    m_allViews = new QCheckBox(tr("Every open view, one file each"), this);
    m_allViews->setObjectName(QStringLiteral("exportAllViews"));
    m_allViews->setToolTip(tr("Writes NAME-01-KIND, NAME-02-KIND, ... beside the chosen file, "
                              "each view with these settings and its own title"));
    m_allViews->setEnabled(m_views.size() > 1);
    m_path = new QLineEdit(this);
    m_path->setText(dialogDirectory(QStringLiteral("export")) + QLatin1Char('/') +
                    QString::fromStdString(m_request->kind) + QStringLiteral(".png"));
    auto *browseButton = new QPushButton(tr("Browse..."), this);
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browseButton);
    form->addRow(tr("Format"), m_format);
    form->addRow(tr("Scale"), m_scale);
    form->addRow(tr("Page"), createPageRow());
    form->addRow(tr("Title"), m_title);
    form->addRow(QString(), m_legend);
    form->addRow(QString(), m_labels);
    form->addRow(QString(), m_grid);
    form->addRow(tr("Colour by"), m_colorBy);
    form->addRow(tr("Colours"), m_dark);
    form->addRow(QString(), m_transparent);
    form->addRow(tr("File"), pathRow);
    form->addRow(QString(), m_allViews);
    m_message = newMessageLabel(this);
    form->addRow(m_message);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    buttons->addButton(tr("Export"), QDialogButtonBox::AcceptRole);
    connect(buttons, &QDialogButtonBox::accepted, this, &ExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ExportDialog::reject);
    form->addRow(buttons);
    outer->addLayout(form);

    m_preview = new QLabel(this);
    m_preview->setObjectName(QStringLiteral("exportPreview"));
    m_preview->setFixedSize(kPreviewSide, kPreviewSide);
    m_preview->setAlignment(Qt::AlignCenter);
    m_preview->setFrameShape(QFrame::StyledPanel);
    outer->addWidget(m_preview);

    connectControls(browseButton);
    restoreSettings();
    updatePreview();
}

ExportDialog::~ExportDialog() = default;

QHBoxLayout *ExportDialog::createPageRow()
{
    // Fit to a page (a slide, a column of a paper): the file is the page, the figure scaled to
    // fill it and centred, its panels laid out in rows when that gives a larger figure.
    m_fit = new QCheckBox(tr("Fit to page"), this);
    m_fit->setObjectName(QStringLiteral("exportFit"));
    m_fit->setToolTip(tr("The file is exactly this page, the figure scaled to fill it and "
                         "centred (the command line's --fit)"));
    m_fitWidth = new QDoubleSpinBox(this);
    m_fitHeight = new QDoubleSpinBox(this);
    for (QDoubleSpinBox *b : {m_fitWidth, m_fitHeight}) {
        b->setRange(1, 100000);
        b->setDecimals(1);
        b->setEnabled(false);
    }
    m_fitWidth->setValue(1920);
    m_fitHeight->setValue(1080);
    m_fitUnit = new QComboBox(this);
    m_fitUnit->addItem(tr("px"), QStringLiteral("px"));
    m_fitUnit->addItem(tr("cm"), QStringLiteral("cm"));
    m_fitUnit->addItem(tr("pt"), QStringLiteral("pt"));
    m_fitUnit->setEnabled(false);
    auto *fitRow = new QHBoxLayout;
    fitRow->addWidget(m_fit);
    fitRow->addWidget(m_fitWidth, 1);
    fitRow->addWidget(new QLabel(QStringLiteral("×"), this));
    fitRow->addWidget(m_fitHeight, 1);
    fitRow->addWidget(m_fitUnit);
    return fitRow;
}

void ExportDialog::connectControls(QPushButton *browseButton)
{
    connect(browseButton, &QPushButton::clicked, this, &ExportDialog::browse);
    connect(m_format, &QComboBox::currentIndexChanged, this, [this] {
        syncSuffix();
        m_scale->setEnabled(!m_fit->isChecked() && takesScale(m_format->currentData().toString()));
    });
    connect(m_fit, &QCheckBox::toggled, this, [this](bool on) {
        m_fitWidth->setEnabled(on);
        m_fitHeight->setEnabled(on);
        m_fitUnit->setEnabled(on);
        m_scale->setEnabled(!on && takesScale(m_format->currentData().toString()));
        updatePreview();
    });
    // Switching the unit converts the page so it stays the same size.
    connect(m_fitUnit, &QComboBox::currentIndexChanged, this,
            [this, unit = QStringLiteral("px")](int) mutable {
                const QString next = m_fitUnit->currentData().toString();
                const double ratio = pixelsPerUnit(unit) / pixelsPerUnit(next);
                m_fitWidth->setValue(m_fitWidth->value() * ratio);
                m_fitHeight->setValue(m_fitHeight->value() * ratio);
                unit = next;
            });
    for (QDoubleSpinBox *b : {m_fitWidth, m_fitHeight})
        connect(b, &QDoubleSpinBox::valueChanged, this, &ExportDialog::updatePreview);
    for (QCheckBox *b : {m_legend, m_labels, m_grid, m_dark, m_transparent})
        connect(b, &QCheckBox::toggled, this, &ExportDialog::updatePreview);
    connect(m_title, &QLineEdit::textChanged, this, &ExportDialog::updatePreview);
    connect(m_colorBy, &QComboBox::currentIndexChanged, this, [this] {
        QString c = m_colorBy->currentData().toString();
        if (c.isEmpty())
            c = m_viewColorBy;
        if (c.isEmpty())
            m_request->options.erase("colorBy");
        else
            m_request->options["colorBy"] = c.toStdString();
        updatePreview();
    });
}

RenderOptions ExportDialog::renderOptions() const
{
    RenderOptions o;
    o.scale = m_scale->value();
    o.legend = m_legend->isChecked();
    o.labels = m_labels->isChecked();
    o.grid = m_grid->isChecked();
    o.dark = m_dark->isChecked();
    o.transparent = m_transparent->isChecked();
    return o;
}

void ExportDialog::syncSuffix()
{
    const QString suffix = m_format->currentData().toString();
    QString path = m_path->text();
    const QFileInfo info(path);
    if (!info.suffix().isEmpty())
        path.chop(info.suffix().size() + 1);
    m_path->setText(path + QLatin1Char('.') + suffix);
}

void ExportDialog::browse()
{
    const ExportFormat *format = exportFormatForPath(u"x."_s + m_format->currentData().toString());
    const QString file = QFileDialog::getSaveFileName(this, tr("Export Figure"), m_path->text(),
                                                      format ? format->nameFilter() : QString());
    if (!file.isEmpty())
        m_path->setText(file);
}

double ExportDialog::pixelsPerUnit(const QString &unit)
{
    // A figure pixel is 0.75 pt (96 per inch), as the PDF export writes it.
    if (unit == QLatin1String("pt"))
        return 1.0 / 0.75;
    if (unit == QLatin1String("cm"))
        return 72.0 / 2.54 / 0.75;
    return 1.0;
}

QSize ExportDialog::pageInPixels(double width, double height, const QString &unit)
{
    const double perUnit = pixelsPerUnit(unit);
    // Floor: the page is a limit the figure must stay within.
    return QSize(int(std::floor(width * perUnit + 1e-9)), int(std::floor(height * perUnit + 1e-9)));
}

Expected<std::pair<Diagram, RenderOptions>> ExportDialog::figure(const ViewRequest &request,
                                                                 QStringList *warnings)
{
    Expected<Diagram> diagram = buildView(request);
    if (!diagram)
        return diagram.error();
    if (!m_fit->isChecked())
        return std::make_pair(std::move(*diagram), renderOptions());
    const QSize page = pageInPixels(m_fitWidth->value(), m_fitHeight->value(),
                                    m_fitUnit->currentData().toString());
    FittedFigure f = fitDiagram(*diagram, renderOptions(), page);
    if (!f.fits)
        return makeError(tr("The figure does not fit in %1 x %2 px even at the smallest scale")
                             .arg(page.width())
                             .arg(page.height())
                             .toStdString());
    if (warnings)
        *warnings << f.warnings;
    return std::make_pair(std::move(f.diagram), f.options);
}

QString ExportDialog::warningText() const
{
    QStringList lines;
    for (const QString &w : m_warnings)
        lines << tr("Warning: %1").arg(w);
    return lines.join(QLatin1Char('\n'));
}

void ExportDialog::updatePreview()
{
    if (m_restoring)
        return;
    m_request->title = m_title->text().toStdString();
    m_warnings.clear();
    Expected<std::pair<Diagram, RenderOptions>> fig = figure(*m_request, &m_warnings);
    setMessage(m_message, warningText());
    m_previewImage = QImage();
    if (!fig) {
        m_preview->setText(QString::fromStdString(fig.message()));
        return;
    }
    const Diagram &diagram = fig->first;
    RenderOptions o = fig->second;
    // The preview is the PNG export: the same page painted by the same code, shrunk to the box.
    // Only a page too large to paint whole is painted at a smaller scale.
    const QSize page = DiagramRenderer(diagram, o).pageSize();
    if (qint64(page.width()) * page.height() > kMaxPreviewPixels) {
        const double shrink =
            std::sqrt(double(kMaxPreviewPixels) / (double(page.width()) * double(page.height())));
        o.scale *= shrink;
        if (!o.page.isEmpty())
            o.page = QSize(std::max(1, int(page.width() * shrink)),
                           std::max(1, int(page.height() * shrink)));
    }
    QString error;
    m_previewImage = renderImage(diagram, o, &error);
    if (m_previewImage.isNull()) {
        m_preview->setText(error);
        return;
    }
    m_preview->setPixmap(
        QPixmap::fromImage(m_previewImage.scaled(QSize(kPreviewSide, kPreviewSide) - QSize(4, 4),
                                                 Qt::KeepAspectRatio, Qt::SmoothTransformation)));
}

QStringList ExportDialog::allViewsPaths() const
{
    const QFileInfo info(m_path->text().trimmed());
    const QString stem = info.path() + QLatin1Char('/') + info.completeBaseName();
    const QString suffix = info.suffix();
    QStringList paths;
    for (size_t i = 0; i < m_views.size(); ++i)
        paths << u"%1-%2-%3.%4"_s.arg(stem)
                     .arg(i + 1, 2, 10, QLatin1Char('0'))
                     .arg(QString::fromStdString(m_views[i].kind), suffix);
    return paths;
}

QString ExportDialog::exportAllViews(ExportFormat &format)
{
    const QStringList paths = allViewsPaths();
    m_request->title = m_title->text().toStdString();
    for (size_t i = 0; i < m_views.size(); ++i) {
        // This dialog's view with its title and colouring, the others as they are.
        const ViewRequest &request = int(i) == m_view ? *m_request : m_views[i];
        Expected<std::pair<Diagram, RenderOptions>> fig = figure(request, nullptr);
        if (!fig)
            return tr("View %1: %2").arg(i + 1).arg(QString::fromStdString(fig.message()));
        const QString error =
            exportDiagram(fig->first, fig->second, paths.at(qsizetype(i)), format);
        if (!error.isEmpty())
            return tr("View %1: %2").arg(i + 1).arg(error);
    }
    return {};
}

QString ExportDialog::exportFigure()
{
    const QString path = m_path->text().trimmed();
    if (path.isEmpty())
        return tr("Choose a file to export to");
    ExportFormat *format = exportFormatForPath(path);
    if (!format)
        return tr("Cannot tell the format of '%1': use %2").arg(path, exportSuffixesText());
    if (m_allViews->isChecked() && m_views.size() > 1)
        return exportAllViews(*format);
    m_request->title = m_title->text().toStdString();
    Expected<std::pair<Diagram, RenderOptions>> fig = figure(*m_request, nullptr);
    if (!fig)
        return QString::fromStdString(fig.message());
    return exportDiagram(fig->first, fig->second, path, *format);
}

void ExportDialog::restoreSettings()
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("export"));
    m_restoring = true;
    const int format = m_format->findData(settings.value(QStringLiteral("format")).toString());
    if (format >= 0)
        m_format->setCurrentIndex(format);
    m_scale->setValue(settings.value(QStringLiteral("scale"), m_scale->value()).toDouble());
    // The unit first: switching it converts the default page, which is then overwritten.
    const int unit = m_fitUnit->findData(settings.value(QStringLiteral("pageUnit")).toString());
    if (unit >= 0)
        m_fitUnit->setCurrentIndex(unit);
    m_fitWidth->setValue(
        settings.value(QStringLiteral("pageWidth"), m_fitWidth->value()).toDouble());
    m_fitHeight->setValue(
        settings.value(QStringLiteral("pageHeight"), m_fitHeight->value()).toDouble());
    m_fit->setChecked(settings.value(QStringLiteral("fit"), false).toBool());
    const std::pair<const char *, QCheckBox *> boxes[] = {
        {"legend", m_legend}, {"labels", m_labels},           {"grid", m_grid},
        {"dark", m_dark},     {"transparent", m_transparent}, {"allViews", m_allViews}};
    for (const auto &[key, box] : boxes)
        box->setChecked(settings.value(QString::fromLatin1(key), box->isChecked()).toBool() &&
                        (box != m_allViews || m_allViews->isEnabled()));
    m_restoring = false;
}

void ExportDialog::saveSettings() const
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("export"));
    settings.setValue(QStringLiteral("format"), m_format->currentData().toString());
    settings.setValue(QStringLiteral("scale"), m_scale->value());
    settings.setValue(QStringLiteral("fit"), m_fit->isChecked());
    settings.setValue(QStringLiteral("pageWidth"), m_fitWidth->value());
    settings.setValue(QStringLiteral("pageHeight"), m_fitHeight->value());
    settings.setValue(QStringLiteral("pageUnit"), m_fitUnit->currentData().toString());
    const std::pair<const char *, QCheckBox *> boxes[] = {
        {"legend", m_legend}, {"labels", m_labels},           {"grid", m_grid},
        {"dark", m_dark},     {"transparent", m_transparent}, {"allViews", m_allViews}};
    for (const auto &[key, box] : boxes)
        settings.setValue(QString::fromLatin1(key), box->isChecked());
}

void ExportDialog::accept()
{
    const QString error = exportFigure();
    if (!error.isEmpty()) {
        setMessage(m_message, error);
        return;
    }
    rememberDialogDirectory(QStringLiteral("export"), m_path->text());
    saveSettings();
    QDialog::accept();
}

} // namespace lx
