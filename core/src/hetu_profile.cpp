// SPDX-License-Identifier: Apache-2.0
// Hetu-Galvatron model profiles -> fitted GPU and runtime coefficients (see gx/hetu_profile.h).
#include "gx/hetu_profile.h"
#include "gx/units.h"

#include "gx/cost_model.h"
#include "gx/error.h"
#include "gx/profile_io.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <regex>

namespace gx {

using nlohmann::json;

namespace {

/// A measured time (ms) or activation (MiB): at least 1e-6 (1 ns, 1 byte), below anything a layer
/// takes. (A measured 1e-308 MiB was accepted and reported an infinite error, found by fuzzing.)
double positive(const json& v, const std::string& field) {
    if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() <= 0)
        throw InputError(field, "expected a positive number");
    if (v.get<double>() < 1e-6)
        throw InputError(field, "expected at least 1e-6 (ms or MiB), got " + v.dump());
    return v.get<double>();
}

int wholeKey(const std::string& k, const std::string& field) {
    try {
        std::size_t used = 0;
        const long v = std::stol(k, &used);
        if (used == k.size() && v > 0 && v < (1L << 24))
            return static_cast<int>(v);
    } catch (const std::exception&) {
    }
    throw InputError(field, "expected a positive whole number as key, got '" + k.substr(0, 32) + "'");
}

double median(std::vector<double> v) {
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}
} // namespace

void readHetuModelProfile(const std::string& file, HetuModelProfile& into) {
    const json j = readJsonFile(file);
    if (!j.is_object())
        throw InputError(file, "expected a Hetu-Galvatron profile object");
    static const std::regex time_key(R"(layertype_0_bsz(\d+)_seq(\d+))");
    bool any = false;
    for (auto it = j.begin(); it != j.end(); ++it) {
        const std::string& k = it.key();
        std::smatch m;
        if (std::regex_match(k, m, time_key)) {
            into.forward_ms[std::stoi(m[2])][std::stoi(m[1])] = positive(it.value(), k);
            any = true;
        } else if (k == "layertype_0" || k == "layertype_0_sp") {
            into.sequence_parallel = k == "layertype_0_sp";
            if (!it.value().is_object())
                throw InputError(k, "expected an object keyed by sequence length");
            for (auto s = it.value().begin(); s != it.value().end(); ++s) {
                const std::string f = k + "." + s.key();
                const int seq = wholeKey(s.key(), f);
                if (!s.value().is_object() || !s.value().contains("tp_activation_per_bsz_dict"))
                    throw InputError(f + ".tp_activation_per_bsz_dict", "required object is missing");
                const json& d = s.value().at("tp_activation_per_bsz_dict");
                if (!d.is_object())
                    throw InputError(f + ".tp_activation_per_bsz_dict", "expected an object {tp: MB}");
                for (auto t = d.begin(); t != d.end(); ++t) {
                    const std::string tf = f + ".tp_activation_per_bsz_dict." + t.key();
                    if (t.key() == "checkpoint")
                        into.checkpoint_mb[seq] = positive(t.value(), tf);
                    else
                        into.activation_mb[seq][wholeKey(t.key(), tf)] = positive(t.value(), tf);
                }
                any = true;
            }
        }
    }
    if (!any)
        throw InputError(file, "no 'layertype_0_bsz<B>_seq<S>' times or 'layertype_0' memory entries found "
                               "(expected a Hetu-Galvatron computation or memory profile)");
}

HetuProfileFit fitHetuModelProfile(const HetuModelProfile& prof, const ModelProfile& model,
                                   ClusterProfile cluster, RuntimeProfile runtime) {
    if (model.stacks.empty())
        throw InputError("model", "the model has no layers");
    HetuProfileFit fit;
    const LayerType base = model.stacks.front().type;
    auto layerAt = [&](int seq) {
        LayerType t = base;
        t.seq_len = seq;
        return t;
    };
    auto timeErrors = [&](const ClusterProfile& c, std::vector<std::string>* lines) {
        std::vector<double> e;
        CostOptions o;
        o.runtime = runtime;
        const CostModel cm(model, c, o);
        for (const auto& [seq, by_b] : prof.forward_ms)
            for (const auto& [b, ms] : by_b) {
                const double pred =
                    1e3 * cm.layer(layerAt(seq), LayerStrategy{}, StageShape{1, 0, b, 1}).fwd_compute / b;
                e.push_back(std::log(pred / ms));
                if (lines) {
                    char buf[160];
                    std::snprintf(buf, sizeof buf,
                                  "forward  seq %6d  batch %3d: measured %8.3f ms/sample, predicted %8.3f",
                                  seq, b, ms, pred);
                    lines->push_back(buf);
                }
            }
        return e;
    };
    auto memErrors = [&](const RuntimeProfile& rt, std::vector<std::string>* lines) {
        std::vector<double> e;
        CostOptions o;
        o.runtime = rt;
        o.runtime.fragmentation = 0; // the profile measures allocated bytes
        const CostModel cm(model, cluster, o);
        for (const auto& [seq, by_tp] : prof.activation_mb)
            for (const auto& [tp, mb] : by_tp) {
                if (base.heads % tp != 0)
                    continue;
                const LayerStrategy s{tp,  1, prof.sequence_parallel && tp > 1, DpType::DDP, Checkpoint::None,
                                      true};
                const double pred = cm.layer(layerAt(seq), s, StageShape{tp, 0, 1, 1}).activations / kMiB;
                e.push_back(std::log(pred / mb));
                if (lines) {
                    char buf[160];
                    std::snprintf(buf, sizeof buf,
                                  "activ.   seq %6d  tp %3d:    measured %8.1f MiB/sample, predicted %8.1f",
                                  seq, tp, mb, pred);
                    lines->push_back(buf);
                }
            }
        return e;
    };
    auto medAbs = [](const std::vector<double>& e) {
        std::vector<double> a;
        for (double x : e)
            a.push_back(std::fabs(std::exp(x) - 1.0));
        return median(a);
    };
    auto sq = [](const std::vector<double>& e) {
        double s = 0;
        for (double x : e)
            s += x * x;
        return s;
    };

    fit.time_points = static_cast<int>(timeErrors(cluster, nullptr).size());
    fit.memory_points = static_cast<int>(memErrors(runtime, nullptr).size());
    fit.time_error_before = medAbs(timeErrors(cluster, nullptr));
    fit.memory_error_before = medAbs(memErrors(runtime, nullptr));

    // GEMM curve: grid over efficiency and half-saturation dimension.
    if (fit.time_points > 0) {
        ClusterProfile best = cluster, c = cluster;
        double best_l = sq(timeErrors(cluster, nullptr));
        for (double eff = 0.2; eff <= 0.951; eff += 0.01)
            for (double x0 : {0.0, 32.0, 64.0, 128.0, 256.0, 512.0, 1024.0}) {
                c.gpu.gemm_efficiency = eff;
                c.gpu.gemm_half_saturation = x0;
                const double l = sq(timeErrors(c, nullptr));
                if (l < best_l) {
                    best_l = l;
                    best = c;
                }
            }
        cluster = best;
        cluster.provenance["gemm_efficiency"] = "fitted to a Hetu-Galvatron computation profile";
    }
    // Unnamed activation bytes of the runtime.
    if (fit.memory_points > 0) {
        RuntimeProfile best = runtime, r = runtime;
        double best_l = sq(memErrors(runtime, nullptr));
        for (double x = 0; x <= 80.0; x += 0.1) {
            r.activation_extra_h = x;
            const double l = sq(memErrors(r, nullptr));
            if (l < best_l) {
                best_l = l;
                best = r;
            }
        }
        runtime = best;
        runtime.provenance["activation_extra_h"] = "fitted to a Hetu-Galvatron memory profile";
    }
    fit.time_error_after = medAbs(timeErrors(cluster, &fit.lines));
    fit.memory_error_after = medAbs(memErrors(runtime, &fit.lines));
    fit.cluster = cluster;
    fit.runtime = runtime;
    return fit;
}

} // namespace gx
