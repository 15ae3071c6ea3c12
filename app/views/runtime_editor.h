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

class QFormLayout;
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
    struct Field;
    /// Every field of RuntimeProfile with its group (tab), label and help, in the order of the tabs' rows.
    static std::vector<Field> fieldTable();
    /// The form of the tab of `group`, created (scrollable, as the last tab) on first use.
    QFormLayout* formOf(const QString& group, QHash<QString, QFormLayout*>& forms);
    /// The editor widget of one JSON value (a combo box for the attention kernel and the framework),
    /// connected to validate().
    QWidget* fieldEditor(const std::string& key, const nlohmann::json& v);
    /// Adds the row (label and editor) of one JSON field to the tab of its group and records it.
    void addField(const std::string& key, const nlohmann::json& v, const QString& group, const QString& label,
                  const QString& help, QHash<QString, QFormLayout*>& forms);
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
