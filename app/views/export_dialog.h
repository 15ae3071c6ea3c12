// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - export a plan for training frameworks (plan JSON, Megatron-LM, DeepSpeed,
// torchtitan, Hetu-Galvatron, torchrun, Slurm). A plan the format cannot express exactly is refused
// with the reasons listed (search with that target instead), unless "write an approximation" is ticked;
// then the approximation is shown with what changed. Copy to clipboard or save.
#pragma once

#include "gx/cluster.h"
#include "gx/model.h"
#include "gx/runtime.h"
#include "gx/strategy.h"

#include <QDialog>
#include <optional>

class QCheckBox;
class QComboBox;
class QPlainTextEdit;
class QListWidget;
class QLineEdit;
class QLabel;

namespace gx::app {

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    explicit ExportDialog(QWidget* parent = nullptr);
    /// `runtime`: the runtime the plan is costed with (the header's prediction and, for Megatron-LM, the
    /// overlaps it turns on); without one, the plan's runtime preset.
    void setPlan(const Plan& plan, const ModelProfile& model, const ClusterProfile& cluster,
                 std::optional<RuntimeProfile> runtime = std::nullopt);
    /// Number of formats offered and selection by index.
    int formatCount() const;
    void setFormat(int index);
    QString formatName(int index) const;
    /// Current export text, suggested file name, and the notes (unsupported features, warnings).
    QString text() const;
    QString suggestedFileName() const;
    QStringList notes() const;
    void copyToClipboard();
    bool saveTo(const QString& path, QString* error = nullptr);
    /// Write an approximation (with notes) instead of refusing plans the format cannot express.
    void setLossy(bool lossy);
    /// The current format refused the plan (nothing to copy or save).
    bool refused() const { return refused_; }

private:
    void regenerate();
    Plan plan_;
    ModelProfile model_;
    ClusterProfile cluster_;
    std::optional<RuntimeProfile> runtime_;
    bool has_plan_ = false;
    QComboBox* format_;
    QCheckBox* lossy_;
    bool refused_ = false;
    QLineEdit *master_, *partition_, *container_, *script_;
    QPlainTextEdit* text_;
    QListWidget* notes_;
    QLabel* status_;
    QString suggested_;
};

} // namespace gx::app
