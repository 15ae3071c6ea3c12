// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - Pareto helpers of the planner: 2-D staircases, the Pareto filter over 2 to 4
// keys, and the lower convex hull that bounds the layers still to come (LP relaxation).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <iterator>
#include <limits>
#include <tuple>
#include <utility>
#include <vector>

namespace gx {

/// 2-D staircase of (a, b) points: answers "is there a point with a' <= a and b' <= b" in O(log n).
class Staircase {
public:
    bool dominates(double a, double b) const {
        // The first point has the least a, the last the least b: most queries end here.
        if (pts_.empty() || a < pts_.front().first || b < pts_.back().second)
            return false;
        if (a >= pts_.back().first)
            return true;
        return pts_[lastAtMost(a, false)].second <= b;
    }
    /// Adds (a, b); the caller has checked that no point dominates it.
    void insert(double a, double b) {
        if (pts_.empty() || pts_.back().first < a) { // beyond every point: nothing to drop
            pts_.emplace_back(a, b);
            return;
        }
        // (the first point at or beyond a; the last point is, from the test above)
        auto lo =
            pts_.begin() + static_cast<std::ptrdiff_t>(pts_.front().first >= a ? 0 : lastAtMost(a, true) + 1);
        auto hi = lo;
        while (hi != pts_.end() && hi->second >= b)
            ++hi;
        if (hi == lo) {
            pts_.insert(lo, {a, b});
            return;
        }
        *lo = {a, b}; // in place of the first point it drops
        pts_.erase(lo + 1, hi);
    }
    /// Empties the staircase, keeping its storage.
    void clear() { pts_.clear(); }

private:
    /// The last point whose a is <= x (< x when `strict`), given that the first one is: a binary search
    /// without branches on the comparisons (the staircases of the label filters are searched millions
    /// of times per search, in patterns no branch predictor learns).
    std::size_t lastAtMost(double x, bool strict) const {
        const std::pair<double, double>* base = pts_.data();
        std::size_t n = pts_.size();
        while (n > 1) {
            const std::size_t half = n / 2;
            const double v = base[half].first;
            base = (strict ? v < x : v <= x) ? base + half : base;
            n -= half;
        }
        return static_cast<std::size_t>(base - pts_.data());
    }

    std::vector<std::pair<double, double>> pts_; ///< a ascending, b strictly descending
};

/// Sorts `v` (a strict total order: the result is the one std::sort gives). Inputs that are a few
/// ascending runs (label sets extended by one candidate: each earlier group shifted by one cost) are
/// merged run by run, in O(n log runs); others are sorted.
template <class T> void sortRuns(std::vector<T>& v) {
    thread_local std::vector<std::size_t> bounds;
    bounds.clear();
    bounds.push_back(0);
    for (std::size_t i = 1; i < v.size(); ++i)
        if (v[i] < v[i - 1]) {
            bounds.push_back(i);
            if (bounds.size() > 64) {
                std::sort(v.begin(), v.end());
                return;
            }
        }
    bounds.push_back(v.size());
    if (bounds.size() <= 2)
        return;
    thread_local std::vector<T> buf;
    buf.resize(v.size());
    std::vector<T>* src = &v;
    std::vector<T>* dst = &buf;
    while (bounds.size() > 2) {
        std::size_t w = 0, r = 0;
        for (; r + 2 < bounds.size(); r += 2) {
            std::merge(src->begin() + static_cast<std::ptrdiff_t>(bounds[r]),
                       src->begin() + static_cast<std::ptrdiff_t>(bounds[r + 1]),
                       src->begin() + static_cast<std::ptrdiff_t>(bounds[r + 1]),
                       src->begin() + static_cast<std::ptrdiff_t>(bounds[r + 2]),
                       dst->begin() + static_cast<std::ptrdiff_t>(bounds[r]));
            bounds[w++] = bounds[r];
        }
        if (r + 1 < bounds.size()) { // an odd run left over: copied as it is
            std::copy(src->begin() + static_cast<std::ptrdiff_t>(bounds[r]),
                      src->begin() + static_cast<std::ptrdiff_t>(bounds[r + 1]),
                      dst->begin() + static_cast<std::ptrdiff_t>(bounds[r]));
            bounds[w++] = bounds[r];
        }
        bounds[w++] = v.size();
        bounds.resize(w);
        std::swap(src, dst);
    }
    if (src != &v)
        v.swap(*src);
}

/// Keeps the Pareto-minimal labels of `in` over N <= 4 keys (all <= dominates; equal keeps the first),
/// in lexicographic key order. Labels with equal keys are ordered by `tie` (smallest first, then their
/// index), so the kept one is the one `tie` prefers. After sorting by the first key, a label is
/// dominated exactly when an earlier kept label is <= in the remaining keys: a running minimum (N = 2),
/// a staircase (N = 3), or one staircase per distinct value of the remaining key with the fewest values
/// (N = 4, e.g. the transient-buffer maximum, which takes one value per strategy). Kung, Luccio &
/// Preparata (JACM 1975) give the general maxima-of-vectors bounds this follows.
///
/// `equal` (optional) receives, in input order, every dropped label whose keys equal a kept label's,
/// with that kept label's index in the output (labels with equal keys are adjacent after sorting; the
/// first of them is kept or not, the others are dropped).
/// `but_last` (optional) receives, in input order, every dropped label whose keys but the last equal
/// those of a label before it in key order with a larger tie key: the labels a smaller last key alone
/// may have dropped where `tie` would keep them were the last keys equal.
///
/// `Transient` (N = 4): the last key is a transient buffer w that a label's memory (key 2) takes as
/// m + max(w, w') for whatever w' comes later, so A also dominates B when m_A <= m_B and
/// m_A + w_A <= m_B + w_B with w_A > w_B: for every w', m_A + max(w_A, w') <= m_B + max(w_B, w').
/// (Applied when the transient is the level dimension, i.e. takes at most 16 values; exact on keys
/// that are multiples of one fixed-point quantum.)
template <bool Transient = false, class L, class K, class Tie>
void paretoFilter(std::vector<L>& in, K key, Tie tie, std::vector<std::pair<L, std::size_t>>* equal = nullptr,
                  std::vector<L>* but_last = nullptr) {
    if (equal)
        equal->clear();
    if (but_last)
        but_last->clear();
    if (in.size() <= 1)
        return;
    using Key = decltype(key(in[0]));
    using TieKey = decltype(tie(in[0]));
    constexpr std::size_t N = std::tuple_size_v<Key>;
    static_assert(N >= 2 && N <= 4);
    struct Item {
        Key first;
        TieKey t;
        int i;
        bool operator<(const Item& o) const { return std::tie(first, t, i) < std::tie(o.first, o.t, o.i); }
    };
    // Scratch buffers kept per thread: the DP filters label sets of 10^4-10^5 entries many times, and
    // fresh buffers of that size cost page faults on every call.
    thread_local std::vector<Item> items;
    thread_local std::vector<L> out;
    items.resize(in.size());
    for (std::size_t i = 0; i < in.size(); ++i)
        items[i] = {key(in[i]), tie(in[i]), static_cast<int>(i)};
    sortRuns(items); // index breaks ties: stable
    out.clear();
    out.reserve(items.size());
    thread_local std::vector<int> kept_at; // per sorted item: its index in `out`, -1 if dropped
    if (equal || but_last)
        kept_at.assign(items.size(), -1);
    auto keep = [&](const Item& it) {
        if (equal || but_last)
            kept_at[static_cast<std::size_t>(&it - items.data())] = static_cast<int>(out.size());
        out.push_back(in[static_cast<std::size_t>(it.i)]);
    };
    if constexpr (N == 2) {
        double best = std::numeric_limits<double>::infinity();
        for (const auto& it : items)
            if (!(best <= it.first[1])) {
                best = it.first[1];
                keep(it);
            }
    } else if constexpr (N == 3) {
        Staircase st;
        for (const auto& it : items)
            if (!st.dominates(it.first[1], it.first[2])) {
                st.insert(it.first[1], it.first[2]);
                keep(it);
            }
    } else {
        // Level dimension: the last key when it takes few values (labels put the transient-buffer
        // maximum there), else the one of keys 1..3 with the fewest distinct values.
        std::size_t lvl = 3, fewest = std::numeric_limits<std::size_t>::max();
        std::vector<double> values, best_values;
        // Values below x: counted without branches when there are few.
        auto rank = [&best_values](double x) {
            if (best_values.size() > 16)
                return static_cast<std::size_t>(std::lower_bound(best_values.begin(), best_values.end(), x) -
                                                best_values.begin());
            std::size_t r = 0;
            for (const double v : best_values)
                r += v < x;
            return r;
        };
        // The last key's distinct values, ascending, if there are at most 16 (the usual case): collected
        // without sorting every label's value.
        bool few = true;
        for (const auto& it : items) {
            const double x = it.first[3];
            const std::size_t r = rank(x);
            if (r < best_values.size() && best_values[r] == x)
                continue;
            const auto p = best_values.begin() + static_cast<std::ptrdiff_t>(r);
            if (best_values.size() == 16) {
                few = false;
                break;
            }
            best_values.insert(p, x);
        }
        for (std::size_t d = 3; !few && d >= 1; --d) {
            values.clear();
            for (const auto& it : items)
                values.push_back(it.first[d]);
            std::sort(values.begin(), values.end());
            values.erase(std::unique(values.begin(), values.end()), values.end());
            if (values.size() < fewest) {
                fewest = values.size();
                lvl = d;
                best_values = values;
            }
            if (fewest <= 16)
                break;
        }
        const std::size_t a = lvl == 1 ? 2 : 1, b = lvl == 3 ? 2 : 3;
        thread_local std::vector<Staircase> levels; // (their storage is kept from call to call)
        if (levels.size() < best_values.size())
            levels.resize(best_values.size());
        for (std::size_t q = 0; q < best_values.size(); ++q)
            levels[q].clear();
        for (const auto& it : items) {
            const Key& k = it.first;
            const std::size_t pos = rank(k[lvl]);
            bool dominated = false;
            // (its own level first: a label that dominates it most often has its transient)
            for (std::size_t q = pos + 1; q-- > 0 && !dominated;)
                dominated = levels[q].dominates(k[a], k[b]);
            if constexpr (Transient)
                if (lvl == 3) // a larger transient, paid for by at least as much less memory (key b = 2)
                    for (std::size_t q = pos + 1; q < best_values.size() && !dominated; ++q)
                        dominated = levels[q].dominates(k[a], k[b] - (best_values[q] - k[3]));
            if (!dominated) {
                levels[pos].insert(k[a], k[b]);
                keep(it);
            }
        }
    }
    if (but_last) {
        thread_local std::vector<int> idx;
        idx.clear();
        TieKey most{}; // the largest tie key so far in the run of equal keys but the last
        for (std::size_t j = 0; j < items.size(); ++j) {
            const bool run = j > 0 && std::equal(items[j].first.begin(), items[j].first.end() - 1,
                                                 items[j - 1].first.begin());
            if (run && kept_at[j] < 0 && items[j].t < most)
                idx.push_back(items[j].i);
            most = run ? std::max(most, items[j].t) : items[j].t;
        }
        std::sort(idx.begin(), idx.end());
        for (const int i : idx)
            but_last->push_back(in[static_cast<std::size_t>(i)]);
    }
    if (equal) {
        // Runs of equal keys are adjacent in key order; the first of a run is kept or not, the others
        // are dropped (the first is <= them). Reported in input order.
        thread_local std::vector<std::pair<int, int>> eq; // (input index, output index of the kept one)
        eq.clear();
        int leader = -1;
        for (std::size_t j = 0; j < items.size(); ++j) {
            if (j == 0 || !(items[j].first == items[j - 1].first))
                leader = kept_at[j];
            else if (leader >= 0)
                eq.emplace_back(items[j].i, leader);
        }
        std::sort(eq.begin(), eq.end());
        for (const auto& [i, k] : eq)
            equal->emplace_back(in[static_cast<std::size_t>(i)], static_cast<std::size_t>(k));
    }
    in.swap(out);
}

/// paretoFilter without a tie-break: equal labels keep their input order.
template <bool Transient = false, class L, class K> void paretoFilter(std::vector<L>& in, K key) {
    paretoFilter<Transient>(in, key, [](const L&) { return 0; });
}

/// Lower convex hull of (memory, time) points, memory ascending and time descending: h(x) is the least
/// average time per layer of a fractional mix of candidates using x memory per layer on average - the
/// LP relaxation of the multiple-choice knapsack over the remaining layers (Sinha & Zoltners,
/// Operations Research 1979), so q * h(mem / q) bounds the time of q more layers from below.
using Hull = std::vector<std::pair<double, double>>;

Hull lowerHull(std::vector<std::pair<double, double>> pts);
/// The same of points already in ascending order.
Hull lowerHullSorted(const std::vector<std::pair<double, double>>& pts);

/// q * h(mem_left / q); infinity when q layers cannot fit in mem_left.
double hullBound(const Hull& hull, double q, double mem_left);

/// The same relaxation for layers of several types (dense and mixture-of-experts layers): q_t layers of
/// type t, each type with its own hull. The LP over all of them starts from every layer's fastest point
/// and gives up time for memory along the hulls' edges, cheapest time per byte first (the greedy
/// solution of the multiple-choice knapsack's LP, Sinha & Zoltners 1979): the edges of all types merged
/// by that ratio, each taken q_t times.
class MultiHull {
public:
    explicit MultiHull(std::vector<Hull> per_type = {});
    bool empty() const { return hulls_.empty(); }
    std::size_t types() const { return hulls_.size(); }
    /// Least total time of counts[t] layers of each type t in mem_left (LP relaxation); infinity when
    /// they cannot fit (or a type with layers has no candidate).
    double bound(const double* counts, double mem_left) const;

private:
    struct Edge {
        double ratio, dm, dt; ///< time per byte saved, bytes saved and time added by one layer
        int type;
    };
    std::vector<Hull> hulls_;
    std::vector<Edge> edges_; ///< by ratio
};

} // namespace gx
