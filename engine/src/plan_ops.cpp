// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - the plan runner's op list with the cost model's predictions (see plan_ops.h).
#include "gx/engine/plan_ops.h"

#include "gx/engine/plan_runner.h"
#include "gx/error.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace gx::engine {

const char* toString(OpKind k) {
    switch (k) {
    case OpKind::Gemm:
        return "gemm";
    case OpKind::Attention:
        return "attention";
    case OpKind::Elementwise:
        return "elementwise";
    case OpKind::Recompute:
        return "recompute";
    case OpKind::Embedding:
        return "embedding";
    case OpKind::Loss:
        return "loss";
    case OpKind::TpComm:
        return "tp_comm";
    case OpKind::CpComm:
        return "cp_comm";
    case OpKind::Zero3Comm:
        return "zero3_comm";
    case OpKind::DpComm:
        return "dp_comm";
    case OpKind::Optimizer:
        return "optimizer";
    case OpKind::PipelineP2p:
        return "pipeline_p2p";
    case OpKind::LayoutSwitch:
        return "layout_switch";
    }
    return "?";
}

const char* toString(OpPhase p) {
    switch (p) {
    case OpPhase::Forward:
        return "forward";
    case OpPhase::Backward:
        return "backward";
    case OpPhase::Iteration:
        return "iteration";
    }
    return "?";
}

const char* toString(OpStream s) {
    return s == OpStream::Comm ? "comm" : "compute";
}

int lastBackwardMicro(gx::Schedule schedule, int pp, int stage, int num_micro) {
    int last = -1;
    for (const auto& st : pipelineSchedule(schedule, pp, stage, num_micro))
        if (st.kind == StepKind::Backward)
            last = st.micro;
    return last;
}

int findOp(const std::vector<PlanOp>& ops, const std::string& name) {
    for (std::size_t i = 0; i < ops.size(); ++i)
        if (ops[i].name == name)
            return int(i);
    return -1;
}

std::string vocabOpName(int pp, int stage, const std::string& part) {
    const char* owner = pp == 1 ? "vocab." : stage == 0 ? "embedding." : "lm_head.";
    return owner + part;
}

namespace {

/// Appends ops of one stage; times in seconds in, milliseconds out.
struct StageOps {
    std::vector<PlanOp>& out;
    int stage, layer, num_micro;
    std::string prefix;

    int add(const std::string& part, OpKind kind, OpPhase phase, double seconds, double exposed_seconds,
            OpStream stream = OpStream::Compute, bool run = true) {
        PlanOp op;
        // Work done in forward and in backward carries the phase: "layer3.qkv.fwd", "embedding.bwd".
        const bool both = kind == OpKind::Gemm || kind == OpKind::Attention || kind == OpKind::Elementwise ||
                          kind == OpKind::Embedding || kind == OpKind::Loss || kind == OpKind::TpComm;
        op.name = prefix + part +
                  (!both                        ? ""
                   : phase == OpPhase::Forward  ? ".fwd"
                   : phase == OpPhase::Backward ? ".bwd"
                                                : "");
        op.stage = stage;
        op.layer = layer;
        op.part = part;
        op.kind = kind;
        op.phase = phase;
        op.stream = stream;
        op.count = phase == OpPhase::Iteration ? 1 : num_micro;
        op.predicted_ms = seconds * 1e3;
        op.exposed_ms = exposed_seconds * 1e3;
        op.run = run;
        out.push_back(std::move(op));
        return int(out.size()) - 1;
    }
    int add(const std::string& part, OpKind kind, OpPhase phase, double seconds) {
        return add(part, kind, phase, seconds, seconds);
    }
};

/// Appends the ops of Transformer layer `l` of stage `st`, `l0` being the stage's first layer: its
/// forward and backward work and its once-per-iteration gradient reduction and optimizer step.
void addLayerOps(std::vector<PlanOp>& ops, const gx::CostModel& cm, const gx::ModelProfile& model,
                 const gx::Plan& plan, const gx::StageShape& shape, int st, int l, int l0, int m,
                 int last_bwd, bool fp8) {
    const gx::LayerType& t = model.layer(l);
    const gx::LayerStrategy& s = plan.layers[std::size_t(l)];
    const gx::LayerCost c = cm.layer(t, s, shape);
    StageOps a{ops, st, l, m, "layer" + std::to_string(l) + "."};
    if (l > l0) {
        const double sw = cm.switchTime(t, plan.layers[std::size_t(l - 1)], s, shape);
        if (sw > 0)
            a.add("layout_switch", OpKind::LayoutSwitch, OpPhase::Forward, sw, sw, OpStream::Compute, false);
    }
    // GEMMs at the shard shapes CostModel::layer prices (dense, standard attention; other layer
    // kinds as one op, not run by the engine).
    const int tp = std::max(1, s.tp), dp = std::max(1, s.dp), cp = std::max(1, s.cp);
    const double tokens = double(shape.micro_batch) / dp * (double(t.seq_len) / cp);
    const double h = t.hidden, f = t.ffn_hidden, heads = t.heads;
    const double hd = t.head_dim > 0 ? t.head_dim : h / std::max(1.0, heads);
    const double kv = t.kv_heads > 0 ? t.kv_heads : heads;
    const double qw = heads * hd, kvw = kv * hd, gf = t.gated_ffn ? 2.0 : 1.0;
    struct Gemm {
        const char* name;
        double seconds;
    };
    std::vector<Gemm> gemms;
    const bool dense = !t.moe.enabled() && !t.mla.enabled() && t.kind != gx::BlockKind::CrossDecoder;
    if (dense)
        gemms = {{"qkv", cm.gemmTime(tokens, (qw + 2.0 * kvw) / tp, h, fp8)},
                 {"attn_out", cm.gemmTime(tokens, h, qw / tp, fp8)},
                 {"ffn_up", cm.gemmTime(tokens, gf * f / tp, h, fp8)},
                 {"ffn_down", cm.gemmTime(tokens, h, f / tp, fp8)}};
    else
        gemms = {{"gemms", c.fwd_gemm}};
    double gemm_sum = 0;
    for (const auto& g : gemms)
        gemm_sum += g.seconds;
    // Forward in the order the layer runs: qkv, attention, attn_out, ffn_up, ffn_down; the
    // element-wise rest (norms, residuals, activation, per-layer overhead) is what remains of
    // fwd_compute.
    a.add(gemms[0].name, OpKind::Gemm, OpPhase::Forward, gemms[0].seconds, gemms[0].seconds,
          OpStream::Compute, dense);
    a.add("attention", OpKind::Attention, OpPhase::Forward, c.fwd_attention);
    for (std::size_t g = 1; g < gemms.size(); ++g)
        a.add(gemms[g].name, OpKind::Gemm, OpPhase::Forward, gemms[g].seconds);
    a.add("elementwise", OpKind::Elementwise, OpPhase::Forward, c.fwd_compute - gemm_sum - c.fwd_attention);
    // TP collectives: 2 per block forward and backward (3 forward-equivalents with full
    // recompute, whose forward repeats them in backward).
    const bool full = s.ckpt == gx::Checkpoint::Full;
    if (tp > 1) {
        const double tp_fwd = c.tp_comm / (full ? 3.0 : 2.0);
        a.add("tp_comm", OpKind::TpComm, OpPhase::Forward, tp_fwd);
    }
    if (cp > 1)
        a.add("cp_comm", OpKind::CpComm, OpPhase::Forward, c.cp_comm, c.cp_comm, OpStream::Compute, false);
    if (c.ep_comm > 0)
        a.add("ep_comm", OpKind::CpComm, OpPhase::Forward, c.ep_comm, c.ep_comm, OpStream::Compute, false);
    // Backward: recompute first, then the GEMMs in reverse (data and weight gradient: 2x), the
    // attention core, the element-wise rest.
    if (c.recompute > 0)
        a.add("recompute", OpKind::Recompute, OpPhase::Backward, c.recompute, c.recompute, OpStream::Compute,
              full);
    for (auto g = gemms.rbegin(); g != gemms.rend(); ++g) {
        if (std::string(g->name) == "qkv")
            a.add("attention", OpKind::Attention, OpPhase::Backward, c.bwd_attention);
        a.add(g->name, OpKind::Gemm, OpPhase::Backward, 2.0 * g->seconds, 2.0 * g->seconds, OpStream::Compute,
              dense);
    }
    if (!dense)
        a.add("attention", OpKind::Attention, OpPhase::Backward, c.bwd_attention);
    a.add("elementwise", OpKind::Elementwise, OpPhase::Backward,
          c.bwd_compute - c.recompute - 2.0 * gemm_sum - c.bwd_attention);
    if (tp > 1)
        a.add("tp_comm", OpKind::TpComm, OpPhase::Backward, c.tp_comm - c.tp_comm / (full ? 3.0 : 2.0));
    const bool zero3 = s.dp_type == gx::DpType::ZeRO3 && dp * cp > 1;
    if (zero3 && c.zero3_comm > 0)
        a.add("zero3_comm", OpKind::Zero3Comm, OpPhase::Backward, c.zero3_comm, c.zero3_exposed);
    const int layer_bwd_end = int(ops.size()) - 1;
    // Once per iteration: the gradient reduction on the communication stream after the last
    // backward, the optimizer step after it, the ZeRO-1/2 parameter all-gather after that.
    int reduce = -1;
    // (Structure from the plan, not from the figures: the runner executes what is listed.)
    if (dp * cp > 1 && (!zero3 || c.dp_comm > 0)) {
        reduce = a.add("dp_grad_reduce", OpKind::DpComm, OpPhase::Iteration, c.dp_reduce, c.dp_reduce_exposed,
                       OpStream::Comm, !zero3);
        ops[std::size_t(reduce)].waits_for = layer_bwd_end;
        ops[std::size_t(reduce)].issue_after_micro = last_bwd;
    }
    const int opt = a.add("optimizer", OpKind::Optimizer, OpPhase::Iteration, c.optimizer_step);
    ops[std::size_t(opt)].waits_for = reduce;
    const bool zero12 = s.dp_type == gx::DpType::ZeRO1 || s.dp_type == gx::DpType::ZeRO2;
    if (reduce >= 0 && (zero12 || c.dp_comm - c.dp_reduce > 0)) {
        const int g = a.add("dp_param_gather", OpKind::DpComm, OpPhase::Iteration, c.dp_comm - c.dp_reduce,
                            c.dp_exposed - c.dp_reduce_exposed, OpStream::Comm, !zero3);
        ops[std::size_t(g)].waits_for = opt;
    }
}

} // namespace

std::vector<PlanOp> planOps(const gx::ModelProfile& model, const gx::Plan& plan,
                            const gx::ClusterProfile& cluster, const gx::CostOptions& options) {
    if (plan.schedule == gx::Schedule::Interleaved || plan.virtual_stages != 1)
        throw gx::InputError("plan.schedule",
                             "the plan runner runs GPipe and 1F1B plans (one chunk per stage)");
    gx::CostOptions o = options;
    o.precision = plan.precision; // as CostModel::evaluate
    const gx::CostModel cm(model, cluster, o);
    cm.validate(plan);
    const bool fp8 = o.precision == gx::Precision::FP8;
    const int pp = plan.pp, m = plan.num_micro, G = plan.stageGpus();
    std::vector<PlanOp> ops;

    // Pipeline transfers: the forward send is on the sender's path, the gradient send on the
    // receiver's (CostModel::evaluate), so each stage carries half of each neighbouring boundary.
    std::vector<double> p2p(std::size_t(pp), 0.0);
    for (int i = 0; i + 1 < pp; ++i) {
        const int last = plan.chunkStart(i) + plan.stage_layers[std::size_t(i)] - 1;
        const double t = cm.p2pTime(model.layer(last), plan.layers[std::size_t(last)],
                                    gx::CostModel::stageShape(plan, i), i * G, (i + 1) * G);
        p2p[std::size_t(i)] += t / 2;
        p2p[std::size_t(i + 1)] += t / 2;
    }

    for (int st = 0; st < pp; ++st) {
        const bool first = st == 0, last = st == pp - 1;
        const gx::StageShape shape = gx::CostModel::stageShape(plan, st);
        const int last_bwd = lastBackwardMicro(plan.schedule, pp, st, m);

        // ---- embedding (first stage): gather of the token rows, vocab-parallel all-reduce.
        const gx::LayerCost vocab =
            cm.embeddingAndHead(first, last, plan.vocab_tp, plan.vocab_dp_type, shape);
        const int vt = std::max(1, plan.vocab_tp);
        const double vocab_ar = (first || last) ? vocab.tp_comm / ((first ? 1 : 0) + (last ? 1 : 0)) : 0.0;
        gx::LayerCost emb;
        if (first) {
            emb = last ? cm.embeddingAndHead(true, false, plan.vocab_tp, plan.vocab_dp_type, shape) : vocab;
            StageOps e{ops, st, kEmbedding, m, ""};
            e.add("embedding", OpKind::Embedding, OpPhase::Forward, emb.fwd_compute);
            StageOps et{ops, st, kEmbedding, m, "embedding."};
            if (vt > 1)
                et.add("tp_comm", OpKind::TpComm, OpPhase::Forward, vocab_ar);
        }

        // ---- Transformer layers of the stage.
        const int l0 = plan.chunkStart(st), n = plan.stage_layers[std::size_t(st)];
        for (int l = l0; l < l0 + n; ++l)
            addLayerOps(ops, cm, model, plan, shape, st, l, l0, m, last_bwd, fp8);

        // ---- LM head GEMM and loss (last stage): what embeddingAndHead adds beyond the embedding.
        if (last) {
            StageOps hd{ops, st, kHead, m, ""};
            StageOps ht{ops, st, kHead, m, "lm_head."};
            const auto& lt = model.stacks.back().type;
            const int dv = std::max(1, G / vt);
            const double out = model.num_classes > 0 ? double(model.num_classes) : double(model.vocab_size);
            const double head_gemm =
                out > 0 ? cm.gemmTime(double(shape.micro_batch) / dv * lt.seq_len, out / vt, lt.hidden) : 0.0;
            const double head_fwd = vocab.fwd_compute - (first ? emb.fwd_compute : 0.0);
            const double head_bwd = vocab.bwd_compute - (first ? emb.bwd_compute : 0.0);
            hd.add("lm_head", OpKind::Gemm, OpPhase::Forward, head_gemm);
            hd.add("loss", OpKind::Loss, OpPhase::Forward, head_fwd - head_gemm);
            hd.add("loss", OpKind::Loss, OpPhase::Backward, head_bwd - 2.0 * head_gemm);
            hd.add("lm_head", OpKind::Gemm, OpPhase::Backward, 2.0 * head_gemm);
            if (vt > 1)
                ht.add("tp_comm", OpKind::TpComm, OpPhase::Backward, vocab_ar);
        }
        if (first) {
            StageOps e{ops, st, kEmbedding, m, ""};
            e.add("embedding", OpKind::Embedding, OpPhase::Backward, emb.bwd_compute);
        }
        const int vocab_bwd_end = int(ops.size()) - 1; // embedding backward, else the head's last
        // Vocabulary gradient sync (DP all-reduce; the tied embedding's exchange between the first and
        // the last stage) and optimizer step, once per iteration.
        if (first || last) {
            const int vl = first ? kEmbedding : kHead;
            StageOps v{ops, st, vl, m, vocabOpName(pp, st, "")};
            const bool zero3 = plan.vocab_dp_type == gx::DpType::ZeRO3;
            if (zero3 && vocab.zero3_comm > 0)
                v.add("zero3_comm", OpKind::Zero3Comm, OpPhase::Backward, vocab.zero3_comm,
                      vocab.zero3_exposed, OpStream::Compute, false);
            int reduce = -1;
            const int dv = std::max(1, G / vt);
            if ((dv > 1 && !zero3) || vocab.dp_comm > 0) {
                reduce = v.add("dp_grad_reduce", OpKind::DpComm, OpPhase::Iteration, vocab.dp_comm,
                               vocab.dp_exposed, OpStream::Comm, !zero3 && dv > 1);
                ops[std::size_t(reduce)].waits_for = vocab_bwd_end;
                ops[std::size_t(reduce)].issue_after_micro = last_bwd;
            }
            const int opt = v.add("optimizer", OpKind::Optimizer, OpPhase::Iteration, vocab.optimizer_step);
            ops[std::size_t(opt)].waits_for = reduce;
        }
        if (p2p[std::size_t(st)] > 0) {
            StageOps s{ops, st, kStage, m, "stage" + std::to_string(st) + "."};
            s.add("pipeline_p2p", OpKind::PipelineP2p, OpPhase::Forward, p2p[std::size_t(st)]);
        }
    }
    return ops;
}

std::vector<ScheduledOp> iterationSchedule(const std::vector<PlanOp>& ops, const gx::Plan& plan, int stage) {
    std::vector<ScheduledOp> out;
    std::vector<int> issued(ops.size(), -1); // op -> schedule index of its latest issue
    auto emit = [&](int op, int micro) {
        if (op < 0 || !ops[std::size_t(op)].run)
            return;
        const PlanOp& p = ops[std::size_t(op)];
        ScheduledOp s;
        s.op = op;
        s.micro = micro;
        s.stream = p.stream;
        s.waits_for = p.waits_for >= 0 ? issued[std::size_t(p.waits_for)] : -1;
        issued[std::size_t(op)] = int(out.size());
        out.push_back(s);
    };
    auto ofStage = [&](int layer, OpPhase phase) {
        std::vector<int> r;
        for (std::size_t i = 0; i < ops.size(); ++i)
            if (ops[i].stage == stage && ops[i].layer == layer && ops[i].phase == phase)
                r.push_back(int(i));
        return r;
    };
    const int l0 = plan.chunkStart(stage), n = plan.stage_layers[std::size_t(stage)];
    const int p2p = findOp(ops, "stage" + std::to_string(stage) + ".pipeline_p2p");
    for (const PipelineStep& step : pipelineSchedule(plan.schedule, plan.pp, stage, plan.num_micro)) {
        const int mu = step.micro;
        if (step.kind == StepKind::Forward) {
            for (int op : ofStage(kEmbedding, OpPhase::Forward))
                emit(op, mu);
            for (int l = l0; l < l0 + n; ++l)
                for (int op : ofStage(l, OpPhase::Forward))
                    emit(op, mu);
            for (int op : ofStage(kHead, OpPhase::Forward))
                emit(op, mu);
            emit(p2p, mu);
            continue;
        }
        for (int op : ofStage(kHead, OpPhase::Backward))
            emit(op, mu);
        for (int l = l0 + n - 1; l >= l0; --l) {
            for (int op : ofStage(l, OpPhase::Backward))
                emit(op, mu);
            for (int op : ofStage(l, OpPhase::Iteration))
                if (ops[std::size_t(op)].stream == OpStream::Comm &&
                    ops[std::size_t(op)].issue_after_micro == mu)
                    emit(op, -1);
        }
        for (int op : ofStage(kEmbedding, OpPhase::Backward))
            emit(op, mu);
        for (int layer : {kEmbedding, kHead})
            for (int op : ofStage(layer, OpPhase::Iteration))
                if (ops[std::size_t(op)].stream == OpStream::Comm &&
                    ops[std::size_t(op)].issue_after_micro == mu)
                    emit(op, -1);
    }
    // After the schedule: optimizer steps (waiting for their reduction) and the parameter gathers.
    for (int layer : [&] {
             std::vector<int> ls{kEmbedding};
             for (int l = l0; l < l0 + n; ++l)
                 ls.push_back(l);
             ls.push_back(kHead);
             return ls;
         }())
        for (int op : ofStage(layer, OpPhase::Iteration))
            if (ops[std::size_t(op)].issue_after_micro < 0)
                emit(op, -1);
    return out;
}

std::vector<OpReport> opReports(const std::vector<PlanOp>& ops, const std::vector<double>& measured) {
    std::vector<OpReport> out;
    out.reserve(ops.size());
    for (std::size_t i = 0; i < ops.size(); ++i) {
        const PlanOp& p = ops[i];
        OpReport r;
        r.name = p.name;
        r.part = p.part;
        r.stage = p.stage;
        r.layer = p.layer;
        r.kind = p.kind;
        r.phase = p.phase;
        r.stream = p.stream;
        r.count = p.count;
        r.predicted_ms = p.predictedTotalMs();
        r.exposed_ms = p.exposedTotalMs();
        r.measured_ms = i < measured.size() && p.run ? measured[i] : -1.0;
        out.push_back(std::move(r));
    }
    return out;
}

nlohmann::json toJson(const OpReport& r) {
    nlohmann::json j;
    j["name"] = r.name;
    j["stage"] = r.stage;
    if (r.layer >= 0)
        j["layer"] = r.layer;
    j["part"] = r.part;
    j["kind"] = toString(r.kind);
    j["phase"] = toString(r.phase);
    j["stream"] = toString(r.stream);
    j["count"] = r.count;
    j["predicted_ms"] = r.predicted_ms;
    j["exposed_ms"] = r.exposed_ms;
    if (r.measured_ms >= 0) {
        j["measured_ms"] = r.measured_ms;
        if (r.ratio() >= 0)
            j["ratio"] = r.ratio();
    } else {
        j["measured_ms"] = nullptr;
    }
    return j;
}

} // namespace gx::engine
