// SPDX-License-Identifier: Apache-2.0
#include "views/plan_view.h"

#include "core_text.h"
#include "gx/calibration.h"
#include "gx/report.h"
#include "gx/target.h"
#include "gx/units.h"

#include <algorithm>

#include <QComboBox>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QTextDocument>
#include <QVBoxLayout>

#include <cmath>

namespace gx::app {

PlanView::PlanView(QWidget* parent) : QWidget(parent) {
    auto* lay = new QVBoxLayout(this);
    summary_ = new QLabel(this);
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    summary_->setTextFormat(Qt::RichText);
    breakdown_ = new TimeBreakdownWidget(this);
    model_ = new LayerTableModel(this);
    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(model_);
    proxy->setSortRole(LayerTableModel::RawValueRole);
    table_ = new QTableView(this);
    table_->setModel(proxy);
    table_->setSortingEnabled(true);
    table_->sortByColumn(LayerTableModel::ColLayer, Qt::AscendingOrder);
    table_->setAlternatingRowColors(false);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);
    lay->addWidget(summary_);
    target_ = new QLabel(this);
    target_->setObjectName(QStringLiteral("plan_target"));
    target_->setWordWrap(true);
    target_->setTextFormat(Qt::RichText);
    target_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    lay->addWidget(target_);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(breakdown_);
    split->addWidget(table_);
    split->setStretchFactor(1, 3);
    lay->addWidget(split, 1);
    clear();
}

void PlanView::clear() {
    summary_->setText(tr("No plan yet: choose a model and a cluster, then run the search (Ctrl+R)."));
    breakdown_->clear();
    model_->clear();
    target_->clear();
}

void PlanView::setTargetInfo(Target target, const std::string& price, const std::vector<std::string>& lost) {
    target_kind_ = target;
    price_ = price;
    lost_ = lost;
}

QString PlanView::targetText() const {
    QTextDocument doc;
    doc.setHtml(target_->text());
    return doc.toPlainText();
}

QString PlanView::targetLine(const ModelProfile* model, const Plan& p, QString* tip) const {
    auto inexpressible = [model](const Plan& plan, Target t) {
        return model ? gx::inexpressible(*model, plan, t) : gx::inexpressible(plan, t);
    };
    QStringList reasons;
    if (!p.target.empty() && p.target != toString(Target::Any)) {
        // Searched for a framework: it runs this plan as planned; the price is what that cost.
        const Target t = targetFromString(p.target);
        const auto& caps = capabilities(t);
        const auto left = inexpressible(p, t); // empty for plans of that search
        QString s = left.empty() ? tr("<b>Target %1</b> (%2): runs this plan exactly as planned.")
                                       .arg(QString::fromStdString(caps.framework).toHtmlEscaped(),
                                            QString::fromStdString(caps.version).toHtmlEscaped())
                                 : tr("<b>Target %1</b> (%2) cannot run this plan as planned: %3")
                                       .arg(QString::fromStdString(caps.framework).toHtmlEscaped(),
                                            QString::fromStdString(caps.version).toHtmlEscaped(),
                                            QString::fromStdString(left.front()).toHtmlEscaped());
        if (t == target_kind_ && !price_.empty()) {
            s += QLatin1Char(' ') +
                 tr("Price of the target: %1.").arg(CoreText::targetPrice(price_).toHtmlEscaped());
            if (!lost_.empty()) {
                s += QLatin1Char(' ') +
                     tr("The best plan for any runtime uses what %1 cannot express: %2%3")
                         .arg(QString::fromStdString(caps.framework).toHtmlEscaped(),
                              QString::fromStdString(lost_.front()).toHtmlEscaped(),
                              lost_.size() > 1 ? tr(" (+%1 more, hover)").arg(lost_.size() - 1) : QString());
                for (const auto& l : lost_)
                    reasons << QString::fromStdString(l);
            }
        }
        for (const auto& l : left)
            reasons << QString::fromStdString(l);
        *tip = reasons.join(QLatin1Char('\n'));
        return s;
    }
    // Searched for any runtime (or unknown): which frameworks run it exactly as planned.
    QStringList yes, no;
    for (Target t : allTargets()) {
        if (t == Target::Any)
            continue;
        const auto& caps = capabilities(t);
        const auto left = inexpressible(p, t);
        (left.empty() ? yes : no) << QString::fromStdString(caps.framework);
        for (const auto& l : left)
            reasons << QStringLiteral("%1: %2").arg(QString::fromStdString(caps.framework),
                                                    QString::fromStdString(l));
    }
    *tip = reasons.join(QLatin1Char('\n'));
    if (no.isEmpty())
        return tr("Runs exactly as planned on every target framework (%1).")
            .arg(yes.join(QStringLiteral(", ")));
    if (yes.isEmpty())
        return tr(
            "No target framework runs this plan exactly as planned (hover for the reasons; search with a "
            "target framework for one that does).");
    return tr("Runs exactly as planned on %1; not on %2 (hover for the reasons).")
        .arg(yes.join(QStringLiteral(", ")), no.join(QStringLiteral(", ")));
}

QString PlanView::summaryText() const {
    return summary_->text();
}

void PlanView::setPlan(std::shared_ptr<const CostModel> cm, const NamedPlan& np) {
    const Plan& p = np.plan;
    const PlanCost& c = np.cost;
    const bool fits = c.fits();
    QString s = tr("<b>%1</b> &mdash; %2 on %3 (%4 GPUs)<br>")
                    .arg(np.name.toHtmlEscaped(), QString::fromStdString(p.model).toHtmlEscaped(),
                         QString::fromStdString(p.cluster).toHtmlEscaped())
                    .arg(p.gpus);
    s += planSummary(p).toHtmlEscaped() + QStringLiteral("<br>");
    s += tr("Iteration <b>%1</b> &nbsp; %2 samples/s &nbsp; %3 tokens/s &nbsp; %4 TFLOP/s per GPU (MFU %5%) "
            "&nbsp; peak memory <b>%6</b> of %7 on stage %8 %9")
             .arg(secondsText(c.iteration_time))
             .arg(c.samples_per_s, 0, 'f', 1)
             .arg(c.tokens_per_s, 0, 'f', 0)
             .arg(c.tflops_per_gpu, 0, 'f', 1)
             .arg(c.mfu * 100.0, 0, 'f', 1)
             .arg(bytesText(c.peak_memory), bytesText(c.memory_budget))
             .arg(c.peak_stage)
             .arg(fits ? QString() : tr("<span style='color:#d0302a'><b>does not fit</b></span>"));
    if (cm) {
        // What is left, and the safety margin the budget already keeps (runtime's memory_headroom).
        const auto& rt = cm->options().runtime;
        const double gpu = cm->cluster().gpu.memory_gib * kGiB;
        // (a plan that does not fit says by how much; it read "0 B left under the budget")
        const QString room =
            fits
                ? tr("%1 left under the budget, which keeps %2 (%3% of the GPU) free as headroom &nbsp; "
                     "costed for the %4 runtime, %5")
                : tr("%1 over the budget, which keeps %2 (%3% of the GPU) free as headroom &nbsp; costed for "
                     "the %4 runtime, %5");
        s += QStringLiteral("<br>") + room.arg(bytesText(std::abs(c.memory_budget - c.peak_memory)),
                                               bytesText(rt.memory_headroom * gpu))
                                          .arg(rt.memory_headroom * 100.0, 0, 'f', 0)
                                          .arg(QString::fromStdString(rt.name).toHtmlEscaped(),
                                               QString::fromLatin1(toString(p.precision)).toUpper());
        // Where published measurements disagree with the model (KnownGap).
        for (const KnownGap& g : knownGaps(p, rt))
            if (g.kind == KnownGap::Kind::TorchtitanOneFOneBMemory)
                s += QStringLiteral("<br><span style='color:#b35900'>") +
                     tr("Caution: torchtitan's 1F1B pipeline runs measured %1-%2 GiB more peak memory per "
                        "GPU than this model predicts (%3 published runs; its interleaved run agrees within "
                        "1.2%; cause not identified): keep that much memory free, or use the interleaved "
                        "schedule.")
                         .arg(g.low_gib, 0, 'f', 1)
                         .arg(g.high_gib, 0, 'f', 1)
                         .arg(g.runs) +
                     QStringLiteral("</span>");
    }
    summary_->setText(s);
    summary_->setToolTip(notationHelp(true));
    QString tip;
    target_->setText(targetLine(cm ? &cm->model() : nullptr, p, &tip));
    target_->setToolTip(tip);
    breakdown_->setBreakdown(c.time, c.iteration_time);
    model_->setPlan(std::move(cm), p);
}

// ---------------------------------------------------------------------------------------------------
CompareView::CompareView(QWidget* parent) : QWidget(parent) {
    auto* lay = new QGridLayout(this);
    a_box_ = new QComboBox(this);
    b_box_ = new QComboBox(this);
    a_box_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    b_box_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    lay->addWidget(new QLabel(tr("Plan A"), this), 0, 0);
    lay->addWidget(a_box_, 0, 1);
    lay->addWidget(new QLabel(tr("Plan B"), this), 0, 2);
    lay->addWidget(b_box_, 0, 3);
    metrics_ = new QTableWidget(this);
    metrics_->setColumnCount(3);
    metrics_->setHorizontalHeaderLabels({tr("Plan A"), tr("Plan B"), tr("B vs A")});
    metrics_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    metrics_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    lay->addWidget(metrics_, 1, 0, 1, 4);
    mem_a_ = new MemoryBarsWidget(this);
    mem_b_ = new MemoryBarsWidget(this);
    time_a_ = new TimeBreakdownWidget(this);
    time_b_ = new TimeBreakdownWidget(this);
    lay->addWidget(mem_a_, 2, 0, 1, 2);
    lay->addWidget(mem_b_, 2, 2, 1, 2);
    lay->addWidget(time_a_, 3, 0, 1, 2);
    lay->addWidget(time_b_, 3, 2, 1, 2);
    lay->setRowStretch(1, 2);
    lay->setRowStretch(2, 3);
    lay->setRowStretch(3, 1);
    connect(a_box_, &QComboBox::currentIndexChanged, this, &CompareView::refresh);
    connect(b_box_, &QComboBox::currentIndexChanged, this, &CompareView::refresh);
    refresh();
}

int CompareView::rowCount() const {
    return metrics_->rowCount();
}

void CompareView::setPlans(const std::vector<NamedPlan>& plans, double gpu_capacity) {
    const QString a = a_box_->currentText(), b = b_box_->currentText();
    plans_ = plans;
    capacity_ = gpu_capacity;
    {
        const QSignalBlocker ba(a_box_), bb(b_box_);
        a_box_->clear();
        b_box_->clear();
        for (const auto& p : plans_) {
            a_box_->addItem(p.name);
            b_box_->addItem(p.name);
        }
        // Keep the user's two plans when both are still offered and differ; otherwise the first two
        // (after a search: the best plan against the runner-up).
        const int ia = a_box_->findText(a), ib = b_box_->findText(b);
        const bool keep = ia >= 0 && ib >= 0 && ia != ib;
        a_box_->setCurrentIndex(keep ? ia : 0);
        b_box_->setCurrentIndex(keep ? ib : std::min<int>(1, static_cast<int>(plans_.size()) - 1));
    }
    refresh();
}

void CompareView::select(int a, int b) {
    const QSignalBlocker ba(a_box_);
    a_box_->setCurrentIndex(a);
    b_box_->setCurrentIndex(b);
    refresh();
}

void CompareView::refresh() {
    const int ia = a_box_->currentIndex(), ib = b_box_->currentIndex();
    metrics_->setRowCount(0);
    if (ia < 0 || ib < 0 || ia >= static_cast<int>(plans_.size()) || ib >= static_cast<int>(plans_.size())) {
        mem_a_->clear();
        mem_b_->clear();
        time_a_->clear();
        time_b_->clear();
        return;
    }
    const NamedPlan& A = plans_[static_cast<std::size_t>(ia)];
    const NamedPlan& B = plans_[static_cast<std::size_t>(ib)];
    struct Row {
        QString name;
        QString a, b;
        double va, vb;
        bool lower_is_better;
        bool numeric;
    };
    auto tp_of = [](const Plan& p) { return p.layers.empty() ? 0 : p.layers.front().tp; };
    auto dp_of = [](const Plan& p) { return p.layers.empty() ? 0 : p.layers.front().dp; };
    std::vector<Row> rows = {
        {tr("Iteration time"), secondsText(A.cost.iteration_time), secondsText(B.cost.iteration_time),
         A.cost.iteration_time, B.cost.iteration_time, true, true},
        {tr("Tokens / s"), QString::number(A.cost.tokens_per_s, 'f', 0),
         QString::number(B.cost.tokens_per_s, 'f', 0), A.cost.tokens_per_s, B.cost.tokens_per_s, false, true},
        {tr("Peak memory / GPU"), bytesText(A.cost.peak_memory), bytesText(B.cost.peak_memory),
         A.cost.peak_memory, B.cost.peak_memory, true, true},
        {tr("MFU"), QStringLiteral("%1 %").arg(A.cost.mfu * 100, 0, 'f', 1),
         QStringLiteral("%1 %").arg(B.cost.mfu * 100, 0, 'f', 1), A.cost.mfu, B.cost.mfu, false, true},
        {tr("Pipeline bubble"), secondsText(A.cost.time.bubble), secondsText(B.cost.time.bubble),
         A.cost.time.bubble, B.cost.time.bubble, true, true},
        {tr("Exposed DP sync"), secondsText(A.cost.time.dp_comm), secondsText(B.cost.time.dp_comm),
         A.cost.time.dp_comm, B.cost.time.dp_comm, true, true},
        {tr("Exposed TP comm"), secondsText(A.cost.time.tp_comm), secondsText(B.cost.time.tp_comm),
         A.cost.time.tp_comm, B.cost.time.tp_comm, true, true},
    };
    // Context- and expert-parallel exchange only where one of the plans has it (dense models without
    // context parallelism would show two rows of "0 s").
    if (A.cost.time.cp_comm != 0 || B.cost.time.cp_comm != 0)
        rows.push_back({tr("Exposed CP exchange"), secondsText(A.cost.time.cp_comm),
                        secondsText(B.cost.time.cp_comm), A.cost.time.cp_comm, B.cost.time.cp_comm, true,
                        true});
    if (A.cost.time.ep_comm != 0 || B.cost.time.ep_comm != 0)
        rows.push_back({tr("Exposed EP all-to-all"), secondsText(A.cost.time.ep_comm),
                        secondsText(B.cost.time.ep_comm), A.cost.time.ep_comm, B.cost.time.ep_comm, true,
                        true});
    rows.insert(
        rows.end(),
        {
            {tr("Pipeline stages"), QString::number(A.plan.pp), QString::number(B.plan.pp), 0, 0, true,
             false},
            {tr("TP x DP (first layer)"), QStringLiteral("%1 x %2").arg(tp_of(A.plan)).arg(dp_of(A.plan)),
             QStringLiteral("%1 x %2").arg(tp_of(B.plan)).arg(dp_of(B.plan)), 0, 0, true, false},
            {tr("Schedule"), QString::fromLatin1(toString(A.plan.schedule)),
             QString::fromLatin1(toString(B.plan.schedule)), 0, 0, true, false},
            {tr("Global batch x micro-batches"),
             QStringLiteral("%1 x %2").arg(A.plan.global_batch).arg(A.plan.num_micro),
             QStringLiteral("%1 x %2").arg(B.plan.global_batch).arg(B.plan.num_micro), 0, 0, true, false},
            {tr("Strategy"), QString::fromStdString(formatStrategyRuns(A.plan)).trimmed(),
             QString::fromStdString(formatStrategyRuns(B.plan)).trimmed(), 0, 0, true, false},
        });
    metrics_->setRowCount(static_cast<int>(rows.size()));
    QStringList vheads;
    for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
        const Row& row = rows[static_cast<std::size_t>(r)];
        vheads << row.name;
        metrics_->setItem(r, 0, new QTableWidgetItem(row.a));
        metrics_->setItem(r, 1, new QTableWidgetItem(row.b));
        QString delta;
        QColor color;
        if (row.numeric && row.va != 0) {
            const double rel = (row.vb - row.va) / std::abs(row.va);
            delta = signedPercent(rel);
            const bool better = row.lower_is_better ? rel < -1e-9 : rel > 1e-9;
            const bool worse = row.lower_is_better ? rel > 1e-9 : rel < -1e-9;
            color = better ? QColor(30, 150, 60) : (worse ? QColor(210, 50, 40) : QColor());
        } else if (!row.numeric) {
            delta = row.a == row.b ? tr("same") : tr("differs");
        }
        auto* item = new QTableWidgetItem(delta);
        if (color.isValid())
            item->setForeground(color);
        metrics_->setItem(r, 2, item);
    }
    // Every metric row stays visible (the tab scrolls instead of the table shrinking at 1024 x 700).
    metrics_->setMinimumHeight(metrics_->horizontalHeader()->sizeHint().height() +
                               metrics_->verticalHeader()->length() + 2 * metrics_->frameWidth() + 2);
    metrics_->setVerticalHeaderLabels(vheads);
    metrics_->resizeRowsToContents();
    mem_a_->setCost(A.cost, capacity_);
    mem_b_->setCost(B.cost, capacity_);
    time_a_->setBreakdown(A.cost.time, A.cost.iteration_time);
    time_b_->setBreakdown(B.cost.time, B.cost.iteration_time);
}

} // namespace gx::app
