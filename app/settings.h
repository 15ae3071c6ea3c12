// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - persisted settings (QSettings): theme, language, recent files, last profiles.
#pragma once

#include <QSettings>
#include <QString>
#include <QStringList>

namespace gx::app {

class Settings {
public:
    static constexpr int kMaxRecent = 8;

    Settings();
    QString theme() const; ///< "system" (default), "light", "dark"
    void setTheme(const QString& t);
    QString language() const; ///< "" = system, "en", "de", "zh_CN"
    void setLanguage(const QString& l);
    QStringList recentFiles() const;
    /// Moves `path` to the front (no duplicates, at most kMaxRecent).
    void addRecentFile(const QString& path);
    void clearRecentFiles();
    QString lastModel() const;
    QString lastCluster() const;
    void setLastProfiles(const QString& model, const QString& cluster);
    QByteArray geometry() const;
    QByteArray windowState() const;
    void setWindowGeometry(const QByteArray& geometry, const QByteArray& state);
    QSettings& raw() { return s_; }

private:
    QSettings s_;
};

} // namespace gx::app
