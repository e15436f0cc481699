#pragma once

// The lit-test files kept verbatim under tests/data/lit (nvidia/*.mlir, scratch/*.mlir): a
// header of `// Key: value` lines, then chunks separated by `// -----` lines as Triton's
// --split-input-file reads them.

#include <QFile>
#include <QString>

#include <regex>
#include <sstream>
#include <string>
#include <vector>

// The chunks of a lit file, in order (the header is in the first).
inline std::vector<std::string> litChunks(const std::string &text)
{
    std::vector<std::string> out;
    std::string cur, line;
    std::istringstream in(text);
    while (std::getline(in, line)) {
        if (line == "// -----") {
            out.push_back(cur);
            cur.clear();
        } else {
            cur += line + "\n";
        }
    }
    out.push_back(cur);
    return out;
}

// The value of the first `// KEY: value` line (its first word), or "".
inline std::string litHeaderValue(const std::string &text, const std::string &key)
{
    const std::regex re("// " + key + ":\\s*(\\S+)");
    std::smatch m;
    return std::regex_search(text, m, re) ? m[1].str() : std::string();
}

// A lit file's whole text, or "" when it cannot be read.
inline std::string litFileText(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll().toStdString();
}
