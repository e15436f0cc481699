#include "widgets/panelwidgets.h"

#include <QDir>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLayout>
#include <QSettings>
#include <QTableView>
#include <QTextBrowser>

namespace lx {

QTextBrowser *newWrappingText(QWidget *parent)
{
    auto *text = new QTextBrowser(parent);
    text->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    text->setLineWrapMode(QTextEdit::WidgetWidth);
    text->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    text->setFrameShape(QFrame::NoFrame);
    text->setOpenLinks(false);
    return text;
}

QLabel *newMessageLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setStyleSheet(QStringLiteral("color: #b00000;"));
    label->setWordWrap(true);
    return label;
}

void setMessage(QLabel *label, const QString &text)
{
    label->setText(text);
    QWidget *window = label->window();
    QLayout *layout = window->layout();
    if (!window->isVisible() || !layout)
        return;
    layout->activate();
    const int needed = layout->hasHeightForWidth() ? layout->totalHeightForWidth(window->width())
                                                   : layout->totalSizeHint().height();
    if (needed > window->height())
        window->resize(window->width(), needed);
}

void showAsRowList(QTableView *table, QAbstractItemModel *model)
{
    table->setModel(model);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->verticalHeader()->hide();
}

QString dialogDirectory(const QString &key)
{
    const QString dir = QSettings().value(QStringLiteral("dialogs/%1").arg(key)).toString();
    return !dir.isEmpty() && QFileInfo(dir).isDir() ? dir : QDir::homePath();
}

void rememberDialogDirectory(const QString &key, const QString &file)
{
    QSettings().setValue(QStringLiteral("dialogs/%1").arg(key), QFileInfo(file).absolutePath());
}

} // namespace lx
