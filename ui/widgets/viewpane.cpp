#include "widgets/viewpane.h"

#include "models/ctaedit.h"
#include "models/documentviews.h"
#include "models/elementinfo.h"
#include "models/layoutdocument.h"
#include "render/viewregistry.h"
#include "request/analysisinputs.h"
#include "widgets/diagramview.h"

#include <algorithm>
#include <functional>

#include <QCoreApplication>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPromise>
#include <QScrollBar>
#include <QThread>
#include <QThreadPool>
#include <QToolButton>
#include <QVBoxLayout>

namespace lx {

ViewPane::ViewPane(LayoutDocument *document, int viewIndex, QWidget *parent)
    : QWidget(parent), m_document(document), m_view(viewIndex),
      m_diagramView(new DiagramView(this)), m_error(new QLabel(this)), m_busy(new QLabel(this)),
      m_editMessage(new QLabel(this)), m_generation(std::make_shared<std::atomic<uint64_t>>(0)),
      m_stepBar(new QWidget(this)), m_stepLabel(new QLabel(m_stepBar)),
      m_firstStep(new QToolButton(m_stepBar)), m_previousStep(new QToolButton(m_stepBar)),
      m_nextStep(new QToolButton(m_stepBar)), m_lastStep(new QToolButton(m_stepBar)),
      m_allSteps(new QToolButton(m_stepBar))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_error->setObjectName(QStringLiteral("viewError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(
        QStringLiteral("QLabel { background: #fbe3e3; color: #8a1010; padding: 6px; }"));
    m_error->hide();
    layout->addWidget(m_error);
    m_busy->setObjectName(QStringLiteral("viewBusy"));
    m_busy->setStyleSheet(
        QStringLiteral("QLabel { background: #fff4cc; color: #5a4500; padding: 4px 6px; }"));
    m_busy->hide();
    layout->addWidget(m_busy);
    m_editMessage->setObjectName(QStringLiteral("viewEditMessage"));
    m_editMessage->setWordWrap(true);
    m_editMessage->setStyleSheet(
        QStringLiteral("QLabel { background: #fbe3e3; color: #8a1010; padding: 6px; }"));
    m_editMessage->hide();
    layout->addWidget(m_editMessage);

    m_stepBar->setObjectName(QStringLiteral("stepBar"));
    auto *bar = new QHBoxLayout(m_stepBar);
    bar->setContentsMargins(6, 3, 6, 3);
    struct Button
    {
        QToolButton *button;
        QString text;
        QString tip;
        std::function<void()> action;
    };
    const Button buttons[] = {
        {m_firstStep, tr("First"), tr("Show only the first step"), [this] { setStep(1); }},
        {m_previousStep, tr("◀ Previous"), tr("Previous step (Ctrl+[)"),
         [this] { previousStep(); }},
        {m_nextStep, tr("Next ▶"), tr("Next step (Ctrl+])"), [this] { nextStep(); }},
        {m_lastStep, tr("Last"), tr("Show every step, the last one emphasised"),
         [this] { setStep(stepCount()); }},
        {m_allSteps, tr("All steps"), tr("Leave step mode: every step at once"),
         [this] { setStep(0); }},
    };
    m_stepLabel->setObjectName(QStringLiteral("stepLabel"));
    m_stepLabel->setMinimumWidth(180);
    bar->addWidget(m_stepLabel);
    bar->addStretch(1);
    for (const Button &b : buttons) {
        b.button->setText(b.text);
        b.button->setToolTip(b.tip);
        b.button->setAutoRaise(true);
        connect(b.button, &QToolButton::clicked, this, b.action);
        bar->addWidget(b.button);
    }
    m_stepBar->hide();
    layout->addWidget(m_stepBar);
    layout->addWidget(m_diagramView, 1);

    connect(m_diagramView, &DiagramView::cellHovered, this,
            [this](int panel, int row, int col, qint64 elementId) {
                if (panel < 0) {
                    Q_EMIT hovered({}, {});
                    return;
                }
                const Diagram &d = m_diagramView->diagram();
                QString where =
                    size_t(panel) < d.panels.size() && !d.panels[size_t(panel)].title.isEmpty()
                        ? d.panels[size_t(panel)].title + QStringLiteral(": ")
                        : QString();
                where += tr("row %1, column %2").arg(row).arg(col);
                const int l = layoutIndex();
                const QString description =
                    l >= 0 && elementId >= 0
                        ? describeElement(m_document->layoutAt(l).layout, elementId)
                        : QString();
                Q_EMIT hovered(where, description);
            });
    connect(m_diagramView, &DiagramView::cellClicked, this,
            [this](int, int, int, qint64 elementId) { Q_EMIT elementClicked(elementId); });
    wireWarpDrag();
    connect(document, &LayoutDocument::viewChanged, this, [this](int view) {
        if (view == m_view)
            rebuild();
    });
    // Views may read any layout of the scene (ds_load_tr reads two) and the architecture.
    connect(document, &LayoutDocument::layoutChanged, this, &ViewPane::rebuild);
    connect(document, &LayoutDocument::archChanged, this, &ViewPane::rebuild);
    rebuild();
}

ViewPane::~ViewPane() = default;

int ViewPane::stepCount() const
{
    return int(diagramView()->diagram().steps.names.size());
}

int ViewPane::currentStep() const
{
    return diagramView()->diagram().steps.current;
}

void ViewPane::setStep(int step)
{
    if (!m_document || stepCount() == 0 || m_view < 0 || m_view >= int(m_document->views().size()))
        return;
    step = std::clamp(step, 0, stepCount());
    nlohmann::json options = m_document->views().at(m_view).options;
    if (step == 0)
        options.erase("step");
    else
        options["step"] = step;
    const QString what = step == 0 ? tr("Show every step")
                                   : tr("Show step %1 (%2)")
                                         .arg(step)
                                         .arg(m_diagramView->diagram().steps.names.at(step - 1));
    // Refused only for a view index that no longer exists (checked above).
    (void)m_document->setViewOptions(m_view, options, what);
}

void ViewPane::nextStep()
{
    // From "every step" the walk starts at the first.
    const int current = currentStep();
    setStep(current == 0 ? 1 : std::min(current + 1, stepCount()));
}

void ViewPane::previousStep()
{
    const int current = currentStep();
    setStep(current <= 1 ? 1 : current - 1);
}

bool ViewPane::stepInstruction(int direction)
{
    if (!m_document || m_preview || m_view < 0 || m_view >= int(m_document->views().size()) ||
        m_document->views().at(m_view).kind != QLatin1String("cta-tiles"))
        return false;
    const Expected<CtaInput> cta = resolveCta(currentRequest());
    if (!cta)
        return false;
    nlohmann::json options = m_document->views().at(m_view).options;
    const auto it = options.find("instruction");
    const int current = it != options.end() && it->is_number_integer() ? it->get<int>() : 0;
    const int next = current + (direction > 0 ? 1 : -1);
    if (next < 0 || next >= int(cta->cta.instructions.size()))
        return false;
    options["instruction"] = next;
    return m_document->setViewOptions(m_view, options, tr("Show instruction %1").arg(next))
        .isEmpty();
}

void ViewPane::updateStepBar()
{
    const DiagramSteps &steps = m_diagramView->diagram().steps;
    const int n = int(steps.names.size());
    m_stepBar->setVisible(n > 0);
    if (n == 0)
        return;
    const int k = steps.current;
    m_stepLabel->setText(
        k == 0 ? tr("All %1 steps: %2").arg(n).arg(steps.names.join(QStringLiteral(" → ")))
               : tr("Step %1 of %2 · <b>%3</b>")
                     .arg(k)
                     .arg(n)
                     .arg(steps.names.at(k - 1).toHtmlEscaped()));
    m_firstStep->setEnabled(k != 1);
    m_previousStep->setEnabled(k > 1);
    m_nextStep->setEnabled(k < n);
    m_lastStep->setEnabled(k != n);
    m_allSteps->setEnabled(k != 0);
}

void ViewPane::scrollToCurrentStep()
{
    const Diagram &d = m_diagramView->diagram();
    const auto &tables = m_diagramView->geometry().tables();
    QRect step;
    for (int t : d.steps.currentTables)
        if (t >= 0 && size_t(t) < tables.size())
            step = step.united(tables[size_t(t)].bounds);
    if (d.steps.current == 0 || !step.isValid())
        return;
    // Scroll as little as shows the whole step; a step taller than the window shows its top.
    const int margin = 8;
    QScrollBar *v = m_diagramView->verticalScrollBar();
    const int height = m_diagramView->viewport()->height();
    if (step.top() - margin < v->value() || step.height() + 2 * margin > height)
        v->setValue(step.top() - margin);
    else if (step.bottom() + margin >= v->value() + height)
        v->setValue(step.bottom() + margin - height + 1);
    QScrollBar *h = m_diagramView->horizontalScrollBar();
    if (step.left() - margin < h->value())
        h->setValue(step.left() - margin);
}

QString ViewPane::errorText() const
{
    (void)diagramView(); // a pending build first
    return m_error->isHidden() ? QString() : m_error->text();
}

int ViewPane::layoutIndex() const
{
    if (!m_document || m_view < 0 || m_view >= int(m_document->views().size()))
        return -1;
    const QString name = m_document->views().at(m_view).layoutName;
    if (name.isEmpty())
        return m_document->layoutCount() > 0 ? 0 : -1;
    return m_document->indexOfLayout(name);
}

namespace {

// Above this many elements in a layout of the view, the diagram is built on a worker thread.
constexpr int64_t kAsyncElements = int64_t(1) << 16; // 256 x 256

// Workers for large views, owned by the application so they are joined before it goes away.
QThreadPool *buildPool()
{
    static QPointer<QThreadPool> pool;
    if (!pool) {
        pool = new QThreadPool(QCoreApplication::instance());
        pool->setMaxThreadCount(std::max(1, QThread::idealThreadCount()));
    }
    return pool;
}

} // namespace

bool ViewPane::isBusy() const
{
    return m_building;
}

DiagramView *ViewPane::diagramView() const
{
    if (m_pending) // the reader sees the diagram of the document as it is now
        const_cast<ViewPane *>(this)->build(/*inPlace=*/true);
    return m_diagramView;
}

void ViewPane::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_pending)
        build(/*inPlace=*/false);
}

void ViewPane::rebuild()
{
    if (!m_document || m_view < 0 || m_view >= int(m_document->views().size()))
        return;
    const QWidget *top = window();
    if (top != this && top->isVisible() && !isVisible()) {
        m_pending = true;
        ++*m_generation; // a build under way is stale now
        m_building = false;
        m_busy->hide();
        return;
    }
    build(/*inPlace=*/false);
}

void ViewPane::build(bool inPlace)
{
    if (!m_document || m_view < 0 || m_view >= int(m_document->views().size()))
        return; // between two scenes (the tabs are being rebuilt): nothing to build yet
    m_pending = false;
    m_preview = false;
    ViewRequest request = currentRequest();
    m_built = std::make_unique<ViewRequest>(request);
    m_warpHandles = ctaWarpHandles(request);
    int64_t largest = 0;
    for (const ResolvedLayout &l : request.layouts)
        largest = std::max<int64_t>(largest, l.layout.totalOutDimSize());
    const uint64_t generation = ++*m_generation;
    if (inPlace || largest <= kAsyncElements || !QCoreApplication::instance()) {
        m_building = false;
        m_busy->hide(); // a pending large build is now stale (its generation is old)
        showDiagram(buildView(request));
        return;
    }
    // Large: build off the window's thread so an edit never freezes it. The previous diagram
    // stays up with "Updating…"; a build superseded before it starts is skipped, and only the
    // newest result is shown.
    using Result = std::shared_ptr<Expected<Diagram>>;
    auto promise = std::make_shared<QPromise<Result>>();
    if (!m_watcher) {
        m_watcher = new QFutureWatcher<Result>(this);
        connect(m_watcher, &QFutureWatcher<Result>::finished, this, [this] {
            const QFuture<Result> f = m_watcher->future();
            if (m_asyncGeneration != m_generation->load())
                return; // superseded by a synchronous rebuild
            m_building = false;
            m_busy->hide();
            if (f.resultCount() > 0 && f.resultAt(0))
                showDiagram(std::move(*f.resultAt(0)));
        });
    }
    m_asyncGeneration = generation;
    m_building = true;
    m_watcher->setFuture(promise->future());
    m_busy->setText(tr("Updating the view of %1 elements…").arg(QLocale().toString(largest)));
    m_busy->show();
    promise->start();
    buildPool()->start(
        [promise, request = std::move(request), generation, latest = m_generation]() mutable {
            if (latest->load() == generation)
                promise->addResult(std::make_shared<Expected<Diagram>>(buildView(request)));
            promise->finish();
        });
}

void ViewPane::showPreview(const SceneContents &preview)
{
    if (m_view < 0 || m_view >= int(preview.views.size()))
        return;
    Expected<Diagram> d = buildView(viewRequestFor(preview, m_view));
    if (!d)
        return;      // the candidate cannot be shown in this view: it keeps the scene's
    ++*m_generation; // a build under way is stale now
    m_building = false;
    m_busy->hide();
    m_built.reset(); // the next refresh builds the document's view again
    m_preview = true;
    m_warpHandles.clear(); // a candidate is looked at, not edited
    d->title = tr("Preview (not applied): %1").arg(d->title);
    m_diagramView->setDiagram(std::move(*d));
}

void ViewPane::endPreview()
{
    if (!m_preview)
        return;
    m_preview = false;
    build(/*inPlace=*/true);
}

void ViewPane::refresh()
{
    if (!m_document || m_view < 0 || m_view >= int(m_document->views().size()))
        return;
    if (!isBuiltFrom(viewRequestFor(m_document->contents(), m_view)))
        rebuild();
}

bool ViewPane::isBuiltFrom(const ViewRequest &request) const
{
    if (!m_built)
        return false;
    ViewRequest followed = request;
    followSelection(followed, m_selected);
    return sameInputs(*m_built, followed);
}

ViewRequest ViewPane::currentRequest() const
{
    ViewRequest request = viewRequestFor(m_document->contents(), m_view);
    followSelection(request, m_selected);
    return request;
}

void ViewPane::setSelectedElement(qint64 elementId)
{
    m_selected = elementId;
    // Only a view that follows the selection builds again (refresh compares the requests).
    if (!m_document || m_view < 0 || m_view >= int(m_document->views().size()) ||
        m_document->views().at(m_view).kind != QLatin1String("xor"))
        return;
    refresh();
}

void ViewPane::showDiagram(Expected<Diagram> diagram)
{
    if (!diagram) {
        m_error->setText(tr("This view cannot show the current layouts: %1")
                             .arg(QString::fromStdString(diagram.message())));
        m_error->show();
        // Nothing of the last diagram stays under the reason: it would read as the current
        // layouts' (a pane opened on such a scene shows nothing either).
        m_diagramView->setDiagram(Diagram{});
        updateStepBar();
        Q_EMIT rebuilt();
        return;
    }
    m_error->hide();
    m_editMessage->hide();
    m_diagramView->setDiagram(std::move(*diagram));
    updateStepBar();
    scrollToCurrentStep();
    Q_EMIT rebuilt();
}

const std::vector<CtaWarpHandle> &ViewPane::warpHandles() const
{
    (void)diagramView(); // a pending build first
    return m_warpHandles;
}

QString ViewPane::editMessage() const
{
    return m_editMessage->isHidden() ? QString() : m_editMessage->text();
}

void ViewPane::wireWarpDrag()
{
    m_diagramView->setCellDragFilter([this](int panel, int row, int col) {
        return panel == 0 &&
               std::any_of(m_warpHandles.begin(), m_warpHandles.end(), [&](const CtaWarpHandle &h) {
                   return h.tileM == row - 1 && h.tileN == col - 1;
               });
    });
    connect(m_diagramView, &DiagramView::cellDropped, this,
            [this](int, int fromRow, int fromCol, int toRow, int toCol) {
                dropWarpTile(fromRow, fromCol, toRow, toCol);
            });
}

void ViewPane::dropWarpTile(int fromRow, int fromCol, int toRow, int toCol)
{
    const auto handle =
        std::find_if(m_warpHandles.begin(), m_warpHandles.end(), [&](const CtaWarpHandle &h) {
            return h.tileM == fromRow - 1 && h.tileN == fromCol - 1;
        });
    if (!m_document || handle == m_warpHandles.end())
        return;
    const QString refused =
        toRow < 1 || toCol < 1
            ? tr("Drop warp %1's tile on a tile of C (the strips are A's and B's bands)")
                  .arg(1 << handle->bit)
            : moveWarpBasis(*m_document, layoutIndex(), handle->bit, toRow - 1, toCol - 1);
    if (refused.isEmpty())
        return;
    m_editMessage->setText(tr("Warp basis %1 not moved: %2").arg(handle->bit).arg(refused));
    m_editMessage->show();
}

} // namespace lx
