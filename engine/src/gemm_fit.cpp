// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - GEMM tables and fits (see gemm_fit.h).
#include "gx/engine/gemm_fit.h"

#include "gx/engine/collective_fit.h"
#include "gx/error.h"
#include "name_util.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace gx::engine {

const char* toString(DType t) {
    switch (t) {
    case DType::BF16:
        return "bf16";
    case DType::FP16:
        return "fp16";
    case DType::FP8:
        return "fp8";
    }
    return "?";
}

DType dtypeFromName(const std::string& name, const std::string& field) {
    const std::string n = detail::squashName(name);
    if (n == "bf16" || n == "bfloat16")
        return DType::BF16;
    if (n == "fp16" || n == "half" || n == "float16")
        return DType::FP16;
    if (n == "fp8" || n == "e4m3" || n == "fp8e4m3")
        return DType::FP8;
    throw gx::InputError(field, "unknown dtype '" + name + "'; expected bf16, fp16 or fp8");
}

SaturationFit fitSaturation(const std::vector<double>& min_dims, const std::vector<double>& efficiencies) {
    if (min_dims.size() != efficiencies.size())
        throw gx::InputError("fit", "sizes and efficiencies differ in length");
    std::vector<double> ix, iy;
    for (std::size_t i = 0; i < min_dims.size(); ++i) {
        if (!(min_dims[i] > 0) || !(efficiencies[i] > 0))
            throw gx::InputError("fit", "sizes and efficiencies must be positive");
        ix.push_back(1.0 / min_dims[i]);
        iy.push_back(1.0 / efficiencies[i]);
    }
    const LinearFit lf = fitLinear(ix, iy);
    if (!(lf.intercept > 0))
        throw gx::InputError("fit", "efficiency does not saturate with size (1/e <= 0)");
    SaturationFit f;
    f.efficiency = 1.0 / lf.intercept;
    f.half_saturation = std::max(0.0, lf.slope * f.efficiency);
    return f;
}

bool supportsFp8(const DeviceInfo& dev) {
    return dev.computeCapability() >= 89;
}

double peakTflops(const DeviceInfo& dev, DType dtype) {
    struct Known {
        const char* key; // substring of the device name, upper case
        double bf16, fp8;
    };
    // Dense (no sparsity) tensor-core peaks from the vendor data sheets. Order matters: more specific
    // names first.
    static const Known known[] = {
        {"H100 NVL", 835.0, 1670.0}, {"H100 PCIE", 756.5, 1513.0}, {"H100", 989.4, 1978.9},
        {"H200", 989.4, 1978.9},     {"H800", 989.4, 1978.9},      {"GH200", 989.4, 1978.9},
        {"A100", 312.0, 0.0},        {"A800", 312.0, 0.0},         {"L40S", 362.05, 733.0},
        {"A10", 125.0, 0.0},         {"L4", 121.0, 242.5},
    };
    std::string upper;
    for (char c : dev.name)
        upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    double bf16 = 0, fp8 = 0;
    bool found = false;
    for (const auto& k : known) {
        const auto pos = upper.find(k.key);
        if (pos != std::string::npos) {
            // Whole word only: "A10" must not match "A100", nor "L4" match "L40S".
            const auto end = pos + std::string(k.key).size();
            if (end < upper.size() && std::isalnum(static_cast<unsigned char>(upper[end])))
                continue;
            bf16 = k.bf16;
            fp8 = k.fp8;
            found = true;
            break;
        }
    }
    if (!found) {
        double per_clk = 0; // dense BF16 FLOP per clock per SM
        switch (dev.computeCapability()) {
        case 80:
            per_clk = 2048;
            break;
        case 86:
        case 87:
            per_clk = 512;
            break;
        case 89:
            per_clk = 1024;
            break;
        case 90:
            per_clk = 4096;
            break;
        default:
            per_clk = 0;
        }
        bf16 = dev.sm_count * (dev.sm_clock_mhz * 1e6) * per_clk / 1e12;
        fp8 = supportsFp8(dev) ? 2.0 * bf16 : 0.0;
    }
    switch (dtype) {
    case DType::BF16:
    case DType::FP16:
        return bf16;
    case DType::FP8:
        return supportsFp8(dev) ? fp8 : 0.0;
    }
    return 0.0;
}

int launchesPerSample(double probe_us, double target_us) {
    if (!(probe_us > 0))
        return 1000;
    return int(std::clamp(std::ceil(target_us / probe_us), 1.0, 1000.0));
}

int rotatingInputSets(std::int64_t input_bytes, std::int64_t l2_bytes) {
    if (input_bytes <= 0 || l2_bytes <= 0)
        return 1;
    const std::int64_t n = (2 * l2_bytes + input_bytes - 1) / input_bytes;
    return int(std::clamp<std::int64_t>(n, 1, 1024));
}

bool countsForProfilerGoal(const GemmResult& g) {
    return g.dtype != DType::FP8 && std::min({g.shape.m, g.shape.n, g.shape.k}) >= 1024;
}

double bestGemmEfficiency(const ProfileResults& r, DType dtype, double min_dim) {
    if (r.inventory.devices.empty())
        return 0;
    const double peak = peakTflops(r.inventory.devices.front(), dtype);
    if (!(peak > 0))
        return 0;
    double best = 0;
    for (const auto& g : r.gemms) {
        if (g.dtype != dtype)
            continue;
        const double md = double(std::min({g.shape.m, g.shape.n, g.shape.k}));
        if (md >= min_dim)
            best = std::max(best, g.tflops / peak);
    }
    return best;
}

} // namespace gx::engine
