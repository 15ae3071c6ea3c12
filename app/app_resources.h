// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - resources (icons, translations) and look (palettes) of the explorer.
#pragma once

#include <QIcon>
#include <QString>

class QApplication;

namespace gx::app {

/// Icon `name` ("run", "cancel", "open", "save", "export", "fit", "compare", "galvatron-explorer") from
/// the compiled-in SVGs; where Qt has no SVG image plugin, the closest standard style icon instead.
QIcon icon(const QString& name);

/// Registers the compiled-in icons (static library resources need Q_INIT_RESOURCE).
void initResources();

/// Installs the translation for `locale` ("de", "zh_CN"; empty: the system locale) from :/i18n.
/// Returns true when a translation was loaded (English needs none).
bool installTranslation(const QString& locale);

/// "light", "dark" or "system": Fusion style with a matching palette.
void applyTheme(const QString& theme);

} // namespace gx::app
