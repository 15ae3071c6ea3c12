// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - multi-model planning panel. The heuristic runs on a worker thread
// (QtConcurrent) after every edit (debounced, latest edit wins, stale results dropped); the MILP runs
// on demand on another worker. No QObject is touched off the GUI thread.
#include "views/scheduler/scheduler_panel.h"
#include "core_text.h"

#include "views/scheduler/duration_curve.h"
#include "views/scheduler/gantt_chart.h"

#include "gx/error.h"
#include "gx/presets.h"
#include "gx/profile_io.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <nlohmann/json.hpp>

namespace gx::app {

namespace {

enum Column { ColName, ColModel, ColBatch, ColSteps, ColPriority, ColSpill, ColCount };
constexpr int kTimesRole = Qt::UserRole + 1;

/// Editable combo box of model presets for the "Model" column (a path can be typed too).
class ModelDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex&) const override {
        auto* box = new QComboBox(parent);
        box->setEditable(true);
        for (const auto& n : modelPresetNames())
            box->addItem(QString::fromStdString(n));
        return box;
    }
    void setEditorData(QWidget* editor, const QModelIndex& index) const override {
        static_cast<QComboBox*>(editor)->setCurrentText(index.data(Qt::EditRole).toString());
    }
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override {
        model->setData(index, static_cast<QComboBox*>(editor)->currentText(), Qt::EditRole);
    }
};

QString timeText(double s) {
    if (s < 120)
        return SchedulerPanel::tr("%1 s").arg(s, 0, 'f', 1);
    if (s < 7200)
        return SchedulerPanel::tr("%1 min").arg(s / 60, 0, 'f', 1);
    if (s < 3 * 86400)
        return SchedulerPanel::tr("%1 h").arg(s / 3600, 0, 'f', 2);
    return SchedulerPanel::tr("%1 d").arg(s / 86400, 0, 'f', 2);
}

/// Holds the word-wrapped summary without reporting height-for-width: the tab sits in a scroll area,
/// which would otherwise size the whole panel to its preferred (not minimum) height and scroll.
class SummaryBox : public QWidget {
public:
    using QWidget::QWidget;
    bool hasHeightForWidth() const override { return false; }
    QSize minimumSizeHint() const override { return {200, fontMetrics().height() * 6 + 8}; }
    QSize sizeHint() const override { return {600, fontMetrics().height() * 6 + 8}; }
};

QString algorithmName(const std::string& algorithm) {
    if (algorithm == "heuristic")
        return SchedulerPanel::tr("heuristic");
    if (algorithm == "milp")
        return SchedulerPanel::tr("exact MILP");
    return QString::fromStdString(algorithm);
}

QString baselineName(const std::string& algorithm) {
    if (algorithm == "baseline-sequential")
        return SchedulerPanel::tr("one job at a time");
    if (algorithm == "baseline-whole-node")
        return SchedulerPanel::tr("whole node per job");
    if (algorithm == "baseline-equal-split")
        return SchedulerPanel::tr("equal split");
    return QString::fromStdString(algorithm);
}

} // namespace

SchedulerPanel::SchedulerPanel(QWidget* parent) : QWidget(parent) {
    buildUi();
    const auto names = clusterPresetNames();
    QString initial = QString::fromLatin1(kDefaultCluster);
    if (cluster_box_->findText(initial) < 0 && !names.empty())
        initial = QString::fromStdString(names.front());
    try {
        setCluster(initial);
    } catch (const InputError& e) {
        showError(QString::fromStdString(e.what()));
    }
    setJobs(defaultJobs());
}

std::vector<Job> SchedulerPanel::defaultJobs() {
    // A small model-selection sweep (learning rates x batch sizes share planner searches) plus two
    // smaller jobs, as in Saturn's evaluation (resources/examples/saturn_gptj_sweep.json). The 6.7B jobs
    // may spill (Hydra), so that they run on the explorer's default 4 x 24 GB cards too instead of being
    // reported infeasible.
    std::vector<Job> jobs;
    for (int b : {16, 32})
        for (const char* lr : {"1e-5", "1e-4"}) {
            Job j;
            j.name = "gpt3-6.7b-lr" + std::string(lr) + "-b" + std::to_string(b);
            j.model = "gpt3-6.7b";
            j.global_batch = b;
            j.steps = 32000 / b;
            j.allow_spill = true;
            jobs.push_back(j);
        }
    for (int b : {32, 64}) {
        Job j;
        j.name = "gpt3-1.3b-b" + std::to_string(b);
        j.model = "gpt3-1.3b";
        j.global_batch = b;
        j.steps = 48000 / b;
        jobs.push_back(j);
    }
    return jobs;
}

SchedulerPanel::~SchedulerPanel() {
    // Workers only hold shared pointers and copies; wait so no callback outlives the panel.
    heuristic_watcher_->waitForFinished();
    milp_watcher_->waitForFinished();
}

/// The summary under the chart (makespan, baselines, jobs that cannot run) with its usage hint.
QWidget* SchedulerPanel::buildSummaryBox() {
    auto* hint = new QLabel(tr("Right-click a job in the chart to mark it done or failed; click it to see "
                               "why it got its GPU count."));
    hint->setWordWrap(true);
    hint->setForegroundRole(QPalette::PlaceholderText);

    // The summary scrolls: with several jobs that cannot run, their reasons are longer than the box.
    auto* scroll = new QScrollArea;
    scroll->setObjectName(QStringLiteral("summaryScroll"));
    scroll->setWidget(summary_);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    summary_->setAlignment(Qt::AlignLeft | Qt::AlignTop);

    auto* box = new SummaryBox;
    auto* box_lay = new QVBoxLayout(box);
    box_lay->setContentsMargins(0, 0, 0, 0);
    box_lay->addWidget(scroll, 1);
    box_lay->addWidget(hint);
    return box;
}

void SchedulerPanel::buildUi() {
    // Two rows of controls so that the tab fits 1024 px (and German labels) without scrolling.
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Cluster:")));
    cluster_box_ = new QComboBox;
    cluster_box_->setEditable(true);
    cluster_box_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    cluster_box_->setMinimumContentsLength(10);
    cluster_box_->setToolTip(tr("Cluster preset, or the path of a cluster profile JSON"));
    for (const auto& n : clusterPresetNames())
        cluster_box_->addItem(QString::fromStdString(n));
    top->addWidget(cluster_box_, 1);
    auto* add = new QPushButton(tr("Add job"));
    auto* remove = new QPushButton(tr("Remove"));
    // File operations in one menu button so that the controls fit beside the docks at 1024 px.
    auto* file = new QPushButton(tr("File"));
    auto* file_menu = new QMenu(file);
    QAction* load = file_menu->addAction(tr("Load jobs…"));
    QAction* save = file_menu->addAction(tr("Save jobs…"));
    file_menu->addSeparator();
    QAction* export_json = file_menu->addAction(tr("Export schedule JSON…"));
    QAction* export_scripts = file_menu->addAction(tr("Export launch scripts…"));
    file->setMenu(file_menu);
    top->addWidget(add);
    top->addWidget(remove);
    top->addWidget(file);
    auto* second = new QHBoxLayout;
    // "Solve exactly (MILP) within [10 s] [x] automatically"
    milp_button_ = new QPushButton(tr("Solve exactly (MILP)"));
    milp_button_->setEnabled(milpAvailable());
    milp_button_->setToolTip(milpAvailable()
                                 ? tr("Mixed-integer program solved by COIN-OR CBC, warm-started from the "
                                      "heuristic; reports the proven gap")
                                 : tr("Not available: built without COIN-OR CBC"));
    second->addWidget(milp_button_);
    second->addWidget(new QLabel(tr("within")));
    time_limit_ = new QDoubleSpinBox;
    time_limit_->setRange(1, 3600);
    time_limit_->setDecimals(0);
    time_limit_->setValue(10);
    time_limit_->setSuffix(tr(" s"));
    time_limit_->setToolTip(tr("MILP time limit:"));
    second->addWidget(time_limit_);
    auto_milp_ = new QCheckBox(tr("automatically"));
    auto_milp_->setChecked(milpAvailable());
    auto_milp_->setEnabled(milpAvailable());
    auto_milp_->setToolTip(tr("After each heuristic schedule with a gap, run the exact MILP in the "
                              "background (within the time limit) and show its schedule when it is better"));
    second->addWidget(auto_milp_);
    reset_button_ = new QPushButton(tr("Reset progress"));
    reset_button_->setToolTip(tr("Forget the jobs marked done or failed on the chart and plan all jobs "
                                 "from the start"));
    reset_button_->setVisible(false);
    second->addWidget(reset_button_);
    second->addStretch(1);

    table_ = new QTableWidget(0, ColCount);
    table_->setHorizontalHeaderLabels(
        {tr("Name"), tr("Model"), tr("Global batch"), tr("Steps"), tr("Priority"), tr("Spill")});
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(ColModel, QHeaderView::Stretch);
    table_->setItemDelegateForColumn(ColModel, new ModelDelegate(table_));
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->horizontalHeaderItem(ColSpill)->setToolTip(
        tr("Allow Hydra model spilling: layers kept in host memory and streamed over PCIe"));

    summary_ = new QLabel;
    summary_->setWordWrap(true);
    summary_->setTextFormat(Qt::RichText);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    gantt_ = new GanttChart;
    gantt_->setToolTip(QString());
    gantt_->setWhatsThis(tr("Right-click a job to mark it done or failed at that time; the remaining jobs "
                            "are planned again."));
    result_table_ = new QTableWidget(0, 6);
    result_table_->setHorizontalHeaderLabels(
        {tr("Job"), tr("GPUs"), tr("GPU ids"), tr("Start"), tr("End"), tr("Plan")});
    result_table_->horizontalHeader()->setSectionResizeMode(5, QHeaderView::Stretch);
    result_table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    result_table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    result_table_->verticalHeader()->setDefaultSectionSize(result_table_->fontMetrics().height() + 6);
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 8);
    curve_ = new DurationCurve;
    bottom_tabs_ = new QTabWidget;
    bottom_tabs_->addTab(result_table_, tr("Scheduled jobs"));
    bottom_tabs_->addTab(curve_, tr("Why this GPU count"));

    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(table_);
    split->addWidget(gantt_);
    split->addWidget(bottom_tabs_);
    split->setChildrenCollapsible(false);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 2);
    split->setSizes({220, 330, 220});

    QWidget* box = buildSummaryBox();

    auto* lay = new QVBoxLayout(this);
    lay->addLayout(top);
    lay->addLayout(second);
    lay->addWidget(split, 1);
    lay->addWidget(box);

    milp_ticker_ = new QTimer(this);
    debounce_ = new QTimer(this);
    debounce_->setSingleShot(true);
    debounce_->setInterval(250);
    heuristic_watcher_ = new QFutureWatcher<Computed>(this);
    milp_watcher_ = new QFutureWatcher<Computed>(this);

    connect(debounce_, &QTimer::timeout, this, &SchedulerPanel::reschedule);
    connect(heuristic_watcher_, &QFutureWatcherBase::finished, this, &SchedulerPanel::onHeuristicDone);
    connect(milp_watcher_, &QFutureWatcherBase::finished, this, &SchedulerPanel::onMilpDone);
    connect(table_, &QTableWidget::itemChanged, this, [this] { editsChanged(); });
    connect(add, &QPushButton::clicked, this, &SchedulerPanel::addJob);
    connect(remove, &QPushButton::clicked, this, &SchedulerPanel::removeSelectedJobs);
    connect(load, &QAction::triggered, this, &SchedulerPanel::chooseLoad);
    connect(save, &QAction::triggered, this, &SchedulerPanel::chooseSave);
    connect(milp_button_, &QPushButton::clicked, this, &SchedulerPanel::solveExactly);
    connect(export_json, &QAction::triggered, this, &SchedulerPanel::chooseExportJson);
    connect(export_scripts, &QAction::triggered, this, &SchedulerPanel::chooseExportScripts);
    connect(reset_button_, &QPushButton::clicked, this, &SchedulerPanel::resetProgress);
    connect(gantt_, &GanttChart::jobMarked, this, &SchedulerPanel::markJob);
    connect(gantt_, &GanttChart::barClicked, this, &SchedulerPanel::showCurveFor);
    connect(result_table_, &QTableWidget::currentCellChanged, this, [this](int row, int, int, int) {
        if (row >= 0)
            showCurveFor(row);
    });
    connect(cluster_box_, &QComboBox::currentTextChanged, this, [this](const QString& text) {
        if (filling_)
            return;
        try {
            setCluster(text);
        } catch (const InputError& e) {
            showError(QString::fromStdString(e.what()));
        }
    });
}

void SchedulerPanel::setCluster(const QString& name_or_path) {
    const ClusterProfile c = resolveCluster(name_or_path.toStdString());
    setCluster(c);
    filling_ = true;
    if (cluster_box_->currentText() != name_or_path)
        cluster_box_->setCurrentText(name_or_path);
    filling_ = false;
}

void SchedulerPanel::setCluster(const ClusterProfile& cluster) {
    cluster_ = cluster;
    // Uniform-layer planner searches (Megatron-style, sub-second) keep the tab responsive; the full
    // per-layer search of the main Search tab takes minutes per job on large clusters. Answers are kept
    // per cluster profile for the session.
    const std::string key = toJson(cluster_).dump();
    auto& o = oracles_[key];
    if (!o) {
        SearchOptions search;
        search.uniform_layers = true;
        CostOptions cost;
        cost.runtime = resolveRuntime(kDefaultRuntime); // calibrated, as the CLI's default
        o = std::make_shared<PlannerOracle>(cluster_, cost, search);
    }
    oracle_ = o;
    state_.reset(); // marks refer to the previous cluster's GPUs
    filling_ = true;
    if (cluster_box_->currentText() != QString::fromStdString(cluster_.name))
        cluster_box_->setCurrentText(QString::fromStdString(cluster_.name));
    filling_ = false;
    editsChanged();
}

void SchedulerPanel::appendRow(const Job& job) {
    const int r = table_->rowCount();
    table_->insertRow(r);
    auto* name = new QTableWidgetItem(QString::fromStdString(job.name));
    if (!job.iteration_times.empty()) {
        nlohmann::json t = nlohmann::json::object();
        for (const auto& [g, s] : job.iteration_times)
            t[std::to_string(g)] = s;
        name->setData(kTimesRole, QString::fromStdString(t.dump()));
        name->setToolTip(
            tr("Uses given iteration times per GPU count: %1").arg(QString::fromStdString(t.dump())));
    }
    table_->setItem(r, ColName, name);
    table_->setItem(r, ColModel, new QTableWidgetItem(QString::fromStdString(job.model)));
    auto* batch = new QTableWidgetItem;
    batch->setData(Qt::EditRole, job.global_batch);
    table_->setItem(r, ColBatch, batch);
    auto* steps = new QTableWidgetItem;
    steps->setData(Qt::EditRole, static_cast<qlonglong>(job.totalSteps()));
    table_->setItem(r, ColSteps, steps);
    auto* prio = new QTableWidgetItem;
    prio->setData(Qt::EditRole, job.priority);
    table_->setItem(r, ColPriority, prio);
    auto* spill = new QTableWidgetItem;
    spill->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    spill->setCheckState(job.allow_spill ? Qt::Checked : Qt::Unchecked);
    table_->setItem(r, ColSpill, spill);
}

void SchedulerPanel::setJobs(const std::vector<Job>& jobs) {
    filling_ = true;
    table_->setRowCount(0);
    for (const auto& j : jobs)
        appendRow(j);
    filling_ = false;
    editsChanged();
}

std::vector<Job> SchedulerPanel::jobs() const {
    std::vector<Job> out;
    for (int r = 0; r < table_->rowCount(); ++r) {
        const std::string f = "jobs[" + std::to_string(r) + "]";
        auto text = [&](int c) {
            return table_->item(r, c) ? table_->item(r, c)->text().trimmed() : QString();
        };
        Job j;
        j.name = text(ColName).toStdString();
        j.model = text(ColModel).toStdString();
        bool ok = false;
        j.global_batch = text(ColBatch).toInt(&ok);
        if (!ok || j.global_batch <= 0)
            throw InputError(f + ".global_batch", "must be a positive integer");
        j.steps = text(ColSteps).toLongLong(&ok);
        if (!ok || j.steps <= 0)
            throw InputError(f + ".steps", "must be a positive integer");
        j.priority = text(ColPriority).isEmpty() ? 0 : text(ColPriority).toInt(&ok);
        if (!text(ColPriority).isEmpty() && !ok)
            throw InputError(f + ".priority", "must be an integer");
        j.allow_spill = table_->item(r, ColSpill) && table_->item(r, ColSpill)->checkState() == Qt::Checked;
        if (auto* it = table_->item(r, ColName); it && it->data(kTimesRole).isValid()) {
            const auto t = nlohmann::json::parse(it->data(kTimesRole).toString().toStdString());
            for (const auto& [k, v] : t.items())
                j.iteration_times[std::stoi(k)] = v.get<double>();
        }
        out.push_back(std::move(j));
    }
    return out;
}

void SchedulerPanel::addJob() {
    Job j;
    int n = table_->rowCount() + 1;
    j.name = "job" + std::to_string(n);
    j.model = kDefaultModel;
    j.global_batch = 64;
    j.steps = 1000;
    filling_ = true;
    appendRow(j);
    filling_ = false;
    editsChanged();
}

void SchedulerPanel::removeSelectedJobs() {
    auto rows = table_->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(),
              [](const QModelIndex& a, const QModelIndex& b) { return a.row() > b.row(); });
    filling_ = true;
    for (const auto& idx : rows)
        table_->removeRow(idx.row());
    filling_ = false;
    editsChanged();
}

void SchedulerPanel::editsChanged() {
    if (filling_)
        return;
    ++generation_; // results of older edits are now stale
    debounce_->start();
}

bool SchedulerPanel::busy() const {
    return heuristic_running_ || milp_running_ || debounce_->isActive() || pending_;
}

void SchedulerPanel::reschedule() {
    debounce_->stop();
    if (heuristic_running_) {
        pending_ = true; // run again with the latest edits when the current run ends
        return;
    }
    pending_ = false;
    std::vector<Job> jobs;
    try {
        jobs = this->jobs();
    } catch (const InputError& e) {
        showError(QString::fromStdString(e.what()));
        return;
    }
    const quint64 gen = generation_;
    auto oracle = oracle_;
    const ClusterProfile cluster = cluster_;
    std::optional<ReplanState> state = state_;
    if (state) {
        // Edits keep the marks of jobs that still exist.
        state->jobs = jobs;
        std::erase_if(state->progress, [&](const JobProgress& p) {
            return std::none_of(jobs.begin(), jobs.end(), [&](const Job& j) { return j.name == p.name; });
        });
    }
    summary_->setText(tr("Planning %n job(s)…", nullptr, static_cast<int>(jobs.size())));
    heuristic_running_ = true;
    heuristic_watcher_->setFuture(QtConcurrent::run([gen, oracle, cluster, jobs, state]() {
        Computed c;
        c.generation = gen;
        c.state = state;
        try {
            auto table =
                std::make_shared<JobTable>(state ? buildReplanTable(*state, cluster, oracle->function())
                                                 : buildJobTable(jobs, cluster, oracle->function()));
            c.schedule = scheduleHeuristic(*table, cluster);
            c.baselines = {baselineSequential(*table, cluster), baselineWholeNode(*table, cluster),
                           baselineEqualSplit(*table, cluster)};
            if (state)
                addHistory(c.schedule, *state);
            c.table = std::move(table);
        } catch (const InputError& e) {
            c.error = QString::fromStdString(e.what());
        } catch (const std::exception& e) {
            c.error = QString::fromStdString(e.what());
        }
        return c;
    }));
}

void SchedulerPanel::onHeuristicDone() {
    heuristic_running_ = false;
    const Computed c = heuristic_watcher_->result();
    if (pending_) {
        reschedule();
        return;
    }
    if (c.generation != generation_)
        return; // stale
    if (!c.error.isEmpty()) {
        showError(c.error);
        return;
    }
    job_table_ = c.table;
    schedule_ = c.schedule;
    baselines_ = c.baselines;
    state_ = c.state;
    showResult();
    maybeImprove();
}

void SchedulerPanel::solveExactly() {
    if (!job_table_ || milp_running_ || schedule_.jobs.empty())
        return;
    milp_button_->setEnabled(false);
    milp_button_->setText(tr("Solving…"));
    // Live status while CBC runs (it reports nothing before it ends): elapsed time against the limit.
    milp_started_.start();
    milp_summary_ = summary_->text();
    const double limit = time_limit_->value();
    auto tick = [this, limit] {
        summary_->setText(milp_summary_ +
                          QStringLiteral("<br><i>%1</i>")
                              .arg(tr("Exact MILP improving this schedule in the background: %1 s of "
                                      "at most %2 s…")
                                       .arg(milp_started_.elapsed() / 1000)
                                       .arg(limit, 0, 'f', 0)));
    };
    milp_ticker_->disconnect();
    connect(milp_ticker_, &QTimer::timeout, this, tick);
    milp_ticker_->start(1000);
    tick();
    const quint64 gen = generation_;
    auto table = job_table_;
    const ClusterProfile cluster = cluster_;
    ScheduleResult warm = schedule_;
    std::erase_if(warm.jobs, [](const ScheduledJob& j) { return j.status != JobStatus::Planned; });
    const std::optional<ReplanState> state = state_;
    SchedulerOptions opt;
    opt.milp_time_limit = time_limit_->value();
    milp_running_ = true;
    milp_watcher_->setFuture(QtConcurrent::run([gen, table, cluster, warm, opt, state]() {
        Computed c;
        c.generation = gen;
        c.table = table;
        c.state = state;
        try {
            c.schedule = scheduleMilp(*table, cluster, warm, opt);
            if (state)
                addHistory(c.schedule, *state);
        } catch (const std::exception& e) {
            c.error = QString::fromStdString(e.what());
        }
        return c;
    }));
}

void SchedulerPanel::onMilpDone() {
    milp_running_ = false;
    milp_button_->setEnabled(milpAvailable());
    milp_button_->setText(tr("Solve exactly (MILP)"));
    milp_ticker_->stop();
    const Computed c = milp_watcher_->result();
    if (c.generation != generation_) {
        maybeImprove(); // the run was for older edits: improve the current schedule instead
        return;
    }
    if (!c.error.isEmpty()) {
        showError(c.error);
        return;
    }
    schedule_ = c.schedule;
    showResult();
}

void SchedulerPanel::maybeImprove() {
    if (!auto_milp_->isChecked() || !milpAvailable() || milp_running_ || heuristic_running_ || pending_ ||
        debounce_->isActive() || schedule_.algorithm != "heuristic" || schedule_.optimal ||
        !(schedule_.gap() > 1e-3))
        return;
    solveExactly();
}

QString SchedulerPanel::summaryText() const {
    return summary_->text();
}

void SchedulerPanel::showError(const QString& message) {
    summary_->setText(QStringLiteral("<span style='color:#b00020'>%1</span>").arg(message.toHtmlEscaped()));
}

void SchedulerPanel::changeEvent(QEvent* e) {
    QWidget::changeEvent(e);
    if (e->type() == QEvent::LanguageChange && !schedule_.jobs.empty()) {
        showResult(); // composed texts (summary, GPU ranges, job states) in the new language
        if (milp_running_)
            milp_summary_ = summary_->text(); // the MILP ticker appends to it every second
    }
}

void SchedulerPanel::showResult() {
    std::vector<std::string> names;
    for (int r = 0; r < table_->rowCount(); ++r)
        if (table_->item(r, ColName))
            names.push_back(table_->item(r, ColName)->text().trimmed().toStdString());
    gantt_->setSchedule(schedule_, cluster_, names, state_ ? state_->now : -1.0);
    result_table_->setRowCount(0);
    for (int i = 0; i < static_cast<int>(schedule_.jobs.size()); ++i) {
        const auto& j = schedule_.jobs[static_cast<std::size_t>(i)];
        const int r = result_table_->rowCount();
        result_table_->insertRow(r);
        QString label = QString::fromStdString(j.name);
        if (j.status == JobStatus::Done)
            label = tr("%1 (done)").arg(label);
        else if (j.status == JobStatus::Failed)
            label = tr("%1 (failed)").arg(label);
        else if (j.status == JobStatus::Running)
            label = tr("%1 (running)").arg(label);
        auto* name = new QTableWidgetItem(label);
        name->setBackground(GanttChart::jobColor(gantt_->colorIndex(i)));
        name->setForeground(Qt::black);
        result_table_->setItem(r, 0, name);
        result_table_->setItem(r, 1, new QTableWidgetItem(QString::number(j.gpus)));
        const QString ids =
            j.slot.count == 1
                ? QString::number(j.slot.first)
                : QStringLiteral("%1-%2").arg(j.slot.first).arg(j.slot.first + j.slot.count - 1);
        result_table_->setItem(r, 2,
                               new QTableWidgetItem(QStringLiteral("%1 (%2)").arg(
                                   ids, GanttChart::placementText(j.slot, cluster_))));
        result_table_->setItem(r, 3, new QTableWidgetItem(timeText(j.start)));
        result_table_->setItem(r, 4, new QTableWidgetItem(timeText(j.end)));
        result_table_->setItem(r, 5, new QTableWidgetItem(QString::fromStdString(j.estimate.label)));
    }
    result_table_->resizeColumnsToContents();
    result_table_->horizontalHeader()->setSectionResizeMode(5, QHeaderView::Stretch);
    QString html;
    if (schedule_.jobs.empty()) {
        html = tr("No job can be scheduled.");
    } else {
        // The status only when it says more than the algorithm's name.
        // The solver's model size (" - N columns, M rows") is for the CLI; the tab shows the outcome only.
        QString status = QString::fromStdString(schedule_.status);
        status = status.left(status.indexOf(QStringLiteral(" - ")));
        const QString algo = algorithmName(schedule_.algorithm);
        const QString how =
            status.isEmpty() || status == QString::fromStdString(schedule_.algorithm)
                ? algo
                : tr("%1: %2").arg(algo, CoreText::scheduleStatus(status.toStdString()).toHtmlEscaped());
        html = tr("<b>Makespan %1</b> (%2) · lower bound %3 · gap %4%")
                   .arg(timeText(schedule_.makespan), how, timeText(schedule_.lower_bound))
                   .arg(100.0 * schedule_.gap(), 0, 'f', 1);
    }
    if (!schedule_.jobs.empty() && !baselines_.empty()) {
        QStringList parts;
        for (const auto& b : baselines_)
            parts << tr("%1 %2 (%3x)")
                         .arg(baselineName(b.algorithm), timeText(b.makespan))
                         .arg(schedule_.makespan > 0 ? b.makespan / schedule_.makespan : 0.0, 0, 'f', 2);
        html += QStringLiteral("<br>") + tr("Baselines: %1").arg(parts.join(QStringLiteral(" · ")));
    }
    if (state_) {
        int done = 0, failed = 0, running = 0;
        for (const auto& p : state_->progress)
            (p.status == JobStatus::Done ? done : p.status == JobStatus::Failed ? failed : running)++;
        html += QStringLiteral("<br>") +
                tr("Re-planned at %1: %2 done, %3 failed, %4 running (they keep their GPUs); the other jobs "
                   "start no earlier.")
                    .arg(timeText(state_->now))
                    .arg(done)
                    .arg(failed)
                    .arg(running);
    }
    reset_button_->setVisible(state_.has_value());
    for (const auto& [name, why] : schedule_.infeasible)
        html += QStringLiteral("<br><span style='color:#b00020'>%1</span>")
                    .arg(tr("%1 cannot run: %2")
                             .arg(QString::fromStdString(name), CoreText::jobInfeasible(why))
                             .toHtmlEscaped());
    summary_->setText(html);
    // Keep the curve on the job it showed, else the first planned job.
    int bar = -1;
    for (int i = 0; i < static_cast<int>(schedule_.jobs.size()); ++i)
        if (schedule_.jobs[static_cast<std::size_t>(i)].status == JobStatus::Planned &&
            (bar < 0 || QString::fromStdString(schedule_.jobs[static_cast<std::size_t>(i)].name) ==
                            curve_->property("job").toString()))
            bar = i;
    showCurveFor(bar);
    emit scheduleChanged();
}

void SchedulerPanel::showCurveFor(int bar) {
    if (bar < 0 || bar >= static_cast<int>(schedule_.jobs.size()) || !job_table_) {
        curve_->clear();
        return;
    }
    const auto& j = schedule_.jobs[static_cast<std::size_t>(bar)];
    for (std::size_t k = 0; k < job_table_->jobs.size(); ++k)
        if (job_table_->jobs[k].name == j.name) {
            curve_->setJob(QString::fromStdString(j.name), job_table_->options[k], j.gpus);
            curve_->setProperty("job", QString::fromStdString(j.name));
            return;
        }
    curve_->clear();
}

void SchedulerPanel::markJob(const QString& name, double time, bool failed) {
    std::vector<Job> jobs;
    try {
        jobs = this->jobs();
    } catch (const InputError& e) {
        showError(QString::fromStdString(e.what()));
        return;
    }
    if (state_)
        time = std::max(time, state_->now); // the past before the last re-plan is fixed
    state_ =
        stateAt(jobs, schedule_, time, {{name.toStdString(), failed ? JobStatus::Failed : JobStatus::Done}});
    editsChanged();
}

void SchedulerPanel::resetProgress() {
    state_.reset();
    editsChanged();
}

bool SchedulerPanel::loadJobsFile(const QString& file, QString* error) {
    try {
        const auto j = readJsonFile(file.toStdString());
        const auto jobs = jobsFromJson(j);
        if (j.is_object() && j.contains("cluster") && j["cluster"].is_string())
            setCluster(QString::fromStdString(j["cluster"].get<std::string>()));
        setJobs(jobs);
        return true;
    } catch (const InputError& e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return false;
    }
}

bool SchedulerPanel::saveJobsFile(const QString& file, QString* error) const {
    try {
        auto j = jobsToJson(jobs());
        j["cluster"] = cluster_box_->currentText().toStdString();
        writeJsonFile(file.toStdString(), j);
        return true;
    } catch (const InputError& e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return false;
    }
}

bool SchedulerPanel::exportScheduleJson(const QString& file, QString* error) const {
    try {
        auto j = toJson(schedule_, cluster_);
        nlohmann::json b = nlohmann::json::object();
        for (const auto& s : baselines_)
            b[s.algorithm] = s.makespan;
        j["baselines"] = b;
        writeJsonFile(file.toStdString(), j);
        return true;
    } catch (const InputError& e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return false;
    }
}

bool SchedulerPanel::exportScripts(const QString& dir, QString* error) const {
    try {
        writeLaunchScripts(schedule_, cluster_, dir.toStdString());
        return true;
    } catch (const InputError& e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return false;
    }
}

void SchedulerPanel::chooseLoad() {
    const QString f = QFileDialog::getOpenFileName(this, tr("Load jobs"), {}, tr("Jobs JSON (*.json)"));
    QString err;
    if (!f.isEmpty() && !loadJobsFile(f, &err))
        QMessageBox::warning(this, tr("Load jobs"), err);
}

void SchedulerPanel::chooseSave() {
    const QString f = QFileDialog::getSaveFileName(this, tr("Save jobs"), QStringLiteral("jobs.json"),
                                                   tr("Jobs JSON (*.json)"));
    QString err;
    if (!f.isEmpty() && !saveJobsFile(f, &err))
        QMessageBox::warning(this, tr("Save jobs"), err);
}

void SchedulerPanel::chooseExportJson() {
    const QString f = QFileDialog::getSaveFileName(this, tr("Export schedule"),
                                                   QStringLiteral("schedule.json"), tr("JSON (*.json)"));
    QString err;
    if (!f.isEmpty() && !exportScheduleJson(f, &err))
        QMessageBox::warning(this, tr("Export schedule"), err);
}

void SchedulerPanel::chooseExportScripts() {
    const QString d = QFileDialog::getExistingDirectory(this, tr("Export launch scripts"));
    QString err;
    if (!d.isEmpty() && !exportScripts(d, &err))
        QMessageBox::warning(this, tr("Export launch scripts"), err);
}

} // namespace gx::app
