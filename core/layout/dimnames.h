#pragma once

// The dimension names of Triton's linear layouts, for code that builds or reads them by name.

#include <string>

namespace lx::dims {

inline const std::string kRegister = "register";
inline const std::string kLane = "lane";
inline const std::string kWarp = "warp";
inline const std::string kBlock = "block";
inline const std::string kOffset = "offset";
// The address dimension of ds_load_tr's address layouts.
inline const std::string kAddr = "addr";

} // namespace lx::dims
