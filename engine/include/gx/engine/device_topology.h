// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - PCI bus ids, NVLink pairs from NVML endpoints, sticky CUDA errors. GPU-free.
#pragma once

#include <string>
#include <vector>

namespace gx::engine {

/// PCI bus id in one form ("0000:07:00.0", lower case, 4-digit domain) from CUDA's "0000:07:00.0" or
/// NVML's "00000000:07:00.0"; "" when it does not parse.
std::string normalizePciBusId(const std::string& id);
/// NVLinks between GPUs a and b from the remote endpoints (PCI bus ids, any form) of each GPU's active
/// links (NVML nvmlDeviceGetNvLinkRemotePciInfo_v2): the links of a that end at b; when there are
/// none and both GPUs have links to endpoints that are not GPUs of this machine (NVSwitch), the
/// smaller count of those. 0: no NVLink path (e.g. PCIe GPUs where only other pairs are bridged).
int nvlinksBetween(const std::vector<std::string>& remotes_a, const std::vector<std::string>& remotes_b,
                   const std::string& bus_b, const std::vector<std::string>& gpu_bus_ids);
/// Whether a CUDA runtime error code (cudaError_t) is sticky: the context is corrupted and every
/// later call fails (CUDA runtime API: "the process must be terminated and relaunched") - a profiler
/// must stop rather than skip to the next candidate.
bool isStickyCudaError(int code);

} // namespace gx::engine
