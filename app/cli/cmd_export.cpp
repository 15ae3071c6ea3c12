// SPDX-License-Identifier: Apache-2.0
// `galvatron export --plan P.json --format F`: a plan as Megatron-LM / DeepSpeed / torchtitan /
// Hetu-Galvatron / torchrun / Slurm input. `galvatron hetu import-strategy|import-hardware`: the reverse
// direction for Hetu-Galvatron files.
#include "cli/cli.h"
#include "cli/cli_common.h"

#include "gx/error.h"
#include "gx/exporters.h"
#include "gx/file_io.h"
#include "gx/hetu.h"
#include "gx/hetu_profile.h"
#include "gx/presets.h"
#include "gx/profile_io.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace gx::cli {

namespace {

QString formatIds() {
    QStringList ids;
    for (const auto& f : exportFormats())
        ids << QString::fromLatin1(f.id);
    return ids.join(QLatin1Char('|'));
}

/// --model / --cluster if given, else the names recorded in the plan, else the defaults.
ModelProfile planModel(const QCommandLineParser& p, const Plan& plan, std::ostream& err) {
    ModelProfile m;
    if (!p.isSet(QStringLiteral("model")) && !plan.model.empty()) {
        m = resolveModel(plan.model);
        applySeqLen(p, m);
    } else {
        m = modelFromOptions(p, &err);
    }
    followPlanSeqLen(p, plan, m, err);
    return m;
}

ClusterProfile planCluster(const QCommandLineParser& p, const Plan& plan) {
    if (!p.isSet(QStringLiteral("cluster")) && !plan.cluster.empty())
        return resolveCluster(plan.cluster);
    return clusterFromOptions(p);
}

void writeOut(const QCommandLineParser& p, const std::string& text, std::ostream& out) {
    if (!p.isSet(QStringLiteral("out"))) {
        out << text;
        return;
    }
    // Temporary file + fsync + rename: a failed write (full disk, /dev/full) is an error and never
    // leaves a truncated file behind.
    const std::string file = p.value(QStringLiteral("out")).toStdString();
    try {
        writeFileAtomic(file, text);
    } catch (const InputError& e) {
        throw InputError("--out", e.reason() + " ('" + file + "')");
    }
}

int intOption(const QCommandLineParser& p, const QString& name, int def) {
    return p.isSet(name) ? positiveInt(p, name) : def;
}

} // namespace

int cmdExport(const QStringList& args, std::ostream& out, std::ostream& err) {
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Exports a plan for a training framework or launcher. A plan using something the "
        "format cannot express is refused with the reason (search with --target for that "
        "framework); --lossy writes the approximation and lists it on stderr as 'unsupported:'."));
    addProfileOptions(p);
    addRuntimeOptions(p);
    p.addOption({QStringLiteral("plan"), QStringLiteral("Plan JSON (galvatron search --out)."),
                 QStringLiteral("P.json")});
    p.addOption({QStringLiteral("format"), QStringLiteral("Export format: %1.").arg(formatIds()),
                 QStringLiteral("F")});
    p.addOption(
        {QStringLiteral("out"), QStringLiteral("Write to FILE instead of stdout."), QStringLiteral("FILE")});
    p.addOption({QStringLiteral("nodes"),
                 QStringLiteral("Launcher: number of nodes (default: from the plan)."), QStringLiteral("N")});
    p.addOption({QStringLiteral("gpus-per-node"),
                 QStringLiteral("Launcher: GPUs per node (default: the cluster's)."), QStringLiteral("G")});
    p.addOption(
        {QStringLiteral("master-addr"), QStringLiteral("torchrun rendezvous host."), QStringLiteral("HOST")});
    p.addOption({QStringLiteral("master-port"), QStringLiteral("torchrun rendezvous port (default 29500)."),
                 QStringLiteral("PORT")});
    p.addOption({QStringLiteral("partition"), QStringLiteral("Slurm partition."), QStringLiteral("P")});
    p.addOption({QStringLiteral("account"), QStringLiteral("Slurm account."), QStringLiteral("A")});
    p.addOption({QStringLiteral("container"), QStringLiteral("Slurm: container image (pyxis)."),
                 QStringLiteral("IMAGE")});
    p.addOption({QStringLiteral("script"), QStringLiteral("Training entry point (default pretrain_gpt.py)."),
                 QStringLiteral("PY")});
    p.addOption({QStringLiteral("data-path"), QStringLiteral("Dataset path (default $DATA_PATH)."),
                 QStringLiteral("PATH")});
    p.addOption({QStringLiteral("train-iters"), QStringLiteral("Training iterations."), QStringLiteral("N")});
    p.addOption({QStringLiteral("fp16"), QStringLiteral("fp16 instead of bf16.")});
    p.addOption({QStringLiteral("save-interval"),
                 QStringLiteral("Checkpoint every N iterations (Megatron --save-interval, torchtitan "
                                "checkpoint.interval; default 1000)."),
                 QStringLiteral("N")});
    p.addOption({QStringLiteral("lossy"),
                 QStringLiteral("When the plan uses something the format cannot express, write the closest "
                                "approximation (listed as 'unsupported:') instead of refusing.")});
    p.addOption({QStringLiteral("torchtitan-version"),
                 QStringLiteral("torchtitan release: 0.2 (default: command line on a --module/--config base) "
                                "or 0.1 (TOML job file)."),
                 QStringLiteral("V")});
    p.addOption({QStringLiteral("torchtitan-module"),
                 QStringLiteral("torchtitan --module holding the base config (default: from the model)."),
                 QStringLiteral("M")});
    p.addOption({QStringLiteral("torchtitan-config"),
                 QStringLiteral("torchtitan --config function (default: from the model)."),
                 QStringLiteral("F")});
    if (auto rc = parseOrExit(p, args, out, err))
        return *rc;
    if (!p.isSet(QStringLiteral("plan")))
        throw InputError("--plan",
                         "a plan JSON file is required (write one with `galvatron search --out plan.json`)");
    if (!p.isSet(QStringLiteral("format")))
        throw InputError("--format", "required; one of " + formatIds().toStdString());
    const ExportFormat format = exportFormatFromString(p.value(QStringLiteral("format")).toStdString());
    Plan plan = loadPlanFile(p.value(QStringLiteral("plan")).toStdString());
    const ModelProfile model = planModel(p, plan, err);
    const ClusterProfile cluster = planCluster(p, plan);

    ExportOptions o;
    // As in `estimate`: the plan's runtime and precision unless --runtime / --precision are given; the
    // ones used are recorded in the export (plan JSON, header) and cost its predicted figures.
    if (p.isSet(QStringLiteral("runtime"))) {
        o.runtime = runtimeFromOptions(p);
        plan.runtime = o.runtime->name;
    }
    if (p.isSet(QStringLiteral("precision"))) {
        plan.precision =
            precisionFromString(p.value(QStringLiteral("precision")).toStdString(), "--precision");
        if (p.isSet(QStringLiteral("fp16")) && plan.precision != Precision::FP16)
            throw InputError("--fp16", std::string("contradicts --precision ") + toString(plan.precision));
    }
    if (p.isSet(QStringLiteral("runtime")) || p.isSet(QStringLiteral("precision"))) {
        // The runtime that trains the plan must support its precision (as for search and estimate).
        RuntimeProfile rt = o.runtime ? *o.runtime : RuntimeProfile{};
        bool known = o.runtime.has_value();
        if (!known && !plan.runtime.empty()) {
            try {
                rt = resolveRuntime(plan.runtime);
                known = true;
            } catch (const InputError&) {
                // a runtime file recorded by name only: nothing to check it against
            }
        }
        if (known)
            checkPrecision(plan.precision, rt, cluster);
        else if (plan.precision == Precision::FP8 && cluster.gpu.peak_tflops_fp8 <= 0) {
            RuntimeProfile any_fp8;
            any_fp8.supports_fp8 = true;
            checkPrecision(plan.precision, any_fp8, cluster);
        }
    }
    o.nodes = intOption(p, QStringLiteral("nodes"), 0);
    o.gpus_per_node = intOption(p, QStringLiteral("gpus-per-node"), 0);
    o.master_port = intOption(p, QStringLiteral("master-port"), o.master_port);
    if (p.isSet(QStringLiteral("master-addr")))
        o.master_addr = p.value(QStringLiteral("master-addr")).toStdString();
    if (p.isSet(QStringLiteral("partition")))
        o.partition = p.value(QStringLiteral("partition")).toStdString();
    if (p.isSet(QStringLiteral("account")))
        o.account = p.value(QStringLiteral("account")).toStdString();
    if (p.isSet(QStringLiteral("container")))
        o.container = p.value(QStringLiteral("container")).toStdString();
    if (p.isSet(QStringLiteral("script")))
        o.script = p.value(QStringLiteral("script")).toStdString();
    if (p.isSet(QStringLiteral("data-path")))
        o.data_path = p.value(QStringLiteral("data-path")).toStdString();
    o.train_iters = intOption(p, QStringLiteral("train-iters"), 0);
    o.bf16 = !p.isSet(QStringLiteral("fp16")) && plan.precision != Precision::FP16;
    o.save_interval = intOption(p, QStringLiteral("save-interval"), o.save_interval);
    o.lossy = p.isSet(QStringLiteral("lossy"));
    if (p.isSet(QStringLiteral("torchtitan-version")))
        o.torchtitan_version = p.value(QStringLiteral("torchtitan-version")).toStdString();
    if (p.isSet(QStringLiteral("torchtitan-module")))
        o.torchtitan_module = p.value(QStringLiteral("torchtitan-module")).toStdString();
    if (p.isSet(QStringLiteral("torchtitan-config")))
        o.torchtitan_config = p.value(QStringLiteral("torchtitan-config")).toStdString();

    const ExportResult r = exportPlan(plan, model, cluster, format, o);
    writeOut(p, r.text, out);
    for (const auto& w : r.warnings)
        err << "warning: " << w << "\n";
    for (const auto& u : r.unsupported)
        err << "unsupported: " << u << "\n";
    if (p.isSet(QStringLiteral("out")))
        err << "wrote " << p.value(QStringLiteral("out")).toStdString() << " ("
            << exportFormatInfo(format).display_name << ")\n";
    return 0;
}

int cmdHetu(const QStringList& args, std::ostream& out, std::ostream& err) {
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Imports Hetu-Galvatron files as Galvatron Explorer JSON.\n"
        "  import-strategy F.json --model M [--gpus N]   strategy JSON -> plan JSON (model: gx_model if "
        "present)\n"
        "  import-hardware DIR [--cluster C]              hardware_configs folder -> cluster JSON\n"
        "  import-profile COMP.json [--memory MEM.json] --model M --cluster C [--runtime R] [--out-dir D]\n"
        "                                                 measured model profiles -> fitted GPU + runtime"));
    addRuntimeOptions(p);
    p.addOption(
        {QStringLiteral("memory"),
         QStringLiteral(
             "import-profile: Hetu-Galvatron memory profile JSON (with a computation profile as path, "
             "or alone)."),
         QStringLiteral("MEM.json")});
    p.addOption({QStringLiteral("out-dir"),
                 QStringLiteral("import-profile: write the fitted cluster and runtime JSON files here."),
                 QStringLiteral("DIR")});
    addProfileOptions(p);
    p.addPositionalArgument(QStringLiteral("action"), QStringLiteral("import-strategy or import-hardware"));
    p.addPositionalArgument(QStringLiteral("path"),
                            QStringLiteral("strategy JSON file or hardware directory"));
    p.addOption({QStringLiteral("gpus"),
                 QStringLiteral("import-strategy: number of GPUs (Hetu's JSON does not store it; default: "
                                "gx_world_size in the file, else the cluster's GPUs)."),
                 QStringLiteral("N")});
    p.addOption(
        {QStringLiteral("out"), QStringLiteral("Write to FILE instead of stdout."), QStringLiteral("FILE")});
    if (auto rc = parseOrExit(p, args, out, err))
        return *rc;
    const QStringList pos = p.positionalArguments();
    if (pos.size() != 2) {
        err << "usage: galvatron hetu import-strategy F.json --model M [--gpus N]\n"
               "       galvatron hetu import-hardware DIR [--cluster C]\n";
        return 2;
    }
    const std::string action = pos.at(0).toStdString();
    const std::string path = pos.at(1).toStdString();
    if (action == "import-profile") {
        HetuModelProfile prof;
        readHetuModelProfile(path, prof);
        if (p.isSet(QStringLiteral("memory")))
            readHetuModelProfile(p.value(QStringLiteral("memory")).toStdString(), prof);
        // Galvatron's own runtime unless another is named.
        const RuntimeProfile rt =
            p.isSet(QStringLiteral("runtime")) ? runtimeFromOptions(p) : resolveRuntime("hetu-galvatron");
        const HetuProfileFit fit = fitHetuModelProfile(prof, modelFromOptions(p), clusterFromOptions(p), rt);
        for (const auto& l : fit.lines)
            out << "  " << l << "\n";
        out << "forward times: " << fit.time_points << " points, median |error| "
            << 100 * fit.time_error_before << "% -> " << 100 * fit.time_error_after << "% (gemm_efficiency "
            << fit.cluster.gpu.gemm_efficiency << ", gemm_half_saturation "
            << fit.cluster.gpu.gemm_half_saturation << ")\n";
        out << "activations:   " << fit.memory_points << " points, median |error| "
            << 100 * fit.memory_error_before << "% -> " << 100 * fit.memory_error_after
            << "% (activation_extra_h " << fit.runtime.activation_extra_h << ")\n";
        if (p.isSet(QStringLiteral("out-dir"))) {
            const std::string dir = p.value(QStringLiteral("out-dir")).toStdString();
            writeJsonFile(dir + "/cluster.json", toJson(fit.cluster));
            writeJsonFile(dir + "/runtime.json", toJson(fit.runtime));
            out << "wrote " << dir << "/cluster.json and " << dir << "/runtime.json\n";
        }
        return 0;
    }
    if (action == "import-strategy") {
        int world = p.isSet(QStringLiteral("gpus")) ? positiveInt(p, QStringLiteral("gpus")) : 0;
        const nlohmann::json j = readJsonFile(path);
        // Files written by `galvatron export --format hetu` name their model in "gx_model".
        const bool named = !p.isSet(QStringLiteral("model")) && j.is_object() && j.contains("gx_model") &&
                           j.at("gx_model").is_string();
        const ModelProfile model =
            named ? resolveModel(j.at("gx_model").get<std::string>()) : modelFromOptions(p);
        if (world == 0 && !(j.is_object() && j.contains("gx_world_size")))
            world = clusterFromOptions(p).totalGpus();
        std::vector<std::string> notes;
        Plan plan = planFromHetuStrategy(j, model, world, &notes, path);
        if (p.isSet(QStringLiteral("cluster")))
            plan.cluster = clusterFromOptions(p).name;
        writeOut(p, toJson(plan).dump(2) + "\n", out);
        for (const auto& n : notes)
            err << "note: " << n << "\n";
        return 0;
    }
    if (action == "import-hardware") {
        ClusterProfile base = clusterFromOptions(p);
        const ClusterProfile c = loadHetuHardwareDir(path, base);
        writeOut(p, toJson(c).dump(2) + "\n", out);
        err << "imported " << c.measured.size() << " measured collectives for " << c.nodes << " x "
            << c.gpus_per_node << " GPUs, overlap_efficiency " << c.overlap_efficiency << "\n";
        return 0;
    }
    throw InputError("action",
                     "unknown hetu action '" + action + "'; expected import-strategy or import-hardware");
}

} // namespace gx::cli
