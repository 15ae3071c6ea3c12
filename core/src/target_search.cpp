// SPDX-License-Identifier: Apache-2.0
// Target-constrained search (gx/target_search.h): the options narrowed to what a framework runs, the
// planner's plans made expressible (vocabulary TP, stage split, block recomputation), post-checked and
// priced against the best plan for any runtime.
#include "gx/target_search.h"

#include "gx/cost_model.h"
#include "gx/error.h"
#include "target_internal.h"

#include <algorithm>
#include <cstdio>
#include <map>

namespace gx {

using detail::allSame;
using detail::contains;

SearchOptions optionsForTarget(SearchOptions o) {
    const Target t = o.target;
    if (t == Target::Any)
        return o;
    const TargetCapabilities& c = capabilities(t);
    // One strategy for all layers unless the target runs per-layer TP and DP types; per-layer SP mixes are
    // made uniform after the planner (expressibleVariants).
    if (!c.per_layer_tp || !c.per_layer_dp_type)
        o.uniform_layers = true;
    std::vector<DpType> types;
    for (DpType d : o.dp_types)
        if (contains(c.dp_types, d))
            types.push_back(d);
    if (types.empty()) {
        std::string names;
        for (DpType d : c.dp_types)
            names += (names.empty() ? "" : ", ") + std::string(dpLabel(d));
        throw InputError("dp_types", c.framework + " (" + c.version +
                                         ") runs none of the allowed data-parallel types; it runs " + names);
    }
    o.dp_types = types;
    std::vector<Schedule> sch;
    for (Schedule s : o.schedules)
        if (std::find(c.schedules.begin(), c.schedules.end(), s) != c.schedules.end())
            sch.push_back(s);
    if (sch.empty()) {
        std::string names;
        for (Schedule x : c.schedules)
            names += (names.empty() ? "" : ", ") + std::string(toString(x));
        throw InputError("schedules", c.framework + " (" + c.version +
                                          ") runs none of the allowed pipeline schedules; it runs " + names);
    }
    o.schedules = sch;
    if (!c.sp)
        o.allow_sp = false;
    // The post-check below changes costs of some configurations (vocabulary TP, DeepSpeed's split,
    // block recomputation), so the planner must return every configuration's optimum, not only those
    // that can beat its k-th best.
    if (std::find(o.disabled_rules.begin(), o.disabled_rules.end(), "time-lower-bound") ==
        o.disabled_rules.end())
        o.disabled_rules.push_back("time-lower-bound");
    return o;
}

std::vector<Plan> expressibleVariants(const Plan& plan, Target target) {
    std::vector<Plan> out;
    if (target == Target::Any || plan.layers.empty()) {
        out.push_back(plan);
        return out;
    }
    const TargetCapabilities& c = capabilities(target);
    Plan p = plan;
    const int G = p.stageGpus();
    const bool same_tp = allSame(p, [](const LayerStrategy& l) { return l.tp; });
    const bool same_dt = allSame(p, [](const LayerStrategy& l) { return l.dp_type; });
    if (!c.vocab_tp_free && same_tp)
        p.vocab_tp = c.vocab_tp_one ? 1 : p.layers.front().tp;
    if (!c.vocab_dp_type_free && same_dt)
        p.vocab_dp_type = (p.vocab_tp > 0 && G / p.vocab_tp > 1) ? p.layers.front().dp_type : DpType::DDP;
    if (!c.uneven_split && p.pp > 1 && !p.stage_layers.empty()) {
        const int L = static_cast<int>(p.layers.size()), chunks = static_cast<int>(p.stage_layers.size());
        if (c.split_partition_uniform && p.virtual_stages <= 1)
            p.stage_layers = deepspeedUniformSplit(L, p.pp);
        else if (!c.split_partition_uniform && L % chunks == 0)
            p.stage_layers.assign(static_cast<std::size_t>(chunks), L / chunks);
    }
    if (c.dp_type_default_plus_zero3) {
        // One default type (DDP or ZeRO-2) for every non-ZeRO-3 layer: try both when they are mixed.
        bool has_ddp = false, has_z2 = false;
        for (const auto& l : p.layers) {
            has_ddp = has_ddp || (l.dp > 1 && l.dp_type == DpType::DDP);
            has_z2 = has_z2 || (l.dp > 1 && (l.dp_type == DpType::ZeRO2 || l.dp_type == DpType::ZeRO1));
        }
        std::vector<DpType> defaults;
        if (has_ddp && has_z2)
            defaults = {DpType::DDP, DpType::ZeRO2};
        else
            defaults = {has_z2 ? DpType::ZeRO2 : DpType::DDP};
        for (DpType d : defaults) {
            Plan q = p;
            for (auto& l : q.layers)
                if (l.dp_type != DpType::ZeRO3)
                    l.dp_type = l.dp > 1 ? d : DpType::DDP;
            if (q.vocab_dp_type != DpType::ZeRO3)
                q.vocab_dp_type = d;
            out.push_back(std::move(q));
        }
    } else {
        out.push_back(std::move(p));
    }
    if (!c.per_layer_sp && c.sp) {
        // Sequence parallelism on for every tensor-parallel layer, or off for all: try both.
        std::vector<Plan> both;
        for (const Plan& q : out) {
            bool on = false, off = false;
            for (const auto& l : q.layers)
                if (l.tp > 1)
                    (l.sp ? on : off) = true;
            if (on && off)
                for (bool v : {true, false}) {
                    Plan r = q;
                    for (auto& l : r.layers)
                        l.sp = l.tp > 1 && v;
                    both.push_back(std::move(r));
                }
            else
                both.push_back(q);
        }
        out = std::move(both);
    }
    std::vector<Plan> ok;
    for (auto& q : out)
        if (inexpressible(q, target).empty())
            ok.push_back(std::move(q));
    return ok;
}

namespace {

/// The plan with the first n layers of every chunk fully recomputed and the others not.
Plan withBlock(const Plan& plan, int n) {
    Plan p = plan;
    int start = 0;
    for (int len : p.stage_layers) {
        for (int i = 0; i < len; ++i)
            p.layers[static_cast<std::size_t>(start + i)].ckpt = i < n ? Checkpoint::Full : Checkpoint::None;
        start += len;
    }
    return p;
}

} // namespace

SearchResult searchForTarget(const CostModel& model, const SearchOptions& options,
                             const SearchObserver& observer, std::stop_token stop) {
    if (options.target == Target::Any)
        return search(model, options, observer, stop);
    const Target target = options.target;
    const TargetCapabilities& caps = capabilities(target);
    // No plan of a model the target cannot describe runs as planned: say so before searching.
    if (const auto lacks = modelInexpressible(model.model(), target); !lacks.empty())
        throw InputError("target",
                         lacks.front() + "; search for another target (Megatron-LM) or for any runtime");
    const SearchOptions o = optionsForTarget(options);
    SearchResult r = search(model, o, observer, stop);

    std::vector<RankedPlan> kept;
    std::int64_t dropped = 0;
    auto consider = [&](const Plan& p) {
        PlanCost cost;
        try {
            cost = model.evaluate(p);
        } catch (const InputError&) {
            ++dropped;
            return;
        }
        if (!cost.fits()) {
            ++dropped;
            return;
        }
        for (const auto& k : kept)
            if (k.plan.runsSameAs(p))
                return;
        RankedPlan rp;
        rp.plan = p;
        rp.cost = cost;
        rp.predicted_time = cost.iteration_time;
        rp.predicted_peak = cost.peak_memory;
        kept.push_back(std::move(rp));
    };
    std::vector<const RankedPlan*> sources;
    for (const auto& rp : r.per_config)
        sources.push_back(&rp);
    for (const auto& rp : r.top)
        sources.push_back(&rp);
    for (const auto& rp : r.frontier)
        sources.push_back(&rp);
    for (const RankedPlan* src : sources) {
        if (stop.stop_requested())
            break;
        const auto variants = expressibleVariants(src->plan, target);
        if (variants.empty())
            ++dropped;
        for (const Plan& v : variants) {
            consider(v);
            // Megatron: fewer recomputed layers per stage (--recompute-method block) when they fit.
            const bool all_full = std::all_of(v.layers.begin(), v.layers.end(), [](const LayerStrategy& l) {
                return l.ckpt == Checkpoint::Full;
            });
            if (caps.recompute.block && !caps.recompute.per_layer && all_full && !v.stage_layers.empty()) {
                int lo = 0, hi = *std::max_element(v.stage_layers.begin(), v.stage_layers.end());
                // Smallest N that fits (memory falls as N grows; time rises).
                while (lo < hi) {
                    const int mid = (lo + hi) / 2;
                    bool fits = false;
                    try {
                        fits = model.evaluate(withBlock(v, mid)).fits();
                    } catch (const InputError&) {
                    }
                    if (fits)
                        hi = mid;
                    else
                        lo = mid + 1;
                }
                const Plan b = withBlock(v, lo);
                if (inexpressible(b, target).empty())
                    consider(b);
            }
        }
    }
    std::stable_sort(kept.begin(), kept.end(), [](const RankedPlan& a, const RankedPlan& b) {
        const double ta = timePerSample(a), tb = timePerSample(b);
        if (ta != tb)
            return ta < tb;
        return a.cost.peak_memory < b.cost.peak_memory;
    });
    r.per_config = kept;
    r.top.assign(kept.begin(),
                 kept.begin() + std::min<std::ptrdiff_t>(std::max(1, options.top_k),
                                                         static_cast<std::ptrdiff_t>(kept.size())));
    r.best = kept.empty() ? std::nullopt : std::optional<RankedPlan>(kept.front());
    // Frontier: the expressible plans that no other is faster and smaller than.
    std::vector<RankedPlan> front;
    double best_mem = -1;
    for (const auto& k : kept)
        if (best_mem < 0 || k.cost.peak_memory < best_mem) {
            front.push_back(k);
            best_mem = k.cost.peak_memory;
            if (static_cast<int>(front.size()) >= std::max(1, options.frontier_points))
                break;
        }
    r.frontier = options.frontier_points > 0 ? front : std::vector<RankedPlan>{};
    if (!r.best && r.infeasible_reason.empty() && !r.cancelled)
        r.infeasible_reason = "no plan that " + caps.framework + " (" + caps.version +
                              ") can run fits the memory budget (" + std::to_string(dropped) +
                              " configurations dropped after costing them as the target runs them)";
    r.stats.pruned_by_rule.emplace_back("target-post-check", dropped);
    return r;
}

std::string targetPriceLine(Target target, const RankedPlan& t, const RankedPlan& a) {
    const double tt = timePerSample(t), ta = timePerSample(a);
    char buf[256];
    std::snprintf(
        buf, sizeof buf,
        "best for %s %.3f s/iteration; best for any runtime %.3f s/iteration (%+.1f%% time per sample)",
        capabilities(target).framework.c_str(), t.cost.iteration_time, a.cost.iteration_time,
        ta > 0 ? (tt / ta - 1.0) * 100.0 : 0.0);
    return buf;
}

} // namespace gx
