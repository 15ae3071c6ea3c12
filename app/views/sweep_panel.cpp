// SPDX-License-Identifier: Apache-2.0
#include "views/sweep_panel.h"

#include "plan_utils.h"

#include "app_resources.h"

#include <QBoxLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QResizeEvent>
#include <QVBoxLayout>

#include <algorithm>

namespace gx::app {

void SweepPanel::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    // Side by side only where each chart keeps room for its title and axis (about 420 px); narrower
    // (1024 px windows) the charts stack.
    charts_->setDirection(width() >= 2 * kMinChartWidth ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
}

SweepPanel::SweepPanel(QWidget* parent) : QWidget(parent) {
    controller_ = new SearchController(this);
    auto* lay = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    run_ = new QPushButton(icon(QStringLiteral("run")), tr("Run sweeps"), this);
    run_->setToolTip(tr("Search the best plan for each GPU count and each global batch size"));
    bar_ = new QProgressBar(this);
    bar_->setRange(0, 1);
    bar_->setValue(0);
    status_ = new QLabel(this);
    status_->setWordWrap(true); // no minimum width that squeezes the docks at 1024 px
    top->addWidget(run_);
    top->addWidget(bar_, 1);
    top->addWidget(status_, 2);
    lay->addLayout(top);
    charts_ = new QBoxLayout(QBoxLayout::TopToBottom); // side by side once wide enough
    gpu_chart_ = new SweepChart(tr("GPU count"), this);
    batch_chart_ = new SweepChart(tr("global batch size"), this);
    charts_->addWidget(gpu_chart_);
    charts_->addWidget(batch_chart_);
    lay->addLayout(charts_, 1);
    connect(run_, &QPushButton::clicked, this, [this] { running_ ? cancel() : start(); });
    connect(controller_, &SearchController::finished, this,
            [this](quint64, std::shared_ptr<const SearchResult> r, std::shared_ptr<const CostModel>) {
                if (!running_)
                    return;
                SweepPoint p;
                p.x = current_.second;
                if (r->best && !r->cancelled) {
                    p.feasible = true;
                    p.samples_per_s = r->best->cost.samples_per_s;
                    p.tokens_per_s = r->best->cost.tokens_per_s;
                    p.iteration_time = r->best->cost.iteration_time;
                    p.memory = r->best->cost.peak_memory;
                    p.label = planSummary(r->best->plan);
                }
                if (current_.first) {
                    gpu_points_.push_back(p);
                    gpu_chart_->setPoints(gpu_points_);
                } else {
                    batch_points_.push_back(p);
                    batch_chart_->setPoints(batch_points_);
                }
                next();
            });
    connect(controller_, &SearchController::failed, this,
            [this](quint64, const QString&, const QString& msg) {
                status_->setText(msg);
                next();
            });
}

std::vector<int> SweepPanel::gpuCounts(const ClusterProfile& c) {
    std::vector<int> out;
    const int total = c.totalGpus();
    for (int g = 1; g <= total; g *= 2)
        out.push_back(g);
    if (out.empty() || out.back() != total)
        out.push_back(total);
    return out;
}

std::vector<int> SweepPanel::batchSizes(int reference) {
    int r = 1;
    while (r * 2 <= std::max(1, reference))
        r *= 2;
    std::vector<int> out;
    for (int b = std::max(1, r / 4); b <= r * 4; b *= 2)
        out.push_back(b);
    return out;
}

void SweepPanel::setBase(const ModelProfile& model, const ClusterProfile& cluster,
                         const SearchOptions& options) {
    model_ = model;
    cluster_ = cluster;
    options_ = options;
    options_.emit_tree_events = false;
    options_.top_k = 1;
}

void SweepPanel::start() {
    queue_.clear();
    gpu_points_.clear();
    batch_points_.clear();
    gpu_chart_->setPoints({});
    batch_chart_->setPoints({});
    for (int g : gpuCounts(cluster_))
        queue_.push_back({true, g});
    const int ref = options_.global_batches.empty() ? defaultGlobalBatch(cluster_.totalGpus())
                                                    : options_.global_batches.front();
    for (int b : batchSizes(ref))
        queue_.push_back({false, b});
    total_ = static_cast<int>(queue_.size());
    bar_->setRange(0, total_);
    bar_->setValue(0);
    running_ = true;
    run_->setText(tr("Cancel sweeps"));
    run_->setIcon(icon(QStringLiteral("cancel")));
    std::reverse(queue_.begin(), queue_.end());
    next();
}

void SweepPanel::cancel() {
    queue_.clear();
    running_ = false;
    controller_->cancel();
    run_->setText(tr("Run sweeps"));
    run_->setIcon(icon(QStringLiteral("run")));
    status_->setText(tr("Cancelled."));
}

void SweepPanel::next() {
    if (!running_)
        return;
    bar_->setValue(total_ - static_cast<int>(queue_.size()));
    if (queue_.empty()) {
        running_ = false;
        run_->setText(tr("Run sweeps"));
        run_->setIcon(icon(QStringLiteral("run")));
        status_->setText(tr("Done: %1 searches.").arg(total_));
        emit sweepFinished();
        return;
    }
    current_ = queue_.back();
    queue_.pop_back();
    SearchOptions o = options_;
    if (current_.first) {
        o.gpus = current_.second;
        status_->setText(tr("Searching %1 GPUs...").arg(current_.second));
    } else {
        o.global_batches = {current_.second};
        status_->setText(tr("Searching global batch %1...").arg(current_.second));
    }
    controller_->start(model_, cluster_, o);
}

} // namespace gx::app
