// SPDX-License-Identifier: Apache-2.0
// `galvatron profile` and `galvatron run-plan`: the engine's command-line front end (built only when
// the CUDA engine is, GX_HAVE_ENGINE).
//
//   galvatron profile [--model M] [--base C] [--out profile.json] [--results raw.json] [--quick]
//                     [--only gemm,layer,hbm,nccl] [--dtypes bf16,fp8] [--inventory]
//   galvatron run-plan --model M --cluster C --plan P.json [--iterations N] [--warmup N]
//                      [--id-file F] [--json]
// Ctrl-C cancels a running profile or plan run (the profilers poll the flag between measurements).
// app/CMakeLists.txt compiles every cli/*.cpp; without the CUDA engine this file is empty.
#ifdef GX_HAVE_ENGINE

#include "cli/cli.h"
#include "cli/cli_common.h"

#include "gx/engine/engine.h"
#include "gx/engine/logic.h"
#include "gx/engine/plan_runner.h"
#include "gx/error.h"
#include "gx/presets.h"
#include "gx/profile_io.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QSaveFile>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <iomanip>
#include <ostream>
#include <sstream>

namespace gx::cli {

namespace {

std::atomic<bool> g_cancel{false};

extern "C" void onSigint(int) {
    g_cancel.store(true);
}

/// Installs the Ctrl-C handler for the lifetime of a command.
struct SigintGuard {
    using Handler = void (*)(int);
    Handler old;
    SigintGuard() {
        g_cancel.store(false);
        old = std::signal(SIGINT, onSigint);
    }
    ~SigintGuard() { std::signal(SIGINT, old); }
};

engine::JobContext progressTo(std::ostream& err) {
    engine::JobContext ctx;
    ctx.cancel = &g_cancel;
    ctx.progress = [&err, last = std::string()](double f, const std::string& m) mutable {
        if (m == last)
            return;
        last = m;
        err << "[" << std::setw(3) << int(f * 100.0 + 0.5) << "%] " << m << "\n" << std::flush;
    };
    return ctx;
}

std::string joinArgs(const QStringList& args) {
    QStringList a = args;
    if (!a.isEmpty())
        a[0] = QStringLiteral("galvatron profile");
    return a.join(QLatin1Char(' ')).toStdString();
}

engine::LayerBenchConfig layerFromModel(const ModelProfile& m) {
    if (m.stacks.empty())
        throw InputError("--model", "the model has no layers");
    const LayerType& t = m.stacks.front().type;
    if (t.moe.enabled() || t.mla.enabled())
        throw InputError("--model",
                         std::string(t.moe.enabled() ? "mixture-of-experts" : "multi-latent attention") +
                             " layers are not benchmarked by the engine yet (dense, standard-attention "
                             "layers only)");
    engine::LayerBenchConfig c;
    c.hidden = t.hidden;
    c.ffn_hidden = t.ffn_hidden;
    c.heads = t.heads;
    c.kv_heads = t.kv_heads > 0 ? t.kv_heads : t.heads;
    c.seq_len = t.seq_len > 0 ? t.seq_len : m.seq_len;
    c.gated_ffn = t.gated_ffn;
    c.rms_norm = !t.bias;
    c.causal = t.kind == BlockKind::Decoder;
    return c;
}

} // namespace

int cmdProfile(const QStringList& args, std::ostream& out, std::ostream& err) {
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Measures the local GPUs (device inventory, GEMM throughput, Transformer layer forward+backward, "
        "HBM bandwidth, NCCL collectives) and writes a measured cluster profile."));
    p.addOption(
        {QStringLiteral("model"),
         QStringLiteral("Model whose layer shapes are profiled (preset or JSON; default: LLaMA-7B-like)."),
         QStringLiteral("M")});
    p.addOption(
        {QStringLiteral("base"),
         QStringLiteral("Cluster preset/JSON supplying what is not measured (inter-node link, host memory)."),
         QStringLiteral("C")});
    p.addOption({QStringLiteral("out"), QStringLiteral("Write the measured cluster profile JSON here."),
                 QStringLiteral("profile.json")});
    p.addOption({QStringLiteral("results"), QStringLiteral("Write the raw measurements JSON here."),
                 QStringLiteral("results.json")});
    p.addOption({QStringLiteral("only"),
                 QStringLiteral("Comma list of gemm, layer, hbm, nccl (default: all)."),
                 QStringLiteral("LIST")});
    p.addOption({QStringLiteral("dtypes"),
                 QStringLiteral("GEMM dtypes: bf16, fp16, fp8 (default: bf16,fp8)."),
                 QStringLiteral("LIST")});
    p.addOption({QStringLiteral("quick"), QStringLiteral("Fewer sizes and repetitions.")});
    p.addOption(
        {QStringLiteral("inventory"), QStringLiteral("Print the device inventory as JSON and stop.")});
    if (auto rc = parseOrExit(p, args, out, err))
        return *rc;

    if (p.isSet(QStringLiteral("inventory"))) {
        const engine::Inventory inv = engine::queryInventory();
        out << engine::toJson(inv).dump(2) << "\n";
        return inv.available ? 0 : 1;
    }

    engine::FullProfileOptions o;
    o.command = joinArgs(args);
    if (p.isSet(QStringLiteral("model")))
        o.layer.base = layerFromModel(resolveModel(p.value(QStringLiteral("model")).toStdString()));
    if (p.isSet(QStringLiteral("only"))) {
        o.run_gemm = o.run_layer = o.run_hbm = o.run_collectives = false;
        for (const QString& s : p.value(QStringLiteral("only")).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const QString t = s.trimmed().toLower();
            if (t == QLatin1String("gemm"))
                o.run_gemm = true;
            else if (t == QLatin1String("layer"))
                o.run_layer = true;
            else if (t == QLatin1String("hbm"))
                o.run_hbm = true;
            else if (t == QLatin1String("nccl"))
                o.run_collectives = true;
            else
                throw InputError("--only",
                                 "unknown part '" + s.toStdString() + "'; expected gemm, layer, hbm or nccl");
        }
    }
    o.gemm.dtypes.clear();
    const QString dtypes =
        p.isSet(QStringLiteral("dtypes")) ? p.value(QStringLiteral("dtypes")) : QStringLiteral("bf16,fp8");
    for (const QString& s : dtypes.split(QLatin1Char(','), Qt::SkipEmptyParts))
        o.gemm.dtypes.push_back(engine::dtypeFromName(s.trimmed().toStdString(), "--dtypes"));
    if (p.isSet(QStringLiteral("quick"))) {
        o.gemm.iters = 10;
        o.layer.iters = 5;
        o.layer.micro_batches = {1};
        o.hbm.sizes = {std::int64_t(1) << 28};
        o.collectives.max_bytes = std::int64_t(1) << 26;
        o.collectives.iters = 5;
    }
    ClusterProfile base;
    if (p.isSet(QStringLiteral("base")))
        base = resolveCluster(p.value(QStringLiteral("base")).toStdString());
    base.name.clear();

    const std::string why = engine::noDeviceReason();
    if (!why.empty()) {
        err << "error: no CUDA device: " << why << "\n";
        return 1;
    }
    SigintGuard guard;
    engine::ProfileResults r;
    try {
        r = engine::profileAll(o, progressTo(err));
    } catch (const engine::Cancelled&) {
        err << "cancelled\n";
        return 1;
    }
    // FP8 is only measured where supported: note it when asked for on an older GPU.
    const ClusterProfile c = engine::toClusterProfile(r, base);
    out << "device        " << c.gpu.name << " x" << c.gpus_per_node << "\n"
        << "driver        " << (c.provenance.count("driver") ? c.provenance.at("driver") : "?") << "\n"
        << "peak bf16     " << c.gpu.peak_tflops_bf16 << " TFLOP/s\n"
        << "gemm eff.     " << c.gpu.gemm_efficiency << "\n"
        << "HBM           " << c.gpu.hbm_bandwidth_gbs << " GB/s\n";
    for (const auto& g : r.gemms)
        out << "gemm " << engine::toString(g.dtype) << " " << g.shape.name << " " << g.shape.m << "x"
            << g.shape.n << "x" << g.shape.k << ": " << g.tflops << " TFLOP/s\n";
    for (const auto& l : r.layers)
        out << "layer b=" << l.config.micro_batch << " s=" << l.config.seq_len << ": fwd " << l.fwd_ms
            << " ms, bwd " << l.bwd_ms << " ms (" << l.tflops << " TFLOP/s)\n";
    for (const auto& m : c.measured)
        out << engine::collectiveName(m.op) << " n=" << m.group_size << ": latency " << m.latency_us
            << " us, peak busbw " << (m.bytes_to_busbw_gbs.empty() ? 0.0 : m.bytes_to_busbw_gbs.back().second)
            << " GB/s\n";
    if (p.isSet(QStringLiteral("out"))) {
        writeJsonFile(p.value(QStringLiteral("out")).toStdString(), toJson(c));
        out << "wrote " << p.value(QStringLiteral("out")).toStdString() << "\n";
    }
    if (p.isSet(QStringLiteral("results"))) {
        writeJsonFile(p.value(QStringLiteral("results")).toStdString(), engine::toJson(r));
        out << "wrote " << p.value(QStringLiteral("results")).toStdString() << "\n";
    }
    return 0;
}

namespace {
/// `run-plan --slurm-script F`: the same run-plan arguments behind `srun`, in an sbatch script.
int writeSlurmScript(const QCommandLineParser& p, const QStringList& args, const Plan& plan,
                     const ClusterProfile& cluster, std::ostream& out) {
    engine::SlurmLaunch l;
    l.gpus_per_node = p.isSet(QStringLiteral("gpus-per-node"))
                          ? positiveInt(p, QStringLiteral("gpus-per-node"))
                          : std::min(plan.gpus, cluster.gpus_per_node);
    if (plan.gpus % l.gpus_per_node != 0)
        throw InputError("--gpus-per-node", "must divide the plan's " + std::to_string(plan.gpus) + " GPUs");
    l.nodes = plan.gpus / l.gpus_per_node;
    if (!p.isSet(QStringLiteral("id-file")))
        throw InputError("--id-file", "a Slurm run needs a path on a file system all nodes share");
    l.id_file = p.value(QStringLiteral("id-file")).toStdString();
    l.partition = p.value(QStringLiteral("partition")).toStdString();
    l.account = p.value(QStringLiteral("account")).toStdString();
    // Pass every other argument through; drop the ones that only shape the script.
    const QStringList skip = {QStringLiteral("slurm-script"), QStringLiteral("gpus-per-node"),
                              QStringLiteral("partition"), QStringLiteral("account"),
                              QStringLiteral("id-file")};
    for (int i = 1; i < args.size(); ++i) {
        const QString a = args.at(i);
        QString name = a;
        while (name.startsWith(QLatin1Char('-')))
            name.remove(0, 1);
        const bool inline_value = name.contains(QLatin1Char('='));
        name = name.section(QLatin1Char('='), 0, 0);
        if (a.startsWith(QLatin1Char('-')) && skip.contains(name)) {
            if (!inline_value)
                ++i; // its value
            continue;
        }
        l.run_args.push_back(a.toStdString());
    }
    const std::string script = engine::slurmBatchScript(l);
    const QString file = p.value(QStringLiteral("slurm-script"));
    QSaveFile f(file);
    if (!f.open(QIODevice::WriteOnly) ||
        f.write(script.data(), qint64(script.size())) != qint64(script.size()) || !f.commit())
        throw InputError("--slurm-script", "cannot write '" + file.toStdString() + "'");
    QFile::setPermissions(file, QFile::permissions(file) | QFileDevice::ExeOwner | QFileDevice::ExeUser);
    out << "wrote " << file.toStdString() << ": " << l.nodes << " node(s) x " << l.gpus_per_node
        << " GPUs; submit it with `sbatch " << engine::shellQuote(file.toStdString()) << "`\n";
    return 0;
}
} // namespace

int cmdRunPlan(const QStringList& args, std::ostream& out, std::ostream& err) {
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Runs a plan's synthetic training step on the local GPUs (one thread per GPU, or one process per GPU "
        "under mpirun/srun/torchrun) and prints measured iteration time and peak memory next to the "
        "cost model's prediction."));
    addProfileOptions(p);
    p.addOption({QStringLiteral("plan"),
                 QStringLiteral("Plan JSON (as written by `galvatron search --out`)."),
                 QStringLiteral("P.json")});
    p.addOption(
        {QStringLiteral("iterations"), QStringLiteral("Timed iterations (default 3)."), QStringLiteral("N")});
    p.addOption({QStringLiteral("warmup"), QStringLiteral("Untimed iterations first (default 1)."),
                 QStringLiteral("N")});
    p.addOption({QStringLiteral("id-file"),
                 QStringLiteral("Shared file for the NCCL id in multi-process runs (or GX_NCCL_ID_FILE)."),
                 QStringLiteral("F")});
    p.addOption({QStringLiteral("run-id"),
                 QStringLiteral("Key shared by the ranks of this run, different for every run (or GX_RUN_ID; "
                                "default: the launcher's job id). The NCCL id file is <id-file>.<run-id>."),
                 QStringLiteral("K")});
    p.addOption({QStringLiteral("timeout"),
                 QStringLiteral("Seconds any single wait (communicator setup, one iteration) may take before "
                                "the run is aborted on every rank (default 600)."),
                 QStringLiteral("S")});
    p.addOption({QStringLiteral("slurm-script"),
                 QStringLiteral("Write an sbatch script that starts this run with srun (one process per GPU) "
                                "instead of running. Needs --id-file on a shared file system."),
                 QStringLiteral("F.sbatch")});
    p.addOption({QStringLiteral("gpus-per-node"),
                 QStringLiteral("With --slurm-script: GPUs (processes) per node (default: the cluster's)."),
                 QStringLiteral("N")});
    p.addOption({QStringLiteral("partition"), QStringLiteral("With --slurm-script: Slurm partition."),
                 QStringLiteral("P")});
    p.addOption({QStringLiteral("account"), QStringLiteral("With --slurm-script: Slurm account."),
                 QStringLiteral("A")});
    p.addOption({QStringLiteral("json"), QStringLiteral("Print JSON instead of text.")});
    if (auto rc = parseOrExit(p, args, out, err))
        return *rc;
    if (!p.isSet(QStringLiteral("plan")))
        throw InputError("--plan",
                         "a plan JSON file is required (write one with `galvatron search --out plan.json`)");
    const Plan plan = loadPlanFile(p.value(QStringLiteral("plan")).toStdString());
    ModelProfile model = modelFromOptions(p, &err);
    followPlanSeqLen(p, plan, model, err);
    const ClusterProfile cluster = clusterFromOptions(p);
    engine::PlanRunOptions o;
    if (p.isSet(QStringLiteral("iterations")))
        o.iterations = positiveInt(p, QStringLiteral("iterations"));
    if (p.isSet(QStringLiteral("warmup"))) {
        bool ok = false;
        o.warmup_iterations = p.value(QStringLiteral("warmup")).toInt(&ok);
        if (!ok || o.warmup_iterations < 0)
            throw InputError("--warmup", "expected a non-negative integer");
    }
    o.id_file = p.value(QStringLiteral("id-file")).toStdString();
    o.run_key = p.value(QStringLiteral("run-id")).toStdString();
    if (p.isSet(QStringLiteral("timeout"))) {
        bool ok = false;
        o.timeout_s = p.value(QStringLiteral("timeout")).toDouble(&ok);
        if (!ok || !(o.timeout_s > 0))
            throw InputError("--timeout", "expected a positive number of seconds");
    }
    engine::validateRunnablePlan(model, plan);
    if (p.isSet(QStringLiteral("slurm-script")))
        return writeSlurmScript(p, args, plan, cluster, out);

    engine::PlanRunResult r;
    std::string run_error;
    {
        SigintGuard guard;
        try {
            r = engine::runPlan(model, plan, cluster, o, progressTo(err));
        } catch (const engine::Cancelled&) {
            run_error = "cancelled";
        } catch (const engine::EngineError& e) {
            run_error = e.what();
        }
    }
    if (!run_error.empty()) {
        // Still show what the model predicts.
        r.gpus = plan.gpus;
        engine::fillPrediction(r, model, plan, cluster);
        r.notes = engine::planRunNotes(model, plan);
        for (int rank = 0; rank < plan.gpus; ++rank)
            r.planned_rank_bytes =
                std::max(r.planned_rank_bytes, engine::rankMemoryPlan(model, plan, rank).allocated());
    }
    if (p.isSet(QStringLiteral("json"))) {
        const nlohmann::json j = engine::toJson(r, run_error);
        out << j.dump(2) << "\n";
    } else {
        const double gib = double(1ll << 30);
        out << std::fixed << std::setprecision(2);
        out << "plan          " << plan.gpus << " GPUs, pp " << plan.pp << ", " << plan.num_micro
            << " micro-batches of " << plan.microBatch() << "\n";
        out << "              " << std::setw(12) << "measured" << std::setw(12) << "predicted"
            << "\n";
        out << "iteration ms  " << std::setw(12)
            << (run_error.empty() ? std::to_string(r.measured_iteration_ms).substr(0, 10) : std::string("-"))
            << std::setw(12) << (r.have_prediction ? r.predicted_iteration_ms : 0.0) << "\n";
        out << "peak GiB      " << std::setw(12)
            << (run_error.empty() ? std::to_string(double(r.measured_peak_bytes) / gib).substr(0, 10)
                                  : std::string("-"))
            << std::setw(12) << (r.have_prediction ? r.predicted_peak_bytes / gib : 0.0) << "\n";
        if (run_error.empty()) {
            out << "run GiB       " << std::setw(12) << double(r.measured_run_bytes) / gib
                << "  (peak minus memory in use before the run)\n";
            out << "plan GiB      " << std::setw(12) << double(r.measured_plan_bytes) / gib << std::setw(12)
                << double(r.planned_rank_bytes) / gib << "  (the runner's own allocations vs its plan)\n";
        }
        if (!r.ops.empty()) {
            out << "per iteration, max over ranks:\n";
            for (const auto& o : r.ops) {
                out << "  " << std::left << std::setw(12) << o.op << std::right << std::setw(12);
                if (o.measured_ms >= 0)
                    out << o.measured_ms;
                else
                    out << "-";
                out << std::setw(12);
                if (o.predicted_ms >= 0)
                    out << o.predicted_ms;
                else
                    out << "-";
                out << " ms\n";
            }
        }
        if (!r.op_report.empty())
            out << "per op (" << r.op_report.size()
                << " ops, measured vs predicted): see --json, \"per_op\"\n";
        if (r.planned_rank_bytes > 0)
            out << "runner buffers " << double(r.planned_rank_bytes) / gib << " GiB on the largest rank\n";
        if (!r.have_prediction)
            out << "prediction unavailable: " << r.prediction_error << "\n";
        for (const auto& n : r.notes)
            out << "note: " << n << "\n";
    }
    if (!run_error.empty()) {
        err << "error: " << run_error << "\n";
        return 1;
    }
    return 0;
}

} // namespace gx::cli

#endif // GX_HAVE_ENGINE
