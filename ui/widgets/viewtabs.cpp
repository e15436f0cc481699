#include "widgets/viewtabs.h"

#include "models/documentviews.h"
#include "models/elementquery.h"
#include "models/layoutdocument.h"
#include "render/exporter.h"
#include "render/exportformat.h"
#include "render/ownershipdiagram.h"
#include "render/viewregistry.h"
#include "widgets/diagramview.h"
#include "widgets/viewpane.h"

#include <QAction>
#include <QApplication>
#include <QBuffer>
#include <QClipboard>
#include <QInputDialog>
#include <QLineEdit>
#include <QMimeData>

#include <memory>

namespace lx {

ViewTabs::ViewTabs(LayoutDocument *document, QWidget *parent)
    : QTabWidget(parent), m_document(document)
{
    setObjectName(QStringLiteral("viewTabs"));
    setDocumentMode(true);
    setMovable(false); // tab order is the scene's view order
    setTabsClosable(true);
    connect(this, &QTabWidget::tabCloseRequested, this, [this](int index) {
        if (const QString e = closeView(index); !e.isEmpty())
            Q_EMIT status(e, 8000);
    });
    // A view's options can tell it apart from a twin in its tab title (viewTitle).
    connect(m_document, &LayoutDocument::viewChanged, this, [this] {
        const SceneContents &scene = m_document->contents();
        for (int i = 0; i < count() && i < int(scene.views.size()); ++i)
            setTabText(i, viewTitle(scene, i));
    });
    connect(this, &QTabWidget::currentChanged, this, [this] {
        if (!m_rebuilding)
            Q_EMIT currentViewChanged();
    });

    createViewActions();
    createCommandActions();
    // The step, close and copy actions follow the current view.
    connect(this, &ViewTabs::currentViewChanged, this, [this] {
        ViewPane *pane = currentPane();
        const bool steps = pane && pane->stepCount() > 0;
        m_nextStepAction->setEnabled(steps);
        m_previousStepAction->setEnabled(steps);
        m_closeViewAction->setEnabled(count() > 0);
        m_copyFigureAction->setEnabled(pane != nullptr);
    });
}

// Zoom, fit, labels, grid and the pipeline steps: actions on the current pane's drawing.
void ViewTabs::createViewActions()
{
    auto action = [this](const QString &text, const QKeySequence &shortcut, auto onPane) {
        auto *a = new QAction(text, this);
        a->setShortcut(shortcut);
        connect(a, &QAction::triggered, this, [this, onPane] {
            if (ViewPane *p = currentPane())
                onPane(p);
        });
        return a;
    };
    auto toggle = [this](const QString &text) {
        auto *a = new QAction(text, this);
        a->setCheckable(true);
        a->setChecked(true);
        connect(a, &QAction::toggled, this, &ViewTabs::applyRenderOptions);
        return a;
    };
    m_zoomInAction = action(tr("Zoom &In"), QKeySequence::ZoomIn,
                            [](ViewPane *p) { p->diagramView()->zoomIn(); });
    m_zoomOutAction = action(tr("Zoom &Out"), QKeySequence::ZoomOut,
                             [](ViewPane *p) { p->diagramView()->zoomOut(); });
    m_zoomResetAction = action(tr("&Actual Size"), QKeySequence(Qt::CTRL | Qt::Key_0),
                               [](ViewPane *p) { p->diagramView()->setScale(1.0); });
    m_fitAction = action(tr("&Fit to Window"), QKeySequence(Qt::CTRL | Qt::Key_9),
                         [](ViewPane *p) { p->diagramView()->fitToView(); });
    m_labelsAction = toggle(tr("Cell &Labels"));
    m_gridAction = toggle(tr("&Grid"));
    m_nextStepAction = action(tr("&Next Step"), QKeySequence(Qt::CTRL | Qt::Key_BracketRight),
                              [](ViewPane *p) { p->nextStep(); });
    m_nextStepAction->setStatusTip(
        tr("Pipeline views: show the next step of cvt → divideLeft → reps → addrToOffset → "
           "addrLayout"));
    m_previousStepAction =
        action(tr("&Previous Step"), QKeySequence(Qt::CTRL | Qt::Key_BracketLeft),
               [](ViewPane *p) { p->previousStep(); });
    m_previousStepAction->setStatusTip(tr("Pipeline views: show the previous step"));
}

// Go to Element, Close View and Copy Figure: actions that ask or change something.
void ViewTabs::createCommandActions()
{
    m_goToElementAction = new QAction(tr("&Go to Element..."), this);
    m_goToElementAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));
    m_goToElementAction->setStatusTip(
        tr("Select and scroll to an element by its coordinates (dim0=12, dim1=40) or by who "
           "owns it (lane=3 register=2 warp=1)"));
    connect(m_goToElementAction, &QAction::triggered, this, [this] {
        bool ok = false;
        QString query = m_lastElementQuery;
        for (QString error;;) {
            query = QInputDialog::getText(
                this, tr("Go to Element"),
                (error.isEmpty() ? QString() : error + QStringLiteral("\n\n")) +
                    tr("Coordinates (dim0=12, dim1=40) or hardware indices (lane=3 register=2):"),
                QLineEdit::Normal, query, &ok);
            if (!ok)
                return;
            const Expected<QString> found = goToElement(query);
            if (found) {
                m_lastElementQuery = query;
                Q_EMIT status(tr("Element %1").arg(*found), 5000);
                return;
            }
            error = QString::fromStdString(found.message());
        }
    });
    m_closeViewAction = new QAction(tr("&Close View"), this);
    m_closeViewAction->setShortcut(QKeySequence::Close);
    connect(m_closeViewAction, &QAction::triggered, this, [this] {
        if (const QString e = closeView(currentIndex()); !e.isEmpty())
            Q_EMIT status(e, 8000);
    });
    m_copyFigureAction = new QAction(tr("Copy &Figure"), this);
    m_copyFigureAction->setObjectName(QStringLiteral("copyFigureAction"));
    m_copyFigureAction->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_C));
    m_copyFigureAction->setStatusTip(
        tr("Copy the current view's figure as drawn (PNG, and SVG for figures of up to %1 "
           "cells); Ctrl+C in a view does the same")
            .arg(kMaxExportCells));
    m_copyFigureAction->setToolTip(m_copyFigureAction->statusTip());
    connect(m_copyFigureAction, &QAction::triggered, this, [this] {
        const QString e = copyFigure();
        Q_EMIT status(e.isEmpty() ? tr("Figure copied") : e, e.isEmpty() ? 3000 : 8000);
    });
}

QString ViewTabs::copyFigure()
{
    ViewPane *pane = currentPane();
    if (!pane)
        return tr("No view to copy");
    if (pane->isBusy())
        return tr("The view is still being drawn; copy it when it is shown");
    if (const QString e = pane->errorText(); !e.isEmpty())
        return tr("The view shows an error, not a figure: %1").arg(e);
    const DiagramView *view = pane->viewWidget();
    const Diagram &diagram = view->diagram();
    RenderOptions options = view->renderOptions();
    options.highlightedElement = -1; // the selection is the window's, not the figure's
    const qint64 cells = diagramCells(diagram);
    QString error;
    const QImage image = renderImage(diagram, fittedForImage(diagram, options, cells), &error);
    if (image.isNull())
        return tr("The figure cannot be copied: %1").arg(error);
    auto mime = std::make_unique<QMimeData>();
    mime->setImageData(image);
    if (cells <= kMaxExportCells)
        mime->setData(QStringLiteral("image/svg+xml"), renderSvg(diagram, options));
    QApplication::clipboard()->setMimeData(mime.release());
    return {};
}

QList<ViewPane *> ViewTabs::panes() const
{
    QList<ViewPane *> result;
    for (int i = 0; i < count(); ++i)
        if (auto *p = qobject_cast<ViewPane *>(widget(i)))
            result.append(p);
    return result;
}

ViewPane *ViewTabs::currentPane() const
{
    auto *pane = qobject_cast<ViewPane *>(currentWidget());
    if (pane && pane->viewIndex() >= int(m_document->views().size()))
        return nullptr;
    return pane;
}

void ViewTabs::rebuild()
{
    // A pane whose view builds from the same request as before is kept (its diagram, scroll and
    // zoom), wherever its view now sits: closing one view or adding a layout rebuilds only the
    // views whose inputs changed. The tabs change without signals; the current view is announced
    // once at the end.
    m_rebuilding = true;
    QWidget *current = currentWidget();
    const int currentAt = currentIndex();
    QList<ViewPane *> old = panes();
    for (ViewPane *p : old)
        p->setViewIndex(-1); // shown while the tabs are taken out: no view to build
    while (count() > 0)
        removeTab(0);
    const SceneContents &scene = m_document->contents();
    for (int i = 0; i < int(scene.views.size()); ++i) {
        const ViewRequest request = viewRequestFor(scene, i);
        ViewPane *pane = nullptr;
        for (int k = 0; k < old.size() && !pane; ++k)
            if (old[k] && !old[k]->isBusy() && old[k]->isBuiltFrom(request))
                std::swap(pane, old[k]);
        if (pane)
            pane->setViewIndex(i);
        else
            pane = newPane(i);
        addTab(pane, viewTitle(scene, i));
        const ViewKind *kind = findViewKind(scene.views.at(i).kind.toStdString());
        setTabToolTip(i, QString::fromUtf8(kind ? kind->summary : ""));
    }
    for (ViewPane *p : old)
        if (p) {
            QObject::disconnect(m_document, nullptr, p, nullptr); // no build for a view gone
            p->deleteLater();
        }
    const int keep = current ? indexOf(current) : -1;
    if (keep >= 0)
        setCurrentIndex(keep);
    else if (currentAt >= 0 && currentAt < count())
        setCurrentIndex(currentAt);
    m_rebuilding = false;
    if (ViewPane *p = currentPane(); p && p->isPending())
        p->rebuild(); // it was shown before it had its view again
    applyRenderOptions();
    Q_EMIT currentViewChanged();
}

ViewPane *ViewTabs::newPane(int view)
{
    auto *pane = new ViewPane(m_document, view, this);
    pane->setSelectedElement(m_selectedElement);
    connect(pane, &ViewPane::elementClicked, this, &ViewTabs::selectElement);
    connect(pane->viewWidget(), &DiagramView::copyRequested, this,
            [this] { m_copyFigureAction->trigger(); });
    connect(pane, &ViewPane::rebuilt, this, [this, pane] {
        if (!m_rebuilding && pane == currentPane())
            Q_EMIT currentViewChanged();
    });
    Q_EMIT paneCreated(pane);
    return pane;
}

void ViewTabs::applyRenderOptions()
{
    for (ViewPane *p : panes()) {
        RenderOptions o = p->viewWidget()->renderOptions();
        o.labels = m_labelsAction->isChecked();
        o.grid = m_gridAction->isChecked();
        o.dark = m_dark;
        p->viewWidget()->setRenderOptions(o);
        p->viewWidget()->setHighlightedElement(m_selectedElement);
    }
}

void ViewTabs::setDark(bool dark)
{
    m_dark = dark;
    applyRenderOptions();
}

void ViewTabs::showPreview(const SceneContents &preview)
{
    // The views one can see: a tab behind the current one keeps the scene's.
    if (ViewPane *pane = currentPane())
        pane->showPreview(preview);
}

void ViewTabs::endPreview()
{
    for (ViewPane *pane : panes())
        pane->endPreview();
}

void ViewTabs::selectElement(qint64 elementId)
{
    m_selectedElement = elementId;
    for (ViewPane *p : panes()) {
        p->viewWidget()->setHighlightedElement(elementId);
        p->setSelectedElement(elementId);
    }
}

Expected<QString> ViewTabs::goToElement(const QString &query)
{
    ViewPane *pane = currentPane();
    const int layout = pane ? pane->layoutIndex() : -1;
    if (layout < 0 || layout >= m_document->layoutCount())
        return makeError(tr("The current view shows no layout").toStdString());
    Expected<ElementQueryResult> found = findElement(m_document->layoutAt(layout).layout, query);
    if (!found)
        return found.error();
    selectElement(found->elementId);
    if (!pane->diagramView()->scrollToElement(found->elementId))
        return makeError(tr("%1 is not drawn in this view (another slice of the tensor)")
                             .arg(found->description)
                             .toStdString());
    return found->description;
}

QString ViewTabs::addView(const QString &kind, const QString &layoutName)
{
    if (layoutName.isEmpty())
        return tr("Select a layout first");
    if (const QString e = m_document->addView(DocumentView{kind, layoutName, {}}); !e.isEmpty())
        return e;
    setCurrentIndex(count() - 1);
    return {};
}

QString ViewTabs::closeView(int index)
{
    if (index < 0)
        return {};
    return m_document->removeView(index);
}

std::optional<QString> ViewTabs::currentColor() const
{
    ViewPane *pane = currentPane();
    if (!pane)
        return std::nullopt;
    const DocumentView &view = m_document->views().at(pane->viewIndex());
    if (view.kind != QLatin1String("ownership"))
        return std::nullopt;
    const int layout = pane->layoutIndex();
    const QString fallback =
        layout >= 0
            ? QString::fromStdString(defaultOwnerColorName(m_document->layoutAt(layout).layout))
            : QString();
    const auto colorBy = view.options.find("colorBy");
    return colorBy != view.options.end() && colorBy->is_string()
               ? QString::fromStdString(colorBy->get<std::string>())
               : fallback;
}

QString ViewTabs::currentColorNote() const
{
    const std::optional<QString> color = currentColor();
    ViewPane *pane = currentPane();
    if (!color || !pane || pane->layoutIndex() < 0)
        return {};
    const Expected<OwnerColor> key = parseOwnerColor(color->toStdString());
    if (!key)
        return {};
    std::optional<CuModel> cu;
    if (*key == OwnerColor::Simd || *key == OwnerColor::SimdPair)
        if (Expected<CuModel> model = cuModelOf(m_document->arch().toStdString()))
            cu = std::move(*model);
    return singleOwnerColourNote(m_document->layoutAt(pane->layoutIndex()).layout, *key, cu);
}

QString ViewTabs::setCurrentColor(const QString &colorBy)
{
    ViewPane *pane = currentPane();
    if (!pane)
        return {};
    const DocumentView &view = m_document->views().at(pane->viewIndex());
    if (view.kind != QLatin1String("ownership"))
        return {};
    nlohmann::json options = view.options;
    options["colorBy"] = colorBy.toStdString();
    return m_document->setViewOptions(pane->viewIndex(), options, tr("Colour by %1").arg(colorBy));
}

} // namespace lx
