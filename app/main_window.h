// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - main window: profile editors and search settings in docks, plan views in tabs.
#pragma once

#include "gx/cost_model.h"
#include "gx/planner.h"
#include "search_controller.h"
#include "session.h"
#include "settings.h"
#include "views/plan_view.h"

#include <QFileInfo>
#include <QMainWindow>

#include <memory>
#include <optional>
#include <vector>

class QTabWidget;
class QProgressBar;
class QLabel;
class QListWidget;
class QPushButton;
class QMenu;
class QAction;
class QDockWidget;

namespace gx::app {

class ModelEditor;
class ClusterEditor;
class SearchSettings;
class TreePanel;
class FrontierChart;
class MemoryBarsWidget;
class TimelineWidget;
class WhatIfPanel;
class SweepPanel;
class ExportDialog;
class FileActions;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    ModelEditor* modelEditor() const { return model_editor_; }
    ClusterEditor* clusterEditor() const { return cluster_editor_; }
    SearchSettings* searchSettings() const { return search_settings_; }
    SearchController* searchController() const { return controller_; }
    TreePanel* treePanel() const { return tree_; }
    FrontierChart* frontierChart() const { return frontier_; }
    PlanView* planView() const { return plan_view_; }
    MemoryBarsWidget* memoryView() const { return memory_; }
    TimelineWidget* timelineView() const { return timeline_; }
    CompareView* compareView() const { return compare_; }
    WhatIfPanel* whatIfPanel() const { return whatif_; }
    SweepPanel* sweepPanel() const { return sweeps_; }
    QTabWidget* tabs() const { return tabs_; }
    QListWidget* topPlansList() const { return top_list_; }
    QProgressBar* progressBar() const { return progress_; }

    /// View names accepted by setView (also the --view values of the screenshot mode).
    static QStringList viewNames();
    /// Switches to a view tab ("plan", "tree", ...). "export" opens the export dialog.
    bool setView(const QString& name);

    /// `why` (optional): the reason when it fails (the field and what is wrong).
    bool loadModel(const QString& preset_or_path, QString* why = nullptr);
    bool loadCluster(const QString& preset_or_path, QString* why = nullptr);
    bool openPlanFile(const QString& path, QString* error = nullptr);
    bool savePlanFile(const QString& path, QString* error = nullptr) const;

    /// Starts a search with the editors' profiles and the search settings (supersedes a running one).
    bool runSearch();
    void cancelSearch();

    void showPlan(const NamedPlan& plan) { session_->showPlan(plan); }
    const std::optional<NamedPlan>& currentPlan() const { return session_->currentPlan(); }
    const std::vector<NamedPlan>& knownPlans() const { return session_->knownPlans(); }
    std::shared_ptr<const CostModel> costModel() const { return session_->costModel(); }
    Session* session() const { return session_; }
    FileActions* fileActions() const { return files_; }
    ExportDialog* exportDialog() const { return export_dialog_; }
    ExportDialog* openExportDialog();

signals:
    void planShown();
    void searchFinished();

protected:
    void closeEvent(QCloseEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    // Parts of the constructor, in the order it calls them.
    void buildViewTabs();
    void buildDocks();
    QWidget* buildSearchBox();
    void connectSearchAndProfiles();
    void connectViews();
    void restoreSession();
    void buildMenus();
    void profilesChanged();
    /// Saves the current profiles for the next start (file paths for profiles loaded from files).
    void rememberProfiles();
    void onBatch(const SearchBatch& b);
    void onProgress(double fraction, double eta);
    void onFinished(quint64 gen, std::shared_ptr<const SearchResult> r, std::shared_ptr<const CostModel> cm);
    void onFailed(quint64 gen, const QString& field, const QString& msg);
    void setRunning(bool running);
    /// The best-plans list and the search status of the session's result (again after a language change).
    void showResultTexts();
    /// Pushes a plan the session shows to the plan, memory and timeline views and the export dialog.
    void planChanged(const NamedPlan& plan, const std::shared_ptr<const CostModel>& cm);
    /// Follows new profiles in the what-if, sweep, frontier, engine and multi-model views.
    void followProfiles();
    void showMessage(const QString& text, bool error = false);
    /// A profile from a file (read by its editor) or a preset name (`fromPreset`); on failure the reason
    /// is shown and, if asked, returned in `why`.
    template <class Editor, class FromPreset>
    bool loadProfile(Editor* editor, const QString& preset_or_path, QString* why, FromPreset fromPreset) {
        QString err;
        if (QFileInfo(preset_or_path).isFile()) {
            if (editor->loadFile(preset_or_path, &err))
                return true;
        } else {
            try {
                fromPreset(preset_or_path.toStdString());
                return true;
            } catch (const std::exception& e) {
                err = QString::fromUtf8(e.what());
            }
        }
        showMessage(err, true);
        if (why)
            *why = err;
        return false;
    }

    Settings settings_;
    Session* session_;
    FileActions* files_ = nullptr;
    ModelEditor* model_editor_;
    ClusterEditor* cluster_editor_;
    SearchSettings* search_settings_;
    SearchController* controller_;
    QTabWidget* tabs_;
    PlanView* plan_view_;
    MemoryBarsWidget* memory_;
    TimelineWidget* timeline_;
    TreePanel* tree_;
    FrontierChart* frontier_;
    SweepPanel* sweeps_;
    CompareView* compare_;
    WhatIfPanel* whatif_;
    QWidget* multimodel_ = nullptr;
    QWidget* engine_ = nullptr;
    QDockWidget *model_dock_ = nullptr, *search_dock_ = nullptr;
    QProgressBar* progress_;
    QLabel* eta_;
    QLabel* search_status_;
    QListWidget* top_list_;
    QPushButton *run_button_, *cancel_button_;
    QAction *run_action_, *cancel_action_;
    ExportDialog* export_dialog_ = nullptr;
    bool restoring_ = false;
    /// (path, profile name) of the profile last loaded from a file.
    QPair<QString, QString> model_file_, cluster_file_;
};

} // namespace gx::app
