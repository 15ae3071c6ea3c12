// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - Pareto helpers of the planner (see gx/pareto.h).
#include "gx/pareto.h"

#include <algorithm>

namespace gx {

Hull lowerHull(std::vector<std::pair<double, double>> pts) {
    std::sort(pts.begin(), pts.end());
    return lowerHullSorted(pts);
}

Hull lowerHullSorted(const std::vector<std::pair<double, double>>& pts) {
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

MultiHull::MultiHull(std::vector<Hull> per_type) : hulls_(std::move(per_type)) {
    for (std::size_t t = 0; t < hulls_.size(); ++t) {
        const Hull& h = hulls_[t];
        // From the fastest point (most memory) towards the lightest: the ratio rises (convexity).
        for (std::size_t j = h.size(); j-- > 1;) {
            const double dm = h[j].first - h[j - 1].first, dt = h[j - 1].second - h[j].second;
            if (dm > 0) // (lowerHull keeps memory strictly ascending)
                edges_.push_back({dt / dm, dm, dt, static_cast<int>(t)});
        }
    }
    std::stable_sort(edges_.begin(), edges_.end(),
                     [](const Edge& a, const Edge& b) { return a.ratio < b.ratio; });
}

double MultiHull::bound(const double* counts, double mem_left) const {
    constexpr double inf = std::numeric_limits<double>::infinity();
    int only = -1, used = 0; // layers of a single type: that type's hull alone (the common case)
    for (std::size_t k = 0; k < hulls_.size(); ++k)
        if (counts[k] > 0) {
            only = static_cast<int>(k);
            ++used;
        }
    if (used == 0)
        return 0.0;
    if (used == 1)
        return hullBound(hulls_[static_cast<std::size_t>(only)], counts[only], mem_left);
    double m = 0.0, t = 0.0, m_min = 0.0;
    for (std::size_t k = 0; k < hulls_.size(); ++k) {
        if (counts[k] <= 0)
            continue;
        if (hulls_[k].empty())
            return inf;
        m += counts[k] * hulls_[k].back().first;
        t += counts[k] * hulls_[k].back().second;
        m_min += counts[k] * hulls_[k].front().first;
    }
    if (mem_left < m_min)
        return inf;
    for (const Edge& e : edges_) {
        if (m <= mem_left)
            break;
        const double q = counts[static_cast<std::size_t>(e.type)];
        if (q <= 0)
            continue;
        const double save = q * e.dm;
        if (m - save <= mem_left)
            return t + e.ratio * (m - mem_left);
        m -= save;
        t += q * e.dt;
    }
    return t;
}

} // namespace gx
