#include "widgets/viewoptionspanel.h"
#include "render/qtext.h"

#include "base/jsoninput.h"
#include "hw/arch.h"
#include "hw/dtype.h"
#include "models/documentviews.h"
#include "models/layoutdocument.h"
#include "render/viewregistry.h"
#include "widgets/panelwidgets.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QShowEvent>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

#include <cmath>

namespace lx {

namespace {

// The value of option `key`, or null when it is not set.
const nlohmann::json *optionAt(const nlohmann::json &options, const std::string &key)
{
    const auto it = options.find(key);
    return it == options.end() ? nullptr : &*it;
}

// The text an option's editor shows for its JSON value (empty: not set).
QString textOf(const nlohmann::json *v)
{
    if (!v || v->is_null())
        return {};
    if (v->is_string())
        return qs(v->get<std::string>());
    if (v->is_boolean())
        return v->get<bool>() ? QStringLiteral("true") : QStringLiteral("false");
    if (v->is_number_unsigned())
        return QString::number(v->get<uint64_t>());
    if (v->is_number_integer())
        return QString::number(v->get<int64_t>());
    if (v->is_number_float()) {
        // A whole number shows as one; any other number as 0, as the integer editors read it.
        const double d = v->get<double>();
        const bool whole = d == std::trunc(d) && d >= -0x1p63 && d < 0x1p63;
        return QString::number(whole ? int64_t(d) : int64_t(0));
    }
    if (v->is_array() && !v->empty() && v->front().is_string()) {
        QStringList names; // a list of names reads as the editor takes it: "gfx942, gfx950"
        for (const nlohmann::json &e : *v)
            names << (e.is_string() ? qs(e.get<std::string>()) : QString());
        return names.join(QStringLiteral(", "));
    }
    return qs(safeDump(*v));
}

// The choices of a picked option; empty for a typed one.
QStringList choicesOf(const OptionUse &use, const LayoutDocument &document)
{
    QStringList out;
    switch (use.kind) {
    case OptionUse::Layout:
        for (int i = 0; i < document.layoutCount(); ++i)
            out << document.layoutAt(i).name;
        break;
    case OptionUse::Dtype:
        for (const char *d : dtypeChoices())
            out << QString::fromLatin1(d);
        break;
    case OptionUse::Bool:
        out << QStringLiteral("true") << QStringLiteral("false");
        break;
    case OptionUse::String:
        for (const std::string &a : use.allowed)
            out << qs(a);
        if (out.isEmpty() && use.key == "instruction")
            if (const Expected<Architecture> arch = loadArchitecture(document.arch().toStdString()))
                for (const LdsInstruction &i : arch->instructions)
                    out << qs(i.name);
        break;
    default:
        break;
    }
    return out;
}

// The JSON value of `text` for an option of this kind, or why it is refused.
Expected<nlohmann::json> valueOf(const OptionUse &use, const QString &text)
{
    const QString t = text.trimmed();
    switch (use.kind) {
    case OptionUse::Int: {
        bool ok = false;
        const qlonglong n = t.toLongLong(&ok);
        if (!ok)
            return makeError("'" + t.toStdString() + "' is not an integer");
        return nlohmann::json(int64_t(n));
    }
    case OptionUse::Bool:
        if (t != QLatin1String("true") && t != QLatin1String("false"))
            return makeError("expected true or false");
        return nlohmann::json(t == QLatin1String("true"));
    case OptionUse::StringList: {
        // "gfx942, gfx950" (or the JSON list of them) as ["gfx942", "gfx950"].
        QString names = t;
        names.remove(QLatin1Char('[')).remove(QLatin1Char(']')).remove(QLatin1Char('"'));
        nlohmann::json list = nlohmann::json::array();
        for (const QString &part : names.split(QLatin1Char(','), Qt::SkipEmptyParts))
            if (!part.trimmed().isEmpty())
                list.push_back(part.trimmed().toStdString());
        if (list.empty())
            return makeError("expected names separated by commas, e.g. gfx942, gfx950");
        return list;
    }
    case OptionUse::IntList:
    case OptionUse::Object: {
        const std::string wrapped = "{\"v\": " + t.toStdString() + "}";
        const Expected<nlohmann::json> d = parseJson(wrapped);
        const bool list = use.kind == OptionUse::IntList;
        if (!d || !d->is_object() || !d->contains("v") ||
            (list ? !(*d)["v"].is_array() : !(*d)["v"].is_object()))
            return makeError(list ? "expected a list such as [1, 0]"
                                  : "expected a JSON object {...}");
        return (*d)["v"];
    }
    default:
        return nlohmann::json(t.toStdString());
    }
}

const char *kindName(OptionUse::Kind kind)
{
    switch (kind) {
    case OptionUse::Layout:
        return "a layout of the scene";
    case OptionUse::Dtype:
        return "an element type";
    case OptionUse::Int:
        return "an integer";
    case OptionUse::Bool:
        return "true or false";
    case OptionUse::IntList:
        return "a list of integers";
    case OptionUse::StringList:
        return "names separated by commas";
    case OptionUse::Object:
        return "a JSON object";
    default:
        return "text";
    }
}

} // namespace

ViewOptionsPanel::ViewOptionsPanel(LayoutDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_title = new QLabel(this);
    m_title->setWordWrap(true);
    layout->addWidget(m_title);
    m_form = new QFormLayout;
    layout->addLayout(m_form);
    m_message = newMessageLabel(this);
    m_message->setObjectName(QStringLiteral("viewOptionsMessage"));
    layout->addWidget(m_message);
    m_error = newMessageLabel(this);
    m_error->setObjectName(QStringLiteral("viewOptionsViewError"));
    layout->addWidget(m_error);
    layout->addStretch(1);
    connect(document, &LayoutDocument::viewChanged, this, [this](int v) {
        if (v == m_view)
            rebuild();
    });
    connect(document, &LayoutDocument::structureChanged, this, &ViewOptionsPanel::rebuild);
    connect(document, &LayoutDocument::sceneReset, this, [this] { setView(-1); });
    connect(document, &LayoutDocument::archChanged, this, &ViewOptionsPanel::rebuild);
    // After an undo or redo every field shows the view's options again and no refusal stays.
    connect(document, &LayoutDocument::historyMoved, this, [this] {
        m_message->clear();
        m_built.reset();
        rebuild();
    });
    rebuild();
}

ViewOptionsPanel::~ViewOptionsPanel() = default;

void ViewOptionsPanel::setView(int view)
{
    m_view = view;
    m_message->clear();
    rebuild();
}

QStringList ViewOptionsPanel::offeredKeys() const
{
    QStringList keys;
    for (const OptionUse &u : m_uses)
        keys << qs(u.key);
    return keys;
}

QString ViewOptionsPanel::viewError() const
{
    return m_error->text();
}

void ViewOptionsPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale)
        rebuildNow();
}

void ViewOptionsPanel::rebuild()
{
    m_stale = true;
    if (isVisible())
        rebuildNow();
}

void ViewOptionsPanel::rebuildNow()
{
    m_stale = false;
    const bool valid = m_view >= 0 && m_view < int(m_document->views().size());
    std::unique_ptr<ViewRequest> request =
        valid ? std::make_unique<ViewRequest>(viewRequestFor(m_document->contents(), m_view))
              : nullptr;
    if (request && m_built && m_builtView == m_view && sameInputs(*m_built, *request))
        return;
    m_built = std::move(request);
    m_builtView = m_view;
    // The form is rebuilt from an editor's own signal (a choice changes the options the view
    // reads): the old editors go when control is back in the event loop, not under their feet.
    // Hidden and nameless until then, so nothing finds them.
    while (m_form->rowCount() > 0) {
        const QFormLayout::TakeRowResult row = m_form->takeRow(0);
        for (QLayoutItem *item : {row.labelItem, row.fieldItem}) {
            if (!item)
                continue;
            if (QWidget *w = item->widget()) {
                w->hide();
                w->setObjectName(QString());
                w->deleteLater();
            }
            delete item;
        }
    }
    m_uses.clear();
    m_error->clear();
    if (m_view < 0 || m_view >= int(m_document->views().size())) {
        m_title->setText(tr("No view is open."));
        return;
    }
    const DocumentView &v = m_document->views().at(m_view);
    m_title->setText(
        tr("<b>%1</b> view%2")
            .arg(v.kind, v.layoutName.isEmpty() ? QString() : tr(" of %1").arg(v.layoutName)));
    std::string error;
    m_uses = viewOptions(*m_built, &error);
    m_error->setText(qs(error));
    if (m_uses.empty())
        m_form->addRow(new QLabel(tr("This view has no options."), this));
    for (const OptionUse &use : m_uses)
        m_form->addRow(qs(use.key), editorFor(use, textOf(optionAt(v.options, use.key))));
}

QWidget *ViewOptionsPanel::editorFor(const OptionUse &use, const QString &current)
{
    const QString key = qs(use.key);
    const QStringList choices = choicesOf(use, *m_document);
    const QString tip = tr("%1: %2; empty for the view's default").arg(key, tr(kindName(use.kind)));
    if (!choices.isEmpty()) {
        auto *box = new QComboBox(this);
        box->setObjectName(QStringLiteral("viewOption_") + key);
        box->setToolTip(tip);
        box->addItem(tr("(default)"), QString());
        for (const QString &c : choices)
            box->addItem(c, c);
        if (!current.isEmpty() && box->findData(current) < 0)
            box->addItem(current, current); // a value the list lacks stays shown (and refused)
        box->setCurrentIndex(std::max(0, box->findData(current)));
        connect(box, &QComboBox::activated, this, [this, key, box] {
            const QString e = setOption(key, box->currentData().toString());
            if (!e.isEmpty())
                m_message->setText(e);
        });
        return box;
    }
    auto *edit = new QLineEdit(current, this);
    edit->setObjectName(QStringLiteral("viewOption_") + key);
    edit->setToolTip(tip);
    edit->setPlaceholderText(tr("(default)"));
    // A refusal is about the text typed: once the field shows the option again (its own undo),
    // the message goes.
    connect(edit, &QLineEdit::textChanged, this, [this, current](const QString &t) {
        if (t == current)
            m_message->clear();
    });
    connect(edit, &QLineEdit::editingFinished, this, [this, key, edit] {
        const QString e = setOption(key, edit->text());
        if (!e.isEmpty())
            m_message->setText(e);
    });
    return edit;
}

QString ViewOptionsPanel::setOption(const QString &key, const QString &text)
{
    if (m_view < 0 || m_view >= int(m_document->views().size()))
        return tr("no view");
    const OptionUse *use = nullptr;
    for (const OptionUse &u : m_uses)
        if (qs(u.key) == key)
            use = &u;
    if (!use)
        return tr("the %1 view has no option '%2'").arg(m_document->views().at(m_view).kind, key);
    nlohmann::json options = m_document->views().at(m_view).options;
    if (text.trimmed().isEmpty()) {
        options.erase(key.toStdString());
    } else {
        const Expected<nlohmann::json> value = valueOf(*use, text);
        if (!value)
            return tr("%1: %2").arg(key, qs(value.message()));
        options[key.toStdString()] = *value;
    }
    m_message->clear();
    return m_document->setViewOptions(
        m_view, options, tr("Set %1 of the %2 view").arg(key, m_document->views().at(m_view).kind));
}

} // namespace lx
