// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - frontier chart + throughput sweeps (vs GPU count, vs global batch).
#pragma once

#include "charts/frontier_chart.h"
#include "gx/planner.h"
#include "search_controller.h"

#include <QWidget>

class QPushButton;
class QProgressBar;
class QLabel;

class QBoxLayout;

namespace gx::app {

/// Runs one search per swept value, one after the other, on its own SearchController.
class SweepPanel : public QWidget {
    Q_OBJECT
public:
    explicit SweepPanel(QWidget* parent = nullptr);
    void setBase(const ModelProfile& model, const ClusterProfile& cluster, const SearchOptions& options);
    void start();
    void cancel();
    bool isRunning() const { return running_; }
    SweepChart* gpuChart() const { return gpu_chart_; }
    SweepChart* batchChart() const { return batch_chart_; }
    /// GPU counts swept: powers of two up to the cluster (plus the cluster size).
    static std::vector<int> gpuCounts(const ClusterProfile& c);
    /// Global batches swept around `reference` (quarter to four times, powers of two).
    static std::vector<int> batchSizes(int reference);

signals:
    void sweepFinished();

protected:
    void resizeEvent(QResizeEvent* e) override;

private:
    static constexpr int kMinChartWidth = 420;
    QBoxLayout* charts_;
    void next();
    ModelProfile model_;
    ClusterProfile cluster_;
    SearchOptions options_;
    SearchController* controller_;
    std::vector<std::pair<bool, int>> queue_; ///< (is gpu sweep, value)
    std::pair<bool, int> current_{true, 0};
    std::vector<SweepPoint> gpu_points_, batch_points_;
    bool running_ = false;
    SweepChart* gpu_chart_;
    SweepChart* batch_chart_;
    QPushButton* run_;
    QProgressBar* bar_;
    QLabel* status_;
    int total_ = 0;
};

} // namespace gx::app
