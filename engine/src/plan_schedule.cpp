// Galvatron Explorer engine - GPU-free parts of the plan runner: rank groups, pipeline schedules,
// launcher environment, prediction through gx::CostModel.
#include "gx/engine/plan_runner.h"

#include "gx/cost_model.h"
#include "gx/error.h"

#include <cstdlib>
#include <set>

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
    if (pp < 1)
        throw gx::InputError("plan.pp", "must be at least 1");
    if (stage < 0 || stage >= pp)
        throw gx::InputError("stage", "must be in [0, pp)");
    if (m < 1)
        throw gx::InputError("plan.num_micro", "must be at least 1");
    std::vector<PipelineStep> steps;
    switch (schedule) {
    case gx::Schedule::GPipe:
        for (int i = 0; i < m; ++i)
            steps.push_back({StepKind::Forward, i});
        for (int i = 0; i < m; ++i)
            steps.push_back({StepKind::Backward, i});
        break;
    case gx::Schedule::OneFOneB: {
        const int warm = std::min(pp - stage - 1, m);
        for (int i = 0; i < warm; ++i)
            steps.push_back({StepKind::Forward, i});
        for (int j = 0; j < m - warm; ++j) {
            steps.push_back({StepKind::Forward, warm + j});
            steps.push_back({StepKind::Backward, j});
        }
        for (int j = m - warm; j < m; ++j)
            steps.push_back({StepKind::Backward, j});
        break;
    }
    case gx::Schedule::Interleaved:
        throw gx::InputError("plan.schedule", "the plan runner does not run interleaved schedules yet");
    }
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
        {"slurm", "SLURM_PROCID", "SLURM_NTASKS", "SLURM_LOCALID", "SLURM_NTASKS_PER_NODE"},
        {"pmi", "PMI_RANK", "PMI_SIZE", "MPI_LOCALRANKID", "MPI_LOCALNRANKS"},
    };
    LaunchEnv env;
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
        // SLURM_NTASKS_PER_NODE may read "4(x2)"; keep the leading number.
        if (lw) {
            std::string v(lw);
            const auto p = v.find('(');
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
}

std::vector<std::string> planRunNotes(const gx::ModelProfile& model, const gx::Plan& plan) {
    std::vector<std::string> notes;
    notes.push_back("embedding and LM head are not run (the prediction includes them)");
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

void fillPrediction(PlanRunResult& r, const gx::ModelProfile& model, const gx::Plan& plan,
                    const gx::ClusterProfile& cluster) {
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

} // namespace gx::engine
