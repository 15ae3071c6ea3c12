// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - Engine panel: local GPU inventory, profiler jobs (progress + cancel), curves of
// GEMM TFLOP/s vs size and NCCL bus bandwidth vs message size, "Save as cluster profile".
// Compiled into the GUI only when the CUDA engine (gx_engine) is built (app/gui.cmake).
#pragma once

#include "gx/cluster.h"
#include "gx/engine/engine.h"
#include "gx/engine/types.h"

#include <QWidget>

#include <memory>

class QChartView;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace gx::app {

class EnginePanel : public QWidget {
    Q_OBJECT
public:
    enum class Job { Inventory, Gemm, Layer, Hbm, Collectives, All };

    explicit EnginePanel(QWidget* parent = nullptr);
    ~EnginePanel() override;

    /// Cluster profile whose unmeasured fields (inter-node link, host memory...) the saved profile keeps.
    void setBaseCluster(const ClusterProfile& base);
    /// Layer shapes to profile (GEMMs and the layer job), e.g. from the current model's first stack.
    void setLayerConfig(const engine::LayerBenchConfig& cfg);

    /// Queues a profiler job on the engine thread. Returns false (and says why in the status line)
    /// when no CUDA device is usable or a job is already running.
    bool start(Job job);
    void cancel();
    bool isRunning() const { return job_id_ != 0; }

    /// Shows results (from a job or a saved results file) in the table and charts.
    void setResults(const engine::ProfileResults& results);
    const engine::ProfileResults& results() const { return results_; }
    /// Measured cluster profile from the current results (InputError when nothing was measured).
    ClusterProfile measuredProfile() const;
    /// Writes measuredProfile() as cluster JSON. Returns an error message, empty on success.
    QString saveProfile(const QString& path) const;
    /// Reads a raw results JSON written by `galvatron profile --results` or saveResults().
    QString loadResults(const QString& path);
    QString saveResults(const QString& path) const;

    // For tests and the main window.
    QTableWidget* inventoryTable() const { return inventory_; }
    QChartView* gemmChart() const { return gemm_chart_; }
    QChartView* ncclChart() const { return nccl_chart_; }
    QLabel* statusLabel() const { return status_; }
    /// The button that starts `job` (tests).
    QPushButton* jobButton(Job job) const { return job_buttons_.value(int(job)); }
    /// Plain-language sentence for a "no device" reason from the CUDA runtime ("cudaErrorNoDevice: ...").
    static QString plainNoDeviceReason(const QString& raw);
    QProgressBar* progressBar() const { return progress_; }

signals:
    /// A profile was saved or measured and can replace the current cluster.
    void profileMeasured(const gx::ClusterProfile& profile);
    void jobFinished(bool ok);

protected:
    void changeEvent(QEvent* e) override;

private:
    /// live: this machine's devices (also decides whether jobs can start); else loaded measurements.
    void refreshInventory(const engine::Inventory& inv, bool live);
    void refreshCharts();
    void setBusy(bool busy);
    QString noDeviceText() const;
    void onProgress(int id, double fraction, const QString& message);
    void onFinished(int id, engine::JobState state, const QString& error);
    void saveProfileInteractive();
    void loadResultsInteractive();

    std::unique_ptr<engine::Engine> engine_;
    engine::ProfileResults results_;
    engine::ProfileResults pending_; ///< written by the engine thread for the running job only
    ClusterProfile base_;
    engine::LayerBenchConfig layer_;
    int job_id_ = 0;
    QString no_device_;

    QTableWidget* inventory_;
    QLabel* status_;
    QProgressBar* progress_;
    QPushButton* cancel_;
    QList<QPushButton*> job_buttons_;
    QPushButton* save_;
    QChartView* gemm_chart_;
    QChartView* nccl_chart_;
};

} // namespace gx::app
