// Galvatron Explorer engine - plan runner (see plan_runner.h for what a rank executes).
#include "gx/engine/plan_runner.h"

#include "gx/engine/engine.h"
#include "gx/error.h"

#include "bootstrap.h"
#include "cuda_util.h"
#include "kernels.h"
#include "layer.h"
#include "nccl_util.h"

#include <algorithm>
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
    std::string error;
};

LayerBenchConfig layerConfig(const gx::ModelProfile& model, const gx::Plan& plan, int layer) {
    const gx::LayerType& t = model.layer(layer);
    const gx::LayerStrategy& s = plan.layers[std::size_t(layer)];
    LayerBenchConfig c;
    c.hidden = t.hidden;
    c.ffn_hidden = t.ffn_hidden;
    c.heads = t.heads;
    c.kv_heads = t.kv_heads > 0 ? t.kv_heads : t.heads;
    c.seq_len = t.seq_len > 0 ? t.seq_len : model.seq_len;
    c.gated_ffn = t.gated_ffn;
    c.causal = t.kind == gx::BlockKind::Decoder;
    c.rms_norm = !t.bias; // LLaMA-style (no biases) uses RMSNorm; GPT/BERT LayerNorm
    c.tp = s.tp;
    c.micro_batch = plan.microBatch() / s.dp;
    return c;
}

/// One rank's program. All ranks issue the same sequence of collective calls on shared communicators.
class Rank {
public:
    Rank(const gx::ModelProfile& model, const gx::Plan& plan, const JobContext& ctx, int rank, int world,
         int device, const ncclUniqueId& id)
        : model_(model), plan_(plan), ctx_(ctx), rank_(rank), world_(world), device_(device), id_(id) {}

    void run(const PlanRunOptions& opt, RankOutput& out) {
        GX_CUDA(cudaSetDevice(device_));
        GX_NCCL(ncclCommInitRank(&world_comm_, world_, id_, rank_));
        // The stream and the agreement slot exist before anything that can fail: agreeMax needs them.
        stream_ = std::make_unique<Stream>();
        agree_.allocate(sizeof(double));
        std::string setup_error;
        try {
            setup();
        } catch (const std::exception& e) {
            setup_error = e.what();
        }
        // Every rank learns whether any rank failed, so that none waits forever in a collective.
        if (agreeMax(setup_error.empty() ? 0.0 : 1.0) > 0)
            throw EngineError(setup_error.empty() ? "another rank failed during setup" : setup_error);
        const int total = std::max(0, opt.warmup_iterations) + std::max(1, opt.iterations);
        for (int it = 0; it < total; ++it) {
            if (agreeMax(ctx_.cancelled() ? 1.0 : 0.0) > 0)
                throw Cancelled{};
            if (rank_ == 0)
                ctx_.report(double(it) / total,
                            "iteration " + std::to_string(it + 1) + "/" + std::to_string(total));
            GX_CUDA(cudaStreamSynchronize(stream_->get()));
            cudaEvent_t a, b;
            GX_CUDA(cudaEventCreate(&a));
            GX_CUDA(cudaEventCreate(&b));
            GX_CUDA(cudaEventRecord(a, stream_->get()));
            iteration(it + 1);
            GX_CUDA(cudaEventRecord(b, stream_->get()));
            GX_CUDA(cudaEventSynchronize(b));
            float ms = 0;
            GX_CUDA(cudaEventElapsedTime(&ms, a, b));
            cudaEventDestroy(a);
            cudaEventDestroy(b);
            const double slowest = agreeMax(ms);
            if (it >= std::max(0, opt.warmup_iterations))
                out.iteration_ms.push_back(slowest);
        }
        out.peak_bytes = peak_;
        out.world_peak_bytes = std::int64_t(agreeMax(double(peak_)));
    }

    ~Rank() {
        if (device_ >= 0)
            cudaSetDevice(device_);
        if (stream_)
            cudaStreamSynchronize(stream_->get());
        for (auto& [k, c] : comms_) {
            if (c.tp)
                ncclCommDestroy(c.tp);
            if (c.dp)
                ncclCommDestroy(c.dp);
        }
        layers_.clear();
        if (world_comm_)
            ncclCommDestroy(world_comm_);
    }

private:
    struct Comms {
        ncclComm_t tp = nullptr, dp = nullptr;
    };
    struct LayerState {
        int index = 0;
        gx::LayerStrategy strategy;
        LayerGroups groups;
        Comms comms;
        std::unique_ptr<TransformerLayer> layer;
        std::vector<std::unique_ptr<TransformerLayer::Activations>> free_acts;
        std::map<int, std::unique_ptr<TransformerLayer::Activations>> acts; // by micro-batch
        std::map<int, DeviceBuffer> ckpt_inputs;                            // full recompute
        std::unique_ptr<TransformerLayer::Activations> scratch;             // full recompute
        DeviceBuffer master, m, v;                                          // optimizer shard (fp32)
        std::int64_t shard = 0;
    };

    double agreeMax(double v) {
        double* d = agree_.as<double>();
        GX_CUDA(cudaMemcpyAsync(d, &v, sizeof v, cudaMemcpyHostToDevice, stream_->get()));
        GX_NCCL(ncclAllReduce(d, d, 1, ncclDouble, ncclMax, world_comm_, stream_->get()));
        double r = 0;
        GX_CUDA(cudaMemcpyAsync(&r, d, sizeof r, cudaMemcpyDeviceToHost, stream_->get()));
        GX_CUDA(cudaStreamSynchronize(stream_->get()));
        return r;
    }

    void samplePeak() {
        std::size_t free_b = 0, total_b = 0;
        if (cudaMemGetInfo(&free_b, &total_b) == cudaSuccess)
            peak_ = std::max(peak_, std::int64_t(total_b) - std::int64_t(free_b));
    }

    void setup() {
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
                GX_NCCL(ncclCommSplit(world_comm_, member ? g.tp_ranks.front() : NCCL_SPLIT_NOCOLOR, rank_,
                                      &c.tp, nullptr));
            if (s.dp > 1)
                GX_NCCL(ncclCommSplit(world_comm_, member ? g.dp_ranks.front() : NCCL_SPLIT_NOCOLOR, rank_,
                                      &c.dp, nullptr));
            comms_[key] = c;
        }
        const int l0 = plan_.chunkStart(stage_);
        const int n = plan_.stage_layers[std::size_t(stage_)];
        std::int64_t max_elems = 0;
        for (int i = l0; i < l0 + n; ++i) {
            LayerState ls;
            ls.index = i;
            ls.strategy = plan_.layers[std::size_t(i)];
            ls.groups = layerGroups(ls.strategy, first, G, rank_);
            ls.comms = comms_[std::make_tuple(stage_, ls.strategy.tp, ls.strategy.tp_consecutive)];
            const LayerBenchConfig cfg = layerConfig(model_, plan_, i);
            ls.layer = std::make_unique<TransformerLayer>(cfg, stream_->get(), blas_->get(), 7919u * (i + 1));
            max_elems = std::max(max_elems, ls.layer->tokens() * cfg.hidden);
            const std::int64_t p = ls.layer->paramCount();
            const int dp = ls.strategy.dp;
            ls.shard = (dp > 1 && ls.strategy.dp_type != gx::DpType::DDP) ? p / dp : p;
            ls.master.allocate(std::size_t(ls.shard) * 4);
            ls.m.allocate(std::size_t(ls.shard) * 4);
            ls.v.allocate(std::size_t(ls.shard) * 4);
            GX_CUDA(cudaMemsetAsync(ls.m.get(), 0, ls.m.size(), stream_->get()));
            GX_CUDA(cudaMemsetAsync(ls.v.get(), 0, ls.v.size(), stream_->get()));
            GX_CUDA(cudaMemsetAsync(ls.master.get(), 0, ls.master.size(), stream_->get()));
            if (ls.strategy.ckpt == gx::Checkpoint::Full)
                ls.scratch = ls.layer->newActivations();
            if (ls.strategy.dp_type == gx::DpType::ZeRO3 && dp > 1)
                gather_elems_ = std::max(gather_elems_, p / dp * dp);
            layers_.push_back(std::move(ls));
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
        GX_CUDA(cudaStreamSynchronize(stream_->get()));
        samplePeak();
    }

    /// Bytes of the activation crossing the boundary after stage st (sender's last layer layout).
    std::size_t boundaryBytes(int st) const {
        const int last = plan_.chunkStart(st) + plan_.stage_layers[std::size_t(st)] - 1;
        const LayerBenchConfig c = layerConfig(model_, plan_, last);
        return std::size_t(c.micro_batch) * c.seq_len * c.hidden * 2;
    }

    TpHook tpHook(const LayerState& ls) {
        if (ls.strategy.tp <= 1)
            return {};
        ncclComm_t comm = ls.comms.tp;
        cudaStream_t s = stream_->get();
        return [comm, s](void* buf, std::int64_t elems) {
            GX_NCCL(ncclAllReduce(buf, buf, std::size_t(elems), ncclBfloat16, ncclSum, comm, s));
        };
    }

    void zero3Gather(LayerState& ls) {
        if (ls.strategy.dp_type != gx::DpType::ZeRO3 || ls.strategy.dp <= 1)
            return;
        const std::size_t per = std::size_t(ls.layer->paramCount() / ls.strategy.dp);
        GX_NCCL(ncclAllGather(static_cast<char*>(ls.layer->weights()) + per * ls.groups.dp_rank * 2,
                              gather_.get(), per, ncclBfloat16, ls.comms.dp, stream_->get()));
    }

    void forward(int micro) {
        const void* cur = stage_ == 0 ? input_.get() : recv_act_.get();
        void* outs[2] = {ping_.get(), pong_.get()};
        int o = 0;
        for (auto& ls : layers_) {
            zero3Gather(ls);
            const std::size_t in_bytes = std::size_t(ls.layer->tokens()) * ls.layer->hidden() * 2;
            TransformerLayer::Activations* act = nullptr;
            if (ls.strategy.ckpt == gx::Checkpoint::Full) {
                DeviceBuffer keep(in_bytes);
                GX_CUDA(cudaMemcpyAsync(keep.get(), cur, in_bytes, cudaMemcpyDeviceToDevice, stream_->get()));
                ls.ckpt_inputs[micro] = std::move(keep);
                act = ls.scratch.get();
            } else {
                std::unique_ptr<TransformerLayer::Activations> a;
                if (!ls.free_acts.empty()) {
                    a = std::move(ls.free_acts.back());
                    ls.free_acts.pop_back();
                } else {
                    a = ls.layer->newActivations();
                }
                act = a.get();
                ls.acts[micro] = std::move(a);
            }
            ls.layer->forward(cur, *act, outs[o], tpHook(ls));
            cur = outs[o];
            o ^= 1;
        }
        fwd_out_ = cur;
        samplePeak();
    }

    void backward(int micro) {
        const void* dy = stage_ == plan_.pp - 1 ? dout_.get() : recv_grad_.get();
        void* outs[2] = {dping_.get(), dpong_.get()};
        int o = 0;
        for (auto it = layers_.rbegin(); it != layers_.rend(); ++it) {
            LayerState& ls = *it;
            zero3Gather(ls);
            TransformerLayer::Activations* act = nullptr;
            std::unique_ptr<TransformerLayer::Activations> owned;
            if (ls.strategy.ckpt == gx::Checkpoint::Full) {
                act = ls.scratch.get();
                ls.layer->forward(ls.ckpt_inputs.at(micro).get(), *act, tmp_.get(), tpHook(ls)); // recompute
            } else {
                owned = std::move(ls.acts.at(micro));
                ls.acts.erase(micro);
                act = owned.get();
            }
            const bool need_dx = !(stage_ == 0 && &ls == &layers_.front());
            ls.layer->backward(dy, *act, need_dx ? outs[o] : nullptr, tpHook(ls));
            if (owned)
                ls.free_acts.push_back(std::move(owned));
            if (ls.strategy.ckpt == gx::Checkpoint::Full)
                ls.ckpt_inputs.erase(micro);
            if (ls.strategy.dp_type == gx::DpType::ZeRO3 && ls.strategy.dp > 1) {
                const std::size_t per = std::size_t(ls.layer->paramCount() / ls.strategy.dp);
                char* g = static_cast<char*>(ls.layer->gradients());
                GX_NCCL(ncclReduceScatter(g, g + per * ls.groups.dp_rank * 2, per, ncclBfloat16, ncclSum,
                                          ls.comms.dp, stream_->get()));
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
            if (dp > 1) {
                switch (ls.strategy.dp_type) {
                case gx::DpType::DDP:
                    GX_NCCL(ncclAllReduce(g, g, std::size_t(p), ncclBfloat16, ncclSum, ls.comms.dp,
                                          stream_->get()));
                    break;
                case gx::DpType::ZeRO1:
                case gx::DpType::ZeRO2:
                    GX_NCCL(ncclReduceScatter(g, g + per * ls.groups.dp_rank * 2, per, ncclBfloat16, ncclSum,
                                              ls.comms.dp, stream_->get()));
                    offset = per * ls.groups.dp_rank;
                    break;
                case gx::DpType::ZeRO3:
                    offset = per * ls.groups.dp_rank; // reduce-scattered per micro-batch already
                    break;
                }
            }
            kern::adamStep(ls.master.as<float>(), ls.m.as<float>(), ls.v.as<float>(), w + offset * 2,
                           g + offset * 2, ls.shard, 1e-4f, step, stream_->get());
            if (dp > 1 &&
                (ls.strategy.dp_type == gx::DpType::ZeRO1 || ls.strategy.dp_type == gx::DpType::ZeRO2))
                GX_NCCL(ncclAllGather(w + offset * 2, w, per, ncclBfloat16, ls.comms.dp, stream_->get()));
            GX_CUDA(cudaMemsetAsync(g, 0, std::size_t(p) * 2, stream_->get()));
        }
    }

    void iteration(int step) {
        const int G = plan_.stageGpus();
        const int pp = plan_.pp;
        const auto steps = pipelineSchedule(plan_.schedule, pp, stage_, plan_.num_micro);
        const cudaStream_t s = stream_->get();
        auto recvInput = [&](const PipelineStep& st) {
            if (st.kind == StepKind::Forward && stage_ > 0)
                GX_NCCL(ncclRecv(recv_act_.get(), boundaryBytes(stage_ - 1) / 2, ncclBfloat16, rank_ - G,
                                 world_comm_, s));
            if (st.kind == StepKind::Backward && stage_ < pp - 1)
                GX_NCCL(ncclRecv(recv_grad_.get(), boundaryBytes(stage_) / 2, ncclBfloat16, rank_ + G,
                                 world_comm_, s));
        };
        auto sendOutput = [&](const PipelineStep& st) {
            if (st.kind == StepKind::Forward && stage_ < pp - 1)
                GX_NCCL(
                    ncclSend(fwd_out_, boundaryBytes(stage_) / 2, ncclBfloat16, rank_ + G, world_comm_, s));
            if (st.kind == StepKind::Backward && stage_ > 0)
                GX_NCCL(ncclSend(bwd_out_, boundaryBytes(stage_ - 1) / 2, ncclBfloat16, rank_ - G,
                                 world_comm_, s));
        };
        GX_NCCL(ncclGroupStart());
        recvInput(steps.front());
        GX_NCCL(ncclGroupEnd());
        for (std::size_t t = 0; t < steps.size(); ++t) {
            if (steps[t].kind == StepKind::Forward)
                forward(steps[t].micro);
            else
                backward(steps[t].micro);
            // Send this step's output together with the next step's receive (one NCCL group).
            GX_NCCL(ncclGroupStart());
            sendOutput(steps[t]);
            if (t + 1 < steps.size())
                recvInput(steps[t + 1]);
            GX_NCCL(ncclGroupEnd());
        }
        gradientSyncAndStep(step);
        samplePeak();
    }

    const gx::ModelProfile& model_;
    const gx::Plan& plan_;
    const JobContext& ctx_;
    int rank_, world_, device_;
    ncclUniqueId id_;
    int stage_ = 0;
    ncclComm_t world_comm_ = nullptr;
    std::map<std::tuple<int, int, bool>, Comms> comms_;
    std::unique_ptr<Stream> stream_;
    std::unique_ptr<Blas> blas_;
    std::vector<LayerState> layers_;
    DeviceBuffer agree_, input_, dout_, recv_act_, recv_grad_, ping_, pong_, dping_, dpong_, tmp_, gather_;
    std::int64_t gather_elems_ = 0;
    const void* fwd_out_ = nullptr;
    const void* bwd_out_ = nullptr;
    std::int64_t peak_ = 0;
};

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
    if (!opt.skip_prediction)
        fillPrediction(result, model, plan, cluster);
    const std::string why = noDeviceReason();
    if (!why.empty())
        throw EngineError("no CUDA device: " + why);
    int ndev = 0;
    GX_CUDA(cudaGetDeviceCount(&ndev));
    const LaunchEnv env = launchEnvFromEnvironment();
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
        ncclUniqueId id{};
        if (env.rank == 0) {
            GX_NCCL(ncclGetUniqueId(&id));
            publishId(file, &id, sizeof id);
        } else if (!readId(file, &id, sizeof id, 300.0)) {
            throw EngineError("timed out waiting for the NCCL id in '" + file + "'");
        }
        RankOutput out;
        {
            Rank r(model, plan, ctx, env.rank, env.world, env.local_rank % std::max(1, ndev), id);
            r.run(opt, out);
        }
        result.iteration_ms = out.iteration_ms;
        result.rank_peak_bytes.push_back(out.peak_bytes);
        result.measured_peak_bytes = out.world_peak_bytes;
    } else {
        if (plan.gpus > ndev)
            throw gx::InputError("plan.gpus", "the plan needs " + std::to_string(plan.gpus) +
                                                  " GPUs; this machine has " + std::to_string(ndev) +
                                                  " (use mpirun/srun/torchrun for more)");
        result.mode = "threads";
        ncclUniqueId id{};
        GX_NCCL(ncclGetUniqueId(&id));
        std::vector<RankOutput> outs(std::size_t(plan.gpus));
        std::vector<std::thread> threads;
        for (int r = 0; r < plan.gpus; ++r)
            threads.emplace_back([&, r] {
                try {
                    Rank rank(model, plan, ctx, r, plan.gpus, r, id);
                    rank.run(opt, outs[std::size_t(r)]);
                } catch (const Cancelled&) {
                    outs[std::size_t(r)].error = "cancelled";
                } catch (const std::exception& e) {
                    outs[std::size_t(r)].error = e.what();
                }
            });
        for (auto& t : threads)
            t.join();
        for (const auto& o : outs) {
            if (o.error == "cancelled")
                throw Cancelled{};
            if (!o.error.empty())
                throw EngineError("plan run failed: " + o.error);
        }
        result.iteration_ms = outs.front().iteration_ms;
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
