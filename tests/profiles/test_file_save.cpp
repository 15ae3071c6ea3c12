// SPDX-License-Identifier: Apache-2.0
// GUI saves (app/file_save.h, QSaveFile): a failed save reports an error and keeps the previous file.
#include "file_save.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <csignal>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

class TestFileSave : public QObject {
    Q_OBJECT
private slots:
    void savesAndReportsFailures() {
        QTemporaryDir dir;
        const QString f = dir.filePath(QStringLiteral("plan.json"));
        QString err;
        QVERIFY(gx::app::saveJson(f, nlohmann::json{{"ok", true}}, &err));
        QFile in(f);
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QByteArray before = in.readAll();
        in.close();
        QCOMPARE(nlohmann::json::parse(before.toStdString())["ok"].get<bool>(), true);
        // Before: QFile::write was unchecked and the dialog said "Saved" for /dev/full.
        QVERIFY(!gx::app::saveFile(QStringLiteral("/dev/full"), QByteArray(100, 'x'), &err));
        QVERIFY(!err.isEmpty());
        QVERIFY(!gx::app::saveFile(dir.filePath(QStringLiteral("no/such/dir/x")), "x", &err));
        // A full disk (file size limit in a child process): the save fails, the old file stays.
        const pid_t pid = ::fork();
        if (pid == 0) {
            std::signal(SIGXFSZ, SIG_IGN);
            rlimit rl{4096, 4096};
            ::setrlimit(RLIMIT_FSIZE, &rl);
            QString e;
            ::_exit(gx::app::saveFile(f, QByteArray(1 << 20, 'y'), &e) ? 1 : 0);
        }
        int status = 0;
        ::waitpid(pid, &status, 0);
        QVERIFY(WIFEXITED(status));
        QCOMPARE(WEXITSTATUS(status), 0); // reported as a failure
        QVERIFY(in.open(QIODevice::ReadOnly));
        QCOMPARE(in.readAll(), before); // previous file intact
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestFileSave)
#include "test_file_save.moc"
