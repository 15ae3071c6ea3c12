// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - the explorer's working state, one object the views subscribe to: the cost model
// of the edited profiles, the last search result, the plans the user can show and compare (the best
// plans, the Megatron-style baseline, a picked frontier point, a loaded plan) and the plan on show.
// MainWindow keeps layout and menus and connects the views to these signals.
#pragma once

#include "gx/cost_model.h"
#include "gx/planner.h"
#include "views/plan_view.h"

#include <QObject>

#include <memory>
#include <optional>
#include <vector>

namespace gx::app {

class Session : public QObject {
    Q_OBJECT
public:
    explicit Session(QObject* parent = nullptr);

    /// New profiles or search settings (runtime, precision, budget): rebuilds the cost model and the
    /// baseline plan and re-costs the picked and loaded plans with it (dropping those that no longer
    /// fit the profiles). A search result on record becomes stale: its plans stay known, re-costed with
    /// the new inputs and named "(earlier search)", so every figure on show is one of the current
    /// inputs. The plan on show stays (re-costed) while it still fits, else the baseline is shown,
    /// unless a search is running (keep_result). Emits profilesChanged. On invalid profiles clears
    /// the cost model, emits error and returns false.
    bool setProfiles(const ModelProfile& model, const ClusterProfile& cluster, const SearchOptions& options,
                     bool keep_result);

    /// Cost model of the edited profiles (null until valid profiles were set).
    std::shared_ptr<const CostModel> costModel() const { return cm_; }
    /// Cost model plans are shown with: the search result's while one of the current inputs is on record.
    std::shared_ptr<const CostModel> planCostModel() const;

    /// A search starts: the previous result no longer applies.
    void clearResult();
    /// A search finished: its plans become known ("Best plan", "Plan #2", ...); the best is shown.
    /// When the inputs changed while it ran, it is stale at once (see setProfiles).
    void setResult(std::shared_ptr<const SearchResult> result, std::shared_ptr<const CostModel> cm);
    /// The result on record was searched on other inputs (model, cluster, runtime, precision, budget)
    /// than the current ones.
    bool resultStale() const { return result_ && result_stale_; }
    const std::shared_ptr<const SearchResult>& result() const { return result_; }

    /// Shows plan `row` of the result's top plans; false when there is no such plan.
    bool showTop(int row);
    /// Evaluates `plan` with planCostModel() and shows it as the picked plan (a frontier point).
    /// Throws InputError when the plan does not fit the profiles.
    void pick(const Plan& plan, const QString& name);
    /// Reads a plan file, evaluates it with the profiles' cost model and shows it.
    bool openPlanFile(const QString& path, QString* error);
    /// Writes the plan on show (atomically); false with a reason when there is none or the write fails.
    bool savePlanFile(const QString& path, QString* error) const;

    void showPlan(const NamedPlan& plan);
    const std::optional<NamedPlan>& currentPlan() const { return current_; }
    const std::vector<NamedPlan>& knownPlans() const { return known_; }
    /// Index in knownPlans() of a plan that runs the same as `plan` (Plan::runsSameAs), or -1.
    int knownIndexOf(const Plan& plan) const;
    /// After a language change: the plan names in the new language (signals as on any change).
    void retranslate();

signals:
    void profilesChanged();
    void error(const QString& message);
    void knownPlansChanged(const std::vector<NamedPlan>& plans);
    /// `cm` is the cost model the plan was evaluated with.
    void currentPlanChanged(const NamedPlan& plan, std::shared_ptr<const CostModel> cm);

private:
    QString topName(std::size_t i) const;
    void refreshKnown();

    std::shared_ptr<const CostModel> cm_;
    std::shared_ptr<const SearchResult> result_;
    std::shared_ptr<const CostModel> result_cm_;
    std::optional<NamedPlan> current_, baseline_, picked_, loaded_;
    std::vector<NamedPlan> known_;
    bool result_stale_ = false;
};

} // namespace gx::app
