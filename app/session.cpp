// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - the explorer's working state (see session.h).
#include "session.h"

#include "file_save.h"
#include "gx/error.h"
#include "gx/profile_io.h"
#include "i18n.h"
#include "plan_utils.h"

#include <QFileInfo>

#include <nlohmann/json.hpp>

namespace gx::app {

Session::Session(QObject* parent) : QObject(parent) {}

std::shared_ptr<const CostModel> Session::planCostModel() const {
    return result_cm_ && result_ && !result_stale_ ? result_cm_ : cm_;
}

namespace {
/// `plan` costed again with `cm` under its name; nothing when it no longer fits the profiles.
std::optional<NamedPlan> recosted(const std::optional<NamedPlan>& plan, const CostModel& cm) {
    if (!plan)
        return std::nullopt;
    try {
        return NamedPlan{plan->name, plan->plan, cm.evaluate(plan->plan)};
    } catch (const std::exception&) {
        return std::nullopt;
    }
}
/// Whether two cost models cost plans alike: the same model, cluster and cost options.
bool sameInputs(const CostModel& a, const CostModel& b) {
    const CostOptions &x = a.options(), &y = b.options();
    return x.precision == y.precision && x.memory_budget_gib == y.memory_budget_gib &&
           x.memory_reserve_gib == y.memory_reserve_gib && toJson(x.runtime) == toJson(y.runtime) &&
           toJson(a.model()) == toJson(b.model()) && toJson(a.cluster()) == toJson(b.cluster());
}
} // namespace

bool Session::setProfiles(const ModelProfile& model, const ClusterProfile& cluster,
                          const SearchOptions& options, bool keep_result) {
    try {
        validateModel(model);
        validateCluster(cluster);
        cm_ = std::make_shared<const CostModel>(model, cluster, options.cost);
        const Plan plan = defaultPlan(model, cluster);
        baseline_ = NamedPlan{tr("Baseline (Megatron-style)"), plan, cm_->evaluate(plan)};
    } catch (const std::exception& e) {
        cm_.reset();
        baseline_.reset();
        emit error(QString::fromUtf8(e.what()));
        return false;
    }
    loaded_ = recosted(loaded_, *cm_);
    picked_ = recosted(picked_, *cm_);
    result_stale_ = result_ && !(result_cm_ && sameInputs(*result_cm_, *cm_));
    refreshKnown();
    if (!result_ || !keep_result) {
        // The plan on show, re-costed: by name and plan first (a picked plan may equal a top plan).
        int k = -1;
        for (std::size_t i = 0; current_ && k < 0 && i < known_.size(); ++i)
            if (known_[i].name == current_->name && known_[i].plan.runsSameAs(current_->plan))
                k = static_cast<int>(i);
        if (k < 0 && current_)
            k = knownIndexOf(current_->plan);
        showPlan(k >= 0 ? known_[static_cast<std::size_t>(k)] : *baseline_);
    }
    emit profilesChanged();
    return true;
}

void Session::clearResult() {
    result_.reset();
    result_cm_.reset();
    result_stale_ = false;
    refreshKnown();
}

void Session::setResult(std::shared_ptr<const SearchResult> result, std::shared_ptr<const CostModel> cm) {
    result_ = std::move(result);
    result_cm_ = std::move(cm);
    result_stale_ = result_ && result_cm_ && cm_ && !sameInputs(*result_cm_, *cm_);
    refreshKnown();
    if (result_ && result_->best) {
        if (!result_stale_)
            showPlan(NamedPlan{tr("Best plan"), result_->best->plan, result_->best->cost});
        else if (const int k = knownIndexOf(result_->best->plan); k >= 0)
            showPlan(known_[static_cast<std::size_t>(k)]);
    }
}

QString Session::topName(std::size_t i) const {
    const QString name = i == 0 ? tr("Best plan") : tr("Plan #%1").arg(i + 1);
    return result_stale_ ? tr("%1 (earlier search)").arg(name) : name;
}

bool Session::showTop(int row) {
    if (!result_ || row < 0 || row >= static_cast<int>(result_->top.size()))
        return false;
    const auto& rp = result_->top[static_cast<std::size_t>(row)];
    if (!result_stale_) {
        showPlan(NamedPlan{topName(static_cast<std::size_t>(row)), rp.plan, rp.cost});
        return true;
    }
    const int k = knownIndexOf(rp.plan); // re-costed with the current inputs, if it still fits them
    if (k < 0)
        return false;
    showPlan(known_[static_cast<std::size_t>(k)]);
    return true;
}

void Session::pick(const Plan& plan, const QString& name) {
    const auto cm = planCostModel();
    if (!cm)
        throw InputError("plan", "no valid model/cluster to evaluate the plan with");
    Plan p = plan;
    if (result_ && result_->best && p.target.empty()) // live points arrive before the result names it
        p.target = result_->best->plan.target;
    picked_ = NamedPlan{name, p, cm->evaluate(p)};
    refreshKnown();
    showPlan(*picked_);
}

bool Session::openPlanFile(const QString& path, QString* error) {
    try {
        if (!cm_)
            throw InputError("plan", "no valid model/cluster to evaluate the plan with");
        const Plan plan = loadPlanFile(path.toStdString());
        loaded_ = NamedPlan{tr("Loaded %1").arg(QFileInfo(path).fileName()), plan, cm_->evaluate(plan)};
        refreshKnown();
        showPlan(*loaded_);
        return true;
    } catch (const std::exception& e) {
        if (error)
            *error = tr("Cannot open plan %1: %2").arg(path, QString::fromUtf8(e.what()));
        return false;
    }
}

bool Session::savePlanFile(const QString& path, QString* error) const {
    if (!current_) {
        if (error)
            *error = tr("No plan to save yet.");
        return false;
    }
    QString why;
    if (saveJson(path, toJson(current_->plan), &why)) // QSaveFile: atomic
        return true;
    if (error)
        *error = path + QStringLiteral(": ") + why;
    return false;
}

void Session::showPlan(const NamedPlan& plan) {
    current_ = plan;
    emit currentPlanChanged(plan, planCostModel());
}

int Session::knownIndexOf(const Plan& plan) const {
    for (std::size_t i = 0; i < known_.size(); ++i)
        if (known_[i].plan.runsSameAs(plan))
            return static_cast<int>(i);
    return -1;
}

void Session::retranslate() {
    if (baseline_)
        baseline_->name = tr("Baseline (Megatron-style)");
    if (picked_)
        picked_->name = retranslated(picked_->name);
    if (loaded_)
        loaded_->name = retranslated(loaded_->name);
    refreshKnown();
    if (current_) {
        NamedPlan np = *current_;
        const int k = knownIndexOf(np.plan);
        np.name = k >= 0 ? known_[static_cast<std::size_t>(k)].name : retranslated(np.name);
        showPlan(np);
    }
}

void Session::refreshKnown() {
    known_.clear();
    if (result_)
        for (std::size_t i = 0; i < result_->top.size(); ++i) {
            const RankedPlan& rp = result_->top[i];
            if (!result_stale_)
                known_.push_back(NamedPlan{topName(i), rp.plan, rp.cost});
            else if (cm_) // a stale result's plans with the current inputs, those that still fit them
                if (auto np = recosted(NamedPlan{topName(i), rp.plan, rp.cost}, *cm_))
                    known_.push_back(*np);
        }
    if (baseline_)
        known_.push_back(*baseline_);
    if (picked_)
        known_.push_back(*picked_);
    if (loaded_)
        known_.push_back(*loaded_);
    emit knownPlansChanged(known_);
}

} // namespace gx::app
