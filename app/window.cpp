#include "command.h"

#include <QApplication>
#include <QIcon>
#include <QLabel>
#include <QMainWindow>

namespace lx::app {

int runWindow(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Layout Explorer"));
    QApplication::setOrganizationName(QStringLiteral("LayoutExplorer"));
    QApplication::setApplicationVersion(QStringLiteral(LX_VERSION_STRING));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/layout-explorer.svg")));
    QMainWindow window;
    window.setWindowTitle(QStringLiteral("Layout Explorer"));
    window.setCentralWidget(new QLabel(QStringLiteral("Layout Explorer"), &window));
    window.resize(1280, 800);
    window.show();
    return app.exec();
}

} // namespace lx::app
