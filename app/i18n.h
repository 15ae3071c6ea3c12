// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - switching the language while the explorer runs.
//
// The explorer builds its widgets in code, so there is no Designer retranslateUi(). Instead one
// translator stays installed for the whole run and remembers, for every text tr() returned, which
// (context, source) produced it. A language change swaps the translation inside it and walks every
// widget, action, item and chart of the open windows: each text that tr() produced is translated
// again from its source. Texts composed at run time (tr(...).arg(...)) are not remembered as such;
// the views rebuild those in changeEvent(QEvent::LanguageChange), which every widget receives
// afterwards, and widgets that paint their texts call tr() while painting.
#pragma once

#include <QString>

class QWidget;

namespace gx::app {

/// Switches the explorer to `locale` ("en", "de", "zh_CN"; empty: the system locale): installs the
/// translation, retranslates every text of the open windows that tr() produced and then sends
/// QEvent::LanguageChange to them (synchronously). Returns true when a translation was loaded
/// (English needs none and returns false).
bool switchLanguage(const QString& locale);

/// Translates `text` (a text tr() returned in the previous language) into the current language;
/// returns it unchanged when it did not come from tr(). For views that keep translated strings.
QString retranslated(const QString& text);

/// Retranslates the texts under `root` (labels, buttons, tabs, actions, menus, item views, charts)
/// with the texts remembered before the last switch. switchLanguage() calls it on every top-level
/// widget; a widget created hidden and shown later needs no call (it reads tr() when built).
void retranslateWidgetTree(QWidget* root);

} // namespace gx::app
