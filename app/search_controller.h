// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - runs gx::search on a worker thread and feeds the GUI in batches.
//
// Threading (DESIGN.md, "Threading"): the search runs on a std::jthread with a std::stop_token.
// Its observer (called on core worker threads) only appends events to a mutex-protected queue; a ~30 ms
// QTimer on the GUI thread drains the queue and emits one batch per tick, so no QObject is touched from
// another thread and the GUI never waits for the search. Every run has a generation id; starting a new
// run cancels the old one and anything the old run still reports is dropped.
#pragma once

#include "gx/cluster.h"
#include "gx/cost_model.h"
#include "gx/model.h"
#include "gx/planner.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <memory>
#include <vector>

namespace gx::app {

/// A frontier/incumbent point as the GUI keeps it.
struct PlanPoint {
    double time = 0;   ///< iteration time, s
    double memory = 0; ///< peak bytes per GPU
    Plan plan;
    bool incumbent = false;
};

/// What one timer tick delivers.
struct SearchBatch {
    quint64 generation = 0;
    std::vector<TreeNode> nodes; ///< expanded and pruned nodes, in report order
    std::vector<PlanPoint> points;
    double progress = 0; ///< 0..1
    std::vector<QString> messages;
    std::vector<SearchEvent> tasks; ///< TaskStarted / TaskSolved / TaskCut, in report order
};

class SearchController : public QObject {
    Q_OBJECT
public:
    explicit SearchController(QObject* parent = nullptr);
    ~SearchController() override;

    /// Starts a search; a running one is cancelled and superseded. Returns the new generation id.
    /// For any target the per-layer search stops after `time_limit_s` seconds (0 = none) with the best
    /// plans found, as the CLI's --time-limit (searchAnytime).
    quint64 start(const ModelProfile& model, const ClusterProfile& cluster, const SearchOptions& options,
                  double time_limit_s = 0);
    /// Cancels the running search (no-op when idle). finished() follows with result->cancelled.
    void cancel();
    bool isRunning() const { return static_cast<bool>(run_); }
    quint64 generation() const { return generation_; }
    /// Seconds since the current/last run started.
    double elapsedSeconds() const;
    /// Estimated seconds left from the progress so far (negative when unknown: too early, or
    /// finishing).
    double etaSeconds() const;
    double progress() const { return progress_; }
    /// Drain interval, ms (default 30).
    void setBatchInterval(int ms) { timer_.setInterval(ms); }
    /// Blocks (processing events) until no run is active or the timeout passes. For tests and the
    /// screenshot mode. Returns true when idle.
    bool waitForFinished(int timeout_ms);

    const std::shared_ptr<const SearchResult>& lastResult() const { return last_result_; }
    /// Target framework of the last finished run, and (for a target other than Any) the best plan of
    /// the same search for any runtime: the price of the target.
    Target lastTarget() const { return last_target_; }
    const std::optional<RankedPlan>& lastUnconstrainedBest() const { return last_any_best_; }
    const std::shared_ptr<const CostModel>& lastCostModel() const { return last_cost_model_; }

signals:
    void started(quint64 generation);
    void batchReady(const gx::app::SearchBatch& batch);
    void progressChanged(double fraction, double eta_seconds);
    /// The run ended (completed or cancelled). `result` is never null.
    void finished(quint64 generation, std::shared_ptr<const gx::SearchResult> result,
                  std::shared_ptr<const gx::CostModel> cost_model);
    /// The run failed (invalid input). `field` names the offending input when known.
    void failed(quint64 generation, const QString& field, const QString& message);

private:
    struct Run;
    void drain();
    void reap();

    QTimer timer_;
    std::shared_ptr<Run> run_;                  ///< the current run (null when idle)
    std::vector<std::shared_ptr<Run>> retired_; ///< cancelled runs whose threads are still ending
    quint64 generation_ = 0;
    double progress_ = 0;
    int frontier_points_ = 0; ///< frontier passes expected after the main pass
    int frontier_seen_ = 0;   ///< frontier points reported so far
    QElapsedTimer clock_;
    std::shared_ptr<const SearchResult> last_result_;
    std::optional<RankedPlan> last_any_best_;
    Target last_target_ = Target::Any;
    std::shared_ptr<const CostModel> last_cost_model_;
};

} // namespace gx::app

Q_DECLARE_METATYPE(gx::app::SearchBatch)
Q_DECLARE_METATYPE(std::shared_ptr<const gx::SearchResult>)
Q_DECLARE_METATYPE(std::shared_ptr<const gx::CostModel>)
