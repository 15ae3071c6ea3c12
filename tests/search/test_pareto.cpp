// SPDX-License-Identifier: Apache-2.0
// Unit tests of the planner's Pareto helpers (gx/pareto.h): the staircase, the Pareto filter over 2-4
// keys (checked against the O(n^2) definition on random labels with many ties), its tie-break, and
// the lower hull bound (checked against every two-point mix of the candidates).
#include "gx/pareto.h"

#include <QtTest>

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

} // namespace

class TestPareto : public QObject {
    Q_OBJECT
private slots:
    void staircase();
    void filterMatchesDefinition();
    void tieBreakChoosesAmongEquals();
    void hullBoundIsTheBestMix();
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

void TestPareto::filterMatchesDefinition() {
    for (unsigned seed = 1; seed <= 40; ++seed) {
        checkRandom<2>(seed, 60, 8);
        checkRandom<3>(seed, 80, 6);
        checkRandom<4>(seed, 120, 5);
        checkRandom<4>(seed + 100, 150, 40); // many distinct values in every key
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

void TestPareto::hullBoundIsTheBestMix() {
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> u(1, 10);
    for (int round = 0; round < 50; ++round) {
        std::vector<std::pair<double, double>> pts(8);
        for (auto& p : pts)
            p = {u(rng), u(rng)};
        const gx::Hull hull = gx::lowerHull(pts);
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

QTEST_APPLESS_MAIN(TestPareto)
#include "test_pareto.moc"
