// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - model and cluster profile editors (the search settings: views/search_settings.h).
//
// Editors validate on every edit with the core validators (gx::validateModel / validateCluster); an
// error names the field (InputError::field()), the matching input is highlighted and the last valid
// profile stays in use.
#pragma once

#include <map>

#include "gx/cluster.h"
#include "gx/model.h"
#include "gx/model_file.h"
#include "gx/planner.h"

#include <QHash>
#include <QWidget>

class QComboBox;
class QToolButton;
class QLabel;
class QSpinBox;
class QDoubleSpinBox;
class QLineEdit;
class QCheckBox;
class QTableWidget;
class QFormLayout;
class QVBoxLayout;

namespace gx::app {

/// Shows an InputError under a form and highlights the named input.
class ValidationLabel;

class ModelEditor : public QWidget {
    Q_OBJECT
public:
    explicit ModelEditor(QWidget* parent = nullptr);
    /// Replaces the editor contents (no validation error shown for a valid profile).
    void setModel(const ModelProfile& m);
    /// setModel() with a note under the editor saying why the model changed (kept until the next one).
    void setModel(const ModelProfile& m, const QString& note);
    /// Last valid model.
    const ModelProfile& model() const { return model_; }
    bool isValid() const { return valid_; }
    QString errorText() const;
    bool loadPreset(const QString& name);
    /// Loads a profile JSON or Hugging Face config.json; errors are shown and returned as false.
    bool loadFile(const QString& path, QString* error = nullptr);
    bool saveFile(const QString& path, QString* error = nullptr) const;
    QComboBox* presetBox() const { return preset_; }
    /// Sequence length used for Hugging Face configs whose context window is longer (their
    /// max_position_embeddings is the inference window, not a training length).
    static constexpr int kTrainingSeqLen = kHfTrainingSeqLen;

    // Inputs, exposed for tests.
    QSpinBox* hiddenBox() const { return hidden_; }
    QSpinBox* headsBox() const { return heads_; }
    QSpinBox* layersBox() const { return layers_; }
    QSpinBox* seqBox() const { return seq_; }
    QComboBox* stackBox() const { return stack_box_; }
    QCheckBox* moeCheck() const { return moe_on_; }
    QSpinBox* expertsBox() const { return experts_; }
    QSpinBox* topKBox() const { return top_k_; }
    QCheckBox* mlaCheck() const { return mla_on_; }
    QSpinBox* kvLoraBox() const { return kv_lora_; }
    QString paramsText() const;

signals:
    void modelChanged(const gx::ModelProfile& model);
    void fileLoaded(const QString& path);
    void openRequested();
    void importRequested();
    void saveRequested();

protected:
    void changeEvent(QEvent* e) override;

private:
    // Parts of the constructor, in the order it calls them.
    void buildPresetRow(QVBoxLayout* lay);
    void buildLayerForm(QVBoxLayout* lay);
    void buildOptionalGroups(QVBoxLayout* lay);
    void buildMessages(QVBoxLayout* lay);
    void mapFieldNames();
    void connectInputs();
    void fromWidgets();
    void toWidgets();
    void onStackChanged();
    void highlight(const QString& field);
    void showParams();
    /// Mixture-of-experts / multi-latent-attention inputs shown only for layers that have them.
    void showOptionalGroups();

    ModelProfile model_;  ///< last valid
    ModelProfile edited_; ///< being edited (may be invalid)
    bool valid_ = true;
    bool updating_ = false;
    int stack_ = 0;
    QComboBox* preset_;
    QLineEdit* name_;
    QComboBox* stack_box_;
    QSpinBox *layers_, *hidden_, *ffn_, *heads_, *kv_heads_, *seq_, *vocab_;
    QCheckBox *gated_, *tied_;
    QCheckBox *moe_on_, *mla_on_;
    QWidget *moe_box_, *mla_box_;
    QSpinBox *experts_, *top_k_, *shared_experts_, *shared_ffn_;
    QDoubleSpinBox* capacity_;
    QSpinBox *q_lora_, *kv_lora_, *qk_nope_, *qk_rope_, *v_head_;
    QLabel* params_;
    QLabel* error_;
    QLabel* note_; ///< what an import chose for the user (e.g. the training sequence length)
    QHash<QString, QWidget*> fields_;
};

class ClusterEditor : public QWidget {
    Q_OBJECT
public:
    explicit ClusterEditor(QWidget* parent = nullptr);
    void setCluster(const ClusterProfile& c);
    const ClusterProfile& cluster() const { return cluster_; }
    bool isValid() const { return valid_; }
    QString errorText() const;
    bool loadPreset(const QString& name);
    bool loadFile(const QString& path, QString* error = nullptr);
    bool saveFile(const QString& path, QString* error = nullptr) const;
    QComboBox* presetBox() const { return preset_; }
    QSpinBox* nodesBox() const { return nodes_; }
    QDoubleSpinBox* memoryBox() const { return memory_; }
    QDoubleSpinBox* gemmEfficiencyBox() const { return gemm_eff_; }

signals:
    void clusterChanged(const gx::ClusterProfile& cluster);
    void fileLoaded(const QString& path);
    void openRequested();
    void saveRequested();

protected:
    void changeEvent(QEvent* e) override;

private:
    void fromWidgets();
    void toWidgets();
    void highlight(const QString& field);
    void showSummary();

    ClusterProfile cluster_, edited_;
    /// The cluster as set (setCluster): a calibrated coefficient edited since is marked in provenance.
    ClusterProfile set_;
    bool valid_ = true;
    bool updating_ = false;
    QComboBox* preset_;
    QLineEdit *name_, *gpu_name_;
    QSpinBox *nodes_, *gpus_per_node_, *island_;
    QDoubleSpinBox *memory_, *tflops_, *gemm_eff_, *hbm_, *intra_bw_, *intra_lat_, *inter_bw_, *inter_lat_,
        *overlap_, *reserved_;
    QLabel* summary_;
    QLabel* error_;
    QHash<QString, QWidget*> fields_;
};

} // namespace gx::app
