// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - Hetu-Galvatron's measured model profiles (computation and memory profiling
// JSON files written by its profiler) as calibration data for the cost model, so that plans for
// Galvatron's runtime use Galvatron's own measurements.
//
// Formats (Hetu-Galvatron galvatron/models/<model>/configs/, read from its profiler and search engine):
//  computation_profiling_<precision>_<model>.json: "layertype_<i>_bsz<B>_seq<S>": forward time of one
//      layer per sample in ms at batch B ("layernum[...]" keys are the raw totals it was derived from);
//  memory_profiling_<precision>_<model>.json: "layertype_<i>[_sp]": {"<S>": {"parameter_size": MB per
//      layer, "tp_activation_per_bsz_dict": {"<tp>": MB per sample, "checkpoint": MB per sample}}},
//      plus "other_memory_pp_*" for embedding and head.
#pragma once

#include "gx/cluster.h"
#include "gx/model.h"
#include "gx/runtime.h"

#include <map>
#include <string>
#include <vector>

namespace gx {

struct HetuModelProfile {
    /// seq -> batch -> forward ms per layer per sample (layer type 0)
    std::map<int, std::map<int, double>> forward_ms;
    /// seq -> tp -> activation MiB per layer per sample (layer type 0)
    std::map<int, std::map<int, double>> activation_mb;
    std::map<int, double> checkpoint_mb; ///< seq -> MiB per sample with full recomputation
    bool sequence_parallel = false;      ///< the memory profile was taken with SP ("layertype_0_sp")
};

/// Reads either file (computation or memory profile) into `into`; InputError names the key.
void readHetuModelProfile(const std::string& file, HetuModelProfile& into);

struct HetuProfileFit {
    ClusterProfile cluster; ///< with gemm_efficiency / gemm_half_saturation fitted to the times
    RuntimeProfile runtime; ///< with activation_extra_h fitted to the activations
    double time_error_before = 0, time_error_after = 0; ///< median |error| over the measured points
    double memory_error_before = 0, memory_error_after = 0;
    int time_points = 0, memory_points = 0;
    std::vector<std::string> lines; ///< per point: measured, predicted before and after
};

/// Fits the GPU's GEMM curve to the forward times and the runtime's unnamed activation bytes to the
/// activation sizes of layer type 0 of `model` (tp = 1 and the profile's tp degrees).
HetuProfileFit fitHetuModelProfile(const HetuModelProfile& prof, const ModelProfile& model,
                                   ClusterProfile cluster, RuntimeProfile runtime);

} // namespace gx
