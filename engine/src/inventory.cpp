// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - device inventory: CUDA runtime properties, peer (P2P) attributes, and
// NVML (loaded with dlopen so that the engine builds and runs where libnvidia-ml is absent) for the
// driver version, NVLink counts and the PCIe common ancestor of each GPU pair.
#include "gx/engine/engine.h"
#include "gx/engine/logic.h"

#include "cuda_util.h"

#include <cuda_runtime.h>
#include <dlfcn.h>
#include <unistd.h>

#ifdef GX_ENGINE_HAVE_NCCL
#include <nccl.h>
#endif

namespace gx::engine {

bool haveNccl() {
#ifdef GX_ENGINE_HAVE_NCCL
    return true;
#else
    return false;
#endif
}

std::string noDeviceReason() {
    int n = 0;
    const cudaError_t e = cudaGetDeviceCount(&n);
    if (e != cudaSuccess) {
        cudaGetLastError(); // clear the sticky-free error state
        return std::string(cudaGetErrorName(e)) + ": " + cudaGetErrorString(e);
    }
    if (n == 0)
        return "cudaGetDeviceCount reports 0 devices";
    return "";
}

namespace {

// The few NVML entry points used, with their documented C signatures (NVML API reference,
// docs.nvidia.com/deploy/nvml-api). Opaque handle; enums passed as int.
struct Nvml {
    using nvmlDevice_t = void*;
    void* lib = nullptr;
    int (*init)() = nullptr;
    int (*shutdown)() = nullptr;
    int (*driverVersion)(char*, unsigned) = nullptr;
    int (*byPci)(const char*, nvmlDevice_t*) = nullptr;
    int (*ancestor)(nvmlDevice_t, nvmlDevice_t, int*) = nullptr;
    int (*nvlinkState)(nvmlDevice_t, unsigned, int*) = nullptr;
    int (*nvlinkRemotePci)(nvmlDevice_t, unsigned, void*) = nullptr;
    bool ok = false;

    Nvml() {
        lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
        if (!lib)
            return;
        init = reinterpret_cast<int (*)()>(dlsym(lib, "nvmlInit_v2"));
        shutdown = reinterpret_cast<int (*)()>(dlsym(lib, "nvmlShutdown"));
        driverVersion = reinterpret_cast<int (*)(char*, unsigned)>(dlsym(lib, "nvmlSystemGetDriverVersion"));
        byPci = reinterpret_cast<int (*)(const char*, nvmlDevice_t*)>(
            dlsym(lib, "nvmlDeviceGetHandleByPciBusId_v2"));
        ancestor = reinterpret_cast<int (*)(nvmlDevice_t, nvmlDevice_t, int*)>(
            dlsym(lib, "nvmlDeviceGetTopologyCommonAncestor"));
        nvlinkState =
            reinterpret_cast<int (*)(nvmlDevice_t, unsigned, int*)>(dlsym(lib, "nvmlDeviceGetNvLinkState"));
        nvlinkRemotePci = reinterpret_cast<int (*)(nvmlDevice_t, unsigned, void*)>(
            dlsym(lib, "nvmlDeviceGetNvLinkRemotePciInfo_v2"));
        ok = init && shutdown && init() == 0;
    }
    ~Nvml() {
        if (ok)
            shutdown();
        if (lib)
            dlclose(lib);
    }
};

// nvmlPciInfo_t (NVML API reference, docs.nvidia.com/deploy/nvml-api/structnvmlPciInfo__t.html).
struct NvmlPciInfo {
    char busIdLegacy[16];
    unsigned domain, bus, device, pciDeviceId, pciSubSystemId;
    char busId[32];
};

// nvmlGpuTopologyLevel_t values (NVML API reference).
std::string ancestorName(int level) {
    switch (level) {
    case 0:
        return "board"; // NVML_TOPOLOGY_INTERNAL
    case 10:
        return "switch"; // NVML_TOPOLOGY_SINGLE: one PCIe switch
    case 20:
        return "bridge"; // NVML_TOPOLOGY_MULTIPLE: several PCIe switches
    case 30:
        return "hostbridge";
    case 40:
        return "node"; // same NUMA node / CPU
    case 50:
        return "system"; // across CPU sockets (SMP interconnect)
    }
    return "unknown";
}

} // namespace

Inventory queryInventory() {
    Inventory inv;
    char host[256] = {};
    if (gethostname(host, sizeof host - 1) == 0)
        inv.hostname = host;
    cudaRuntimeGetVersion(&inv.cuda_runtime_version);
    cudaDriverGetVersion(&inv.cuda_driver_version);
#ifdef GX_ENGINE_HAVE_NCCL
    ncclGetVersion(&inv.nccl_version);
#endif
    inv.error = noDeviceReason();
    if (!inv.error.empty())
        return inv;
    int n = 0;
    cudaGetDeviceCount(&n);
    for (int i = 0; i < n; ++i) {
        cudaDeviceProp p{};
        if (cudaGetDeviceProperties(&p, i) != cudaSuccess) {
            inv.error = "cudaGetDeviceProperties failed for device " + std::to_string(i);
            return inv;
        }
        DeviceInfo d;
        d.index = i;
        d.name = p.name;
        char bus[32] = {};
        cudaDeviceGetPCIBusId(bus, sizeof bus, i);
        d.pci_bus_id = bus;
        d.total_memory_bytes = std::int64_t(p.totalGlobalMem);
        d.sm_count = p.multiProcessorCount;
        d.cc_major = p.major;
        d.cc_minor = p.minor;
        int khz = 0;
        cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, i);
        d.sm_clock_mhz = khz / 1000;
        cudaDeviceGetAttribute(&khz, cudaDevAttrMemoryClockRate, i);
        d.mem_clock_mhz = khz / 1000;
        d.mem_bus_width_bits = p.memoryBusWidth;
        d.l2_bytes = p.l2CacheSize;
        inv.devices.push_back(d);
    }
    Nvml nvml;
    if (nvml.ok && nvml.driverVersion) {
        char v[96] = {};
        if (nvml.driverVersion(v, sizeof v) == 0)
            inv.driver_version = v;
    }
    if (inv.driver_version.empty())
        inv.driver_version = "cuda-driver-api " + std::to_string(inv.cuda_driver_version);
    // Far ends of every GPU's active NVLinks (NVML_NVLINK_MAX_LINKS = 18).
    std::vector<std::string> bus_ids;
    for (const auto& d : inv.devices)
        bus_ids.push_back(d.pci_bus_id);
    std::vector<std::vector<std::string>> remotes(static_cast<std::size_t>(n));
    if (nvml.ok && nvml.byPci && nvml.nvlinkState && nvml.nvlinkRemotePci)
        for (int a = 0; a < n; ++a) {
            void* h = nullptr;
            if (nvml.byPci(inv.devices[a].pci_bus_id.c_str(), &h) != 0)
                continue;
            for (unsigned link = 0; link < 18; ++link) {
                int st = 0;
                NvmlPciInfo pci{};
                if (nvml.nvlinkState(h, link, &st) == 0 && st == 1 &&
                    nvml.nvlinkRemotePci(h, link, &pci) == 0)
                    remotes[std::size_t(a)].push_back(pci.busId);
            }
        }
    for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b) {
            PeerLink l;
            l.a = a;
            l.b = b;
            int v = 0;
            if (cudaDeviceGetP2PAttribute(&v, cudaDevP2PAttrAccessSupported, a, b) == cudaSuccess)
                l.p2p_access = v != 0;
            if (cudaDeviceGetP2PAttribute(&v, cudaDevP2PAttrNativeAtomicSupported, a, b) == cudaSuccess)
                l.native_atomics = v != 0;
            if (cudaDeviceGetP2PAttribute(&v, cudaDevP2PAttrPerformanceRank, a, b) == cudaSuccess)
                l.perf_rank = v;
            l.path = "unknown";
            if (nvml.ok && nvml.byPci && nvml.ancestor) {
                void* ha = nullptr;
                void* hb = nullptr;
                if (nvml.byPci(inv.devices[a].pci_bus_id.c_str(), &ha) == 0 &&
                    nvml.byPci(inv.devices[b].pci_bus_id.c_str(), &hb) == 0) {
                    int level = -1;
                    if (nvml.ancestor(ha, hb, &level) == 0)
                        l.path = ancestorName(level);
                    // NVLink: only links of a whose far end is b (or an NVSwitch both reach).
                    l.nvlinks = nvlinksBetween(remotes[std::size_t(a)], remotes[std::size_t(b)],
                                               inv.devices[b].pci_bus_id, bus_ids);
                    if (l.nvlinks > 0)
                        l.path = "NVLink";
                }
            }
            inv.links.push_back(l);
        }
    inv.available = !inv.devices.empty();
    return inv;
}

} // namespace gx::engine
