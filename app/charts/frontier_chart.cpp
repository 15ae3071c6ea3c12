// SPDX-License-Identifier: Apache-2.0
#include "charts/frontier_chart.h"
#include "gx/units.h"

#include "charts/chart_legend.h"

#include "plan_utils.h"

#include <QChart>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace gx::app {

namespace {

void niceRange(QValueAxis* axis, double lo, double hi) {
    if (!(hi > lo)) {
        hi = lo + 1;
    }
    const double pad = (hi - lo) * 0.08;
    axis->setRange(std::max(0.0, lo - pad), hi + pad);
    axis->applyNiceNumbers();
}
} // namespace

FrontierChart::FrontierChart(QWidget* parent) : QChartView(parent) {
    auto* chart = new QChart();
    chart->setTitle(tr("Plans: iteration time vs peak memory per GPU"));
    all_ = new QScatterSeries(chart);
    all_->setName(tr("Evaluated plans"));
    all_->setMarkerSize(7);
    all_->setColor(QColor(140, 140, 140, 150));
    all_->setBorderColor(QColor(110, 110, 110, 150));
    front_line_ = new QLineSeries(chart);
    front_line_->setName(tr("Pareto front"));
    front_line_->setPen(QPen(seriesColor(0), 2.5));
    front_points_ = new QScatterSeries(chart);
    front_points_->setName(tr("Pareto-optimal plans"));
    front_points_->setMarkerSize(11);
    front_points_->setColor(seriesColor(0));
    current_ = new QScatterSeries(chart);
    current_->setName(tr("Shown plan"));
    current_->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    current_->setMarkerSize(15);
    current_->setColor(seriesColor(1));
    budget_line_ = new QLineSeries(chart);
    budget_line_->setName(tr("Memory budget"));
    budget_line_->setPen(QPen(QColor(220, 30, 30), 1.5, Qt::DashLine));
    for (auto* s :
         std::initializer_list<QXYSeries*>{all_, front_line_, front_points_, current_, budget_line_})
        chart->addSeries(s);
    ax_ = new QValueAxis(chart);
    ax_->setTitleText(tr("Peak memory per GPU (GiB)"));
    ay_ = new QValueAxis(chart);
    ay_->setTitleText(tr("Iteration time (s)"));
    chart->addAxis(ax_, Qt::AlignBottom);
    chart->addAxis(ay_, Qt::AlignLeft);
    for (auto* s : chart->series()) {
        s->attachAxis(ax_);
        s->attachAxis(ay_);
    }
    chart->legend()->setAlignment(Qt::AlignBottom);
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    legend_ = new WrappingLegend(this);
    auto clicked = [this](const QPointF& p) {
        const int i = nearestPoint(p);
        if (i >= 0)
            emit pointClicked(i);
    };
    connect(all_, &QScatterSeries::clicked, this, clicked);
    connect(front_points_, &QScatterSeries::clicked, this, clicked);
    refresh();
}

void FrontierChart::clear() {
    points_.clear();
    seen_.clear();
    front_.clear();
    current_index_ = -1;
    refresh();
}

void FrontierChart::addPoints(const std::vector<PlanPoint>& points) {
    for (const auto& p : points) {
        // Skip repeats of the same plan (incumbents are also frontier points; the final result
        // repeats the live ones).
        const auto key =
            std::make_tuple(p.time, p.memory, p.plan.pp, p.plan.global_batch, p.plan.num_micro,
                            p.plan.layers.empty() ? std::string() : p.plan.layers.front().label());
        if (seen_.insert(key).second)
            points_.push_back(p);
    }
    refresh();
}

void FrontierChart::setBudget(double bytes) {
    budget_ = bytes;
    refresh();
}

void FrontierChart::setCurrent(int index) {
    current_index_ = index;
    refresh();
}

std::vector<int> FrontierChart::paretoFront(const std::vector<PlanPoint>& points) {
    std::vector<int> idx(points.size());
    for (std::size_t i = 0; i < idx.size(); ++i)
        idx[i] = static_cast<int>(i);
    std::sort(idx.begin(), idx.end(), [&](int a, int b) {
        const auto& pa = points[static_cast<std::size_t>(a)];
        const auto& pb = points[static_cast<std::size_t>(b)];
        return pa.memory != pb.memory ? pa.memory < pb.memory : pa.time < pb.time;
    });
    std::vector<int> front;
    double best_time = std::numeric_limits<double>::infinity();
    for (int i : idx) {
        const double t = points[static_cast<std::size_t>(i)].time;
        if (t < best_time) { // strictly faster than every smaller plan
            front.push_back(i);
            best_time = t;
        }
    }
    return front;
}

int FrontierChart::nearestPoint(QPointF value) const {
    if (points_.empty())
        return -1;
    // Distance in axis-normalised units so both axes count equally.
    const double sx = std::max(1e-12, ax_->max() - ax_->min());
    const double sy = std::max(1e-12, ay_->max() - ay_->min());
    int best = -1;
    double best_d = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < points_.size(); ++i) {
        const double dx = (points_[i].memory / kGiB - value.x()) / sx;
        const double dy = (points_[i].time - value.y()) / sy;
        const double d = dx * dx + dy * dy;
        if (d < best_d) {
            best_d = d;
            best = static_cast<int>(i);
        }
    }
    return best;
}

void FrontierChart::refresh() {
    front_ = paretoFront(points_);
    QList<QPointF> all, fp, line;
    all.reserve(static_cast<qsizetype>(points_.size()));
    double xmin = std::numeric_limits<double>::infinity(), xmax = 0, ymin = xmin, ymax = 0;
    for (const auto& p : points_) {
        all.append(QPointF(p.memory / kGiB, p.time));
        xmin = std::min(xmin, p.memory / kGiB);
        xmax = std::max(xmax, p.memory / kGiB);
        ymin = std::min(ymin, p.time);
        ymax = std::max(ymax, p.time);
    }
    for (std::size_t k = 0; k < front_.size(); ++k) {
        const auto& p = points_[static_cast<std::size_t>(front_[k])];
        fp.append(QPointF(p.memory / kGiB, p.time));
        // Step line: from this plan, time stays until the next (larger, faster) plan.
        if (k > 0)
            line.append(QPointF(p.memory / kGiB, line.back().y()));
        line.append(QPointF(p.memory / kGiB, p.time));
    }
    all_->replace(all);
    front_points_->replace(fp);
    front_line_->replace(line);
    QList<QPointF> cur;
    if (current_index_ >= 0 && current_index_ < static_cast<int>(points_.size()))
        cur.append(QPointF(points_[static_cast<std::size_t>(current_index_)].memory / kGiB,
                           points_[static_cast<std::size_t>(current_index_)].time));
    current_->replace(cur);
    if (points_.empty()) {
        xmin = 0;
        xmax = budget_ > 0 ? budget_ / kGiB : 80;
        ymin = 0;
        ymax = 1;
    }
    if (budget_ > 0)
        xmax = std::max(xmax, budget_ / kGiB);
    niceRange(ax_, xmin, xmax);
    niceRange(ay_, ymin, ymax);
    if (budget_ > 0)
        budget_line_->replace({QPointF(budget_ / kGiB, ay_->min()), QPointF(budget_ / kGiB, ay_->max())});
    else
        budget_line_->clear();
}

// ---------------------------------------------------------------------------------------------------
SweepChart::SweepChart(const QString& x_title, QWidget* parent) : QChartView(parent) {
    auto* chart = new QChart();
    chart->setTitle(tr("Throughput vs %1").arg(x_title));
    line_ = new QLineSeries(chart);
    line_->setName(tr("Best plan"));
    line_->setPen(QPen(seriesColor(0), 2.5));
    dots_ = new QScatterSeries(chart);
    dots_->setName(tr("Searched point"));
    dots_->setMarkerSize(9);
    dots_->setColor(seriesColor(0));
    ideal_ = new QLineSeries(chart);
    ideal_->setName(tr("Linear scaling from the first point"));
    ideal_->setPen(QPen(QColor(150, 150, 150), 1.5, Qt::DashLine));
    chart->addSeries(ideal_);
    chart->addSeries(line_);
    chart->addSeries(dots_);
    ax_ = new QValueAxis(chart);
    ax_->setTitleText(x_title);
    ax_->setLabelFormat(QStringLiteral("%g"));
    ay_ = new QValueAxis(chart);
    ay_->setTitleText(tr("Tokens / s"));
    ay_->setLabelFormat(QStringLiteral("%.0f")); // plain numbers, not 1.2e+04
    chart->addAxis(ax_, Qt::AlignBottom);
    chart->addAxis(ay_, Qt::AlignLeft);
    for (auto* s : chart->series()) {
        s->attachAxis(ax_);
        s->attachAxis(ay_);
    }
    chart->legend()->setAlignment(Qt::AlignBottom);
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    legend_ = new WrappingLegend(this);
    setPoints({});
}

void SweepChart::changeEvent(QEvent* e) {
    QChartView::changeEvent(e);
    if (e->type() == QEvent::LanguageChange) { // the axis title is retranslated by then
        chart()->setTitle(tr("Throughput vs %1").arg(ax_->titleText()));
        setPoints(points_);
    }
}

void SweepChart::setPoints(const std::vector<SweepPoint>& points) {
    points_ = points;
    QList<QPointF> pts, ideal;
    double xmax = 1, ymax = 1, xmin = 0;
    // Large throughputs in thousands, so that axis labels stay short ("120", not "120000").
    double top = 0;
    for (const auto& p : points_)
        if (p.feasible)
            top = std::max(top, p.tokens_per_s);
    const double unit = top >= 1e4 ? 1000.0 : 1.0;
    // Thousands as "100k": a short axis title that fits short (stacked) charts in every language.
    ay_->setTitleText(tr("Tokens / s"));
    ay_->setLabelFormat(unit > 1 ? QStringLiteral("%.0fk") : QStringLiteral("%.0f"));
    const SweepPoint* first = nullptr;
    for (const auto& p : points_) {
        if (!p.feasible)
            continue;
        if (!first)
            first = &p;
        pts.append(QPointF(p.x, p.tokens_per_s / unit));
        xmax = std::max(xmax, p.x);
        ymax = std::max(ymax, p.tokens_per_s / unit);
    }
    if (first && first->x > 0) {
        for (const auto& p : points_)
            if (p.x >= first->x)
                ideal.append(QPointF(p.x, first->tokens_per_s / unit * p.x / first->x));
        xmin = first->x;
    }
    line_->replace(pts);
    dots_->replace(pts);
    ideal_->replace(ideal);
    ax_->setRange(xmin > 0 ? xmin * 0.9 : 0, xmax * 1.05);
    // GPU counts and batch sizes are integers: whole-number ticks (no "14.4 GPUs").
    const bool integral = std::all_of(points_.begin(), points_.end(),
                                      [](const SweepPoint& p) { return p.x == std::floor(p.x); });
    if (integral) {
        ax_->applyNiceNumbers();
        const double span = ax_->max() - ax_->min();
        int ticks = 5;
        for (int t = 5; t >= 3; --t)
            if (std::fmod(span, t - 1) == 0) {
                ticks = t;
                break;
            }
        ax_->setTickCount(ticks);
        ax_->setLabelFormat(QStringLiteral("%.0f"));
    } else {
        ax_->setLabelFormat(QStringLiteral("%g"));
    }
    ay_->setRange(0, ymax * 1.15);
    ay_->applyNiceNumbers();
}

} // namespace gx::app
