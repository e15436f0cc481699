#include "widgets/viewpane.h"

#include "models/documentviews.h"
#include "models/elementinfo.h"
#include "models/layoutdocument.h"
#include "render/viewregistry.h"
#include "widgets/diagramview.h"

#include <QLabel>
#include <QVBoxLayout>

namespace lx {

ViewPane::ViewPane(LayoutDocument *document, int viewIndex, QWidget *parent)
    : QWidget(parent), m_document(document), m_view(viewIndex),
      m_diagramView(new DiagramView(this)), m_error(new QLabel(this))
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
    rebuild();
}

ViewPane::~ViewPane() = default;

QString ViewPane::errorText() const
{
    return m_error->isVisible() ? m_error->text() : QString();
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

void ViewPane::rebuild()
{
    if (!m_document || m_view < 0 || m_view >= int(m_document->views().size()))
        return;
    Expected<Diagram> diagram = buildDocumentView(m_document->contents(), m_view);
    if (!diagram) {
        m_error->setText(tr("This view cannot show the current layouts: %1")
                             .arg(QString::fromStdString(diagram.message())));
        m_error->show();
        return;
    }
    m_error->hide();
    m_diagramView->setDiagram(std::move(*diagram));
}

} // namespace lx
