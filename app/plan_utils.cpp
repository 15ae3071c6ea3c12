// SPDX-License-Identifier: Apache-2.0
#include "plan_utils.h"

#include "gx/pipeline_order.h"
#include "gx/report.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <deque>
#include <numeric>

namespace gx::app {

QString bytesText(double bytes) {
    return QString::fromStdString(formatBytes(bytes));
}
QString secondsText(double s) {
    return QString::fromStdString(formatSeconds(s));
}
QString signedPercent(double rel) {
    if (!std::isfinite(rel))
        return QStringLiteral("n/a");
    return QStringLiteral("%1%2 %")
        .arg(rel >= 0 ? QStringLiteral("+") : QString())
        .arg(rel * 100.0, 0, 'f', 1);
}

QString planSummary(const Plan& plan) {
    // The strategy most layers use, and how many layers differ from it.
    QString layers;
    if (!plan.layers.empty()) {
        std::size_t best = 0, best_count = 0;
        for (std::size_t i = 0; i < plan.layers.size(); ++i) {
            const auto n =
                static_cast<std::size_t>(std::count(plan.layers.begin(), plan.layers.end(), plan.layers[i]));
            if (n > best_count) {
                best = i;
                best_count = n;
            }
            if (best_count * 2 > plan.layers.size())
                break;
        }
        layers = QString::fromStdString(plan.layers[best].label());
        const auto differ = static_cast<int>(plan.layers.size() - best_count);
        if (differ == 1)
            layers += QCoreApplication::translate("gx::app", " (+1 layer differs)");
        else if (differ > 1)
            layers += QCoreApplication::translate("gx::app", " (+%1 layers differ)").arg(differ);
    }
    QString sched = QString::fromLatin1(toString(plan.schedule));
    if (plan.schedule == Schedule::Interleaved)
        sched += QStringLiteral(" v=%1").arg(plan.virtual_stages);
    return QCoreApplication::translate("gx::app", "pp%1 %2, %3, batch %4 = %5 x %6")
        .arg(plan.pp)
        .arg(sched, layers)
        .arg(plan.global_batch)
        .arg(plan.num_micro)
        .arg(plan.microBatch());
}

QString headroomNote(const SearchResult& r) {
    if (!r.best || r.best->cost.memory_budget <= 0)
        return {};
    const double budget = r.best->cost.memory_budget;
    if (r.best->cost.peak_memory <= 0.97 * budget)
        return {};
    const RankedPlan* safer = nullptr;
    for (const auto& p : r.frontier) // by time
        if (p.cost.peak_memory <= 0.95 * budget && (!safer || timePerSample(p) < timePerSample(*safer)))
            safer = &p;
    QString note =
        QCoreApplication::translate("gx::app", "The best plan uses %1% of the memory budget: little room "
                                               "for allocator fragmentation.")
            .arg(100.0 * r.best->cost.peak_memory / budget, 0, 'f', 1);
    if (safer)
        note +=
            QLatin1Char(' ') +
            QCoreApplication::translate("gx::app", "With 5% headroom: %1, %2 (%3 slower per sample) &mdash; "
                                                   "pick it on the Frontier tab.")
                .arg(secondsText(safer->cost.iteration_time), bytesText(safer->cost.peak_memory),
                     signedPercent(timePerSample(*safer) / timePerSample(*r.best) - 1.0));
    return note;
}

QString notationHelp(bool full) {
    auto tr = [](const char* s) { return QCoreApplication::translate("gx::app", s); };
    QString h;
    if (full)
        h += tr("<h3>Plan notation</h3><p>A plan reads like <code>pp2 1f1b, tp2-sp dp4 ZeRO-1 sel-ckpt, "
                "batch 256 = 16 x 16</code>:</p>");
    h += tr(
        "<table cellspacing=3>"
        "<tr><td><code>pp2</code></td><td>pipeline parallelism: the layers are split into 2 stages</td></tr>"
        "<tr><td><code>1f1b</code>, <code>gpipe</code>, <code>interleaved v=4</code></td><td>pipeline "
        "schedule: one-forward-one-backward, all forwards then all backwards, or 4 model chunks per "
        "stage (Narayanan et al. 2021)</td></tr>"
        "<tr><td><code>tp2</code></td><td>tensor parallelism: each layer's matrices split over 2 GPUs "
        "(Megatron-LM)</td></tr>"
        "<tr><td><code>-sp</code></td><td>with sequence parallelism: norms and dropout split along "
        "the sequence over the same GPUs (Korthikanti et al. 2022)</td></tr>"
        "<tr><td><code>dp4</code></td><td>data parallelism: 4 replicas of the stage</td></tr>"
        "<tr><td><code>ZeRO-1/2/3</code></td><td>the replicas shard optimizer states (1), + gradients "
        "(2), + weights (3) (Rajbhandari et al. 2020); none = DDP</td></tr>"
        "<tr><td><code>dp-first</code></td><td>data-parallel ranks adjacent (TP spans nodes)</td></tr>"
        "<tr><td><code>ckpt</code>, <code>sel-ckpt</code></td><td>full activation checkpointing "
        "(recompute the layer) or selective (recompute the attention core only)</td></tr>"
        "<tr><td><code>batch 256 = 16 x 16</code></td><td>global batch of 256 samples = 16 "
        "micro-batches x 16 samples each</td></tr>"
        "<tr><td><code>(+5 layers differ)</code></td><td>most layers use the strategy shown; 5 use "
        "another (see the Plan table)</td></tr></table>");
    if (full)
        h += tr("<p>MFU (model FLOPs utilisation) = the model's training FLOPs per iteration (3 x forward, "
                "without recomputation) / (iteration time x GPUs x peak FLOP/s). By convention the model "
                "FLOPs count attention scores over the whole sequence, while causal FlashAttention kernels "
                "compute only half of them; with long sequences MFU can therefore read above the cluster's "
                "GEMM efficiency.</p>"
                "<p>Memory: the planner keeps each GPU's peak below the budget (GPU memory minus the "
                "reserve). Plans within a few percent of the budget leave little room for allocator "
                "fragmentation: set a budget or reserve in Search settings, or pick a Frontier point "
                "with less memory.</p>");
    return h;
}

std::vector<TimelineOp> simulatePipeline(const Plan& plan, const PlanCost& cost, double* makespan) {
    std::vector<TimelineOp> ops;
    const int p = std::max(1, plan.pp);
    const int v = plan.schedule == Schedule::Interleaved ? std::max(1, plan.virtual_stages) : 1;
    const int m = std::max(1, plan.num_micro);
    if (static_cast<int>(cost.stages.size()) != p) {
        if (makespan)
            *makespan = 0;
        return ops;
    }
    const int vs_count = p * v; // virtual stages; chunk c of stage i is virtual stage c * p + i
    std::vector<double> fwd(static_cast<std::size_t>(p)), bwd(static_cast<std::size_t>(p));
    for (int i = 0; i < p; ++i) {
        const auto& st = cost.stages[static_cast<std::size_t>(i)];
        const double rec = st.time.recompute / m;
        const double f = std::max(0.0, (st.per_micro - rec) / 3.0);
        fwd[static_cast<std::size_t>(i)] = f / v;
        bwd[static_cast<std::size_t>(i)] = std::max(0.0, st.per_micro - f) / v;
    }
    // Per-stage op order: (forward?, micro, chunk).
    struct Op {
        bool forward;
        int micro;
        int chunk;
    };
    // Per-stage op order from core (the engine's runner uses the same).
    std::vector<std::deque<Op>> order(static_cast<std::size_t>(p));
    for (int i = 0; i < p; ++i) {
        auto& q = order[static_cast<std::size_t>(i)];
        for (const PipelineOp& op : pipelineOrder(plan.schedule, p, i, m, v))
            q.push_back({op.forward, op.micro, op.chunk});
        if (v > 1 && m % p != 0) // interleaved falls back to 1F1B: each op covers all chunks
            for (auto& op : q)
                op.chunk = -1;
    }
    const bool whole = v > 1 && (m % p != 0);
    const int vcount = whole ? p : vs_count;
    // done times: [virtual stage][micro], negative = not yet
    std::vector<std::vector<double>> fdone(static_cast<std::size_t>(vcount), std::vector<double>(m, -1.0));
    std::vector<std::vector<double>> bdone = fdone;
    std::vector<double> free_at(static_cast<std::size_t>(p), 0.0);
    bool progress = true;
    while (progress) {
        progress = false;
        for (int i = 0; i < p; ++i) {
            auto& q = order[static_cast<std::size_t>(i)];
            while (!q.empty()) {
                const Op op = q.front();
                const int chunk = op.chunk < 0 ? 0 : op.chunk;
                const int vsi = whole ? i : chunk * p + i;
                double ready = 0;
                if (op.forward) {
                    if (vsi > 0) {
                        const double d =
                            fdone[static_cast<std::size_t>(vsi - 1)][static_cast<std::size_t>(op.micro)];
                        if (d < 0)
                            break;
                        ready = d;
                    }
                } else {
                    const double d =
                        vsi + 1 < vcount
                            ? bdone[static_cast<std::size_t>(vsi + 1)][static_cast<std::size_t>(op.micro)]
                            : fdone[static_cast<std::size_t>(vsi)][static_cast<std::size_t>(op.micro)];
                    if (d < 0)
                        break;
                    ready = d;
                }
                const double dur =
                    (op.forward ? fwd : bwd)[static_cast<std::size_t>(i)] * (op.chunk < 0 ? v : 1);
                TimelineOp t;
                t.stage = i;
                t.micro = op.micro;
                t.chunk = chunk;
                t.forward = op.forward;
                t.start = std::max(free_at[static_cast<std::size_t>(i)], ready);
                t.end = t.start + dur;
                free_at[static_cast<std::size_t>(i)] = t.end;
                (op.forward ? fdone
                            : bdone)[static_cast<std::size_t>(vsi)][static_cast<std::size_t>(op.micro)] =
                    t.end;
                ops.push_back(t);
                q.pop_front();
                progress = true;
            }
        }
    }
    if (makespan)
        *makespan = free_at.empty() ? 0 : *std::max_element(free_at.begin(), free_at.end());
    return ops;
}

QColor seriesColor(int i) {
    // Okabe-Ito colour-blind safe palette (Okabe & Ito 2008), plus four darker extra colours (the time
    // breakdown has 11 parts).
    static const QColor colors[] = {
        QColor(0x00, 0x72, 0xB2), QColor(0xE6, 0x9F, 0x00), QColor(0x00, 0x9E, 0x73),
        QColor(0xCC, 0x79, 0xA7), QColor(0x56, 0xB4, 0xE9), QColor(0xD5, 0x5E, 0x00),
        QColor(0xF0, 0xE4, 0x42), QColor(0x99, 0x99, 0x99), QColor(0x88, 0x44, 0xAA),
        QColor(0x33, 0x55, 0x66), QColor(0x8C, 0x51, 0x0A), QColor(0x1B, 0x5E, 0x20)};
    return colors[static_cast<std::size_t>(i) % (sizeof(colors) / sizeof(colors[0]))];
}

} // namespace gx::app
