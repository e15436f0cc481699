// LinearLayout.owners(): the engine's ownership map (analysis/ownership.h) as a numpy array. Where
// every element has the same number of owners and the layout has at most two out-dims, the array
// is a read-only view of the engine's own buffer (no copy): the owners are 32-bit flattened inputs
// below 2^26, which read the same as int32. Otherwise the owners are copied into an array padded
// with -1.

#include "core.h"

#include "analysis/ownership.h"
#include "layout/linearlayout.h"

#include <pybind11/numpy.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace lxpy {

namespace {

using LL = lx::LinearLayout;

lx::OwnershipMap ownershipSlice(const LL &layout, const lx::OwnershipSlice &slice)
{
    lx::Expected<lx::OwnershipMap> map = lx::makeError("not computed");
    {
        py::gil_scoped_release release;
        map = lx::computeOwnership(layout, slice);
    }
    return valueOr(std::move(map));
}

// The read-only array over the map's own buffer: shape (rows[, columns], owners), kept alive by
// the array.
py::array viewOf(lx::OwnershipMap map, bool hasColumns)
{
    auto held = std::make_unique<lx::OwnershipMap>(std::move(map));
    const lx::OwnershipMap &m = *held;
    const auto k = py::ssize_t(m.maxOwnerCount());
    const auto *data = reinterpret_cast<const int32_t *>(m.owners(0, 0).data());
    std::vector<py::ssize_t> shape = {py::ssize_t(m.rows())};
    if (hasColumns)
        shape.push_back(py::ssize_t(m.columns()));
    shape.push_back(k);
    py::capsule owner(held.release(), [](void *p) { delete static_cast<lx::OwnershipMap *>(p); });
    py::array_t<int32_t> a(shape, data, owner);
    py::detail::array_proxy(a.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
    return a;
}

// The value of in-dim `inDim` within flattened input x (in-dims packed in order, first least
// significant); every in-dim when inDim < 0.
struct InDimField
{
    int shift = 0;
    uint32_t mask = ~uint32_t(0);
};

InDimField fieldOf(const LL &layout, const std::optional<std::string> &inDim)
{
    if (!inDim)
        return {};
    InDimField f;
    for (const auto &name : layout.inDimNames()) {
        if (name == *inDim) {
            f.mask = (uint32_t(1) << layout.inDimSizeLog2(name)) - 1;
            return f;
        }
        f.shift += layout.inDimSizeLog2(name);
    }
    throw LayoutError{"'" + boundedMessage(*inDim) + "' is not an in-dim of this layout (" + [&] {
        std::string names;
        for (const auto &n : layout.inDimNames())
            names += (names.empty() ? "" : ", ") + n;
        return names;
    }() + ")"};
}

py::array ownersOf(const LL &self, py::handle inDimArg)
{
    const std::optional<std::string> inDim = optionalText(inDimArg, "in_dim");
    const InDimField field = fieldOf(self, inDim);
    const int nOut = self.numOutDims();
    if (nOut == 0)
        throw LayoutError{"the layout has no out-dims, so no elements to own"};
    if (self.totalInDimSizeLog2() > lx::OwnershipMap::kMaxInputBits)
        throw LayoutError{"the layout has " + std::to_string(self.totalInDimSizeLog2()) +
                          " input bits; owners() enumerates at most 2^" +
                          std::to_string(lx::OwnershipMap::kMaxInputBits) + " inputs"};
    const bool hasColumns = nOut > 1;
    // One slice per combination of the out-dims after the first two (one slice for nOut <= 2).
    std::vector<int32_t> sizes;
    for (const auto &[name, size] : self.outDims())
        sizes.push_back(size);
    size_t slices = 1;
    for (int d = 2; d < nOut; ++d)
        slices *= size_t(sizes[size_t(d)]);
    std::vector<lx::OwnershipMap> maps;
    size_t most = 0;
    for (size_t s = 0; s < slices; ++s) {
        lx::OwnershipSlice slice{0, hasColumns ? 1 : -1, std::vector<int32_t>(size_t(nOut), 0)};
        size_t rest = s;
        for (int d = nOut - 1; d >= 2; --d) {
            slice.fixed[size_t(d)] = int32_t(rest % size_t(sizes[size_t(d)]));
            rest /= size_t(sizes[size_t(d)]);
        }
        maps.push_back(ownershipSlice(self, slice));
        most = std::max(most, maps.back().maxOwnerCount());
    }
    if (slices == 1 && !inDim && maps[0].uniformOwnerCount())
        return viewOf(std::move(maps[0]), hasColumns);
    // Copied: indexed [dim0, dim1, dim2, ..., owner], padded with -1.
    std::vector<py::ssize_t> shape(sizes.begin(), sizes.end());
    shape.push_back(py::ssize_t(most));
    py::array_t<int32_t> a(shape);
    int32_t *out = a.mutable_data();
    const size_t rows = size_t(sizes[0]), cols = hasColumns ? size_t(sizes[1]) : 1;
    for (size_t s = 0; s < slices; ++s) {
        const lx::OwnershipMap &m = maps[s];
        for (size_t r = 0; r < rows; ++r)
            for (size_t c = 0; c < cols; ++c) {
                // C order over [dim0, dim1, dim2, ...]: the slice index s varies fastest after
                // the first two dims.
                int32_t *cell = out + ((r * cols + c) * slices + s) * most;
                size_t j = 0;
                for (const auto x : m.owners(int(r), int(c)))
                    cell[j++] = int32_t((x >> field.shift) & field.mask);
                for (; j < most; ++j)
                    cell[j] = -1;
            }
    }
    return a;
}

} // namespace

void defineOwners(py::module_ &m)
{
    auto cls = py::reinterpret_borrow<py::class_<LL>>(m.attr("LinearLayout"));
    cls.def("owners", &ownersOf, py::arg("in_dim") = py::none(),
            "Every input that owns each element: a numpy int32 array indexed [dim0, dim1, ..., "
            "k] (the out-dims in order, then the element's owners in ascending order), each "
            "owner the flattened input (the in-dims packed in order, the first least "
            "significant), or with in_dim='lane' (any in-dim name) that in-dim's value of it. "
            "Elements with fewer owners than the most-owned one are padded with -1. With at "
            "most two out-dims, no in_dim and the same number of owners everywhere, the array "
            "is a read-only view of the engine's map (no copy). At most 2^26 inputs.");
}

} // namespace lxpy
