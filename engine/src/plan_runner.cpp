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
    std::vector<double> op_ms; // opCategories() order, max over ranks
};

// Categories of the instrumented iteration; TP spans inside forward/backward are kept apart so that
// the compute columns exclude them.
enum Op { kFwd, kBwd, kTp, kZero3, kDp, kOptim, kP2p, kTpFwd, kTpBwd, kOpCount };

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
    Rank(const gx::ModelProfile& model, const gx::Plan& plan, AbortGroup& group, ProgressRelay* relay,
         int rank, int world, int device, const ncclUniqueId& id, double timeout_s)
        : model_(model), plan_(plan), group_(group), relay_(relay), rank_(rank), world_(world),
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
        if (stream_) {
            // After the aborts NCCL kernels end; bounded wait so that buffers are freed after use.
            const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
            while (cudaStreamQuery(stream_->get()) == cudaErrorNotReady &&
                   std::chrono::steady_clock::now() < until)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        // Buffers, streams, events and pinned memory are freed by their owners (members) below.
    }

private:
    struct CommEntry {
        ncclComm_t comm = nullptr;
        int token = 0;
    };
    struct Comms {
        ncclComm_t tp = nullptr, dp = nullptr;
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
        waitUntil(
            group_,
            [&] {
                const cudaError_t e = cudaStreamQuery(s);
                if (e == cudaSuccess)
                    return true;
                if (e != cudaErrorNotReady)
                    cudaCheck(e, what);
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
        agree_.allocate(kAgreeSlots * sizeof(double));
        agree_host_.allocate(kAgreeSlots * sizeof(double));
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
        // One more, instrumented iteration: events around every op, per category (untimed above).
        instrument_ = true;
        iteration(total + 1);
        waitStream("instrumented iteration");
        instrument_ = false;
        std::vector<double> ms(kOpCount, 0.0);
        for (int k = 0; k < kOpCount && k < int(spans_.size()); ++k)
            for (const auto& [a, b] : spans_[std::size_t(k)]) {
                float t = 0;
                GX_CUDA(cudaEventElapsedTime(&t, a->get(), b->get()));
                ms[std::size_t(k)] += t;
            }
        spans_.clear();
        std::vector<double> cat = {ms[kFwd] - ms[kTpFwd],
                                   ms[kBwd] - ms[kTpBwd],
                                   ms[kTpFwd] + ms[kTpBwd],
                                   ms[kZero3],
                                   ms[kDp],
                                   ms[kOptim],
                                   ms[kP2p],
                                   double(peak_),
                                   double(peak_ - baseline_)};
        agreeMaxAll(cat);
        out.op_ms.assign(cat.begin(), cat.begin() + 7);
        out.peak_bytes = peak_;
        out.world_peak_bytes = std::int64_t(cat[7]);
        out.world_run_bytes = std::int64_t(cat[8]);
    }

    static constexpr int kAgreeSlots = 16;

    /// Element-wise max over all ranks of up to kAgreeSlots values, in place.
    void agreeMaxAll(std::vector<double>& v) {
        if (v.size() > std::size_t(kAgreeSlots))
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

    /// Runs f; in the instrumented iteration brackets it with events of category op.
    template <typename F> void timed(Op op, F&& f) {
        if (!instrument_) {
            f();
            return;
        }
        if (spans_.empty())
            spans_.resize(kOpCount);
        auto a = std::make_unique<Event>();
        auto b = std::make_unique<Event>();
        GX_CUDA(cudaEventRecord(a->get(), stream_->get()));
        f();
        GX_CUDA(cudaEventRecord(b->get(), stream_->get()));
        spans_[std::size_t(op)].emplace_back(std::move(a), std::move(b));
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
        for (int i = 0; i < int(plan_.layers.size()); ++i) {
            const auto& s = plan_.layers[std::size_t(i)];
            const auto key = std::make_tuple(plan_.stageOfLayer(i), s.tp, s.tp_consecutive);
            if (std::find(keys.begin(), keys.end(), key) == keys.end())
                keys.push_back(key);
        }
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
            if (s.dp > 1)
                split(member ? g.dp_ranks.front() : NCCL_SPLIT_NOCOLOR, &c.dp);
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
        waitStream("setup");
        samplePeak();
    }

    /// Bytes of the activation crossing the boundary after stage st (sender's last layer layout).
    std::size_t boundaryBytes(int st) const {
        const int last = plan_.chunkStart(st) + plan_.stage_layers[std::size_t(st)] - 1;
        const LayerBenchConfig c = runnerLayerConfig(model_, plan_, last);
        return std::size_t(c.micro_batch) * c.seq_len * c.hidden * 2;
    }

    TpHook tpHook(const LayerState& ls) {
        if (ls.strategy.tp <= 1)
            return {};
        ncclComm_t comm = ls.comms.tp;
        cudaStream_t s = stream_->get();
        return [this, comm, s](void* buf, std::int64_t elems) {
            timed(in_backward_ ? kTpBwd : kTpFwd, [&] {
                nccl(ncclAllReduce(buf, buf, std::size_t(elems), ncclBfloat16, ncclSum, comm, s), comm,
                     "ncclAllReduce(tp)");
            });
        };
    }

    void zero3Gather(LayerState& ls) {
        if (ls.strategy.dp_type != gx::DpType::ZeRO3 || ls.strategy.dp <= 1)
            return;
        const std::size_t per = std::size_t(ls.layer->paramCount() / ls.strategy.dp);
        timed(kZero3, [&] {
            nccl(ncclAllGather(static_cast<char*>(ls.layer->weights()) + per * ls.groups.dp_rank * 2,
                               gather_.get(), per, ncclBfloat16, ls.comms.dp, stream_->get()),
                 ls.comms.dp, "ncclAllGather(zero3)");
        });
    }

    static int takeSlot(LayerState& ls, int micro) {
        if (ls.free_slots.empty())
            throw EngineError("internal: more micro-batches in flight than planned on layer " +
                              std::to_string(ls.index));
        const int k = ls.free_slots.back();
        ls.free_slots.pop_back();
        ls.slot_of[micro] = k;
        return k;
    }
    static int giveSlot(LayerState& ls, int micro) {
        const int k = ls.slot_of.at(micro);
        ls.slot_of.erase(micro);
        ls.free_slots.push_back(k);
        return k;
    }

    void forward(int micro) {
        const void* cur = stage_ == 0 ? input_.get() : recv_act_.get();
        void* outs[2] = {ping_.get(), pong_.get()};
        int o = 0;
        for (auto& ls : layers_) {
            zero3Gather(ls);
            const int k = takeSlot(ls, micro);
            TransformerLayer::Activations* act = nullptr;
            TransformerLayer::Activations recompute;
            if (ls.strategy.ckpt == gx::Checkpoint::Full) {
                DeviceBuffer& keep = ls.ckpt_slots[std::size_t(k)];
                GX_CUDA(
                    cudaMemcpyAsync(keep.get(), cur, keep.size(), cudaMemcpyDeviceToDevice, stream_->get()));
                ls.layer->carveActivations(recompute_mem_.get(), recompute);
                act = &recompute;
            } else {
                act = &ls.act_slots[std::size_t(k)];
            }
            in_backward_ = false;
            timed(kFwd, [&] { ls.layer->forward(cur, *act, outs[o], tpHook(ls)); });
            cur = outs[o];
            o ^= 1;
        }
        fwd_out_ = cur;
    }

    void backward(int micro) {
        const void* dy = stage_ == plan_.pp - 1 ? dout_.get() : recv_grad_.get();
        void* outs[2] = {dping_.get(), dpong_.get()};
        int o = 0;
        for (auto it = layers_.rbegin(); it != layers_.rend(); ++it) {
            LayerState& ls = *it;
            zero3Gather(ls);
            const int k = giveSlot(ls, micro);
            TransformerLayer::Activations* act = nullptr;
            TransformerLayer::Activations recompute;
            if (ls.strategy.ckpt == gx::Checkpoint::Full) {
                ls.layer->carveActivations(recompute_mem_.get(), recompute);
                act = &recompute;
                in_backward_ = true;
                timed(kBwd, [&] { // recompute
                    ls.layer->forward(ls.ckpt_slots[std::size_t(k)].get(), *act, tmp_.get(), tpHook(ls));
                }); // recompute
            } else {
                act = &ls.act_slots[std::size_t(k)];
            }
            const bool need_dx = !(stage_ == 0 && &ls == &layers_.front());
            in_backward_ = true;
            timed(kBwd, [&] { ls.layer->backward(dy, *act, need_dx ? outs[o] : nullptr, tpHook(ls)); });
            if (ls.strategy.dp_type == gx::DpType::ZeRO3 && ls.strategy.dp > 1) {
                const std::size_t per = std::size_t(ls.layer->paramCount() / ls.strategy.dp);
                char* g = static_cast<char*>(ls.layer->gradients());
                timed(kZero3, [&] {
                    nccl(ncclReduceScatter(g, g + per * ls.groups.dp_rank * 2, per, ncclBfloat16, ncclSum,
                                           ls.comms.dp, stream_->get()),
                         ls.comms.dp, "ncclReduceScatter(zero3)");
                });
            }
            dy = outs[o];
            o ^= 1;
        }
        bwd_out_ = dy;
    }

    void gradientSyncAndStep(int step) {
        for (auto& ls : layers_) {
            const int dp = ls.strategy.dp;
            const std::int64_t p = ls.layer->paramCount();
            char* g = static_cast<char*>(ls.layer->gradients());
            char* w = static_cast<char*>(ls.layer->weights());
            const std::size_t per = std::size_t(p / std::max(1, dp));
            std::size_t offset = 0;
            if (dp > 1 && ls.strategy.dp_type != gx::DpType::ZeRO3)
                timed(kDp, [&] {
                    if (ls.strategy.dp_type == gx::DpType::DDP)
                        nccl(ncclAllReduce(g, g, std::size_t(p), ncclBfloat16, ncclSum, ls.comms.dp,
                                           stream_->get()),
                             ls.comms.dp, "ncclAllReduce(ddp)");
                    else // ZeRO-1/2
                        nccl(ncclReduceScatter(g, g + per * ls.groups.dp_rank * 2, per, ncclBfloat16, ncclSum,
                                               ls.comms.dp, stream_->get()),
                             ls.comms.dp, "ncclReduceScatter(zero)");
                });
            if (dp > 1 && ls.strategy.dp_type != gx::DpType::DDP)
                offset = per * ls.groups.dp_rank; // ZeRO-3: reduce-scattered per micro-batch already
            timed(kOptim, [&] {
                kern::adamStep(ls.master.as<float>(), ls.m.as<float>(), ls.v.as<float>(), w + offset * 2,
                               g + offset * 2, ls.shard, 1e-4f, step, stream_->get());
            });
            if (dp > 1 &&
                (ls.strategy.dp_type == gx::DpType::ZeRO1 || ls.strategy.dp_type == gx::DpType::ZeRO2))
                timed(kDp, [&] {
                    nccl(ncclAllGather(w + offset * 2, w, per, ncclBfloat16, ls.comms.dp, stream_->get()),
                         ls.comms.dp, "ncclAllGather(zero)");
                });
            GX_CUDA(cudaMemsetAsync(g, 0, std::size_t(p) * 2, stream_->get()));
        }
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
        timed(kP2p, [&] {
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
            timed(kP2p, [&] {
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
    AbortGroup& group_;
    ProgressRelay* relay_;
    int rank_, world_, device_;
    ncclUniqueId id_;
    double timeout_s_;
    int stage_ = 0;
    std::vector<CommEntry> comms_list_; // creation order; aborted or destroyed in reverse
    ncclComm_t world_comm_ = nullptr;
    std::map<std::tuple<int, int, bool>, Comms> comms_;
    std::unique_ptr<Stream> stream_;
    std::unique_ptr<Blas> blas_;
    std::unique_ptr<Event> ev_start_, ev_stop_;
    std::vector<LayerState> layers_;
    DeviceBuffer agree_, input_, dout_, recv_act_, recv_grad_, ping_, pong_, dping_, dpong_, tmp_, gather_,
        scratch_, recompute_mem_;
    PinnedBuffer agree_host_;
    std::int64_t gather_elems_ = 0;
    const void* fwd_out_ = nullptr;
    const void* bwd_out_ = nullptr;
    std::int64_t peak_ = 0, baseline_ = 0;
    bool instrument_ = false, in_backward_ = false;
    std::vector<std::vector<std::pair<std::unique_ptr<Event>, std::unique_ptr<Event>>>> spans_;
};

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
                Rank r(model, plan, group, &relay, env.rank, env.world, device, id, opt.timeout_s);
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
        fillMeasuredOps(result, out.op_ms);
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
                Rank rank(model, plan, group, &relay, r, plan.gpus, r, id, opt.timeout_s);
                rank.run(opt, outs[std::size_t(r)]);
            },
            ctx, &relay);
        result.iteration_ms = outs.front().iteration_ms;
        result.measured_run_bytes = outs.front().world_run_bytes;
        fillMeasuredOps(result, outs.front().op_ms);
        for (const auto& o : outs) {
            result.rank_peak_bytes.push_back(o.peak_bytes);
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
