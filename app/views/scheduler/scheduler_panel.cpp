// Galvatron Explorer - multi-model planning panel. The heuristic runs on a worker thread
// (QtConcurrent) after every edit (debounced, latest edit wins, stale results dropped); the MILP runs
// on demand on another worker. No QObject is touched off the GUI thread.
#include "views/scheduler/scheduler_panel.h"

#include "views/scheduler/gantt_chart.h"

#include "gx/error.h"
#include "gx/presets.h"
#include "gx/profile_io.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QStyledItemDelegate>
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
}

SchedulerPanel::~SchedulerPanel() {
    // Workers only hold shared pointers and copies; wait so no callback outlives the panel.
    heuristic_watcher_->waitForFinished();
    milp_watcher_->waitForFinished();
}

void SchedulerPanel::buildUi() {
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Cluster:")));
    cluster_box_ = new QComboBox;
    cluster_box_->setEditable(true);
    cluster_box_->setToolTip(tr("Cluster preset, or the path of a cluster profile JSON"));
    for (const auto& n : clusterPresetNames())
        cluster_box_->addItem(QString::fromStdString(n));
    top->addWidget(cluster_box_, 1);
    auto* add = new QPushButton(tr("Add job"));
    auto* remove = new QPushButton(tr("Remove"));
    auto* load = new QPushButton(tr("Load…"));
    auto* save = new QPushButton(tr("Save…"));
    top->addWidget(add);
    top->addWidget(remove);
    top->addWidget(load);
    top->addWidget(save);
    top->addSpacing(12);
    top->addWidget(new QLabel(tr("MILP time limit:")));
    time_limit_ = new QDoubleSpinBox;
    time_limit_->setRange(1, 3600);
    time_limit_->setValue(30);
    time_limit_->setSuffix(tr(" s"));
    top->addWidget(time_limit_);
    milp_button_ = new QPushButton(tr("Solve exactly (MILP)"));
    milp_button_->setEnabled(milpAvailable());
    milp_button_->setToolTip(milpAvailable()
                                 ? tr("Mixed-integer program solved by COIN-OR CBC, warm-started from the "
                                      "heuristic; reports the proven gap")
                                 : tr("Not available: built without COIN-OR CBC"));
    top->addWidget(milp_button_);
    auto* export_json = new QPushButton(tr("Export JSON…"));
    auto* export_scripts = new QPushButton(tr("Export scripts…"));
    top->addWidget(export_json);
    top->addWidget(export_scripts);

    table_ = new QTableWidget(0, ColCount);
    table_->setHorizontalHeaderLabels(
        {tr("Name"), tr("Model"), tr("Global batch"), tr("Steps"), tr("Priority"), tr("Spill")});
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
    result_table_ = new QTableWidget(0, 6);
    result_table_->setHorizontalHeaderLabels(
        {tr("Job"), tr("GPUs"), tr("GPU ids"), tr("Start"), tr("End"), tr("Plan")});
    result_table_->horizontalHeader()->setSectionResizeMode(5, QHeaderView::Stretch);
    result_table_->setEditTriggers(QAbstractItemView::NoEditTriggers);

    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(table_);
    split->addWidget(gantt_);
    split->addWidget(result_table_);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 1);

    auto* lay = new QVBoxLayout(this);
    lay->addLayout(top);
    lay->addWidget(split, 1);
    lay->addWidget(summary_);

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
    connect(load, &QPushButton::clicked, this, &SchedulerPanel::chooseLoad);
    connect(save, &QPushButton::clicked, this, &SchedulerPanel::chooseSave);
    connect(milp_button_, &QPushButton::clicked, this, &SchedulerPanel::solveExactly);
    connect(export_json, &QPushButton::clicked, this, &SchedulerPanel::chooseExportJson);
    connect(export_scripts, &QPushButton::clicked, this, &SchedulerPanel::chooseExportScripts);
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
    cluster_ = resolveCluster(name_or_path.toStdString());
    // Uniform-layer planner searches (Megatron-style, sub-second) keep the tab responsive; the full
    // per-layer search of the main Search tab takes minutes per job on large clusters.
    SearchOptions search;
    search.uniform_layers = true;
    oracle_ = std::make_shared<PlannerOracle>(cluster_, CostOptions{}, search);
    filling_ = true;
    if (cluster_box_->currentText() != name_or_path)
        cluster_box_->setCurrentText(name_or_path);
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
    summary_->setText(tr("Planning %n job(s)…", nullptr, static_cast<int>(jobs.size())));
    heuristic_running_ = true;
    heuristic_watcher_->setFuture(QtConcurrent::run([gen, oracle, cluster, jobs]() {
        Computed c;
        c.generation = gen;
        try {
            auto table = std::make_shared<JobTable>(buildJobTable(jobs, cluster, oracle->function()));
            c.schedule = scheduleHeuristic(*table, cluster);
            c.baselines = {baselineSequential(*table, cluster), baselineWholeNode(*table, cluster),
                           baselineEqualSplit(*table, cluster)};
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
    showResult();
}

void SchedulerPanel::solveExactly() {
    if (!job_table_ || milp_running_ || schedule_.jobs.empty())
        return;
    milp_button_->setEnabled(false);
    milp_button_->setText(tr("Solving…"));
    const quint64 gen = generation_;
    auto table = job_table_;
    const ClusterProfile cluster = cluster_;
    const ScheduleResult warm = schedule_;
    SchedulerOptions opt;
    opt.milp_time_limit = time_limit_->value();
    milp_running_ = true;
    milp_watcher_->setFuture(QtConcurrent::run([gen, table, cluster, warm, opt]() {
        Computed c;
        c.generation = gen;
        c.table = table;
        try {
            c.schedule = scheduleMilp(*table, cluster, warm, opt);
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
    const Computed c = milp_watcher_->result();
    if (c.generation != generation_)
        return;
    if (!c.error.isEmpty()) {
        showError(c.error);
        return;
    }
    schedule_ = c.schedule;
    showResult();
}

QString SchedulerPanel::summaryText() const {
    return summary_->text();
}

void SchedulerPanel::showError(const QString& message) {
    summary_->setText(QStringLiteral("<span style='color:#b00020'>%1</span>").arg(message.toHtmlEscaped()));
}

void SchedulerPanel::showResult() {
    gantt_->setSchedule(schedule_, cluster_);
    result_table_->setRowCount(0);
    for (const auto& j : schedule_.jobs) {
        const int r = result_table_->rowCount();
        result_table_->insertRow(r);
        auto* name = new QTableWidgetItem(QString::fromStdString(j.name));
        name->setBackground(GanttChart::jobColor(j.job));
        result_table_->setItem(r, 0, name);
        result_table_->setItem(r, 1, new QTableWidgetItem(QString::number(j.gpus)));
        result_table_->setItem(
            r, 2,
            new QTableWidgetItem(
                QStringLiteral("%1-%2").arg(j.slot.first).arg(j.slot.first + j.slot.count - 1)));
        result_table_->setItem(r, 3, new QTableWidgetItem(timeText(j.start)));
        result_table_->setItem(r, 4, new QTableWidgetItem(timeText(j.end)));
        result_table_->setItem(r, 5, new QTableWidgetItem(QString::fromStdString(j.estimate.label)));
    }
    QString html;
    if (schedule_.jobs.empty())
        html = tr("No job can be scheduled.");
    else
        html = tr("<b>Makespan %1</b> (%2: %3) · lower bound %4 · gap %5%")
                   .arg(timeText(schedule_.makespan), QString::fromStdString(schedule_.algorithm),
                        QString::fromStdString(schedule_.status).toHtmlEscaped(),
                        timeText(schedule_.lower_bound))
                   .arg(100.0 * schedule_.gap(), 0, 'f', 1);
    if (!schedule_.jobs.empty() && !baselines_.empty()) {
        QStringList parts;
        for (const auto& b : baselines_)
            parts << tr("%1 %2 (%3x)")
                         .arg(baselineName(b.algorithm), timeText(b.makespan))
                         .arg(schedule_.makespan > 0 ? b.makespan / schedule_.makespan : 0.0, 0, 'f', 2);
        html += QStringLiteral("<br>") + tr("Baselines: %1").arg(parts.join(QStringLiteral(" · ")));
    }
    for (const auto& [name, reason] : schedule_.infeasible)
        html += QStringLiteral("<br><span style='color:#b00020'>%1</span>")
                    .arg(tr("%1 cannot run: %2")
                             .arg(QString::fromStdString(name), QString::fromStdString(reason))
                             .toHtmlEscaped());
    summary_->setText(html);
    emit scheduleChanged();
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
