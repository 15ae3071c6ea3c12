// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - the planner (gx/planner.h): search() enumerates the outer configurations
// ("tasks"), bounds them, solves them exactly on a thread pool (TaskSolver, task_solver.cpp), explains
// an infeasible search and computes the Pareto frontier; searchAnytime() adds the time-limited policy
// of the CLI and GUI. The algorithm is described in planner_internal.h.
#include "gx/target.h"
#include "loop_helpers.h"
#include "planner_internal.h"

#include "gx/error.h"
#include "gx/file_io.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <numeric>
#include <set>
#include <thread>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace gx {

using namespace planner;

namespace {

/// A search allocates and frees tens of MiB of labels and tables. glibc returns freed memory at the top
/// of a heap above 128 KiB to the system and serves blocks above a (moving) threshold by mmap, so the
/// next search page-faults all of it in again: 7% of the CPU of a what-if re-search (GPT-3 175B on 64
/// GPUs at 80 GiB, median 68 -> 49 ms). Freed memory up to 256 MiB stays with the process instead.
void keepFreedMemory() {
#if defined(__GLIBC__)
    static std::once_flag once;
    std::call_once(once, [] {
        mallopt(M_MMAP_THRESHOLD, 64 << 20);
        mallopt(M_TRIM_THRESHOLD, 256 << 20);
    });
#endif
}

bool isPow2(int n) {
    return n > 0 && (n & (n - 1)) == 0;
}

} // namespace

std::string describe(const Infeasibility& why) {
    auto gib = [](double b) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.1f GiB", b / kGiB);
        return std::string(buf);
    };
    switch (why.kind) {
    case Infeasibility::Kind::None:
        return {};
    case Infeasibility::Kind::NoConfiguration:
        return "no configuration survives the constraints on " + std::to_string(why.gpus) +
               " GPUs (see --explain)";
    case Infeasibility::Kind::ModelStates:
        return why.model + " needs at least " + gib(why.states) +
               "/GPU for model states with the most sharded strategy on " + std::to_string(why.gpus) +
               " GPUs (incl. " + gib(why.reserved) + " reserved); budget is " + gib(why.budget);
    case Infeasibility::Kind::Activations:
        return why.model + " on " + std::to_string(why.gpus) + " GPUs: model states fit (at least " +
               gib(why.states) +
               "/GPU) but no plan fits activations and transient buffers in the budget of " +
               gib(why.budget) +
               "; try a smaller batch, checkpointing, or more micro-batches (--max-micro raises the "
               "automatic "
               "cap of max(16, 8 * pp); powers of two only unless --any-divisor)";
    case Infeasibility::Kind::Target:
        return "no plan that " + why.framework + " can run fits the memory budget";
    }
    return {};
}

int defaultGlobalBatch(int gpus) {
    return 4 * std::max(1, gpus);
}

Plan defaultPlan(const ModelProfile& model, const ClusterProfile& cluster) {
    Plan plan;
    plan.model = model.name;
    plan.cluster = cluster.name;
    plan.seq_len = model.seq_len;
    const int gpus = std::max(1, cluster.totalGpus());
    const int layers = std::max(1, model.layerCount());
    int heads = 0;
    for (const auto& st : model.stacks)
        heads = heads == 0 ? st.type.heads : std::gcd(heads, st.type.heads);
    int tp = 1;
    while (tp * 2 <= std::min(8, cluster.gpus_per_node) && gpus % (tp * 2) == 0 &&
           (heads == 0 || heads % (tp * 2) == 0))
        tp *= 2;
    int pp = 1;
    while (pp * 2 <= cluster.nodes && gpus % (tp * pp * 2) == 0 && layers % (pp * 2) == 0)
        pp *= 2;
    const int dp = gpus / (tp * pp);
    plan.gpus = tp * pp * dp;
    plan.pp = pp;
    plan.schedule = Schedule::OneFOneB;
    plan.virtual_stages = 1;
    plan.stage_layers.assign(static_cast<std::size_t>(pp), layers / pp);
    plan.stage_layers.back() += layers - (layers / pp) * pp;
    plan.num_micro = 2 * pp;
    const int step = dp * plan.num_micro;
    plan.global_batch = std::max(step, defaultGlobalBatch(gpus) / step * step);
    LayerStrategy s;
    s.tp = tp;
    s.dp = dp;
    s.sp = tp > 1;
    s.dp_type = dp > 1 ? DpType::ZeRO1 : DpType::DDP;
    s.ckpt = Checkpoint::Selective;
    plan.layers.assign(static_cast<std::size_t>(layers), s);
    plan.vocab_tp = tp;
    plan.vocab_dp_type = s.dp_type;
    return plan;
}

std::vector<int> searchBatches(const SearchOptions& o, int gpus) {
    std::vector<int> out;
    if (!o.global_batches.empty()) {
        for (std::size_t i = 0; i < o.global_batches.size(); ++i)
            if (o.global_batches[i] < 1)
                throw InputError("global_batches[" + std::to_string(i) + "]", "must be at least 1");
        out = o.global_batches;
    } else if (o.min_batch > 0 || o.max_batch > 0) {
        if (o.min_batch < 1 || o.max_batch < o.min_batch)
            throw InputError("min_batch", "the batch range needs 1 <= min_batch <= max_batch");
        for (long b = o.min_batch; b <= o.max_batch; b *= 2)
            out.push_back(static_cast<int>(b));
    } else {
        out.push_back(defaultGlobalBatch(gpus));
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::vector<int> searchMicroCounts(const SearchOptions& o, int global_batch, int pp) {
    const int cap = o.max_micro > 0 ? o.max_micro : std::max(16, 8 * pp);
    std::vector<int> out;
    for (int m = 1; m <= std::min(cap, global_batch); ++m)
        if (global_batch % m == 0 && (!o.pow2_degrees || isPow2(m)))
            out.push_back(m);
    return out;
}

std::vector<int> searchVirtualStages(const SearchOptions& o, int pp, int layers) {
    std::vector<int> out;
    if (pp < 2)
        return out;
    const int cap = o.max_virtual_stages > 0 ? o.max_virtual_stages : 8;
    for (int v = 2; v <= cap && pp * v <= layers; ++v)
        if (layers % (pp * v) == 0)
            out.push_back(v);
    return out;
}

namespace {

/// The best plan reported to the observer so far (Incumbent events), shared by the passes that report.
struct IncumbentLog {
    std::mutex mu;
    double per_sample = kInf;
};

/// How a pass reports to the observer: Progress events tagged with its phase, the incumbents (uniform
/// seed and main pass) and (main pass) the task events and the main progress fraction.
struct Phase {
    std::string name;
    int index = 0, count = 0;
    bool main = false;
    const std::atomic<std::int64_t>* dp_states = nullptr; ///< the search's counter
    /// Set: each plan better than every plan reported so far is reported (Incumbent). The uniform
    /// seed reports too: its plans are complete plans of the search space, found in milliseconds.
    IncumbentLog* incumbents = nullptr;
};

/// What the passes proved about one task, valid under every smaller budget (a smaller budget only
/// removes plans): the frontier's passes, at falling budgets, start from it instead of from scratch.
struct TaskMemo {
    /// Per sample: the task's optimum under the budget of the pass and any smaller one is at least this.
    double lower = 0;
    /// The task's optimum under the pass's budget. Under a smaller budget that still holds its peak
    /// memory it stays the optimum (the plans left are a subset that contains it): no DP needed.
    TaskResult best;
    /// Labels its last solve kept, and the bound (s) a frontier pass last solved it under: the frontier's
    /// passes solve a task wide when it kept many and its bound rises slowly.
    std::int64_t labels = 0;
    double bound = 0;
    /// A solver whose labels hold every plan of the task under its budget up to its completeUnder()
    /// bound (TaskSolver::solveWide): a later frontier pass under a bound up to that is answered from
    /// them (TaskSolver::resolve). Only the frontier's passes keep one.
    std::shared_ptr<TaskSolver> wide;
};

/// A frontier pass solves a task whose last solve kept at least kWideLabels labels, and whose bound rose
/// by at most half of kWideMargin since the last pass or that no frontier pass solved before, under a
/// bound kWideMargin above the one in force and keeps its labels: each later pass under a bound up to
/// that is answered by the partition DP alone. (The first frontier solve of a task was a plain one
/// until 2026-11-27, so the second pass solved it again: DeepSeek-V3's pp = 8 configuration took 0.8 s
/// in pass 2 and 0.9 s in pass 3. Wide from the first, bench_search, 3 alternations: DeepSeek-V3 top 5
/// + frontier 4.82-5.34 -> 4.43-4.66 s, Llama 3.1 405B at 128K 10.5-12.3 -> 9.9-10.7 s, LLaMA-2 70B on
/// 64 GPUs 106-126 -> 141-150 ms.)
/// DeepSeek-V3 on 1024 GPUs, top 5 + frontier: its pp = 8 configuration took 1.0-1.5 s in each of
/// passes 2-7, whose bounds rose by 0.05% a pass. (LLaMA-2 70B on 64 GPUs: its bounds rise by about 1%
/// a pass, and the wider solves doubled the frontier's time.)
constexpr std::int64_t kWideLabels = 1000;
constexpr double kWideMargin = 0.003;

/// One full pass over all tasks under a budget (runPass), as an object: the pass's state as members,
/// its steps as methods.
class Pass {
public:
    Pass(Context& ctx, const std::vector<Task>& tasks, double budget, int keep, const Phase& phase,
         std::vector<double> seed, std::vector<TaskMemo>* memo, bool wide);
    std::vector<RankedPlan> run(std::vector<double>* per_task_out);

private:
    double boundLocked() const;
    double boundPerSample() {
        std::lock_guard lock(mu);
        return boundLocked();
    }
    void parallel(const std::function<void()>& fn);
    std::unique_ptr<TaskSolver> makeSolver(std::size_t i);
    /// Task i's solver, made when first needed.
    TaskSolver& solverOf(std::size_t i) {
        if (!solvers[i])
            solvers[i] = makeSolver(i);
        return *solvers[i];
    }
    void takeRoots();
    bool solveTask(std::size_t i, double bound);
    void noteResult(std::size_t i);
    void reportProgress(std::int64_t done);
    void worker();
    void saveMemo();
    std::vector<RankedPlan> ranked();

    Context& ctx;
    const std::vector<Task>& tasks;
    const double budget;
    const int keep;
    const Phase& phase;
    std::vector<TaskMemo>* const memo;
    const bool wide;
    const bool report;
    const std::int64_t total_tasks;
    std::atomic<std::int64_t> done_tasks{0}, cut_tasks{0};
    std::atomic<double> best_time{0};
    std::vector<TaskResult> results;
    // Per task: a plan found and proven its optimum (TaskSolver::certified), which the memo may keep.
    std::vector<char> optimum;
    std::mutex mu;
    // Best per-sample times so far (ascending, at most keep). `seed` holds valid upper bounds (per-task
    // optima of the uniform-strategy subspace), so pruning against them never loses a top-k plan.
    // Upper bound per task (time per sample): the seed, then the task's own optimum. The bound used for
    // pruning is the keep-th smallest over tasks, never below the final keep-th best plan.
    std::vector<double> ub;
    double best_seen = kInf;
    // The same bound, read by running tasks so that they prune against plans found meanwhile.
    std::atomic<double> live{kInf};
    int threads = 1;
    // The tasks are solved in the order of their lower bound, tightened as they come up (refine): the
    // promising ones come first, set the bound early, and the others are cut without a DP.
    std::vector<std::unique_ptr<TaskSolver>> solvers;
    std::vector<std::int64_t> labels;               // labels a solve kept (-1: not solved)
    std::vector<std::shared_ptr<TaskSolver>> wides; // solvers whose labels are kept
    std::vector<double> bounds;                     // their bounds in force (frontier)
    std::vector<double> lower;
    // Tasks whose optimum an earlier pass found and that still fits: known, not solved again.
    std::vector<char> known;
    bool use_memo = false;
    double initial = kInf;
    std::vector<std::size_t> order;
    // The tasks not yet taken, by their lower bound (then the order above), under `queue_mu`: a task
    // whose bound a worker tightened (refine) goes back in when another now comes first.
    std::mutex queue_mu;
    std::set<std::pair<double, std::size_t>> queue;
    std::vector<char> rooted, refined;
    std::vector<std::size_t> rank; // position of each task in `order`
    void takeRoot(std::size_t i);
    bool requeue(std::size_t i);
    bool refine(std::size_t i, double bound);
};

Pass::Pass(Context& ctx, const std::vector<Task>& tasks, double budget, int keep, const Phase& phase,
           std::vector<double> seed, std::vector<TaskMemo>* memo, bool wide)
    : ctx(ctx), tasks(tasks), budget(budget), keep(keep), phase(phase), memo(memo), wide(wide),
      report(phase.main), total_tasks(static_cast<std::int64_t>(tasks.size())), results(tasks.size()),
      optimum(tasks.size(), 0),
      ub(seed.size() == tasks.size() ? std::move(seed) : std::vector<double>(tasks.size(), kInf)),
      solvers(tasks.size()), labels(tasks.size(), -1), wides(tasks.size()), bounds(tasks.size(), 0.0),
      lower(tasks.size(), kInf), known(tasks.size(), 0) {
    threads = std::clamp(ctx.threads(), 1, std::max(1, static_cast<int>(tasks.size())));
    use_memo = memo && memo->size() == tasks.size() && ctx.rule(rules::kTimeLowerBound);
    if (use_memo)
        for (std::size_t i = 0; i < tasks.size(); ++i) {
            const TaskMemo& tm = (*memo)[i];
            if (!tm.best.feasible || tm.best.peak > budget * (1 + 1e-12))
                continue;
            known[i] = 1;
            results[i] = tm.best;
            lower[i] = tm.best.T / tasks[i].batch;
            ub[i] = std::min(ub[i], lower[i] * (1 + 1e-9));
        }
    initial = boundPerSample();
    live.store(initial);
}

double Pass::boundLocked() const {
    if (static_cast<int>(ub.size()) < keep)
        return kInf;
    std::vector<double> tmp = ub;
    std::nth_element(tmp.begin(), tmp.begin() + (keep - 1), tmp.end());
    return tmp[static_cast<std::size_t>(keep - 1)];
}

/// fn on the pass's threads. A thread whose loop ends (no task left) is spare until the pass ends, as
/// are the threads the pass has no task for: a task still solving borrows them (Context::spare).
void Pass::parallel(const std::function<void()>& fn) {
    runCountingSpare(ctx.spare, threads, ctx.threads() - threads, fn);
}

/// A task's solver, prepared (its root then served by SearchCaches::roots when a later pass bounds it
/// again).
std::unique_ptr<TaskSolver> Pass::makeSolver(std::size_t i) {
    const Task& t = tasks[i];
    auto solver = std::make_unique<TaskSolver>(ctx, t, budget, kInf, &live);
    const double earlier = use_memo ? (*memo)[i].lower : 0.0;
    if (solver->prepare() && earlier > 0)
        solver->setLowerHint(earlier * t.batch);
    return solver;
}

/// Every task's lower bound (lower: its compute-only bound, an earlier pass's, or the root bound an
/// earlier pass took; the others' roots are taken when they come up, refine), and the order the tasks
/// are solved in: by that bound.
void Pass::takeRoots() {
    rooted.assign(tasks.size(), 0);
    for (std::size_t i = 0; i < tasks.size(); ++i) {
        if (known[i])
            continue;
        const Task& t = tasks[i];
        const double earlier = use_memo ? (*memo)[i].lower : 0.0;
        lower[i] = std::max(t.lower_bound, earlier);
        // (a root an earlier pass took; the others are taken when their task comes up: refine)
        if (ctx.caches && !(ctx.rule(rules::kTimeLowerBound) && lower[i] > initial))
            if (const auto root = ctx.caches->roots.find(SearchCaches::rootKey(t, budget))) {
                lower[i] = std::max(lower[i], *root * (1 - 1e-9)); // (floating-point slack)
                rooted[i] = 1;
            }
    }
    order.resize(tasks.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return lower[a] < lower[b]; });
    refined.assign(tasks.size(), 0);
    rank.resize(tasks.size());
    for (std::size_t n = 0; n < order.size(); ++n) {
        rank[order[n]] = n;
        queue.emplace(lower[order[n]], n);
    }
}

/// Task i's root bound (the stages' LP relaxations under the memory budget, much tighter than the
/// compute-only one), into lower[i]; kept in SearchCaches::roots for the later passes.
void Pass::takeRoot(std::size_t i) {
    rooted[i] = 1;
    const Task& t = tasks[i];
    TaskSolver& solver = solverOf(i);
    const double root = solver.prepare() ? solver.lowerBound() / t.batch : kInf;
    if (ctx.caches && !ctx.stop.stop_requested())
        ctx.caches->roots.put(SearchCaches::rootKey(t, budget), root);
    lower[i] = std::max(lower[i], root * (1 - 1e-9)); // (floating-point slack)
}

/// Puts task i back into the queue when another task now comes first (true).
bool Pass::requeue(std::size_t i) {
    std::lock_guard lock(queue_mu);
    if (queue.empty() || !(queue.begin()->first < lower[i]))
        return false;
    queue.emplace(lower[i], rank[i]);
    return true;
}

/// Before task i is solved under `bound` (per sample), its lower bound is tightened in two steps, each
/// work its solve does anyway, done once: its root bound, then the root with the stage tables the solve
/// builds first. When another task then comes first, task i goes back into the queue (true) and that
/// one is taken: it may set a bound that cuts task i. A task cut before it comes up is never prepared.
/// (GPT-3 175B on 64 GPUs at 80 GiB, two-run seed: the pp = 4 1F1B task, ordered first at 48.24 s by
/// its root, has one of 48.55 s with the tables, above the 48.51 s plan of the pp = 8 one it was solved
/// before; the same search prepared all 121 configurations for their roots, 8.6 ms.)
bool Pass::refine(std::size_t i, double bound) {
    if (known[i] || !ctx.rule(rules::kTimeLowerBound) || lower[i] > bound)
        return false;
    if (!rooted[i]) {
        takeRoot(i);
        if (requeue(i))
            return true;
        if (lower[i] > bound)
            return false;
    }
    if (refined[i] || (use_memo && (*memo)[i].wide))
        return false;
    refined[i] = 1;
    lower[i] = std::max(lower[i], solverOf(i).refinedLowerBound() / tasks[i].batch * (1 - 1e-9));
    return requeue(i);
}

/// Solves task i under the pass's bound (per sample) `bound`. False: stopped before its solver was
/// made.
bool Pass::solveTask(std::size_t i, double bound) {
    const Task& t = tasks[i];
    if (!solvers[i] && !ctx.stop.stop_requested())
        solvers[i] = makeSolver(i);
    if (!solvers[i]) // (a stop during the preparation)
        return false;
    TaskSolver* solver = solvers[i].get();
    double reach = kInf; // the task's seed: a plan of its own space
    {
        std::lock_guard lock(mu);
        if (ub[i] < kInf)
            reach = ub[i] * t.batch;
    }
    if (report && ctx.observer)
        ctx.observer(
            taskEvent(SearchEvent::Kind::TaskStarted, t.pp, t.schedule, t.v, t.batch, t.m, lower[i], bound));
    // The bound a solve works under: the pass's, capped by the seed (solveDeepening).
    const double pass_bound = bound * t.batch * (1 + kTieSlack); // (ties: sameTime)
    const double in_force = std::min(pass_bound, reach * (1 + 1e-9));
    std::shared_ptr<TaskSolver> kept = use_memo ? (*memo)[i].wide : nullptr;
    if (kept && kept->completeUnder() >= in_force && kept->canResolve(budget)) {
        solver = kept.get();
        results[i] = solver->resolve(budget, in_force, &live);
        labels[i] = (*memo)[i].labels; // (the wide solve's, not the partition DP's)
        ctx.reused_solves.fetch_add(1, std::memory_order_relaxed);
    } else if (wide && use_memo && !ctx.opt.uniform_layers && (*memo)[i].labels >= kWideLabels &&
               (((*memo)[i].bound > 0 && in_force >= (*memo)[i].bound &&
                 in_force <= (*memo)[i].bound * (1 + kWideMargin / 2)) ||
                ((*memo)[i].bound == 0 && in_force < kInf))) {
        results[i] = solver->solveWide(in_force * (1 + kWideMargin));
        kept = std::move(solvers[i]);
    } else {
        solver->setBound(pass_bound);
        if (reach < kInf)
            solver->setUpperHint(reach);
        results[i] = solver->solve();
        kept = nullptr;
    }
    optimum[i] = results[i].feasible && solver->certified();
    if (!optimum[i] && solver->provenAbove() > 0) // (slack: DP vs evaluate rounding)
        lower[i] = std::max(lower[i], solver->provenAbove() / t.batch * (1 - 1e-9));
    if (labels[i] < 0)
        labels[i] = solver->labelsKept();
    bounds[i] = wide ? in_force : 0.0;
    wides[i] = kept && kept->completeUnder() > 0 ? std::move(kept) : nullptr;
    solvers[i].reset(); // its labels are no longer needed (unless kept)
    if (report && ctx.observer)
        ctx.observer(taskEvent(SearchEvent::Kind::TaskSolved, t.pp, t.schedule, t.v, t.batch, t.m, lower[i],
                               bound, results[i].feasible, results[i].T, results[i].peak));
    noteResult(i);
    return true;
}

/// Task i's plan (if any) as an upper bound for the others, and as the incumbent if it is the best yet.
void Pass::noteResult(std::size_t i) {
    if (!results[i].feasible)
        return;
    const double ps = results[i].T / tasks[i].batch;
    bool improved = false;
    {
        std::lock_guard lock(mu);
        improved = ps < best_seen;
        best_seen = std::min(best_seen, ps);
        if (improved)
            best_time.store(results[i].T);
        ub[i] = std::min(ub[i], ps);
        live.store(boundLocked(), std::memory_order_relaxed);
    }
    if (improved && phase.incumbents && ctx.observer) {
        // (under the log's lock: the reported times only fall)
        std::lock_guard lock(phase.incumbents->mu);
        if (ps < phase.incumbents->per_sample) {
            phase.incumbents->per_sample = ps;
            SearchEvent ev;
            ev.kind = SearchEvent::Kind::Incumbent;
            ev.time = results[i].T;
            ev.memory = results[i].peak;
            ev.plan = results[i].plan;
            ctx.observer(ev);
        }
    }
}

void Pass::reportProgress(std::int64_t done) {
    if (!ctx.observer || phase.name.empty())
        return;
    SearchEvent ev;
    ev.kind = SearchEvent::Kind::Progress;
    ev.progress = !report ? (phase.index == 0 ? 0.0 : 1.0)
                          : (total_tasks > 0 ? double(done) / double(total_tasks) : 1.0);
    ctx.progress.store(ev.progress, std::memory_order_relaxed);
    ev.phase = phase.name;
    ev.phase_index = phase.index;
    ev.phase_count = phase.count;
    ev.tasks_done = done;
    ev.tasks_total = total_tasks;
    ev.tasks_cut = cut_tasks.load();
    ev.dp_states = (phase.dp_states ? phase.dp_states : &ctx.dp_states)->load();
    ev.best_time = best_time.load();
    ctx.observer(ev);
}

/// One thread of the pass: takes the task with the least lower bound and solves, cuts or reports it.
void Pass::worker() {
    for (;;) {
        if (ctx.stop.stop_requested())
            return;
        std::size_t i = 0;
        {
            std::lock_guard lock(queue_mu);
            if (queue.empty())
                return;
            i = order[queue.begin()->second];
            queue.erase(queue.begin());
        }
        const Task& t = tasks[i];
        const double bound = boundPerSample();
        if (refine(i, bound))
            continue;
        if (known[i]) {
            // (its optimum is known from an earlier pass: nothing to solve, only to report)
        } else if (ctx.rule(rules::kTimeLowerBound) && lower[i] > bound) {
            ctx.rules.add(rules::kTimeLowerBound);
            cut_tasks.fetch_add(1);
            if (report && ctx.observer)
                ctx.observer(taskEvent(SearchEvent::Kind::TaskCut, t.pp, t.schedule, t.v, t.batch, t.m,
                                       lower[i], bound));
            solvers[i].reset();
        } else if (!solveTask(i, bound)) {
            continue;
        }
        reportProgress(done_tasks.fetch_add(1) + 1);
    }
}

/// What the pass proved per task, for the passes under smaller budgets (TaskMemo).
void Pass::saveMemo() {
    memo->resize(tasks.size());
    for (std::size_t i = 0; i < tasks.size(); ++i) {
        TaskMemo& tm = (*memo)[i];
        if (optimum[i] || known[i]) {
            tm.best = results[i];
            tm.lower = results[i].T / tasks[i].batch * (1 - 1e-9);
        } else {
            tm.best = {};
            tm.lower = std::max(tm.lower, lower[i]);
        }
        if (labels[i] >= 0) {
            tm.labels = labels[i];
            tm.bound = bounds[i];
            tm.wide = std::move(wides[i]);
        }
    }
}

/// Deterministic reduction: evaluate, sort by time per sample, then, among equal times (sameTime), by
/// peak and task order.
std::vector<RankedPlan> Pass::ranked() {
    std::vector<std::pair<std::size_t, RankedPlan>> ranked;
    for (std::size_t i = 0; i < results.size(); ++i) {
        if (!results[i].feasible)
            continue;
        RankedPlan rp;
        rp.plan = results[i].plan;
        rp.plan.precision = ctx.cost.options().precision; // costed in the search's precision and runtime
        rp.plan.runtime = ctx.cost.options().runtime.name;
        rp.predicted_time = results[i].T;
        rp.predicted_peak = results[i].peak;
        rp.cost = ctx.cost.evaluate(rp.plan);
        rp.cost.memory_budget = budget;
        ctx.plans_evaluated.fetch_add(1);
        ranked.emplace_back(i, std::move(rp));
    }
    auto byPeak = [&](const auto& a, const auto& b) {
        if (a.second.cost.peak_memory != b.second.cost.peak_memory)
            return a.second.cost.peak_memory < b.second.cost.peak_memory;
        return tasks[a.first].order < tasks[b.first].order;
    };
    std::sort(ranked.begin(), ranked.end(), [&](const auto& a, const auto& b) {
        const double ta = timePerSample(a.second), tb = timePerSample(b.second);
        return ta != tb ? ta < tb : byPeak(a, b);
    });
    // Equal times (sameTime, from the first of a run): the smaller peak first.
    for (auto run = ranked.begin(); run != ranked.end();) {
        const double t0 = timePerSample(run->second);
        auto end = std::find_if(run, ranked.end(),
                                [&](const auto& r) { return !sameTime(timePerSample(r.second), t0); });
        std::sort(run, end, byPeak);
        run = end;
    }
    std::vector<RankedPlan> out;
    for (auto& r : ranked)
        out.push_back(std::move(r.second));
    return out;
}

std::vector<RankedPlan> Pass::run(std::vector<double>* per_task_out) {
    takeRoots();
    parallel([this]() { worker(); });
    if (memo && !ctx.stop.stop_requested())
        saveMemo();
    if (per_task_out) {
        per_task_out->assign(tasks.size(), kInf);
        for (std::size_t i = 0; i < results.size(); ++i)
            if (results[i].feasible)
                (*per_task_out)[i] = results[i].T / tasks[i].batch * (1 + 1e-9);
    }
    return ranked();
}

/// One full pass over all tasks under a budget; returns per-task optima sorted best first. `memo`
/// (optional, one per task): read as what earlier passes under larger budgets proved, and updated
/// with what this pass proves (unless it was stopped).
std::vector<RankedPlan> runPass(Context& ctx, const std::vector<Task>& tasks, double budget, int keep,
                                const Phase& phase, std::vector<double> seed = {},
                                std::vector<double>* per_task_out = nullptr,
                                std::vector<TaskMemo>* memo = nullptr, bool wide = false) {
    return Pass(ctx, tasks, budget, keep, phase, std::move(seed), memo, wide).run(per_task_out);
}

} // namespace

namespace {

/// Budgets and reserves beyond any GPU's memory are refused: the DP's fixed-point memory grid is a
/// fraction of the budget (TaskSolver::computeCosts), so a budget of 10^15 GiB rounded every layer's
/// memory to 8 GB and the frontier's passes returned plans above their own budgets (found by fuzzing:
/// `--budget 99999999999999999999` never finished). The same limit as a GPU's memory_gib.
void checkMemoryLimits(const CostOptions& o, const std::string& prefix) {
    auto check = [&](const char* field, double v) {
        if (v <= limits::kMaxGpuMemGib)
            return;
        char got[96];
        std::snprintf(got, sizeof got, "expected at most %g GiB per GPU (input limit), got %g",
                      limits::kMaxGpuMemGib, v);
        throw InputError(prefix + field, got);
    };
    check("memory_budget_gib", o.memory_budget_gib);
    check("memory_reserve_gib", o.memory_reserve_gib);
}

void validate(const SearchOptions& options) {
    for (std::size_t part = 0; part < options.subspaces.size(); ++part)
        if (options.subspaces[part].dp_types.empty())
            throw InputError("subspaces[" + std::to_string(part) + "].dp_types", "needs at least one type");
    if (options.top_k < 1)
        throw InputError("top_k", "must be at least 1");
    if (options.threads < 0)
        throw InputError("threads", "must not be negative (0 = all cores)");
    if (options.threads > limits::kMaxThreads)
        throw InputError("threads", "expected at most " + std::to_string(limits::kMaxThreads) +
                                        " (input limit), got " + std::to_string(options.threads));
    if (options.max_micro < 0)
        throw InputError("max_micro", "must not be negative (0 = automatic)");
    if (options.frontier_points < 0)
        throw InputError("frontier_points", "must not be negative");
    if (options.max_runs_per_stage < 0)
        throw InputError("max_runs_per_stage", "must not be negative (0 = no limit)");
    if (options.schedules.empty())
        throw InputError("schedules", "at least one pipeline schedule must be allowed");
    if (options.cost.memory_reserve_gib < 0)
        throw InputError("cost.memory_reserve_gib", "must not be negative");
    if (options.cost.memory_budget_gib < 0)
        throw InputError("cost.memory_budget_gib", "must not be negative");
    checkMemoryLimits(options.cost, "cost.");
}

/// The per-GPU budget: SearchOptions::cost overrides the cost model's budget and reserve when set;
/// the rule itself (including the runtime's headroom) is CostModel::budgetBytes.
double memoryBudget(const CostModel& model, const SearchOptions& options) {
    CostOptions o = model.options();
    if (options.cost.memory_budget_gib > 0)
        o.memory_budget_gib = options.cost.memory_budget_gib;
    if (options.cost.memory_reserve_gib > 0)
        o.memory_reserve_gib = options.cost.memory_reserve_gib;
    return CostModel::budgetBytes(model.cluster(), o);
}

/// Counts the decision tree's nodes (one tree per layer type) and reports them to the observer.
void reportTree(Context& ctx, SearchResult& result) {
    const CostModel& model = ctx.cost;
    std::int64_t next_id = 0;
    for (const auto& stack : model.model().stacks) {
        auto nodes = ctx.space.tree(stack.type, next_id);
        next_id += static_cast<std::int64_t>(nodes.size());
        for (const auto& n : nodes) {
            ++result.stats.tree_nodes;
            if (n.pruned) {
                ++result.stats.pruned_nodes;
                ctx.rules.add(n.rule);
            }
            if (n.strategy)
                ++result.stats.leaves;
            if (ctx.observer && ctx.opt.emit_tree_events) {
                SearchEvent ev;
                ev.kind = n.pruned ? SearchEvent::Kind::NodePruned : SearchEvent::Kind::NodeExpanded;
                ev.node = n;
                ctx.observer(ev);
            }
        }
    }
}

/// The outer configurations: batch x pp x schedule (x chunks) x micro-batch count, in a fixed order.
std::vector<Task> enumerateTasks(Context& ctx) {
    const SearchOptions& options = ctx.opt;
    const SearchSpace& space = ctx.space;
    const std::vector<int> pps = space.pipelineDegrees();
    const bool has1f1b = std::find(options.schedules.begin(), options.schedules.end(), Schedule::OneFOneB) !=
                         options.schedules.end();
    std::vector<Task> tasks;
    int order = 0;
    for (int B : searchBatches(options, ctx.gpus)) {
        for (int pp : pps) {
            for (Schedule sc : options.schedules) {
                std::vector<int> vs = {1};
                if (sc == Schedule::Interleaved) {
                    vs = searchVirtualStages(options, pp, ctx.layers);
                    if (vs.empty()) {
                        ctx.rules.add(rules::kInterleavedSplit);
                        continue;
                    }
                }
                if (pp == 1 && sc != Schedule::OneFOneB && has1f1b)
                    continue; // one stage: the schedules coincide (GPipe holds more)
                for (int v : vs) {
                    for (int m : searchMicroCounts(options, B, pp)) {
                        if (sc == Schedule::Interleaved && m % pp != 0) {
                            ctx.rules.add(rules::kInterleavedSplit);
                            continue;
                        }
                        if (sc == Schedule::GPipe && has1f1b && space.ruleEnabled(rules::kGpipeDominated)) {
                            bool dominated = true;
                            for (int i = 0; i < pp; ++i)
                                dominated =
                                    dominated &&
                                    CostModel::inflightMicroBatches(Schedule::OneFOneB, pp, 1, m, i) <=
                                        CostModel::inflightMicroBatches(Schedule::GPipe, pp, 1, m, i);
                            if (dominated) {
                                ctx.rules.add(rules::kGpipeDominated);
                                continue;
                            }
                        }
                        Task t;
                        t.batch = B;
                        t.pp = pp;
                        t.m = m;
                        t.v = v;
                        t.schedule = sc;
                        // One task per part of the space (SearchOptions::subspaces).
                        const int parts = std::max<int>(1, static_cast<int>(options.subspaces.size()));
                        for (int part = 0; part < parts; ++part) {
                            t.space = part;
                            t.order = order++;
                            tasks.push_back(t);
                        }
                    }
                }
            }
        }
    }
    return tasks;
}

/// Compute-only lower bound per task: sum C >= sum over layers of the fastest candidate, and
/// T >= (m - 1/v) * sum C / pp + sum C / v (max >= mean). Sorts the tasks by it and returns the least
/// per-GPU model states of any task (bytes), which explains an infeasible search.
double boundTasks(Context& ctx, std::vector<Task>& tasks) {
    const CostModel& model = ctx.cost;
    // Per task: model states with the most sharded strategy (bytes per GPU, averaged), infinity when a
    // layer type has no candidate. The tasks are bounded on the search's threads (they cost the layers
    // the passes then find in the cache: Llama 3.1 405B at 128K on 1024 GPUs, 85 ms on one thread).
    std::vector<double> states(tasks.size(), kInf);
    std::atomic<std::size_t> next{0};
    auto bound = [&](Task& t) {
        const int G = ctx.gpus / t.pp;
        const int mb = t.batch / t.m;
        const StageShape shape{G, 0, mb, t.m};
        const auto& lists = ctx.candidates.at({t.space, t.pp});
        double sumc = 0, sums = 0;
        bool any = true;
        for (std::size_t s = 0; s < model.model().stacks.size(); ++s) {
            double cmin = kInf, smin = kInf;
            for (const auto& c : lists[s]) {
                if (mb % c.dp != 0)
                    continue;
                const LayerCost lc = ctx.layerCost(s, c, shape);
                cmin = std::min(cmin, lc.perMicro());
                smin = std::min(smin, lc.states());
            }
            if (cmin == kInf)
                any = false;
            sumc += cmin * model.model().stacks[s].count;
            sums += smin * model.model().stacks[s].count;
        }
        t.lower_bound = any ? ((t.m - 1.0 / t.v) * sumc / t.pp + sumc / t.v) / t.batch : kInf;
        return any ? ctx.reserved + sums / t.pp : kInf;
    };
    const int threads = std::clamp(ctx.threads(), 1, std::max(1, static_cast<int>(tasks.size())));
    runCountingSpare(ctx.spare, threads, ctx.threads() - threads, [&]() {
        for (std::size_t i; (i = next.fetch_add(1)) < tasks.size();)
            states[i] = bound(tasks[i]);
    });
    const double states_lb = states.empty() ? kInf : *std::min_element(states.begin(), states.end());
    std::stable_sort(tasks.begin(), tasks.end(),
                     [](const Task& a, const Task& b) { return a.lower_bound < b.lower_bound; });
    return states_lb;
}

/// Per-task optima of a smaller subspace under `budget`: one strategy for all layers (max_runs = 0) or at
/// most `max_runs` runs of one strategy per stage. They are upper bounds of the per-task optima, so
/// pruning against them is safe. Empty when they would not be used. `memo` (optional): the subspace's
/// per-task optima under a larger budget, which carry over to smaller ones as the per-layer search's do
/// (runPass), so the frontier's passes re-solve only the seeds their budget cut.
std::vector<double> subspaceSeed(Context& ctx, const std::vector<Task>& tasks, double budget, int keep,
                                 Phase phase, int max_runs, std::vector<TaskMemo>* memo = nullptr,
                                 std::vector<double> initial = {}) {
    std::vector<double> seed;
    if (ctx.opt.uniform_layers || !ctx.space.ruleEnabled(rules::kTimeLowerBound))
        return seed;
    if (max_runs > 0 && ctx.opt.max_runs_per_stage > 0 && ctx.opt.max_runs_per_stage <= max_runs)
        return seed; // the search itself is no larger
    SearchOptions uo = ctx.opt;
    uo.uniform_layers = max_runs == 0;
    uo.max_runs_per_stage = max_runs;
    Context uctx{ctx.cost, uo, ctx.space, ctx.observer, ctx.stop};
    uctx.gpus = ctx.gpus;
    uctx.layers = ctx.layers;
    uctx.stack_of = ctx.stack_of;
    uctx.single_type = ctx.single_type;
    uctx.budget = budget;
    uctx.reserved = ctx.reserved;
    uctx.candidates = ctx.candidates;
    uctx.splits = ctx.splits;
    uctx.vocab_follows_layers = ctx.vocab_follows_layers;
    uctx.vocab_tp_one = ctx.vocab_tp_one;
    uctx.caches = ctx.caches;
    // (block recomputation stays off: the seed of a per-layer search bounds plans of that search)
    phase.dp_states = &ctx.dp_states;
    runPass(uctx, tasks, budget, keep, phase, std::move(initial), &seed, memo);
    ctx.helped_positions.fetch_add(uctx.helped_positions.load());
    return seed;
}

/// A first complete plan, early (the GUI shows it while the search goes on): the uniform optimum of the
/// configurations in the order of their compute-only bound, one at a time until one has a plan (at most
/// kFirstTries). Its time seeds that configuration in the two-run pass (a uniform plan has one run per
/// stage). Without it the first plan waited for the two-run pass's first configuration: Llama 3.1 405B
/// on 512 H100s 147 -> 335 ms when the uniform pass was dropped.
constexpr std::size_t kFirstTries = 8;
std::vector<double> firstPlanSeed(Context& ctx, const std::vector<Task>& tasks, double budget, Phase phase) {
    std::vector<double> seed;
    if (ctx.opt.uniform_layers || !ctx.space.ruleEnabled(rules::kTimeLowerBound))
        return seed;
    phase.name.clear(); // (no progress events of its own: it is part of the seed's phase)
    for (std::size_t i = 0; i < tasks.size() && i < kFirstTries && !ctx.stop.stop_requested(); ++i) {
        const std::vector<double> one = subspaceSeed(ctx, {tasks[i]}, budget, 1, phase, 0);
        if (one.size() == 1 && one[0] < kInf) {
            seed.assign(tasks.size(), kInf);
            seed[i] = one[0];
            break;
        }
    }
    return seed;
}

/// The seed of a per-layer pass: per task, its optimum with at most two runs of one strategy per stage,
/// found in a fraction of the per-layer search's time (few labels compete) and often the optimum itself,
/// so the per-layer pass starts with a tight bound and each task is solved directly under its own seed
/// when that is close to its root bound (TaskSolver::setUpperHint). GPT-3 175B on 64 GPUs, 1 thread:
/// 14.7 -> 7.6 s of CPU. Where that subspace is not searched (one strategy for all layers, or at most one
/// or two runs per stage asked for), the uniform optimum.
/// The two-run pass was itself seeded by a uniform pass until tasks were taken in the order of their
/// refined roots (Pass::refine): since then the uniform pass cost more than it saved (2 threads, what-if
/// at 80 GiB: GPT-3 175B 69 -> 54 ms, LLaMA-2 70B 17 -> 15 ms, at 60 GiB 39 -> 19 ms; Llama 3.1 405B at
/// 128K on 1024 GPUs, best plan 813 -> 601 ms; DeepSeek-V3 546 -> 302 ms).
std::vector<double> passSeed(Context& ctx, const std::vector<Task>& tasks, double budget, int keep,
                             Phase phase = {}, std::vector<TaskMemo>* two_run_memo = nullptr) {
    const bool named = !phase.name.empty();
    std::vector<double> first = firstPlanSeed(ctx, tasks, budget, phase);
    phase.name = named ? "two-run seed" : "";
    std::vector<double> two = subspaceSeed(ctx, tasks, budget, keep, phase, 2, two_run_memo, first);
    if (two.size() == tasks.size() || ctx.stop.stop_requested())
        return two;
    phase.name = named ? "uniform seed" : "";
    return subspaceSeed(ctx, tasks, budget, keep, phase, 0, nullptr, std::move(first));
}

/// Why nothing fits, naming the binding constraint.
Infeasibility explainInfeasible(const Context& ctx, const std::vector<Task>& tasks, double states_lb) {
    Infeasibility why;
    why.model = ctx.cost.model().name;
    why.gpus = ctx.gpus;
    why.states = states_lb;
    why.reserved = ctx.reserved;
    why.budget = ctx.budget;
    why.kind = tasks.empty()            ? Infeasibility::Kind::NoConfiguration
               : states_lb > ctx.budget ? Infeasibility::Kind::ModelStates
                                        : Infeasibility::Kind::Activations;
    return why;
}

void reportPoint(const Context& ctx, const RankedPlan& p) {
    if (!ctx.observer)
        return;
    SearchEvent ev;
    ev.kind = SearchEvent::Kind::FrontierPoint;
    ev.time = p.cost.iteration_time;
    ev.memory = p.cost.peak_memory;
    ev.plan = p.plan;
    ctx.observer(ev);
}

/// Pareto frontier (iteration time, peak memory): the fastest plan under decreasing budgets, by time.
/// `memo`: what the main pass proved per task; each pass narrows it for the next, smaller budget.
/// `stopped` is set when the stop ended the passes early.
std::vector<RankedPlan> computeFrontier(Context& ctx, const std::vector<Task>& tasks, const RankedPlan& best,
                                        std::vector<TaskMemo>& memo, std::vector<TaskMemo>& two_run_memo,
                                        bool& stopped) {
    std::vector<RankedPlan> frontier{best};
    const SearchOptions& options = ctx.opt;
    double peak = best.cost.peak_memory;
    for (int k = 1; k < options.frontier_points;) {
        const double next_budget = peak * (1.0 - std::max(1e-9, options.frontier_step));
        if (next_budget <= ctx.reserved)
            break;
        const Phase phase{"frontier " + std::to_string(k) + "/" + std::to_string(options.frontier_points - 1),
                          1 + k, 2 + options.frontier_points - 1};
        // Seeded by the two-run subspace alone, as the main pass (passSeed): it contains the uniform
        // plans. GPT-3 175B, top 5 + frontier: 64 GPUs 4.5 -> 4.0 s, 512 GPUs 1.08 -> 0.67 s.
        auto r =
            runPass(ctx, tasks, next_budget, 1, phase,
                    subspaceSeed(ctx, tasks, next_budget, 1, {}, 2, &two_run_memo), nullptr, &memo, true);
        // A stop before or during the pass (it then returns at once): its plan is not proven the fastest.
        if (ctx.stop.stop_requested()) {
            stopped = true;
            break;
        }
        if (r.empty())
            break;
        RankedPlan p = r.front();
        p.cost.memory_budget = ctx.budget;
        // (each point is smaller than the last: a pass only returns plans under its budget, below the
        // last peak; should one not, the frontier ends rather than repeat the point)
        if (!(p.cost.peak_memory < peak))
            break;
        peak = p.cost.peak_memory;
        reportPoint(ctx, p);
        // As fast as the last point and smaller: it replaces that point, which it dominates. Two
        // configurations can reach the same time at different peaks, and which one a pass returns
        // depends on which its threads solved before the bound cut the other; without this the
        // frontier held a dominated point in some runs and not in others.
        if (sameTime(timePerSample(p), timePerSample(frontier.back()))) {
            frontier.back() = std::move(p);
            continue;
        }
        frontier.push_back(std::move(p));
        ++k;
    }
    // Memory falls as time rises.
    std::sort(frontier.begin(), frontier.end(),
              [](const RankedPlan& a, const RankedPlan& b) { return timePerSample(a) < timePerSample(b); });
    return frontier;
}

void collectStats(Context& ctx, SearchStats& stats) {
    stats.dp_states = ctx.dp_states.load();
    stats.plans_evaluated = ctx.plans_evaluated.load();
    stats.reused_solves = ctx.reused_solves.load();
    stats.helped_positions = ctx.helped_positions.load();
    std::lock_guard lock(ctx.rules.mu);
    for (const auto& rule : pruningRules()) {
        auto it = ctx.rules.counts.find(rule.name);
        if (it != ctx.rules.counts.end())
            stats.pruned_by_rule.emplace_back(rule.name, it->second);
    }
}

} // namespace

SearchResult search(const CostModel& model, const SearchOptions& options, const SearchObserver& observer,
                    std::stop_token stop) {
    const auto t0 = std::chrono::steady_clock::now();
    keepFreedMemory();
    validate(options);
    checkMemoryLimits(model.options(), "cost_options.");
    SearchSpace space(model, options);
    SearchResult result;
    Context ctx{model, options, space, observer, stop};
    ctx.gpus = space.gpus();
    ctx.layers = model.model().layerCount();
    for (std::size_t s = 0; s < model.model().stacks.size(); ++s)
        for (int k = 0; k < model.model().stacks[s].count; ++k)
            ctx.stack_of.push_back(static_cast<int>(s));
    ctx.single_type = model.model().stacks.size() == 1;
    ctx.budget = memoryBudget(model, options);
    ctx.reserved = model.reservedBytes();
    ctx.caches = std::make_shared<SearchCaches>(model);
    if (ctx.budget <= 0)
        throw InputError("cost.memory_budget_gib", "the budget minus the reserve leaves no memory");
    for (int pp : space.pipelineDegrees())
        for (const auto& stack : model.model().stacks)
            ctx.candidates[{0, pp}].push_back(space.layerCandidates(pp, stack.type));
    // The other parts of a union space: their own candidate lists (the same tree rules).
    for (std::size_t part = 0; part < options.subspaces.size(); ++part) {
        const SubSpace& sub = options.subspaces[part];
        SearchOptions po = options;
        po.subspaces.clear();
        po.dp_types = sub.dp_types;
        po.allow_sp = sub.allow_sp;
        po.require_sp = sub.require_sp;
        po.emit_tree_events = false;
        const SearchSpace part_space(model, po);
        auto& mine = ctx.candidates;
        for (int pp : space.pipelineDegrees()) {
            auto& lists = mine[{static_cast<int>(part), pp}];
            lists.clear();
            for (const auto& stack : model.model().stacks) {
                auto cands = part_space.layerCandidates(pp, stack.type);
                if (sub.vocab_cp > 1) // (ring layers of at least that degree only)
                    std::erase_if(cands, [&](const LayerStrategy& c) {
                        return c.cp < sub.vocab_cp || c.cp_comm != CpComm::P2P;
                    });
                lists.push_back(std::move(cands));
            }
        }
    }
    // What the target framework runs, applied inside the DP (not after it): its pipeline splits, its
    // embedding/LM head sharding and Megatron's block recomputation.
    if (options.target != Target::Any) {
        const TargetCapabilities& caps = capabilities(options.target);
        for (int pp : space.pipelineDegrees())
            if (auto sp = allowedSplits(options.target, ctx.layers, pp))
                ctx.splits[pp] = std::move(*sp);
        ctx.vocab_follows_layers = options.uniform_layers && !caps.vocab_tp_free;
        ctx.vocab_tp_one = ctx.vocab_follows_layers && caps.vocab_tp_one;
        ctx.block_recompute =
            options.uniform_layers && options.allow_ckpt && caps.recompute.block && !caps.recompute.per_layer;
    }

    reportTree(ctx, result);
    // 1. Enumerate the tasks, 2. bound them (best first), 3. solve them exactly under the k-th best
    // bound, seeded by the uniform-strategy subspace.
    std::vector<Task> tasks = enumerateTasks(ctx);
    const double states_lb = boundTasks(ctx, tasks);
    const int keep = std::max(options.top_k, 1);
    const int phases = 2 + std::max(0, options.frontier_points - 1);
    IncumbentLog incumbents;
    std::vector<TaskMemo> two_run_memo; // the seed's own optima: the frontier's passes reuse them
    std::vector<double> seed = passSeed(ctx, tasks, ctx.budget, keep,
                                        {"seed", 0, phases, false, nullptr, &incumbents}, &two_run_memo);
    std::vector<TaskMemo> memo;
    auto ranked =
        runPass(ctx, tasks, ctx.budget, keep, {"per-layer search", 1, phases, true, nullptr, &incumbents},
                std::move(seed), nullptr, &memo);
    result.cancelled = stop.stop_requested();
    if (!ranked.empty()) {
        result.best = ranked.front();
        for (int i = 0; i < keep && i < static_cast<int>(ranked.size()); ++i)
            result.top.push_back(ranked[static_cast<std::size_t>(i)]);
        result.per_config = ranked;
    } else if (!result.cancelled) {
        // 4. Explain why nothing fits.
        result.infeasible = explainInfeasible(ctx, tasks, states_lb);
        result.infeasible_reason = describe(result.infeasible);
    }
    // 5. The time-memory frontier.
    if (result.best && options.frontier_points > 0 && !stop.stop_requested())
        result.frontier =
            computeFrontier(ctx, tasks, *result.best, memo, two_run_memo, result.frontier_partial);
    if (result.best)
        reportPoint(ctx, *result.best);
    collectStats(ctx, result.stats);
    result.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return result;
}

std::vector<SimplerPlan> simplerPlans(const CostModel& model, const SearchOptions& options,
                                      std::stop_token stop, const SearchObserver& observer) {
    std::vector<SimplerPlan> out;
    SearchOptions o = options;
    o.top_k = 1;
    o.frontier_points = 0;
    o.emit_tree_events = false;
    for (int runs : {0, 1, 2}) {
        if (options.uniform_layers ||
            (options.max_runs_per_stage > 0 && runs >= options.max_runs_per_stage) || stop.stop_requested())
            break;
        o.uniform_layers = runs == 0;
        o.max_runs_per_stage = runs;
        SearchObserver named; // progress only, named after the space
        if (observer)
            named = [&observer, runs](const SearchEvent& ev) {
                if (ev.kind != SearchEvent::Kind::Progress)
                    return;
                SearchEvent e = ev;
                if (ev.dp_layers > 0) { // in-DP progress: no phase
                    observer(e);
                    return;
                }
                e.phase =
                    (runs == 0 ? std::string("uniform plan") : std::to_string(runs) + " run(s) per stage") +
                    ", " + ev.phase;
                observer(e);
            };
        SearchResult r = search(model, o, named, stop);
        if (r.cancelled)
            break;
        out.push_back({runs, r.best});
    }
    return out;
}

std::string frontierPartialNote(double time_limit_s, std::size_t points, int requested,
                                const std::string& option) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g s", time_limit_s);
    return std::string("the time limit (") + buf + (option.empty() ? "" : ", " + option) +
           ") stopped the time/memory frontier after " + std::to_string(points) + " of " +
           std::to_string(requested) + " points: the plans below are proven optimal, the frontier is partial";
}

std::string timeLimitNote(double time_limit_s, bool uniform, const std::string& option) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g s", time_limit_s);
    return std::string(uniform ? "the uniform search" : "the per-layer search") +
           " reached the time limit (" + buf + (option.empty() ? "" : ", " + option) +
           "): plans below are the best found so far, not proven optimal";
}

SearchResult searchAnytime(const CostModel& model, const SearchOptions& options, double time_limit_s,
                           const SearchObserver& observer, std::stop_token stop) {
    if (!(time_limit_s >= 0))
        throw InputError("time_limit", "expected seconds >= 0 (0 = no limit)");
    if (options.uniform_layers || time_limit_s == 0)
        return search(model, options, observer, stop);
    // The uniform search is fast and complete; the per-layer search refines it until done or until the
    // time limit, and the better of the two is reported.
    SearchOptions uo = options;
    uo.uniform_layers = true;
    uo.frontier_points = 0; // only needed when the limit stops the per-layer search (see below)
    // Its progress is reported (renamed); its plans are not: the per-layer search reports its own.
    SearchObserver forward_progress;
    if (observer)
        forward_progress = [&observer](const SearchEvent& ev) {
            if (ev.kind != SearchEvent::Kind::Progress)
                return;
            SearchEvent e = ev;
            if (ev.dp_layers == 0) // (in-DP progress has no phase)
                e.phase = "uniform plans, " + ev.phase;
            e.progress = 0;
            observer(e);
        };
    // One limit for both searches: the timer starts before the uniform one, which a large space
    // (DeepSeek-V3 on 1024 GPUs: about 1 s) may take a good part of.
    std::stop_source limit;
    std::stop_callback forward(stop, [&limit] { limit.request_stop(); });
    std::jthread timer([&limit, time_limit_s](std::stop_token quit) {
        std::mutex mu;
        std::condition_variable_any cv;
        std::unique_lock lock(mu);
        cv.wait_for(lock, quit, std::chrono::duration<double>(time_limit_s), [] { return false; });
        if (!quit.stop_requested())
            limit.request_stop();
    });
    const SearchResult uniform = search(model, uo, forward_progress, limit.get_token());
    // (The limit reached during the uniform search: its plans, cancelled, are all there is.)
    const bool uniform_cut = uniform.cancelled;
    SearchResult r = uniform_cut ? uniform : search(model, options, observer, limit.get_token());
    timer.request_stop();
    timer.join();
    if (!r.cancelled && r.frontier_partial && !stop.stop_requested())
        r.note = frontierPartialNote(time_limit_s, r.frontier.size(), options.frontier_points);
    if (!r.cancelled)
        return r;
    r.cancelled = stop.stop_requested(); // the caller's stop, not the time limit
    r.time_limited = !r.cancelled;
    r.time_limited_uniform = r.time_limited && uniform_cut;
    if (r.time_limited)
        r.note = timeLimitNote(time_limit_s, uniform_cut);
    std::vector<RankedPlan> all = r.top;
    all.insert(all.end(), uniform.top.begin(), uniform.top.end());
    std::stable_sort(all.begin(), all.end(), [](const RankedPlan& a, const RankedPlan& b) {
        return timePerSample(a) < timePerSample(b);
    });
    std::vector<RankedPlan> top;
    for (const auto& rp : all) {
        bool dup = false;
        for (const auto& t : top)
            dup = dup || t.plan.runsSameAs(rp.plan);
        if (!dup && static_cast<int>(top.size()) < std::max(1, options.top_k))
            top.push_back(rp);
    }
    r.top = top;
    r.best = top.empty() ? std::nullopt : std::optional<RankedPlan>(top.front());
    if (r.frontier.empty()) { // the Pareto-optimal plans among the merged ones
        std::vector<RankedPlan> pool = r.top;
        pool.insert(pool.end(), uniform.top.begin(), uniform.top.end());
        std::stable_sort(pool.begin(), pool.end(), [](const RankedPlan& a, const RankedPlan& b) {
            return timePerSample(a) < timePerSample(b);
        });
        for (const auto& p : pool)
            if (r.frontier.empty() || p.cost.peak_memory < r.frontier.back().cost.peak_memory)
                r.frontier.push_back(p);
    }
    if (!r.best) {
        r.infeasible_reason = uniform.infeasible_reason;
        r.infeasible = uniform.infeasible;
    }
    return r;
}

} // namespace gx
