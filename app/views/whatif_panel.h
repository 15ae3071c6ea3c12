// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - what-if: change GPUs, nodes, memory, bandwidth, batch or sequence length and the
// search re-runs (debounced 150 ms, the last search options, no tree events) and shows the delta to the
// previous best plan.
#pragma once

#include "gx/planner.h"
#include "search_controller.h"
#include "views/plan_view.h"

#include <QWidget>

#include <optional>

class QBoxLayout;
class QSpinBox;
class QDoubleSpinBox;
class QSlider;
class QLabel;
class QTableWidget;
class QTimer;

namespace gx::app {

class WhatIfPanel : public QWidget {
    Q_OBJECT
public:
    explicit WhatIfPanel(QWidget* parent = nullptr);
    /// The starting point (resets the controls; runs once to get a reference).
    void setBase(const ModelProfile& model, const ClusterProfile& cluster, const SearchOptions& options);
    /// Profiles/options as edited by the controls.
    ModelProfile currentModel() const;
    ClusterProfile currentCluster() const;
    SearchOptions currentOptions() const;
    SearchController* controller() const { return controller_; }
    QSpinBox* nodesBox() const { return nodes_; }
    QDoubleSpinBox* memoryBox() const { return memory_; }
    QSpinBox* batchBox() const { return batch_; }
    QSpinBox* seqBox() const { return seq_; }
    QTableWidget* deltaTable() const { return delta_; }
    /// Best plan of the latest finished what-if run, and of the one before it.
    const std::optional<NamedPlan>& latest() const { return latest_; }
    const std::optional<NamedPlan>& previous() const { return previous_; }
    /// Whether a what-if search has finished since setBase (with a plan or with none that fits).
    bool hasResult() const { return finished_; }
    /// Time from the last edit to the result of the search it triggered (ms), -1 before the first.
    double lastLatencyMs() const { return latency_ms_; }

signals:
    /// "Apply" pressed: use these profiles in the editors.
    void applyRequested(const gx::ModelProfile& model, const gx::ClusterProfile& cluster);
    void resultReady();
    /// A complete plan better than any before it, found while the search goes on (shown in the status
    /// line until the search ends): its iteration time (s).
    void provisional(double iteration_time);

protected:
    void resizeEvent(QResizeEvent* e) override;

    /// Searches run only while the panel is visible; a change made while hidden runs on show.
    void showEvent(QShowEvent* e) override;

private:
    QBoxLayout* box_ = nullptr;
    bool finished_ = false;
    void scheduleRun();
    void runNow();
    void onFinished(std::shared_ptr<const SearchResult> result, std::shared_ptr<const CostModel> cm);
    void showDelta();

    ModelProfile base_model_;
    ClusterProfile base_cluster_;
    SearchOptions base_options_;
    bool updating_ = false;
    SearchController* controller_;
    QTimer* debounce_;
    QSpinBox *nodes_, *gpus_per_node_, *batch_, *seq_;
    QDoubleSpinBox *memory_, *inter_bw_, *intra_bw_;
    QSlider* memory_slider_;
    QLabel* status_;
    QLabel* plan_label_;
    QTableWidget* delta_;
    std::optional<NamedPlan> latest_, previous_;
    double best_so_far_ = 0; ///< iteration time of the running search's best plan so far (0: none yet)
    qint64 edit_time_ms_ = 0;
    bool pending_ = false;
    double latency_ms_ = -1;
};

} // namespace gx::app
