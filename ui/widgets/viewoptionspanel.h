#pragma once

// ViewOptionsPanel: the options of one view of the scene, edited in place. The options offered
// are the ones the view reads (render/viewregistry.h viewOptions: its builder run with a trace),
// so every view kind declares its own and a new option needs no change here; an option that only
// matters once another is set appears when that one is. Each option has the editor of its kind:
// a layout option picks one of the scene's layouts, a string with allowed values, the element
// type and the instruction (the architecture's LDS instructions) pick from lists, integers,
// lists and objects are typed. A value that does not parse is refused next to the field; each
// accepted change is one undo step (LayoutDocument::setViewOptions), and the view's own error,
// if any, shows under the form.

#include <QWidget>

#include <memory>
#include <vector>

class QFormLayout;
class QLabel;

namespace lx {

class LayoutDocument;
struct OptionUse;
struct ViewRequest;

class ViewOptionsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ViewOptionsPanel(LayoutDocument *document, QWidget *parent = nullptr);
    ~ViewOptionsPanel() override;

    // The view whose options are shown (-1: none).
    void setView(int view);
    int view() const { return m_view; }
    // The option keys offered now, in the order the view reads them.
    QStringList offeredKeys() const;
    // Sets one option from text as its editor would (empty text: the default, i.e. removed);
    // an empty string on success, else why the value is refused.
    QString setOption(const QString &key, const QString &text);
    // The view's build error with its options as they are; empty when it builds.
    QString viewError() const;

protected:
    void showEvent(QShowEvent *event) override;

private:
    // Builds the form for the current view now when the panel is shown, else when it is (the
    // trace builds the view a second time: not worth it for a panel no one sees).
    void rebuild();
    void rebuildNow();
    QWidget *editorFor(const OptionUse &use, const QString &current);

    LayoutDocument *m_document;
    int m_view = -1;
    QFormLayout *m_form;
    QLabel *m_title;
    QLabel *m_message;
    QLabel *m_error;
    std::vector<OptionUse> m_uses;
    bool m_stale = true;
    // The view and request the form was built for: a rebuild with both unchanged (the tabs
    // following a structure change, the window announcing the same view again) keeps the form.
    int m_builtView = -1;
    std::unique_ptr<ViewRequest> m_built;
};

} // namespace lx
