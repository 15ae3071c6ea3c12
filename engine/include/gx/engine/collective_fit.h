// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - collective names, nccl-tests bus-bandwidth factors, message-size sweeps,
// least squares and the alpha-beta fit of a measured collective curve. GPU-free.
#pragma once

#include "gx/cluster.h"
#include "gx/engine/types.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gx::engine {

const char* collectiveName(gx::Collective op); ///< "all_reduce", "all_gather", ...
/// Accepts the names above and nccl-tests spellings ("allreduce", "all-reduce", "sendrecv", ...).
gx::Collective collectiveFromName(const std::string& name, const std::string& field = "op");

/// Bus-bandwidth factor of nccl-tests (doc/PERFORMANCE.md, github.com/NVIDIA/nccl-tests):
/// all-reduce 2(n-1)/n; all-gather, reduce-scatter and all-to-all (n-1)/n; send/recv 1.
/// busbw = algbw * factor makes the figure comparable with the hardware's link bandwidth.
double busBwFactor(gx::Collective op, int ranks);
/// algbw in GB/s (1e9 bytes/s) of `bytes` moved in `time_us` microseconds (nccl-tests: size / time).
double algBwGbs(double bytes, double time_us);
/// Fills algbw and busbw of a point from its bytes, time and group size.
CollectivePoint makeCollectivePoint(gx::Collective op, int ranks, std::int64_t bytes, double time_us);

/// Message sizes min, min*factor, ... <= max (nccl-tests -b/-e/-f). InputError on bad arguments.
std::vector<std::int64_t> messageSizes(std::int64_t min_bytes, std::int64_t max_bytes, int factor);

struct LinearFit {
    double intercept = 0;
    double slope = 0;
    double r2 = 0;
};
/// Ordinary least squares y = intercept + slope * x. InputError with fewer than two distinct x.
LinearFit fitLinear(const std::vector<double>& x, const std::vector<double>& y);

/// Alpha-beta (Hockney) fit of one collective's curve: time = alpha + factor * bytes / busbw.
struct AlphaBetaFit {
    double latency_us = 0; ///< alpha, from the points at or below `small_bytes`
    double busbw_gbs = 0;  ///< asymptotic bus bandwidth, from the points at or above `large_bytes`
};
AlphaBetaFit fitAlphaBeta(const std::vector<CollectivePoint>& curve, std::int64_t small_bytes = 64 * 1024,
                          std::int64_t large_bytes = 64 * 1024 * 1024);

} // namespace gx::engine
