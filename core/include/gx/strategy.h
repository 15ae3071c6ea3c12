// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - parallel strategies and plans.
#pragma once

#include "gx/runtime.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gx {

/// How the data-parallel replicas of a layer keep model states (Rajbhandari et al. 2020, ZeRO).
enum class DpType {
    DDP,   ///< replicated weights, grads and optimizer states; gradient all-reduce
    ZeRO1, ///< optimizer states sharded
    ZeRO2, ///< + gradients sharded
    ZeRO3, ///< + weights sharded (FSDP full shard): all-gather per micro-batch
};

/// Activation checkpointing (Korthikanti et al. 2022).
enum class Checkpoint {
    None,
    Selective, ///< recompute the attention core only
    Full,      ///< keep only the layer input, recompute the whole forward
};

/// Pipeline schedule (Huang et al. 2019 GPipe; Narayanan et al. 2021 1F1B and interleaved).
enum class Schedule { GPipe, OneFOneB, Interleaved };

/// How the context-parallel ranks of a layer exchange attention inputs.
enum class CpComm {
    P2P, ///< ring attention: K/V blocks passed around the CP ring, load-balanced causal split
         ///< (Megatron/Transformer Engine --cp-comm-type p2p; Liu et al. 2023 ring attention)
    A2A, ///< all-to-all over heads (DeepSpeed Ulysses, Jacobs et al. 2023; Megatron --cp-comm-type a2a)
};

/// Parallel strategy of one Transformer layer inside its pipeline stage: tp * cp * dp == GPUs of the
/// stage. Rank order inside the stage (Megatron's "tp-cp-ep-dp-pp", fastest first): with
/// tp_consecutive, TP ranks are adjacent, then CP, then DP; otherwise DP ranks are adjacent, then CP,
/// then TP. Either way the gradient-reduction group dp x cp is one strided group.
struct LayerStrategy {
    int tp = 1;
    int dp = 1;
    bool sp = false; ///< Megatron sequence parallelism (needs tp > 1)
    DpType dp_type = DpType::DDP;
    Checkpoint ckpt = Checkpoint::None;
    /// Rank order inside the stage: true = TP ranks adjacent (TP inside a node first),
    /// false = DP ranks adjacent. Galvatron's "tp_consecutive_flags".
    bool tp_consecutive = true;
    // Last, so that existing aggregate initialisers {tp, dp, sp, dp_type, ckpt, tp_consecutive} keep working.
    int cp = 1;                   ///< context parallelism: each rank holds seq_len / cp tokens
    CpComm cp_comm = CpComm::P2P; ///< meaningful only when cp > 1
    /// Expert parallelism (mixture-of-experts layers only): the routed experts are split over ep ranks
    /// of the layer's dp x cp ranks, tokens reach them by all-to-all (Megatron
    /// --expert-model-parallel-size; Lepikhin et al. 2021 GShard). Each expert stays split by tp
    /// (Megatron's default expert tensor parallelism) and its gradients are reduced over dp*cp/ep ranks.
    int ep = 1;

    bool operator==(const LayerStrategy&) const = default;
    /// Short human label, e.g. "tp4-sp cp2 dp2 ZeRO-1 ckpt" ("cp2-a2a" for Ulysses), stable for tests/UI.
    std::string label() const;
};

/// A complete hybrid-parallel training plan for one model on a set of GPUs.
struct Plan {
    std::string model;   ///< model profile name (informational)
    std::string cluster; ///< cluster profile name (informational)
    int gpus = 1;        ///< GPUs used = pp * stage GPUs
    int pp = 1;          ///< pipeline stages
    Schedule schedule = Schedule::OneFOneB;
    int virtual_stages = 1; ///< model chunks per stage (Interleaved only)
    /// Layers per model chunk, in order: size pp * virtual_stages; chunk c runs on stage c % pp.
    std::vector<int> stage_layers;
    int global_batch = 1;              ///< samples per iteration
    int num_micro = 1;                 ///< micro-batches per iteration; global_batch % num_micro == 0
    std::vector<LayerStrategy> layers; ///< one per Transformer layer
    int vocab_tp = 1;                  ///< TP degree of embedding and LM head
    DpType vocab_dp_type = DpType::DDP;
    Precision precision = Precision::BF16; ///< numeric format of the linear layers
    std::string runtime;                   ///< runtime profile the plan was costed with (informational)
    std::string target; ///< framework searched for: toString(Target) ("any", "megatron", ...); "" = unknown
    /// Tokens per sample the plan was searched for (informational: estimate and export train the model
    /// at this length unless told otherwise, so that a plan searched with --seq-len is costed and
    /// exported as searched); 0 = not recorded.
    int seq_len = 0;

    int stageGpus() const { return pp > 0 ? gpus / pp : 0; }
    /// Samples in one micro-batch across the whole stage (split over each layer's dp).
    int microBatch() const { return num_micro > 0 ? global_batch / num_micro : 0; }
    /// Pipeline stage that runs global layer i.
    int stageOfLayer(int layer) const;
    /// First global layer index of model chunk c.
    int chunkStart(int chunk) const;
    /// Same training run: every field that changes what runs or what it costs; the informational
    /// names (model, cluster, runtime, target, seq_len) are not compared.
    bool runsSameAs(const Plan& o) const;
    bool operator==(const Plan&) const = default;
};

/// One name table per enum: the spelling in files, on the command line and in exports (the first entry
/// of a value), then spellings only accepted when reading (alias = true). toString(), the profile readers
/// (profile_io.h *FromString) and the exporters all use these tables.
template <typename E> struct EnumName {
    E value;
    std::string_view name;
    bool alias = false;
};
extern const std::array<EnumName<DpType>, 5> kDpTypeNames;         ///< ddp zero1 zero2 zero3 (fsdp)
extern const std::array<EnumName<Checkpoint>, 3> kCheckpointNames; ///< none selective full
extern const std::array<EnumName<Schedule>, 3> kScheduleNames;     ///< gpipe 1f1b interleaved
/// p2p a2a (Megatron's --cp-comm-type values), read also as ring / ulysses / all-to-all.
extern const std::array<EnumName<CpComm>, 5> kCpCommNames;

/// The value named `name` in `table` (aliases included), nullopt when none.
template <typename E, std::size_t N>
std::optional<E> enumFromName(const std::array<EnumName<E>, N>& table, std::string_view name) {
    for (const auto& e : table)
        if (e.name == name)
            return e.value;
    return std::nullopt;
}
/// "a, b, c": the names a reader accepts (aliases included), for error messages.
template <typename E, std::size_t N> std::string enumNameList(const std::array<EnumName<E>, N>& table) {
    std::string out;
    for (const auto& e : table)
        out += (out.empty() ? "" : ", ") + std::string(e.name);
    return out;
}

const char* toString(DpType);
/// Human label of a data-parallel type: "DDP", "ZeRO-1", "ZeRO-2", "ZeRO-3" (messages, tree, labels).
std::string dpLabel(DpType);
const char* toString(Checkpoint);
/// "p2p" or "a2a" (Megatron's --cp-comm-type values).
const char* toString(CpComm);
const char* toString(Schedule);

} // namespace gx
