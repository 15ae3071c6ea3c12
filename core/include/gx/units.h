// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - units used across the project (bytes).
#pragma once

namespace gx {

inline constexpr double kKiB = 1024.0;
inline constexpr double kMiB = 1024.0 * kKiB;
inline constexpr double kGiB = 1024.0 * kMiB;

} // namespace gx
