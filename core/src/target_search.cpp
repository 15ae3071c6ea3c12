// SPDX-License-Identifier: Apache-2.0
// Target-constrained search (gx/target_search.h): the options narrowed to what a framework runs, the
// planner restricted to it (splits, vocabulary sharding, block recomputation: planner.cpp), Hetu's
// limits as passes, every plan checked again and priced against the best plan for any runtime.
#include "gx/target_search.h"

#include "gx/cost_model.h"
#include "gx/error.h"
#include "gx/search_space.h"
#include "target_internal.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

namespace gx {

using detail::contains;

SearchOptions optionsForTarget(SearchOptions o) {
    const Target t = o.target;
    if (t == Target::Any)
        return o;
    const TargetCapabilities& c = capabilities(t);
    // One strategy for all layers unless the target runs per-layer TP and DP types (Hetu-Galvatron's
    // per-layer SP and DP-type limits are passes of searchForTarget).
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
    if (c.sp_required)
        o.require_sp = true; // (with allow_sp off, no tensor parallelism)
    return o;
}

namespace {

/// The ring context-parallel degrees the space offers (Hetu-Galvatron's embedding degrees worth a part).
std::vector<int> ringDegrees(const CostModel& model, const SearchOptions& o) {
    std::set<int> cps;
    const SearchSpace space(model, o);
    for (int pp : space.pipelineDegrees())
        for (const auto& st : model.model().stacks)
            for (const auto& s : space.layerCandidates(pp, st.type))
                if (s.cp > 1 && s.cp_comm == CpComm::P2P)
                    cps.insert(s.cp);
    return {cps.begin(), cps.end()};
}

/// Hetu-Galvatron's space as a union of parts the planner searches exactly (SearchOptions::subspaces):
/// one default DP type (DDP or ZeRO-2) besides per-layer ZeRO-3; sequence parallelism on or off for all
/// tensor-parallel layers (when not required); the embedding's context-parallel degree vcp, which
/// lowers the global-batch rule's min cp when every layer runs ring attention of at least that degree
/// (hetuVocabCp). Empty when the target needs no parts.
std::vector<SubSpace> targetParts(const CostModel& model, const SearchOptions& base,
                                  const TargetCapabilities& caps) {
    std::vector<SubSpace> parts{SubSpace{base.dp_types, base.allow_sp, base.require_sp}};
    bool split = false;
    if (caps.dp_type_default_plus_zero3) {
        std::vector<SubSpace> next;
        for (const auto& group : {std::vector<DpType>{DpType::DDP, DpType::ZeRO3},
                                  std::vector<DpType>{DpType::ZeRO1, DpType::ZeRO2, DpType::ZeRO3}})
            for (const SubSpace& p : parts) {
                SubSpace q = p;
                q.dp_types.clear();
                for (DpType d : p.dp_types)
                    if (contains(group, d))
                        q.dp_types.push_back(d);
                if (!q.dp_types.empty() && std::find(next.begin(), next.end(), q) == next.end())
                    next.push_back(std::move(q));
            }
        split = split || next.size() > 1;
        parts = std::move(next);
    }
    if (!caps.per_layer_sp && caps.sp && !base.uniform_layers && base.allow_sp && !base.require_sp) {
        std::vector<SubSpace> next;
        for (const SubSpace& p : parts) {
            SubSpace on = p, off = p;
            on.require_sp = true;
            off.allow_sp = false;
            next.push_back(std::move(on));
            next.push_back(std::move(off));
        }
        split = true;
        parts = std::move(next);
    }
    if (caps.batch_per_tp_group)
        if (const std::vector<int> cps = ringDegrees(model, base); !cps.empty()) {
            std::vector<SubSpace> next;
            for (const SubSpace& p : parts) {
                next.push_back(p);
                for (int c : cps) {
                    SubSpace q = p;
                    q.vocab_cp = c;
                    next.push_back(std::move(q));
                }
            }
            split = true;
            parts = std::move(next);
        }
    return split ? parts : std::vector<SubSpace>{};
}

} // namespace

SearchResult searchForTarget(const CostModel& model, const SearchOptions& options,
                             const SearchObserver& observer, std::stop_token stop, double time_limit_s) {
    if (options.target == Target::Any)
        return searchAnytime(model, options, time_limit_s, observer, stop);
    const Target target = options.target;
    const TargetCapabilities& caps = capabilities(target);
    // No plan of a model the target cannot describe runs as planned: say so before searching.
    if (const auto lacks = modelInexpressible(model.model(), target); !lacks.empty())
        throw InputError("target", lacks.front() + (target == Target::Megatron
                                                        ? "; search for any runtime, or export a plan with "
                                                          "--lossy to write the closest model"
                                                        : "; search for another target (Megatron-LM) or for "
                                                          "any runtime"));
    SearchOptions o = optionsForTarget(options);
    o.subspaces = targetParts(model, o, caps);
    SearchResult r = searchAnytime(model, o, time_limit_s, observer, stop);
    std::vector<RankedPlan> sources;
    for (auto* list : {&r.per_config, &r.top, &r.frontier})
        sources.insert(sources.end(), list->begin(), list->end());
    // The top plans and the frontier are the search's proven answers; the other configurations' plans
    // are those it happened to solve before the bound cut them (thread timing), so only the proven ones
    // make the frontier below, which then does not change from run to run.
    std::vector<Plan> proven;
    for (auto* list : {&r.top, &r.frontier})
        for (const RankedPlan& p : *list)
            proven.push_back(p.plan);
    auto isProven = [&](const Plan& plan) {
        return std::any_of(proven.begin(), proven.end(), [&](const Plan& p) { return p.runsSameAs(plan); });
    };

    // The planner searched only what the target runs; every plan is checked again (and re-costed) so
    // that what is exported is exactly what was costed.
    std::vector<RankedPlan> kept;
    std::int64_t dropped = 0;
    for (const RankedPlan& src : sources) {
        if (stop.stop_requested())
            break;
        if (!inexpressible(model.model(), src.plan, target).empty()) {
            ++dropped;
            continue;
        }
        bool dup = false;
        for (const auto& k : kept)
            dup = dup || k.plan.runsSameAs(src.plan);
        if (dup)
            continue;
        PlanCost cost;
        try {
            cost = model.evaluate(src.plan);
        } catch (const InputError&) {
            ++dropped;
            continue;
        }
        if (!cost.fits()) {
            ++dropped;
            continue;
        }
        RankedPlan rp = src;
        rp.cost = cost;
        rp.predicted_time = cost.iteration_time;
        rp.predicted_peak = cost.peak_memory;
        kept.push_back(std::move(rp));
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
    // Frontier: the plans that no other is faster and smaller than.
    std::vector<RankedPlan> front;
    double best_mem = -1;
    for (const auto& k : kept)
        if (isProven(k.plan) && (best_mem < 0 || k.cost.peak_memory < best_mem)) {
            front.push_back(k);
            best_mem = k.cost.peak_memory;
            if (static_cast<int>(front.size()) >= std::max(1, options.frontier_points))
                break;
        }
    r.frontier = options.frontier_points > 0 ? front : std::vector<RankedPlan>{};
    if (!r.best && r.infeasible.kind == Infeasibility::Kind::None && !r.cancelled) {
        r.infeasible.kind = Infeasibility::Kind::Target;
        r.infeasible.model = model.model().name;
        r.infeasible.framework = caps.framework + " (" + caps.version + ")";
        r.infeasible_reason = describe(r.infeasible);
    }
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
