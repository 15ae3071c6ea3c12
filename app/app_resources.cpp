// SPDX-License-Identifier: Apache-2.0
#include "app_resources.h"

#include <QApplication>
#include <QHash>
#include <QImageReader>
#include <QLocale>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

static void initIconResources() {
    Q_INIT_RESOURCE(icons);
}

namespace gx::app {

void initResources() {
    initIconResources();
}

QIcon icon(const QString& name) {
    static const bool svg = QImageReader::supportedImageFormats().contains("svg");
    if (svg)
        return QIcon(QStringLiteral(":/icons/%1.svg").arg(name));
    static const QHash<QString, QStyle::StandardPixmap> fallback = {
        {QStringLiteral("run"), QStyle::SP_MediaPlay},
        {QStringLiteral("cancel"), QStyle::SP_MediaStop},
        {QStringLiteral("open"), QStyle::SP_DialogOpenButton},
        {QStringLiteral("save"), QStyle::SP_DialogSaveButton},
        {QStringLiteral("export"), QStyle::SP_ArrowUp},
        {QStringLiteral("fit"), QStyle::SP_TitleBarMaxButton},
        {QStringLiteral("compare"), QStyle::SP_FileDialogDetailedView},
        {QStringLiteral("galvatron-explorer"), QStyle::SP_ComputerIcon}};
    return QApplication::style()->standardIcon(fallback.value(name, QStyle::SP_FileIcon));
}

// installTranslation: app/i18n.cpp (one recording translator, language switch without restart).

void applyTheme(const QString& theme) {
    qApp->setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    if (theme == QLatin1String("dark")) {
        QPalette p;
        const QColor window(37, 40, 45), base(27, 29, 33), text(225, 228, 232), button(48, 52, 58);
        p.setColor(QPalette::Window, window);
        p.setColor(QPalette::WindowText, text);
        p.setColor(QPalette::Base, base);
        p.setColor(QPalette::AlternateBase, window);
        p.setColor(QPalette::ToolTipBase, QColor(50, 54, 60));
        p.setColor(QPalette::ToolTipText, text);
        p.setColor(QPalette::Text, text);
        p.setColor(QPalette::Button, button);
        p.setColor(QPalette::ButtonText, text);
        p.setColor(QPalette::BrightText, QColor(255, 90, 80));
        p.setColor(QPalette::Link, QColor(90, 170, 240));
        p.setColor(QPalette::Highlight, QColor(52, 120, 200));
        p.setColor(QPalette::HighlightedText, Qt::white);
        p.setColor(QPalette::PlaceholderText, QColor(140, 145, 150));
        p.setColor(QPalette::Disabled, QPalette::Text, QColor(120, 124, 130));
        p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(120, 124, 130));
        p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(120, 124, 130));
        qApp->setPalette(p);
    } else if (theme == QLatin1String("light")) {
        QPalette p(QColor(239, 240, 241));
        p.setColor(QPalette::Base, Qt::white);
        p.setColor(QPalette::Text, QColor(20, 20, 20));
        p.setColor(QPalette::WindowText, QColor(20, 20, 20));
        p.setColor(QPalette::Highlight, QColor(52, 120, 200));
        p.setColor(QPalette::HighlightedText, Qt::white);
        qApp->setPalette(p);
    } else {
        qApp->setPalette(qApp->style()->standardPalette());
    }
}

} // namespace gx::app
