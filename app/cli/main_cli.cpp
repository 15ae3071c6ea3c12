// SPDX-License-Identifier: Apache-2.0
#include "cli/cli.h"

#include <QCoreApplication>

#include <iostream>

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("galvatron"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GX_VERSION_STRING));
    const int rc = gx::cli::run(QCoreApplication::arguments(), std::cout, std::cerr);
    // Output to a full disk or a closed pipe must not look like success.
    std::cout.flush();
    if (!std::cout) {
        std::cerr << "error: writing to standard output failed\n";
        return rc == 0 ? 1 : rc;
    }
    return rc;
}
