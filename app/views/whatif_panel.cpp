// SPDX-License-Identifier: Apache-2.0
#include "views/whatif_panel.h"

#include "core_text.h"

#include "plan_utils.h"

#include <QBoxLayout>
#include <QDateTime>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QResizeEvent>
#include <QSlider>
#include <QSpinBox>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>

namespace gx::app {

WhatIfPanel::WhatIfPanel(QWidget* parent) : QWidget(parent) {
    controller_ = new SearchController(this);
    debounce_ = new QTimer(this);
    debounce_->setSingleShot(true);
    debounce_->setInterval(150);
    connect(debounce_, &QTimer::timeout, this, &WhatIfPanel::runNow);

    // Side by side when wide; the result table below the inputs when narrow (see resizeEvent).
    auto* lay = new QBoxLayout(QBoxLayout::LeftToRight, this);
    box_ = lay;
    auto* left = new QVBoxLayout;
    auto* form = new QFormLayout;
    nodes_ = new QSpinBox(this);
    nodes_->setRange(1, 4096);
    gpus_per_node_ = new QSpinBox(this);
    gpus_per_node_->setRange(1, 64);
    memory_ = new QDoubleSpinBox(this);
    memory_->setRange(1, 1024);
    memory_->setSuffix(tr(" GiB"));
    memory_->setDecimals(0);
    memory_slider_ = new QSlider(Qt::Horizontal, this);
    memory_slider_->setRange(8, 256);
    inter_bw_ = new QDoubleSpinBox(this);
    inter_bw_->setRange(0.1, 10000);
    inter_bw_->setSuffix(tr(" GB/s"));
    intra_bw_ = new QDoubleSpinBox(this);
    intra_bw_->setRange(0.1, 10000);
    intra_bw_->setSuffix(tr(" GB/s"));
    batch_ = new QSpinBox(this);
    batch_->setRange(0, 1 << 20);
    batch_->setSpecialValueText(tr("as in search settings"));
    seq_ = new QSpinBox(this);
    seq_->setRange(1, 1 << 22);
    form->addRow(tr("Nodes"), nodes_);
    form->addRow(tr("GPUs per node"), gpus_per_node_);
    form->addRow(tr("GPU memory"), memory_);
    form->addRow(QString(), memory_slider_);
    form->addRow(tr("Inter-node bandwidth"), inter_bw_);
    form->addRow(tr("Intra-node bandwidth"), intra_bw_);
    form->addRow(tr("Global batch"), batch_);
    form->addRow(tr("Sequence length"), seq_);
    left->addLayout(form);
    auto* buttons = new QHBoxLayout;
    auto* reset = new QPushButton(tr("Reset"), this);
    auto* apply = new QPushButton(tr("Apply to profiles"), this);
    buttons->addWidget(reset);
    buttons->addWidget(apply);
    left->addLayout(buttons);
    status_ = new QLabel(this);
    status_->setWordWrap(true);
    left->addWidget(status_);
    left->addStretch(1);
    lay->addLayout(left, 1);

    auto* right = new QVBoxLayout;
    plan_label_ = new QLabel(this);
    plan_label_->setWordWrap(true);
    plan_label_->setTextFormat(Qt::RichText);
    right->addWidget(plan_label_);
    delta_ = new QTableWidget(this);
    delta_->setColumnCount(4);
    delta_->setHorizontalHeaderLabels({tr("Metric"), tr("Previous best"), tr("Now"), tr("Delta")});
    delta_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    delta_->verticalHeader()->hide();
    delta_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    right->addWidget(delta_, 1);
    lay->addLayout(right, 2);

    for (auto* b : {nodes_, gpus_per_node_, batch_, seq_})
        connect(b, &QSpinBox::valueChanged, this, &WhatIfPanel::scheduleRun);
    for (auto* b : {memory_, inter_bw_, intra_bw_})
        connect(b, &QDoubleSpinBox::valueChanged, this, &WhatIfPanel::scheduleRun);
    connect(memory_slider_, &QSlider::valueChanged, this, [this](int v) {
        if (!updating_)
            memory_->setValue(v);
    });
    connect(memory_, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        const QSignalBlocker b(memory_slider_);
        memory_slider_->setValue(static_cast<int>(std::lround(v)));
    });
    connect(reset, &QPushButton::clicked, this,
            [this] { setBase(base_model_, base_cluster_, base_options_); });
    connect(apply, &QPushButton::clicked, this,
            [this] { emit applyRequested(currentModel(), currentCluster()); });
    connect(controller_, &SearchController::finished, this,
            [this](quint64, std::shared_ptr<const SearchResult> r, std::shared_ptr<const CostModel> cm) {
                onFinished(std::move(r), std::move(cm));
            });
    // The search's plans as it finds them (each better than the last): the status line shows the best so
    // far, so a slow re-search (LLaMA-2 70B on 64 GPUs at 40 GiB: about 0.3 s) answers at once.
    connect(controller_, &SearchController::batchReady, this, [this](const SearchBatch& b) {
        if (b.generation != controller_->generation())
            return;
        for (const PlanPoint& pt : b.points) {
            if (!pt.incumbent || (best_so_far_ > 0 && pt.time >= best_so_far_))
                continue;
            best_so_far_ = pt.time;
            status_->setText(
                tr("Searching... best plan so far: %1 per iteration.").arg(secondsText(pt.time)));
            emit provisional(pt.time);
        }
    });
    connect(controller_, &SearchController::failed, this,
            [this](quint64, const QString&, const QString& msg) {
                status_->setText(tr("<span style='color:#d0302a'>%1</span>").arg(msg.toHtmlEscaped()));
            });
    status_->setText(
        tr("Change a value: the search re-runs and shows the change against the previous best."));
}

void WhatIfPanel::setBase(const ModelProfile& model, const ClusterProfile& cluster,
                          const SearchOptions& options) {
    base_model_ = model;
    base_cluster_ = cluster;
    base_options_ = options;
    updating_ = true;
    nodes_->setValue(cluster.nodes);
    gpus_per_node_->setValue(cluster.gpus_per_node);
    memory_->setValue(cluster.gpu.memory_gib);
    memory_slider_->setValue(static_cast<int>(std::lround(cluster.gpu.memory_gib)));
    inter_bw_->setValue(cluster.inter.bandwidth_gbs);
    intra_bw_->setValue(cluster.intra.bandwidth_gbs);
    batch_->setValue(options.global_batches.size() == 1 ? options.global_batches.front() : 0);
    seq_->setValue(std::max(1, model.seq_len));
    updating_ = false;
    latest_.reset();
    previous_.reset();
    finished_ = false;
    delta_->setRowCount(0);
    scheduleRun();
}

ModelProfile WhatIfPanel::currentModel() const {
    ModelProfile m = base_model_;
    const int seq = seq_->value();
    if (seq != m.seq_len) {
        for (auto& st : m.stacks)
            if (st.type.seq_len == m.seq_len || st.type.seq_len == 0)
                st.type.seq_len = seq;
        m.seq_len = seq;
        if (m.max_position > 0)
            m.max_position = std::max(m.max_position, seq);
    }
    return m;
}

ClusterProfile WhatIfPanel::currentCluster() const {
    ClusterProfile c = base_cluster_;
    c.nodes = nodes_->value();
    c.gpus_per_node = gpus_per_node_->value();
    c.gpu.memory_gib = memory_->value();
    c.inter.bandwidth_gbs = inter_bw_->value();
    c.intra.bandwidth_gbs = intra_bw_->value();
    if (c.nodes != base_cluster_.nodes || c.gpus_per_node != base_cluster_.gpus_per_node)
        c.measured.clear(); // measured curves are per group size of the measured machine
    if (c.nvlink_island_size > 0 && c.gpus_per_node % c.nvlink_island_size != 0)
        c.nvlink_island_size = 0; // islands of the base node do not split the what-if node
    return c;
}

SearchOptions WhatIfPanel::currentOptions() const {
    SearchOptions o = base_options_;
    o.emit_tree_events = false;
    o.top_k = 1;
    o.frontier_points = 0; // the panel shows the best plan against the previous one, not a frontier
    if (o.gpus > currentCluster().totalGpus())
        o.gpus = 0;
    if (batch_->value() > 0)
        o.global_batches = {batch_->value()};
    return o;
}

void WhatIfPanel::showEvent(QShowEvent* e) {
    QWidget::showEvent(e);
    if (pending_)
        scheduleRun();
}

void WhatIfPanel::scheduleRun() {
    if (updating_)
        return;
    if (!isVisible()) {
        pending_ = true;
        return;
    }
    pending_ = false;
    edit_time_ms_ = QDateTime::currentMSecsSinceEpoch();
    debounce_->start();
    status_->setText(tr("Searching..."));
}

void WhatIfPanel::runNow() {
    if (base_model_.stacks.empty())
        return;
    best_so_far_ = 0;
    controller_->start(currentModel(), currentCluster(), currentOptions());
}

void WhatIfPanel::onFinished(std::shared_ptr<const SearchResult> result, std::shared_ptr<const CostModel>) {
    latency_ms_ = static_cast<double>(QDateTime::currentMSecsSinceEpoch() - edit_time_ms_);
    if (result->cancelled)
        return;
    if (latest_)
        previous_ = latest_;
    finished_ = true;
    if (result->best) {
        latest_ = NamedPlan{tr("What-if best"), result->best->plan, result->best->cost};
        status_->setText(tr("Searched in %1 (%2 ms after the last edit).")
                             .arg(secondsText(result->stats.seconds))
                             .arg(latency_ms_, 0, 'f', 0));
    } else {
        latest_.reset();
        status_->setText(
            tr("<span style='color:#d0302a'>No plan fits: %1</span>")
                .arg(CoreText::infeasible(result->infeasible, result->infeasible_reason).toHtmlEscaped()));
    }
    showDelta();
    emit resultReady();
}

void WhatIfPanel::showDelta() {
    delta_->setRowCount(0);
    if (!latest_) {
        plan_label_->setText(tr("<b>No feasible plan</b> for these settings."));
        return;
    }
    plan_label_->setText(tr("<b>Best plan now:</b> %1").arg(planSummary(latest_->plan).toHtmlEscaped()));
    struct M {
        QString name;
        double prev, now;
        bool lower_better;
        QString (*fmt)(double);
    };
    static auto fmtTime = [](double v) { return secondsText(v); };
    static auto fmtBytes = [](double v) { return bytesText(v); };
    static auto fmtRate = [](double v) { return QString::number(v, 'f', 0); };
    const PlanCost& now = latest_->cost;
    const PlanCost prev = previous_ ? previous_->cost : PlanCost{};
    const std::vector<M> rows = {
        {tr("Iteration time"), prev.iteration_time, now.iteration_time, true, +fmtTime},
        {tr("Peak memory / GPU"), prev.peak_memory, now.peak_memory, true, +fmtBytes},
        {tr("Throughput (tokens/s)"), prev.tokens_per_s, now.tokens_per_s, false, +fmtRate},
        {tr("Samples / s"), prev.samples_per_s, now.samples_per_s, false, +fmtRate},
    };
    delta_->setRowCount(static_cast<int>(rows.size()));
    for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
        const M& m = rows[static_cast<std::size_t>(r)];
        delta_->setItem(r, 0, new QTableWidgetItem(m.name));
        delta_->setItem(r, 1, new QTableWidgetItem(previous_ ? m.fmt(m.prev) : tr("-")));
        delta_->setItem(r, 2, new QTableWidgetItem(m.fmt(m.now)));
        auto* d = new QTableWidgetItem(previous_ && m.prev != 0 ? signedPercent((m.now - m.prev) / m.prev)
                                                                : tr("-"));
        if (previous_ && m.prev != 0) {
            const double rel = (m.now - m.prev) / m.prev;
            const bool better = m.lower_better ? rel < -1e-9 : rel > 1e-9;
            const bool worse = m.lower_better ? rel > 1e-9 : rel < -1e-9;
            if (better)
                d->setForeground(QColor(30, 150, 60));
            else if (worse)
                d->setForeground(QColor(210, 50, 40));
        }
        delta_->setItem(r, 3, d);
    }
}

void WhatIfPanel::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    if (box_)
        box_->setDirection(width() < 760 ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight);
}

} // namespace gx::app
