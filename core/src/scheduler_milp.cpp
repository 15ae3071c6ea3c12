// Galvatron Explorer - exact multi-job schedule by mixed-integer programming (COIN-OR CBC, C API).
//
// Formulation (assignment + disjunctive, in the spirit of Saturn's SPASE MILP, Nagrecha & Kumar 2024):
//   x[j,a]  binary   job j runs on option a = (GPU count, node-aware slot), duration D[j,a]
//   S[j]    >= 0     start of job j;    C = makespan
//   y[i,j]  binary   (i < j) 1 if i runs before j
//   sum_a x[j,a] = 1                                   each job gets one slot
//   S[j] + sum_a D[j,a] x[j,a] <= C                    makespan
//   for every pair i<j and GPU k that both may use, with u[j,k] = sum_{a contains k} x[j,a]:
//     S[i] + d_i <= S[j] + M (1 - y[i,j]) + M (2 - u[i,k] - u[j,k])
//     S[j] + d_j <= S[i] + M y[i,j]       + M (2 - u[i,k] - u[j,k])
//   valid inequalities: per-GPU load sum_j sum_{a contains k} D[j,a] x[j,a] <= C, the work bound
//   sum_j sum_a g_a D[j,a] x[j,a] <= G C, and C >= the combinatorial lower bound.
// Times are scaled by the warm start's makespan U, so M = 1 and C <= 1 (a schedule worse than the warm
// start is never needed). The solution is decoded by ordering jobs by S and re-running the serial
// schedule generation with the chosen slots, which can only move starts earlier.
#include "gx/scheduler.h"

#include "gx/error.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#ifdef GX_HAVE_CBC
#include <coin/Cbc_C_Interface.h>
#endif

namespace gx {

bool milpAvailable() {
#ifdef GX_HAVE_CBC
    return true;
#else
    return false;
#endif
}

ScheduleResult scheduleMilp(const JobTable& t, const ClusterProfile& c, const ScheduleResult& warm,
                            const SchedulerOptions& options, std::stop_token stop) {
    ScheduleResult fallback = warm;
    fallback.algorithm = "milp";
#ifndef GX_HAVE_CBC
    (void)t;
    (void)c;
    (void)options;
    (void)stop;
    fallback.status = "not available (built without COIN-OR CBC)";
    return fallback;
#else
    const auto t0 = std::chrono::steady_clock::now();
    if (!(options.milp_time_limit > 0))
        throw InputError("time_limit", "must be positive");
    const double lb = makespanLowerBound(t, c);
    if (warm.jobs.empty() || warm.makespan <= 0) {
        fallback.status = "nothing to schedule";
        return fallback;
    }
    if (stop.stop_requested()) {
        fallback.status = "cancelled";
        return fallback;
    }
    const double U = warm.makespan;
    const int G = c.totalGpus();

    struct Opt {
        int job, gpus;
        GpuSlot slot;
        double dur; // scaled
    };
    std::vector<int> jobs; // feasible jobs, MILP index -> job index
    for (int j = 0; j < static_cast<int>(t.jobs.size()); ++j)
        if (t.feasible(j))
            jobs.push_back(j);
    const int K = static_cast<int>(jobs.size());

    Cbc_Model* m = Cbc_newModel();
    Cbc_setLogLevel(m, 0);
    Cbc_setProblemName(m, "gx_schedule");
    int ncol = 0;
    auto addCol = [&](const std::string& name, double lo, double hi, double obj, bool integer) {
        Cbc_addCol(m, name.c_str(), lo, hi, obj, integer ? 1 : 0, 0, nullptr, nullptr);
        return ncol++;
    };
    const int colC = addCol("C", 0.0, 1.0, 1.0, false);
    std::vector<int> colS(static_cast<std::size_t>(K));
    std::vector<std::vector<Opt>> opts(static_cast<std::size_t>(K));
    std::vector<std::vector<int>> colX(static_cast<std::size_t>(K));
    for (int i = 0; i < K; ++i) {
        const int j = jobs[static_cast<std::size_t>(i)];
        colS[static_cast<std::size_t>(i)] = addCol("S_" + std::to_string(i), 0.0, 1.0, 0.0, false);
        for (const auto& o : t.options[static_cast<std::size_t>(j)]) {
            if (o.duration > U * (1 + 1e-9))
                continue; // cannot be part of a schedule better than the warm start
            for (const auto& s : slotsFor(c, o.gpus)) {
                opts[static_cast<std::size_t>(i)].push_back({j, o.gpus, s, o.duration / U});
                colX[static_cast<std::size_t>(i)].push_back(addCol(
                    "x_" + std::to_string(i) + "_" + std::to_string(s.first) + "_" + std::to_string(o.gpus),
                    0.0, 1.0, 0.0, true));
            }
        }
    }
    std::vector<std::vector<int>> colY(static_cast<std::size_t>(K),
                                       std::vector<int>(static_cast<std::size_t>(K), -1));
    for (int i = 0; i < K; ++i)
        for (int k = i + 1; k < K; ++k)
            colY[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)] =
                addCol("y_" + std::to_string(i) + "_" + std::to_string(k), 0.0, 1.0, 0.0, true);
    Cbc_setObjSense(m, 1.0);

    std::vector<int> idx;
    std::vector<double> val;
    auto addRow = [&](const std::string& name, char sense, double rhs) {
        Cbc_addRow(m, name.c_str(), static_cast<int>(idx.size()), idx.data(), val.data(), sense, rhs);
        idx.clear();
        val.clear();
    };
    auto uses = [](const Opt& o, int gpu) {
        return gpu >= o.slot.first && gpu < o.slot.first + o.slot.count;
    };
    for (int i = 0; i < K; ++i) {
        const auto& oi = opts[static_cast<std::size_t>(i)];
        for (std::size_t a = 0; a < oi.size(); ++a) {
            idx.push_back(colX[static_cast<std::size_t>(i)][a]);
            val.push_back(1.0);
        }
        addRow("one_" + std::to_string(i), 'E', 1.0);
        idx.push_back(colS[static_cast<std::size_t>(i)]);
        val.push_back(1.0);
        for (std::size_t a = 0; a < oi.size(); ++a) {
            idx.push_back(colX[static_cast<std::size_t>(i)][a]);
            val.push_back(oi[a].dur);
        }
        idx.push_back(colC);
        val.push_back(-1.0);
        addRow("end_" + std::to_string(i), 'L', 0.0);
    }
    // Work bound and per-GPU load (valid inequalities that tighten the LP relaxation).
    for (int i = 0; i < K; ++i)
        for (std::size_t a = 0; a < opts[static_cast<std::size_t>(i)].size(); ++a) {
            const auto& o = opts[static_cast<std::size_t>(i)][a];
            idx.push_back(colX[static_cast<std::size_t>(i)][a]);
            val.push_back(o.gpus * o.dur);
        }
    idx.push_back(colC);
    val.push_back(-static_cast<double>(G));
    addRow("work", 'L', 0.0);
    for (int k = 0; k < G; ++k) {
        for (int i = 0; i < K; ++i)
            for (std::size_t a = 0; a < opts[static_cast<std::size_t>(i)].size(); ++a)
                if (uses(opts[static_cast<std::size_t>(i)][a], k)) {
                    idx.push_back(colX[static_cast<std::size_t>(i)][a]);
                    val.push_back(opts[static_cast<std::size_t>(i)][a].dur);
                }
        if (idx.empty())
            continue;
        idx.push_back(colC);
        val.push_back(-1.0);
        addRow("load_" + std::to_string(k), 'L', 0.0);
    }
    idx.push_back(colC);
    val.push_back(1.0);
    addRow("lb", 'G', std::min(1.0, lb / U) * (1 - 1e-9));
    // Disjunctions per pair and shared GPU.
    for (int i = 0; i < K; ++i)
        for (int l = i + 1; l < K; ++l)
            for (int k = 0; k < G; ++k) {
                const auto& oi = opts[static_cast<std::size_t>(i)];
                const auto& ol = opts[static_cast<std::size_t>(l)];
                const bool bi = std::any_of(oi.begin(), oi.end(), [&](const Opt& o) { return uses(o, k); });
                const bool bl = std::any_of(ol.begin(), ol.end(), [&](const Opt& o) { return uses(o, k); });
                if (!bi || !bl)
                    continue;
                const int y = colY[static_cast<std::size_t>(i)][static_cast<std::size_t>(l)];
                // S_i - S_l + sum D_ia x_ia + y + u_ik + u_lk <= 3
                idx = {colS[static_cast<std::size_t>(i)], colS[static_cast<std::size_t>(l)], y};
                val = {1.0, -1.0, 1.0};
                for (std::size_t a = 0; a < oi.size(); ++a) {
                    idx.push_back(colX[static_cast<std::size_t>(i)][a]);
                    val.push_back(oi[a].dur + (uses(oi[a], k) ? 1.0 : 0.0));
                }
                for (std::size_t b = 0; b < ol.size(); ++b)
                    if (uses(ol[b], k)) {
                        idx.push_back(colX[static_cast<std::size_t>(l)][b]);
                        val.push_back(1.0);
                    }
                addRow("before_" + std::to_string(i) + "_" + std::to_string(l) + "_" + std::to_string(k), 'L',
                       3.0);
                // S_l - S_i + sum D_lb x_lb - y + u_ik + u_lk <= 2
                idx = {colS[static_cast<std::size_t>(l)], colS[static_cast<std::size_t>(i)], y};
                val = {1.0, -1.0, -1.0};
                for (std::size_t b = 0; b < ol.size(); ++b) {
                    idx.push_back(colX[static_cast<std::size_t>(l)][b]);
                    val.push_back(ol[b].dur + (uses(ol[b], k) ? 1.0 : 0.0));
                }
                for (std::size_t a = 0; a < oi.size(); ++a)
                    if (uses(oi[a], k)) {
                        idx.push_back(colX[static_cast<std::size_t>(i)][a]);
                        val.push_back(1.0);
                    }
                addRow("after_" + std::to_string(i) + "_" + std::to_string(l) + "_" + std::to_string(k), 'L',
                       2.0);
            }

    // Warm start from the given schedule.
    {
        std::vector<double> sol(static_cast<std::size_t>(ncol), 0.0);
        sol[static_cast<std::size_t>(colC)] = 1.0;
        std::vector<double> start(t.jobs.size(), 0.0);
        bool complete = true;
        for (int i = 0; i < K; ++i) {
            const int j = jobs[static_cast<std::size_t>(i)];
            auto it = std::find_if(warm.jobs.begin(), warm.jobs.end(),
                                   [&](const ScheduledJob& s) { return s.job == j; });
            if (it == warm.jobs.end()) {
                complete = false;
                break;
            }
            start[static_cast<std::size_t>(j)] = it->start;
            sol[static_cast<std::size_t>(colS[static_cast<std::size_t>(i)])] = it->start / U;
            bool found = false;
            for (std::size_t a = 0; a < opts[static_cast<std::size_t>(i)].size(); ++a)
                if (opts[static_cast<std::size_t>(i)][a].gpus == it->gpus &&
                    opts[static_cast<std::size_t>(i)][a].slot == it->slot) {
                    sol[static_cast<std::size_t>(colX[static_cast<std::size_t>(i)][a])] = 1.0;
                    found = true;
                }
            complete = complete && found;
        }
        if (complete) {
            for (int i = 0; i < K; ++i)
                for (int l = i + 1; l < K; ++l)
                    sol[static_cast<std::size_t>(
                        colY[static_cast<std::size_t>(i)][static_cast<std::size_t>(l)])] =
                        start[static_cast<std::size_t>(jobs[static_cast<std::size_t>(i)])] <=
                                start[static_cast<std::size_t>(jobs[static_cast<std::size_t>(l)])]
                            ? 1.0
                            : 0.0;
            std::vector<int> all(static_cast<std::size_t>(ncol));
            std::iota(all.begin(), all.end(), 0);
            Cbc_setMIPStartI(m, ncol, all.data(), sol.data());
        }
    }
    Cbc_setParameter(m, "timeMode", "elapsed"); // wall-clock limit, not CPU time
    Cbc_setMaximumSeconds(m, options.milp_time_limit);
    Cbc_setAllowableFractionGap(m, 1e-6);
    const int rc = Cbc_solve(m);
    (void)rc;

    ScheduleResult best = fallback;
    const bool proven = Cbc_isProvenOptimal(m) != 0;
    const bool infeasible = Cbc_isProvenInfeasible(m) != 0;
    double bound = Cbc_getBestPossibleObjValue(m);
    const double* x = Cbc_bestSolution(m);
    if (x) {
        // Decode: chosen slots, order by start; re-run the serial generation with pinned slots.
        std::vector<GpuSlot> pinned(t.jobs.size());
        std::vector<int> gpus(t.jobs.size(), 0);
        std::vector<std::pair<double, int>> by_start;
        bool ok = true;
        for (int i = 0; i < K; ++i) {
            const int j = jobs[static_cast<std::size_t>(i)];
            int chosen = -1;
            double best_v = 0.5;
            for (std::size_t a = 0; a < opts[static_cast<std::size_t>(i)].size(); ++a) {
                const double v = x[colX[static_cast<std::size_t>(i)][a]];
                if (v > best_v) {
                    best_v = v;
                    chosen = static_cast<int>(a);
                }
            }
            if (chosen < 0) {
                ok = false;
                break;
            }
            const auto& o = opts[static_cast<std::size_t>(i)][static_cast<std::size_t>(chosen)];
            pinned[static_cast<std::size_t>(j)] = o.slot;
            gpus[static_cast<std::size_t>(j)] = o.gpus;
            by_start.emplace_back(x[colS[static_cast<std::size_t>(i)]], j);
        }
        if (ok) {
            std::stable_sort(by_start.begin(), by_start.end());
            std::vector<int> order;
            for (const auto& p : by_start)
                order.push_back(p.second);
            auto r = listSchedule(t, c, order, gpus, &pinned);
            if (r.makespan < best.makespan)
                best = std::move(r);
        }
    }
    if (proven)
        bound = best.makespan / U; // the model is exact for slot schedules: its optimum is optimal
    const double lower = std::max(lb, std::isfinite(bound) ? bound * U : 0.0);
    best.lower_bound = std::min(best.makespan, std::max(lower, warm.lower_bound));
    best.algorithm = "milp";
    best.optimal = proven || best.makespan <= best.lower_bound * (1 + 1e-9);
    if (infeasible)
        best.status = "infeasible model (internal error); kept the warm start";
    else if (proven)
        best.status = "optimal";
    else if (Cbc_isSecondsLimitReached(m))
        best.status = "time limit";
    else
        best.status = "stopped (status " + std::to_string(Cbc_status(m)) + ")";
    best.status += " - " + std::to_string(ncol) + " columns, " + std::to_string(Cbc_getNumRows(m)) + " rows";
    Cbc_deleteModel(m);
    best.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return best;
#endif
}

} // namespace gx
