// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - the order in which one pipeline stage runs its forward and backward passes, for
// GPipe (Huang et al. 2019), 1F1B and Megatron's interleaved 1F1B (Narayanan et al. 2021). One source
// for the GUI's timeline and the engine's plan runner.
#pragma once

#include "gx/strategy.h"

#include <vector>

namespace gx {

struct PipelineOp {
    bool forward = true;
    int micro = 0; ///< micro-batch index
    int chunk = 0; ///< model chunk (interleaved); 0 otherwise
    bool operator==(const PipelineOp&) const = default;
};

/// The ops of pipeline stage `stage` of `pp`, in order, for `num_micro` micro-batches and
/// `virtual_stages` chunks per stage. 1F1B: min(pp - stage - 1, m) warm-up forwards, then one forward
/// and one backward alternately, then the remaining backwards. Interleaved (Megatron, m a multiple of
/// pp): the k-th forward runs chunk (k / pp) % v of micro-batch (k / (pp v)) pp + k % pp, with
/// (pp - stage - 1) * 2 + (v - 1) * pp warm-up forwards; backwards mirror the chunks. Interleaved with m
/// not a multiple of pp falls back to 1F1B over whole stages (chunk 0). InputError for bad arguments.
std::vector<PipelineOp> pipelineOrder(Schedule schedule, int pp, int stage, int num_micro,
                                      int virtual_stages = 1);

} // namespace gx
