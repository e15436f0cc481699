#pragma once

// The core's strings (std::string, UTF-8) as QStrings: the one conversion the views, the models,
// the widgets and the command line use.

#include <QString>

#include <string>

namespace lx {

[[nodiscard]] inline QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace lx
