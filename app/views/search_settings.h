// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - the search settings panel: target framework, runtime, precision, limits and
// pruning switches, turned into gx::SearchOptions (errors name the field).
#pragma once

#include "gx/planner.h"
#include "gx/runtime.h"

#include <QString>
#include <QWidget>

#include <map>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QToolButton;

namespace gx::app {

class SearchSettings : public QWidget {
    Q_OBJECT
public:
    explicit SearchSettings(QWidget* parent = nullptr);
    /// Current options; throws InputError naming the field ("search.global_batches") on bad text.
    /// Seconds the per-layer search may run before the best plans so far are shown (0 = no limit).
    double timeLimit() const;
    void setTimeLimit(double seconds);
    SearchOptions options() const;
    void setOptions(const SearchOptions& o);
    QLineEdit* batchesEdit() const { return batches_; }
    QComboBox* targetCombo() const { return target_; }
    /// Selects `runtime` (e.g. edited in the runtime editor) for the next search.
    void useRuntime(const RuntimeProfile& runtime);
    /// The runtime that costs the plans now.
    RuntimeProfile currentRuntime() const;
    /// Selects the runtime preset `name` (a plan opened from a file: the runtime it was searched with);
    /// false when there is no such preset. changed() follows when the selection changes.
    bool selectRuntimePreset(const std::string& name);
    int runtimeIndex() const;
    void setRuntimeIndex(int index);
    QToolButton* editRuntimeButton() const { return edit_runtime_; }
    QCheckBox* treeEventsBox() const { return tree_events_; }

signals:
    void changed();

protected:
    void changeEvent(QEvent* e) override;

private:
    void runtimeChosen();
    void showRuntimeInfo();
    /// Tooltips composed with arguments (set again after a language change).
    void composedTips();
    QComboBox* target_;         ///< framework the plans are for (SearchOptions::target)
    QComboBox* runtime_;        ///< runtime profile that costs the plans (CostOptions::runtime)
    QToolButton* edit_runtime_; ///< opens the runtime editor (views/runtime_editor.h) on the current one
    QComboBox* precision_;      ///< bf16 / fp16 / fp8 linear layers
    QLabel* runtime_info_;      ///< framework, version and calibration provenance of the runtime
    std::map<QString, RuntimeProfile> file_runtimes_; ///< runtimes loaded from JSON, by combo text
    QSpinBox *gpus_, *max_tp_, *max_pp_, *max_cp_, *max_ep_, *top_k_, *threads_, *max_micro_, *time_limit_;
    QDoubleSpinBox* budget_;
    QLineEdit *batches_, *disabled_rules_;
    QCheckBox *sp_, *ckpt_, *uniform_, *pow2_, *tree_events_;
    QCheckBox *ddp_, *z1_, *z2_, *z3_;
    QCheckBox *gpipe_, *f1b1_, *inter_;
};

} // namespace gx::app
