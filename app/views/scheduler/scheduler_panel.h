// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - "Multi-model" tab: jobs table editor, schedule (heuristic on every edit, MILP on
// demand), Gantt chart, makespan vs baselines, export of the schedule.
#pragma once

#include "gx/cluster.h"
#include "gx/scheduler.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QWidget>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QTableWidget;
class QTabWidget;
class QTimer;

namespace gx::app {

class DurationCurve;
class GanttChart;

class SchedulerPanel : public QWidget {
    Q_OBJECT
public:
    /// The tab's own example: a Saturn-style learning-rate x batch sweep of a 6.7B model (may spill) and
    /// two 1.3B jobs.
    static std::vector<Job> defaultJobs();
    explicit SchedulerPanel(QWidget* parent = nullptr);
    ~SchedulerPanel() override;

    /// Replaces the jobs table (schedules again).
    void setJobs(const std::vector<Job>& jobs);
    /// Jobs as edited; throws InputError naming "jobs[i].field" for invalid cells.
    std::vector<Job> jobs() const;
    /// Cluster preset name or profile path; InputError if unknown.
    void setCluster(const QString& name_or_path);
    /// The cluster itself (e.g. the main window's edited profile): used as given, never looked up again
    /// by name.
    void setCluster(const ClusterProfile& cluster);
    ClusterProfile cluster() const { return cluster_; }

    bool loadJobsFile(const QString& file, QString* error = nullptr);
    bool saveJobsFile(const QString& file, QString* error = nullptr) const;
    bool exportScheduleJson(const QString& file, QString* error = nullptr) const;
    bool exportScripts(const QString& dir, QString* error = nullptr) const;

    const ScheduleResult& schedule() const { return schedule_; }
    const std::vector<ScheduleResult>& baselines() const { return baselines_; }
    bool busy() const;
    GanttChart* gantt() const { return gantt_; }
    DurationCurve* curve() const { return curve_; }
    /// Re-planning state (jobs done/failed/running at a time), if any job was marked.
    const std::optional<ReplanState>& progress() const { return state_; }
    QTableWidget* jobsTable() const { return table_; }
    /// The scheduled jobs (name, GPUs, GPU ids with node and island, start, end, plan).
    QTableWidget* resultTable() const { return result_table_; }
    QString summaryText() const;

public slots:
    /// Runs the heuristic now (normally triggered ~250 ms after an edit).
    void reschedule();
    /// Runs the exact MILP on the current jobs (warm-started from the heuristic).
    void solveExactly();
    void addJob();
    void removeSelectedJobs();
    /// Job `name` ended (done, or failed) at `time`: jobs started before keep running on their GPUs,
    /// the others are planned again from `time` (Saturn's introspection).
    void markJob(const QString& name, double time, bool failed);
    /// Forgets all marks: plans every job from time 0 again.
    void resetProgress();
    /// Shows the duration-by-GPU-count chart for a bar of the Gantt chart.
    void showCurveFor(int bar);

signals:
    /// A new schedule (heuristic or MILP) is shown.
    void scheduleChanged();

protected:
    void changeEvent(QEvent* e) override;

private:
    struct Computed {
        quint64 generation = 0;
        std::shared_ptr<const JobTable> table;
        ScheduleResult schedule;
        std::vector<ScheduleResult> baselines;
        std::optional<ReplanState> state;
        QString error;
    };
    void buildUi();
    QWidget* buildSummaryBox();
    void appendRow(const Job& job);
    void editsChanged();
    void onHeuristicDone();
    void onMilpDone();
    void showResult();
    /// Starts the MILP in the background when automatic improvement is on and the schedule has a gap.
    void maybeImprove();
    void showError(const QString& message);
    void chooseLoad();
    void chooseSave();
    void chooseExportJson();
    void chooseExportScripts();

    ClusterProfile cluster_;
    std::shared_ptr<PlannerOracle> oracle_;
    /// Planner answers for the session, per cluster (keyed by the profile's JSON, so an edited cluster
    /// with the same name gets its own).
    std::map<std::string, std::shared_ptr<PlannerOracle>> oracles_;
    std::optional<ReplanState> state_;
    std::shared_ptr<const JobTable> job_table_;
    ScheduleResult schedule_;
    std::vector<ScheduleResult> baselines_;
    quint64 generation_ = 0;
    bool pending_ = false;
    bool heuristic_running_ = false; ///< until onHeuristicDone ran (the watcher's state changes earlier)
    bool milp_running_ = false;
    bool filling_ = false;

    QComboBox* cluster_box_ = nullptr;
    QDoubleSpinBox* time_limit_ = nullptr;
    QTableWidget* table_ = nullptr;
    QTableWidget* result_table_ = nullptr;
    QLabel* summary_ = nullptr;
    QPushButton* milp_button_ = nullptr;
    QPushButton* reset_button_ = nullptr;
    QTabWidget* bottom_tabs_ = nullptr;
    GanttChart* gantt_ = nullptr;
    DurationCurve* curve_ = nullptr;
    QTimer* debounce_ = nullptr;
    QTimer* milp_ticker_ = nullptr;
    QString milp_summary_; ///< the summary the MILP ticker appends its elapsed time to
    QElapsedTimer milp_started_;
    QCheckBox* auto_milp_ = nullptr;
    QFutureWatcher<Computed>* heuristic_watcher_ = nullptr;
    QFutureWatcher<Computed>* milp_watcher_ = nullptr;
};

} // namespace gx::app
