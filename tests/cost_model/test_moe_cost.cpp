// SPDX-License-Identifier: Apache-2.0
// Cost model of mixture-of-experts layers and multi-latent attention (issue 16, item 2): FLOPs over the
// active experts, grouped expert GEMMs, memory for every expert, activations of the routed tokens.
#include "gx/cost_model.h"
#include "gx/error.h"
#include "gx/presets.h"

#include <QtTest>

#include <cmath>

using namespace gx;

namespace {

ClusterProfile cluster() {
    ClusterProfile c;
    c.name = "test";
    c.nodes = 1;
    c.gpus_per_node = 8;
    c.gpu.memory_gib = 80;
    c.gpu.peak_tflops_bf16 = 989.4;
    c.gpu.gemm_efficiency = 0.7;
    c.gpu.hbm_bandwidth_gbs = 3350;
    c.intra = {"NVLink", 450.0, 5.0};
    c.inter = {"InfiniBand", 50.0, 10.0};
    return c;
}

bool near(double a, double b, double rel = 1e-9) {
    return std::fabs(a - b) <= rel * std::max(std::fabs(a), std::fabs(b));
}

/// The same layer with a dense FFN of top_k * ffn_hidden (what one token computes in the MoE layer).
LayerType denseTwin(const LayerType& moe) {
    LayerType d = moe;
    d.moe = MoeSpec{};
    d.ffn_hidden = moe.moe.top_k * moe.ffn_hidden;
    return d;
}

LayerStrategy strategy(int tp, int dp, DpType type = DpType::DDP) {
    return LayerStrategy{tp, dp, false, type, Checkpoint::None, true};
}

} // namespace

class TestMoeCost : public QObject {
    Q_OBJECT
private slots:
    void mixtralFlopsAreDenseTopK() {
        // A Mixtral layer computes what a dense layer with a 2 x 14336 FFN computes, plus the router
        // GEMM (2 b s h E), which every tensor-parallel rank runs whole.
        const ModelProfile m = modelPreset("mixtral-8x7b");
        const LayerType& moe = m.stacks[0].type;
        const LayerType dense = denseTwin(moe);
        const double s = moe.seq_len, h = moe.hidden, E = moe.moe.experts;
        QVERIFY(near(moe.forwardFlops(4), dense.forwardFlops(4) + 2.0 * 4 * s * h * E));
        const CostModel cm(m, cluster());
        for (int tp : {1, 2, 8}) {
            const StageShape shape{8, 0, 8 * 8 / tp, 1}; // 8 samples per data-parallel rank
            const double b = 8;
            const LayerCost a = cm.layer(moe, strategy(tp, 8 / tp), shape);
            const LayerCost d = cm.layer(dense, strategy(tp, 8 / tp), shape);
            QVERIFY(near(a.model_flops, d.model_flops + 3.0 * 2.0 * b * s * h * E));
        }
        // MFU convention: per token, 6 x the active parameters outside embedding and norms, plus
        // the attention scores (Megatron-LM's MoE FLOPs count the routed top-k experts only).
        const double scores = 2.0 * s * s * moe.heads * 2.0 * moe.head_dim;
        QVERIFY(near(moe.forwardFlops(1), 2.0 * s * double(moe.activeParams() - 2 * moe.hidden) + scores));
        QVERIFY(moe.activeParams() < moe.params() / 3);
    }

    void memoryCountsAllExperts() {
        // Weights, gradients and Adam states of all 8 experts (16 bytes/param, Rajbhandari et al.
        // 2020), sharded by TP and ZeRO exactly as dense weights are.
        const ModelProfile m = modelPreset("mixtral-8x7b");
        const LayerType& moe = m.stacks[0].type;
        const CostModel cm(m, cluster());
        const StageShape shape{8, 0, 8, 1};
        const double P = double(moe.params());
        QVERIFY(P > 8.0 * moe.expertMatmulParams()); // all experts are in the count
        QVERIFY(near(cm.layer(moe, strategy(1, 8), shape).states(), 16.0 * P));
        QVERIFY(near(cm.layer(moe, strategy(1, 8, DpType::ZeRO3), shape).states(), 16.0 * P / 8));
        const double split = double(moe.matmulParams()), repl = P - split;
        QVERIFY(
            near(cm.layer(moe, strategy(8, 1), StageShape{8, 0, 1, 1}).states(), 16.0 * (split / 8 + repl)));
        // The router (4096 x 8) is replicated across tensor-parallel ranks.
        QCOMPARE(std::int64_t(repl), moe.routerParams() + 2 * std::int64_t(moe.hidden));
        // 8 experts hold 4x the FFN weights of the dense top-2 twin.
        const LayerType dense = denseTwin(moe);
        QVERIFY(near(double(moe.params() - dense.params()),
                     6.0 * moe.expertMatmulParams() + double(moe.routerParams())));
    }

    void routedTokensActivations() {
        // Stored activations: the dense twin's (FFN values of top_k experts per token) plus top_k
        // permuted bf16 copies of the FFN input and the fp32 router probabilities.
        const ModelProfile m = modelPreset("mixtral-8x7b");
        const LayerType& moe = m.stacks[0].type;
        const CostModel cm(m, cluster());
        const StageShape shape{8, 0, 16, 1}; // b = 2 per GPU
        const double b = 2, s = moe.seq_len, h = moe.hidden;
        const double extra = 2.0 * 2.0 * s * b * h + 4.0 * s * b * moe.moe.experts;
        QVERIFY(near(cm.layer(moe, strategy(1, 8), shape).activations,
                     cm.layer(denseTwin(moe), strategy(1, 8), shape).activations + extra));
        // With TP + SP the FFN values split by t, the routed copies do not (the dispatcher gathers
        // the sequence shards first).
        LayerStrategy sp = strategy(2, 4);
        sp.sp = true;
        const StageShape shape2{8, 0, 8, 1}; // b = 2 per data-parallel rank
        QVERIFY(near(cm.layer(moe, sp, shape2).activations,
                     cm.layer(denseTwin(moe), sp, shape2).activations + extra));
        // A capacity factor pads the expert inputs: more stored and more GEMM time, same model FLOPs.
        LayerType padded = moe;
        padded.moe.capacity_factor = 1.25;
        const LayerCost base = cm.layer(moe, strategy(1, 8), shape);
        const LayerCost pad = cm.layer(padded, strategy(1, 8), shape);
        QVERIFY(pad.activations > base.activations);
        QVERIFY(pad.fwd_compute > base.fwd_compute);
        QVERIFY(near(pad.model_flops, base.model_flops));
    }

    void groupedGemmEfficiency() {
        // Expert GEMMs run at the runtime's grouped-GEMM efficiency, on per-expert shapes of
        // tokens * top_k / experts rows; a dense layer does not depend on it.
        const ModelProfile m = modelPreset("mixtral-8x7b");
        const LayerType& moe = m.stacks[0].type;
        const StageShape shape{8, 0, 8, 1};
        auto fwd = [&](const LayerType& t, double ge) {
            CostOptions o;
            o.runtime.grouped_gemm_efficiency = ge;
            return CostModel(m, cluster(), o).layer(t, strategy(1, 8), shape).fwd_compute;
        };
        QVERIFY(fwd(moe, 0.5) > fwd(moe, 1.0));
        QCOMPARE(fwd(denseTwin(moe), 0.5), fwd(denseTwin(moe), 1.0));
        // Small per-expert GEMMs are slower than the dense twin's even at full grouped efficiency:
        // 128 experts of 768 with top-8 (Qwen3-30B-A3B) see tokens/16 rows each.
        const ModelProfile q = modelPreset("qwen3-30b-a3b");
        const LayerType& qt = q.stacks[0].type;
        const CostModel cq(q, cluster());
        QVERIFY(cq.layer(qt, strategy(1, 8), shape).fwd_compute >
                cq.layer(denseTwin(qt), strategy(1, 8), shape).fwd_compute);
    }

    void mlaFlopsAndStates() {
        // DeepSeek-V3: the cost model's model FLOPs equal the profile's (router, MLA down- and
        // up-projections, scores over 192 query/key and 128 value dims), and MLA's down-projections
        // stay whole on every tensor-parallel rank.
        const ModelProfile m = modelPreset("deepseek-v3");
        const CostModel cm(m, cluster());
        const StageShape shape{8, 0, 8, 1};
        for (const auto& st : m.stacks) {
            const LayerType& t = st.type;
            QVERIFY(near(cm.layer(t, strategy(1, 8), shape).model_flops, 3.0 * t.forwardFlops(1)));
            const double split = double(t.matmulParams()), repl = double(t.params()) - split;
            QVERIFY(repl >= double(t.replicatedMatmulParams()));
            QVERIFY(near(cm.layer(t, strategy(8, 1), StageShape{8, 0, 1, 1}).states(),
                         16.0 * (split / 8 + repl)));
        }
        // Whole model, MFU convention: FLOPs per token about 6 x the activated parameters (36.6B
        // without the input embedding) plus attention; all 671B count for memory.
        const double per_token = 3.0 * m.forwardFlops(1) / m.seq_len;
        const double active = double(m.activeParams() - m.embeddingParams());
        QVERIFY(per_token > 6.0 * active * 0.95 && per_token < 6.0 * active * 1.3);
    }

    void expertParallelismShardsExpertsAndSendsTokens() {
        // ep splits the routed experts over ep of the dp ranks: their states shrink by ep and reduce
        // over dp/ep ranks; tokens go to their experts and back by all-to-all (4 per layer: dispatch
        // and combine, forward and backward), bf16 x hidden x top_k per token, not overlapped.
        const ModelProfile m = modelPreset("mixtral-8x7b");
        const LayerType& moe = m.stacks[0].type;
        const CostModel cm(m, cluster());
        const StageShape shape{8, 0, 8, 1}; // one sample per data-parallel rank
        LayerStrategy s1 = strategy(1, 8), s8 = s1;
        s8.ep = 8;
        const LayerCost a = cm.layer(moe, s1, shape), e = cm.layer(moe, s8, shape);
        const double routed = 8.0 * double(moe.expertMatmulParams());
        const double P = double(moe.params());
        QVERIFY(near(e.states(), 16.0 * (P - routed + routed / 8)));
        QVERIFY(near(a.states() - e.states(), 16.0 * routed * 7 / 8));
        // Same expert work in fewer, larger GEMMs: not slower with balanced routing.
        QVERIFY(e.fwd_compute <= a.fwd_compute);
        QCOMPARE(e.model_flops, a.model_flops);
        const double tokens = moe.seq_len * 1.0;
        const double bytes = 2.0 * tokens * moe.moe.top_k * moe.hidden;
        QVERIFY(near(e.ep_comm, 4.0 * cm.collectiveTime(Collective::AllToAll, bytes, 8, 1, 0)));
        QCOMPARE(a.ep_comm, 0.0);
        // Expert gradients: ep = dp leaves one rank per expert-parallel replica, so only the dense part
        // is all-reduced (DDP).
        QVERIFY(e.dp_comm < a.dp_comm);
        QVERIFY(near(e.dp_comm, cm.collectiveTime(Collective::AllReduce, 2.0 * (P - routed), 8, 1, 0) /
                                    std::clamp(CostOptions{}.runtime.comm_efficiency, 0.01, 1.0)));
        // Full recomputation repeats the forward all-to-alls.
        LayerStrategy sc = s8;
        sc.ckpt = Checkpoint::Full;
        QVERIFY(near(cm.layer(moe, sc, shape).ep_comm, 1.5 * e.ep_comm));
        // Router imbalance paces the busiest rank: more bytes and longer expert GEMMs.
        CostOptions o;
        o.runtime.moe_load_imbalance = 1.25;
        const LayerCost im = CostModel(m, cluster(), o).layer(moe, s8, shape);
        QVERIFY(near(im.ep_comm, 4.0 * cm.collectiveTime(Collective::AllToAll, 1.25 * bytes, 8, 1, 0)));
        QVERIFY(im.fwd_compute > e.fwd_compute);
        // In the plan: the token exchange is the stage's exposed expert-parallel communication, its own
        // part of the breakdown (not tensor-parallel: tp is 1), and the parts add up to the iteration.
        Plan p;
        p.gpus = 8;
        p.global_batch = 8;
        p.num_micro = 1;
        p.stage_layers = {m.layerCount()};
        p.layers.assign(static_cast<std::size_t>(m.layerCount()), s8);
        const PlanCost pc = cm.evaluate(p);
        p.layers.assign(static_cast<std::size_t>(m.layerCount()), s1);
        const PlanCost pc1 = cm.evaluate(p);
        QVERIFY(near(pc.time.ep_comm, m.layerCount() * e.ep_comm));
        QCOMPARE(pc.time.tp_comm, 0.0);
        QCOMPARE(pc1.time.ep_comm, 0.0);
        const auto& t = pc.time;
        QVERIFY(near(t.compute + t.recompute + t.tp_comm + t.cp_comm + t.ep_comm + t.zero_comm + t.pp_comm +
                         t.switch_comm + t.bubble + t.dp_comm + t.optimizer + t.overhead,
                     pc.iteration_time));
        QVERIFY(pc.peak_memory < pc1.peak_memory);
    }

    void expertParallelismErrorsNameTheField() {
        const ModelProfile m = modelPreset("mixtral-8x7b");
        const CostModel cm(m, cluster());
        auto err = [&](const ModelProfile& model, int tp, int dp, int ep) -> std::string {
            Plan p;
            p.gpus = tp * dp;
            p.global_batch = dp;
            p.num_micro = 1;
            p.stage_layers = {model.layerCount()};
            LayerStrategy s = strategy(tp, dp);
            s.ep = ep;
            p.layers.assign(static_cast<std::size_t>(model.layerCount()), s);
            try {
                CostModel(model, cluster()).evaluate(p);
            } catch (const InputError& e) {
                return e.field() + ": " + e.reason();
            }
            return "accepted";
        };
        QCOMPARE(err(m, 1, 8, 8), std::string("accepted"));
        QVERIFY(err(m, 2, 4, 8).find("plan.layers[0].ep: ep=8 must divide dp*cp = 4") == 0);
        QVERIFY(err(m, 1, 8, 3).find("plan.layers[0].ep: ep=3 does not divide the 8 routed experts") == 0);
        const std::string dense = err(modelPreset("llama2-7b"), 1, 8, 2);
        QVERIFY2(dense.find("plan.layers[0].ep: expert parallelism needs a mixture-of-experts layer") == 0,
                 dense.c_str());
    }
};

QTEST_GUILESS_MAIN(TestMoeCost)
#include "test_moe_cost.moc"
