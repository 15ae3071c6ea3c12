// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - exporting a plan for the training frameworks teams actually run.
//
// Each exporter turns a gx::Plan (+ the model and cluster it was planned for) into the text a training
// team pastes into its launcher: Megatron-LM arguments, a DeepSpeed config, a torchtitan launch script
// (TOML job file for torchtitan 0.1), a Hetu-Galvatron strategy JSON, or a torchrun / Slurm launch script,
// checked against the consumers' source at the versions in gx/target.h. Anything the plan does that the
// target cannot express is never silently dropped: by default the export is refused (InputError naming
// each feature and suggesting `galvatron search --target <framework>`); with ExportOptions::lossy the
// closest approximation is written and each change is named in ExportResult::unsupported. Softer remarks
// go to ExportResult::warnings. Everything written into a script is shell-quoted; names in comments
// cannot break out of the comment line.
#pragma once

#include "gx/cluster.h"
#include "gx/model.h"
#include "gx/strategy.h"
#include "gx/target.h"

#include <optional>
#include <string>
#include <vector>

namespace gx {

enum class ExportFormat {
    PlanJson,      ///< gx plan JSON (profile_io.h toJson(Plan)) with a header and predicted cost
    Megatron,      ///< Megatron-LM command-line arguments (bash snippet)
    DeepSpeed,     ///< DeepSpeed JSON config (ds_config.json)
    Torchtitan,    ///< torchtitan launch script (>= 0.2: --module/--config + overrides; 0.1: TOML job file)
    HetuGalvatron, ///< Hetu-Galvatron strategy JSON (galvatron_config_*.json)
    Torchrun,      ///< bash launch script: torchrun <script> <Megatron args>
    Slurm,         ///< sbatch script: srun torchrun <script> <Megatron args>
};

struct ExportFormatInfo {
    ExportFormat format;
    const char* id;           ///< CLI name: "json", "megatron", "deepspeed", "torchtitan", "hetu", ...
    const char* display_name; ///< "Megatron-LM arguments", ...
    const char* extension;    ///< without dot: "json", "sh", "toml"
    const char* description;  ///< one line for tooltips / --help
};

/// All formats, in menu order.
const std::vector<ExportFormatInfo>& exportFormats();
const ExportFormatInfo& exportFormatInfo(ExportFormat f);
/// Parses a CLI id ("megatron", ...) or display name; InputError("format", ...) listing the valid ids.
ExportFormat exportFormatFromString(const std::string& s);

/// Launcher and framework details that are not part of the plan. Defaults produce a runnable skeleton
/// with clearly marked placeholders.
struct ExportOptions {
    // Launch (torchrun / Slurm).
    std::string master_addr = "$MASTER_ADDR"; ///< torchrun: rendezvous host (Slurm: first node)
    int master_port = 29500;
    int nodes = 0;                       ///< 0 = derived from plan.gpus and cluster.gpus_per_node
    int gpus_per_node = 0;               ///< 0 = cluster.gpus_per_node (capped at plan.gpus)
    std::string partition;               ///< Slurm --partition (omitted when empty)
    std::string account;                 ///< Slurm --account (omitted when empty)
    std::string time_limit = "24:00:00"; ///< Slurm --time
    std::string job_name = "galvatron-plan";
    std::string container;                  ///< Slurm: image for --container-image (pyxis); empty = none
    std::string script = "pretrain_gpt.py"; ///< training entry point launched by torchrun
    // Data / checkpoints (placeholders by default).
    std::string data_path = "$DATA_PATH";
    std::string tokenizer = "$TOKENIZER_MODEL";
    std::string save_path = "$CHECKPOINT_PATH";
    int train_iters = 0; ///< 0 = omitted
    // Numerics.
    bool bf16 = true;                ///< false = fp16
    bool include_model_args = true;  ///< Megatron: emit --num-layers, --hidden-size, ...
    bool include_cost_header = true; ///< Plan JSON / comments: predicted time and memory
    int save_interval = 1000;        ///< Megatron --save-interval / torchtitan checkpoint.interval
    /// false (default): refuse (InputError naming the features) when the plan uses something the format
    /// cannot express; true: write the closest approximation and list what changed in `unsupported`.
    bool lossy = false;
    /// torchtitan release: "0.2" (default; command line of field overrides on a --module/--config base
    /// configuration, torchtitan 0.2.x) or "0.1" (TOML job file read by --job.config_file, 0.1.x).
    std::string torchtitan_version = "0.2";
    /// torchtitan base configuration (--module / --config); empty = derived from the model when torchtitan
    /// defines it (llama3-8b/70b/405b; its MoE models, e.g. deepseek-v3), else placeholders with a warning.
    std::string torchtitan_module, torchtitan_config;
    /// Runtime that costs the predicted figures of the header (`galvatron export --runtime`, which may
    /// be a JSON file); empty = the preset the plan names (plan.runtime).
    std::optional<RuntimeProfile> runtime;
};

struct ExportResult {
    std::string text;               ///< the exported file contents
    std::string suggested_filename; ///< e.g. "llama2-7b_megatron.sh"
    /// Remarks that do not change what runs (assumptions, placeholders to fill in).
    std::vector<std::string> warnings;
    /// Plan features the target cannot express, each named with what was exported instead, e.g.
    /// "per-layer tensor-parallel degrees (layers 0-15 tp=4, 16-31 tp=8): Megatron-LM uses one
    /// --tensor-model-parallel-size; exported the most common (tp=8)".
    std::vector<std::string> unsupported;
};

/// The target framework whose plans `format` expresses (Torchrun/Slurm: Megatron; PlanJson: Any).
Target exportTarget(ExportFormat format);

/// Exports `plan` in `format`. Throws InputError (field "plan....") when the plan is inconsistent with
/// the model (layer count) or cluster (more GPUs than it has), and InputError("plan", ...) naming what the
/// format cannot express (with the suggestion `galvatron search --target ...`) unless options.lossy.
ExportResult exportPlan(const Plan& plan, const ModelProfile& model, const ClusterProfile& cluster,
                        ExportFormat format, const ExportOptions& options = {});

/// Megatron-LM arguments for the plan, one "--flag value" per element (used by Megatron, torchrun and
/// Slurm exports). Unsupported features are appended to `unsupported`.
std::vector<std::string> megatronArgs(const Plan& plan, const ModelProfile& model,
                                      const ClusterProfile& cluster, const ExportOptions& options,
                                      std::vector<std::string>& unsupported);

/// What Megatron-LM's pretrain_gpt.py cannot build of `model` whatever the plan (rotary scaling it does
/// not pass on, router variants, layers of different shapes): the model arguments' refusals, as
/// exportPlan lists them. Empty when the model is expressible.
std::vector<std::string> megatronModelInexpressible(const ModelProfile& model);

/// What DeepSpeed's AutoEP (DeepSpeed 0.19.6) builds differently from `model` whatever the plan: a
/// mixture-of-experts family without an AutoEP preset, router options it has no key for (a capacity
/// factor, DeepSeek-V3's score-correction bias, a group score its preset does not use), shared experts
/// or experts of another form than the preset's, multi-latent attention outside the DeepSeek families.
/// The DeepSpeed export's refusals of the model, as exportPlan lists them; empty when none.
std::vector<std::string> deepspeedModelInexpressible(const ModelProfile& model);

/// What torchtitan 0.2.2 builds otherwise than `model` whatever the plan, when the export chooses the base
/// configuration (its own definition of the model): what its MoE layer cannot compute, then how its
/// definition differs, or that it has none (mixture-of-experts models and multi-latent attention only;
/// dense models without a definition get placeholders and a warning instead). Empty when expressible.
std::vector<std::string> torchtitanModelInexpressible(const ModelProfile& model);

} // namespace gx
