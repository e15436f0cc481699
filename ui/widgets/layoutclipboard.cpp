// The layout actions that use the clipboard: copy as JSON, #ttg or Gluon text, copy the layout
// whole (Ctrl+C in the Scene panel), and paste.

#include "base/jsoninput.h"
#include "io/layoutjson.h"
#include "io/namedattr.h"
#include "io/ttgtext.h"
#include "models/layoutdocument.h"
#include "models/scenefile.h"
#include "widgets/kerneldock.h"
#include "widgets/layoutactions.h"

#include <QApplication>
#include <QClipboard>
#include <QMimeData>

#include <memory>

#include <nlohmann/json.hpp>

namespace lx {

namespace {

// A copied layout travels as a one-layout scene, in the scene file's own MIME type: a paste
// here or in another window reads it back as it was (its name, source text, shape and type),
// and the scene reader checks it as it checks a file.
constexpr char kLayoutClipboardMime[] = "application/x-layout-explorer-scene";

// The #ttg (or Gluon) text of a layout. A layout written as a named attribute copies as that
// attribute. One edited by hand (raw bases) or held as #ttg.linear / #ttg.shared_linear (a fix
// applied, a pasted dump) copies as the named attribute that equals it (swizzled_shared,
// blocked) when one does, else as the linear attribute that describes it, ready to paste into a
// kernel.
Expected<QString> clipboardTextForm(const DocumentLayout &l, bool gluon)
{
    LayoutAttrPtr attr = l.attr;
    const std::string mnemonic = attr ? ttgMnemonic(*attr) : std::string();
    if (!attr || mnemonic == "linear" || mnemonic == "generic_linear" ||
        mnemonic == "shared_linear") {
        Expected<LayoutAttrPtr> described = describingAttrFor(l.layout);
        if (described)
            attr = *described;
        else if (!attr)
            return described.error();
    }
    return QString::fromStdString(gluon ? printGluon(*attr) : printTtgWithAliases(*attr));
}

} // namespace

void LayoutActions::copyLayoutJson()
{
    if (m_current < 0)
        return;
    const DocumentLayout &l = m_document->layoutAt(m_current);
    QApplication::clipboard()->setText(QString::fromStdString(layoutToJson(l.layout).dump()));
    Q_EMIT status(tr("Copied %1 as JSON").arg(l.name), 3000);
}

void LayoutActions::copyLayoutText(bool gluon)
{
    if (m_current < 0)
        return;
    const DocumentLayout &l = m_document->layoutAt(m_current);
    const Expected<QString> text = clipboardTextForm(l, gluon);
    if (!text) {
        // Leave nothing on the clipboard that could be pasted as if it were this layout.
        QApplication::clipboard()->clear();
        refuse(tr("Nothing copied: %1 has no %2 form, because %3")
                   .arg(l.name, gluon ? tr("Gluon") : tr("#ttg"),
                        QString::fromStdString(text.message())));
        return;
    }
    QApplication::clipboard()->setText(*text);
    Q_EMIT status(tr("Copied %1 as %2").arg(l.name, gluon ? tr("Gluon") : tr("#ttg")), 3000);
}

void LayoutActions::copyLayout()
{
    if (m_current < 0)
        return;
    const DocumentLayout &l = m_document->layoutAt(m_current);
    SceneContents one;
    one.arch = m_document->arch();
    one.layouts = {l};
    auto mime = std::make_unique<QMimeData>();
    mime->setData(QString::fromLatin1(kLayoutClipboardMime), serializeSceneContents(one));
    // Other programs get the #ttg text to paste into a kernel, or the layout JSON when the
    // layout has no #ttg form.
    const Expected<QString> text = clipboardTextForm(l, false);
    mime->setText(text ? *text : QString::fromStdString(layoutToJson(l.layout).dump()));
    QApplication::clipboard()->setMimeData(mime.release());
    Q_EMIT status(tr("Copied %1 (Ctrl+V pastes it back as it is; other programs get its %2)")
                      .arg(l.name, text ? tr("#ttg text") : tr("JSON")),
                  5000);
}

QString LayoutActions::pasteCopiedLayouts(const QByteArray &sceneBytes)
{
    Expected<SceneContents> scene = parseSceneText(sceneBytes);
    if (!scene)
        return tr("Paste: the copied layout cannot be read: %1")
            .arg(QString::fromStdString(scene.message()));
    if (scene->layouts.isEmpty())
        return tr("Paste: the copied scene holds no layout");
    // Each layout is its own undo step, with its ownership view (as every add is).
    QStringList added;
    for (DocumentLayout l : scene->layouts) {
        // A copy pasted beside its original keeps its name with a number.
        l.name = m_document->uniqueLayoutName(l.name);
        if (const QString e = addLayoutWithView(l); !e.isEmpty())
            return tr("Paste: %1").arg(e);
        added << l.name;
    }
    Q_EMIT status(tr("Pasted %1").arg(added.join(QStringLiteral(", "))), 5000);
    return {};
}

void LayoutActions::pasteLayout()
{
    const QMimeData *mime = QApplication::clipboard()->mimeData();
    if (mime && mime->hasFormat(QString::fromLatin1(kLayoutClipboardMime))) {
        if (const QString e =
                pasteCopiedLayouts(mime->data(QString::fromLatin1(kLayoutClipboardMime)));
            !e.isEmpty())
            refuse(e);
        return;
    }
    const QString text = QApplication::clipboard()->text().trimmed();
    if (text.isEmpty()) {
        refuse(tr("The clipboard holds no text"));
        return;
    }
    // Every paste says what it did (or why not): the status line never keeps an earlier
    // message (a copy's) as if it were the paste's.
    if (KernelDock::looksLikeModule(text) && m_openModuleText) {
        if (const QString e = m_openModuleText(text); !e.isEmpty())
            refuse(e);
        else
            Q_EMIT status(tr("Pasted a TTGIR module: opened in the Kernel panel"), 5000);
        return;
    }
    if (text.startsWith(QLatin1Char('{'))) {
        const Expected<nlohmann::json> j = parseJson(text.toStdString());
        Expected<LinearLayout> l = j ? layoutFromJson(*j) : Expected<LinearLayout>(j.error());
        if (!l) {
            refuse(tr("Paste: %1").arg(QString::fromStdString(l.message())));
            return;
        }
        const QString name = m_document->uniqueLayoutName(QStringLiteral("L"));
        const QString e = addLayoutWithView(DocumentLayout{name, *l, {}, {}, {}, nullptr});
        if (!e.isEmpty())
            refuse(e);
        else
            Q_EMIT status(tr("Pasted %1 from layout JSON").arg(name), 5000);
        return;
    }
    // Text: the Add Layout from Text form opens with it, to give it a name and a shape.
    Q_EMIT status(tr("Pasting text: name it and give its shape in the form"), 60000);
    const int before = m_document->layoutCount();
    addLayoutFromText(text);
    if (m_document->layoutCount() > before)
        Q_EMIT status(
            tr("Pasted %1 from text").arg(m_document->layoutAt(m_document->layoutCount() - 1).name),
            5000);
    else
        Q_EMIT status(tr("Paste cancelled: nothing added"), 5000);
}

} // namespace lx
