// SPDX-License-Identifier: Apache-2.0
// Unit tests of the planner's Pareto helpers (gx/pareto.h): the staircase, the Pareto filter over 2-4
// keys (checked against the O(n^2) definition on random labels with many ties), its tie-break, and
// the lower hull bound (checked against every two-point mix of the candidates).
#include "gx/pareto.h"

#include <QtTest>

#include <algorithm>
#include <array>
#include <random>
#include <set>

namespace {

template <std::size_t N> using Pt = std::array<double, N>;

template <std::size_t N> bool leq(const Pt<N>& a, const Pt<N>& b) {
    for (std::size_t d = 0; d < N; ++d)
        if (a[d] > b[d])
            return false;
    return true;
}

/// The set of distinct Pareto-minimal key vectors, by definition.
template <std::size_t N> std::set<Pt<N>> minimalByDefinition(const std::vector<Pt<N>>& pts) {
    std::set<Pt<N>> out;
    for (const auto& p : pts) {
        bool dominated = false;
        for (const auto& q : pts)
            dominated = dominated || (leq(q, p) && q != p);
        if (!dominated)
            out.insert(p);
    }
    return out;
}

template <std::size_t N> void checkRandom(unsigned seed, int n, int values) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> dist(0, values - 1);
    std::vector<Pt<N>> pts(static_cast<std::size_t>(n));
    for (auto& p : pts)
        for (auto& x : p)
            x = dist(rng);
    auto kept = pts;
    gx::paretoFilter(kept, [](const Pt<N>& p) { return p; });
    const std::set<Pt<N>> got(kept.begin(), kept.end());
    QCOMPARE(got.size(), kept.size()); // equal labels: only one is kept
    QVERIFY(got == minimalByDefinition(pts));
    QVERIFY(std::is_sorted(kept.begin(), kept.end()));
}

/// paretoFilter<true>: the last key is a transient w that later labels take as m + max(w, w'), so the
/// kept labels are the Pareto-minimal ones over (k0, k1, m, m + w), when w takes few values (the
/// filter's level dimension); with many values of w, what it keeps lies between that set and the
/// plain Pareto set.
void checkTransient(unsigned seed, int n, int values, int w_values) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> dist(0, values - 1), wd(0, w_values - 1);
    std::vector<Pt<4>> pts(static_cast<std::size_t>(n));
    for (auto& p : pts)
        p = {double(dist(rng)), double(dist(rng)), double(dist(rng)), double(wd(rng))};
    auto kept = pts;
    gx::paretoFilter<true>(kept, [](const Pt<4>& p) { return p; });
    auto relaxed = [](const Pt<4>& p) { return Pt<4>{p[0], p[1], p[2], p[2] + p[3]}; };
    std::vector<Pt<4>> moved;
    for (const auto& p : pts)
        moved.push_back(relaxed(p));
    std::set<Pt<4>> got;
    for (const auto& p : kept)
        got.insert(relaxed(p));
    QCOMPARE(got.size(), kept.size());
    const std::set<Pt<4>> least = minimalByDefinition(moved);
    if (w_values <= 16) {
        QVERIFY2(got == least, qPrintable(QString("seed %1").arg(seed)));
    } else {
        const std::set<Pt<4>> plain = minimalByDefinition(pts);
        for (const auto& p : least)
            QVERIFY(got.count(p));
        for (const auto& p : kept)
            QVERIFY(plain.count(p));
    }
}

} // namespace

class TestPareto : public QObject {
    Q_OBJECT
private slots:
    void staircase();
    void staircaseMatchesEveryPointItHolds();
    void filterMatchesDefinition();
    void transientTradesAgainstMemory();
    void tieBreakChoosesAmongEquals();
    void butLastReportsWhatALastKeyAloneDropped();
    void hullBoundIsTheBestMix();
    void multiHullIsTheBestSplitOfMemory();
};

void TestPareto::staircase() {
    gx::Staircase st;
    QVERIFY(!st.dominates(1, 1));
    st.insert(2, 5);
    st.insert(4, 3);
    QVERIFY(st.dominates(2, 5));
    QVERIFY(st.dominates(3, 6));
    QVERIFY(!st.dominates(3, 4));
    QVERIFY(st.dominates(10, 3));
    QVERIFY(!st.dominates(1, 100));
    st.insert(1, 1); // dominates both earlier points: they go
    QVERIFY(st.dominates(2, 1));
    QVERIFY(!st.dominates(0.5, 100));
}

void TestPareto::staircaseMatchesEveryPointItHolds() {
    // Random points on small grids (ties in a, in b and in both) and on a wide one, inserted when no
    // point dominates them, as the filters do; every query is checked against all points inserted so
    // far, before and after clear() (the filters reuse their staircases).
    gx::Staircase st;
    for (unsigned seed = 1; seed <= 30; ++seed) {
        std::mt19937 rng(seed);
        const int values = seed % 3 == 0 ? 1000 : 4 + static_cast<int>(seed % 7);
        std::uniform_int_distribution<int> dist(0, values - 1);
        std::vector<std::pair<double, double>> held;
        auto brute = [&held](double a, double b) {
            return std::any_of(held.begin(), held.end(),
                               [&](const auto& p) { return p.first <= a && p.second <= b; });
        };
        st.clear();
        for (int i = 0; i < 400; ++i) {
            const double a = dist(rng), b = dist(rng);
            const bool dominated = st.dominates(a, b);
            QCOMPARE(dominated, brute(a, b));
            if (!dominated) {
                st.insert(a, b);
                held.emplace_back(a, b);
            }
            const double qa = dist(rng) + 0.5 * (i % 2), qb = dist(rng);
            QCOMPARE(st.dominates(qa, qb), brute(qa, qb));
        }
    }
}

void TestPareto::filterMatchesDefinition() {
    for (unsigned seed = 1; seed <= 40; ++seed) {
        checkRandom<2>(seed, 60, 8);
        checkRandom<3>(seed, 80, 6);
        checkRandom<4>(seed, 120, 5);
        checkRandom<4>(seed + 100, 150, 40); // many distinct values in every key
    }
}

void TestPareto::transientTradesAgainstMemory() {
    // (2, 2, 3, 5) stands in for (2, 2, 6, 3): 3 + max(5, w') <= 6 + max(3, w') for every later w',
    // and for (2, 2, 4, 4); not for (2, 2, 7, 0), whose memory with w' = 0 is 7 < 8.
    std::vector<Pt<4>> in = {{2, 2, 6, 3}, {2, 2, 3, 5}, {2, 2, 4, 4}, {2, 2, 7, 0}};
    gx::paretoFilter<true>(in, [](const Pt<4>& p) { return p; });
    QCOMPARE(in.size(), std::size_t(2));
    QCOMPARE(in[0], (Pt<4>{2, 2, 3, 5}));
    QCOMPARE(in[1], (Pt<4>{2, 2, 7, 0}));
    for (unsigned seed = 1; seed <= 40; ++seed) {
        checkTransient(seed, 120, 6, 4);
        checkTransient(seed + 100, 150, 30, 12);
        checkTransient(seed + 200, 150, 30, 40); // w with too many values to be the level dimension
    }
}

void TestPareto::tieBreakChoosesAmongEquals() {
    struct L {
        double a, b;
        int runs;
    };
    std::vector<L> in = {{1, 2, 5}, {1, 2, 2}, {1, 2, 3}, {0, 3, 9}, {2, 2, 1}};
    auto key = [](const L& l) { return std::array<double, 2>{l.a, l.b}; };
    auto plain = in;
    gx::paretoFilter(plain, key);
    QCOMPARE(plain.size(), std::size_t(2));
    QCOMPARE(plain[1].runs, 5); // without a tie-break the first of the equals stays
    gx::paretoFilter(in, key, [](const L& l) { return l.runs; });
    QCOMPARE(in.size(), std::size_t(2));
    QCOMPARE(in[0].runs, 9);
    QCOMPARE(in[1].runs, 2); // the tie-break's choice among the three equal (1, 2)
}

/// paretoFilter's `but_last`: every dropped label that a label with the same keys but a smaller last one
/// and a larger tie key dropped is reported (were the last keys raised to one value, the tie-break would
/// keep it), and nothing else: what the sequence DP's shared columns extend besides the kept labels.
void TestPareto::butLastReportsWhatALastKeyAloneDropped() {
    struct L {
        std::array<double, 3> k;
        int runs, id;
    };
    auto key = [](const L& l) { return l.k; };
    auto tie = [](const L& l) { return std::pair<int, int>{l.runs, l.id}; };
    int reported_total = 0;
    for (unsigned seed = 1; seed <= 60; ++seed) {
        std::mt19937 rng(seed);
        std::uniform_int_distribution<int> v(0, 3), r(1, 4);
        std::vector<L> in(40);
        for (std::size_t i = 0; i < in.size(); ++i)
            in[i] = {{double(v(rng)), double(v(rng)), double(v(rng))}, r(rng), static_cast<int>(i)};
        const std::vector<L> all = in;
        std::vector<L> but_last;
        std::vector<std::pair<L, std::size_t>>* no_equal = nullptr;
        gx::paretoFilter(in, key, tie, no_equal, &but_last);
        std::set<int> kept, reported;
        for (const L& l : in)
            kept.insert(l.id);
        for (const L& l : but_last)
            reported.insert(l.id);
        QCOMPARE(reported.size(), but_last.size());
        reported_total += static_cast<int>(reported.size());
        for (const L& b : all) {
            bool needed = false, allowed = false; // a smaller last key alone / at most equal, larger tie
            for (const L& a : all) {
                if (a.id == b.id || a.k[0] != b.k[0] || a.k[1] != b.k[1] || !(tie(b) < tie(a)))
                    continue;
                needed = needed || a.k[2] < b.k[2];
                allowed = allowed || a.k[2] <= b.k[2];
            }
            if (kept.count(b.id))
                QVERIFY2(!reported.count(b.id), "a kept label is not reported");
            else if (needed)
                QVERIFY2(reported.count(b.id),
                         qPrintable(QString("seed %1: label %2 missing").arg(seed).arg(b.id)));
            else
                QVERIFY2(!reported.count(b.id) || allowed,
                         qPrintable(QString("seed %1: label %2").arg(seed).arg(b.id)));
        }
        for (std::size_t i = 1; i < but_last.size(); ++i)
            QVERIFY(but_last[i - 1].id < but_last[i].id); // in input order
    }
    QVERIFY(reported_total > 20); // the cases occur
}

void TestPareto::hullBoundIsTheBestMix() {
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> u(1, 10);
    for (int round = 0; round < 50; ++round) {
        std::vector<std::pair<double, double>> pts(8);
        for (auto& p : pts)
            p = {u(rng), u(rng)};
        const gx::Hull hull = gx::lowerHull(pts);
        // (the planner's groups of candidates sort their points once: lowerHullSorted)
        std::vector<std::pair<double, double>> sorted = pts;
        std::sort(sorted.begin(), sorted.end());
        QVERIFY(gx::lowerHullSorted(sorted) == hull);
        for (std::size_t i = 1; i < hull.size(); ++i) {
            QVERIFY(hull[i].first > hull[i - 1].first);
            QVERIFY(hull[i].second < hull[i - 1].second);
        }
        for (double q : {1.0, 3.0, 7.0})
            for (double mem : {0.5, 5.0, 12.0, 30.0, 80.0}) {
                // Least q * (time of a mix of two candidates) with average memory <= mem / q.
                const double x = mem / q;
                double best = std::numeric_limits<double>::infinity();
                for (const auto& a : pts)
                    for (const auto& b : pts) {
                        if (a.first <= x)
                            best = std::min(best, a.second);
                        if (a.first <= x && b.first > x) {
                            const double t = (x - a.first) / (b.first - a.first);
                            best = std::min(best, a.second + t * (b.second - a.second));
                        }
                    }
                const double got = gx::hullBound(hull, q, mem);
                if (best == std::numeric_limits<double>::infinity())
                    QVERIFY(got == best);
                else
                    QVERIFY(std::abs(got - q * best) <= 1e-9 * q * best);
            }
    }
    QCOMPARE(gx::hullBound(gx::lowerHull({{1, 1}}), 0, 0), 0.0);
}

void TestPareto::multiHullIsTheBestSplitOfMemory() {
    // Two layer types (dense and mixture-of-experts layers): the LP bound of q1 + q2 layers in `mem` is
    // the best split of the memory between the types, each bounded by its own hull; the optimum of
    // that split (a sum of two convex piecewise-linear terms) sits at a breakpoint of one of them.
    // The bound never exceeds the best integral choice (it is a relaxation), and with one type it is
    // hullBound.
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> u(1, 10);
    constexpr double inf = std::numeric_limits<double>::infinity();
    int finite = 0;
    for (int round = 0; round < 60; ++round) {
        std::vector<std::pair<double, double>> p1(6), p2(6);
        for (auto& p : p1)
            p = {u(rng), u(rng)};
        for (auto& p : p2)
            p = {2 * u(rng), u(rng)}; // the heavier type
        const gx::Hull h1 = gx::lowerHull(p1), h2 = gx::lowerHull(p2);
        const gx::MultiHull both({h1, h2}), first({h1});
        for (double q1 : {0.0, 1.0, 2.0, 5.0})
            for (double q2 : {0.0, 2.0, 3.0})
                for (double mem : {3.0, 12.0, 25.0, 40.0, 70.0, 150.0}) {
                    // (m1, m2): one side at a breakpoint (a hair above it: q * v / q may round below
                    // v), the other with the rest.
                    std::vector<std::pair<double, double>> splits = {{0.0, mem}, {mem, 0.0}};
                    for (const auto& v : h1)
                        splits.emplace_back(q1 * v.first * (1 + 1e-13), mem - q1 * v.first * (1 + 1e-13));
                    for (const auto& v : h2)
                        splits.emplace_back(mem - q2 * v.first * (1 + 1e-13), q2 * v.first * (1 + 1e-13));
                    double ref = inf;
                    for (const auto& [m1, m2] : splits)
                        if (m1 >= 0 && m2 >= 0)
                            ref = std::min(ref, gx::hullBound(h1, q1, m1) + gx::hullBound(h2, q2, m2));
                    const double counts[] = {q1, q2};
                    const double got = both.bound(counts, mem);
                    const QString ctx = QStringLiteral("round %1 q %2 + %3 mem %4: %5 vs %6")
                                            .arg(round)
                                            .arg(q1)
                                            .arg(q2)
                                            .arg(mem)
                                            .arg(got)
                                            .arg(ref);
                    if (ref == inf) {
                        QVERIFY2(got == inf, qPrintable(ctx));
                        continue;
                    }
                    ++finite;
                    QVERIFY2(std::abs(got - ref) <= 1e-9 * std::max(1.0, ref), qPrintable(ctx));
                    if (q2 == 0)
                        QVERIFY2(std::abs(first.bound(counts, mem) - got) <= 1e-9 * std::max(1.0, got),
                                 qPrintable(ctx));
                }
        // Integral choices of 2 + 2 layers: the relaxation is never above the best that fits.
        for (double mem : {12.0, 25.0, 40.0}) {
            double best = inf;
            for (const auto& a : p1)
                for (const auto& b : p1)
                    for (const auto& c : p2)
                        for (const auto& d : p2)
                            if (a.first + b.first + c.first + d.first <= mem)
                                best = std::min(best, a.second + b.second + c.second + d.second);
            const double counts[] = {2.0, 2.0};
            QVERIFY(both.bound(counts, mem) <= best * (1 + 1e-12));
        }
    }
    QVERIFY(finite > 300);
    const double none[] = {0.0, 0.0};
    QCOMPARE(gx::MultiHull({gx::lowerHull({{1, 1}}), gx::Hull{}}).bound(none, 0.0), 0.0);
    const double needs_second[] = {0.0, 1.0};
    QVERIFY(gx::MultiHull({gx::lowerHull({{1, 1}}), gx::Hull{}}).bound(needs_second, 5.0) == inf);
}

QTEST_APPLESS_MAIN(TestPareto)
#include "test_pareto.moc"
