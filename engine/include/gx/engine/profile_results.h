// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - measured results -> gx::ClusterProfile, and the raw results as JSON.
// GPU-free.
#pragma once

#include "gx/cluster.h"
#include "gx/engine/types.h"

#include <nlohmann/json_fwd.hpp>
#include <string>

namespace gx::engine {

/// Measured profile -> cluster profile. Starts from `base` (a spec preset of the same GPU, or a
/// default), then overwrites what was measured: GPU name/memory/SMs, peaks (peakTflops), the
/// efficiency of the best large BF16 GEMM, HBM bandwidth, NVLink/PCIe intra-node link (kind from
/// the topology, bandwidth = best all-reduce bus bandwidth, latency = fitted alpha), the measured
/// collective curves, gpus_per_node = local devices, and provenance (device, driver, cuda, nccl,
/// date, command, host). InputError if the results carry no device.
gx::ClusterProfile toClusterProfile(const ProfileResults& results, const gx::ClusterProfile& base = {});

// Raw results as JSON (saved by the CLI/GUI next to the cluster profile; read back by the GUI).
nlohmann::json toJson(const ProfileResults& r);
ProfileResults profileResultsFromJson(const nlohmann::json& j, const std::string& path = "results");
nlohmann::json toJson(const Inventory& inv);

/// ISO-8601 UTC timestamp of now ("2026-11-23T09:41:00Z").
std::string utcNow();

} // namespace gx::engine
