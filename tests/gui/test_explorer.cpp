// GUI tests for the explorer as a person uses it (issue 14): start-up profiles, progress, tooltips,
// the plan lists, the preset boxes, plan summaries, Compare, the command line, the View menu, Hugging
// Face import, and the live decision tree. Offscreen (QT_QPA_PLATFORM=offscreen).
#include "app_resources.h"
#include "charts/frontier_chart.h"
#include "gx/presets.h"
#include "gx/profile_io.h"
#include "main_window.h"
#include "plan_utils.h"
#include "search_controller.h"
#include "settings.h"
#include "views/plan_view.h"
#include "views/profile_editors.h"
#include "views/tree_view.h"

#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QHelpEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QProgressBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>

using namespace gx;
using namespace gx::app;

namespace {

QString allLabelText(const QWidget& w) {
    QString s;
    for (const auto* l : w.findChildren<QLabel*>())
        s += l->text() + QLatin1Char('\n');
    return s;
}

/// A small tree: root -> pp=1 (-> tp=1 leaf, tp=2 pruned) and pp=2 (-> tp=1 leaf).
std::vector<TreeNode> smallTree() {
    std::vector<TreeNode> v;
    auto add = [&](std::int64_t id, std::int64_t parent, int depth, const char* dim, const char* label,
                   bool pruned = false) {
        TreeNode n;
        n.id = id;
        n.parent = parent;
        n.depth = depth;
        n.dimension = dim;
        n.label = label;
        if (pruned) {
            n.pruned = true;
            n.rule = "memory";
            n.reason = "states alone exceed the budget";
        }
        v.push_back(n);
    };
    add(0, -1, 0, "root", "decoder layer on 8 GPUs");
    add(1, 0, 1, "pp", "pp=1");
    add(2, 1, 2, "tp", "tp=1");
    add(3, 1, 2, "tp", "tp=2", true);
    add(4, 0, 1, "pp", "pp=2");
    add(5, 4, 2, "tp", "tp=1");
    v[2].strategy = LayerStrategy{};
    v[5].strategy = LayerStrategy{};
    return v;
}

} // namespace

class TestExplorer : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("GalvatronExplorerTest14"));
        QSettings().clear();
        initResources();
    }
    void cleanup() { QSettings().clear(); }

    // Bug 1: the restored cluster is kept and no "empty cluster name" error shows at start.
    void startupKeepsClusterAndShowsNoError() {
        {
            Settings s;
            s.setLastProfiles(QStringLiteral("llama2-7b"), QStringLiteral("8x8xH100-IB"));
        }
        {
            MainWindow w;
            QCOMPARE(QString::fromStdString(w.clusterEditor()->cluster().name),
                     QStringLiteral("8x8xH100-IB"));
            QCOMPARE(QString::fromStdString(w.modelEditor()->model().name), QStringLiteral("llama2-7b"));
            const QString labels = allLabelText(w);
            QVERIFY2(!labels.contains(QStringLiteral("empty cluster name")), qPrintable(labels));
        }
        Settings s;
        QCOMPARE(s.lastCluster(), QStringLiteral("8x8xH100-IB"));
        QCOMPARE(s.lastModel(), QStringLiteral("llama2-7b"));
    }

    // Bug 2: the progress bar does not read 100% while the search still runs, the time left is never
    // "0.0 us", and Cancel does not fill the bar.
    void progressStaysBelowFullWhileRunning() {
        MainWindow w;
        QVERIFY(w.loadModel(QStringLiteral("llama2-7b")));
        QVERIFY(w.loadCluster(QStringLiteral("8xH100")));
        w.searchSettings()->batchesEdit()->setText(QStringLiteral("64"));
        QLabel* eta = w.findChild<QLabel*>(QStringLiteral("search_eta"));
        int full_while_running = 0, updates = 0;
        QStringList bad_eta;
        connect(w.searchController(), &SearchController::progressChanged, &w, [&](double, double) {
            if (!w.searchController()->isRunning())
                return;
            ++updates;
            if (w.progressBar()->value() >= 1000)
                ++full_while_running;
            if (eta && (eta->text().contains(QStringLiteral(" us left")) ||
                        eta->text().contains(QStringLiteral(" ns left"))))
                bad_eta << eta->text();
        });
        QSignalSpy done(&w, &MainWindow::searchFinished);
        QVERIFY(w.runSearch());
        QVERIFY(done.wait(120000) || done.count() == 1);
        QVERIFY(eta);
        QVERIFY(updates > 3);
        QCOMPARE(full_while_running, 0);
        QVERIFY2(bad_eta.isEmpty(), qPrintable(bad_eta.join(QLatin1Char('|'))));
        QCOMPARE(w.progressBar()->value(), 1000);
        // Cancel: the bar does not jump to 100%.
        QVERIFY(w.runSearch());
        QTest::qWait(150);
        w.cancelSearch();
        QVERIFY(done.wait(60000) || done.count() == 2);
        QVERIFY2(w.progressBar()->value() < 1000, qPrintable(QString::number(w.progressBar()->value())));
        QVERIFY(allLabelText(w).contains(QStringLiteral("Cancelled")));
    }

    // Bug 3: the pruning-reason tooltip stays when Qt's own tool-tip event arrives (pointer still).
    void treeTooltipSurvivesToolTipEvent() {
        TreePanel panel;
        panel.resize(900, 600);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.addNodes(smallTree());
        panel.view()->flushLayout();
        auto* v = panel.view();
        const int pruned = v->layoutData().indexOf(3);
        const QPoint at = v->mapFromScene(v->nodePos(pruned));
        QTest::mouseMove(v->viewport(), at);
        QHelpEvent help(QEvent::ToolTip, at, v->viewport()->mapToGlobal(at));
        QCoreApplication::sendEvent(v->viewport(), &help);
        QTest::qWait(700); // QToolTip::hideText() takes effect after 300 ms
        QVERIFY(QToolTip::isVisible());
        QVERIFY2(QToolTip::text().contains(QStringLiteral("states alone exceed the budget")),
                 qPrintable(QToolTip::text()));
        QToolTip::hideText();
    }

    // Bug 4 (and 11): after a Frontier click, clicking "1." in Best plans shows plan 1 again; Compare
    // opens with the best plan against the runner-up.
    void bestPlansClickAfterFrontierAndCompareDefaults() {
        MainWindow w;
        QVERIFY(w.loadModel(QStringLiteral("gpt3-1.3b")));
        QVERIFY(w.loadCluster(QStringLiteral("4xRTX4090-PCIe")));
        w.searchSettings()->batchesEdit()->setText(QStringLiteral("16"));
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy done(&w, &MainWindow::searchFinished);
        QVERIFY(w.runSearch());
        QVERIFY(done.wait(120000) || done.count() == 1);
        QVERIFY(w.topPlansList()->count() >= 2);
        QVERIFY(w.frontierChart()->points().size() >= 2);
        // Compare: best vs runner-up, not the baseline against itself.
        const auto boxes = w.compareView()->findChildren<QComboBox*>();
        QVERIFY(boxes.size() >= 2);
        QCOMPARE(boxes[0]->currentIndex(), 0);
        QCOMPARE(boxes[1]->currentIndex(), 1);
        QVERIFY(boxes[0]->currentText() != boxes[1]->currentText());

        emit w.frontierChart()->pointClicked(static_cast<int>(w.frontierChart()->points().size()) - 1);
        QVERIFY(w.currentPlan()->name.startsWith(QStringLiteral("Frontier plan")));
        w.tabs()->setCurrentIndex(0);
        auto* list = w.topPlansList();
        const QRect r = list->visualItemRect(list->item(0));
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, r.center());
        QVERIFY2(!w.currentPlan()->name.startsWith(QStringLiteral("Frontier plan")),
                 qPrintable(w.currentPlan()->name));
        QCOMPARE(w.currentPlan()->plan.layers, w.knownPlans().front().plan.layers);
    }

    // Bug 9: the preset box does not keep naming a preset after a non-preset model is loaded.
    void presetBoxFollowsTheLoadedModel() {
        ModelEditor e;
        QVERIFY(e.loadPreset(QStringLiteral("llama2-7b")));
        QCOMPARE(e.presetBox()->currentText(), QStringLiteral("llama2-7b"));
        QString err;
        QVERIFY2(e.loadFile(QStringLiteral(GX_TEST_DATA_DIR "/hf/gpt2/config.json"), &err), qPrintable(err));
        QVERIFY(e.presetBox()->currentText() != QStringLiteral("llama2-7b"));
        ClusterEditor c;
        QVERIFY(c.loadPreset(QStringLiteral("8xH100")));
        ClusterProfile custom = c.cluster();
        custom.name = "my-lab";
        c.setCluster(custom);
        QVERIFY(c.presetBox()->currentText() != QStringLiteral("8xH100"));
    }

    // Bug 9 (restart): a model loaded from a file comes back after a restart.
    void restartRestoresFileModel() {
        const QString f = QStringLiteral(GX_TEST_DATA_DIR "/hf/Mistral-7B-v0.1/config.json");
        {
            MainWindow w;
            QString err;
            QVERIFY2(w.modelEditor()->loadFile(f, &err), qPrintable(err));
        }
        MainWindow w;
        QCOMPARE(w.modelEditor()->model().name, loadModelFile(f.toStdString()).name);
    }

    // Bug 10: the summary names the majority strategy and how many layers differ.
    void planSummaryNamesTheMajority() {
        Plan p;
        p.pp = 1;
        p.global_batch = 64;
        p.num_micro = 4;
        LayerStrategy z2, z3;
        z2.dp = 8;
        z2.dp_type = DpType::ZeRO2;
        z3 = z2;
        z3.dp_type = DpType::ZeRO3;
        for (int i = 0; i < 80; ++i)
            p.layers.push_back(i < 33 ? z3 : z2); // the minority first
        const QString s = planSummary(p);
        QVERIFY2(s.contains(QString::fromStdString(z2.label())), qPrintable(s));
        QVERIFY2(s.contains(QStringLiteral("33")), qPrintable(s));
        QVERIFY2(!s.contains(QString::fromStdString(z3.label()) + QStringLiteral(" (")), qPrintable(s));
    }

    // Bug 16: --help works without a display; the View menu reaches every tab; a broken JSON file's
    // error names the path once.
    void helpWithoutDisplay() {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(GX_EXPLORER_BIN), {QStringLiteral("--help")});
        QVERIFY(p.waitForFinished(30000));
        const QString out = QString::fromLocal8Bit(p.readAllStandardOutput());
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 0);
        QVERIFY2(out.contains(QStringLiteral("--model")), qPrintable(out));
    }

    void viewMenuReachesEveryTab() {
        MainWindow w;
        QMenu* view = nullptr;
        for (auto* a : w.menuBar()->actions())
            if (a->text() == QStringLiteral("&View"))
                view = a->menu();
        QVERIFY(view);
        QStringList texts;
        for (auto* a : view->actions())
            texts << a->text();
        for (int i = 0; i < w.tabs()->count(); ++i)
            QVERIFY2(texts.contains(w.tabs()->tabText(i)), qPrintable(w.tabs()->tabText(i)));
    }

    void brokenJsonNamesPathOnce() {
        QTemporaryDir dir;
        const QString f = dir.filePath(QStringLiteral("broken.json"));
        QFile file(f);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{ \"name\": \"x\", ");
        file.close();
        ModelEditor e;
        QString err;
        QVERIFY(!e.loadFile(f, &err));
        QCOMPARE(err.count(f), 1);
    }

    // Bug 8: a Hugging Face config's max_position_embeddings is not taken as the training length.
    void hfImportUsesATrainingLength() {
        MainWindow w;
        QString err;
        QVERIFY2(w.modelEditor()->loadFile(QStringLiteral(GX_TEST_DATA_DIR "/hf/Qwen2-7B/config.json"), &err),
                 qPrintable(err));
        const ModelProfile& m = w.modelEditor()->model();
        QCOMPARE(m.seq_len, 4096);
        for (const auto& st : m.stacks)
            QCOMPARE(st.type.seq_len, 4096);
        QVERIFY2(allLabelText(w).contains(QStringLiteral("4096")), "the cap is not explained");
        // A small context is kept as it is.
        QVERIFY(w.modelEditor()->loadFile(QStringLiteral(GX_TEST_DATA_DIR "/hf/gpt2/config.json"), &err));
        QCOMPARE(w.modelEditor()->model().seq_len, 1024);
    }
};

QTEST_MAIN(TestExplorer)
#include "test_explorer.moc"
