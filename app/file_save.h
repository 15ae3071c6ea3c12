// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - every GUI save goes through here: QSaveFile writes a temporary file next to the
// target and renames it only after everything was written and flushed, so a full disk, a read-only
// folder or a crash never leaves a truncated file in place of the previous one.
#pragma once

#include <QByteArray>
#include <QString>

#include <nlohmann/json_fwd.hpp>

namespace gx::app {

/// Writes `data` to `path` atomically. On failure returns false and sets *error to the reason (Qt's
/// system error text; callers add the file name in their own tr() message); the previous file is
/// untouched.
bool saveFile(const QString& path, const QByteArray& data, QString* error);
/// Same for JSON (indented by 2, newline at the end, like the CLI).
bool saveJson(const QString& path, const nlohmann::json& j, QString* error);

} // namespace gx::app
