// SPDX-License-Identifier: Apache-2.0
// Runtime profile enums (see gx/runtime.h).
#include "gx/runtime.h"

#include "gx/error.h"

namespace gx {

const char* toString(Precision p) {
    switch (p) {
    case Precision::BF16:
        return "bf16";
    case Precision::FP16:
        return "fp16";
    case Precision::FP8:
        return "fp8";
    }
    return "bf16";
}

const char* toString(AttentionKernel k) {
    switch (k) {
    case AttentionKernel::Flash:
        return "flash";
    case AttentionKernel::MemEfficient:
        return "efficient";
    case AttentionKernel::Eager:
        return "eager";
    }
    return "flash";
}

Precision precisionFromString(const std::string& s, const std::string& field) {
    for (Precision p : {Precision::BF16, Precision::FP16, Precision::FP8})
        if (s == toString(p))
            return p;
    throw InputError(field, "unknown precision '" + s + "'; expected bf16, fp16 or fp8");
}

AttentionKernel attentionKernelFromString(const std::string& s, const std::string& field) {
    for (AttentionKernel k : {AttentionKernel::Flash, AttentionKernel::MemEfficient, AttentionKernel::Eager})
        if (s == toString(k))
            return k;
    throw InputError(field, "unknown attention kernel '" + s + "'; expected flash, efficient or eager");
}

} // namespace gx
