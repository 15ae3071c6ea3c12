// SPDX-License-Identifier: Apache-2.0
#include "views/runtime_editor.h"

#include "file_save.h"
#include "gx/error.h"
#include "gx/profile_io.h"
#include "views/form_widgets.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

namespace gx::app {

namespace {
const char* kBad = "background-color: rgba(230, 60, 50, 70);";

QString lastKey(const QString& field) {
    const int dot = field.lastIndexOf(QLatin1Char('.'));
    return dot < 0 ? field : field.mid(dot + 1);
}
} // namespace

/// One row of the editor: a RuntimeProfile JSON key, its tab and its label and help text.
struct RuntimeEditor::Field {
    const char* key;
    QString group, label, help;
};

std::vector<RuntimeEditor::Field> RuntimeEditor::fieldTable() {
    const QString identity = tr("Identity"), act = tr("Activations"), rec = tr("Recomputation"),
                  comm = tr("Overlap and communication"), fixed = tr("Fixed overheads"), mem = tr("Memory"),
                  fp8 = tr("FP8"), compute = tr("Compute");
    // Every field of RuntimeProfile (gx/runtime.h explains each with its source).
    return {
        {"name", identity, tr("Name"), tr("Name the plans record as their runtime")},
        {"framework", identity, tr("Framework"), tr("Training framework the facts describe")},
        {"version", identity, tr("Version"), tr("Framework version the facts were read from")},
        {"source", identity, tr("Source"), tr("Where the facts come from")},
        {"attention", act, tr("Attention kernel"),
         tr("flash and efficient kernels never store the s x s scores; eager attention stores scores, "
            "softmax and dropout mask")},
        {"fused_norm", act, tr("Fused norms"),
         tr("Norms store their bf16 input only; off: eager norms keep an fp32 copy as well")},
        {"fused_swiglu", act, tr("Fused SwiGLU"),
         tr("The gated activation stores the fc1 output only; off: gate, up, silu and product")},
        {"expand_kv", act, tr("Expanded GQA key/value"),
         tr("Key/value heads are repeated to all query heads before attention and stored")},
        {"activation_extra_h", act, tr("Extra stored bytes (x hidden)"),
         tr("Bytes per token and layer the component model does not name, in units of the hidden size")},
        {"selective_op_level", rec, tr("Op-level selective recomputation"),
         tr("On: keep the layer input, the attention output and a fraction of the matmul outputs "
            "(torchtitan). Off: recompute the attention core only (Megatron)")},
        {"selective_matmul_kept", rec, tr("Matmul outputs kept"),
         tr("Fraction of the matmul outputs an op-level policy keeps")},
        {"tp_overlap", comm, tr("TP overlap"),
         tr("Fraction of tensor-parallel collectives hidden behind GEMMs")},
        {"dp_overlap", comm, tr("DP overlap"),
         tr("Fraction of a layer's backward that can hide its gradient reduction")},
        {"overlap_param_gather", comm, tr("Overlapped parameter all-gather"),
         tr("ZeRO-1/2: the parameter all-gather after the step hides behind the next forward")},
        {"zero3_overlap", comm, tr("ZeRO-3 overlap"),
         tr("Fraction of a layer's compute that can hide its ZeRO-3 gathers and reduce-scatters")},
        {"comm_efficiency", comm, tr("Communication efficiency"),
         tr("Fraction of the links' collective bandwidth the DP and ZeRO collectives reach")},
        {"zero3_keep_unsharded", comm, tr("Keep ZeRO-3 weights unsharded under PP"),
         tr("Weights and gradients stay gathered from the first forward to the last backward")},
        {"zero3_max_live_params", comm, tr("ZeRO-3 live parameters"),
         tr("Most parameters gathered at once (DeepSpeed stage3_max_live_parameters); 0: the running "
            "layer and the prefetched next one")},
        {"cp_allgather", comm, tr("Context parallelism: all-gather K/V"),
         tr("On: K/V of all context-parallel ranks are gathered once after the first attention block "
            "(PyTorch context_parallel); off: passed rank to rank behind every block (Megatron)")},
        {"cp_grad_bytes", comm, tr("Context parallelism: dK/dV bytes"),
         tr("Bytes per element of the key/value gradient sums passed between context-parallel ranks "
            "(4: fp32)")},
        {"zero3_hierarchical", comm, tr("Hierarchical ZeRO-3 rings"),
         tr("Off: flat rings at one GPU's network share")},
        {"grouped_gemm_efficiency", compute, tr("Grouped expert GEMM efficiency"),
         tr("Mixture-of-experts layers: throughput of the grouped expert GEMMs relative to one dense GEMM "
            "of the same size")},
        {"moe_load_imbalance", compute, tr("Expert load imbalance"),
         tr("Expert parallelism: tokens on the busiest expert rank over the average (1 = balanced)")},
        {"layer_overhead_us", fixed, tr("Per-layer overhead (us)"),
         tr("Per layer and micro-batch, forward and backward: launches, hooks, syncs")},
        {"iteration_overhead_s", fixed, tr("Per-iteration overhead (s)"),
         tr("Data loading, logging, gradient clipping")},
        {"param_bytes", mem, tr("Weight bytes per parameter"), tr("Working weights (2 for bf16/fp16)")},
        {"grad_bytes", mem, tr("Gradient bytes per parameter"), tr("Gradient buffer dtype (4 for fp32)")},
        {"optimizer_bytes", mem, tr("Optimizer bytes per parameter"),
         tr("Adam: fp32 master weights and two moments")},
        {"fragmentation", mem, tr("Allocator fragmentation"),
         tr("Caching-allocator slack as a fraction of activations and working memory")},
        {"logit_bytes", mem, tr("Bytes per logit"),
         tr("Bytes per logit element around the loss (6 fused, 14 eager fp32)")},
        {"logit_bytes_vocab_parallel", mem, tr("Bytes per logit, vocabulary split"),
         tr("The same when the vocabulary is split over tensor-parallel ranks (0: as above)")},
        {"vocab_divisible_by", mem, tr("Vocabulary padded to a multiple of"),
         tr("The vocabulary is padded to a multiple of this times its tensor-parallel size (Megatron-LM "
            "--make-vocab-size-divisible-by: 128; 0: not padded)")},
        {"keep_pipeline_outputs", mem, tr("Keep every micro-batch's logits"),
         tr("Pipelines keep the last stage's output of every micro-batch until the step ends")},
        {"runtime_reserved_gib", mem, tr("Runtime buffers (GiB)"),
         tr("Workspaces and communication buffers beyond the cluster's reserved memory")},
        {"memory_headroom", mem, tr("Memory headroom"),
         tr("Fraction of GPU memory the search keeps free (below 0.5)")},
        {"supports_fp8", fp8, tr("Trains FP8 linear layers"), tr("The runtime can run FP8 linear layers")},
        {"fp8_weight_copy_bytes", fp8, tr("FP8 weight copy bytes"),
         tr("Bytes per parameter of the FP8 (and transposed) weight copies")},
        {"fp8_cast_bytes", fp8, tr("FP8 cast traffic"), tr("Extra HBM bytes per linear-layer input element")},
        {"fp8_saved_inputs", fp8, tr("FP8 inputs kept for backward"),
         tr("FP8 linear layers store their inputs in FP8 (1 byte) for the weight gradient (Transformer "
            "Engine)")},
    };
}

QFormLayout* RuntimeEditor::formOf(const QString& group, QHash<QString, QFormLayout*>& forms) {
    if (auto* f = forms.value(group))
        return f;
    auto* page = new QWidget;
    auto* form = new QFormLayout(page);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    auto* scroll = new QScrollArea(tabs_);
    scroll->setWidget(page);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    tabs_->addTab(scroll, group);
    forms.insert(group, form);
    return form;
}

QWidget* RuntimeEditor::fieldEditor(const std::string& key, const nlohmann::json& v) {
    QWidget* w = nullptr;
    if (key == "attention") {
        auto* c = new QComboBox;
        for (auto kernel : {AttentionKernel::Flash, AttentionKernel::MemEfficient, AttentionKernel::Eager})
            c->addItem(QString::fromLatin1(toString(kernel)), QString::fromLatin1(toString(kernel)));
        c->setCurrentIndex(std::max(0, c->findData(QString::fromStdString(v.get<std::string>()))));
        connect(c, &QComboBox::currentIndexChanged, this, &RuntimeEditor::validate);
        w = c;
    } else if (key == "framework") {
        auto* c = new QComboBox;
        for (const char* f : {"any", "megatron", "torchtitan", "deepspeed", "hetu"})
            c->addItem(QString::fromLatin1(f), QString::fromLatin1(f));
        c->setCurrentIndex(std::max(0, c->findData(QString::fromStdString(v.get<std::string>()))));
        connect(c, &QComboBox::currentIndexChanged, this, &RuntimeEditor::validate);
        w = c;
    } else if (v.is_boolean()) {
        auto* c = new QCheckBox;
        c->setChecked(v.get<bool>());
        connect(c, &QCheckBox::toggled, this, &RuntimeEditor::validate);
        w = c;
    } else if (v.is_number_integer()) {
        auto* s = new QSpinBox;
        s->setRange(0, 1000);
        showExactly(s, v.get<int>()); // (as the model and cluster editors: never clamped or rounded)
        connect(s, &QSpinBox::valueChanged, this, &RuntimeEditor::validate);
        w = s;
    } else if (v.is_number()) {
        auto* s = new QDoubleSpinBox;
        s->setDecimals(4);
        s->setRange(0, 1e7);
        showExactly(s, v.get<double>()); // (DeepSpeed's 1e9 live parameters showed as 1e7)
        connect(s, &QDoubleSpinBox::valueChanged, this, &RuntimeEditor::validate);
        w = s;
    } else {
        auto* e = new QLineEdit(QString::fromStdString(v.is_string() ? v.get<std::string>() : v.dump()));
        e->setCursorPosition(0);
        connect(e, &QLineEdit::textChanged, this, &RuntimeEditor::validate);
        w = e;
    }
    return w;
}

void RuntimeEditor::addField(const std::string& key, const nlohmann::json& v, const QString& group,
                             const QString& label, const QString& help, QHash<QString, QFormLayout*>& forms) {
    const QString k = QString::fromStdString(key);
    QWidget* w = fieldEditor(key, v);
    w->setObjectName(k);
    w->setToolTip(help + QStringLiteral("\n(") + k + QLatin1Char(')'));
    auto* l = new QLabel(label);
    l->setToolTip(w->toolTip());
    formOf(group, forms)->addRow(l, w);
    fields_.insert(k, w);
    group_of_.insert(k, group);
}

RuntimeEditor::RuntimeEditor(const RuntimeProfile& runtime, QWidget* parent)
    : QDialog(parent), provenance_(runtime.provenance) {
    setWindowTitle(tr("Runtime profile: %1").arg(QString::fromStdString(runtime.name)));
    const std::vector<Field> table = fieldTable();

    tabs_ = new QTabWidget(this);
    QHash<QString, QFormLayout*> forms; // group -> form of its tab
    const nlohmann::json j = toJson(runtime);
    original_ = j;
    for (const auto& f : table)
        if (j.contains(f.key))
            addField(f.key, j.at(f.key), f.group, f.label, f.help, forms);
    // A field added to RuntimeProfile later still gets a widget, under "Other" (the GUI test fails
    // until it is given a group).
    for (const auto& [key, v] : j.items())
        if (key != "provenance" && !fields_.contains(QString::fromStdString(key)))
            addField(key, v, tr("Other"), QString::fromStdString(key), QString(), forms);

    error_ = new QLabel(this);
    error_->setWordWrap(true);
    error_->setStyleSheet(QStringLiteral("color: #b3261e;"));
    auto* buttons = new QDialogButtonBox(this);
    use_ = buttons->addButton(tr("Use for search"), QDialogButtonBox::AcceptRole);
    save_ = buttons->addButton(tr("Save as JSON..."), QDialogButtonBox::ActionRole);
    buttons->addButton(QDialogButtonBox::Cancel);
    use_->setToolTip(tr("The next search costs its plans with this runtime"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(save_, &QPushButton::clicked, this, &RuntimeEditor::saveAs);

    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("How the training framework implements a plan. Hover a field for its "
                                "meaning; the user guide cites the source of every preset value."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    layout->addWidget(tabs_, 1);
    layout->addWidget(error_);
    layout->addWidget(buttons);
    resize(800, 540);
    validate();
}

RuntimeProfile RuntimeEditor::profile() const {
    nlohmann::json j;
    for (auto it = fields_.begin(); it != fields_.end(); ++it) {
        const std::string key = it.key().toStdString();
        QWidget* w = it.value();
        if (auto* c = qobject_cast<QComboBox*>(w))
            j[key] = c->currentData().toString().toStdString();
        else if (auto* b = qobject_cast<QCheckBox*>(w))
            j[key] = b->isChecked();
        else if (auto* s = qobject_cast<QSpinBox*>(w))
            j[key] = s->value();
        else if (auto* d = qobject_cast<QDoubleSpinBox*>(w))
            j[key] = d->value();
        else if (auto* e = qobject_cast<QLineEdit*>(w))
            j[key] = e->text().toStdString();
    }
    RuntimeProfile rt = runtimeFromJson(j, "runtime"); // the same checks and messages as a runtime file
    rt.provenance = provenance_;
    nlohmann::json a = toJson(rt), b = original_;
    a.erase("provenance");
    b.erase("provenance");
    if (a != b) // a calibrated profile whose values were changed by hand says so
        rt.provenance["edited"] = "values changed in the Galvatron Explorer runtime editor";
    return rt;
}

void RuntimeEditor::validate() {
    for (auto* w : fields_)
        w->setStyleSheet(QString());
    error_text_.clear();
    try {
        (void)profile();
    } catch (const InputError& e) {
        const QString field = QString::fromStdString(e.field());
        error_text_ = QString::fromStdString(e.what());
        if (QWidget* w = fields_.value(lastKey(field)))
            w->setStyleSheet(QString::fromLatin1(kBad));
    }
    error_->setText(error_text_);
    error_->setVisible(!error_text_.isEmpty());
    use_->setEnabled(error_text_.isEmpty());
    save_->setEnabled(error_text_.isEmpty());
}

bool RuntimeEditor::saveTo(const QString& path, QString* why) const {
    try {
        return saveJson(path, toJson(profile()), why); // QSaveFile: atomic
    } catch (const InputError& e) {
        if (why)
            *why = QString::fromStdString(e.what());
        return false;
    }
}

void RuntimeEditor::saveAs() {
    const QString name = qobject_cast<QLineEdit*>(fields_.value(QStringLiteral("name")))->text();
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save runtime profile"), name + QStringLiteral(".json"), tr("Runtime profile (*.json)"));
    if (path.isEmpty())
        return;
    QString why;
    if (!saveTo(path, &why))
        QMessageBox::warning(this, tr("Runtime profile"), tr("Could not save %1: %2").arg(path, why));
}

} // namespace gx::app
