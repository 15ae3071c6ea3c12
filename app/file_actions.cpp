// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - the File menu's dialogs (see file_actions.h).
#include "file_actions.h"

#include "session.h"
#include "settings.h"
#include "views/profile_editors.h"
#include "views/search_settings.h"

#include "gx/error.h"
#include "gx/model_file.h"
#include "gx/profile_io.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>

namespace gx::app {

FileActions::FileActions(QWidget* window, Settings& settings, ModelEditor* model, ClusterEditor* cluster,
                         Session* session, SearchSettings* search)
    : QObject(window), window_(window), settings_(settings), model_(model), cluster_(cluster),
      session_(session), search_(search) {}

QString FileActions::askOpen(const QString& title, const QString& filter) {
    const QString dir = settings_.raw().value(QStringLiteral("files/dir")).toString();
    const QString f = QFileDialog::getOpenFileName(window_, title, dir, filter);
    if (!f.isEmpty())
        settings_.raw().setValue(QStringLiteral("files/dir"), QFileInfo(f).absolutePath());
    return f;
}

QString FileActions::askSave(const QString& title, const QString& name) {
    const QString dir = settings_.raw().value(QStringLiteral("files/dir")).toString();
    return QFileDialog::getSaveFileName(window_, title, dir + QLatin1Char('/') + name,
                                        tr("JSON files (*.json)"));
}

void FileActions::addRecent(const QString& kind, const QString& path) {
    settings_.addRecentFile(kind + QLatin1Char(':') + path);
    rebuildRecentMenu();
}

void FileActions::openModelFile(const QString& title, const QString& filter) {
    const QString f = askOpen(title, filter);
    if (f.isEmpty())
        return;
    QString err;
    if (model_->loadFile(f, &err))
        addRecent(QStringLiteral("model"), f);
    else
        emit message(err, true);
}

void FileActions::openModel() {
    openModelFile(tr("Open model profile"), tr("JSON files (*.json);;All files (*)"));
}

void FileActions::importHuggingFace() {
    openModelFile(tr("Import Hugging Face config.json"), tr("config.json (config.json *.json)"));
}

void FileActions::openCluster() {
    const QString f = askOpen(tr("Open cluster profile"), tr("JSON files (*.json);;All files (*)"));
    if (f.isEmpty())
        return;
    QString err;
    if (cluster_->loadFile(f, &err))
        addRecent(QStringLiteral("cluster"), f);
    else
        emit message(err, true);
}

void FileActions::openPlan() {
    const QString f = askOpen(tr("Open plan"), tr("JSON files (*.json);;All files (*)"));
    if (f.isEmpty())
        return;
    QString err;
    if (!openPlanFile(f, &err))
        emit message(err, true);
}

bool FileActions::openPlanFile(const QString& path, QString* error) {
    const ModelProfile before = model_->model();
    QString note, runtime_note;
    int runtime_before = -1; // the runtime selected before, when the plan's replaced it
    try {
        const Plan plan = loadPlanFile(path.toStdString());
        if (plan.seq_len > 0 && plan.seq_len != before.seq_len && model_->isValid()) {
            ModelProfile m = before;
            setTrainingSeqLen(m, plan.seq_len);
            try { // (a length the model cannot take: GPT-3's 2048 learned positions)
                validateModel(m);
            } catch (const InputError& e) {
                throw InputError("plan.seq_len", e.reason());
            }
            note = tr("Sequence length set to %1 tokens, the length the plan was searched for (the model "
                      "had %2).")
                       .arg(plan.seq_len)
                       .arg(before.seq_len);
            model_->setModel(m, note);
        }
        // The runtime it was searched with, as `galvatron estimate` costs it: a preset is selected; one
        // loaded from a file or edited here cannot be, and the plan is costed with the one selected.
        if (search_ && !plan.runtime.empty()) {
            const std::string now = search_->currentRuntime().name;
            if (plan.runtime != now) {
                const int index = search_->runtimeIndex();
                if (search_->selectRuntimePreset(plan.runtime)) {
                    runtime_before = index;
                    runtime_note =
                        tr("Runtime set to %1, the runtime the plan was searched with (it was %2).")
                            .arg(QString::fromStdString(plan.runtime), QString::fromStdString(now));
                } else {
                    runtime_note =
                        tr("The plan was searched with the runtime %1, which is not a preset: it is "
                           "costed with %2.")
                            .arg(QString::fromStdString(plan.runtime), QString::fromStdString(now));
                }
            }
        }
    } catch (const std::exception& e) {
        if (error)
            *error = tr("Cannot open plan %1: %2").arg(path, QString::fromUtf8(e.what()));
        return false;
    }
    if (!session_->openPlanFile(path, error)) {
        if (runtime_before >= 0)
            search_->setRuntimeIndex(runtime_before);
        if (!note.isEmpty())
            model_->setModel(before);
        return false;
    }
    addRecent(QStringLiteral("plan"), path);
    const QString said = (note + QLatin1Char(' ') + runtime_note).trimmed();
    if (!said.isEmpty())
        emit message(said, false);
    return true;
}

void FileActions::saveModel() {
    const QString f = askSave(tr("Save model profile"),
                              QString::fromStdString(model_->model().name) + QStringLiteral(".json"));
    QString err;
    if (!f.isEmpty() && !model_->saveFile(f, &err))
        emit message(err, true);
}

void FileActions::saveCluster() {
    const QString f = askSave(tr("Save cluster profile"),
                              QString::fromStdString(cluster_->cluster().name) + QStringLiteral(".json"));
    QString err;
    if (!f.isEmpty() && !cluster_->saveFile(f, &err))
        emit message(err, true);
}

void FileActions::savePlan() {
    if (!session_->currentPlan()) {
        emit message(tr("No plan to save yet."), true);
        return;
    }
    const QString f = askSave(tr("Save plan"), QStringLiteral("plan.json"));
    if (f.isEmpty())
        return;
    QString err;
    if (session_->savePlanFile(f, &err))
        addRecent(QStringLiteral("plan"), f);
    else
        emit message(err, true);
}

void FileActions::openRecent(const QString& entry) {
    const QString kind = entry.section(QLatin1Char(':'), 0, 0);
    const QString path = entry.section(QLatin1Char(':'), 1);
    QString err;
    bool ok = false;
    if (kind == QLatin1String("model"))
        ok = model_->loadFile(path, &err);
    else if (kind == QLatin1String("cluster"))
        ok = cluster_->loadFile(path, &err);
    else if (kind == QLatin1String("plan"))
        ok = openPlanFile(path, &err);
    if (!ok)
        emit message(err, true);
}

void FileActions::setRecentMenu(QMenu* menu) {
    recent_menu_ = menu;
    rebuildRecentMenu();
}

void FileActions::rebuildRecentMenu() {
    if (!recent_menu_)
        return;
    recent_menu_->clear();
    const QStringList recent = settings_.recentFiles();
    for (const QString& entry : recent) {
        const QString kind = entry.section(QLatin1Char(':'), 0, 0);
        const QString path = entry.section(QLatin1Char(':'), 1);
        recent_menu_->addAction(QStringLiteral("%1 (%2)").arg(QFileInfo(path).fileName(), kind), this,
                                [this, entry] { openRecent(entry); });
    }
    if (!recent.isEmpty()) {
        recent_menu_->addSeparator();
        recent_menu_->addAction(tr("Clear"), this, [this] {
            settings_.clearRecentFiles();
            rebuildRecentMenu();
        });
    }
    recent_menu_->setEnabled(!recent.isEmpty());
}

} // namespace gx::app
