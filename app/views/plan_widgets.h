// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - painted plan views: per-stage memory bars, time breakdown, pipeline timeline.
#pragma once

#include "gx/cost_model.h"
#include "plan_utils.h"

#include <QWidget>

#include <vector>

namespace gx::app {

/// Stacked bars (weights, grads, optimizer, activations, transient, embedding, reserved) per stage,
/// against the GPU's capacity and the plan's budget (dashed lines). Stages over budget are outlined red.
class MemoryBarsWidget : public QWidget {
    Q_OBJECT
public:
    explicit MemoryBarsWidget(QWidget* parent = nullptr);
    void setCost(const PlanCost& cost, double gpu_capacity_bytes);
    void clear();
    QSize sizeHint() const override { return {520, 320}; }
    /// Room for a readable plot (100 px) above the legend, which wraps to more lines when narrow.
    QSize minimumSizeHint() const override;
    /// Names of the stacked parts, bottom to top (legend order).
    static QStringList partNames();
    /// The parts of one stage, in partNames() order.
    static std::vector<double> parts(const MemoryBreakdown& m);
    const std::vector<MemoryBreakdown>& stages() const { return stages_; }
    /// The x-axis labels as drawn at the current size ("stage N", or N alone where those do not fit,
    /// an empty string for a stage left unlabelled), and the stages whose value shows above the bar.
    QStringList stageLabels() const;
    std::vector<int> valuesShown() const;

protected:
    void paintEvent(QPaintEvent*) override;
    bool event(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    QRectF barRect(int stage, const QRectF& plot) const;
    /// How the labels fit the bars' pitch: words or numbers, every how many stages, the peak stage.
    struct LabelLayout {
        bool words = true;
        int name_every = 1, value_every = 1, peak = 0;
    };
    LabelLayout labelLayout(const QRectF& plot) const;
    bool valueShown(const LabelLayout& l, int stage) const;
    QRectF plotRect() const;
    double legendHeight() const;
    int legend_lines_ = 0;
    std::vector<MemoryBreakdown> stages_;
    std::vector<double> params_; ///< per stage, per GPU (StageCost::params)
    double capacity_ = 0, budget_ = 0;
};

/// One horizontal stacked bar of the iteration time (compute, recompute, exposed TP/DP/ZeRO/PP/switch
/// communication, bubble, optimizer) with a legend that gives each part's time and share.
class TimeBreakdownWidget : public QWidget {
    Q_OBJECT
public:
    explicit TimeBreakdownWidget(QWidget* parent = nullptr);
    void setBreakdown(const TimeBreakdown& t, double iteration_time);
    void clear();
    static QStringList partNames();
    static std::vector<double> parts(const TimeBreakdown& t);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    /// The legend's entries ("Compute 2.509 s (91.3%)") and their colours, parts present only.
    QStringList legendNames(std::vector<QColor>* colors = nullptr) const;
    TimeBreakdown t_;
    double total_ = 0;
    bool valid_ = false;
};

/// Pipeline timeline: one row per stage, forward (light) and backward (dark) blocks per micro-batch,
/// idle time (bubbles) left empty, gradient sync + optimizer step as a hatched tail.
class TimelineWidget : public QWidget {
    Q_OBJECT
public:
    explicit TimelineWidget(QWidget* parent = nullptr);
    void setPlan(const Plan& plan, const PlanCost& cost);
    void clear();
    const std::vector<TimelineOp>& ops() const { return ops_; }
    double makespan() const { return makespan_; }
    /// Idle fraction of the stage-time rectangle before the tail (pipeline bubble share).
    double bubbleFraction() const;
    QSize sizeHint() const override { return {720, 300}; }
    QSize minimumSizeHint() const override { return {300, 140}; }

protected:
    void paintEvent(QPaintEvent*) override;
    bool event(QEvent* e) override;

private:
    void legendItems(QStringList& names, std::vector<QColor>& colors) const;
    QRectF plotRect() const;
    Plan plan_;
    PlanCost cost_;
    std::vector<TimelineOp> ops_;
    double makespan_ = 0;
    double tail_ = 0;
};

} // namespace gx::app
