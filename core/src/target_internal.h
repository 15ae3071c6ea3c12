// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - helpers shared by target.cpp and target_search.cpp (private to core).
#pragma once

#include "gx/strategy.h"

#include <algorithm>
#include <vector>

namespace gx::detail {

/// Whether every layer of `p` has the same value of `get`.
template <class F> bool allSame(const Plan& p, F&& get) {
    for (const auto& l : p.layers)
        if (get(l) != get(p.layers.front()))
            return false;
    return true;
}

inline bool contains(const std::vector<DpType>& v, DpType t) {
    return std::find(v.begin(), v.end(), t) != v.end();
}

} // namespace gx::detail
