// SPDX-License-Identifier: Apache-2.0
#include "views/search_settings.h"
#include "core_text.h"
#include "views/form_widgets.h"
#include "views/runtime_editor.h"

#include "gx/error.h"
#include "gx/presets.h"
#include "gx/profile_io.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSpinBox>
#include <QToolButton>

#include <cmath>

namespace gx::app {

// ----- SearchSettings -------------------------------------------------------------------------------
SearchSettings::SearchSettings(QWidget* parent) : QWidget(parent) {
    auto* form = new QFormLayout(this);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows); // narrow docks: labels above their fields
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    target_ = new QComboBox(this);
    for (Target t : allTargets()) {
        const auto& c = capabilities(t);
        target_->addItem(t == Target::Any ? tr("any runtime")
                                          : QString::fromStdString(c.framework + " " + c.version),
                         static_cast<int>(t));
    }
    target_->setToolTip(tr("Search only plans this framework runs exactly as planned (and as exported)"));
    runtime_ = new QComboBox(this);
    for (const auto& n : runtimePresetNames())
        runtime_->addItem(QString::fromStdString(n), QString::fromStdString(n));
    runtime_->addItem(tr("Load runtime JSON..."), QString());
    runtime_->setToolTip(
        tr("How the training framework implements the plan: stored activations, what overlaps, "
           "fixed overheads, calibrated against measured runs (galvatron validate)"));
    precision_ = new QComboBox(this);
    precision_->addItem(QStringLiteral("BF16"), static_cast<int>(Precision::BF16));
    precision_->addItem(QStringLiteral("FP16"), static_cast<int>(Precision::FP16));
    precision_->addItem(QStringLiteral("FP8"), static_cast<int>(Precision::FP8));
    precision_->setToolTip(
        tr("Numeric format of the linear layers; attention, norms and the optimizer stay in BF16"));
    runtime_info_ = new QLabel(this);
    runtime_info_->setWordWrap(true);
    runtime_info_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont small = runtime_info_->font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    runtime_info_->setFont(small);
    gpus_ = intBox(0, 1 << 20, this);
    gpus_->setSpecialValueText(tr("whole cluster"));
    batches_ = new QLineEdit(this);
    batches_->setPlaceholderText(tr("automatic, or e.g. 64, 128, 256"));
    budget_ = dblBox(0, 4096, 1, tr(" GiB"), this);
    budget_->setSpecialValueText(tr("GPU memory"));
    max_tp_ = intBox(0, 4096, this);
    max_tp_->setSpecialValueText(tr("any"));
    max_pp_ = intBox(0, 4096, this);
    max_pp_->setSpecialValueText(tr("any"));
    max_cp_ = intBox(0, 4096, this);
    max_cp_->setSpecialValueText(tr("any"));
    max_ep_ = intBox(0, 4096, this);
    max_ep_->setSpecialValueText(tr("any"));
    composedTips();
    max_micro_ = intBox(0, 1 << 16, this);
    max_micro_->setSpecialValueText(tr("automatic"));
    top_k_ = intBox(1, 100, this);
    threads_ = intBox(0, 1024, this);
    threads_->setSpecialValueText(tr("all cores"));
    time_limit_ = intBox(0, 86400, this);
    time_limit_->setSpecialValueText(tr("none"));
    time_limit_->setSuffix(tr(" s"));
    time_limit_->setValue(60);
    time_limit_->setToolTip(tr("After this many seconds the per-layer search stops and shows the best plans "
                               "found so far, marked as not proven optimal"));
    sp_ = new QCheckBox(tr("sequence parallelism"), this);
    ckpt_ = new QCheckBox(tr("activation checkpointing"), this);
    uniform_ = new QCheckBox(tr("one strategy for all layers"), this);
    pow2_ = new QCheckBox(tr("power-of-two degrees only"), this);
    tree_events_ = new QCheckBox(tr("draw the decision tree live"), this);
    ddp_ = new QCheckBox(QStringLiteral("DDP"), this);
    z1_ = new QCheckBox(QStringLiteral("ZeRO-1"), this);
    z2_ = new QCheckBox(QStringLiteral("ZeRO-2"), this);
    z3_ = new QCheckBox(QStringLiteral("ZeRO-3"), this);
    gpipe_ = new QCheckBox(QStringLiteral("GPipe"), this);
    f1b1_ = new QCheckBox(QStringLiteral("1F1B"), this);
    inter_ = new QCheckBox(tr("interleaved"), this);
    disabled_rules_ = new QLineEdit(this);
    disabled_rules_->setPlaceholderText(tr("pruning rules to switch off, comma-separated"));
    auto row = [this](std::initializer_list<QWidget*> ws) {
        auto* w = new QWidget(this);
        auto* l = new QHBoxLayout(w);
        l->setContentsMargins(0, 0, 0, 0);
        for (auto* x : ws)
            l->addWidget(x);
        l->addStretch(1);
        return w;
    };
    form->addRow(tr("Target framework"), target_);
    edit_runtime_ = new QToolButton(this);
    edit_runtime_->setText(tr("Edit..."));
    edit_runtime_->setToolTip(tr("Edit every field of this runtime profile, save it as JSON or use it "
                                 "for the next search"));
    form->addRow(tr("Runtime"), runtime_);
    form->addRow(QString(), runtime_info_);
    form->addRow(QString(), edit_runtime_); // own row: stays visible in a narrow dock
    form->addRow(tr("Precision"), precision_);
    form->addRow(tr("GPUs"), gpus_);
    form->addRow(tr("Global batch"), batches_);
    form->addRow(tr("Memory budget"), budget_);
    form->addRow(tr("Max TP / PP"), row({max_tp_, max_pp_}));
    form->addRow(tr("Max CP / EP"), row({max_cp_, max_ep_}));
    form->addRow(tr("Max micro-batches"), max_micro_);
    form->addRow(tr("Data parallel"), row({ddp_, z1_}));
    form->addRow(QString(), row({z2_, z3_}));
    form->addRow(tr("Schedules"), row({gpipe_, f1b1_}));
    form->addRow(QString(), row({inter_}));
    form->addRow(QString(), sp_);
    form->addRow(QString(), ckpt_);
    form->addRow(QString(), uniform_);
    form->addRow(QString(), pow2_);
    form->addRow(tr("Disabled rules"), disabled_rules_);
    form->addRow(tr("Top plans"), top_k_);
    form->addRow(tr("Threads"), threads_);
    form->addRow(tr("Time limit"), time_limit_);
    form->addRow(QString(), tree_events_);
    SearchOptions defaults;
    defaults.cost.runtime = resolveRuntime(kDefaultRuntime); // calibrated; "generic" has no overheads
    setOptions(defaults);
    connect(runtime_, &QComboBox::activated, this, [this] { runtimeChosen(); });
    connect(edit_runtime_, &QToolButton::clicked, this, [this] {
        RuntimeEditor editor(currentRuntime(), this);
        if (editor.exec() == QDialog::Accepted)
            useRuntime(editor.profile());
    });
    connect(runtime_, &QComboBox::currentIndexChanged, this, [this] {
        showRuntimeInfo();
        emit changed();
    });
    connect(precision_, &QComboBox::currentIndexChanged, this, &SearchSettings::changed);
    for (auto* b : {gpus_, max_tp_, max_pp_, max_cp_, max_ep_, top_k_, threads_, max_micro_})
        connect(b, &QSpinBox::valueChanged, this, &SearchSettings::changed);
    connect(budget_, &QDoubleSpinBox::valueChanged, this, &SearchSettings::changed);
    connect(target_, &QComboBox::currentIndexChanged, this, [this] {
        // A framework target implies how the plan runs: follow it with its runtime preset, unless the
        // runtime is one the user loaded or edited.
        const char* implied = runtimePresetFor(static_cast<Target>(target_->currentData().toInt()));
        if (implied && !runtime_->currentData().toString().isEmpty()) {
            const QSignalBlocker block(runtime_);
            runtime_->setCurrentIndex(std::max(0, runtime_->findData(QLatin1String(implied))));
            showRuntimeInfo();
        }
        emit changed();
    });
    for (auto* c : {sp_, ckpt_, uniform_, pow2_, tree_events_, ddp_, z1_, z2_, z3_, gpipe_, f1b1_, inter_})
        connect(c, &QCheckBox::toggled, this, &SearchSettings::changed);
    connect(batches_, &QLineEdit::editingFinished, this, &SearchSettings::changed);
    connect(disabled_rules_, &QLineEdit::editingFinished, this, &SearchSettings::changed);
}

void SearchSettings::runtimeChosen() {
    if (!runtime_->currentData().toString().isEmpty() || runtime_->currentText().startsWith(QLatin1Char('(')))
        return;
    // "Load runtime JSON...": read a runtime profile (e.g. one written by galvatron calibrate).
    const QString path = QFileDialog::getOpenFileName(this, tr("Load runtime profile"), QString(),
                                                      tr("Runtime profile (*.json);;All files (*)"));
    const QSignalBlocker block(runtime_);
    if (path.isEmpty()) {
        runtime_->setCurrentIndex(runtime_->findData(QLatin1String(kDefaultRuntime)));
    } else {
        try {
            const RuntimeProfile rt = loadRuntimeFile(path.toStdString());
            const QString label =
                QStringLiteral("(%1) %2").arg(QFileInfo(path).fileName(), QString::fromStdString(rt.name));
            file_runtimes_[label] = rt;
            runtime_->insertItem(runtime_->count() - 1, label, QString());
            runtime_->setCurrentIndex(runtime_->count() - 2);
        } catch (const InputError& e) {
            QMessageBox::warning(this, tr("Runtime profile"), QString::fromStdString(e.what()));
            runtime_->setCurrentIndex(runtime_->findData(QLatin1String(kDefaultRuntime)));
        }
    }
    showRuntimeInfo();
    emit changed();
}

void SearchSettings::useRuntime(const RuntimeProfile& runtime) {
    {
        const QSignalBlocker block(runtime_);
        const QString label = tr("(edited) %1").arg(QString::fromStdString(runtime.name));
        file_runtimes_[label] = runtime;
        int i = runtime_->findText(label);
        if (i < 0) {
            runtime_->insertItem(runtime_->count() - 1, label, QString());
            i = runtime_->count() - 2;
        }
        runtime_->setCurrentIndex(i);
    }
    showRuntimeInfo();
    emit changed();
}

bool SearchSettings::selectRuntimePreset(const std::string& name) {
    const int i = runtime_->findData(QString::fromStdString(name));
    if (i < 0 || name.empty())
        return false;
    runtime_->setCurrentIndex(i); // (changed() through currentIndexChanged when it moves)
    return true;
}

int SearchSettings::runtimeIndex() const {
    return runtime_->currentIndex();
}

void SearchSettings::setRuntimeIndex(int index) {
    runtime_->setCurrentIndex(index);
}

RuntimeProfile SearchSettings::currentRuntime() const {
    const QString rname = runtime_->currentData().toString();
    if (!rname.isEmpty())
        return runtimePreset(rname.toStdString());
    if (auto it = file_runtimes_.find(runtime_->currentText()); it != file_runtimes_.end())
        return it->second;
    return runtimePreset(kDefaultRuntime);
}

void SearchSettings::changeEvent(QEvent* e) {
    QWidget::changeEvent(e);
    if (e->type() == QEvent::LanguageChange) {
        showRuntimeInfo();
        composedTips();
    }
}

void SearchSettings::composedTips() {
    max_cp_->setToolTip(tr("Largest context-parallel degree; searched for sequences of at least %1 tokens")
                            .arg(SearchOptions{}.cp_min_seq));
    max_ep_->setToolTip(tr("Largest expert-parallel degree (mixture-of-experts layers)"));
}

void SearchSettings::showRuntimeInfo() {
    try {
        const RuntimeProfile rt = currentRuntime();
        QString text = QString::fromStdString(rt.framework + (rt.version.empty() ? "" : ", " + rt.version));
        QString tip = QString::fromStdString(rt.source);
        if (auto it = rt.provenance.find("calibrated"); it != rt.provenance.end()) {
            text += QLatin1Char('\n') + CoreText::calibrated(it->second);
            tip += QStringLiteral("\n\n") + CoreText::calibrated(it->second, true);
        } else {
            text += QLatin1Char('\n') + tr("Not calibrated against measured runs");
        }
        if (rt.provenance.count("edited"))
            text += QLatin1Char('\n') + tr("Edited in the runtime editor");
        runtime_info_->setText(text);
        runtime_info_->setToolTip(tip);
    } catch (const InputError&) {
        runtime_info_->clear();
    }
}

void SearchSettings::setOptions(const SearchOptions& o) {
    const QSignalBlocker block(this);
    target_->setCurrentIndex(std::max(0, target_->findData(static_cast<int>(o.target))));
    {
        const QSignalBlocker b2(runtime_);
        int i = runtime_->findData(QString::fromStdString(o.cost.runtime.name));
        if (i < 0) { // a runtime that is not a preset: keep it as a loaded one
            const QString label = QStringLiteral("(%1)").arg(QString::fromStdString(o.cost.runtime.name));
            file_runtimes_[label] = o.cost.runtime;
            runtime_->insertItem(runtime_->count() - 1, label, QString());
            i = runtime_->count() - 2;
        }
        runtime_->setCurrentIndex(i);
        const QSignalBlocker b3(precision_);
        precision_->setCurrentIndex(std::max(0, precision_->findData(static_cast<int>(o.cost.precision))));
    }
    showRuntimeInfo();
    gpus_->setValue(o.gpus);
    QStringList b;
    for (int x : o.global_batches)
        b << QString::number(x);
    batches_->setText(b.join(QStringLiteral(", ")));
    budget_->setValue(o.cost.memory_budget_gib);
    max_tp_->setValue(o.max_tp);
    max_pp_->setValue(o.max_pp);
    max_cp_->setValue(o.max_cp);
    max_ep_->setValue(o.max_ep);
    max_micro_->setValue(o.max_micro);
    top_k_->setValue(o.top_k);
    threads_->setValue(o.threads);
    sp_->setChecked(o.allow_sp);
    ckpt_->setChecked(o.allow_ckpt);
    uniform_->setChecked(o.uniform_layers);
    pow2_->setChecked(o.pow2_degrees);
    tree_events_->setChecked(o.emit_tree_events);
    auto has = [](const auto& v, auto x) { return std::find(v.begin(), v.end(), x) != v.end(); };
    ddp_->setChecked(has(o.dp_types, DpType::DDP));
    z1_->setChecked(has(o.dp_types, DpType::ZeRO1));
    z2_->setChecked(has(o.dp_types, DpType::ZeRO2));
    z3_->setChecked(has(o.dp_types, DpType::ZeRO3));
    gpipe_->setChecked(has(o.schedules, Schedule::GPipe));
    f1b1_->setChecked(has(o.schedules, Schedule::OneFOneB));
    inter_->setChecked(has(o.schedules, Schedule::Interleaved));
    QStringList r;
    for (const auto& x : o.disabled_rules)
        r << QString::fromStdString(x);
    disabled_rules_->setText(r.join(QStringLiteral(", ")));
}

double SearchSettings::timeLimit() const {
    return time_limit_->value();
}

void SearchSettings::setTimeLimit(double seconds) {
    time_limit_->setValue(static_cast<int>(std::lround(seconds)));
}

SearchOptions SearchSettings::options() const {
    SearchOptions o;
    o.target = static_cast<Target>(target_->currentData().toInt());
    o.gpus = gpus_->value();
    const auto parts =
        batches_->text().split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts);
    for (const auto& p : parts) {
        bool ok = false;
        const int v = p.toInt(&ok);
        if (!ok || v <= 0)
            throw InputError(
                "search.global_batches",
                tr("expected positive integers separated by commas, got \"%1\"").arg(p).toStdString());
        o.global_batches.push_back(v);
    }
    o.cost.memory_budget_gib = budget_->value();
    o.cost.runtime = currentRuntime();
    o.cost.precision = static_cast<Precision>(precision_->currentData().toInt());
    if (o.cost.precision == Precision::FP8 && !o.cost.runtime.supports_fp8)
        throw InputError("search.precision", tr("the runtime '%1' does not train FP8 linear layers")
                                                 .arg(QString::fromStdString(o.cost.runtime.name))
                                                 .toStdString());
    o.max_tp = max_tp_->value();
    o.max_pp = max_pp_->value();
    o.max_cp = max_cp_->value();
    o.max_ep = max_ep_->value();
    o.max_micro = max_micro_->value();
    o.top_k = top_k_->value();
    o.threads = threads_->value();
    o.allow_sp = sp_->isChecked();
    o.allow_ckpt = ckpt_->isChecked();
    o.uniform_layers = uniform_->isChecked();
    o.pow2_degrees = pow2_->isChecked();
    o.emit_tree_events = tree_events_->isChecked();
    o.dp_types.clear();
    if (ddp_->isChecked())
        o.dp_types.push_back(DpType::DDP);
    if (z1_->isChecked())
        o.dp_types.push_back(DpType::ZeRO1);
    if (z2_->isChecked())
        o.dp_types.push_back(DpType::ZeRO2);
    if (z3_->isChecked())
        o.dp_types.push_back(DpType::ZeRO3);
    if (o.dp_types.empty())
        throw InputError("search.dp_types", tr("select at least one data-parallel type").toStdString());
    o.schedules.clear();
    if (gpipe_->isChecked())
        o.schedules.push_back(Schedule::GPipe);
    if (f1b1_->isChecked())
        o.schedules.push_back(Schedule::OneFOneB);
    if (inter_->isChecked())
        o.schedules.push_back(Schedule::Interleaved);
    if (o.schedules.empty())
        throw InputError("search.schedules", tr("select at least one pipeline schedule").toStdString());
    for (const auto& r : disabled_rules_->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!r.trimmed().isEmpty())
            o.disabled_rules.push_back(r.trimmed().toStdString());
    return o;
}

} // namespace gx::app
