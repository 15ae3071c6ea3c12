// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - plan summary + time breakdown + per-layer table, and the two-plan comparison.
#pragma once

#include "gx/cost_model.h"
#include "views/layer_table_model.h"
#include "views/plan_widgets.h"

#include <QWidget>

#include <memory>
#include <vector>

class QLabel;
class QTableView;
class QComboBox;
class QTableWidget;

namespace gx::app {

/// A plan the user can look at, with its cost under a cost model.
struct NamedPlan {
    QString name;
    Plan plan;
    PlanCost cost;
};

class PlanView : public QWidget {
    Q_OBJECT
public:
    explicit PlanView(QWidget* parent = nullptr);
    void setPlan(std::shared_ptr<const CostModel> cm, const NamedPlan& plan);
    /// The last search's target framework, its price (core's targetPriceLine, empty for Any) and what
    /// the best plan for any runtime uses that the target cannot express (core's inexpressible()).
    /// Shown with the plans of that search (Plan::target); call before setPlan.
    void setTargetInfo(Target target, const std::string& price, const std::vector<std::string>& lost);
    /// The target line of the summary (plain text), for tests.
    QString targetText() const;
    void clear();
    LayerTableModel* layerModel() const { return model_; }
    QTableView* table() const { return table_; }
    QString summaryText() const;

private:
    /// `model` may be null (no cost model yet): then only the plan's own features are checked.
    QString targetLine(const ModelProfile* model, const Plan& p, QString* tip) const;
    QLabel* summary_;
    QLabel* target_;
    Target target_kind_ = Target::Any;
    std::string price_;
    std::vector<std::string> lost_;
    TimeBreakdownWidget* breakdown_;
    LayerTableModel* model_;
    QTableView* table_;
};

/// Two plans side by side: metrics with deltas, memory per stage and time breakdown of each.
class CompareView : public QWidget {
    Q_OBJECT
public:
    explicit CompareView(QWidget* parent = nullptr);
    /// Plans offered in both selectors (keeps the selection by name where possible).
    void setPlans(const std::vector<NamedPlan>& plans, double gpu_capacity);
    void select(int a, int b);
    QTableWidget* metricsTable() const { return metrics_; }
    /// Metric rows: name, value A, value B, delta text.
    int rowCount() const;

private:
    void refresh();
    std::vector<NamedPlan> plans_;
    double capacity_ = 0;
    QComboBox *a_box_, *b_box_;
    QTableWidget* metrics_;
    MemoryBarsWidget *mem_a_, *mem_b_;
    TimeBreakdownWidget *time_a_, *time_b_;
};

} // namespace gx::app
