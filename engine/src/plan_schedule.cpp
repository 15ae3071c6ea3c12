// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - GPU-free parts of the plan runner: rank groups, pipeline schedules,
// launcher environment, prediction through gx::CostModel.
#include "gx/engine/plan_runner.h"

#include "gx/cost_model.h"
#include "gx/error.h"
#include "gx/pipeline_order.h"

#include "gx/engine/logic.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <sstream>

namespace gx::engine {

LayerGroups layerGroups(const gx::LayerStrategy& s, int first, int stage_gpus, int rank) {
    if (s.tp < 1 || s.dp < 1 || s.tp * s.dp != stage_gpus)
        throw gx::InputError("strategy", "tp*dp (" + std::to_string(s.tp) + "*" + std::to_string(s.dp) +
                                             ") must equal the stage's GPUs (" + std::to_string(stage_gpus) +
                                             ")");
    const int l = rank - first;
    if (l < 0 || l >= stage_gpus)
        throw gx::InputError("rank", "rank " + std::to_string(rank) + " is not in the stage starting at " +
                                         std::to_string(first));
    LayerGroups g;
    if (s.tp_consecutive) {
        g.tp_rank = l % s.tp;
        g.dp_rank = l / s.tp;
        for (int i = 0; i < s.tp; ++i)
            g.tp_ranks.push_back(first + g.dp_rank * s.tp + i);
        for (int i = 0; i < s.dp; ++i)
            g.dp_ranks.push_back(first + g.tp_rank + i * s.tp);
    } else {
        g.dp_rank = l % s.dp;
        g.tp_rank = l / s.dp;
        for (int i = 0; i < s.tp; ++i)
            g.tp_ranks.push_back(first + g.dp_rank + i * s.dp);
        for (int i = 0; i < s.dp; ++i)
            g.dp_ranks.push_back(first + g.tp_rank * s.dp + i);
    }
    return g;
}

std::vector<PipelineStep> pipelineSchedule(gx::Schedule schedule, int pp, int stage, int m) {
    if (schedule == gx::Schedule::Interleaved)
        throw gx::InputError("plan.schedule", "the plan runner does not run interleaved schedules yet");
    // The order core gives the cost model's timeline (gx/pipeline_order.h).
    std::vector<PipelineStep> steps;
    for (const gx::PipelineOp& op : gx::pipelineOrder(schedule, pp, stage, m))
        steps.push_back({op.forward ? StepKind::Forward : StepKind::Backward, op.micro});
    return steps;
}

namespace {
int parseInt(const char* v, const char* name) {
    char* end = nullptr;
    const long x = std::strtol(v, &end, 10);
    if (!v[0] || *end != '\0' || x < 0 || x > 1000000)
        throw gx::InputError(name, std::string("expected a non-negative integer, got '") + v + "'");
    return int(x);
}
} // namespace

LaunchEnv launchEnvFromEnvironment(const std::function<const char*(const char*)>& get_env) {
    auto get = [&](const char* n) -> const char* {
        if (get_env)
            return get_env(n);
        return std::getenv(n);
    };
    struct Scheme {
        const char* launcher;
        const char *rank, *world, *local_rank, *local_world;
    };
    static const Scheme schemes[] = {
        {"torchrun", "RANK", "WORLD_SIZE", "LOCAL_RANK", "LOCAL_WORLD_SIZE"},
        {"openmpi", "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_LOCAL_RANK",
         "OMPI_COMM_WORLD_LOCAL_SIZE"},
        // srun sets SLURM_STEP_NUM_TASKS for the tasks of a job step; an sbatch batch script has
        // SLURM_PROCID=0 and SLURM_NTASKS=N but no step (checked below).
        {"slurm", "SLURM_PROCID", "SLURM_STEP_NUM_TASKS", "SLURM_LOCALID", "SLURM_STEP_TASKS_PER_NODE"},
        {"pmi", "PMI_RANK", "PMI_SIZE", "MPI_LOCALRANKID", "MPI_LOCALNRANKS"},
    };
    LaunchEnv env;
    if (get("SLURM_PROCID") && !get("SLURM_STEP_NUM_TASKS") && !get("RANK") && !get("OMPI_COMM_WORLD_RANK") &&
        !get("PMI_RANK")) {
        const char* n = get("SLURM_NTASKS");
        if (n && parseInt(n, "SLURM_NTASKS") > 1)
            throw gx::InputError("SLURM_STEP_NUM_TASKS",
                                 std::string("SLURM_NTASKS=") + n +
                                     " but this process is not a task of a job step: the batch script ran it "
                                     "directly. Start one process per GPU with `srun galvatron run-plan ...` "
                                     "(`galvatron run-plan --slurm-script FILE` writes such a script)");
    }
    for (const auto& s : schemes) {
        const char* r = get(s.rank);
        const char* w = get(s.world);
        if (!r || !w)
            continue;
        env.launcher = s.launcher;
        env.rank = parseInt(r, s.rank);
        env.world = parseInt(w, s.world);
        if (env.world < 1)
            throw gx::InputError(s.world, "must be at least 1");
        if (env.rank >= env.world)
            throw gx::InputError(s.rank, "rank " + std::to_string(env.rank) + " is not below world size " +
                                             std::to_string(env.world));
        const char* lr = get(s.local_rank);
        env.local_rank = lr ? parseInt(lr, s.local_rank) : env.rank;
        const char* lw = get(s.local_world);
        // SLURM_STEP_TASKS_PER_NODE may read "4(x2)" or "4,2"; keep the leading number.
        if (lw) {
            std::string v(lw);
            const auto p = v.find_first_of("(,");
            if (p != std::string::npos)
                v = v.substr(0, p);
            env.local_world = parseInt(v.c_str(), s.local_world);
        } else {
            env.local_world = env.world;
        }
        break;
    }
    if (const char* a = get("MASTER_ADDR"))
        env.master_addr = a;
    if (const char* p = get("MASTER_PORT"))
        env.master_port = parseInt(p, "MASTER_PORT");
    return env;
}

void validateRunnablePlan(const gx::ModelProfile& model, const gx::Plan& plan) {
    if (plan.schedule == gx::Schedule::Interleaved || plan.virtual_stages != 1)
        throw gx::InputError("plan.schedule",
                             "the plan runner runs GPipe and 1F1B plans (one chunk per stage)");
    if (plan.pp < 1 || plan.gpus < 1 || plan.gpus % plan.pp != 0)
        throw gx::InputError("plan.pp", "pp must be >= 1 and divide gpus");
    const int L = model.layerCount();
    if (int(plan.layers.size()) != L)
        throw gx::InputError("plan.layers", "expected one strategy per layer (" + std::to_string(L) + ")");
    if (int(plan.stage_layers.size()) != plan.pp)
        throw gx::InputError("plan.stage_layers", "expected " + std::to_string(plan.pp) + " entries");
    int sum = 0;
    for (int n : plan.stage_layers) {
        if (n < 1)
            throw gx::InputError("plan.stage_layers", "every stage needs at least one layer");
        sum += n;
    }
    if (sum != L)
        throw gx::InputError("plan.stage_layers",
                             "layers add up to " + std::to_string(sum) + ", model has " + std::to_string(L));
    if (plan.num_micro < 1 || plan.global_batch % plan.num_micro != 0)
        throw gx::InputError("plan.num_micro", "must divide global_batch");
    const int G = plan.stageGpus();
    const int mb = plan.microBatch();

    for (int i = 0; i < L; ++i) {
        const auto& s = plan.layers[std::size_t(i)];
        const std::string f = "plan.layers[" + std::to_string(i) + "]";
        if (s.tp < 1 || s.dp < 1 || s.tp * s.dp != G)
            throw gx::InputError(f + ".dp", "tp*dp must equal the stage's GPUs (" + std::to_string(G) + ")");
        if (mb % s.dp != 0)
            throw gx::InputError(f + ".dp", "dp=" + std::to_string(s.dp) + " must divide the micro-batch (" +
                                                std::to_string(mb) + ")");
        const auto& t = model.layer(i);
        if (t.heads % s.tp != 0 || t.ffn_hidden % s.tp != 0)
            throw gx::InputError(f + ".tp",
                                 "tp=" + std::to_string(s.tp) + " must divide heads and ffn_hidden");
        if (t.kind == gx::BlockKind::CrossDecoder)
            throw gx::InputError("model.stacks", "cross-attention layers are not run by the plan runner yet");
    }
    if (plan.vocab_tp < 1 || G % plan.vocab_tp != 0 || mb % (G / plan.vocab_tp) != 0)
        throw gx::InputError("plan.vocab_tp", "must divide the stage's GPUs (" + std::to_string(G) +
                                                  ") and leave a dp that divides the micro-batch (" +
                                                  std::to_string(mb) + ")");
}

std::vector<std::string> planRunNotes(const gx::ModelProfile& model, const gx::Plan& plan) {
    std::vector<std::string> notes;
    if (model.tied_embeddings && plan.pp > 1 && model.num_classes == 0)
        notes.push_back("the tied word embedding's gradient exchange between the first and the last stage "
                        "is not run (embedding.dp_grad_reduce and lm_head.dp_grad_reduce predict it)");
    if (plan.vocab_tp > 1)
        notes.push_back("the vocab-parallel loss uses each shard's own softmax statistics (no max/sum "
                        "all-reduce; the cost model does not price them either)");
    if (plan.vocab_dp_type == gx::DpType::ZeRO3 && plan.stageGpus() / std::max(1, plan.vocab_tp) > 1)
        notes.push_back("embedding / LM head under ZeRO-3 keep full weights: their gathers are not run");
    bool switches = false, selective = false, sp = false;
    for (std::size_t i = 0; i < plan.layers.size(); ++i) {
        const auto& s = plan.layers[i];
        if (s.ckpt == gx::Checkpoint::Selective)
            selective = true;
        if (s.sp)
            sp = true;
        if (i > 0 && plan.stageOfLayer(int(i)) == plan.stageOfLayer(int(i - 1)) &&
            (s.tp != plan.layers[i - 1].tp || s.dp != plan.layers[i - 1].dp ||
             s.tp_consecutive != plan.layers[i - 1].tp_consecutive))
            switches = true;
    }
    if (switches)
        notes.push_back("layout switches between layers of different tp/dp are not communicated");
    if (selective)
        notes.push_back("selective recompute runs as no recompute");
    if (sp)
        notes.push_back("sequence parallelism runs as plain TP (same all-reduce volume, full activations)");
    std::set<int> seqs;
    for (const auto& st : model.stacks)
        seqs.insert(st.type.seq_len);
    if (seqs.size() > 1)
        notes.push_back("stacks with different sequence lengths: pipeline boundaries use each layer's own");
    return notes;
}

const std::vector<std::string>& opCategories() {
    static const std::vector<std::string> ops = {"forward", "backward",  "tp_comm",     "zero3_comm",
                                                 "dp_comm", "optimizer", "pipeline_p2p"};
    return ops;
}

std::vector<double> categoryTotals(const std::vector<PlanOp>& ops, const std::vector<double>& values) {
    const std::size_t nc = opCategories().size();
    std::map<int, std::vector<double>> per_stage;
    for (std::size_t i = 0; i < ops.size(); ++i) {
        const PlanOp& o = ops[i];
        double v = o.predictedTotalMs();
        if (!values.empty()) {
            if (!o.run || i >= values.size() || values[i] < 0)
                continue;
            v = values[i];
        }
        std::size_t k = nc;
        switch (o.kind) {
        case OpKind::Gemm:
        case OpKind::Attention:
        case OpKind::Elementwise:
        case OpKind::Embedding:
        case OpKind::Loss:
            k = o.phase == OpPhase::Backward ? 1 : 0;
            break;
        case OpKind::Recompute:
            k = 1;
            break;
        case OpKind::TpComm:
            k = 2;
            break;
        case OpKind::Zero3Comm:
            k = 3;
            break;
        case OpKind::DpComm:
            k = 4;
            break;
        case OpKind::Optimizer:
            k = 5;
            break;
        case OpKind::PipelineP2p:
            k = 6;
            break;
        case OpKind::CpComm:
        case OpKind::LayoutSwitch:
            break;
        }
        if (k >= nc)
            continue;
        auto& row = per_stage[o.stage];
        row.resize(nc, 0.0);
        row[k] += v;
    }
    std::vector<double> out(nc, 0.0);
    for (const auto& [stage, row] : per_stage)
        for (std::size_t k = 0; k < nc; ++k)
            out[k] = std::max(out[k], row[k]);
    return out;
}

std::vector<OpTiming> predictedOpTimes(const gx::ModelProfile& model, const gx::Plan& plan,
                                       const gx::ClusterProfile& cluster) {
    std::vector<OpTiming> out;
    try {
        const std::vector<double> v = categoryTotals(planOps(model, plan, cluster));
        for (std::size_t k = 0; k < opCategories().size(); ++k)
            out.push_back({opCategories()[k], -1, v[k]});
    } catch (const std::exception&) {
        return {};
    }
    return out;
}

void fillPrediction(PlanRunResult& r, const gx::ModelProfile& model, const gx::Plan& plan,
                    const gx::ClusterProfile& cluster) {
    r.ops = predictedOpTimes(model, plan, cluster);
    try {
        r.op_report = opReports(planOps(model, plan, cluster));
    } catch (const std::exception&) {
        r.op_report.clear();
    }
    try {
        gx::CostModel cm(model, cluster);
        const gx::PlanCost c = cm.evaluate(plan);
        r.predicted_iteration_ms = c.iteration_time * 1e3;
        r.predicted_peak_bytes = c.peak_memory;
        r.have_prediction = true;
    } catch (const std::exception& e) {
        r.have_prediction = false;
        r.prediction_error = e.what();
    }
}

nlohmann::json toJson(const PlanRunResult& r, const std::string& error) {
    nlohmann::json j;
    j["gpus"] = r.gpus;
    j["mode"] = r.mode;
    if (error.empty()) {
        j["measured_iteration_ms"] = r.measured_iteration_ms;
        j["iteration_ms"] = r.iteration_ms;
        j["measured_peak_bytes"] = r.measured_peak_bytes;
        j["measured_run_bytes"] = r.measured_run_bytes;
        j["measured_plan_bytes"] = r.measured_plan_bytes;
    } else {
        j["error"] = error;
    }
    if (r.have_prediction) {
        j["predicted_iteration_ms"] = r.predicted_iteration_ms;
        j["predicted_peak_bytes"] = r.predicted_peak_bytes;
    } else {
        j["prediction_error"] = r.prediction_error;
    }
    j["planned_rank_bytes"] = r.planned_rank_bytes;
    auto& ops = j["ops"];
    ops = nlohmann::json::array();
    for (const auto& o : r.ops) {
        nlohmann::json e;
        e["op"] = o.op;
        if (o.measured_ms >= 0)
            e["measured_ms"] = o.measured_ms;
        if (o.predicted_ms >= 0)
            e["predicted_ms"] = o.predicted_ms;
        ops.push_back(e);
    }
    auto& per = j["per_op"];
    per = nlohmann::json::array();
    for (const auto& o : r.op_report)
        per.push_back(toJson(o));
    j["notes"] = r.notes;
    return j;
}

LayerBenchConfig runnerLayerConfig(const gx::ModelProfile& model, const gx::Plan& plan, int layer) {
    const gx::LayerType& t = model.layer(layer);
    // The runner's layer is a dense FFN with standard attention: running an expert-sized FFN instead of
    // the MoE layer would measure a different model.
    if (t.moe.enabled() || t.mla.enabled())
        throw gx::InputError(
            "model.stacks[" + std::to_string(model.stackOf(layer)) + "].layer",
            std::string(t.moe.enabled() ? "mixture-of-experts" : "multi-latent attention") +
                " layers are not run by the engine yet (dense, standard-attention layers only)");
    const gx::LayerStrategy& s = plan.layers[std::size_t(layer)];
    // Context parallelism splits the sequence with a ring or all-to-all exchange the runner does not
    // perform: running the layer on the whole sequence would measure a different plan.
    if (s.cp > 1)
        throw gx::InputError("plan.layers[" + std::to_string(layer) + "].cp",
                             "context parallelism (cp=" + std::to_string(s.cp) +
                                 ") is not run by the engine yet");
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

int maxInFlight(gx::Schedule schedule, int pp, int stage, int num_micro) {
    int live = 0, peak = 0;
    for (const auto& st : pipelineSchedule(schedule, pp, stage, num_micro)) {
        live += st.kind == StepKind::Forward ? 1 : -1;
        peak = std::max(peak, live);
    }
    return peak;
}

namespace {
std::string gib(std::int64_t b) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f GiB", double(b) / double(1ll << 30));
    return buf;
}
} // namespace

std::string RankMemoryPlan::describe() const {
    std::ostringstream o;
    o << "weights " << gib(weights) << ", gradients " << gib(grads) << ", optimizer " << gib(optimizer)
      << ", activations " << gib(activations) << " (" << in_flight << " micro-batches in flight)";
    if (recompute)
        o << ", recompute " << gib(recompute);
    if (vocab || logits)
        o << ", embedding/head " << gib(vocab) << " + logits " << gib(logits);
    o << ", scratch " << gib(scratch) << ", buffers " << gib(boundary + gather + workspace) << ", reserve "
      << gib(reserve) << "; total " << gib(total());
    return o.str();
}

RankMemoryPlan rankMemoryPlan(const gx::ModelProfile& model, const gx::Plan& plan, int rank) {
    validateRunnablePlan(model, plan);
    if (rank < 0 || rank >= plan.gpus)
        throw gx::InputError("rank", "must be in [0, " + std::to_string(plan.gpus) + ")");
    RankMemoryPlan m;
    m.rank = rank;
    const int G = plan.stageGpus();
    m.stage = rank / G;
    m.in_flight = maxInFlight(plan.schedule, plan.pp, m.stage, plan.num_micro);
    const int l0 = plan.chunkStart(m.stage);
    const int n = plan.stage_layers[std::size_t(m.stage)];
    std::int64_t max_tokens_h = 0, recompute_set = 0;
    for (int i = l0; i < l0 + n; ++i) {
        const auto& s = plan.layers[std::size_t(i)];
        const LayerBenchConfig cfg = runnerLayerConfig(model, plan, i);
        const LayerShardDims d = layerShardDims(cfg);
        const std::int64_t p = d.params;
        m.weights += align256(p * 2);
        m.grads += align256(p * 2);
        const std::int64_t shard = (s.dp > 1 && s.dp_type != gx::DpType::DDP) ? p / s.dp : p;
        m.optimizer += 3 * align256(shard * 4);
        const std::int64_t input = align256(d.T * d.h * 2);
        if (s.ckpt == gx::Checkpoint::Full) {
            m.recompute += std::int64_t(m.in_flight) * input;
            recompute_set = std::max(recompute_set, layerStoredBytes(d));
        } else {
            m.activations += std::int64_t(m.in_flight) * layerStoredBytes(d);
        }
        m.scratch = std::max(m.scratch, layerScratchBytes(d, attentionChunkRows(d.nh, d.seq)));
        max_tokens_h = std::max(max_tokens_h, d.T * d.h);
        if (s.dp_type == gx::DpType::ZeRO3 && s.dp > 1)
            m.gather = std::max(m.gather, align256(p / s.dp * s.dp * 2));
    }
    m.recompute += recompute_set;
    // Embedding (first stage) and LM head + loss (last stage).
    const VocabShard v = vocabShard(model, plan, m.stage);
    if (v.embedding || v.head) {
        // One bf16 matrix for the rank's embedding rows and head rows, its gradient, the fp32 Adam shard.
        const std::int64_t p = v.params();
        const std::int64_t shard =
            (v.vocab_dp > 1 && plan.vocab_dp_type != gx::DpType::DDP) ? p / v.vocab_dp : p;
        m.vocab = 2 * align256(p * 2) + 3 * align256(shard * 4);
        if (v.embedding)
            m.logits += align256(v.tokens * 4); // token ids
        if (v.head) // labels; per in-flight micro-batch the head's input, its logits and row statistics
            m.logits +=
                align256(v.tokens * 4) +
                std::int64_t(m.in_flight) * (align256(v.tokens * v.hidden * 2) +
                                             align256(v.tokens * v.head_rows * 2) + align256(v.tokens * 8));
        max_tokens_h = std::max(max_tokens_h, v.tokens * v.hidden);
    }
    // Boundary messages follow the sender's last layer layout.
    auto boundary = [&](int st) {
        const int last = plan.chunkStart(st) + plan.stage_layers[std::size_t(st)] - 1;
        const LayerBenchConfig c = runnerLayerConfig(model, plan, last);
        return std::int64_t(c.micro_batch) * c.seq_len * c.hidden;
    };
    std::int64_t elems = max_tokens_h;
    if (m.stage > 0)
        elems = std::max(elems, boundary(m.stage - 1));
    if (m.stage < plan.pp - 1)
        elems = std::max(elems, boundary(m.stage));
    m.boundary = 9 * align256(elems * 2) + 256; // input, dout, recv x2, ping-pong x4, tmp; agreement slot
    m.workspace = 32ll << 20;
    // NCCL's own buffers (NCCL_BUFFSIZE 4 MiB per channel and peer, several communicators), the CUDA
    // allocator's rounding and cuBLAS internals: a fixed reserve, not allocated by the runner.
    m.reserve = 1ll << 30;
    return m;
}

VocabShard vocabShard(const gx::ModelProfile& model, const gx::Plan& plan, int stage) {
    VocabShard v;
    if (model.stacks.empty() || plan.pp < 1 || stage < 0 || stage >= plan.pp)
        return v;
    const int G = plan.stageGpus();
    v.vocab_tp = std::max(1, plan.vocab_tp);
    v.vocab_dp = std::max(1, G / v.vocab_tp);
    const auto& t = model.stacks.back().type;
    v.hidden = t.hidden;
    v.seq = t.seq_len > 0 ? t.seq_len : model.seq_len;
    v.tokens = std::int64_t(plan.microBatch() / v.vocab_dp) * v.seq;
    v.vocab = model.vocab_size;
    const std::int64_t out = model.num_classes > 0 ? model.num_classes : model.vocab_size;
    v.embedding = stage == 0 && model.vocab_size > 0;
    v.head = stage == plan.pp - 1 && out > 0;
    v.rows = (model.vocab_size + v.vocab_tp - 1) / v.vocab_tp;
    v.head_rows = (out + v.vocab_tp - 1) / v.vocab_tp;
    v.head_shares_embedding = v.embedding && v.head && model.tied_embeddings && model.num_classes == 0;
    return v;
}

void checkRankFits(const RankMemoryPlan& need, std::int64_t free_bytes, int device) {
    if (need.total() <= free_bytes)
        return;
    throw gx::InputError("plan.gpus", "rank " + std::to_string(need.rank) + " (stage " +
                                          std::to_string(need.stage) + ", GPU " + std::to_string(device) +
                                          ") needs " + gib(need.total()) + " but " + gib(free_bytes) +
                                          " are free: " + need.describe() +
                                          ". Nothing was allocated; choose a plan with more sharding, "
                                          "recompute or smaller micro-batches");
}

std::string shellQuote(const std::string& a) {
    if (!a.empty() && a.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                                          "_-./=:,+@%") == std::string::npos)
        return a;
    std::string out = "'";
    for (char c : a) {
        if (c == '\'')
            out += "'\\''";
        else
            out += c;
    }
    return out + "'";
}

std::string slurmSrunLine(const SlurmLaunch& l) {
    if (l.nodes < 1 || l.gpus_per_node < 1)
        throw gx::InputError("slurm.nodes", "nodes and GPUs per node must be at least 1");
    if (l.id_file.empty())
        throw gx::InputError("id_file", "a Slurm run needs a shared --id-file path");
    std::ostringstream o;
    o << "srun --nodes=" << l.nodes << " --ntasks-per-node=" << l.gpus_per_node
      << " --gpus-per-task=1 --kill-on-bad-exit=1 " << shellQuote(l.galvatron) << " run-plan";
    for (const auto& a : l.run_args)
        o << ' ' << shellQuote(a);
    o << " --id-file " << shellQuote(l.id_file);
    return o.str();
}

std::string slurmBatchScript(const SlurmLaunch& l) {
    const std::string srun = slurmSrunLine(l);
    // #SBATCH lines are read by sbatch, not by a shell: accept only plain values there.
    const std::pair<const char*, const std::string*> plain[] = {{"slurm.job_name", &l.job_name},
                                                                {"slurm.time_limit", &l.time_limit},
                                                                {"slurm.partition", &l.partition},
                                                                {"slurm.account", &l.account}};
    for (const auto& [field, v] : plain)
        if (v->find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.:-") !=
            std::string::npos)
            throw gx::InputError(field, "'" + *v + "' may only hold letters, digits and _ . : -");
    std::ostringstream o;
    o << "#!/bin/bash\n"
      << "#SBATCH --job-name=" << l.job_name << "\n"
      << "#SBATCH --nodes=" << l.nodes << "\n"
      << "#SBATCH --ntasks-per-node=" << l.gpus_per_node << "\n"
      << "#SBATCH --gpus-per-node=" << l.gpus_per_node << "\n"
      << "#SBATCH --time=" << l.time_limit << "\n";
    if (!l.partition.empty())
        o << "#SBATCH --partition=" << l.partition << "\n";
    if (!l.account.empty())
        o << "#SBATCH --account=" << l.account << "\n";
    o << "#SBATCH --output=%x-%j.out\n"
      << "set -euo pipefail\n"
      << "# One run-plan process per GPU: srun starts them as the tasks of one job step. Running\n"
      << "# galvatron directly here would start a single process that waits for N-1 peers.\n"
      << srun << "\n";
    return o.str();
}

std::string runKeyFromEnvironment(const std::function<const char*(const char*)>& get_env) {
    auto get = [&](const char* n) -> std::string {
        const char* v = get_env ? get_env(n) : std::getenv(n);
        return v ? std::string(v) : std::string();
    };
    if (auto v = get("GX_RUN_ID"); !v.empty())
        return v;
    if (auto job = get("SLURM_JOB_ID"); !job.empty()) {
        auto step = get("SLURM_STEP_ID");
        return "slurm-" + job + (step.empty() ? "" : "." + step);
    }
    if (auto v = get("PMIX_NAMESPACE"); !v.empty())
        return "pmix-" + v;
    if (auto v = get("OMPI_MCA_orte_ess_jobid"); !v.empty())
        return "ompi-" + v;
    if (auto v = get("TORCHELASTIC_RUN_ID"); !v.empty() && v != "none")
        return "torchrun-" + v;
    if (auto v = get("PMI_KVSNAME"); !v.empty())
        return "pmi-" + v;
    return {};
}

std::string runIdFile(const std::string& id_file, const std::string& key) {
    if (id_file.empty())
        throw gx::InputError("id_file",
                             "multi-process runs need a shared file path (--id-file or GX_NCCL_ID_FILE)");
    if (key.empty())
        throw gx::InputError(
            "run_key", "no job identity in the environment (SLURM_JOB_ID, PMIX_NAMESPACE, "
                       "TORCHELASTIC_RUN_ID via torchrun --rdzv-id, ...): set GX_RUN_ID to the same "
                       "fresh value on every rank (e.g. GX_RUN_ID=$(date +%s)) or pass --run-id, so that "
                       "a later run cannot read this run's NCCL id");
    std::string safe;
    for (char c : key)
        safe += (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-') ? c : '_';
    return id_file + "." + safe;
}

} // namespace gx::engine
