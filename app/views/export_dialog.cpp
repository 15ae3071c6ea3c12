// SPDX-License-Identifier: Apache-2.0
#include "views/export_dialog.h"

#include "gx/profile_io.h"

#include "gx/exporters.h"

#include "file_save.h"
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>

#include <QFile>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

namespace gx::app {

ExportDialog::ExportDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Export plan"));
    setObjectName(QStringLiteral("export"));
    resize(900, 640);
    auto* lay = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    format_ = new QComboBox(this);
    for (const auto& f : exportFormats()) {
        format_->addItem(QString::fromUtf8(f.display_name), static_cast<int>(f.format));
        format_->setItemData(format_->count() - 1, QString::fromUtf8(f.description), Qt::ToolTipRole);
    }
    lossy_ = new QCheckBox(tr("Write an approximation when the format cannot express the plan"), this);
    lossy_->setToolTip(
        tr("Off: plans using something this framework cannot run are refused with the reasons; "
           "search with this framework as the target instead. On: the closest approximation "
           "is written and every change is listed."));
    form->addRow(tr("Format"), format_);
    form->addRow(QString(), lossy_);
    master_ = new QLineEdit(this);
    master_->setPlaceholderText(tr("master address (default: first node)"));
    partition_ = new QLineEdit(this);
    partition_->setPlaceholderText(tr("Slurm partition"));
    container_ = new QLineEdit(this);
    container_->setPlaceholderText(tr("container image (optional)"));
    script_ = new QLineEdit(this);
    script_->setPlaceholderText(tr("training script, e.g. pretrain_gpt.py"));
    auto* launcher = new QHBoxLayout;
    launcher->addWidget(master_);
    launcher->addWidget(partition_);
    launcher->addWidget(container_);
    launcher->addWidget(script_);
    form->addRow(tr("Launcher"), launcher);
    lay->addLayout(form);
    auto* split = new QSplitter(Qt::Vertical, this);
    text_ = new QPlainTextEdit(this);
    text_->setReadOnly(true);
    text_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    text_->setLineWrapMode(QPlainTextEdit::NoWrap);
    notes_ = new QListWidget(this);
    notes_->setWordWrap(true);
    split->addWidget(text_);
    split->addWidget(notes_);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    lay->addWidget(split, 1);
    status_ = new QLabel(this);
    status_->setWordWrap(true);
    lay->addWidget(status_);
    auto* buttons = new QDialogButtonBox(this);
    auto* copy = buttons->addButton(tr("Copy"), QDialogButtonBox::ActionRole);
    auto* save = buttons->addButton(tr("Save..."), QDialogButtonBox::ActionRole);
    buttons->addButton(QDialogButtonBox::Close);
    lay->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(copy, &QPushButton::clicked, this, &ExportDialog::copyToClipboard);
    connect(save, &QPushButton::clicked, this, [this] {
        const QString f = QFileDialog::getSaveFileName(this, tr("Save export"), suggested_);
        QString err;
        if (!f.isEmpty() && !saveTo(f, &err))
            status_->setText(err);
    });
    connect(format_, &QComboBox::currentIndexChanged, this, &ExportDialog::regenerate);
    connect(lossy_, &QCheckBox::toggled, this, &ExportDialog::regenerate);
    for (auto* e : {master_, partition_, container_, script_})
        connect(e, &QLineEdit::editingFinished, this, &ExportDialog::regenerate);
    regenerate();
}

void ExportDialog::setPlan(const Plan& plan, const ModelProfile& model, const ClusterProfile& cluster,
                           std::optional<RuntimeProfile> runtime) {
    plan_ = plan;
    model_ = model;
    cluster_ = cluster;
    runtime_ = std::move(runtime);
    has_plan_ = true;
    regenerate();
}

int ExportDialog::formatCount() const {
    return format_->count();
}
void ExportDialog::setFormat(int index) {
    format_->setCurrentIndex(index);
}
QString ExportDialog::formatName(int index) const {
    return format_->itemText(index);
}
QString ExportDialog::text() const {
    return text_->toPlainText();
}
QString ExportDialog::suggestedFileName() const {
    return suggested_;
}

QStringList ExportDialog::notes() const {
    QStringList out;
    for (int i = 0; i < notes_->count(); ++i)
        out << notes_->item(i)->text();
    return out;
}

void ExportDialog::setLossy(bool lossy) {
    lossy_->setChecked(lossy);
}

void ExportDialog::copyToClipboard() {
    QApplication::clipboard()->setText(text());
    status_->setText(tr("Copied %1 characters to the clipboard.").arg(text().size()));
}

bool ExportDialog::saveTo(const QString& path, QString* error) {
    if (refused_) {
        if (error)
            *error = tr("Nothing to save: this format cannot express the plan exactly.");
        return false;
    }
    QString why;
    if (!gx::app::saveFile(path, text().toUtf8(), &why)) { // atomic; checks every write
        if (error)
            *error = tr("Cannot write %1: %2").arg(path, why);
        return false;
    }
    status_->setText(tr("Saved %1.").arg(path));
    return true;
}

void ExportDialog::regenerate() {
    notes_->clear();
    refused_ = false;
    if (!has_plan_) {
        text_->setPlainText(QString());
        status_->setText(tr("No plan to export yet: run a search or open a plan."));
        return;
    }
    try {
        ExportOptions o;
        o.runtime = runtime_;
        if (!master_->text().isEmpty())
            o.master_addr = master_->text().toStdString();
        if (!partition_->text().isEmpty())
            o.partition = partition_->text().toStdString();
        if (!container_->text().isEmpty())
            o.container = container_->text().toStdString();
        if (!script_->text().isEmpty())
            o.script = script_->text().toStdString();
        const auto fmt = static_cast<ExportFormat>(format_->currentData().toInt());
        o.lossy = true; // the approximation's notes are the reasons for a refusal
        const ExportResult r = exportPlan(plan_, model_, cluster_, fmt, o);
        if (!lossy_->isChecked() && !r.unsupported.empty()) {
            refused_ = true;
            text_->setPlainText(QString());
            suggested_.clear();
            for (const auto& u : r.unsupported) {
                auto* item = new QListWidgetItem(tr("Cannot express: %1").arg(QString::fromStdString(u)));
                item->setForeground(QColor(210, 50, 40));
                notes_->addItem(item);
            }
            status_->setText(
                tr("<span style='color:#d0302a'>Refused: %1 cannot run this plan as it was costed.</span> "
                   "Search with %2 as the target (search settings), or tick \"Write an approximation\".")
                    .arg(QString::fromUtf8(capabilities(exportTarget(fmt)).framework.c_str()).toHtmlEscaped(),
                         QString::fromUtf8(capabilities(exportTarget(fmt)).framework.c_str())
                             .toHtmlEscaped()));
            return;
        }
        text_->setPlainText(QString::fromStdString(r.text));
        suggested_ = QString::fromStdString(r.suggested_filename);
        for (const auto& u : r.unsupported) {
            auto* item =
                new QListWidgetItem(tr("Not supported by this target: %1").arg(QString::fromStdString(u)));
            item->setForeground(QColor(210, 50, 40));
            notes_->addItem(item);
        }
        for (const auto& w : r.warnings) {
            auto* item = new QListWidgetItem(tr("Note: %1").arg(QString::fromStdString(w)));
            item->setForeground(QColor(200, 130, 0));
            notes_->addItem(item);
        }
        status_->setText(notes_->count() == 0
                             ? tr("Everything in the plan is expressed in this format.")
                             : tr("%1 note(s): read them before using the export.").arg(notes_->count()));
    } catch (const std::exception& e) {
        text_->setPlainText(QString());
        status_->setText(tr("<span style='color:#d0302a'>Cannot export: %1</span>")
                             .arg(QString::fromUtf8(e.what()).toHtmlEscaped()));
    }
}

} // namespace gx::app
