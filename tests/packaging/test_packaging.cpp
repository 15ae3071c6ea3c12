// SPDX-License-Identifier: Apache-2.0
// Packaging checks (issue 7): the desktop entry and AppStream metainfo pass the freedesktop validators,
// the Debian package that CPack builds holds what the application needs at run time (and its binaries
// start from the unpacked tree), and every GUI string is translated into zh_CN and de.
//
// Validators: desktop-file-validate (desktop-file-utils, Desktop Entry Specification 1.5) and
// `appstreamcli validate --no-net` (AppStream 0.16). Errors and warnings fail; "info" and "pedantic"
// remarks are printed only.
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTranslator>
#include <QXmlStreamReader>
#include <QtTest>

namespace {

const QString kSource = QStringLiteral(GX_SOURCE_DIR);
const QString kBinary = QStringLiteral(GX_BINARY_DIR);
const QString kAppId = QStringLiteral(GX_APP_ID);

struct ToolResult {
    bool started = false;
    int exit_code = -1;
    QString output; // stdout and stderr together
};

ToolResult runTool(const QString& program, const QStringList& args, int timeout_ms = 120000,
                   const QString& workdir = {}, const QProcessEnvironment& env = {}) {
    ToolResult r;
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    if (!workdir.isEmpty())
        p.setWorkingDirectory(workdir);
    if (!env.isEmpty())
        p.setProcessEnvironment(env);
    p.start(program, args);
    if (!p.waitForStarted(10000))
        return r;
    r.started = true;
    if (!p.waitForFinished(timeout_ms)) {
        p.kill();
        p.waitForFinished();
        r.output = QStringLiteral("timed out after %1 ms\n").arg(timeout_ms);
    }
    r.output += QString::fromUtf8(p.readAll());
    r.exit_code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return r;
}

QString requireTool(const QString& name) {
    const QString path = QStandardPaths::findExecutable(name);
    if (path.isEmpty())
        qWarning("%s is not installed (./setup-deps.sh installs it)", qPrintable(name));
    return path;
}

QString desktopFile() {
    return kSource + QStringLiteral("/packaging/linux/") + kAppId + QStringLiteral(".desktop");
}
QString metainfoFile() {
    return kSource + QStringLiteral("/packaging/linux/") + kAppId + QStringLiteral(".metainfo.xml");
}

// Lines of a validator's output that report a problem of the given severities.
QStringList problemLines(const QString& output, const QRegularExpression& severity) {
    QStringList bad;
    for (const QString& line : output.split(QLatin1Char('\n'))) {
        if (severity.match(line).hasMatch())
            bad << line;
    }
    return bad;
}

QMap<QString, QString> readDesktopEntry(const QString& path) {
    QMap<QString, QString> keys;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return keys;
    bool in_entry = false;
    while (!f.atEnd()) {
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        if (line.startsWith(QLatin1Char('[')))
            in_entry = line == QLatin1String("[Desktop Entry]");
        else if (in_entry && line.contains(QLatin1Char('=')) && !line.startsWith(QLatin1Char('#')))
            keys.insert(line.section(QLatin1Char('='), 0, 0), line.section(QLatin1Char('='), 1));
    }
    return keys;
}

// --- Qt Linguist .ts parsing
struct TsMessage {
    QString context;
    QString source;
    QStringList translations; // one, or the numerus forms
    QString type;             // "", "unfinished", "vanished", "obsolete"
    bool numerus = false;
};

QList<TsMessage> readTs(const QString& path, QString* language, QString* error) {
    QList<TsMessage> messages;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot open ") + path;
        return messages;
    }
    QXmlStreamReader xml(&f);
    QString context;
    TsMessage msg;
    bool in_message = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto name = xml.name();
            if (name == QLatin1String("TS")) {
                *language = xml.attributes().value(QLatin1String("language")).toString();
            } else if (name == QLatin1String("name") && !in_message) {
                context = xml.readElementText();
            } else if (name == QLatin1String("message")) {
                in_message = true;
                msg = TsMessage{};
                msg.context = context;
                msg.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
            } else if (in_message && name == QLatin1String("source")) {
                msg.source = xml.readElementText();
            } else if (in_message && name == QLatin1String("translation")) {
                msg.type = xml.attributes().value(QLatin1String("type")).toString();
                if (!msg.numerus)
                    msg.translations << xml.readElementText();
            } else if (in_message && name == QLatin1String("numerusform")) {
                msg.translations << xml.readElementText();
            }
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            in_message = false;
            messages << msg;
        }
    }
    if (xml.hasError())
        *error = QStringLiteral("%1: XML error at line %2: %3")
                     .arg(path)
                     .arg(xml.lineNumber())
                     .arg(xml.errorString());
    return messages;
}

QStringList sortedMatches(const QString& text, const QRegularExpression& re) {
    QStringList out;
    auto it = re.globalMatch(text);
    while (it.hasNext())
        out << it.next().captured(0);
    out.sort();
    return out;
}

// Qt placeholders: %1..%99, %L1, %n (numerus).
const QRegularExpression kPlaceholder(QStringLiteral("%L?(\\d{1,2}|n)"));
// HTML/rich-text tags, compared by tag name only.
const QRegularExpression kTag(QStringLiteral("</?[a-zA-Z][a-zA-Z0-9]*"));
// A menu/button accelerator: '&' before a letter or digit, not "&&" and not an entity like "&amp;".
const QRegularExpression kAccelerator(QStringLiteral("(?<!&)&(?!&)(?![a-zA-Z]+;)[^\\s&]"));

QString shortId(const TsMessage& m) {
    return m.context + QStringLiteral(": \"") + m.source.left(60) + QStringLiteral("\"");
}

} // namespace

class TestPackaging : public QObject {
    Q_OBJECT

private slots:
    void desktopFileValidates();
    void desktopFileNamesInstalledFiles();
    void iconSetIsComplete();
    void metainfoValidates();
    void metainfoMatchesDesktopFile();
    void translationsComplete_data();
    void translationsComplete();
    void translationsCoverAllGuiStrings();
    void debPackageHasRuntimeFiles();
};

void TestPackaging::desktopFileValidates() {
    const QString tool = requireTool(QStringLiteral("desktop-file-validate"));
    QVERIFY2(!tool.isEmpty(), "desktop-file-validate missing");
    const ToolResult r = runTool(tool, {desktopFile()});
    QVERIFY(r.started);
    if (!r.output.trimmed().isEmpty())
        qInfo("desktop-file-validate: %s", qPrintable(r.output.trimmed()));
    const QStringList bad = problemLines(r.output, QRegularExpression(QStringLiteral(": (error|warning): ")));
    QVERIFY2(r.exit_code == 0 && bad.isEmpty(), qPrintable(r.output));
}

void TestPackaging::desktopFileNamesInstalledFiles() {
    const auto keys = readDesktopEntry(desktopFile());
    QCOMPARE(keys.value(QStringLiteral("Type")), QStringLiteral("Application"));
    // Exec names the GUI binary the package installs into /usr/bin; Icon names the hicolor icon.
    QCOMPARE(keys.value(QStringLiteral("Exec")).section(QLatin1Char(' '), 0, 0),
             QStringLiteral("galvatron-explorer"));
    QCOMPARE(keys.value(QStringLiteral("Icon")), QStringLiteral("galvatron-explorer"));
    QVERIFY(!keys.value(QStringLiteral("Name[de]")).isEmpty());
    QVERIFY(!keys.value(QStringLiteral("Comment[zh_CN]")).isEmpty());
}

void TestPackaging::iconSetIsComplete() {
    // Icon Theme Specification: hicolor must hold the icon at 48x48 at least; we ship 16..512 and SVG.
    for (int size : {16, 22, 24, 32, 48, 64, 128, 256, 512}) {
        const QString path =
            kSource + QStringLiteral("/packaging/icons/hicolor/%1x%1/apps/galvatron-explorer.png").arg(size);
        QFile f(path);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(path));
        const QByteArray head = f.read(24);
        // PNG signature, then the IHDR chunk: width and height as big-endian 32-bit integers.
        QVERIFY2(head.startsWith("\x89PNG\r\n\x1a\n"), qPrintable(path + QStringLiteral(" is not a PNG")));
        const auto be32 = [&](int at) {
            return (quint32(quint8(head[at])) << 24) | (quint32(quint8(head[at + 1])) << 16) |
                   (quint32(quint8(head[at + 2])) << 8) | quint32(quint8(head[at + 3]));
        };
        QCOMPARE(be32(16), quint32(size));
        QCOMPARE(be32(20), quint32(size));
    }
    QVERIFY(QFileInfo::exists(kSource + QStringLiteral("/resources/icons/galvatron-explorer.svg")));
}

void TestPackaging::metainfoValidates() {
    const QString tool = requireTool(QStringLiteral("appstreamcli"));
    QVERIFY2(!tool.isEmpty(), "appstreamcli missing");
    const ToolResult r = runTool(tool, {QStringLiteral("validate"), QStringLiteral("--no-net"),
                                        QStringLiteral("--explain"), metainfoFile()});
    QVERIFY(r.started);
    qInfo("appstreamcli: %s", qPrintable(r.output.trimmed()));
    // Severity letters: E error, W warning, I info, P pedantic.
    const QStringList bad = problemLines(r.output, QRegularExpression(QStringLiteral("^[EW]: ")));
    QVERIFY2(r.exit_code == 0 && bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
}

void TestPackaging::metainfoMatchesDesktopFile() {
    QFile f(metainfoFile());
    QVERIFY(f.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&f);
    QString id, launchable, release;
    QStringList binaries, screenshots;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("id"))
            id = xml.readElementText();
        else if (xml.name() == QLatin1String("launchable"))
            launchable = xml.readElementText();
        else if (xml.name() == QLatin1String("binary"))
            binaries << xml.readElementText();
        else if (xml.name() == QLatin1String("image"))
            screenshots << xml.readElementText();
        else if (xml.name() == QLatin1String("release") && release.isEmpty())
            release = xml.attributes().value(QLatin1String("version")).toString();
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(id, kAppId);
    QCOMPARE(launchable, kAppId + QStringLiteral(".desktop"));
    QVERIFY(binaries.contains(QStringLiteral("galvatron")));
    QVERIFY(binaries.contains(QStringLiteral("galvatron-explorer")));
    QCOMPARE(release, QStringLiteral(GX_VERSION));
    // Screenshots point at the README's images in the repository: they must exist and stay small.
    QVERIFY(!screenshots.isEmpty());
    for (const QString& url : screenshots) {
        const int at = url.indexOf(QStringLiteral("/docs/images/"));
        QVERIFY2(at > 0, qPrintable(url));
        const QFileInfo png(kSource + url.mid(at));
        QVERIFY2(png.exists(), qPrintable(png.filePath() + QStringLiteral(" missing")));
        QVERIFY2(png.size() < 300 * 1024, qPrintable(png.filePath() + QStringLiteral(" over 300 KB")));
    }
}

void TestPackaging::translationsComplete_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("language");
    QTest::newRow("zh_CN") << QStringLiteral("galvatron_zh_CN.ts") << QStringLiteral("zh_CN");
    QTest::newRow("de") << QStringLiteral("galvatron_de.ts") << QStringLiteral("de");
}

void TestPackaging::translationsComplete() {
    QFETCH(QString, file);
    QFETCH(QString, language);
    QString lang, error;
    const auto messages = readTs(kSource + QStringLiteral("/translations/") + file, &lang, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(lang, language);
    QVERIFY2(messages.size() >= 50, "the .ts file holds too few messages: run lupdate");
    QStringList problems;
    int finished = 0;
    for (const TsMessage& m : messages) {
        if (m.type == QLatin1String("vanished") || m.type == QLatin1String("obsolete"))
            continue;
        if (m.type == QLatin1String("unfinished")) {
            problems << QStringLiteral("unfinished: ") + shortId(m);
            continue;
        }
        if (m.translations.isEmpty() || m.translations.contains(QString())) {
            problems << QStringLiteral("empty: ") + shortId(m);
            continue;
        }
        for (const QString& t : m.translations) {
            // %n appears in numerus sources, but a form may legitimately spell the number out.
            QStringList want = sortedMatches(m.source, kPlaceholder);
            QStringList got = sortedMatches(t, kPlaceholder);
            if (m.numerus) {
                want.removeAll(QStringLiteral("%n"));
                got.removeAll(QStringLiteral("%n"));
            }
            if (want != got)
                problems << QStringLiteral("placeholders %1 vs %2: ")
                                    .arg(want.join(QLatin1Char(',')), got.join(QLatin1Char(','))) +
                                shortId(m);
            if (sortedMatches(m.source, kTag) != sortedMatches(t, kTag))
                problems << QStringLiteral("HTML tags differ: ") + shortId(m);
            if (kAccelerator.match(m.source).hasMatch() != kAccelerator.match(t).hasMatch())
                problems << QStringLiteral("accelerator (&) lost or added: ") + shortId(m);
        }
        ++finished;
    }
    qInfo("%s: %d messages translated", qPrintable(file), finished);
    QVERIFY2(problems.isEmpty(),
             qPrintable(QString::number(problems.size()) + QStringLiteral(" problems:\n") +
                        problems.join(QLatin1Char('\n'))));
}

void TestPackaging::translationsCoverAllGuiStrings() {
    // lupdate over app/ into copies of the .ts files: a GUI string that the committed files lack shows
    // up there as a new "unfinished" message.
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    QStringList ts_copies;
    for (const QString& name : {QStringLiteral("galvatron_zh_CN.ts"), QStringLiteral("galvatron_de.ts")}) {
        const QString copy = tmp.filePath(name);
        QVERIFY(QFile::copy(kSource + QStringLiteral("/translations/") + name, copy));
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
        ts_copies << copy;
    }
    QStringList args{kSource + QStringLiteral("/app"), QStringLiteral("-no-obsolete"),
                     QStringLiteral("-locations"), QStringLiteral("none"), QStringLiteral("-ts")};
    args += ts_copies;
    const ToolResult r = runTool(QStringLiteral(GX_LUPDATE), args, 300000);
    QVERIFY2(r.started && r.exit_code == 0, qPrintable(r.output));
    for (const QString& copy : ts_copies) {
        QString lang, error;
        const auto messages = readTs(copy, &lang, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QStringList missing;
        for (const TsMessage& m : messages)
            if (m.type == QLatin1String("unfinished") || m.translations.contains(QString()))
                missing << shortId(m);
        QVERIFY2(missing.isEmpty(),
                 qPrintable(QStringLiteral("%1: %2 GUI strings not in the committed .ts (run lupdate and "
                                           "translate):\n")
                                .arg(QFileInfo(copy).fileName())
                                .arg(missing.size()) +
                            missing.join(QLatin1Char('\n'))));
    }
}

void TestPackaging::debPackageHasRuntimeFiles() {
    const QString dpkg_deb = requireTool(QStringLiteral("dpkg-deb"));
    QVERIFY2(!dpkg_deb.isEmpty(), "dpkg-deb missing");
    QVERIFY2(QFileInfo::exists(kBinary + QStringLiteral("/CPackConfig.cmake")), "no CPackConfig.cmake");
    QTemporaryDir out;
    QVERIFY(out.isValid());
    QElapsedTimer timer;
    timer.start();
    const ToolResult pack =
        runTool(QStringLiteral(GX_CPACK),
                {QStringLiteral("-G"), QStringLiteral("DEB"), QStringLiteral("--config"),
                 kBinary + QStringLiteral("/CPackConfig.cmake"), QStringLiteral("-B"), out.path()},
                480000, kBinary);
    QVERIFY2(pack.started && pack.exit_code == 0, qPrintable(pack.output));
    qInfo("cpack -G DEB took %.1f s", timer.elapsed() / 1000.0);
    const QStringList debs = QDir(out.path()).entryList({QStringLiteral("*.deb")}, QDir::Files);
    QCOMPARE(debs.size(), 1);
    const QString deb = out.filePath(debs.first());
    qInfo("%s: %lld bytes", qPrintable(debs.first()), QFileInfo(deb).size());

    // Control fields.
    const ToolResult fields = runTool(dpkg_deb, {QStringLiteral("-f"), deb, QStringLiteral("Package"),
                                                 QStringLiteral("Version"), QStringLiteral("Depends")});
    QVERIFY2(fields.exit_code == 0, qPrintable(fields.output));
    QVERIFY2(fields.output.contains(QStringLiteral("Package: galvatron-explorer")),
             qPrintable(fields.output));
    QVERIFY2(fields.output.contains(QStringLiteral("Version: ") + QStringLiteral(GX_VERSION)),
             qPrintable(fields.output));
    for (const char* dep : {"libqt6widgets6", "libqt6core6", "qt6-qpa-plugins"})
        QVERIFY2(fields.output.contains(QLatin1String(dep)),
                 qPrintable(QStringLiteral("Depends lacks %1:\n").arg(QLatin1String(dep)) + fields.output));

    // Contents: the last column of `dpkg-deb -c` is the path, "./usr/...".
    const ToolResult list = runTool(dpkg_deb, {QStringLiteral("-c"), deb});
    QVERIFY2(list.exit_code == 0, qPrintable(list.output));
    QSet<QString> paths;
    for (const QString& line : list.output.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        QString path = line.section(QLatin1Char(' '), -1);
        if (path.startsWith(QLatin1String("./")))
            path = path.mid(2);
        paths.insert(path);
    }
    QStringList required{
        QStringLiteral("usr/bin/galvatron"),
        QStringLiteral("usr/bin/galvatron-explorer"),
        QStringLiteral("usr/share/applications/") + kAppId + QStringLiteral(".desktop"),
        QStringLiteral("usr/share/metainfo/") + kAppId + QStringLiteral(".metainfo.xml"),
        QStringLiteral("usr/share/icons/hicolor/scalable/apps/galvatron-explorer.svg"),
        QStringLiteral("usr/share/galvatron-explorer/translations/galvatron_de.qm"),
        QStringLiteral("usr/share/galvatron-explorer/translations/galvatron_zh_CN.qm"),
        QStringLiteral("usr/share/galvatron-explorer/schemas/model.schema.json"),
        QStringLiteral("usr/share/man/man1/galvatron.1"),
        QStringLiteral("usr/share/doc/galvatron-explorer/README.md"),
        QStringLiteral("usr/share/doc/galvatron-explorer/user-guide.md"),
        QStringLiteral("usr/share/man/man1/galvatron-explorer.1"),
    };
    for (int size : {16, 32, 48, 64, 128, 256})
        required << QStringLiteral("usr/share/icons/hicolor/%1x%1/apps/galvatron-explorer.png").arg(size);
    QStringList missing;
    for (const QString& r : required)
        if (!paths.contains(r))
            missing << r;
    QVERIFY2(missing.isEmpty(),
             qPrintable(QStringLiteral("missing from the .deb:\n") + missing.join(QLatin1Char('\n')) +
                        QStringLiteral("\n--\n") + list.output));
    int model_presets = 0, cluster_presets = 0;
    for (const QString& p : paths) {
        model_presets += p.startsWith(QLatin1String("usr/share/galvatron-explorer/presets/models/")) &&
                         p.endsWith(QLatin1String(".json"));
        cluster_presets += p.startsWith(QLatin1String("usr/share/galvatron-explorer/presets/clusters/")) &&
                           p.endsWith(QLatin1String(".json"));
        // Nothing from the build tree or development files.
        QVERIFY2(!p.contains(QLatin1String("CMakeFiles")) && !p.endsWith(QLatin1String(".a")) &&
                     !p.startsWith(QLatin1String("usr/include")),
                 qPrintable(p));
    }
    QVERIFY(model_presets >= 5);
    QVERIFY(cluster_presets >= 2);

    // Unpack and use it: the binaries start (libraries resolve from the system), the .qm files load,
    // and appstreamcli accepts the installed tree (desktop file, metainfo and icons together).
    const QString root = out.filePath(QStringLiteral("root"));
    const ToolResult x = runTool(dpkg_deb, {QStringLiteral("-x"), deb, root});
    QVERIFY2(x.exit_code == 0, qPrintable(x.output));
    const ToolResult cli =
        runTool(root + QStringLiteral("/usr/bin/galvatron"), {QStringLiteral("--version")});
    QVERIFY2(cli.exit_code == 0, qPrintable(cli.output));
    QCOMPARE(cli.output.trimmed(), QStringLiteral("galvatron ") + QStringLiteral(GX_VERSION));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    const ToolResult gui_cli = runTool(root + QStringLiteral("/usr/bin/galvatron-explorer"),
                                       {QStringLiteral("--cli"), QStringLiteral("--help")}, 60000, {}, env);
    QVERIFY2(gui_cli.exit_code == 0 && gui_cli.output.contains(QLatin1String("estimate")),
             qPrintable(gui_cli.output));
    // --help builds the QApplication first: the Qt libraries and the platform plugin must resolve.
    const ToolResult gui = runTool(root + QStringLiteral("/usr/bin/galvatron-explorer"),
                                   {QStringLiteral("--help")}, 60000, {}, env);
    QVERIFY2(gui.exit_code == 0 && gui.output.contains(QLatin1String("--screenshot")),
             qPrintable(gui.output));
    for (const QString& lang : {QStringLiteral("de"), QStringLiteral("zh_CN")}) {
        QTranslator tr;
        const QString qm = root + QStringLiteral("/usr/share/galvatron-explorer/translations/galvatron_") +
                           lang + QStringLiteral(".qm");
        QVERIFY2(tr.load(qm), qPrintable(qm));
        QVERIFY(!tr.isEmpty());
        QCOMPARE(tr.language(), lang);
    }
    const QString appstream = requireTool(QStringLiteral("appstreamcli"));
    QVERIFY(!appstream.isEmpty());
    const ToolResult tree =
        runTool(appstream, {QStringLiteral("validate-tree"), QStringLiteral("--no-net"), root});
    qInfo("appstreamcli validate-tree: %s", qPrintable(tree.output.trimmed()));
    const QStringList bad = problemLines(tree.output, QRegularExpression(QStringLiteral("^[EW]: ")));
    QVERIFY2(tree.exit_code == 0 && bad.isEmpty(), qPrintable(tree.output));
}

QTEST_GUILESS_MAIN(TestPackaging)
#include "test_packaging.moc"
