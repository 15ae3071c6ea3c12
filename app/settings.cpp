// SPDX-License-Identifier: Apache-2.0
#include "settings.h"

#include "gx/presets.h"

namespace gx::app {

Settings::Settings() = default;

QString Settings::theme() const {
    return s_.value(QStringLiteral("ui/theme"), QStringLiteral("system")).toString();
}
void Settings::setTheme(const QString& t) {
    s_.setValue(QStringLiteral("ui/theme"), t);
}
QString Settings::language() const {
    return s_.value(QStringLiteral("ui/language")).toString();
}
void Settings::setLanguage(const QString& l) {
    s_.setValue(QStringLiteral("ui/language"), l);
}

QStringList Settings::recentFiles() const {
    return s_.value(QStringLiteral("files/recent")).toStringList();
}

void Settings::addRecentFile(const QString& path) {
    QStringList r = recentFiles();
    r.removeAll(path);
    r.prepend(path);
    while (r.size() > kMaxRecent)
        r.removeLast();
    s_.setValue(QStringLiteral("files/recent"), r);
}

void Settings::clearRecentFiles() {
    s_.remove(QStringLiteral("files/recent"));
}

QString Settings::lastModel() const {
    return s_.value(QStringLiteral("profiles/model"), QString::fromLatin1(kDefaultModel)).toString();
}
QString Settings::lastCluster() const {
    return s_.value(QStringLiteral("profiles/cluster"), QString::fromLatin1(kDefaultCluster)).toString();
}
void Settings::setLastProfiles(const QString& model, const QString& cluster) {
    s_.setValue(QStringLiteral("profiles/model"), model);
    s_.setValue(QStringLiteral("profiles/cluster"), cluster);
}

QByteArray Settings::geometry() const {
    return s_.value(QStringLiteral("window/geometry")).toByteArray();
}
QByteArray Settings::windowState() const {
    return s_.value(QStringLiteral("window/state")).toByteArray();
}
void Settings::setWindowGeometry(const QByteArray& geometry, const QByteArray& state) {
    s_.setValue(QStringLiteral("window/geometry"), geometry);
    s_.setValue(QStringLiteral("window/state"), state);
}

} // namespace gx::app
