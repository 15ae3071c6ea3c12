#include "cli/cli.h"

#include <QCoreApplication>

#include <iostream>

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("galvatron"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GX_VERSION_STRING));
    return gx::cli::run(QCoreApplication::arguments(), std::cout, std::cerr);
}
