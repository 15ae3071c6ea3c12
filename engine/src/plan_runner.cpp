// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - plan runner (see plan_runner.h for what a rank executes).
#include "gx/engine/plan_runner.h"

#include "gx/engine/engine.h"
#include "gx/engine/rank_group.h"
#include "gx/error.h"

#include "bootstrap.h"
#include "cuda_util.h"
#include "kernels.h"
#include "layer.h"
#include "nccl_util.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <thread>

namespace gx::engine {

using namespace detail;

#ifndef GX_ENGINE_HAVE_NCCL

PlanRunResult runPlan(const gx::ModelProfile& model, const gx::Plan& plan, const gx::ClusterProfile&,
                      const PlanRunOptions&, const JobContext&) {
    validateRunnablePlan(model, plan);
    throw EngineError("this engine was built without NCCL: plans cannot be run");
}

#else

namespace {

struct RankOutput {
    std::vector<double> iteration_ms; // slowest rank, every timed iteration
    std::int64_t peak_bytes = 0;      // this rank
    std::int64_t world_peak_bytes = 0;
    std::int64_t world_run_bytes = 0;
    std::int64_t plan_bytes = 0;       // this rank's own allocations at their peak
    std::int64_t world_plan_bytes = 0; // max over ranks
    std::vector<double> op_ms;         // opCategories() order, max over ranks
    std::vector<double> per_op_ms;     // planOps() order, max over the ranks of the op's stage; -1 not run
};

/// The layer parts TransformerLayer marks (layer.h OpMark), as named in planOps().
const char* const kLayerParts[] = {"qkv", "attention", "attn_out", "ffn_up", "ffn_down", "elementwise"};
constexpr int kLayerPartCount = 6;
int layerPartIndex(const char* part) {
    for (int k = 0; k < kLayerPartCount; ++k)
        if (std::strcmp(part, kLayerParts[k]) == 0)
            return k;
    return -1;
}

/// GX_ENGINE_INJECT_FAILURE=R makes rank R throw in its second iteration, while the other ranks are
/// inside collectives: the abort path on real hardware (engine/README.md, first-GPU-machine checklist).
int injectedFailureRank() {
    const char* v = std::getenv("GX_ENGINE_INJECT_FAILURE");
    return v && *v ? std::atoi(v) : -1;
}

std::string rankReason(int rank, const std::string& what) {
    return "rank " + std::to_string(rank) + ": " + what;
}

/// One rank's program. All ranks issue the same sequence of collective calls on shared communicators.
/// Every communicator is non-blocking (ncclConfig_t::blocking = 0) and registered with the run's
/// AbortGroup; every host wait polls (waitUntil), so a failure anywhere aborts all communicators and
/// ends every rank within one poll interval.
class Rank {
public:
    Rank(const gx::ModelProfile& model, const gx::Plan& plan, const std::vector<PlanOp>& ops,
         AbortGroup& group, ProgressRelay* relay, int rank, int world, int device, const ncclUniqueId& id,
         double timeout_s)
        : model_(model), plan_(plan), ops_(ops), group_(group), relay_(relay), rank_(rank), world_(world),
          device_(device), id_(id), timeout_s_(timeout_s) {}

    void run(const PlanRunOptions& opt, RankOutput& out, const std::function<void()>& after_init = {}) {
        try {
            runImpl(opt, out, after_init);
            shutdown();
        } catch (const RunAborted&) {
            throw;
        } catch (const std::exception& e) {
            // Abort before this object unwinds: its destructor must not wait on peers.
            group_.abort(rankReason(rank_, e.what()));
            throw;
        }
    }

    ~Rank() {
        if (device_ >= 0)
            cudaSetDevice(device_);
        // Communicators not shut down cleanly (a throw): abort ours, never wait for peers.
        for (auto it = comms_list_.rbegin(); it != comms_list_.rend(); ++it)
            if (group_.release(it->token))
                ncclCommAbort(it->comm);
        comms_list_.clear();
        // After the aborts NCCL kernels end; bounded wait so that buffers are freed after use.
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        for (const Stream* st : {stream_.get(), comm_stream_.get()})
            while (st && cudaStreamQuery(st->get()) == cudaErrorNotReady &&
                   std::chrono::steady_clock::now() < until)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
        // Buffers, streams, events and pinned memory are freed by their owners (members) below.
    }

private:
    struct CommEntry {
        ncclComm_t comm = nullptr;
        int token = 0;
    };
    struct Comms {
        ncclComm_t tp = nullptr, dp = nullptr;
        ncclComm_t dp_async = nullptr; ///< the same DP group, used on the communication stream only
    };
    /// Indices into ops_ of one layer's ops (-1: none).
    struct LayerOps {
        int fwd[kLayerPartCount] = {-1, -1, -1, -1, -1, -1};
        int bwd[kLayerPartCount] = {-1, -1, -1, -1, -1, -1};
        int tp_fwd = -1, tp_bwd = -1, recompute = -1, zero3 = -1, dp_reduce = -1, optimizer = -1,
            dp_gather = -1;
    };
    struct LayerState {
        int index = 0;
        gx::LayerStrategy strategy;
        LayerGroups groups;
        Comms comms;
        std::unique_ptr<TransformerLayer> layer;
        // Activation sets of the in-flight micro-batches, carved from `act_mem` before timing.
        DeviceBuffer act_mem;
        std::vector<TransformerLayer::Activations> act_slots;
        std::vector<int> free_slots;
        std::map<int, int> slot_of; // micro-batch -> slot
        // Full recompute: kept layer inputs (one per in-flight micro-batch).
        std::vector<DeviceBuffer> ckpt_slots;
        DeviceBuffer master, m, v; // optimizer shard (fp32)
        std::int64_t shard = 0;
        LayerOps ops;
        // DP gradient reduction on the communication stream (plan_ops.h): backward done -> reduce ->
        // optimizer step -> ZeRO-1/2 parameter all-gather.
        std::unique_ptr<Event> bwd_done, reduced, stepped;
        bool reduce_pending = false;
    };
    /// Embedding (first stage) and LM head + loss (last stage) of this rank (vocabShard).
    struct VocabState {
        VocabShard shard;
        LayerGroups groups;
        Comms comms;
        std::int64_t emb_v0 = 0, head_v0 = 0, opt_shard = 0, opt_offset = 0;
        DeviceBuffer w, g, master, m, v, ids, labels;
        // Per in-flight micro-batch: the head's input, its logits (reused for their gradient), stats.
        std::vector<DeviceBuffer> head_in, logits, stats;
        std::vector<int> free_slots;
        std::map<int, int> slot_of;
        std::unique_ptr<Event> bwd_done, reduced;
        bool reduce_pending = false;
        void* headWeights() const {
            return static_cast<char*>(w.get()) +
                   (shard.embedding && !shard.head_shares_embedding ? shard.rows * shard.hidden * 2 : 0);
        }
        void* headGrads() const {
            return static_cast<char*>(g.get()) +
                   (shard.embedding && !shard.head_shares_embedding ? shard.rows * shard.hidden * 2 : 0);
        }
    };

    bool isRunning() const { return !group_.aborted(); }

    /// Checks an NCCL call on a non-blocking communicator: ncclInProgress is waited out (polling the
    /// communicator's state, abortable), any other error throws.
    void nccl(ncclResult_t r, ncclComm_t comm, const char* what) {
        if (r == ncclInProgress && comm)
            waitUntil(
                group_,
                [&] {
                    ncclResult_t st = ncclSuccess;
                    ncclCheck(ncclCommGetAsyncError(comm, &st), "ncclCommGetAsyncError");
                    if (st == ncclInProgress)
                        return false;
                    ncclCheck(st, what);
                    return true;
                },
                what, timeout_s_);
        else
            ncclCheck(r, what);
    }

    ncclConfig_t nonBlocking() const {
        ncclConfig_t c = NCCL_CONFIG_INITIALIZER;
        c.blocking = 0;
        return c;
    }

    void adopt(ncclComm_t c) {
        if (!c)
            return;
        comms_list_.push_back({c, group_.add([c] { ncclCommAbort(c); })});
    }

    /// Polls the stream until its work is done; meanwhile checks every communicator for an
    /// asynchronous error (a peer died) and the group for an abort.
    void waitStream(const char* what) {
        const cudaStream_t s = stream_->get();
        const cudaStream_t c = comm_stream_ ? comm_stream_->get() : s;
        waitUntil(
            group_,
            [&] {
                const cudaError_t e = cudaStreamQuery(s);
                const cudaError_t ec = c == s ? cudaSuccess : cudaStreamQuery(c);
                if (e == cudaSuccess && ec == cudaSuccess)
                    return true;
                if (e != cudaErrorNotReady && e != cudaSuccess)
                    cudaCheck(e, what);
                if (ec != cudaErrorNotReady && ec != cudaSuccess)
                    cudaCheck(ec, what);
                for (const auto& c : comms_list_) {
                    ncclResult_t st = ncclSuccess;
                    ncclCheck(ncclCommGetAsyncError(c.comm, &st), "ncclCommGetAsyncError");
                    if (st != ncclSuccess && st != ncclInProgress)
                        ncclCheck(st, what);
                }
                return false;
            },
            what, timeout_s_);
    }

    void runImpl(const PlanRunOptions& opt, RankOutput& out, const std::function<void()>& after_init) {
        const TallyScope count_allocations(&tally_); // every DeviceBuffer of this rank
        GX_CUDA(cudaSetDevice(device_));
        {
            std::size_t free_b = 0, total_b = 0;
            GX_CUDA(cudaMemGetInfo(&free_b, &total_b));
            baseline_ = std::int64_t(total_b) - std::int64_t(free_b); // context, other processes
        }
        {
            ncclConfig_t cfg = nonBlocking();
            ncclComm_t c = nullptr;
            const ncclResult_t r = ncclCommInitRankConfig(&c, world_, id_, rank_, &cfg);
            adopt(c);
            world_comm_ = c;
            nccl(r, c, "ncclCommInitRankConfig");
        }
        // The stream, the pinned agreement slot and the timing events exist before anything that can
        // fail: agreeMax needs them.
        stream_ = std::make_unique<Stream>();
        comm_stream_ = std::make_unique<Stream>();
        agree_slots_ = std::max<std::size_t>(kAgreeSlots, ops_.size() + kAgreeSlots);
        agree_.allocate(agree_slots_ * sizeof(double));
        agree_host_.allocate(agree_slots_ * sizeof(double));
        ev_start_ = std::make_unique<Event>();
        ev_stop_ = std::make_unique<Event>();
        std::string setup_error;
        try {
            setup();
        } catch (const RunAborted&) {
            throw;
        } catch (const std::exception& e) {
            setup_error = e.what();
        }
        // Every rank learns whether any rank failed, so that none waits in a collective.
        if (agreeMax(setup_error.empty() ? 0.0 : 1.0) > 0)
            throw EngineError(setup_error.empty() ? "another rank failed during setup" : setup_error);
        if (after_init)
            after_init(); // every rank has joined: the id file can go
        const int warm = std::max(0, opt.warmup_iterations);
        const int total = warm + std::max(1, opt.iterations);
        for (int it = 0; it < total; ++it) {
            if (rank_ == 0 && relay_)
                relay_->set(double(it) / total,
                            "iteration " + std::to_string(it + 1) + "/" + std::to_string(total));
            GX_CUDA(cudaEventRecord(ev_start_->get(), stream_->get()));
            if (it == 1 && injectedFailureRank() == rank_) // first-GPU-machine check of the abort path
                throw EngineError("injected failure (GX_ENGINE_INJECT_FAILURE=" + std::to_string(rank_) +
                                  ")");
            iteration(it + 1);
            GX_CUDA(cudaEventRecord(ev_stop_->get(), stream_->get()));
            waitStream("iteration");
            float ms = 0;
            GX_CUDA(cudaEventElapsedTime(&ms, ev_start_->get(), ev_stop_->get()));
            const double slowest = agreeMax(ms);
            if (it >= warm)
                out.iteration_ms.push_back(slowest);
            samplePeak();
        }
        // One more, instrumented iteration: events around every op of planOps() (untimed above).
        spans_.assign(ops_.size(), {});
        instrument_ = true;
        iteration(total + 1);
        markOp(-1);
        waitStream("instrumented iteration");
        instrument_ = false;
        std::vector<double> per_op(ops_.size(), -1.0);
        for (std::size_t k = 0; k < ops_.size(); ++k) {
            if (ops_[k].stage != stage_ || !ops_[k].run)
                continue;
            double sum = 0;
            for (const auto& [a, b] : spans_[k]) {
                float t = 0;
                GX_CUDA(cudaEventElapsedTime(&t, a->get(), b->get()));
                sum += t;
            }
            per_op[k] = sum;
        }
        spans_.clear();
        // Max over ranks: per op (ranks of other stages report -1), per category, memory.
        std::vector<double> all = per_op;
        const std::vector<double> cat = categoryTotals(ops_, per_op);
        all.insert(all.end(), cat.begin(), cat.end());
        all.push_back(double(peak_));
        all.push_back(double(peak_ - baseline_));
        all.push_back(double(tally_.peak()));
        agreeMaxAll(all);
        const std::size_t n = ops_.size(), nc = cat.size();
        out.per_op_ms.assign(all.begin(), all.begin() + std::ptrdiff_t(n));
        out.op_ms.assign(all.begin() + std::ptrdiff_t(n), all.begin() + std::ptrdiff_t(n + nc));
        out.peak_bytes = peak_;
        out.world_peak_bytes = std::int64_t(all[n + nc]);
        out.world_run_bytes = std::int64_t(all[n + nc + 1]);
        out.plan_bytes = tally_.peak();
        out.world_plan_bytes = std::int64_t(all[n + nc + 2]);
    }

    static constexpr int kAgreeSlots = 16;

    /// Element-wise max over all ranks of up to agree_slots_ values, in place.
    void agreeMaxAll(std::vector<double>& v) {
        if (v.size() > agree_slots_)
            throw EngineError("internal: too many values to agree on");
        double* d = agree_.as<double>();
        double* h = agree_host_.as<double>();
        std::copy(v.begin(), v.end(), h);
        GX_CUDA(cudaMemcpyAsync(d, h, v.size() * sizeof(double), cudaMemcpyHostToDevice, stream_->get()));
        nccl(ncclAllReduce(d, d, v.size(), ncclDouble, ncclMax, world_comm_, stream_->get()), world_comm_,
             "ncclAllReduce(agree)");
        GX_CUDA(cudaMemcpyAsync(h, d, v.size() * sizeof(double), cudaMemcpyDeviceToHost, stream_->get()));
        waitStream("agreement between ranks");
        std::copy(h, h + v.size(), v.begin());
    }

    /// Per-op timing on the compute stream by marks: markOp(k) ends the open span (if any) and opens
    /// one of op k; markOp(-1) only ends. Only in the instrumented iteration.
    void markOp(int op) {
        if (!instrument_)
            return;
        std::shared_ptr<Event> e;
        if (open_op_ >= 0 || op >= 0) {
            e = std::make_shared<Event>();
            GX_CUDA(cudaEventRecord(e->get(), stream_->get()));
        }
        if (open_op_ >= 0)
            spans_[std::size_t(open_op_)].emplace_back(open_start_, e);
        open_op_ = op;
        open_start_ = op >= 0 ? e : nullptr;
    }

    /// Runs f on stream `s`; in the instrumented iteration brackets it with events of op `op`.
    template <typename F> void timedOp(int op, cudaStream_t s, F&& f) {
        if (!instrument_ || op < 0) {
            f();
            return;
        }
        if (s == stream_->get())
            markOp(-1);
        auto a = std::make_shared<Event>();
        auto b = std::make_shared<Event>();
        GX_CUDA(cudaEventRecord(a->get(), s));
        f();
        GX_CUDA(cudaEventRecord(b->get(), s));
        spans_[std::size_t(op)].emplace_back(std::move(a), std::move(b));
    }

    /// The layer's marks mapped to its ops (recompute: every part counts as the recompute op).
    OpMark layerMark(const LayerState& ls, bool backward, bool recompute) {
        if (!instrument_)
            return {};
        return [this, &ls, backward, recompute](const char* part) {
            if (!part) {
                markOp(-1);
                return;
            }
            if (recompute) {
                markOp(ls.ops.recompute);
                return;
            }
            const int k = layerPartIndex(part);
            markOp(k < 0 ? -1 : backward ? ls.ops.bwd[k] : ls.ops.fwd[k]);
        };
    }

    /// The stream planOps() puts an op on.
    cudaStream_t streamOf(int op) const {
        return op >= 0 && ops_[std::size_t(op)].stream == OpStream::Comm ? comm_stream_->get()
                                                                         : stream_->get();
    }
    /// Makes stream `to` wait for what stream `from` has issued so far (no-op on the same stream).
    void follow(cudaStream_t from, cudaStream_t to, Event& ev) {
        if (from == to)
            return;
        GX_CUDA(cudaEventRecord(ev.get(), from));
        GX_CUDA(cudaStreamWaitEvent(to, ev.get(), 0));
    }

    int opIndex(const std::string& name) const {
        const int i = findOp(ops_, name);
        return i >= 0 && ops_[std::size_t(i)].run ? i : -1;
    }

    /// Clean end: finalize (flushes outstanding work, may take a while with non-blocking comms) and
    /// destroy every communicator, child communicators first.
    void shutdown() {
        while (!comms_list_.empty()) {
            const CommEntry c = comms_list_.back();
            nccl(ncclCommFinalize(c.comm), c.comm, "ncclCommFinalize");
            comms_list_.pop_back(); // from here on this communicator is ours alone
            if (group_.release(c.token))
                ncclCommDestroy(c.comm);
        }
    }

    double agreeMax(double v) {
        double* d = agree_.as<double>();
        double* h = agree_host_.as<double>();
        *h = v;
        GX_CUDA(cudaMemcpyAsync(d, h, sizeof v, cudaMemcpyHostToDevice, stream_->get()));
        nccl(ncclAllReduce(d, d, 1, ncclDouble, ncclMax, world_comm_, stream_->get()), world_comm_,
             "ncclAllReduce(agree)");
        GX_CUDA(cudaMemcpyAsync(h, d, sizeof v, cudaMemcpyDeviceToHost, stream_->get()));
        waitStream("agreement between ranks");
        return *h;
    }

    void samplePeak() {
        std::size_t free_b = 0, total_b = 0;
        if (cudaMemGetInfo(&free_b, &total_b) == cudaSuccess)
            peak_ = std::max(peak_, std::int64_t(total_b) - std::int64_t(free_b));
    }

    void setup() {
        // Refuse before the large allocations when the plan's buffers cannot fit.
        const RankMemoryPlan need = rankMemoryPlan(model_, plan_, rank_);
        {
            std::size_t free_b = 0, total_b = 0;
            GX_CUDA(cudaMemGetInfo(&free_b, &total_b));
            checkRankFits(need, std::int64_t(free_b), device_);
        }
        blas_ = std::make_unique<Blas>(stream_->get());
        const int G = plan_.stageGpus();
        stage_ = rank_ / G;
        const int first = stage_ * G;
        // Communicators: one split per distinct (stage, tp, layout) in layer order, called by every
        // rank in the same order (ncclCommSplit is collective over the parent).
        std::vector<std::tuple<int, int, bool>> keys;
        auto addKey = [&](const std::tuple<int, int, bool>& key) {
            if (std::find(keys.begin(), keys.end(), key) == keys.end())
                keys.push_back(key);
        };
        for (int i = 0; i < int(plan_.layers.size()); ++i) {
            const auto& s = plan_.layers[std::size_t(i)];
            addKey(std::make_tuple(plan_.stageOfLayer(i), s.tp, s.tp_consecutive));
        }
        // The embedding and the head: the first vocab_tp ranks of each group (consecutive).
        for (int st : {0, plan_.pp - 1})
            if (vocabShard(model_, plan_, st).params() > 0)
                addKey(std::make_tuple(st, std::max(1, plan_.vocab_tp), true));
        auto split = [&](int color, ncclComm_t* out) {
            ncclConfig_t cfg = nonBlocking();
            ncclComm_t c = nullptr;
            const ncclResult_t r = ncclCommSplit(world_comm_, color, rank_, &c, &cfg);
            adopt(c);
            nccl(r, c ? c : world_comm_, "ncclCommSplit");
            *out = c;
        };
        for (const auto& key : keys) {
            const auto [st, tp, consecutive] = key;
            gx::LayerStrategy s;
            s.tp = tp;
            s.dp = G / tp;
            s.tp_consecutive = consecutive;
            const bool member = st == stage_;
            Comms c;
            LayerGroups g;
            if (member)
                g = layerGroups(s, first, G, rank_);
            if (s.tp > 1)
                split(member ? g.tp_ranks.front() : NCCL_SPLIT_NOCOLOR, &c.tp);
            if (s.dp > 1) {
                split(member ? g.dp_ranks.front() : NCCL_SPLIT_NOCOLOR, &c.dp);
                split(member ? g.dp_ranks.front() : NCCL_SPLIT_NOCOLOR, &c.dp_async);
            }
            comms_[key] = c;
        }
        // Everything below is allocated once, before timing: the timed loop allocates nothing.
        const int l0 = plan_.chunkStart(stage_);
        const int n = plan_.stage_layers[std::size_t(stage_)];
        const int in_flight = need.in_flight;
        std::int64_t max_elems = 0;
        std::size_t arena = 0, recompute_set = 0;
        for (int i = l0; i < l0 + n; ++i) {
            LayerState ls;
            ls.index = i;
            ls.strategy = plan_.layers[std::size_t(i)];
            ls.groups = layerGroups(ls.strategy, first, G, rank_);
            ls.comms = comms_[std::make_tuple(stage_, ls.strategy.tp, ls.strategy.tp_consecutive)];
            {
                const std::string L = "layer" + std::to_string(i) + ".";
                for (int k = 0; k < kLayerPartCount; ++k) {
                    ls.ops.fwd[k] = opIndex(L + kLayerParts[k] + ".fwd");
                    ls.ops.bwd[k] = opIndex(L + kLayerParts[k] + ".bwd");
                }
                ls.ops.tp_fwd = opIndex(L + "tp_comm.fwd");
                ls.ops.tp_bwd = opIndex(L + "tp_comm.bwd");
                ls.ops.recompute = opIndex(L + "recompute");
                ls.ops.zero3 = opIndex(L + "zero3_comm");
                ls.ops.dp_reduce = opIndex(L + "dp_grad_reduce");
                ls.ops.optimizer = opIndex(L + "optimizer");
                ls.ops.dp_gather = opIndex(L + "dp_param_gather");
                ls.bwd_done = std::make_unique<Event>();
                ls.reduced = std::make_unique<Event>();
                ls.stepped = std::make_unique<Event>();
            }
            const LayerBenchConfig cfg = runnerLayerConfig(model_, plan_, i);
            ls.layer = std::make_unique<TransformerLayer>(cfg, stream_->get(), blas_->get(), 7919u * (i + 1));
            arena = std::max(arena, ls.layer->scratchBytes());
            max_elems = std::max(max_elems, ls.layer->tokens() * cfg.hidden);
            const std::int64_t p = ls.layer->paramCount();
            const int dp = ls.strategy.dp;
            ls.shard = (dp > 1 && ls.strategy.dp_type != gx::DpType::DDP) ? p / dp : p;
            ls.master.allocate(std::size_t(ls.shard) * 4);
            ls.m.allocate(std::size_t(ls.shard) * 4);
            ls.v.allocate(std::size_t(ls.shard) * 4);
            GX_CUDA(cudaMemsetAsync(ls.m.get(), 0, ls.m.size(), stream_->get()));
            GX_CUDA(cudaMemsetAsync(ls.v.get(), 0, ls.v.size(), stream_->get()));
            // Master weights start as the fp32 copy of this rank's shard of the bf16 weights.
            const std::int64_t offset = (ls.shard < p) ? ls.shard * ls.groups.dp_rank : 0;
            kern::bf16ToFloat(static_cast<const char*>(ls.layer->weights()) + offset * 2,
                              ls.master.as<float>(), ls.shard, stream_->get());
            const std::size_t ab = ls.layer->activationBytes();
            if (ls.strategy.ckpt == gx::Checkpoint::Full) {
                recompute_set = std::max(recompute_set, ab);
                const std::size_t in_bytes = std::size_t(ls.layer->tokens()) * ls.layer->hidden() * 2;
                for (int k = 0; k < in_flight; ++k)
                    ls.ckpt_slots.emplace_back(in_bytes);
            } else {
                ls.act_mem.allocate(ab * std::size_t(in_flight));
                ls.act_slots.resize(std::size_t(in_flight));
                for (int k = 0; k < in_flight; ++k)
                    ls.layer->carveActivations(ls.act_mem.as<char>() + ab * std::size_t(k),
                                               ls.act_slots[std::size_t(k)]);
            }
            for (int k = in_flight - 1; k >= 0; --k)
                ls.free_slots.push_back(k);
            if (ls.strategy.dp_type == gx::DpType::ZeRO3 && dp > 1)
                gather_elems_ = std::max(gather_elems_, p / dp * dp);
            layers_.push_back(std::move(ls));
        }
        setupVocab(first, G, in_flight, max_elems);
        scratch_.allocate(arena);
        for (auto& ls : layers_)
            ls.layer->bindScratch(scratch_.get(), scratch_.size());
        if (recompute_set > 0) {
            recompute_mem_.allocate(recompute_set);
        }
        // Boundary messages follow the sender's last layer layout, which may hold more tokens than
        // any layer here (a different dp): size every buffer for the largest of them.
        std::size_t bytes = std::size_t(max_elems) * 2;
        if (stage_ > 0)
            bytes = std::max(bytes, boundaryBytes(stage_ - 1));
        if (stage_ < plan_.pp - 1)
            bytes = std::max(bytes, boundaryBytes(stage_));
        max_elems = std::int64_t(bytes / 2);
        for (auto* b : {&input_, &dout_, &recv_act_, &recv_grad_, &ping_, &pong_, &dping_, &dpong_, &tmp_})
            b->allocate(bytes);
        kern::fillRandom(input_.get(), max_elems, 1234 + rank_, 1.0f, stream_->get());
        kern::fillRandom(dout_.get(), max_elems, 4321 + rank_, 1e-2f, stream_->get());
        if (gather_elems_ > 0)
            gather_.allocate(std::size_t(gather_elems_) * 2);
        p2p_op_ = opIndex("stage" + std::to_string(stage_) + ".pipeline_p2p");
        comm_done_ = std::make_unique<Event>();
        waitStream("setup");
        samplePeak();
    }

    /// Bytes of the activation crossing the boundary after stage st (sender's last layer layout).
    std::size_t boundaryBytes(int st) const {
        const int last = plan_.chunkStart(st) + plan_.stage_layers[std::size_t(st)] - 1;
        const LayerBenchConfig c = runnerLayerConfig(model_, plan_, last);
        return std::size_t(c.micro_batch) * c.seq_len * c.hidden * 2;
    }

    /// Embedding and LM head + loss buffers and op indices (nothing on middle stages).
    void setupVocab(int first, int G, int in_flight, std::int64_t& max_elems) {
        VocabState& v = vocab_;
        v.shard = vocabShard(model_, plan_, stage_);
        emb_fwd_ = opIndex("embedding.fwd");
        emb_bwd_ = opIndex("embedding.bwd");
        emb_tp_ = opIndex("embedding.tp_comm.fwd");
        head_fwd_ = opIndex("lm_head.fwd");
        head_bwd_ = opIndex("lm_head.bwd");
        loss_fwd_ = opIndex("loss.fwd");
        loss_bwd_ = opIndex("loss.bwd");
        head_tp_ = opIndex("lm_head.tp_comm.bwd");
        vocab_reduce_ = opIndex(vocabOpName(plan_.pp, stage_, "dp_grad_reduce"));
        vocab_opt_ = opIndex(vocabOpName(plan_.pp, stage_, "optimizer"));
        const std::int64_t p = v.shard.params();
        if (p <= 0) {
            v.shard.embedding = v.shard.head = false;
            return;
        }
        gx::LayerStrategy vs;
        vs.tp = v.shard.vocab_tp;
        vs.dp = v.shard.vocab_dp;
        vs.tp_consecutive = true;
        v.groups = layerGroups(vs, first, G, rank_);
        v.comms = comms_[std::make_tuple(stage_, vs.tp, true)];
        v.emb_v0 = std::int64_t(v.groups.tp_rank) * v.shard.rows;
        v.head_v0 = std::int64_t(v.groups.tp_rank) * v.shard.head_rows;
        const cudaStream_t s = stream_->get();
        v.w.allocate(std::size_t(align256(p * 2)));
        v.g.allocate(std::size_t(align256(p * 2)));
        kern::fillRandom(v.w.get(), p, 31337u + std::uint64_t(v.groups.tp_rank), 0.02f, s);
        GX_CUDA(cudaMemsetAsync(v.g.get(), 0, v.g.size(), s));
        const bool sharded = v.shard.vocab_dp > 1 && plan_.vocab_dp_type != gx::DpType::DDP;
        v.opt_shard = sharded ? p / v.shard.vocab_dp : p;
        v.opt_offset = sharded ? v.opt_shard * v.groups.dp_rank : 0;
        for (DeviceBuffer* b : {&v.master, &v.m, &v.v})
            b->allocate(std::size_t(align256(v.opt_shard * 4)));
        GX_CUDA(cudaMemsetAsync(v.m.get(), 0, v.m.size(), s));
        GX_CUDA(cudaMemsetAsync(v.v.get(), 0, v.v.size(), s));
        kern::bf16ToFloat(static_cast<const char*>(v.w.get()) + v.opt_offset * 2, v.master.as<float>(),
                          v.opt_shard, s);
        const std::int64_t T = v.shard.tokens;
        // The same tokens on every rank of a vocab-parallel group (each holds a slice of the vocabulary).
        if (v.shard.embedding) {
            v.ids.allocate(std::size_t(align256(T * 4)));
            kern::fillTokens(v.ids.as<int>(), T, int(v.shard.vocab), 4242u + std::uint64_t(v.groups.dp_rank),
                             s);
        }
        if (v.shard.head) {
            v.labels.allocate(std::size_t(align256(T * 4)));
            kern::fillTokens(v.labels.as<int>(), T, int(v.shard.head_rows * v.shard.vocab_tp),
                             777u + std::uint64_t(v.groups.dp_rank), s);
            for (int k = 0; k < in_flight; ++k) {
                v.head_in.emplace_back(std::size_t(align256(T * v.shard.hidden * 2)));
                v.logits.emplace_back(std::size_t(align256(T * v.shard.head_rows * 2)));
                v.stats.emplace_back(std::size_t(align256(T * 8)));
            }
            for (int k = in_flight - 1; k >= 0; --k)
                v.free_slots.push_back(k);
        }
        v.bwd_done = std::make_unique<Event>();
        v.reduced = std::make_unique<Event>();
        max_elems = std::max(max_elems, T * v.shard.hidden);
    }

    TpHook tpHook(const LayerState& ls) {
        if (ls.strategy.tp <= 1)
            return {};
        ncclComm_t comm = ls.comms.tp;
        cudaStream_t s = stream_->get();
        return [this, comm, s, &ls](void* buf, std::int64_t elems) {
            markOp(in_backward_ ? ls.ops.tp_bwd : ls.ops.tp_fwd); // ended by the layer's next mark
            nccl(ncclAllReduce(buf, buf, std::size_t(elems), ncclBfloat16, ncclSum, comm, s), comm,
                 "ncclAllReduce(tp)");
        };
    }

    void zero3Gather(LayerState& ls) {
        if (ls.strategy.dp_type != gx::DpType::ZeRO3 || ls.strategy.dp <= 1)
            return;
        const std::size_t per = std::size_t(ls.layer->paramCount() / ls.strategy.dp);
        timedOp(ls.ops.zero3, stream_->get(), [&] {
            nccl(ncclAllGather(static_cast<char*>(ls.layer->weights()) + per * ls.groups.dp_rank * 2,
                               gather_.get(), per, ncclBfloat16, ls.comms.dp, stream_->get()),
                 ls.comms.dp, "ncclAllGather(zero3)");
        });
    }

    static int takeSlot(std::vector<int>& free_slots, std::map<int, int>& slot_of, int micro,
                        const std::string& what) {
        if (free_slots.empty())
            throw EngineError("internal: more micro-batches in flight than planned on " + what);
        const int k = free_slots.back();
        free_slots.pop_back();
        slot_of[micro] = k;
        return k;
    }
    static int giveSlot(std::vector<int>& free_slots, std::map<int, int>& slot_of, int micro) {
        const int k = slot_of.at(micro);
        slot_of.erase(micro);
        free_slots.push_back(k);
        return k;
    }

    void forward(int micro) {
        const cudaStream_t s = stream_->get();
        const void* cur = stage_ == 0 ? input_.get() : recv_act_.get();
        VocabState& v = vocab_;
        if (v.shard.embedding) {
            const std::int64_t n = v.shard.tokens * v.shard.hidden;
            timedOp(emb_fwd_, s, [&] {
                kern::embeddingForward(v.ids.as<int>(), v.w.get(), input_.get(), v.shard.tokens,
                                       v.shard.hidden, v.emb_v0, v.shard.rows, s);
            });
            if (v.comms.tp)
                timedOp(emb_tp_, s, [&] {
                    nccl(ncclAllReduce(input_.get(), input_.get(), std::size_t(n), ncclBfloat16, ncclSum,
                                       v.comms.tp, s),
                         v.comms.tp, "ncclAllReduce(embedding)");
                });
            cur = input_.get();
        }
        void* outs[2] = {ping_.get(), pong_.get()};
        int o = 0;
        for (auto& ls : layers_) {
            zero3Gather(ls);
            const int k = takeSlot(ls.free_slots, ls.slot_of, micro, "layer " + std::to_string(ls.index));
            TransformerLayer::Activations* act = nullptr;
            TransformerLayer::Activations recompute;
            if (ls.strategy.ckpt == gx::Checkpoint::Full) {
                DeviceBuffer& keep = ls.ckpt_slots[std::size_t(k)];
                GX_CUDA(cudaMemcpyAsync(keep.get(), cur, keep.size(), cudaMemcpyDeviceToDevice, s));
                ls.layer->carveActivations(recompute_mem_.get(), recompute);
                act = &recompute;
            } else {
                act = &ls.act_slots[std::size_t(k)];
            }
            in_backward_ = false;
            ls.layer->forward(cur, *act, outs[o], tpHook(ls), layerMark(ls, false, false));
            cur = outs[o];
            o ^= 1;
        }
        fwd_out_ = cur;
        if (v.shard.head)
            headForward(micro);
    }

    /// LM head GEMM (logits of this rank's vocabulary slice) and the loss statistics; the head's input
    /// and logits stay in the micro-batch's slot until its backward.
    void headForward(int micro) {
        VocabState& v = vocab_;
        const cudaStream_t s = stream_->get();
        const int k = takeSlot(v.free_slots, v.slot_of, micro, "the LM head");
        const std::int64_t T = v.shard.tokens;
        const int h = v.shard.hidden, rows = int(v.shard.head_rows);
        void* x = v.head_in[std::size_t(k)].get();
        void* logits = v.logits[std::size_t(k)].get();
        timedOp(head_fwd_, s, [&] {
            GX_CUDA(cudaMemcpyAsync(x, fwd_out_, std::size_t(T) * h * 2, cudaMemcpyDeviceToDevice, s));
            gemmRowMajor(blas_->get(), false, true, int(T), rows, h, x, h, v.headWeights(), h, logits, rows);
        });
        timedOp(loss_fwd_, s,
                [&] { kern::crossEntropyForward(logits, v.stats[std::size_t(k)].as<float>(), T, rows, s); });
    }

    /// Loss gradient, then the head's data gradient (into dout_, the last layer's dy) and weight gradient.
    void headBackward(int micro) {
        VocabState& v = vocab_;
        const cudaStream_t s = stream_->get();
        const int k = giveSlot(v.free_slots, v.slot_of, micro);
        const std::int64_t T = v.shard.tokens;
        const int h = v.shard.hidden, rows = int(v.shard.head_rows);
        void* x = v.head_in[std::size_t(k)].get();
        void* dl = v.logits[std::size_t(k)].get();
        timedOp(loss_bwd_, s, [&] {
            kern::crossEntropyBackward(dl, v.labels.as<int>(), v.stats[std::size_t(k)].as<float>(), T, rows,
                                       v.head_v0, 1.0f / float(T), s);
        });
        timedOp(head_bwd_, s, [&] {
            gemmRowMajor(blas_->get(), false, false, int(T), h, rows, dl, rows, v.headWeights(), h,
                         dout_.get(), h);
            gemmRowMajor(blas_->get(), true, false, rows, h, int(T), dl, rows, x, h, v.headGrads(), h, 1.0f);
        });
        if (v.comms.tp)
            timedOp(head_tp_, s, [&] {
                nccl(ncclAllReduce(dout_.get(), dout_.get(), std::size_t(T) * h, ncclBfloat16, ncclSum,
                                   v.comms.tp, s),
                     v.comms.tp, "ncclAllReduce(lm_head)");
            });
    }

    /// The layer's DP gradient reduction, as planOps() schedules it: on its stream (the communication
    /// stream) after the backward of micro-batch issue_after_micro (the stage's last), waiting for an
    /// event recorded when the layer's backward is done; the optimizer step waits for it in turn.
    void issueDpReduce(LayerState& ls, int micro) {
        const int op = ls.ops.dp_reduce;
        if (op < 0 || micro != ops_[std::size_t(op)].issue_after_micro || ls.strategy.dp <= 1 ||
            ls.strategy.dp_type == gx::DpType::ZeRO3)
            return;
        const cudaStream_t c = streamOf(op);
        follow(stream_->get(), c, *ls.bwd_done);
        const std::int64_t p = ls.layer->paramCount();
        char* g = static_cast<char*>(ls.layer->gradients());
        const std::size_t per = std::size_t(p / ls.strategy.dp);
        ncclComm_t comm = c == stream_->get() ? ls.comms.dp : ls.comms.dp_async;
        timedOp(op, c, [&] {
            if (ls.strategy.dp_type == gx::DpType::DDP)
                nccl(ncclAllReduce(g, g, std::size_t(p), ncclBfloat16, ncclSum, comm, c), comm,
                     "ncclAllReduce(ddp)");
            else // ZeRO-1/2
                nccl(ncclReduceScatter(g, g + per * ls.groups.dp_rank * 2, per, ncclBfloat16, ncclSum, comm,
                                       c),
                     comm, "ncclReduceScatter(zero)");
        });
        GX_CUDA(cudaEventRecord(ls.reduced->get(), c));
        ls.reduce_pending = true;
    }

    /// The embedding / head gradient all-reduce over the vocab data-parallel group (the cost model
    /// prices an all-reduce for every vocab DP type but ZeRO-3), scheduled like a layer's reduction.
    void issueVocabReduce(int micro) {
        VocabState& v = vocab_;
        if (vocab_reduce_ < 0 || micro != ops_[std::size_t(vocab_reduce_)].issue_after_micro ||
            !v.comms.dp_async)
            return;
        const cudaStream_t c = streamOf(vocab_reduce_);
        follow(stream_->get(), c, *v.bwd_done);
        ncclComm_t comm = c == stream_->get() ? v.comms.dp : v.comms.dp_async;
        const std::int64_t p = v.shard.params();
        timedOp(vocab_reduce_, c, [&] {
            nccl(ncclAllReduce(v.g.get(), v.g.get(), std::size_t(p), ncclBfloat16, ncclSum, comm, c), comm,
                 "ncclAllReduce(vocab)");
        });
        GX_CUDA(cudaEventRecord(v.reduced->get(), c));
        v.reduce_pending = true;
    }

    void backward(int micro) {
        const cudaStream_t s = stream_->get();
        VocabState& v = vocab_;
        const void* dy = stage_ == plan_.pp - 1 ? dout_.get() : recv_grad_.get();
        if (v.shard.head) {
            headBackward(micro);
            dy = dout_.get();
        }
        void* outs[2] = {dping_.get(), dpong_.get()};
        int o = 0;
        for (auto it = layers_.rbegin(); it != layers_.rend(); ++it) {
            LayerState& ls = *it;
            zero3Gather(ls);
            const int k = giveSlot(ls.free_slots, ls.slot_of, micro);
            TransformerLayer::Activations* act = nullptr;
            TransformerLayer::Activations recompute;
            in_backward_ = true;
            if (ls.strategy.ckpt == gx::Checkpoint::Full) {
                ls.layer->carveActivations(recompute_mem_.get(), recompute);
                act = &recompute;
                ls.layer->forward(ls.ckpt_slots[std::size_t(k)].get(), *act, tmp_.get(), tpHook(ls),
                                  layerMark(ls, true, true));
            } else {
                act = &ls.act_slots[std::size_t(k)];
            }
            // The first layer of the first stage computes its input gradient for the embedding.
            const bool need_dx = !(stage_ == 0 && &ls == &layers_.front()) || v.shard.embedding;
            ls.layer->backward(dy, *act, need_dx ? outs[o] : nullptr, tpHook(ls), layerMark(ls, true, false));
            if (ls.strategy.dp_type == gx::DpType::ZeRO3 && ls.strategy.dp > 1) {
                const std::size_t per = std::size_t(ls.layer->paramCount() / ls.strategy.dp);
                char* g = static_cast<char*>(ls.layer->gradients());
                timedOp(ls.ops.zero3, s, [&] {
                    nccl(ncclReduceScatter(g, g + per * ls.groups.dp_rank * 2, per, ncclBfloat16, ncclSum,
                                           ls.comms.dp, s),
                         ls.comms.dp, "ncclReduceScatter(zero3)");
                });
            }
            issueDpReduce(ls, micro);
            dy = outs[o];
            o ^= 1;
        }
        bwd_out_ = dy;
        if (v.shard.embedding)
            timedOp(emb_bwd_, s, [&] {
                kern::embeddingBackward(v.ids.as<int>(), dy, v.g.get(), v.shard.tokens, v.shard.hidden,
                                        v.emb_v0, v.shard.rows, s);
            });
        if (v.shard.embedding || v.shard.head)
            issueVocabReduce(micro);
    }

    void gradientSyncAndStep(int step) {
        const cudaStream_t s = stream_->get(), c = comm_stream_->get();
        for (auto& ls : layers_) {
            const int dp = ls.strategy.dp;
            const std::int64_t p = ls.layer->paramCount();
            char* g = static_cast<char*>(ls.layer->gradients());
            char* w = static_cast<char*>(ls.layer->weights());
            const std::size_t per = std::size_t(p / std::max(1, dp));
            std::size_t offset = 0;
            if (ls.reduce_pending) { // the optimizer step waits for the reduction on the comm stream
                GX_CUDA(cudaStreamWaitEvent(s, ls.reduced->get(), 0));
                ls.reduce_pending = false;
            }
            if (dp > 1 && ls.strategy.dp_type != gx::DpType::DDP)
                offset = per * ls.groups.dp_rank; // ZeRO-3: reduce-scattered per micro-batch already
            timedOp(ls.ops.optimizer, s, [&] {
                kern::adamStep(ls.master.as<float>(), ls.m.as<float>(), ls.v.as<float>(), w + offset * 2,
                               g + offset * 2, ls.shard, 1e-4f, step, s);
            });
            if (dp > 1 &&
                (ls.strategy.dp_type == gx::DpType::ZeRO1 || ls.strategy.dp_type == gx::DpType::ZeRO2)) {
                // After the step, on the gather's stream (planOps: the communication stream).
                const cudaStream_t gs = streamOf(ls.ops.dp_gather);
                follow(s, gs, *ls.stepped);
                ncclComm_t comm = gs == s ? ls.comms.dp : ls.comms.dp_async;
                timedOp(ls.ops.dp_gather, gs, [&] {
                    nccl(ncclAllGather(w + offset * 2, w, per, ncclBfloat16, comm, gs), comm,
                         "ncclAllGather(zero)");
                });
            }
            GX_CUDA(cudaMemsetAsync(g, 0, std::size_t(p) * 2, s));
        }
        VocabState& v = vocab_;
        if (v.shard.embedding || v.shard.head) {
            if (v.reduce_pending) {
                GX_CUDA(cudaStreamWaitEvent(s, v.reduced->get(), 0));
                v.reduce_pending = false;
            }
            timedOp(vocab_opt_, s, [&] {
                kern::adamStep(v.master.as<float>(), v.m.as<float>(), v.v.as<float>(),
                               static_cast<char*>(v.w.get()) + v.opt_offset * 2,
                               static_cast<const char*>(v.g.get()) + v.opt_offset * 2, v.opt_shard, 1e-4f,
                               step, s);
            });
            GX_CUDA(cudaMemsetAsync(v.g.get(), 0, v.g.size(), s));
        }
        // The iteration ends when both streams are done: the compute stream waits for the comm stream.
        GX_CUDA(cudaEventRecord(comm_done_->get(), c));
        GX_CUDA(cudaStreamWaitEvent(s, comm_done_->get(), 0));
    }

    void iteration(int step) {
        const int G = plan_.stageGpus();
        const int pp = plan_.pp;
        const auto steps = pipelineSchedule(plan_.schedule, pp, stage_, plan_.num_micro);
        const cudaStream_t s = stream_->get();
        ncclComm_t wc = world_comm_;
        auto recvInput = [&](const PipelineStep& st) {
            if (st.kind == StepKind::Forward && stage_ > 0)
                nccl(ncclRecv(recv_act_.get(), boundaryBytes(stage_ - 1) / 2, ncclBfloat16, rank_ - G, wc, s),
                     wc, "ncclRecv");
            if (st.kind == StepKind::Backward && stage_ < pp - 1)
                nccl(ncclRecv(recv_grad_.get(), boundaryBytes(stage_) / 2, ncclBfloat16, rank_ + G, wc, s),
                     wc, "ncclRecv");
        };
        auto sendOutput = [&](const PipelineStep& st) {
            if (st.kind == StepKind::Forward && stage_ < pp - 1)
                nccl(ncclSend(fwd_out_, boundaryBytes(stage_) / 2, ncclBfloat16, rank_ + G, wc, s), wc,
                     "ncclSend");
            if (st.kind == StepKind::Backward && stage_ > 0)
                nccl(ncclSend(bwd_out_, boundaryBytes(stage_ - 1) / 2, ncclBfloat16, rank_ - G, wc, s), wc,
                     "ncclSend");
        };
        timedOp(p2p_op_, s, [&] {
            nccl(ncclGroupStart(), nullptr, "ncclGroupStart");
            recvInput(steps.front());
            nccl(ncclGroupEnd(), wc, "ncclGroupEnd");
        });
        for (std::size_t t = 0; t < steps.size(); ++t) {
            if (steps[t].kind == StepKind::Forward)
                forward(steps[t].micro);
            else
                backward(steps[t].micro);
            // Send this step's output together with the next step's receive (one NCCL group).
            timedOp(p2p_op_, s, [&] {
                nccl(ncclGroupStart(), nullptr, "ncclGroupStart");
                sendOutput(steps[t]);
                if (t + 1 < steps.size())
                    recvInput(steps[t + 1]);
                nccl(ncclGroupEnd(), wc, "ncclGroupEnd");
            });
        }
        gradientSyncAndStep(step);
    }

    const gx::ModelProfile& model_;
    const gx::Plan& plan_;
    const std::vector<PlanOp>& ops_;
    AbortGroup& group_;
    ProgressRelay* relay_;
    int rank_, world_, device_;
    ncclUniqueId id_;
    double timeout_s_;
    AllocationTally tally_; // before every buffer: they report to it when they are freed
    int stage_ = 0;
    std::vector<CommEntry> comms_list_; // creation order; aborted or destroyed in reverse
    ncclComm_t world_comm_ = nullptr;
    std::map<std::tuple<int, int, bool>, Comms> comms_;
    std::unique_ptr<Stream> stream_, comm_stream_;
    std::unique_ptr<Blas> blas_;
    std::unique_ptr<Event> ev_start_, ev_stop_, comm_done_;
    std::vector<LayerState> layers_;
    VocabState vocab_;
    DeviceBuffer agree_, input_, dout_, recv_act_, recv_grad_, ping_, pong_, dping_, dpong_, tmp_, gather_,
        scratch_, recompute_mem_;
    PinnedBuffer agree_host_;
    std::size_t agree_slots_ = kAgreeSlots;
    std::int64_t gather_elems_ = 0;
    const void* fwd_out_ = nullptr;
    const void* bwd_out_ = nullptr;
    std::int64_t peak_ = 0, baseline_ = 0;
    bool instrument_ = false, in_backward_ = false;
    int p2p_op_ = -1;
    int emb_fwd_ = -1, emb_bwd_ = -1, emb_tp_ = -1, head_fwd_ = -1, head_bwd_ = -1, loss_fwd_ = -1,
        loss_bwd_ = -1, head_tp_ = -1, vocab_reduce_ = -1, vocab_opt_ = -1;
    // Instrumented iteration: per op, its (start, end) event pairs; the open mark.
    std::vector<std::vector<std::pair<std::shared_ptr<Event>, std::shared_ptr<Event>>>> spans_;
    int open_op_ = -1;
    std::shared_ptr<Event> open_start_;
};

/// The runner's op list: planOps() with the cluster given; a cluster smaller than the plan (a local
/// test run) is widened to the plan's GPUs for the prediction.
std::vector<PlanOp> runnerOps(const gx::ModelProfile& model, const gx::Plan& plan,
                              const gx::ClusterProfile& cluster) {
    try {
        return planOps(model, plan, cluster);
    } catch (const gx::InputError&) {
        gx::ClusterProfile wide = cluster;
        const int gpn = std::max(1, wide.gpus_per_node);
        wide.gpus_per_node = gpn;
        wide.nodes = std::max(wide.nodes, (plan.gpus + gpn - 1) / gpn);
        return planOps(model, plan, wide);
    }
}

void fillMeasuredOps(PlanRunResult& r, const std::vector<double>& ms) {
    const auto& names = opCategories();
    if (r.ops.size() != names.size()) {
        r.ops.clear();
        for (const auto& n : names)
            r.ops.push_back({n, -1, -1});
    }
    for (std::size_t k = 0; k < names.size() && k < ms.size(); ++k)
        r.ops[k].measured_ms = ms[k];
}

} // namespace

PlanRunResult runPlan(const gx::ModelProfile& model, const gx::Plan& plan, const gx::ClusterProfile& cluster,
                      const PlanRunOptions& opt, const JobContext& ctx) {
    validateRunnablePlan(model, plan);
    PlanRunResult result;
    result.gpus = plan.gpus;
    result.notes = planRunNotes(model, plan);
    for (const auto& s : plan.layers)
        if (s.dp_type == gx::DpType::ZeRO3 && s.dp > 1) {
            result.notes.push_back("ZeRO-3 keeps full weights resident: measured memory over-counts weights");
            break;
        }
    for (int r = 0; r < plan.gpus; ++r)
        result.planned_rank_bytes =
            std::max(result.planned_rank_bytes, rankMemoryPlan(model, plan, r).allocated());
    if (!opt.skip_prediction)
        fillPrediction(result, model, plan, cluster);
    const std::vector<PlanOp> ops = runnerOps(model, plan, cluster);
    const std::string why = noDeviceReason();
    if (!why.empty())
        throw EngineError("no CUDA device: " + why);
    int ndev = 0;
    GX_CUDA(cudaGetDeviceCount(&ndev));
    const LaunchEnv env = launchEnvFromEnvironment();
    AbortGroup group;
    ProgressRelay relay;
    if (env.multiProcess()) {
        // One process per GPU, started by mpirun/srun/torchrun.
        if (env.world != plan.gpus)
            throw gx::InputError("plan.gpus", "the plan needs " + std::to_string(plan.gpus) +
                                                  " ranks but the " + env.launcher + " world has " +
                                                  std::to_string(env.world));
        result.mode = "processes";
        std::string file = opt.id_file;
        if (file.empty())
            if (const char* f = std::getenv("GX_NCCL_ID_FILE"))
                file = f;
        const std::string key = opt.run_key.empty() ? runKeyFromEnvironment() : opt.run_key;
        file = runIdFile(file, key); // job-unique: a stale file from an earlier run is never read
        ncclUniqueId id{};
        if (env.rank == 0) {
            GX_NCCL(ncclGetUniqueId(&id));
            publishId(file, &id, sizeof id);
        } else if (!readId(file, &id, sizeof id, opt.timeout_s, [&] { return ctx.cancelled(); })) {
            if (ctx.cancelled())
                throw Cancelled{};
            throw EngineError("timed out waiting for the NCCL id in '" + file +
                              "' (is rank 0 running, with the same "
                              "--id-file and run key?)");
        }
        const int device = env.local_rank % std::max(1, ndev);
        RankOutput out;
        runRankThreads(
            1, group,
            [&](int) {
                Rank r(model, plan, ops, group, &relay, env.rank, env.world, device, id, opt.timeout_s);
                r.run(opt, out, [&] {
                    if (env.rank == 0)
                        removeId(file);
                });
            },
            ctx, &relay);
        if (env.rank == 0)
            removeId(file);
        result.iteration_ms = out.iteration_ms;
        result.rank_peak_bytes.push_back(out.peak_bytes);
        result.measured_peak_bytes = out.world_peak_bytes;
        result.measured_run_bytes = out.world_run_bytes;
        result.measured_plan_bytes = out.world_plan_bytes;
        result.rank_plan_bytes.push_back(out.plan_bytes);
        fillMeasuredOps(result, out.op_ms);
        result.op_report = opReports(ops, out.per_op_ms);
    } else {
        if (plan.gpus > ndev)
            throw gx::InputError("plan.gpus", "the plan needs " + std::to_string(plan.gpus) +
                                                  " GPUs; this machine has " + std::to_string(ndev) +
                                                  " (use mpirun/srun/torchrun for more)");
        // Refuse before any allocation or communicator: every rank's buffers must fit its device.
        for (int r = 0; r < plan.gpus; ++r) {
            GX_CUDA(cudaSetDevice(r));
            std::size_t free_b = 0, total_b = 0;
            GX_CUDA(cudaMemGetInfo(&free_b, &total_b));
            checkRankFits(rankMemoryPlan(model, plan, r), std::int64_t(free_b), r);
        }
        result.mode = "threads";
        ncclUniqueId id{};
        GX_NCCL(ncclGetUniqueId(&id));
        std::vector<RankOutput> outs(std::size_t(plan.gpus));
        runRankThreads(
            plan.gpus, group,
            [&](int r) {
                Rank rank(model, plan, ops, group, &relay, r, plan.gpus, r, id, opt.timeout_s);
                rank.run(opt, outs[std::size_t(r)]);
            },
            ctx, &relay);
        result.iteration_ms = outs.front().iteration_ms;
        result.measured_run_bytes = outs.front().world_run_bytes;
        result.measured_plan_bytes = outs.front().world_plan_bytes;
        fillMeasuredOps(result, outs.front().op_ms);
        result.op_report = opReports(ops, outs.front().per_op_ms);
        for (const auto& o : outs) {
            result.rank_peak_bytes.push_back(o.peak_bytes);
            result.rank_plan_bytes.push_back(o.plan_bytes);
            result.measured_peak_bytes = std::max(result.measured_peak_bytes, o.peak_bytes);
        }
    }
    std::vector<double> sorted = result.iteration_ms;
    std::sort(sorted.begin(), sorted.end());
    if (!sorted.empty())
        result.measured_iteration_ms = sorted[sorted.size() / 2];
    ctx.report(1.0, "plan run done");
    return result;
}

#endif

} // namespace gx::engine
