// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - the File menu's dialogs in one place: open and save the model, cluster and plan,
// import a Hugging Face config.json, and the recent-files list. Errors go out as message().
#pragma once

#include <QObject>
#include <QString>

class QMenu;
class QWidget;

namespace gx::app {

class Settings;
class ModelEditor;
class ClusterEditor;
class Session;
class SearchSettings;

class FileActions : public QObject {
    Q_OBJECT
public:
    /// `window` parents the dialogs; the editors and the session receive what is opened.
    FileActions(QWidget* window, Settings& settings, ModelEditor* model, ClusterEditor* cluster,
                Session* session, SearchSettings* search = nullptr);

    void openModel();
    void importHuggingFace();
    void openCluster();
    void openPlan();
    void saveModel();
    void saveCluster();
    void savePlan();
    /// Opens a plan file and shows it. A plan searched for another sequence length than the model's
    /// (plan.seq_len) trains the model at that length first, and one searched with another runtime
    /// preset (plan.runtime) selects that runtime, as `galvatron estimate` costs it; each is said in
    /// message(), and undone when the plan cannot be opened. Recorded as recent.
    bool openPlanFile(const QString& path, QString* error = nullptr);
    /// Opens a recent-files entry ("model:<path>", "cluster:<path>" or "plan:<path>").
    void openRecent(const QString& entry);
    /// The "Recent files" submenu this object keeps up to date.
    void setRecentMenu(QMenu* menu);
    /// Records a file the user opened or saved outside these dialogs (e.g. a plan opened at start).
    void addRecent(const QString& kind, const QString& path);

signals:
    void message(const QString& text, bool error);

private:
    /// Asks for a model file (profile JSON or config.json; the editor tells them apart) and loads it.
    void openModelFile(const QString& title, const QString& filter);
    QString askOpen(const QString& title, const QString& filter);
    QString askSave(const QString& title, const QString& name);
    void rebuildRecentMenu();

    QWidget* window_;
    Settings& settings_;
    ModelEditor* model_;
    ClusterEditor* cluster_;
    Session* session_;
    SearchSettings* search_;
    QMenu* recent_menu_ = nullptr;
};

} // namespace gx::app
