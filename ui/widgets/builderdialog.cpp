#include "widgets/builderdialog.h"

#include "widgets/builderdialogspecs.h"

#include "hw/dtype.h"
#include "io/ttgtext.h"
#include "models/layoutdocument.h"
#include "request/defaults.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStyle>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>

namespace lx {

using namespace builder;

namespace {

QWidget *makeEditor(const FieldSpec &spec, QWidget *parent)
{
    switch (spec.type) {
    case FieldType::Int: {
        auto *spin = new QSpinBox(parent);
        spin->setRange(spec.min, spec.max);
        return spin;
    }
    case FieldType::Bool:
        return new QCheckBox(parent);
    case FieldType::Choice: {
        auto *box = new QComboBox(parent);
        for (const Choice &c : spec.choices)
            box->addItem(QString::fromUtf8(c.text), QString::fromLatin1(c.value));
        return box;
    }
    case FieldType::IntList:
    case FieldType::Bases:
    case FieldType::Pairs:
        return new QLineEdit(parent);
    }
    return nullptr;
}

QString tooltipOf(const FieldSpec &spec)
{
    return QStringLiteral("<p>%1</p><p>MLIR key: <code>%2</code><br>Gluon keyword: <code>%3</code>"
                          "</p>")
        .arg(QString::fromUtf8(spec.help).toHtmlEscaped(), QString::fromLatin1(spec.key),
             QString::fromLatin1(spec.gluon));
}

} // namespace

QList<BuilderDialog::Kind> BuilderDialog::kinds()
{
    QList<Kind> out;
    for (const PageSpec &s : pageSpecs())
        out << s.kind;
    return out;
}

QString BuilderDialog::kindId(Kind kind)
{
    return QString::fromLatin1(pageSpec(kind).id);
}

bool BuilderDialog::kindFromId(const QString &id, Kind *kind)
{
    for (const PageSpec &s : pageSpecs())
        if (id == QLatin1String(s.id)) {
            *kind = s.kind;
            return true;
        }
    return false;
}

BuilderDialog::BuilderDialog(LayoutDocument *document, QWidget *parent)
    : QDialog(parent), m_document(document)
{
    setWindowTitle(tr("Add Layout from Builder"));
    setObjectName(QStringLiteral("builderDialog"));
    setMinimumWidth(640);
    // A marked field: a red frame, readable in the light and the dark theme.
    setStyleSheet(QStringLiteral("QLineEdit[lxInvalid=\"true\"], QSpinBox[lxInvalid=\"true\"], "
                                 "QComboBox[lxInvalid=\"true\"] { border: 1px solid #d00000; }"));
    auto *outer = new QVBoxLayout(this);

    m_kindBox = new QComboBox(this);
    m_kindBox->setObjectName(QStringLiteral("kindBox"));
    m_kindBox->setToolTip(tr("The bespoke layout to build (core/layout/attrs.h)"));
    for (const PageSpec &s : pageSpecs())
        m_kindBox->addItem(QString::fromUtf8(s.title), QString::fromLatin1(s.id));
    buildCommonFields();
    auto *top = new QFormLayout;
    top->addRow(tr("Kind"), m_kindBox);
    for (const auto &f : m_common) {
        f->label = new QLabel(QString::fromUtf8(f->spec.label), this);
        top->addRow(f->label, f->row);
    }
    outer->addLayout(top);

    auto *params = new QGroupBox(tr("Parameters"), this);
    auto *paramsLayout = new QVBoxLayout(params);
    m_pageTitle = new QLabel(params);
    m_pageTitle->setWordWrap(true);
    paramsLayout->addWidget(m_pageTitle);
    m_stack = new QStackedWidget(params);
    paramsLayout->addWidget(m_stack);
    outer->addWidget(params);
    buildPages();

    auto *previewBox = new QGroupBox(tr("Preview"), this);
    auto *previewLayout = new QVBoxLayout(previewBox);
    m_preview = new QPlainTextEdit(previewBox);
    m_preview->setObjectName(QStringLiteral("previewEdit"));
    m_preview->setReadOnly(true);
    m_preview->setPlaceholderText(tr("No layout: fix the marked field"));
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_preview->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_preview->setFixedHeight(m_preview->fontMetrics().lineSpacing() * 4 + 12);
    m_preview->setToolTip(tr("The #ttg text the parameters make: what the scene saves and what "
                             "Copy Layout as #ttg copies"));
    previewLayout->addWidget(m_preview);
    m_summary = new QLabel(previewBox);
    m_summary->setObjectName(QStringLiteral("summaryLabel"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    previewLayout->addWidget(m_summary);
    outer->addWidget(previewBox);
    outer->addStretch(1);

    m_openView = new QCheckBox(tr("Open an ownership view of it"), this);
    m_openView->setChecked(true);
    m_openView->setToolTip(tr("Also add an ownership view of the new layout (one undo step with "
                              "the layout)"));
    outer->addWidget(m_openView);

    auto *buttons = new QDialogButtonBox(
        QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::RestoreDefaults, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("Add Layout"));
    buttons->button(QDialogButtonBox::RestoreDefaults)
        ->setToolTip(tr("Every parameter of every kind back to its default"));
    connect(buttons, &QDialogButtonBox::accepted, this, &BuilderDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this,
            &BuilderDialog::restoreDefaults);
    outer->addWidget(buttons);

    connect(m_kindBox, &QComboBox::currentIndexChanged, this, &BuilderDialog::onKindChanged);
    restoreDefaults();
    readSettings();
}

BuilderDialog::~BuilderDialog() = default;

void BuilderDialog::buildCommonFields()
{
    auto add = [this](FieldSpec spec, QWidget *editor) {
        auto f = std::make_unique<Field>();
        f->spec = std::move(spec);
        f->editor = editor;
        f->editor->setObjectName(QString::fromLatin1(f->spec.key));
        f->editor->setToolTip(QString::fromUtf8(f->spec.help));
        f->row = new QWidget(this);
        auto *v = new QVBoxLayout(f->row);
        v->setContentsMargins(0, 0, 0, 0);
        v->setSpacing(1);
        editor->setParent(f->row);
        v->addWidget(editor);
        f->error = new QLabel(f->row);
        f->error->setStyleSheet(errorStyle());
        f->error->setWordWrap(true);
        f->error->hide();
        v->addWidget(f->error);
        m_common.push_back(std::move(f));
    };
    auto *name = new QLineEdit(this);
    connect(name, &QLineEdit::textEdited, this, [this] { m_nameEdited = true; });
    connect(name, &QLineEdit::textChanged, this, &BuilderDialog::revalidate);
    add({"name", "Name", FieldType::IntList, "", "The layout's name in the scene (unique)", ""},
        name);
    auto *shape = new QLineEdit(this);
    connect(shape, &QLineEdit::textChanged, this, &BuilderDialog::revalidate);
    add({"shape", "Tensor shape", FieldType::IntList, "",
         "The tensor shape the layout is built for, dims joined by x (dim0 first), e.g. 128x64; "
         "powers of two, at most 2^22 elements",
         ""},
        shape);
    auto *dtype = new QComboBox(this);
    for (const char *d : dtypeChoices())
        dtype->addItem(QString::fromLatin1(d), QString::fromLatin1(d));
    connect(dtype, &QComboBox::currentIndexChanged, this, &BuilderDialog::revalidate);
    add({"dtype", "Element type", FieldType::Choice, "",
         "The element type: the bank, ds_load_tr and allocation views read its width",
         kDefaultDtype.data()},
        dtype);
}

void BuilderDialog::buildPages()
{
    for (const PageSpec &spec : pageSpecs()) {
        auto p = std::make_unique<Page>();
        p->kind = spec.kind;
        p->shapeText = QString::fromLatin1(spec.shape);
        p->widget = new QWidget(m_stack);
        p->form = new QFormLayout(p->widget);
        p->form->setContentsMargins(0, 0, 0, 0);
        p->form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        for (const FieldSpec &fs : spec.fields) {
            auto f = std::make_unique<Field>();
            f->spec = fs;
            f->row = new QWidget(p->widget);
            auto *v = new QVBoxLayout(f->row);
            v->setContentsMargins(0, 0, 0, 0);
            v->setSpacing(1);
            f->editor = makeEditor(fs, f->row);
            f->editor->setObjectName(QString::fromLatin1(fs.key));
            f->editor->setToolTip(tooltipOf(fs));
            v->addWidget(f->editor);
            f->error = new QLabel(f->row);
            f->error->setStyleSheet(errorStyle());
            f->error->setWordWrap(true);
            f->error->hide();
            v->addWidget(f->error);
            f->label = new QLabel(QString::fromUtf8(fs.label), p->widget);
            f->label->setToolTip(tooltipOf(fs));
            p->form->addRow(f->label, f->row);
            if (auto *e = qobject_cast<QLineEdit *>(f->editor)) {
                e->setPlaceholderText(fs.type == FieldType::Bases ? QStringLiteral("[[0, 1], ...]")
                                      : fs.type == FieldType::Pairs ? QStringLiteral("512:+16")
                                                                    : QStringLiteral("1, 4"));
                connect(e, &QLineEdit::textChanged, this, &BuilderDialog::revalidate);
            } else if (auto *s = qobject_cast<QSpinBox *>(f->editor)) {
                connect(s, &QSpinBox::valueChanged, this, &BuilderDialog::revalidate);
            } else if (auto *c = qobject_cast<QComboBox *>(f->editor)) {
                connect(c, &QComboBox::currentIndexChanged, this, [this] {
                    updateVisibility();
                    revalidate();
                });
            } else if (auto *b = qobject_cast<QCheckBox *>(f->editor)) {
                connect(b, &QCheckBox::toggled, this, &BuilderDialog::revalidate);
            }
            p->fields.push_back(std::move(f));
        }
        m_stack->addWidget(p->widget);
        m_pages.push_back(std::move(p));
    }
}

BuilderDialog::Page &BuilderDialog::page(Kind kind)
{
    for (auto &p : m_pages)
        if (p->kind == kind)
            return *p;
    return *m_pages.front();
}

const BuilderDialog::Page &BuilderDialog::page(Kind kind) const
{
    return const_cast<BuilderDialog *>(this)->page(kind);
}

const BuilderDialog::Page &BuilderDialog::currentPage() const
{
    return page(kind());
}

BuilderDialog::Kind BuilderDialog::kind() const
{
    Kind k = Kind::Blocked;
    (void)kindFromId(m_kindBox->currentData().toString(), &k);
    return k;
}

void BuilderDialog::setKind(Kind kind)
{
    m_kindBox->setCurrentIndex(m_kindBox->findData(kindId(kind)));
}

BuilderDialog::Field *BuilderDialog::findField(const QString &key) const
{
    for (const auto &f : m_common)
        if (key == QLatin1String(f->spec.key))
            return f.get();
    for (const auto &f : currentPage().fields)
        if (key == QLatin1String(f->spec.key))
            return f.get();
    return nullptr;
}

QStringList BuilderDialog::fieldKeys() const
{
    QStringList keys;
    for (const auto &f : currentPage().fields)
        keys << QString::fromLatin1(f->spec.key);
    return keys;
}

QWidget *BuilderDialog::fieldWidget(const QString &key) const
{
    const Field *f = findField(key);
    return f ? f->editor : nullptr;
}

bool BuilderDialog::setField(const QString &key, const QString &value)
{
    Field *f = findField(key);
    if (!f)
        return false;
    if (auto *e = qobject_cast<QLineEdit *>(f->editor)) {
        if (key == QLatin1String("name"))
            m_nameEdited = true;
        e->setText(value);
        return true;
    }
    if (auto *s = qobject_cast<QSpinBox *>(f->editor)) {
        bool ok = false;
        const int v = value.trimmed().toInt(&ok);
        if (!ok || v < s->minimum() || v > s->maximum())
            return false;
        s->setValue(v);
        return true;
    }
    if (auto *c = qobject_cast<QComboBox *>(f->editor)) {
        int i = c->findData(value);
        if (i < 0)
            i = c->findText(value);
        if (i < 0)
            return false;
        c->setCurrentIndex(i);
        return true;
    }
    if (auto *b = qobject_cast<QCheckBox *>(f->editor)) {
        if (value != QLatin1String("true") && value != QLatin1String("false"))
            return false;
        b->setChecked(value == QLatin1String("true"));
        return true;
    }
    return false;
}

QString BuilderDialog::fieldText(const QString &key) const
{
    const Field *f = findField(key);
    if (!f)
        return {};
    if (auto *e = qobject_cast<QLineEdit *>(f->editor))
        return e->text();
    if (auto *s = qobject_cast<QSpinBox *>(f->editor))
        return QString::number(s->value());
    if (auto *c = qobject_cast<QComboBox *>(f->editor))
        return c->currentData().toString();
    if (auto *b = qobject_cast<QCheckBox *>(f->editor))
        return b->isChecked() ? QStringLiteral("true") : QStringLiteral("false");
    return {};
}

QString BuilderDialog::fieldError(const QString &key) const
{
    const Field *f = findField(key);
    return f ? f->message : QString();
}

QString BuilderDialog::errorText() const
{
    return m_error;
}

QString BuilderDialog::dtype() const
{
    return fieldText(QStringLiteral("dtype"));
}

QString BuilderDialog::layoutName() const
{
    return fieldText(QStringLiteral("name")).trimmed();
}

QString BuilderDialog::suggestedName() const
{
    const QString base = QString::fromLatin1(pageSpec(kind()).baseName);
    return m_document ? m_document->uniqueLayoutName(base) : base;
}

void BuilderDialog::restoreDefaults()
{
    for (auto &p : m_pages) {
        p->shapeText = QString::fromLatin1(pageSpec(p->kind).shape);
        for (auto &f : p->fields) {
            // setField() acts on the current page; write the widgets directly.
            const QString def = QString::fromUtf8(f->spec.def);
            const QSignalBlocker block(f->editor);
            if (auto *e = qobject_cast<QLineEdit *>(f->editor))
                e->setText(def);
            else if (auto *s = qobject_cast<QSpinBox *>(f->editor))
                s->setValue(def.toInt());
            else if (auto *c = qobject_cast<QComboBox *>(f->editor))
                c->setCurrentIndex(std::max(0, int(c->findData(def))));
            else if (auto *b = qobject_cast<QCheckBox *>(f->editor))
                b->setChecked(def == QLatin1String("true"));
        }
    }
    {
        const QSignalBlocker block(fieldWidget(QStringLiteral("dtype")));
        auto *dtypeBox = static_cast<QComboBox *>(fieldWidget(QStringLiteral("dtype")));
        dtypeBox->setCurrentIndex(dtypeBox->findData(
            QString::fromLatin1(kDefaultDtype.data(), qsizetype(kDefaultDtype.size()))));
    }
    m_openView->setChecked(true);
    m_nameEdited = false;
    m_previousKind = -1; // the shape field takes the page's default
    onKindChanged();
}

void BuilderDialog::onKindChanged()
{
    const Kind k = kind();
    auto *shapeEdit = static_cast<QLineEdit *>(fieldWidget(QStringLiteral("shape")));
    // Each kind keeps its own tensor shape: its parameters are written for that rank.
    if (m_previousKind >= 0)
        page(static_cast<Kind>(m_previousKind)).shapeText = shapeEdit->text();
    m_previousKind = int(k);
    {
        const QSignalBlocker block(shapeEdit);
        shapeEdit->setText(page(k).shapeText);
    }
    if (!m_nameEdited) {
        auto *nameEdit = static_cast<QLineEdit *>(fieldWidget(QStringLiteral("name")));
        const QSignalBlocker block(nameEdit);
        nameEdit->setText(suggestedName());
    }
    // Only the shown page counts for the size: the form is as tall as the current kind needs.
    for (const auto &p : m_pages)
        p->widget->setSizePolicy(QSizePolicy::Preferred,
                                 p->kind == k ? QSizePolicy::Preferred : QSizePolicy::Ignored);
    m_stack->setCurrentWidget(page(k).widget);
    m_pageTitle->setText(QString::fromUtf8(pageSpec(k).heading));
    if (isVisible())
        resize(width(), std::max(height(), sizeHint().height()));
    updateVisibility();
    revalidate();
}

void BuilderDialog::updateVisibility()
{
    for (auto &p : m_pages) {
        auto value = [&](const char *key) {
            for (const auto &f : p->fields)
                if (QLatin1String(f->spec.key) == QLatin1String(key))
                    return static_cast<QComboBox *>(f->editor)->currentData().toString();
            return QString();
        };
        for (const auto &f : p->fields) {
            const QString key = QString::fromLatin1(f->spec.key);
            bool visible = true;
            if (p->kind == Kind::PaddedShared) {
                const bool identity = value("form") == QLatin1String("identity");
                if (key == QLatin1String("order"))
                    visible = identity;
                else if (key == QLatin1String("offset"))
                    visible = !identity;
            } else if (p->kind == Kind::PartitionedShared) {
                const bool padded = value("partitionLayout") == QLatin1String("padded_shared");
                if (key == QLatin1String("partitionLayout.intervalPadding"))
                    visible = padded;
                else if (key.startsWith(QLatin1String("partitionLayout.")) &&
                         key != QLatin1String("partitionLayout.order"))
                    visible = !padded;
            }
            p->form->setRowVisible(f->row, visible);
            f->row->setProperty("lxActive", visible);
        }
    }
}

QString BuilderDialog::addToDocument()
{
    revalidate();
    if (!m_attr)
        return m_error;
    if (!m_document)
        return tr("no document");
    const QString name = layoutName();
    DocumentLayout entry{name, m_layout, m_ttgText, m_shape, dtype(), m_attr};
    QUndoStack *stack = m_document->undoStack();
    const bool withView = m_openView->isChecked();
    // The name was checked by revalidate(), so addLayout cannot refuse: the macro never holds
    // half an addition.
    if (withView)
        stack->beginMacro(tr("Add layout %1 from builder").arg(name));
    QString e = m_document->addLayout(entry);
    if (e.isEmpty() && withView)
        e = m_document->addView(DocumentView{QStringLiteral("ownership"), name, {}});
    if (withView)
        stack->endMacro();
    if (!e.isEmpty())
        return e;
    writeSettings();
    return {};
}

void BuilderDialog::accept()
{
    if (addToDocument().isEmpty())
        QDialog::accept();
}

void BuilderDialog::readSettings()
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("builderDialog"));
    Kind remembered = Kind::Blocked;
    if (!kindFromId(settings.value(QStringLiteral("kind")).toString(), &remembered))
        return; // nothing remembered yet: the defaults
    for (auto &p : m_pages) {
        const QString id = kindId(p->kind);
        if (settings.contains(id + QStringLiteral("/shape")))
            p->shapeText = settings.value(id + QStringLiteral("/shape")).toString();
        for (auto &f : p->fields) {
            const QString key = id + QLatin1Char('/') + QString::fromLatin1(f->spec.key);
            if (!settings.contains(key))
                continue;
            const QString value = settings.value(key).toString();
            const QSignalBlocker block(f->editor);
            if (auto *e = qobject_cast<QLineEdit *>(f->editor))
                e->setText(value);
            else if (auto *s = qobject_cast<QSpinBox *>(f->editor))
                s->setValue(value.toInt());
            else if (auto *c = qobject_cast<QComboBox *>(f->editor); c && c->findData(value) >= 0)
                c->setCurrentIndex(c->findData(value));
            else if (auto *b = qobject_cast<QCheckBox *>(f->editor))
                b->setChecked(value == QLatin1String("true"));
        }
    }
    auto *dtypeBox = static_cast<QComboBox *>(fieldWidget(QStringLiteral("dtype")));
    if (const int i = dtypeBox->findData(settings.value(QStringLiteral("dtype")).toString());
        i >= 0)
        dtypeBox->setCurrentIndex(i);
    m_openView->setChecked(settings.value(QStringLiteral("openView"), true).toBool());
    m_previousKind = -1; // take the remembered shape of the remembered kind
    if (remembered == kind())
        onKindChanged();
    else
        setKind(remembered);
}

void BuilderDialog::writeSettings() const
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("builderDialog"));
    settings.setValue(QStringLiteral("kind"), kindId(kind()));
    settings.setValue(QStringLiteral("dtype"), dtype());
    settings.setValue(QStringLiteral("openView"), m_openView->isChecked());
    for (const auto &p : m_pages) {
        const QString id = kindId(p->kind);
        settings.setValue(id + QStringLiteral("/shape"),
                          p->kind == kind() ? fieldText(QStringLiteral("shape")) : p->shapeText);
        for (const auto &f : p->fields) {
            QString value;
            if (auto *e = qobject_cast<QLineEdit *>(f->editor))
                value = e->text();
            else if (auto *s = qobject_cast<QSpinBox *>(f->editor))
                value = QString::number(s->value());
            else if (auto *c = qobject_cast<QComboBox *>(f->editor))
                value = c->currentData().toString();
            else if (auto *b = qobject_cast<QCheckBox *>(f->editor))
                value = b->isChecked() ? QStringLiteral("true") : QStringLiteral("false");
            settings.setValue(id + QLatin1Char('/') + QString::fromLatin1(f->spec.key), value);
        }
    }
}

} // namespace lx
