// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - exact multi-job schedule by mixed-integer programming (COIN-OR CBC, C API).
//
// Formulation (assignment + disjunctive, in the spirit of Saturn's SPASE MILP, Nagrecha & Kumar 2024):
//   x[j,a]  binary   job j runs on option a = (GPU count, slot from slotsFor), duration D[j,a]
//   S[j]    >= 0     start of job j;    C = makespan
//   z[i,j]  binary   (i < j) 1 if the slots of i and j share a GPU
//   y[i,j]  binary   (i < j) 1 if i runs before j (only matters when z = 1)
//   sum_a x[j,a] = 1                                   each job gets one slot
//   S[j] + sum_a D[j,a] x[j,a] <= C                    makespan
//   S[j] >= sum_a R[a] x[j,a]                          re-planning: the slot's GPUs are free (R = release)
//   z[i,j] >= u[i,k] + u[j,k] - 1  for every GPU k both may use, u[j,k] = sum_{a contains k} x[j,a]
//   S[i] + d_i <= S[j] + (1 - y[i,j]) + (1 - z[i,j]),  S[j] + d_j <= S[i] + y[i,j] + (1 - z[i,j])
//   valid inequalities: per-GPU load R_k + sum_j sum_{a contains k} D[j,a] x[j,a] <= C, the work bound
//   sum_k R_k + sum_j sum_a g_a D[j,a] x[j,a] <= G C, and C >= the combinatorial lower bound.
// The overlap variable z keeps the per-GPU rows short (|options containing k| nonzeros instead of all
// of both jobs' options), so the matrix grows with pairs x GPUs x options-per-GPU, not pairs x GPUs x
// all options. Times are scaled by the warm start's makespan U, so M = 1 and C <= 1.
//
// Bounded effort: the whole phase (building, CBC's preprocessing and search) stops at the time limit,
// and the matrix has at most options.milp_max_nonzeros nonzeros. Larger instances keep only the GPU
// counts next to the warm start's ("restricted model"); then CBC's bound is not a bound for the full
// problem and the reported lower bound is the combinatorial one.
// The solution is decoded by ordering jobs by S and re-running the serial schedule generation with the
// chosen slots, which can only move starts earlier.
#include "gx/scheduler.h"

#include "gx/error.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <numeric>
#include <string>
#include <utility>
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

#ifdef GX_HAVE_CBC
namespace {

/// Only schedules at least 0.01% shorter than the warm start are searched (CBC's cutoff).
constexpr double kImprove = 1e-4;

/// One choice of a job in the model: GPU count and slot, with times scaled by the warm start's makespan.
struct MilpOption {
    int gpus;
    GpuSlot slot;
    double dur;     // scaled
    double release; // scaled
};

/// Per job (MILP index) and GPU: indices of the job's options that use the GPU.
using PerGpu = std::vector<std::vector<std::vector<int>>>;

/// The feasible jobs (MILP index -> job index) and the GPU count and slot the warm start gave each.
struct MilpJobs {
    std::vector<int> jobs;
    std::vector<int> warm_gpus;
    std::vector<GpuSlot> warm_slot;
};

/// The feasible jobs of the table and their GPU counts and slots in the warm start.
MilpJobs milpJobs(const JobTable& t, const ScheduleResult& warm) {
    MilpJobs mj;
    for (int j = 0; j < static_cast<int>(t.jobs.size()); ++j)
        if (t.feasible(j))
            mj.jobs.push_back(j);
    const int K = static_cast<int>(mj.jobs.size());
    mj.warm_gpus.assign(static_cast<std::size_t>(K), 0);
    mj.warm_slot.resize(static_cast<std::size_t>(K));
    for (int i = 0; i < K; ++i)
        for (const auto& sj : warm.jobs)
            if (sj.job == mj.jobs[static_cast<std::size_t>(i)] && sj.status == JobStatus::Planned) {
                mj.warm_gpus[static_cast<std::size_t>(i)] = sj.gpus;
                mj.warm_slot[static_cast<std::size_t>(i)] = sj.slot;
            }
    return mj;
}

/// When GPU k is free: the later of now and the end of the running job on it (re-planning).
double gpuFreeAt(const JobTable& t, int k) {
    return static_cast<std::size_t>(k) < t.gpu_free_at.size()
               ? std::max(t.now, t.gpu_free_at[static_cast<std::size_t>(k)])
               : t.now;
}

/// Options per job within `radius` GPU-count steps of the warm start's count (radius < 0: all) and,
/// when window >= 0, on slots within `window` nodes of the warm start's (a neighbourhood search).
/// Times are scaled by U, the warm start's makespan.
std::vector<std::vector<MilpOption>> milpOptions(const JobTable& t, const ClusterProfile& c,
                                                 const MilpJobs& mj, double U, int radius, int window) {
    const int K = static_cast<int>(mj.jobs.size());
    const int per_node = std::max(1, c.gpus_per_node);
    auto nodesOf = [&](const GpuSlot& s) {
        return std::make_pair(s.first / per_node, (s.first + s.count - 1) / per_node);
    };
    std::vector<std::vector<MilpOption>> out(static_cast<std::size_t>(K));
    for (int i = 0; i < K; ++i) {
        const auto& all = t.options[static_cast<std::size_t>(mj.jobs[static_cast<std::size_t>(i)])];
        const int warm_gpus = mj.warm_gpus[static_cast<std::size_t>(i)];
        const GpuSlot& warm_slot = mj.warm_slot[static_cast<std::size_t>(i)];
        int wi = -1;
        for (std::size_t a = 0; a < all.size(); ++a)
            if (all[a].gpus == warm_gpus)
                wi = static_cast<int>(a);
        for (std::size_t a = 0; a < all.size(); ++a) {
            if (radius >= 0 && wi >= 0 && std::abs(static_cast<int>(a) - wi) > radius)
                continue;
            const auto& o = all[a];
            for (const auto& s : slotsFor(c, o.gpus)) {
                if (window >= 0 && !(o.gpus == warm_gpus && s == warm_slot)) {
                    const auto [a0, a1] = nodesOf(s);
                    const auto [w0, w1] = nodesOf(warm_slot);
                    if (a1 < w0 - window || a0 > w1 + window)
                        continue;
                }
                const double rel = t.releaseOf(s);
                // An option that cannot end by U is never part of a schedule better than the warm
                // start (the warm start's own option always stays).
                if (rel + o.duration > U * (1 + 1e-9) && o.gpus != warm_gpus)
                    continue;
                out[static_cast<std::size_t>(i)].push_back({o.gpus, s, o.duration / U, rel / U});
            }
        }
    }
    return out;
}

/// Per job and GPU: indices of the options that use the GPU.
PerGpu optionsPerGpu(const std::vector<std::vector<MilpOption>>& opts, int G) {
    const int K = static_cast<int>(opts.size());
    PerGpu pg(static_cast<std::size_t>(K), std::vector<std::vector<int>>(static_cast<std::size_t>(G)));
    for (int i = 0; i < K; ++i)
        for (std::size_t a = 0; a < opts[static_cast<std::size_t>(i)].size(); ++a) {
            const auto& o = opts[static_cast<std::size_t>(i)][a];
            for (int k = o.slot.first; k < o.slot.first + o.slot.count; ++k)
                pg[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)].push_back(static_cast<int>(a));
        }
    return pg;
}

/// Nonzeros of the constraint matrix scheduleMilp builds for these options.
std::size_t modelNonzeros(const std::vector<std::vector<MilpOption>>& opts, const PerGpu& pg, int G) {
    const int K = static_cast<int>(opts.size());
    std::size_t nnz = 0;
    for (int i = 0; i < K; ++i) {
        const std::size_t ni = opts[static_cast<std::size_t>(i)].size();
        nnz += 4 * ni + 3; // one, end, release, work
        for (int k = 0; k < G; ++k)
            nnz += pg[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)].size(); // load rows
        for (int l = i + 1; l < K; ++l) {
            bool shared = false;
            for (int k = 0; k < G; ++k) {
                const auto& a = pg[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)];
                const auto& b = pg[static_cast<std::size_t>(l)][static_cast<std::size_t>(k)];
                if (a.empty() || b.empty())
                    continue;
                shared = true;
                nnz += 1 + a.size() + b.size();
            }
            if (shared)
                nnz += 2 * (4 + ni + opts[static_cast<std::size_t>(l)].size());
        }
    }
    return nnz;
}

/// The options the model is built on, and whether they are restricted to the warm start's neighbourhood.
struct MilpModelSize {
    std::vector<std::vector<MilpOption>> opts;
    PerGpu pg;
    bool restricted = false;
    std::size_t nnz = 0;
    std::string restriction; ///< appended to the status of a restricted model
};

/// Ever smaller models until one fits options.milp_max_nonzeros (or the time limit has passed): all
/// options; GPU counts near the warm start's; then also slots near its nodes.
MilpModelSize fitModel(const JobTable& t, const ClusterProfile& c, const MilpJobs& mj, double U,
                       const SchedulerOptions& options, const std::function<double()>& elapsed) {
    MilpModelSize m;
    const int G = c.totalGpus();
    const std::pair<int, int> levels[] = {{-1, -1}, {2, -1}, {1, -1}, {0, -1}, {1, 1}, {0, 1}, {0, 0}};
    for (const auto& [radius, window] : levels) {
        m.opts = milpOptions(t, c, mj, U, radius, window);
        m.pg = optionsPerGpu(m.opts, G);
        m.nnz = modelNonzeros(m.opts, m.pg, G);
        m.restricted = radius >= 0;
        m.restriction = window >= 0 ? ", GPU counts and nodes near the heuristic's only"
                                    : ", GPU counts near the heuristic's only";
        if (m.nnz <= options.milp_max_nonzeros || elapsed() > options.milp_time_limit)
            break;
    }
    return m;
}

/// The model's matrix, collected row-wise and handed to CBC in one call (adding rows one by one copies
/// the matrix each time).
struct MilpMatrix {
    std::vector<double> col_lo, col_hi, col_obj;
    std::vector<char> col_int;
    int ncol = 0;
    std::vector<int> idx; ///< the row being built
    std::vector<double> val;
    std::vector<int> row_idx;
    std::vector<double> row_val, row_lo, row_hi;
    std::vector<std::size_t> row_start{0};
    static constexpr double kBig = 1e30;

    int addCol(double lo, double hi, double obj, bool integer) {
        col_lo.push_back(lo);
        col_hi.push_back(hi);
        col_obj.push_back(obj);
        col_int.push_back(integer ? 1 : 0);
        return ncol++;
    }
    /// Adds the row built in idx/val ('L': <= rhs, 'G': >= rhs, 'E': = rhs) and clears it.
    void addRow(char sense, double rhs) {
        row_idx.insert(row_idx.end(), idx.begin(), idx.end());
        row_val.insert(row_val.end(), val.begin(), val.end());
        row_start.push_back(row_idx.size());
        row_lo.push_back(sense == 'L' ? -kBig : rhs);
        row_hi.push_back(sense == 'G' ? kBig : rhs);
        idx.clear();
        val.clear();
    }
};

/// Columns of the makespan C, the starts S[i] and the assignments x[i,a].
struct MilpColumns {
    int C = 0;
    std::vector<int> S;
    std::vector<std::vector<int>> X;
};

/// Adds the columns C, S[i] and x[i,a] (in that order: C, then per job S and its x).
MilpColumns addColumns(MilpMatrix& m, const std::vector<std::vector<MilpOption>>& opts) {
    const int K = static_cast<int>(opts.size());
    MilpColumns col;
    col.C = m.addCol(0.0, 1.0, 1.0, false);
    col.S.resize(static_cast<std::size_t>(K));
    col.X.resize(static_cast<std::size_t>(K));
    for (int i = 0; i < K; ++i) {
        col.S[static_cast<std::size_t>(i)] = m.addCol(0.0, 1.0, 0.0, false);
        for (std::size_t a = 0; a < opts[static_cast<std::size_t>(i)].size(); ++a)
            col.X[static_cast<std::size_t>(i)].push_back(m.addCol(0.0, 1.0, 0.0, true));
    }
    return col;
}

/// Per job: one option, its end within the makespan and (re-planning) its start after the release.
void addJobRows(MilpMatrix& m, const MilpColumns& col, const std::vector<std::vector<MilpOption>>& opts,
                bool with_release) {
    for (std::size_t i = 0; i < opts.size(); ++i) {
        const auto& oi = opts[i];
        const auto& xi = col.X[i];
        for (std::size_t a = 0; a < oi.size(); ++a) {
            m.idx.push_back(xi[a]);
            m.val.push_back(1.0);
        }
        m.addRow('E', 1.0);
        m.idx.push_back(col.S[i]);
        m.val.push_back(1.0);
        for (std::size_t a = 0; a < oi.size(); ++a) {
            m.idx.push_back(xi[a]);
            m.val.push_back(oi[a].dur);
        }
        m.idx.push_back(col.C);
        m.val.push_back(-1.0);
        m.addRow('L', 0.0);
        if (with_release) {
            m.idx.push_back(col.S[i]);
            m.val.push_back(1.0);
            for (std::size_t a = 0; a < oi.size(); ++a) {
                m.idx.push_back(xi[a]);
                m.val.push_back(-oi[a].release);
            }
            m.addRow('G', 0.0);
        }
    }
}

/// The valid inequalities: the work bound, the per-GPU load rows and C >= the combinatorial bound lb.
void addBoundRows(MilpMatrix& m, const MilpColumns& col, const std::vector<std::vector<MilpOption>>& opts,
                  const PerGpu& pg, const JobTable& t, int G, double U, double lb) {
    const int K = static_cast<int>(opts.size());
    double reserved_work = 0;
    for (int k = 0; k < G; ++k)
        reserved_work += gpuFreeAt(t, k) / U;
    for (int i = 0; i < K; ++i)
        for (std::size_t a = 0; a < opts[static_cast<std::size_t>(i)].size(); ++a) {
            const auto& o = opts[static_cast<std::size_t>(i)][a];
            m.idx.push_back(col.X[static_cast<std::size_t>(i)][a]);
            m.val.push_back(o.gpus * o.dur);
        }
    m.idx.push_back(col.C);
    m.val.push_back(-static_cast<double>(G));
    m.addRow('L', -reserved_work);
    for (int k = 0; k < G; ++k) {
        for (int i = 0; i < K; ++i)
            for (int a : pg[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)]) {
                m.idx.push_back(col.X[static_cast<std::size_t>(i)][static_cast<std::size_t>(a)]);
                m.val.push_back(opts[static_cast<std::size_t>(i)][static_cast<std::size_t>(a)].dur);
            }
        if (m.idx.empty())
            continue;
        m.idx.push_back(col.C);
        m.val.push_back(-1.0);
        m.addRow('L', -gpuFreeAt(t, k) / U);
    }
    m.idx.push_back(col.C);
    m.val.push_back(1.0);
    m.addRow('G', std::min(1.0, lb / U) * (1 - 1e-9));
}

/// Pairs that may share a GPU: overlap indicator z, order y, two disjunctions. Returns false when
/// `out_of_time` (checked before each pair) stopped it.
bool addPairRows(MilpMatrix& m, const MilpColumns& col, const std::vector<std::vector<MilpOption>>& opts,
                 const PerGpu& pg, int G, const std::function<bool()>& out_of_time) {
    const int K = static_cast<int>(opts.size());
    for (int i = 0; i < K; ++i) {
        for (int l = i + 1; l < K; ++l) {
            if (out_of_time())
                return false;
            int y = -1, z = -1;
            for (int k = 0; k < G; ++k) {
                const auto& a = pg[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)];
                const auto& b = pg[static_cast<std::size_t>(l)][static_cast<std::size_t>(k)];
                if (a.empty() || b.empty())
                    continue;
                if (z < 0) {
                    z = m.addCol(0.0, 1.0, 0.0, true);
                    y = m.addCol(0.0, 1.0, 0.0, true);
                }
                // z - u_ik - u_lk >= -1
                m.idx.push_back(z);
                m.val.push_back(1.0);
                for (int o : a) {
                    m.idx.push_back(col.X[static_cast<std::size_t>(i)][static_cast<std::size_t>(o)]);
                    m.val.push_back(-1.0);
                }
                for (int o : b) {
                    m.idx.push_back(col.X[static_cast<std::size_t>(l)][static_cast<std::size_t>(o)]);
                    m.val.push_back(-1.0);
                }
                m.addRow('G', -1.0);
            }
            if (z < 0)
                continue;
            // S_i - S_l + d_i + y + z <= 2
            m.idx = {col.S[static_cast<std::size_t>(i)], col.S[static_cast<std::size_t>(l)], y, z};
            m.val = {1.0, -1.0, 1.0, 1.0};
            for (std::size_t a = 0; a < opts[static_cast<std::size_t>(i)].size(); ++a) {
                m.idx.push_back(col.X[static_cast<std::size_t>(i)][a]);
                m.val.push_back(opts[static_cast<std::size_t>(i)][a].dur);
            }
            m.addRow('L', 2.0);
            // S_l - S_i + d_l - y + z <= 1
            m.idx = {col.S[static_cast<std::size_t>(l)], col.S[static_cast<std::size_t>(i)], y, z};
            m.val = {1.0, -1.0, -1.0, 1.0};
            for (std::size_t b = 0; b < opts[static_cast<std::size_t>(l)].size(); ++b) {
                m.idx.push_back(col.X[static_cast<std::size_t>(l)][b]);
                m.val.push_back(opts[static_cast<std::size_t>(l)][b].dur);
            }
            m.addRow('L', 1.0);
        }
    }
    return true;
}

/// A CBC model of the matrix (converted to column-wise; frees the row-wise copy), minimising C.
Cbc_Model* newCbcModel(MilpMatrix& mat) {
    Cbc_Model* m = Cbc_newModel();
    {
        // Row-wise to column-wise.
        const int ncol = mat.ncol;
        const std::size_t nnz_total = mat.row_idx.size();
        const int nrow = static_cast<int>(mat.row_lo.size());
        std::vector<int> cstart(static_cast<std::size_t>(ncol) + 1, 0), rindex(nnz_total);
        std::vector<double> cvalue(nnz_total);
        for (int c0 : mat.row_idx)
            ++cstart[static_cast<std::size_t>(c0) + 1];
        for (int c0 = 0; c0 < ncol; ++c0)
            cstart[static_cast<std::size_t>(c0) + 1] += cstart[static_cast<std::size_t>(c0)];
        std::vector<int> fill(cstart.begin(), cstart.end() - 1);
        for (int r = 0; r < nrow; ++r)
            for (std::size_t e = mat.row_start[static_cast<std::size_t>(r)];
                 e < mat.row_start[static_cast<std::size_t>(r) + 1]; ++e) {
                const auto pos = static_cast<std::size_t>(fill[static_cast<std::size_t>(mat.row_idx[e])]++);
                rindex[pos] = r;
                cvalue[pos] = mat.row_val[e];
            }
        mat.row_idx = {};
        mat.row_val = {};
        Cbc_loadProblem(m, ncol, nrow, cstart.data(), rindex.data(), cvalue.data(), mat.col_lo.data(),
                        mat.col_hi.data(), mat.col_obj.data(), mat.row_lo.data(), mat.row_hi.data());
        for (int c0 = 0; c0 < ncol; ++c0)
            if (mat.col_int[static_cast<std::size_t>(c0)])
                Cbc_setInteger(m, c0);
    }
    Cbc_setLogLevel(m, std::getenv("GX_CBC_LOG") ? 1 : 0);
    Cbc_setProblemName(m, "gx_schedule");
    Cbc_setObjSense(m, 1.0);
    return m;
}

/// Solves with the warm start as a cutoff, within `remaining` seconds.
void solveWithCutoff(Cbc_Model* m, double remaining) {
    // The warm start enters as a cutoff (only strictly better schedules are searched) rather than as a
    // MIP start: CBC 2.10 completes a MIP start with a "reduced search" that ignores the time limit
    // (7 s on the 20-job sweep of bench_schedule). The warm schedule is kept when nothing better is found.
    Cbc_setCutoff(m, 1.0 - kImprove);
    Cbc_setParameter(m, "timeMode", "elapsed"); // wall-clock limit, not CPU time
    // CBC checks its limit between phases only; its preprocessing and root cut loop on a large model can
    // overrun it by seconds. Preprocessing is off (the model has no redundancy it would find) and the
    // root cut passes are bounded, so the overrun stays small.
    // CBC's own limit is set below the remaining time to leave room for its overrun (measured up to
    // ~40% of the limit on a loaded machine, bench_schedule).
    Cbc_setParameter(m, "preprocess", "off");
    Cbc_setParameter(m, "passCuts", "5");
    Cbc_setMaximumSeconds(m, std::max(0.05, 0.6 * remaining - 0.1));
    Cbc_setAllowableFractionGap(m, 1e-6);
    const int rc = Cbc_solve(m);
    (void)rc;
}

/// Decodes CBC's solution x: chosen slots, order by start; re-runs the serial generation with pinned
/// slots and keeps the result in `best` when it is shorter.
void keepDecoded(const JobTable& t, const ClusterProfile& c, const MilpJobs& mj,
                 const std::vector<std::vector<MilpOption>>& opts, const MilpColumns& col, const double* x,
                 ScheduleResult& best) {
    const int K = static_cast<int>(mj.jobs.size());
    std::vector<GpuSlot> pinned(t.jobs.size());
    std::vector<int> gpus(t.jobs.size(), 0);
    std::vector<std::pair<double, int>> by_start;
    for (int i = 0; i < K; ++i) {
        const int j = mj.jobs[static_cast<std::size_t>(i)];
        int chosen = -1;
        double best_v = 0.5;
        for (std::size_t a = 0; a < opts[static_cast<std::size_t>(i)].size(); ++a) {
            const double v = x[col.X[static_cast<std::size_t>(i)][a]];
            if (v > best_v) {
                best_v = v;
                chosen = static_cast<int>(a);
            }
        }
        if (chosen < 0)
            return;
        const auto& o = opts[static_cast<std::size_t>(i)][static_cast<std::size_t>(chosen)];
        pinned[static_cast<std::size_t>(j)] = o.slot;
        gpus[static_cast<std::size_t>(j)] = o.gpus;
        by_start.emplace_back(x[col.S[static_cast<std::size_t>(i)]], j);
    }
    std::stable_sort(by_start.begin(), by_start.end());
    std::vector<int> order;
    for (const auto& p : by_start)
        order.push_back(p.second);
    auto r = listSchedule(t, c, order, gpus, &pinned);
    if (r.makespan < best.makespan)
        best = std::move(r);
}

} // namespace
#endif

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
    auto elapsed = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    };
    auto finishFallback = [&](const std::string& status) {
        fallback.status = status;
        fallback.lower_bound =
            std::min(fallback.makespan, std::max(fallback.lower_bound, makespanLowerBound(t, c)));
        fallback.optimal = fallback.makespan <= fallback.lower_bound * (1 + 1e-9);
        fallback.seconds = elapsed();
        return fallback;
    };
    const double lb = makespanLowerBound(t, c);
    if (warm.jobs.empty() || warm.makespan <= 0)
        return finishFallback("nothing to schedule");
    if (stop.stop_requested())
        return finishFallback("cancelled");
    if (warm.makespan <= lb * (1 + 1e-9))
        return finishFallback("optimal (the warm start meets the lower bound)");
    const double U = warm.makespan;
    const int G = c.totalGpus();
    const bool replanning = !t.gpu_free_at.empty();

    const MilpJobs mj = milpJobs(t, warm);
    const MilpModelSize size = fitModel(t, c, mj, U, options, elapsed);
    const auto& opts = size.opts;
    const bool restricted = size.restricted;
    if (size.nnz > options.milp_max_nonzeros)
        return finishFallback("model too large (" + std::to_string(size.nnz) + " nonzeros > " +
                              std::to_string(options.milp_max_nonzeros) + "); kept the heuristic");

    MilpMatrix mat;
    const MilpColumns col = addColumns(mat, opts);
    addJobRows(mat, col, opts, replanning || t.now > 0);
    addBoundRows(mat, col, opts, size.pg, t, G, U, lb);
    const bool complete = addPairRows(mat, col, opts, size.pg, G, [&] {
        return elapsed() > options.milp_time_limit || stop.stop_requested();
    });
    if (!complete || options.milp_time_limit - elapsed() < 0.05)
        return finishFallback(stop.stop_requested() ? "cancelled"
                                                    : "time limit reached while building the model");
    const int ncol = mat.ncol;
    Cbc_Model* m = newCbcModel(mat);
    const double remaining = options.milp_time_limit - elapsed();
    if (remaining < 0.05) {
        Cbc_deleteModel(m);
        return finishFallback("time limit reached while building the model");
    }
    solveWithCutoff(m, remaining);

    ScheduleResult best = fallback;
    const bool proven = Cbc_isProvenOptimal(m) != 0;
    const bool infeasible = Cbc_isProvenInfeasible(m) != 0;
    double bound = Cbc_getBestPossibleObjValue(m);
    if (const double* x = Cbc_bestSolution(m))
        keepDecoded(t, c, mj, opts, col, x, best);
    // The restricted model's bound is not a bound of the full problem: only the combinatorial one is.
    if (restricted)
        bound = 0;
    else if (proven)
        bound = best.makespan / U; // the model is exact for slot schedules: its optimum is optimal
    const double lower = std::max(lb, std::isfinite(bound) ? bound * U : 0.0);
    best.lower_bound = std::min(best.makespan, std::max(lower, warm.lower_bound));
    best.algorithm = "milp";
    best.optimal = (proven && !restricted) || best.makespan <= best.lower_bound * (1 + 1e-9);
    if (infeasible && !restricted) {
        // Nothing below the cutoff: the warm start is optimal within 0.01%.
        best.lower_bound = std::max(best.lower_bound, best.makespan * (1 - kImprove));
        best.optimal = true;
        best.status = "optimal within 0.01% (no schedule shorter than the heuristic's)";
    } else if (infeasible)
        best.status = "the heuristic's schedule is optimal for the restricted model";
    else if (proven)
        best.status = restricted ? "optimal for the restricted model" : "optimal";
    else if (Cbc_isSecondsLimitReached(m) || elapsed() >= options.milp_time_limit)
        best.status = "time limit";
    else
        best.status = "stopped (status " + std::to_string(Cbc_status(m)) + ")";
    best.status += " - " + std::to_string(ncol) + " columns, " + std::to_string(Cbc_getNumRows(m)) + " rows" +
                   (restricted ? size.restriction : "");
    Cbc_deleteModel(m);
    best.seconds = elapsed();
    return best;
#endif
}

} // namespace gx
