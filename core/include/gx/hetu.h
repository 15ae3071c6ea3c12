// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - interchange with Hetu-Galvatron (PKU-DAIR/Hetu-Galvatron).
//
// Strategy JSON ("galvatron_config_*.json", read by Hetu-Galvatron's runtime via --galvatron_config_path):
//   pp_deg, tp_sizes_enc / tp_consecutive_flags / dp_types_enc / use_sp / checkpoint (comma-separated,
//   one entry per layer), global_bsz, chunks, pp_division (layers per stage), pipeline_type
//   ("gpipe" | "pipedream_flush"), default_dp_type ("ddp" | "zero2" | "zero3"), vtp, vsp,
//   embed_sdp / vocab_sdp; context parallelism: cp_sizes_enc (zigzag ring attention per layer), vcp
//   (the embedding's); mixture of experts: ep_sizes_enc, tp_of_ep_sizes_enc (per layer).
// What the runtime builds and runs at the recorded commit, with file and line, is in
// tests/data/consumers/hetu.json.
// Hardware profiles (written by Hetu-Galvatron's profile_hardware):
//   allreduce_bandwidth_<N>nodes_<G>gpus_per_node.json  {"allreduce_size_<n>_consec_<0|1>": GB/s}
//   p2p_bandwidth_<N>nodes_<G>gpus_per_node.json        {"pp_size_<n>": GB/s}
//   overlap_coefficient.json                            {"overlap_coe": x}   (x >= 1: slowdown factor)
#pragma once

#include "gx/cluster.h"
#include "gx/model.h"
#include "gx/strategy.h"

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace gx {

/// Plan -> Hetu-Galvatron strategy JSON. Features Hetu cannot express (ZeRO-1 per layer, selective
/// recompute, interleaved schedule, per-layer mixing of ZeRO-2 and ZeRO-3) are appended to
/// `unsupported` with what was written instead.
nlohmann::json toHetuStrategy(const Plan& plan, const ModelProfile& model,
                              std::vector<std::string>* unsupported = nullptr);
/// Same, keeping Hetu's key order (pp_deg, tp_sizes_enc, ...) for writing files.
nlohmann::ordered_json toHetuStrategyOrdered(const Plan& plan, const ModelProfile& model,
                                             std::vector<std::string>* unsupported = nullptr);

/// What Hetu-Galvatron (cea12ff) builds differently from `model` whatever the plan, one sentence each
/// (tests/data/consumers/hetu.json): a model that is not decoder-only, dense and mixture-of-experts
/// layers in one model, layers of different shapes, shared experts, a router its TopKRouter does not
/// reproduce, query/key RMSNorm. Multi-latent attention is refused by its capabilities (target.h).
std::vector<std::string> hetuModelInexpressible(const ModelProfile& model);

/// The model arguments (runtime.model.name=value, comma-separated) Hetu-Galvatron needs to build the
/// mixture-of-experts layers of `model` as planned: is_moe_model, the experts, top-k, expert FFN size
/// and the router's options; "" for a dense model.
std::string hetuMoeArguments(const ModelProfile& model);

/// The embedding's context-parallel degree (the JSON's "vcp") under which Hetu-Galvatron runs `plan`:
/// the embedding's samples split over its dp = stage GPUs / (vtp x vcp) ranks, and the global batch is a
/// multiple of stage GPUs / min tp / min cp (hybrid_parallel_config.py:107-111, min over the layers
/// and the vocabulary). The smallest of 1 and the layers' ring degrees that does; 0 when none does.
int hetuVocabCp(const Plan& plan);

/// What Hetu-Galvatron runs differently from `plan` beyond its capabilities (target.h): the batch rule
/// above. Empty when it runs the plan.
std::vector<std::string> hetuPlanInexpressible(const Plan& plan);

/// Hetu-Galvatron strategy JSON -> Plan for `model` (the JSON has one entry per layer; the model gives
/// the layer count). Hetu's JSON does not store the world size: `world_size` > 0 gives it, otherwise the
/// "gx_world_size" key that toHetuStrategy() writes is used, else InputError. Approximations (Ulysses
/// sequence parallelism imported as TP + Megatron SP of the same degree, expert-parallel ranks placed
/// otherwise than Hetu's 'pp-ep-edp-etp') are appended to `notes`.
/// Throws InputError naming the JSON key ("hetu.tp_sizes_enc[3]") and the reason.
Plan planFromHetuStrategy(const nlohmann::json& j, const ModelProfile& model, int world_size = 0,
                          std::vector<std::string>* notes = nullptr, const std::string& path = "hetu");
Plan loadHetuStrategyFile(const std::string& file, const ModelProfile& model, int world_size = 0,
                          std::vector<std::string>* notes = nullptr);

/// Hetu-Galvatron hardware profile JSONs -> measured collective curves and overlap coefficient,
/// merged into `base` (which provides GPU specs and link defaults). `allreduce`, `p2p` and `overlap`
/// are the parsed files; pass null JSON for missing ones.
ClusterProfile clusterFromHetuHardware(const nlohmann::json& allreduce, const nlohmann::json& p2p,
                                       const nlohmann::json& overlap, ClusterProfile base);
/// Reads a Hetu hardware_configs directory (allreduce_bandwidth_*nodes_*gpus_per_node.json,
/// p2p_bandwidth_*.json, overlap_coefficient.json); nodes/gpus_per_node come from the file names.
ClusterProfile loadHetuHardwareDir(const std::string& dir, ClusterProfile base = {});

} // namespace gx
