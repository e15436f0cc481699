#include "render/diagram.h"

#include <algorithm>

namespace lx {

DiagramPanel::DiagramPanel(int rows, int cols)
    : m_rows(rows > 0 ? rows : 0), m_cols(cols > 0 ? cols : 0),
      m_cells(size_t(m_rows) * size_t(m_cols))
{
}

DiagramPanel::DiagramPanel(int rows, int cols, std::shared_ptr<const DiagramCellSource> source)
    : m_rows(rows > 0 ? rows : 0), m_cols(cols > 0 ? cols : 0), m_source(std::move(source))
{
}

bool DiagramPanel::sameCells(const DiagramPanel &o) const
{
    for (int r = 0; r < m_rows; ++r)
        for (int c = 0; c < m_cols; ++c) {
            const DiagramCell a = cell(r, c), b = o.cell(r, c);
            if (a.fill != b.fill || a.outline != b.outline || a.elementId != b.elementId ||
                text(r, c) != o.text(r, c) || tooltip(r, c) != o.tooltip(r, c))
                return false;
        }
    return true;
}

void DiagramPanel::materialize()
{
    const std::shared_ptr<const DiagramCellSource> source = std::move(m_source);
    m_source.reset();
    m_cells.resize(size_t(m_rows) * size_t(m_cols));
    for (int r = 0; r < m_rows; ++r)
        for (int c = 0; c < m_cols; ++c) {
            DiagramCell cell = source->cell(r, c);
            cell.text = internString(source->text(r, c));
            m_cells[size_t(r) * size_t(m_cols) + size_t(c)] = cell;
        }
}

DiagramCellSource::TextExtent DiagramPanel::textExtent() const
{
    if (m_source)
        return m_source->textExtent();
    // Each distinct text once.
    std::vector<bool> seen(strings.size(), false);
    DiagramCellSource::TextExtent extent;
    for (const DiagramCell &cell : m_cells) {
        if (cell.text < 0 || size_t(cell.text) >= strings.size() || seen[size_t(cell.text)])
            continue;
        seen[size_t(cell.text)] = true;
        int lines = 1;
        int chars = 0;
        int run = 0;
        for (const QChar ch : strings[size_t(cell.text)]) {
            if (ch == u'\n') {
                ++lines;
                run = 0;
            } else {
                chars = std::max(chars, ++run);
            }
        }
        extent.lines = std::max(extent.lines, lines);
        extent.chars = std::max(extent.chars, chars);
    }
    return extent;
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
