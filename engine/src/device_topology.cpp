// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - device topology helpers (see device_topology.h).
#include "gx/engine/device_topology.h"

#include <algorithm>
#include <cstdio>

namespace gx::engine {

std::string normalizePciBusId(const std::string& id) {
    unsigned long dom = 0, bus = 0, dev = 0, fn = 0;
    char tail = 0;
    if (std::sscanf(id.c_str(), "%lx:%lx:%lx.%lx%c", &dom, &bus, &dev, &fn, &tail) != 4)
        return {};
    char buf[32];
    std::snprintf(buf, sizeof buf, "%04lx:%02lx:%02lx.%lx", dom, bus, dev, fn);
    return buf;
}

int nvlinksBetween(const std::vector<std::string>& remotes_a, const std::vector<std::string>& remotes_b,
                   const std::string& bus_b, const std::vector<std::string>& gpu_bus_ids) {
    const std::string b = normalizePciBusId(bus_b);
    std::vector<std::string> gpus;
    for (const auto& g : gpu_bus_ids)
        gpus.push_back(normalizePciBusId(g));
    auto isGpu = [&](const std::string& r) { return std::find(gpus.begin(), gpus.end(), r) != gpus.end(); };
    int direct = 0, switch_a = 0, switch_b = 0;
    for (const auto& r : remotes_a) {
        const std::string n = normalizePciBusId(r);
        if (n.empty())
            continue;
        if (n == b)
            ++direct;
        else if (!isGpu(n))
            ++switch_a;
    }
    if (direct > 0)
        return direct;
    for (const auto& r : remotes_b) {
        const std::string n = normalizePciBusId(r);
        if (!n.empty() && !isGpu(n))
            ++switch_b;
    }
    return std::min(switch_a, switch_b);
}

bool isStickyCudaError(int code) {
    switch (code) {
    case 214: // cudaErrorECCUncorrectable
    case 700: // cudaErrorIllegalAddress
    case 702: // cudaErrorLaunchTimeout
    case 710: // cudaErrorAssert
    case 714: // cudaErrorHardwareStackError
    case 715: // cudaErrorIllegalInstruction
    case 716: // cudaErrorMisalignedAddress
    case 717: // cudaErrorInvalidAddressSpace
    case 718: // cudaErrorInvalidPc
    case 719: // cudaErrorLaunchFailure
    case 999: // cudaErrorUnknown
        return true;
    default:
        return false;
    }
}

} // namespace gx::engine
