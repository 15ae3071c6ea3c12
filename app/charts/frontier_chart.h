// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - Qt Charts wrappers (Qt Charts is deprecated after Qt 6.10; all chart code lives
// in app/charts so that a move to Qt Graphs touches only this folder).
#pragma once

#include "search_controller.h"

#include <QChartView>
#include <QWidget>

#include <set>
#include <string>
#include <tuple>
#include <vector>

QT_BEGIN_NAMESPACE
class QScatterSeries;
class QLineSeries;
class QValueAxis;
class QLogValueAxis;
QT_END_NAMESPACE

namespace gx::app {

class WrappingLegend;

/// Iteration time (y) vs peak memory per GPU (x) of every plan the search reported; the Pareto front
/// (no other plan is both faster and smaller) is drawn as a highlighted step line. Updates live.
class FrontierChart : public QChartView {
    Q_OBJECT
public:
    explicit FrontierChart(QWidget* parent = nullptr);
    void clear();
    void addPoints(const std::vector<PlanPoint>& points);
    /// Memory budget per GPU (vertical dashed line), bytes.
    void setBudget(double bytes);
    /// Marks the plan currently shown.
    void setCurrent(int index);
    const std::vector<PlanPoint>& points() const { return points_; }
    /// Indices of points on the Pareto front, by increasing memory.
    const std::vector<int>& frontIndices() const { return front_; }
    /// Index of the plan point nearest to (memory GiB, time s) in chart values, or -1.
    int nearestPoint(QPointF value) const;
    /// The legend under the plot (wraps instead of eliding).
    WrappingLegend* legendBox() const { return legend_; }
    /// Recomputes series from points_ (called after a batch).
    void refresh();

    /// Pareto front of (time, memory) pairs, both minimised: indices sorted by memory ascending.
    static std::vector<int> paretoFront(const std::vector<PlanPoint>& points);

signals:
    void pointClicked(int index);

private:
    std::vector<PlanPoint> points_;
    std::set<std::tuple<double, double, int, int, int, std::string>> seen_;
    std::vector<int> front_;
    QScatterSeries* all_;
    QScatterSeries* front_points_;
    QLineSeries* front_line_;
    QScatterSeries* current_;
    QLineSeries* budget_line_;
    QValueAxis* ax_;
    QValueAxis* ay_;
    WrappingLegend* legend_;
    double budget_ = 0;
    int current_index_ = -1;
};

/// A sweep result: throughput at one x (GPU count or global batch).
struct SweepPoint {
    double x = 0;
    double samples_per_s = 0;
    double tokens_per_s = 0;
    double iteration_time = 0;
    double memory = 0;
    bool feasible = false;
    QString label;
};

/// Throughput (tokens/s) vs a swept variable, plus an ideal-linear-scaling reference line.
class SweepChart : public QChartView {
    Q_OBJECT
public:
    explicit SweepChart(const QString& x_title, QWidget* parent = nullptr);
    void setPoints(const std::vector<SweepPoint>& points);
    const std::vector<SweepPoint>& points() const { return points_; }
    WrappingLegend* legendBox() const { return legend_; }

protected:
    void changeEvent(QEvent* e) override;

private:
    std::vector<SweepPoint> points_;
    QLineSeries* line_;
    QScatterSeries* dots_;
    QLineSeries* ideal_;
    QValueAxis* ax_;
    QValueAxis* ay_;
    WrappingLegend* legend_;
};

} // namespace gx::app
