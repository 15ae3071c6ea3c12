// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - interchange with Hetu-Galvatron (PKU-DAIR/Hetu-Galvatron).
//
// Strategy JSON ("galvatron_config_*.json", read by Hetu-Galvatron's runtime via --galvatron_config_path):
//   pp_deg, tp_sizes_enc / tp_consecutive_flags / dp_types_enc / use_sp / checkpoint (comma-separated,
//   one entry per layer), global_bsz, chunks, pp_division (layers per stage), pipeline_type
//   ("gpipe" | "pipedream_flush"), default_dp_type ("ddp" | "zero2" | "zero3"), vtp, vsp,
//   embed_sdp / vocab_sdp.
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

/// Hetu-Galvatron strategy JSON -> Plan for `model` (the JSON has one entry per layer; the model gives
/// the layer count). Hetu's JSON does not store the world size: `world_size` > 0 gives it, otherwise the
/// "gx_world_size" key that toHetuStrategy() writes is used, else InputError. Approximations (Ulysses
/// sequence parallelism imported as TP + Megatron SP of the same degree) are appended to `notes`.
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
