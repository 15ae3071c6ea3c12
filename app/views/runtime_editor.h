// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - runtime profile editor: every RuntimeProfile field, grouped (identity,
// activations, recomputation, overlap and communication, fixed overheads, memory, FP8), checked by the
// same reader as a runtime JSON file (errors name the field), saved atomically as JSON, and handed to
// the search settings so that the next search costs plans with it.
#pragma once

#include "gx/runtime.h"

#include <QDialog>
#include <QHash>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

class QLabel;
class QPushButton;
class QTabWidget;

namespace gx::app {

class RuntimeEditor : public QDialog {
    Q_OBJECT
public:
    explicit RuntimeEditor(const RuntimeProfile& runtime, QWidget* parent = nullptr);

    /// The edited profile; throws InputError naming the field ("runtime.tp_overlap") when a value is
    /// out of range.
    RuntimeProfile profile() const;
    /// "" when the edited values are valid, else the error (field and reason).
    QString error() const { return error_text_; }
    /// Writes the edited profile as runtime JSON (atomic). On failure returns false and sets *why.
    bool saveTo(const QString& path, QString* why) const;

    /// The editor widget of a JSON key (QCheckBox, QDoubleSpinBox, QSpinBox, QLineEdit or QComboBox).
    QWidget* fieldWidget(const QString& key) const { return fields_.value(key); }
    /// Group (tab title) of every key; keys the editor does not know go to an "Other" group.
    QString groupOf(const QString& key) const { return group_of_.value(key); }
    QStringList keys() const { return fields_.keys(); }
    QPushButton* useButton() const { return use_; }
    QPushButton* saveButton() const { return save_; }
    QTabWidget* tabs() const { return tabs_; }

private:
    void validate();
    void saveAs();

    QHash<QString, QWidget*> fields_;
    QHash<QString, QString> group_of_;
    std::map<std::string, std::string> provenance_;
    nlohmann::json original_;
    QTabWidget* tabs_;
    QLabel* error_;
    QPushButton *use_, *save_;
    QString error_text_;
};

} // namespace gx::app
