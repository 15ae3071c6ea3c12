// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - Pareto helpers of the planner (see gx/pareto.h).
#include "gx/pareto.h"

#include <algorithm>

namespace gx {

Hull lowerHull(std::vector<std::pair<double, double>> pts) {
    std::sort(pts.begin(), pts.end());
    Hull hull;
    for (const auto& q : pts) {
        if (!hull.empty() && q.second >= hull.back().second)
            continue; // more memory and not faster
        while (hull.size() >= 2) {
            const auto& a = hull[hull.size() - 2];
            const auto& b = hull.back();
            // b above or on the segment a-q: not on the lower hull
            if ((b.second - a.second) * (q.first - a.first) >= (q.second - a.second) * (b.first - a.first))
                hull.pop_back();
            else
                break;
        }
        hull.push_back(q);
    }
    return hull;
}

/// q * h(mem_left / q); infinity when q layers cannot fit in mem_left.
double hullBound(const Hull& hull, double q, double mem_left) {
    if (q <= 0)
        return 0.0;
    const double x = mem_left / q;
    if (hull.empty() || x < hull.front().first)
        return std::numeric_limits<double>::infinity();
    if (x >= hull.back().first)
        return q * hull.back().second;
    // The first point at or beyond x (after the first point; one exists as x < the last point's memory).
    const auto it =
        std::lower_bound(hull.begin() + 1, hull.end(), x,
                         [](const std::pair<double, double>& p, double v) { return p.first < v; });
    const auto& a = *(it - 1);
    const auto& b = *it;
    return q * (a.second + (b.second - a.second) * (x - a.first) / (b.first - a.first));
}

} // namespace gx
