// SPDX-License-Identifier: Apache-2.0
// Cost-model formulas checked against hand-computed cases from the cited papers.
#include "gx/cost_model.h"
#include "gx/error.h"
#include "gx/pipeline_order.h"
#include "gx/report.h"
#include "gx/units.h"

#include <QtTest>

#include <cmath>

using namespace gx;

namespace {

/// GPT-3 style block: MHA, f = 4h, biases, LayerNorm, dropout (the block Korthikanti et al. analyse).
ModelProfile gptModel(int layers, int h, int heads, int seq, int vocab) {
    LayerType t;
    t.kind = BlockKind::Decoder;
    t.hidden = h;
    t.ffn_hidden = 4 * h;
    t.heads = heads;
    t.kv_heads = heads;
    t.head_dim = h / heads;
    t.seq_len = seq;
    t.bias = true;
    t.dropout = true;
    ModelProfile m;
    m.name = "gpt-test";
    m.family = "gpt";
    m.stacks = {{t, layers}};
    m.vocab_size = vocab;
    m.embed_hidden = h;
    m.seq_len = seq;
    m.max_position = seq;
    m.tied_embeddings = true;
    return m;
}

ClusterProfile cluster(int nodes, int gpn) {
    ClusterProfile c;
    c.name = "test";
    c.nodes = nodes;
    c.gpus_per_node = gpn;
    c.gpu.memory_gib = 80;
    c.gpu.peak_tflops_bf16 = 312;
    c.gpu.gemm_efficiency = 0.75;
    c.gpu.hbm_bandwidth_gbs = 2039;
    c.intra = {"NVLink", 300.0, 5.0};
    c.inter = {"InfiniBand", 25.0, 10.0};
    c.reserved_gib = 2.0;
    return c;
}

Plan uniformPlan(const ModelProfile& m, int gpus, int pp, LayerStrategy s, int batch, int micro) {
    Plan p;
    p.gpus = gpus;
    p.pp = pp;
    p.global_batch = batch;
    p.num_micro = micro;
    const int L = m.layerCount();
    for (int i = 0; i < pp; ++i)
        p.stage_layers.push_back(L / pp + (i < L % pp ? 1 : 0));
    p.layers.assign(static_cast<std::size_t>(L), s);
    p.vocab_tp = s.tp;
    return p;
}

bool near(double a, double b, double rel = 1e-9) {
    return std::fabs(a - b) <= rel * std::max(std::fabs(a), std::fabs(b));
}
} // namespace

class TestCostModel : public QObject {
    Q_OBJECT
private slots:
    void gpt3ParameterCount() {
        // Narayanan et al. 2021, eq. (2): P = 12 l h^2 (1 + 13/(12h) + (V+s)/(12 l h)); we also count the
        // final LayerNorm (2h), which the closed form omits.
        const auto m = gptModel(96, 12288, 96, 2048, 50257);
        const double l = 96, h = 12288, V = 50257, s = 2048;
        const double formula = 12 * l * h * h * (1 + 13 / (12 * h) + (V + s) / (12 * l * h));
        QCOMPARE(double(m.totalParams()), formula + 2 * h);
        QVERIFY(std::fabs(m.totalParams() / 175e9 - 1.0) < 0.005); // "175B"
    }

    void flopsMatchNarayanan() {
        // Forward FLOPs of a layer: 24 b s h^2 (1 + s/(6h)); an iteration without recompute:
        // 72 B s l h^2 (1 + s/(6h) + V/(12 h l)) (Narayanan et al. 2021, appendix).
        const auto m = gptModel(24, 2048, 16, 2048, 50257);
        const double b = 8, s = 2048, h = 2048, l = 24, V = 50257;
        QVERIFY(near(m.stacks[0].type.forwardFlops(8), 24 * b * s * h * h * (1 + s / (6 * h))));
        QVERIFY(near(3 * m.forwardFlops(8), 72 * b * s * l * h * h * (1 + s / (6 * h) + V / (12 * h * l))));
    }

    void activationMemoryKorthikanti() {
        // Korthikanti et al. 2022, table 2: bytes per layer.
        auto m = gptModel(4, 4096, 32, 2048, 50257);
        CostOptions opt;
        opt.runtime.attention = AttentionKernel::Eager; // the paper stores the attention scores
        const CostModel cm(m, cluster(1, 8), opt);
        const auto& type = m.stacks[0].type;
        const double s = 2048, h = 4096, a = 32;
        for (int t : {1, 2, 4, 8}) {
            const int d = 8 / t;
            StageShape shape{8, 0, 2 * d, 1}; // b = 2 samples per GPU
            const double b = 2, sbh = s * b * h;
            LayerStrategy st{t, d, false, DpType::DDP, Checkpoint::None, true};
            QVERIFY(near(cm.layer(type, st, shape).activations, sbh * (10 + 24.0 / t + 5 * a * s / (h * t))));
            if (t > 1) {
                st.sp = true;
                QVERIFY(near(cm.layer(type, st, shape).activations, sbh / t * (34 + 5 * a * s / h)));
                st.ckpt = Checkpoint::Selective;
                QVERIFY(near(cm.layer(type, st, shape).activations, sbh / t * 34));
                st.sp = false;
            }
            st.ckpt = Checkpoint::Full;
            QVERIFY(near(cm.layer(type, st, shape).activations, 2 * sbh));
        }
    }

    void modelStatesSixteenBytesPerParam() {
        // Rajbhandari et al. 2020: 2 + 2 + 12 bytes/param; ZeRO-1/2/3 shard 12, 14, 16 of them.
        const auto m = gptModel(4, 1024, 16, 512, 1000);
        const CostModel cm(m, cluster(1, 8));
        const auto& type = m.stacks[0].type;
        const double P = double(type.params());
        const StageShape shape{8, 0, 8, 1};
        auto states = [&](DpType t) {
            return cm.layer(type, LayerStrategy{1, 8, false, t, Checkpoint::None, true}, shape).states();
        };
        QVERIFY(near(states(DpType::DDP), 16 * P));
        QVERIFY(near(states(DpType::ZeRO1), (4 + 12.0 / 8) * P));
        QVERIFY(near(states(DpType::ZeRO2), (2 + 14.0 / 8) * P));
        QVERIFY(near(states(DpType::ZeRO3), 16.0 / 8 * P));
        // Tensor parallelism divides the matrices and the column-parallel biases (Q/K/V, fc1); norms
        // and row-parallel biases stay replicated.
        const auto tp =
            cm.layer(type, LayerStrategy{8, 1, false, DpType::DDP, Checkpoint::None, true}, shape);
        const double split = double(type.splitBiasParams());
        QCOMPARE(split, 3 * 1024.0 + 4 * 1024.0);
        QVERIFY(near(tp.states(), 16 * ((type.matmulParams() + split) / 8.0 +
                                        (type.params() - type.matmulParams() - split))));
        QVERIFY(near(tp.params,
                     (type.matmulParams() + split) / 8.0 + (type.params() - type.matmulParams() - split)));
    }

    void megatronParametersPerRank() {
        // What Megatron-LM logs as "number of parameters on (tensor, pipeline) model parallel rank":
        // GPT-3 175B at TP 8, PP 8 (12 layers a stage), counted from Megatron's modules. Per layer and
        // rank: QKV 3h x h / 8 + bias 3h / 8 (column-parallel), projection h x h / 8 + bias h
        // (row-parallel: bias whole), fc1 4h x h / 8 + bias 4h / 8, fc2 h x 4h / 8 + bias h, two
        // LayerNorms 2 x 2h. First stage: the vocab-parallel word embedding over the PADDED vocabulary
        // (50,257 -> 51,200 = a multiple of 128 x 8, build_tokenizer.py vocab_size_with_padding) and
        // the whole position embedding (s x h); last stage: final LayerNorm 2h and the tied word
        // embedding's copy.
        const auto m = gptModel(96, 12288, 96, 2048, 50257);
        CostOptions opt;
        opt.runtime.vocab_divisible_by = 128;
        const CostModel cm(m, cluster(8, 8), opt);
        QCOMPARE(cm.paddedVocab(8), 51200.0);
        QCOMPARE(cm.paddedVocab(1), 50304.0);
        const std::int64_t h = 12288, t = 8, s = 2048;
        const std::int64_t layer = 3 * h * h / t + 3 * h / t + h * h / t + h + 4 * h * h / t + 4 * h / t +
                                   4 * h * h / t + h + 2 * 2 * h;
        const std::int64_t word = 51200 * h / t;
        const Plan plan =
            uniformPlan(m, 64, 8, LayerStrategy{8, 1, true, DpType::DDP, Checkpoint::Full, true}, 64, 64);
        const PlanCost c = cm.evaluate(plan);
        QCOMPARE(std::llround(c.stages[0].params), 12 * layer + word + s * h);
        QCOMPARE(std::llround(c.stages[3].params), 12 * layer);
        QCOMPARE(std::llround(c.stages[7].params), 12 * layer + 2 * h + word);
        // The padded rows cost memory on the first and last stages (16 bytes each, DDP); a runtime that
        // does not pad (torchtitan, DeepSpeed) keeps the tokenizer's 50,257.
        CostOptions unpadded;
        const CostModel cu(m, cluster(8, 8), unpadded);
        QCOMPARE(cu.paddedVocab(8), 50257.0);
        const PlanCost u = cu.evaluate(plan);
        QCOMPARE(std::llround(c.stages[0].params - u.stages[0].params), (51200 - 50257) * h / t);
        QVERIFY(c.stages[0].memory.embedding > u.stages[0].memory.embedding);
        QCOMPARE(c.stages[3].memory.total(), u.stages[3].memory.total());
        // The report says what the params/GPU column counts.
        QVERIFY(formatPlanReport(cm, plan, c)
                    .find("vocabulary padded 50257 -> 51200 (the runtime's multiple of "
                          "128 x vocab tp 8)") != std::string::npos);
        QVERIFY(formatPlanReport(cu, plan, u).find("vocabulary padded") == std::string::npos);
    }

    void ringCollectiveTimes() {
        const CostModel cm(gptModel(2, 256, 4, 64, 100), cluster(4, 8));
        const double S = 1e9;
        // Inside one node: 2(n-1)/n S/B + 2(n-1) alpha (Thakur et al. 2005).
        QVERIFY(
            near(cm.collectiveTime(Collective::AllReduce, S, 8, 1, 0), 2 * 7.0 / 8 * S / 300e9 + 14 * 5e-6));
        QVERIFY(near(cm.collectiveTime(Collective::AllGather, S, 4, 1, 0), 3.0 / 4 * S / 300e9 + 3 * 5e-6));
        // One GPU per node (stride 8): a flat ring over the network.
        QVERIFY(cm.crossesNodes(4, 8, 0));
        QVERIFY(!cm.crossesNodes(8, 1, 8));
        QVERIFY(
            near(cm.collectiveTime(Collective::AllReduce, S, 4, 8, 0), 2 * 3.0 / 4 * S / 25e9 + 6 * 10e-6));
        // 16 GPUs on 2 nodes: hierarchical, NVLink stage on S then network on S/8 per GPU.
        const double hier = 2 * 7.0 / 8 * S / 300e9 + 14 * 5e-6 + 2 * 1.0 / 2 * (S / 8) / 25e9 + 2 * 10e-6;
        QVERIFY(near(cm.collectiveTime(Collective::AllReduce, S, 16, 1, 0), hier));
        QCOMPARE(cm.collectiveTime(Collective::AllReduce, S, 1, 1, 0), 0.0);
    }

    void measuredCurvesOverrideAlphaBeta() {
        auto c = cluster(1, 8);
        CollectiveMeasurement meas;
        meas.op = Collective::AllReduce;
        meas.group_size = 8;
        meas.latency_us = 20;
        meas.bytes_to_busbw_gbs = {{1e6, 50.0}, {1e9, 200.0}};
        c.measured.push_back(meas);
        const CostModel cm(gptModel(2, 256, 4, 64, 100), c);
        QVERIFY(
            near(cm.collectiveTime(Collective::AllReduce, 1e9, 8, 1, 0), 20e-6 + 2 * 7.0 / 8 * 1e9 / 200e9));
        // Log-linear interpolation halfway (in log space) between 1e6 and 1e9 bytes -> 125 GB/s.
        const double mid = std::sqrt(1e6 * 1e9);
        QVERIFY(near(cm.collectiveTime(Collective::AllReduce, mid, 8, 1, 0),
                     20e-6 + 2 * 7.0 / 8 * mid / 125e9, 1e-6));
    }

    void pipelineSendsUseMeasuredCurvesAndEfficiency() {
        // Stage 0 on node 0 sends to stage 1 on node 1 (8 GPUs per stage). Found by fuzzing: pipeline
        // sends took the raw link bandwidth, so a measured send/recv curve or a link efficiency changed
        // nothing.
        const auto m = gptModel(2, 1024, 16, 2048, 1000);
        const LayerType& t = m.stacks[0].type;
        const StageShape shape{8, 0, 4, 8};
        const double bytes = 2.0 * 2048 * 1024 * 4 / 8; // activation of one micro-batch, 1/8 per GPU
        auto c = cluster(2, 8);
        const double raw = CostModel(m, c).p2pTime(t, LayerStrategy{}, shape, 0, 8);
        QVERIFY(near(raw, 2 * (10e-6 + bytes / 25e9)));
        c.inter.efficiency = 0.5;
        QVERIFY(near(CostModel(m, c).p2pTime(t, LayerStrategy{}, shape, 0, 8), 2 * (10e-6 + bytes / 12.5e9)));
        CollectiveMeasurement meas;
        meas.op = Collective::SendRecv;
        meas.group_size = 2;
        meas.inter_node = true;
        meas.latency_us = 30;
        meas.bytes_to_busbw_gbs = {{1e3, 5.0}, {1e9, 5.0}};
        c.measured.push_back(meas);
        QVERIFY(
            near(CostModel(m, c).p2pTime(t, LayerStrategy{}, shape, 0, 8), 2 * (30e-6 + bytes / 5e9), 1e-6));
        // Within a node the measured inter-node curve does not apply.
        auto one = cluster(1, 16);
        one.measured.push_back(meas);
        QVERIFY(near(CostModel(m, one).p2pTime(t, LayerStrategy{}, shape, 0, 8), 2 * (5e-6 + bytes / 300e9)));
    }

    void inflightMicroBatches() {
        QCOMPARE(CostModel::inflightMicroBatches(Schedule::GPipe, 4, 1, 8, 0), 8.0);
        QCOMPARE(CostModel::inflightMicroBatches(Schedule::OneFOneB, 4, 1, 8, 0), 4.0);
        QCOMPARE(CostModel::inflightMicroBatches(Schedule::OneFOneB, 4, 1, 8, 3), 1.0);
        QCOMPARE(CostModel::inflightMicroBatches(Schedule::OneFOneB, 4, 1, 2, 0), 2.0);
        // Interleaved, p=4, v=2: stage 0 warms up (3*2 + 1*4) = 10 chunks, holds 11 -> 5.5 stage-equivalents,
        // i.e. p * (1 + (p-1)/(p v)) = 4 * 1.375 (Korthikanti et al. 2022, sec. 4.2.3).
        QCOMPARE(CostModel::inflightMicroBatches(Schedule::Interleaved, 4, 2, 8, 0), 5.5);
    }

    void pipelineOrders() {
        // 1F1B, stage 0 of 4 with 6 micro-batches: 3 warm-up forwards, then F/B alternately, then the
        // last 3 backwards; every micro-batch forward before its backward, each exactly once.
        const auto o = pipelineOrder(Schedule::OneFOneB, 4, 0, 6);
        QCOMPARE(o.size(), std::size_t(12));
        QVERIFY(o[0].forward && o[1].forward && o[2].forward && o[3].forward && !o[4].forward);
        QCOMPARE(o[4].micro, 0);
        QVERIFY(!o.back().forward && o.back().micro == 5);
        // The last stage alternates from the start; GPipe runs every forward first.
        const auto last = pipelineOrder(Schedule::OneFOneB, 4, 3, 6);
        QVERIFY(last[0].forward && !last[1].forward);
        const auto g = pipelineOrder(Schedule::GPipe, 4, 1, 6);
        QVERIFY(g[5].forward && !g[6].forward);
        // Interleaved (Megatron), pp 2, 4 micro-batches, 2 chunks: stage 0 warms up with
        // (2 - 0 - 1) * 2 + (2 - 1) * 2 = 4 forwards: micro 0, 1 of chunk 0, then micro 0, 1 of chunk 1.
        const auto iv = pipelineOrder(Schedule::Interleaved, 2, 0, 4, 2);
        QCOMPARE(iv.size(), std::size_t(16));
        QCOMPARE(iv[2], (PipelineOp{true, 0, 1}));
        QCOMPARE(iv[4], (PipelineOp{true, 2, 0}));
        QCOMPARE(iv[5], (PipelineOp{false, 0, 1})); // backwards start with the last chunk
        // m not a multiple of pp: 1F1B over whole stages.
        QCOMPARE(pipelineOrder(Schedule::Interleaved, 4, 0, 6, 2),
                 pipelineOrder(Schedule::OneFOneB, 4, 0, 6));
        for (auto& [sch, pp, st, m] : std::vector<std::tuple<Schedule, int, int, int>>{
                 {Schedule::OneFOneB, 0, 0, 4}, {Schedule::OneFOneB, 2, 2, 4}, {Schedule::GPipe, 2, 0, 0}}) {
            bool threw = false;
            try {
                (void)pipelineOrder(sch, pp, st, m);
            } catch (const InputError&) {
                threw = true;
            }
            QVERIFY(threw);
        }
    }

    void pipelineBubble() {
        // With free communication the 1F1B iteration is (m + p - 1) C: bubble fraction (p-1)/m [N21];
        // interleaving with v chunks divides the bubble by v.
        auto m = gptModel(8, 1024, 16, 1024, 1000);
        auto c = cluster(1, 8);
        c.intra = {"ideal", 1e12, 0.0};
        c.inter = c.intra;
        const CostModel cm(m, c);
        LayerStrategy s{1, 1, false, DpType::DDP, Checkpoint::None, true};
        Plan p = uniformPlan(m, 4, 4, s, 8, 8);
        const auto pc = cm.evaluate(p);
        // Middle stages carry only Transformer layers; stages 0 and 3 add embedding / head.
        const double C1 = pc.stages[1].per_micro;
        QVERIFY(near(pc.stages[1].per_micro, pc.stages[2].per_micro, 1e-6));
        double sumC = 0, maxC = 0, maxE = 0;
        for (const auto& st : pc.stages) {
            sumC += st.per_micro;
            maxC = std::max(maxC, st.per_micro);
            maxE = std::max(maxE, st.per_iteration);
        }
        QVERIFY(near(pc.iteration_time, 8 * maxC + (sumC - maxC) + maxE));
        QVERIFY(near(pc.time.bubble, sumC - maxC));
        QVERIFY(pc.time.bubble >= 3 * C1 * 0.999);
        Plan pi = p;
        pi.schedule = Schedule::Interleaved;
        pi.virtual_stages = 2;
        pi.stage_layers.assign(8, 1);
        const auto pci = cm.evaluate(pi);
        QVERIFY(pci.time.bubble < pc.time.bubble * 0.6);
        // The breakdown adds up to the iteration time.
        const auto& t = pc.time;
        QVERIFY(near(t.compute + t.recompute + t.tp_comm + t.cp_comm + t.ep_comm + t.zero_comm + t.pp_comm +
                         t.switch_comm + t.bubble + t.dp_comm + t.optimizer,
                     pc.iteration_time, 1e-9));
    }

    void firstStageHoldsMostActivations() {
        auto m = gptModel(16, 2048, 16, 2048, 50257);
        const CostModel cm(m, cluster(1, 8));
        LayerStrategy s{2, 1, true, DpType::DDP, Checkpoint::None, true};
        const auto pc = cm.evaluate(uniformPlan(m, 8, 4, s, 16, 16));
        QVERIFY(pc.stages[0].memory.activations > pc.stages[1].memory.activations);
        QVERIFY(pc.stages[1].memory.activations > pc.stages[2].memory.activations);
        QCOMPARE(pc.stages[0].inflight, 4.0);
        QVERIFY(pc.stages[0].memory.embedding > 0);
        QVERIFY(pc.stages[3].memory.embedding > 0); // tied head copy on the last stage
        QCOMPARE(pc.stages[1].memory.embedding, 0.0);
        QCOMPARE(pc.peak_memory, std::max({pc.stages[0].memory.total(), pc.stages[1].memory.total(),
                                           pc.stages[2].memory.total(), pc.stages[3].memory.total()}));
    }

    void interleavedHeadHoldsItsOwnMicroBatches() {
        // p=4, v=2, m=8: the last stage warms up (v-1) p = 4 forwards of its first chunk, then runs
        // one forward of its last chunk (the head) before its first backward. Its layers hold 2.5
        // stage-equivalents on average; the head's activations are held once, not 2.5 times.
        auto m = gptModel(8, 1024, 16, 1024, 32000);
        const CostModel cm(m, cluster(1, 8));
        LayerStrategy s{1, 1, false, DpType::DDP, Checkpoint::None, true};
        Plan p = uniformPlan(m, 4, 4, s, 8, 8);
        p.schedule = Schedule::Interleaved;
        p.virtual_stages = 2;
        p.stage_layers.assign(8, 1);
        const auto pc = cm.evaluate(p);
        const StageShape last{1, 3, 1, 8};
        const double layer_act = cm.layer(m.layer(0), s, last).activations;
        const double head_act = cm.embeddingAndHead(false, true, 1, DpType::DDP, last).activations;
        QVERIFY(head_act > 0);
        QCOMPARE(pc.stages[3].inflight, 2.5);
        QVERIFY(near(pc.stages[3].memory.activations, 2.5 * 2 * layer_act + 1.0 * head_act, 1e-9));
        // Stage 0 holds all 8 micro-batches of both chunks (warm-up 3*2 + 4 = 10 >= m v - 1).
        const StageShape first{1, 0, 1, 8};
        const double emb_act = cm.embeddingAndHead(true, false, 1, DpType::DDP, first).activations;
        QVERIFY(near(pc.stages[0].memory.activations,
                     pc.stages[0].inflight * 2 * cm.layer(m.layer(0), s, first).activations + 8.0 * emb_act,
                     1e-9));
    }

    void pipelineOutputsAreKeptOnTheLastStage() {
        // torch.distributed.pipelining keeps every micro-batch's last-stage output (bf16 logits) until
        // the step ends: (m - 1) earlier ones sit beside the loss of the last.
        auto m = gptModel(8, 1024, 16, 1024, 32000);
        LayerStrategy s{2, 1, false, DpType::DDP, Checkpoint::None, true};
        const Plan p = uniformPlan(m, 8, 4, s, 8, 8);
        CostOptions o;
        const auto base = CostModel(m, cluster(1, 8), o).evaluate(p);
        o.runtime.keep_pipeline_outputs = true;
        const auto kept = CostModel(m, cluster(1, 8), o).evaluate(p);
        const double logits = 1024.0 * 1 * 32000 / 2; // seq x samples x vocab / vocab_tp
        QVERIFY(near(kept.stages[3].memory.transient - base.stages[3].memory.transient, 2.0 * logits * 7));
        QCOMPARE(kept.stages[0].memory.transient, base.stages[0].memory.transient);
        // Without a pipeline nothing is kept beyond the loss.
        const Plan single = uniformPlan(m, 2, 1, s, 8, 8);
        QCOMPARE(CostModel(m, cluster(1, 8), o).evaluate(single).peak_memory,
                 CostModel(m, cluster(1, 8), CostOptions{}).evaluate(single).peak_memory);
    }

    void vocabParallelLossHasItsOwnBuffers() {
        // A vocabulary split over TP ranks takes the runtime's vocab-parallel loss (PyTorch
        // loss_parallel: upcast, shifted, exp and result buffers) with its own bytes per logit; an
        // unsplit vocabulary keeps logit_bytes.
        auto m = gptModel(2, 1024, 16, 1024, 256000);
        LayerStrategy s{2, 1, false, DpType::DDP, Checkpoint::None, true};
        const Plan split = uniformPlan(m, 2, 1, s, 16, 8);
        CostOptions o;
        o.runtime.logit_bytes = 14;
        const auto plain = CostModel(m, cluster(1, 8), o).evaluate(split);
        o.runtime.logit_bytes_vocab_parallel = 18;
        const auto lp = CostModel(m, cluster(1, 8), o).evaluate(split);
        const double logits = 1024.0 * 2 * 256000 / 2; // seq x samples x vocab / vocab_tp
        QVERIFY(near(lp.stages[0].memory.transient - plain.stages[0].memory.transient, 4.0 * logits));
        // vocab_tp = 1: the plain loss, whatever the vocab-parallel figure.
        Plan whole = split;
        whole.vocab_tp = 1;
        QCOMPARE(CostModel(m, cluster(1, 8), o).evaluate(whole).peak_memory,
                 CostModel(m, cluster(1, 8),
                           [&] {
                               CostOptions q = o;
                               q.runtime.logit_bytes_vocab_parallel = 0;
                               return q;
                           }())
                     .evaluate(whole)
                     .peak_memory);
    }

    void unshardedZero3KeepsTheEmbeddingGathered() {
        // Under a pipeline with keep-unsharded ZeRO-3 (torchtitan), the embedding's weights and
        // gradients stay gathered like the layers': (param + grad bytes) (1 - 1/d) per parameter more.
        auto m = gptModel(8, 1024, 16, 1024, 32000);
        m.tied_embeddings = false;
        LayerStrategy s{1, 4, false, DpType::ZeRO3, Checkpoint::None, true};
        Plan p = uniformPlan(m, 8, 2, s, 16, 4);
        p.vocab_dp_type = DpType::ZeRO3;
        CostOptions o;
        const auto sharded = CostModel(m, cluster(1, 8), o).evaluate(p);
        o.runtime.zero3_keep_unsharded = true;
        const auto kept = CostModel(m, cluster(1, 8), o).evaluate(p);
        const double params = double(m.embeddingParams());
        const double extra = (o.runtime.param_bytes + o.runtime.grad_bytes) * params * (1.0 - 1.0 / 4);
        QVERIFY(near(kept.stages[0].memory.embedding - sharded.stages[0].memory.embedding, extra, 1e-9));
    }

    void checkpointTradesTimeForMemory() {
        auto m = gptModel(8, 4096, 32, 2048, 50257);
        const CostModel cm(m, cluster(1, 8));
        LayerStrategy s{8, 1, true, DpType::DDP, Checkpoint::None, true};
        const auto none = cm.evaluate(uniformPlan(m, 8, 1, s, 8, 4));
        s.ckpt = Checkpoint::Full;
        const auto full = cm.evaluate(uniformPlan(m, 8, 1, s, 8, 4));
        QVERIFY(full.peak_memory < none.peak_memory);
        QVERIFY(full.iteration_time > none.iteration_time);
        // Full recompute costs exactly one extra forward per layer (the backward of fused attention is
        // 2.5x its forward's FLOPs, so the ratio to fwd + bwd is no longer 4/3).
        const StageShape shape{8, 0, 2, 4};
        const auto& type = m.stacks[0].type;
        const auto l0 = cm.layer(type, LayerStrategy{8, 1, true, DpType::DDP, Checkpoint::None, true}, shape);
        const auto l1 = cm.layer(type, LayerStrategy{8, 1, true, DpType::DDP, Checkpoint::Full, true}, shape);
        QVERIFY(near(l1.fwd_compute + l1.bwd_compute, l0.fwd_compute + l0.bwd_compute + l0.fwd_compute));
        QVERIFY(near(l1.recompute, l0.fwd_compute));
        QVERIFY(near(l1.tp_comm, 1.5 * l0.tp_comm)); // the recomputed forward repeats its all-reduces
    }

    void pytorchContextParallelGathersExpandedKvBehindOneBlock() {
        // RuntimeProfile::cp_allgather (PyTorch 2.6 context_parallel, torchtitan's default): K/V as the
        // attention kernel receives them (expanded to the query heads with expand_kv) are gathered
        // from all CP ranks after the first block only; backward gathers them again and passes the
        // dK/dV sums (cp_grad_bytes each), the last pass exposed. CP ranks 8 apart (TP fills a node)
        // exchange over the network, as in torchtitan's Llama 3.1 405B runs with CP.
        auto m = gptModel(4, 4096, 32, 32768, 50257);
        m.stacks[0].type.kv_heads = 8;
        LayerStrategy s{8, 1, true, DpType::DDP, Checkpoint::None, true};
        s.cp = 2;
        const StageShape shape{16, 0, 1, 1};
        auto cpComm = [&](bool allgather, bool expand, int grad_bytes) {
            CostOptions o;
            o.runtime.cp_allgather = allgather;
            o.runtime.expand_kv = expand;
            o.runtime.cp_grad_bytes = grad_bytes;
            return CostModel(m, cluster(2, 8), o).layer(m.stacks[0].type, s, shape).cp_comm;
        };
        const double ring = cpComm(false, true, 4); // Megatron's ring: GQA-sized K/V behind every block
        const double gqa = cpComm(true, false, 2), expanded = cpComm(true, true, 4);
        QVERIFY2(ring > 0.0 && gqa > ring, (std::to_string(ring) + " " + std::to_string(gqa)).c_str());
        QVERIFY(expanded > gqa);
        // The last dK/dV pass is exposed in full: 16384 tokens x 4 query heads per TP rank x 128 x
        // (K and V) in fp32.
        const CostModel cm(m, cluster(2, 8));
        const double pass = cm.collectiveTime(Collective::SendRecv, 2.0 * 16384 * 4 * 128 * 4, 2, 8, 0);
        QVERIFY(cm.crossesNodes(2, 8, 0));
        QVERIFY2(expanded >= pass, (std::to_string(expanded) + " < " + std::to_string(pass)).c_str());
        // Its working memory in backward: the gathered K/V (cp = 2 blocks) and the local block sent,
        // the query gradient and the dK/dV sums in fp32, and the dK/dV buffers sent and received.
        auto transient = [&](bool allgather) {
            CostOptions o;
            o.runtime.cp_allgather = allgather;
            o.runtime.expand_kv = true;
            o.runtime.cp_grad_bytes = 4;
            return CostModel(m, cluster(2, 8), o).layer(m.stacks[0].type, s, shape).transient;
        };
        const double block = 2.0 * 16384 * 4 * 128 * 2; // K and V, bf16, 4 heads per TP rank
        const double q32 = 16384.0 * 4 * 128 * 4;
        QVERIFY2(std::fabs(transient(true) - transient(false) - (3 * block + q32 + 3 * 2 * block)) < 1.0,
                 std::to_string(transient(true) - transient(false)).c_str());
        // A Ulysses layer is not affected by the ring's exchange method.
        s.cp_comm = CpComm::A2A;
        QCOMPARE(cpComm(true, true, 4), cpComm(false, true, 4));
    }

    void contextParallelSplitsTheSequence() {
        // Issue 16: with cp ranks each holding seq/cp tokens, stored activations and the per-rank GEMM
        // work divide by cp, the causal score FLOPs too (load-balanced split), the model states stay
        // replicated over cp but ZeRO shards over dp x cp; the ring exchange is exposed only where it
        // is slower than the attention it overlaps.
        auto m = gptModel(4, 4096, 32, 32768, 50257);
        const CostModel cm(m, cluster(1, 8));
        const auto& type = m.stacks[0].type;
        const StageShape shape{8, 0, 4, 1};
        LayerStrategy base{1, 8, false, DpType::ZeRO1, Checkpoint::None, true};
        LayerStrategy cp2 = base;
        cp2.dp = 4;
        cp2.cp = 2;
        // 8 GPUs and 4 samples per micro-batch either way: dp=8 gives each GPU half a sample of seq
        // tokens, dp=4 x cp=2 one sample of seq/2 tokens - the same tokens per GPU.
        const auto l1 = cm.layer(type, base, shape);
        const auto l2 = cm.layer(type, cp2, shape);
        QVERIFY(near(l2.activations, l1.activations, 1e-6)); // (4/4 samples) x (seq/2) = (4/8) x seq
        QVERIFY(near(l2.model_flops, l1.model_flops, 1e-6));
        QVERIFY(near(l2.weights, l1.weights));     // replicated over cp
        QVERIFY(near(l2.optimizer, l1.optimizer)); // ZeRO-1 over dp x cp = 8 ranks in both
        QVERIFY(l2.cp_comm >= 0.0 && l1.cp_comm == 0.0);
        // Ulysses moves q, k, v and the output through all-to-alls that nothing hides.
        LayerStrategy a2a = cp2;
        a2a.cp_comm = CpComm::A2A;
        QVERIFY(cm.layer(type, a2a, shape).cp_comm > 0.0);
        // In the plan it is the breakdown's context-parallel part, apart from TP (tp is 1).
        const auto pa = cm.evaluate(uniformPlan(m, 8, 1, a2a, 8, 2));
        QVERIFY(near(pa.time.cp_comm, 2 * 4 * cm.layer(type, a2a, shape).cp_comm));
        QCOMPARE(pa.time.tp_comm, 0.0);
        // Short sequences: the ring's K/V blocks take longer than the little attention they overlap.
        auto s2 = gptModel(4, 4096, 32, 512, 50257);
        const CostModel cs(s2, cluster(2, 8));
        LayerStrategy across{1, 8, false, DpType::DDP, Checkpoint::None, false};
        across.cp = 2;
        across.dp = 8;
        QVERIFY(cs.layer(s2.stacks[0].type, across, StageShape{16, 0, 8, 1}).cp_comm > 0.0);
        // Named errors: cp must split the sequence into 2*cp chunks; Ulysses must divide the heads.
        Plan bad = uniformPlan(m, 8, 1, cp2, 8, 2);
        bad.layers[1].cp = 3;
        bad.layers[1].dp = 1;
        bad.layers[1].tp = 1;
        try {
            cm.evaluate(bad);
            QFAIL("tp*cp*dp != stage GPUs was accepted");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.field()).find("layers[1]") != std::string::npos, e.field().c_str());
        }
        auto odd = gptModel(4, 4096, 32, 32770, 50257);
        const CostModel co(odd, cluster(1, 8));
        try {
            co.evaluate(uniformPlan(odd, 8, 1, cp2, 8, 2));
            QFAIL("a sequence not split into 2*cp chunks was accepted");
        } catch (const InputError& e) {
            QVERIFY2(e.reason().find("2 * cp") != std::string::npos, e.reason().c_str());
        }
        LayerStrategy u = cp2;
        u.cp_comm = CpComm::A2A;
        u.tp = 8;
        u.cp = 8;
        u.dp = 1;
        auto few = gptModel(4, 4096, 32, 32768, 50257);
        const CostModel cf(few, cluster(8, 8));
        try {
            cf.evaluate(uniformPlan(few, 64, 1, u, 8, 8));
            QFAIL("Ulysses cp not dividing the heads per TP rank was accepted");
        } catch (const InputError& e) {
            QVERIFY2(e.reason().find("heads") != std::string::npos, e.reason().c_str());
        }
    }

    void tensorParallelAcrossNodesIsSlower() {
        auto m = gptModel(4, 4096, 32, 2048, 50257);
        const CostModel cm(m, cluster(2, 8));
        const auto& type = m.stacks[0].type;
        const StageShape shape{16, 0, 16, 1};
        const auto inside =
            cm.layer(type, LayerStrategy{8, 2, true, DpType::DDP, Checkpoint::None, true}, shape);
        const auto across =
            cm.layer(type, LayerStrategy{8, 2, true, DpType::DDP, Checkpoint::None, false}, shape);
        // Hierarchical all-reduce over 2 nodes x 4 GPUs: the network leg makes it > 1.5x slower.
        QVERIFY(across.tp_comm > 1.5 * inside.tp_comm);
        QVERIFY(across.dp_comm < inside.dp_comm); // and DP gets NVLink instead
    }

    void tensorParallelOverlapStaysInsideANodeAndBehindItsGemms() {
        // A runtime that overlaps TP collectives with GEMMs (Megatron --tp-comm-overlap, torch async TP)
        // hides them only between NVLink peers, only under sequence parallelism and only up to the GEMM
        // time beside them.
        auto m = gptModel(4, 4096, 32, 2048, 50257);
        const auto& type = m.stacks[0].type;
        const StageShape shape{16, 0, 16, 1};
        CostOptions hide, plain;
        hide.runtime.tp_overlap = 1.0;
        plain.runtime.tp_overlap = 0.0;
        const LayerStrategy inside{8, 2, true, DpType::DDP, Checkpoint::None, true};
        const LayerStrategy across{8, 2, true, DpType::DDP, Checkpoint::None, false};
        const CostModel h(m, cluster(2, 8), hide), n(m, cluster(2, 8), plain);
        QVERIFY(n.layer(type, inside, shape).tp_comm > 0);
        QCOMPARE(h.layer(type, inside, shape).tp_comm, 0.0); // NVLink, shorter than the GEMMs: hidden
        // Across nodes nothing is hidden: the same exposed time as without overlap.
        const double a = h.layer(type, across, shape).tp_comm;
        QVERIFY(a > 0);
        QVERIFY(near(a, n.layer(type, across, shape).tp_comm));
        // A slow intra-node link: the collectives outlast the GEMMs, and only the excess shows.
        ClusterProfile slow = cluster(2, 8);
        slow.intra.bandwidth_gbs = 2.0;
        const CostModel hs(m, slow, hide), ns(m, slow, plain);
        const double shown = hs.layer(type, inside, shape).tp_comm,
                     all = ns.layer(type, inside, shape).tp_comm;
        QVERIFY2(shown > 0 && shown < all, qPrintable(QStringLiteral("%1 of %2").arg(shown).arg(all)));
        // Without sequence parallelism the all-reduces stay whole: neither Megatron-LM (validate_args
        // requires SP for --tp-comm-overlap) nor torch's async TP splits them into the GEMMs.
        LayerStrategy no_sp = inside;
        no_sp.sp = false;
        QVERIFY(h.layer(type, no_sp, shape).tp_comm > 0);
        QVERIFY(near(h.layer(type, no_sp, shape).tp_comm, n.layer(type, no_sp, shape).tp_comm));
        // PCIe cards inside one node: no NVLink peers, nothing hidden.
        ClusterProfile pcie = cluster(2, 8);
        pcie.intra.kind = "PCIe";
        const CostModel hp(m, pcie, hide), np(m, pcie, plain);
        QVERIFY(hp.layer(type, inside, shape).tp_comm > 0);
        QVERIFY(near(hp.layer(type, inside, shape).tp_comm, np.layer(type, inside, shape).tp_comm));
    }

    void throughputAndMfu() {
        auto m = gptModel(8, 2048, 16, 2048, 50257);
        const CostModel cm(m, cluster(1, 8));
        const auto pc = cm.evaluate(
            uniformPlan(m, 8, 1, LayerStrategy{1, 8, false, DpType::ZeRO1, Checkpoint::None, true}, 32, 4));
        QVERIFY(near(pc.samples_per_s, 32 / pc.iteration_time));
        QVERIFY(near(pc.tokens_per_s, pc.samples_per_s * 2048));
        QVERIFY(near(pc.tflops_per_gpu, 3 * m.forwardFlops(32) / 8 / pc.iteration_time / 1e12));
        QVERIFY(pc.mfu > 0.2 && pc.mfu < 0.75); // below the assumed GEMM efficiency
    }

    void validationNamesTheField() {
        auto m = gptModel(4, 1024, 16, 512, 1000);
        const CostModel cm(m, cluster(1, 8));
        auto expectError = [&](Plan p, const std::string& field) {
            try {
                cm.evaluate(p);
                QFAIL(("expected an error for " + field).c_str());
            } catch (const InputError& e) {
                QCOMPARE(QString::fromStdString(e.field()), QString::fromStdString(field));
            }
        };
        const Plan ok =
            uniformPlan(m, 8, 2, LayerStrategy{2, 2, true, DpType::DDP, Checkpoint::None, true}, 8, 2);
        QVERIFY(cm.evaluate(ok).iteration_time > 0);
        Plan p = ok;
        p.layers[3].tp = 3;
        p.layers[3].dp = 1;
        expectError(p, "plan.layers[3].dp");
        p = ok;
        p.stage_layers = {1, 2};
        expectError(p, "plan.stage_layers");
        p = ok;
        p.gpus = 64;
        expectError(p, "plan.gpus");
        p = ok;
        p.num_micro = 3;
        expectError(p, "plan.num_micro");
        p = ok;
        p.layers[0].sp = true;
        p.layers[0].tp = 1;
        p.layers[0].dp = 4;
        expectError(p, "plan.layers[0].sp");
        p = ok;
        p.global_batch = 6;
        p.num_micro = 2; // micro-batch 3 does not split over dp = 2
        expectError(p, "plan.layers[0].dp");
        p = ok;
        p.schedule = Schedule::Interleaved;
        expectError(p, "plan.virtual_stages");
        (void)kGiB;
    }
};

QTEST_GUILESS_MAIN(TestCostModel)
#include "test_cost_model.moc"
