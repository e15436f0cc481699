#pragma once

// ViewPane: one view of the scene (a tab): the Diagram its kind builds from the document,
// shown in a DiagramView, rebuilt whenever a layout of the scene changes. When the view cannot
// be built (a layout it needs was edited into one the view does not accept) the pane says why
// above the last diagram it could build.

#include "layout/expected.h"

#include <QPointer>
#include <QWidget>

class QLabel;

namespace lx {

class DiagramView;
class LayoutDocument;
struct RenderOptions;

class ViewPane : public QWidget
{
    Q_OBJECT
public:
    ViewPane(LayoutDocument *document, int viewIndex, QWidget *parent = nullptr);
    ~ViewPane() override;

    int viewIndex() const { return m_view; }
    DiagramView *diagramView() const { return m_diagramView; }
    // Why the last rebuild failed (empty when it succeeded).
    QString errorText() const;
    // The layout this view shows (its own or the scene's first), or -1.
    int layoutIndex() const;

    // Builds the diagram again from the document.
    void rebuild();

Q_SIGNALS:
    // The hovered cell (panel -1: none) with the window's description of it.
    void hovered(const QString &where, const QString &description);
    void elementClicked(qint64 elementId);

private:
    QPointer<LayoutDocument> m_document;
    int m_view;
    DiagramView *m_diagramView;
    QLabel *m_error;
};

} // namespace lx
