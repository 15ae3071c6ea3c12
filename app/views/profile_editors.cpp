// SPDX-License-Identifier: Apache-2.0
#include "views/profile_editors.h"
#include "core_text.h"
#include "views/form_widgets.h"
#include "views/runtime_editor.h"

#include "app_resources.h"
#include "gx/error.h"
#include "gx/model_file.h"
#include "gx/presets.h"
#include "gx/profile_io.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

#include <cmath>

namespace gx::app {

namespace {
const char* kErrorStyle = "QLabel { color: #d0302a; }";
const char* kBadInput = "background-color: rgba(230, 60, 50, 70);";

/// "model.stacks[0].layer.hidden" -> "hidden".
QString lastKey(const QString& field) {
    QString k = field.section(QLatin1Char('.'), -1);
    k.remove(QRegularExpression(QStringLiteral("\\[\\d+\\]")));
    return k;
}

/// "Cannot load <path>: <why>", naming the path once (core errors about files often name it).
QString loadError(const QString& path, const char* what) {
    const QString why = QString::fromUtf8(what);
    return why.contains(path)
               ? why
               : QCoreApplication::translate("gx::app::ModelEditor", "Cannot load %1: %2").arg(path, why);
}

/// Runs a load (preset or file); a failure is shown under the form and, for files, returned as text
/// naming the file.
template <class F> bool loadShown(QLabel* shown, const QString& path, QString* error, F&& load) {
    try {
        load();
        return true;
    } catch (const std::exception& e) {
        const QString msg = path.isEmpty() ? QString::fromUtf8(e.what()) : loadError(path, e.what());
        shown->setText(msg);
        if (error)
            *error = msg;
        return false;
    }
}

/// Writes a profile atomically (gx::writeJsonFile); a failure is returned as text.
bool saveJson(const QString& path, const nlohmann::json& j, QString* error) {
    try {
        writeJsonFile(path.toStdString(), j);
        return true;
    } catch (const std::exception& e) {
        if (error)
            *error = QString::fromUtf8(e.what());
        return false;
    }
}

/// Clears the highlight of every input and marks `bad` (if any).
void markInput(const QHash<QString, QWidget*>& fields, std::initializer_list<QWidget*> more, QWidget* bad) {
    for (auto* w : fields)
        w->setStyleSheet(QString());
    for (auto* w : more)
        w->setStyleSheet(QString());
    if (bad)
        bad->setStyleSheet(QString::fromLatin1(kBadInput));
}
} // namespace

// ----- ModelEditor ----------------------------------------------------------------------------------
ModelEditor::ModelEditor(QWidget* parent) : QWidget(parent) {
    auto* lay = new QVBoxLayout(this);
    buildPresetRow(lay);
    buildLayerForm(lay);
    buildOptionalGroups(lay);
    buildMessages(lay);
    mapFieldNames();
    connectInputs();
}

void ModelEditor::buildPresetRow(QVBoxLayout* lay) {
    auto* top = new QHBoxLayout;
    preset_ = new QComboBox(this);
    preset_->setToolTip(tr("Built-in model presets"));
    preset_->setPlaceholderText(tr("(custom model)"));
    try {
        for (const auto& n : modelPresetNames())
            preset_->addItem(QString::fromStdString(n));
    } catch (const std::exception&) {
    }
    top->addWidget(preset_, 1);
    auto* open = toolButton(QStringLiteral("open"), tr("Open a model profile or config.json"), this);
    auto* hf = new QToolButton(this);
    hf->setText(tr("HF"));
    hf->setToolTip(tr("Import a Hugging Face config.json"));
    hf->setAutoRaise(true);
    auto* save = toolButton(QStringLiteral("save"), tr("Save the model profile as JSON"), this);
    top->addWidget(open);
    top->addWidget(hf);
    top->addWidget(save);
    lay->addLayout(top);
    connect(open, &QToolButton::clicked, this, &ModelEditor::openRequested);
    connect(hf, &QToolButton::clicked, this, &ModelEditor::importRequested);
    connect(save, &QToolButton::clicked, this, &ModelEditor::saveRequested);
    connect(preset_, &QComboBox::activated, this, [this](int i) { loadPreset(preset_->itemText(i)); });
}

void ModelEditor::buildLayerForm(QVBoxLayout* lay) {
    auto* form = new QFormLayout;
    form->setRowWrapPolicy(QFormLayout::WrapLongRows); // narrow docks: labels above their fields
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    name_ = new QLineEdit(this);
    stack_box_ = new QComboBox(this);
    layers_ = intBox(1, 100000, this);
    hidden_ = intBox(1, 1 << 20, this);
    ffn_ = intBox(1, 1 << 22, this);
    heads_ = intBox(1, 4096, this);
    kv_heads_ = intBox(1, 4096, this);
    seq_ = intBox(1, 1 << 22, this);
    vocab_ = intBox(0, 1 << 24, this);
    gated_ = new QCheckBox(tr("gated FFN (SwiGLU)"), this);
    tied_ = new QCheckBox(tr("tied embeddings"), this);
    form->addRow(tr("Name"), name_);
    form->addRow(tr("Stack"), stack_box_);
    form->addRow(tr("Layers"), layers_);
    form->addRow(tr("Hidden size"), hidden_);
    form->addRow(tr("FFN size"), ffn_);
    form->addRow(tr("Attention heads"), heads_);
    form->addRow(tr("KV heads"), kv_heads_);
    form->addRow(tr("Sequence length"), seq_);
    form->addRow(tr("Vocabulary"), vocab_);
    lay->addLayout(form);
    // Switches on rows of their own (in the form they wrapped unevenly in a narrow dock).
    lay->addWidget(gated_);
    lay->addWidget(tied_);
}

void ModelEditor::buildOptionalGroups(QVBoxLayout* lay) {
    // Mixture of experts and multi-latent attention: their inputs appear when switched on.
    auto subForm = [this](QWidget*& box) {
        box = new QWidget(this);
        auto* f = new QFormLayout(box);
        f->setContentsMargins(12, 0, 0, 0);
        f->setRowWrapPolicy(QFormLayout::WrapLongRows);
        f->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        return f;
    };
    moe_on_ = new QCheckBox(tr("mixture of experts"), this);
    moe_on_->setToolTip(tr("Routed experts in place of the dense FFN (the FFN size is one expert's)"));
    lay->addWidget(moe_on_);
    auto* mf = subForm(moe_box_);
    experts_ = intBox(1, 1 << 16, this);
    top_k_ = intBox(1, 1 << 16, this);
    shared_experts_ = intBox(0, 1 << 16, this);
    shared_ffn_ = intBox(0, 1 << 22, this);
    shared_ffn_->setSpecialValueText(tr("none"));
    capacity_ = dblBox(0, 1024, 2, QString(), this);
    capacity_->setSpecialValueText(tr("dropless"));
    mf->addRow(tr("Routed experts"), experts_);
    mf->addRow(tr("Experts per token (top-k)"), top_k_);
    mf->addRow(tr("Shared experts"), shared_experts_);
    mf->addRow(tr("Shared expert FFN size"), shared_ffn_);
    mf->addRow(tr("Capacity factor"), capacity_);
    lay->addWidget(moe_box_);
    mla_on_ = new QCheckBox(tr("multi-latent attention"), this);
    mla_on_->setToolTip(tr("DeepSeek-V2/V3 attention: low-rank compressed keys and values"));
    lay->addWidget(mla_on_);
    auto* af = subForm(mla_box_);
    q_lora_ = intBox(0, 1 << 20, this);
    q_lora_->setSpecialValueText(tr("full rank"));
    kv_lora_ = intBox(1, 1 << 20, this);
    qk_nope_ = intBox(1, 1 << 20, this);
    qk_rope_ = intBox(1, 1 << 20, this);
    v_head_ = intBox(1, 1 << 20, this);
    af->addRow(tr("Query rank"), q_lora_);
    af->addRow(tr("Key/value rank"), kv_lora_);
    af->addRow(tr("Query/key head size without rotary"), qk_nope_);
    af->addRow(tr("Rotary head size"), qk_rope_);
    af->addRow(tr("Value head size"), v_head_);
    lay->addWidget(mla_box_);
}

void ModelEditor::buildMessages(QVBoxLayout* lay) {
    params_ = new QLabel(this);
    params_->setWordWrap(true);
    lay->addWidget(params_);
    error_ = new QLabel(this);
    error_->setWordWrap(true);
    error_->setStyleSheet(QString::fromLatin1(kErrorStyle));
    error_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    lay->addWidget(error_);
    note_ = new QLabel(this);
    note_->setWordWrap(true);
    note_->setObjectName(QStringLiteral("model_note"));
    note_->hide();
    lay->addWidget(note_);
    lay->addStretch(1);
}

void ModelEditor::mapFieldNames() {
    fields_ = {{QStringLiteral("name"), name_},
               {QStringLiteral("count"), layers_},
               {QStringLiteral("stacks"), layers_},
               {QStringLiteral("hidden"), hidden_},
               {QStringLiteral("ffn_hidden"), ffn_},
               {QStringLiteral("heads"), heads_},
               {QStringLiteral("kv_heads"), kv_heads_},
               {QStringLiteral("head_dim"), heads_},
               {QStringLiteral("seq_len"), seq_},
               {QStringLiteral("vocab_size"), vocab_},
               {QStringLiteral("embed_hidden"), hidden_},
               {QStringLiteral("experts"), experts_},
               {QStringLiteral("moe"), experts_},
               // (the router's groups are kept from the imported model; the expert count is what
               // the editor changes that they must divide)
               {QStringLiteral("expert_groups"), experts_},
               {QStringLiteral("groups_per_token"), experts_},
               {QStringLiteral("group_score_top"), experts_},
               {QStringLiteral("top_k"), top_k_},
               {QStringLiteral("shared_experts"), shared_experts_},
               {QStringLiteral("shared_ffn_hidden"), shared_ffn_},
               {QStringLiteral("capacity_factor"), capacity_},
               {QStringLiteral("q_lora_rank"), q_lora_},
               {QStringLiteral("kv_lora_rank"), kv_lora_},
               {QStringLiteral("mla"), kv_lora_},
               {QStringLiteral("qk_nope_head_dim"), qk_nope_},
               {QStringLiteral("qk_rope_head_dim"), qk_rope_},
               {QStringLiteral("v_head_dim"), v_head_}};
}

void ModelEditor::connectInputs() {
    for (auto* b : {layers_, hidden_, ffn_, heads_, kv_heads_, seq_, vocab_, experts_, top_k_,
                    shared_experts_, shared_ffn_, q_lora_, kv_lora_, qk_nope_, qk_rope_, v_head_})
        connect(b, &QSpinBox::valueChanged, this, &ModelEditor::fromWidgets);
    connect(name_, &QLineEdit::textEdited, this, &ModelEditor::fromWidgets);
    connect(gated_, &QCheckBox::toggled, this, &ModelEditor::fromWidgets);
    connect(tied_, &QCheckBox::toggled, this, &ModelEditor::fromWidgets);
    connect(capacity_, &QDoubleSpinBox::valueChanged, this, &ModelEditor::fromWidgets);
    connect(moe_on_, &QCheckBox::toggled, this, [this] {
        showOptionalGroups();
        fromWidgets();
    });
    connect(mla_on_, &QCheckBox::toggled, this, [this](bool on) {
        if (on && !updating_ && !edited_.stacks.empty()) {
            // Start from DeepSeek-V2's shapes scaled to this layer's head size.
            const auto& t = edited_.stacks[static_cast<std::size_t>(stack_)].type;
            const int hd = t.head_dim > 0 ? t.head_dim : (t.heads > 0 ? t.hidden / t.heads : 128);
            updating_ = true;
            qk_rope_->setValue(std::max(1, hd / 3));
            qk_nope_->setValue(std::max(1, hd - hd / 3));
            v_head_->setValue(hd);
            kv_lora_->setValue(std::max(1, 4 * hd));
            q_lora_->setValue(0);
            updating_ = false;
        }
        showOptionalGroups();
        fromWidgets();
    });
    connect(stack_box_, &QComboBox::currentIndexChanged, this, &ModelEditor::onStackChanged);
}

QString ModelEditor::errorText() const {
    return error_->text();
}

void ModelEditor::setModel(const ModelProfile& m) {
    note_->clear();
    note_->hide();
    model_ = m;
    edited_ = m;
    valid_ = true;
    stack_ = 0;
    error_->clear();
    highlight(QString());
    toWidgets();
    // The box names a preset only while that preset is loaded (not after an import or a file).
    preset_->setCurrentIndex(preset_->findText(QString::fromStdString(m.name)));
    emit modelChanged(model_);
}

void ModelEditor::setModel(const ModelProfile& m, const QString& note) {
    setModel(m);
    note_->setText(note);
    note_->setVisible(!note.isEmpty());
}

bool ModelEditor::loadPreset(const QString& name) {
    return loadShown(error_, QString(), nullptr, [&] { setModel(modelPreset(name.toStdString())); });
}

bool ModelEditor::loadFile(const QString& path, QString* error) {
    return loadShown(error_, path, error, [&] {
        ModelProfile m = loadModelFile(path.toStdString());
        QString note;
        if (m.seq_len > kTrainingSeqLen && isHfConfigWithoutSeqLen(path.toStdString())) {
            note = tr("Sequence length set to %1 for training (the config's context window is %2; "
                      "change it above if you train longer sequences).")
                       .arg(kTrainingSeqLen)
                       .arg(m.seq_len);
            setTrainingSeqLen(m, kTrainingSeqLen);
        }
        setModel(m, note);
        emit fileLoaded(path);
    });
}

bool ModelEditor::saveFile(const QString& path, QString* error) const {
    return saveJson(path, toJson(model_), error);
}

void ModelEditor::toWidgets() {
    updating_ = true;
    name_->setText(QString::fromStdString(edited_.name));
    stack_box_->clear();
    for (const auto& st : edited_.stacks)
        stack_box_->addItem(
            QStringLiteral("%1 (%2)").arg(QString::fromStdString(st.type.name)).arg(st.count));
    stack_box_->setEnabled(edited_.stacks.size() > 1);
    stack_ = std::clamp(stack_, 0, std::max(0, static_cast<int>(edited_.stacks.size()) - 1));
    stack_box_->setCurrentIndex(stack_);
    if (!edited_.stacks.empty()) {
        const auto& st = edited_.stacks[static_cast<std::size_t>(stack_)];
        showExactly(layers_, st.count);
        showExactly(hidden_, st.type.hidden);
        showExactly(ffn_, st.type.ffn_hidden);
        showExactly(heads_, st.type.heads);
        showExactly(kv_heads_, st.type.kv_heads > 0 ? st.type.kv_heads : st.type.heads);
        gated_->setChecked(st.type.gated_ffn);
        const MoeSpec& e = st.type.moe;
        moe_on_->setChecked(e.enabled());
        experts_->setValue(e.enabled() ? e.experts : 8);
        top_k_->setValue(e.enabled() ? e.top_k : 2);
        shared_experts_->setValue(e.shared_experts);
        shared_ffn_->setValue(e.shared_ffn_hidden);
        showExactly(capacity_, e.capacity_factor);
        const MlaSpec& a = st.type.mla;
        mla_on_->setChecked(a.enabled());
        q_lora_->setValue(a.q_lora_rank);
        kv_lora_->setValue(std::max(1, a.kv_lora_rank));
        qk_nope_->setValue(std::max(1, a.qk_nope_head_dim));
        qk_rope_->setValue(std::max(1, a.qk_rope_head_dim));
        v_head_->setValue(std::max(1, a.v_head_dim));
    }
    showExactly(seq_, edited_.seq_len);
    showExactly(vocab_, edited_.vocab_size);
    tied_->setChecked(edited_.tied_embeddings);
    updating_ = false;
    showOptionalGroups();
    showParams();
}

void ModelEditor::showOptionalGroups() {
    moe_box_->setVisible(moe_on_->isChecked());
    mla_box_->setVisible(mla_on_->isChecked());
    kv_heads_->setEnabled(!mla_on_->isChecked()); // one key/value head per query head
}

QString ModelEditor::paramsText() const {
    return params_->text();
}

void ModelEditor::showParams() {
    double params = 0, active = 0;
    try {
        params = static_cast<double>(model_.totalParams());
        active = static_cast<double>(model_.activeParams());
    } catch (...) {
    }
    const QString family = QString::fromStdString(model_.family);
    if (active > 0 && active < params)
        params_->setText(tr("%1 layers, %2 B parameters, %3 B active per token (%4)")
                             .arg(model_.layerCount())
                             .arg(params / 1e9, 0, 'f', 2)
                             .arg(active / 1e9, 0, 'f', 2)
                             .arg(family));
    else
        params_->setText(tr("%1 layers, %2 B parameters (%3)")
                             .arg(model_.layerCount())
                             .arg(params / 1e9, 0, 'f', 2)
                             .arg(family));
}

void ModelEditor::changeEvent(QEvent* e) {
    QWidget::changeEvent(e);
    if (e->type() == QEvent::LanguageChange)
        showParams();
}

void ModelEditor::onStackChanged() {
    if (updating_)
        return;
    stack_ = std::max(0, stack_box_->currentIndex());
    toWidgets();
}

void ModelEditor::highlight(const QString& field) {
    markInput(fields_, {}, field.isEmpty() ? nullptr : fields_.value(lastKey(field)));
}

void ModelEditor::fromWidgets() {
    if (updating_)
        return;
    ModelProfile m = edited_;
    m.name = name_->text().toStdString();
    std::string split_error; // field of heads that no longer split a derived head size
    if (!m.stacks.empty()) {
        auto& st = m.stacks[static_cast<std::size_t>(stack_)];
        st.count = layers_->value();
        const bool hidden_changed = st.type.hidden != hidden_->value() || st.type.heads != heads_->value();
        // head_dim follows hidden / heads only where it was derived that way; an explicit head size
        // (Qwen3: 128 with hidden 2048 and 32 heads) or multi-latent attention's keeps its value.
        // (Judged on the last valid model: an invalid intermediate edit does not change it.)
        const LayerType& valid = stack_ < static_cast<int>(model_.stacks.size())
                                     ? model_.stacks[static_cast<std::size_t>(stack_)].type
                                     : st.type;
        const bool derived =
            !valid.mla.enabled() && valid.heads > 0 && valid.head_dim * valid.heads == valid.hidden;
        st.type.hidden = hidden_->value();
        st.type.ffn_hidden = ffn_->value();
        // Multi-head attention (kv_heads == heads) stays multi-head when the head count changes.
        const bool mha = st.type.kv_heads == st.type.heads && kv_heads_->value() == st.type.heads;
        st.type.heads = heads_->value();
        st.type.kv_heads = mha ? st.type.heads : kv_heads_->value();
        st.type.gated_ffn = gated_->isChecked();
        if (hidden_changed && derived && st.type.heads > 0) {
            if (st.type.hidden % st.type.heads == 0)
                st.type.head_dim = st.type.hidden / st.type.heads;
            else
                split_error = "model.stacks[" + std::to_string(stack_) + "].layer.heads";
        }
        if (moe_on_->isChecked()) {
            MoeSpec& e = st.type.moe; // keeps the gate / router-bias flags of an imported model
            e.experts = experts_->value();
            e.top_k = top_k_->value();
            e.shared_experts = shared_experts_->value();
            e.shared_ffn_hidden = shared_ffn_->value();
            e.capacity_factor = capacity_->value();
            if (e.shared_experts == 0)
                e.shared_expert_gate = false;
        } else {
            st.type.moe = MoeSpec{};
        }
        if (mla_on_->isChecked()) {
            MlaSpec& a = st.type.mla;
            a.q_lora_rank = q_lora_->value();
            a.kv_lora_rank = kv_lora_->value();
            a.qk_nope_head_dim = qk_nope_->value();
            a.qk_rope_head_dim = qk_rope_->value();
            a.v_head_dim = v_head_->value();
            st.type.head_dim = a.qk_nope_head_dim + a.qk_rope_head_dim;
            st.type.kv_heads = st.type.heads;
        } else if (st.type.mla.enabled()) {
            st.type.mla = MlaSpec{};
            if (st.type.heads > 0 && st.type.hidden % st.type.heads == 0)
                st.type.head_dim = st.type.hidden / st.type.heads;
        }
        if (stack_ == 0)
            m.embed_hidden = st.type.hidden;
    }
    // The sequence length applies to every stack that used the model's length.
    for (auto& st : m.stacks)
        if (st.type.seq_len == edited_.seq_len || st.type.seq_len == 0)
            st.type.seq_len = seq_->value();
    m.seq_len = seq_->value();
    m.vocab_size = vocab_->value();
    m.tied_embeddings = tied_->isChecked();
    edited_ = m;
    if (!m.stacks.empty()) {
        updating_ = true;
        kv_heads_->setValue(m.stacks[static_cast<std::size_t>(stack_)].type.kv_heads);
        updating_ = false;
    }
    try {
        validateModel(m);
        if (!split_error.empty())
            throw InputError(split_error, "must divide hidden size (the head size is hidden / heads)");
        model_ = m;
        valid_ = true;
        error_->clear();
        highlight(QString());
        updating_ = true;
        if (stack_ < stack_box_->count())
            stack_box_->setItemText(
                stack_, QStringLiteral("%1 (%2)")
                            .arg(QString::fromStdString(m.stacks[static_cast<std::size_t>(stack_)].type.name))
                            .arg(m.stacks[static_cast<std::size_t>(stack_)].count));
        updating_ = false;
        emit modelChanged(model_);
    } catch (const InputError& e) {
        valid_ = false;
        error_->setText(QString::fromStdString(e.what()));
        highlight(QString::fromStdString(e.field()));
    }
    showParams();
}

// ----- ClusterEditor --------------------------------------------------------------------------------
ClusterEditor::ClusterEditor(QWidget* parent) : QWidget(parent) {
    auto* lay = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    preset_ = new QComboBox(this);
    preset_->setToolTip(tr("Built-in cluster presets"));
    preset_->setPlaceholderText(tr("(custom cluster)"));
    try {
        for (const auto& n : clusterPresetNames())
            preset_->addItem(QString::fromStdString(n));
    } catch (const std::exception&) {
    }
    top->addWidget(preset_, 1);
    auto* open = toolButton(QStringLiteral("open"), tr("Open a cluster profile"), this);
    auto* save = toolButton(QStringLiteral("save"), tr("Save the cluster profile as JSON"), this);
    top->addWidget(open);
    top->addWidget(save);
    lay->addLayout(top);
    connect(open, &QToolButton::clicked, this, &ClusterEditor::openRequested);
    connect(save, &QToolButton::clicked, this, &ClusterEditor::saveRequested);
    connect(preset_, &QComboBox::activated, this, [this](int i) { loadPreset(preset_->itemText(i)); });

    auto* form = new QFormLayout;
    form->setRowWrapPolicy(QFormLayout::WrapLongRows); // narrow docks: labels above their fields
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    name_ = new QLineEdit(this);
    nodes_ = intBox(1, 100000, this);
    gpus_per_node_ = intBox(1, 64, this);
    island_ = intBox(0, 64, this);
    island_->setSpecialValueText(tr("whole node"));
    island_->setToolTip(tr("GPUs per NVLink island: GPUs linked directly to each other inside a node (e.g. 2 "
                           "for NVLink bridges in pairs). Must divide the GPUs per node. The multi-model "
                           "planner keeps small jobs inside one island."));
    gpu_name_ = new QLineEdit(this);
    memory_ = dblBox(0.1, 4096, 1, tr(" GiB"), this);
    tflops_ = dblBox(0.1, 100000, 1, tr(" TFLOP/s"), this);
    gemm_eff_ = dblBox(0.01, 1.0, 2, QString(), this);
    gemm_eff_->setSingleStep(0.05);
    hbm_ = dblBox(1, 100000, 0, tr(" GB/s"), this);
    intra_bw_ = dblBox(0.1, 10000, 1, tr(" GB/s"), this);
    intra_lat_ = dblBox(0, 10000, 1, tr(" us"), this);
    inter_bw_ = dblBox(0.1, 10000, 1, tr(" GB/s"), this);
    inter_lat_ = dblBox(0, 10000, 1, tr(" us"), this);
    overlap_ = dblBox(0, 1, 2, QString(), this);
    overlap_->setSingleStep(0.05);
    reserved_ = dblBox(0, 1024, 1, tr(" GiB"), this);
    form->addRow(tr("Name"), name_);
    form->addRow(tr("Nodes"), nodes_);
    form->addRow(tr("GPUs per node"), gpus_per_node_);
    form->addRow(tr("GPUs per NVLink island"), island_);
    form->addRow(tr("GPU"), gpu_name_);
    form->addRow(tr("GPU memory"), memory_);
    form->addRow(tr("Peak BF16"), tflops_);
    form->addRow(tr("GEMM efficiency"), gemm_eff_);
    form->addRow(tr("HBM bandwidth"), hbm_);
    form->addRow(tr("Intra-node bandwidth"), intra_bw_);
    form->addRow(tr("Intra-node latency"), intra_lat_);
    form->addRow(tr("Inter-node bandwidth"), inter_bw_);
    form->addRow(tr("Inter-node latency"), inter_lat_);
    form->addRow(tr("Overlap efficiency"), overlap_);
    form->addRow(tr("Reserved per GPU"), reserved_);
    lay->addLayout(form);
    summary_ = new QLabel(this);
    summary_->setWordWrap(true);
    lay->addWidget(summary_);
    error_ = new QLabel(this);
    error_->setWordWrap(true);
    error_->setStyleSheet(QString::fromLatin1(kErrorStyle));
    lay->addWidget(error_);
    lay->addStretch(1);
    fields_ = {{QStringLiteral("name"), name_},
               {QStringLiteral("nodes"), nodes_},
               {QStringLiteral("gpus_per_node"), gpus_per_node_},
               {QStringLiteral("nvlink_island_size"), island_},
               {QStringLiteral("memory_gib"), memory_},
               {QStringLiteral("peak_tflops_bf16"), tflops_},
               {QStringLiteral("gemm_efficiency"), gemm_eff_},
               {QStringLiteral("hbm_bandwidth_gbs"), hbm_},
               {QStringLiteral("overlap_efficiency"), overlap_},
               {QStringLiteral("reserved_gib"), reserved_}};
    for (auto* b : {nodes_, gpus_per_node_, island_})
        connect(b, &QSpinBox::valueChanged, this, &ClusterEditor::fromWidgets);
    for (auto* b : {memory_, tflops_, gemm_eff_, hbm_, intra_bw_, intra_lat_, inter_bw_, inter_lat_, overlap_,
                    reserved_})
        connect(b, &QDoubleSpinBox::valueChanged, this, &ClusterEditor::fromWidgets);
    connect(name_, &QLineEdit::textEdited, this, &ClusterEditor::fromWidgets);
    connect(gpu_name_, &QLineEdit::textEdited, this, &ClusterEditor::fromWidgets);
}

QString ClusterEditor::errorText() const {
    return error_->text();
}

void ClusterEditor::setCluster(const ClusterProfile& c) {
    cluster_ = c;
    edited_ = c;
    set_ = c;
    valid_ = true;
    error_->clear();
    highlight(QString());
    toWidgets();
    preset_->setCurrentIndex(preset_->findText(QString::fromStdString(c.name)));
    emit clusterChanged(cluster_);
}

bool ClusterEditor::loadPreset(const QString& name) {
    return loadShown(error_, QString(), nullptr, [&] { setCluster(clusterPreset(name.toStdString())); });
}

bool ClusterEditor::loadFile(const QString& path, QString* error) {
    return loadShown(error_, path, error, [&] {
        setCluster(loadClusterFile(path.toStdString()));
        emit fileLoaded(path);
    });
}

bool ClusterEditor::saveFile(const QString& path, QString* error) const {
    return saveJson(path, toJson(cluster_), error);
}

void ClusterEditor::toWidgets() {
    updating_ = true;
    const auto& c = edited_;
    name_->setText(QString::fromStdString(c.name));
    showExactly(nodes_, c.nodes);
    showExactly(gpus_per_node_, c.gpus_per_node);
    showExactly(island_, c.nvlink_island_size);
    gpu_name_->setText(QString::fromStdString(c.gpu.name));
    showExactly(memory_, c.gpu.memory_gib);
    showExactly(tflops_, c.gpu.peak_tflops_bf16);
    showExactly(gemm_eff_, c.gpu.gemm_efficiency);
    showExactly(hbm_, c.gpu.hbm_bandwidth_gbs);
    showExactly(intra_bw_, c.intra.bandwidth_gbs);
    showExactly(intra_lat_, c.intra.latency_us);
    showExactly(inter_bw_, c.inter.bandwidth_gbs);
    showExactly(inter_lat_, c.inter.latency_us);
    showExactly(overlap_, c.overlap_efficiency);
    showExactly(reserved_, c.reserved_gib);
    intra_bw_->setToolTip(QString::fromStdString(c.intra.kind));
    inter_bw_->setToolTip(QString::fromStdString(c.inter.kind));
    updating_ = false;
    showSummary();
}

void ClusterEditor::highlight(const QString& field) {
    const QString key = lastKey(field);
    QWidget* w = field.isEmpty() ? nullptr : fields_.value(key);
    if (!w && key == QLatin1String("bandwidth_gbs"))
        w = field.contains(QLatin1String("inter")) ? inter_bw_ : intra_bw_;
    if (!w && key == QLatin1String("latency_us"))
        w = field.contains(QLatin1String("inter")) ? inter_lat_ : intra_lat_;
    markInput(fields_, {intra_bw_, inter_bw_, intra_lat_, inter_lat_}, w);
}

void ClusterEditor::fromWidgets() {
    if (updating_)
        return;
    ClusterProfile c = edited_;
    c.name = name_->text().toStdString();
    c.nodes = nodes_->value();
    c.gpus_per_node = gpus_per_node_->value();
    c.nvlink_island_size = island_->value();
    c.gpu.name = gpu_name_->text().toStdString();
    c.gpu.memory_gib = memory_->value();
    c.gpu.peak_tflops_bf16 = tflops_->value();
    c.gpu.gemm_efficiency = gemm_eff_->value();
    c.gpu.hbm_bandwidth_gbs = hbm_->value();
    c.intra.bandwidth_gbs = intra_bw_->value();
    c.intra.latency_us = intra_lat_->value();
    c.inter.bandwidth_gbs = inter_bw_->value();
    c.inter.latency_us = inter_lat_->value();
    c.overlap_efficiency = overlap_->value();
    c.reserved_gib = reserved_->value();
    // The calibrated efficiencies and links changed by hand: the provenance says so (the size may change).
    const GpuSpec& g = set_.gpu;
    const bool hand =
        c.gpu.peak_tflops_bf16 != g.peak_tflops_bf16 || c.gpu.gemm_efficiency != g.gemm_efficiency ||
        c.gpu.hbm_bandwidth_gbs != g.hbm_bandwidth_gbs || c.intra.bandwidth_gbs != set_.intra.bandwidth_gbs ||
        c.intra.latency_us != set_.intra.latency_us || c.inter.bandwidth_gbs != set_.inter.bandwidth_gbs ||
        c.inter.latency_us != set_.inter.latency_us || c.overlap_efficiency != set_.overlap_efficiency;
    if (hand)
        c.provenance["edited"] = "values changed in the Galvatron Explorer cluster editor";
    else
        c.provenance = set_.provenance;
    edited_ = c;
    try {
        validateCluster(c);
        if (c.reserved_gib >= c.gpu.memory_gib)
            throw InputError("cluster.reserved_gib", "must be smaller than the GPU memory");
        cluster_ = c;
        valid_ = true;
        error_->clear();
        highlight(QString());
        emit clusterChanged(cluster_);
    } catch (const InputError& e) {
        valid_ = false;
        error_->setText(QString::fromStdString(e.what()));
        highlight(QString::fromStdString(e.field()));
    }
    showSummary();
}

void ClusterEditor::showSummary() {
    summary_->setText(tr("%1 GPUs: %2 x %3 %4; %5 inside nodes, %6 between%7")
                          .arg(cluster_.totalGpus())
                          .arg(cluster_.nodes)
                          .arg(cluster_.gpus_per_node)
                          .arg(QString::fromStdString(cluster_.gpu.name),
                               QString::fromStdString(cluster_.intra.kind),
                               QString::fromStdString(cluster_.inter.kind))
                          .arg(cluster_.measured.empty() ? QString() : tr("; measured collectives")));
    // Where its efficiencies come from (galvatron calibrate, in short; the whole text as the tip).
    QString tip;
    if (auto it = cluster_.provenance.find("calibrated"); it != cluster_.provenance.end()) {
        summary_->setText(summary_->text() + QLatin1Char('\n') + CoreText::calibrated(it->second));
        tip = CoreText::calibrated(it->second, true);
    }
    if (cluster_.provenance.count("edited"))
        summary_->setText(summary_->text() + QLatin1Char('\n') + tr("Edited by hand since it was loaded"));
    summary_->setToolTip(tip);
}

void ClusterEditor::changeEvent(QEvent* e) {
    QWidget::changeEvent(e);
    if (e->type() == QEvent::LanguageChange)
        showSummary();
}

} // namespace gx::app
