#include "render/diagram.h"

namespace lx {

DiagramPanel::DiagramPanel(int rows, int cols)
    : m_rows(rows > 0 ? rows : 0), m_cols(cols > 0 ? cols : 0),
      m_cells(size_t(m_rows) * size_t(m_cols))
{
}

int32_t DiagramPanel::internString(const QString &s)
{
    if (s.isEmpty())
        return -1;
    // The cache covers strings[0, m_internedUpTo); catch up with strings added by addString or
    // directly, and start over if `strings` was shortened.
    if (m_internedUpTo > strings.size()) {
        m_interned.clear();
        m_internedUpTo = 0;
    }
    for (; m_internedUpTo < strings.size(); ++m_internedUpTo) {
        if (!m_interned.contains(strings[m_internedUpTo]))
            m_interned.insert(strings[m_internedUpTo], int32_t(m_internedUpTo));
    }
    const auto it = m_interned.constFind(s);
    if (it != m_interned.cend())
        return it.value();
    const auto index = int32_t(strings.size());
    strings.push_back(s);
    return index;
}

int32_t DiagramPanel::addString(const QString &s)
{
    if (s.isEmpty())
        return -1;
    strings.push_back(s);
    return int32_t(strings.size() - 1);
}

} // namespace lx
