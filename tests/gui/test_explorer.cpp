// SPDX-License-Identifier: Apache-2.0
// GUI tests for the explorer as a person uses it (issue 14): start-up profiles, progress, tooltips,
// the plan lists, the preset boxes, plan summaries, Compare, the command line, the View menu, Hugging
// Face import, and the live decision tree. Offscreen (QT_QPA_PLATFORM=offscreen).
#include "app_resources.h"
#include "charts/chart_legend.h"
#include "charts/frontier_chart.h"
#include "core_text.h"
#include "file_actions.h"
#include "gx/file_io.h"
#include "gx/model_file.h"
#include "gx/presets.h"
#include "gx/profile_io.h"
#include "gx/search_space.h"
#include "gx/target_search.h"
#include "gx/units.h"
#include "i18n.h"
#include "main_window.h"
#include "plan_utils.h"
#include "search_controller.h"
#include "settings.h"
#include "views/plan_view.h"
#include "views/plan_widgets.h"
#include "views/profile_editors.h"
#include "views/scheduler/scheduler_panel.h"
#include "views/search_settings.h"
#include "views/tree_view.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QApplication>
#include <QChartView>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QGroupBox>
#include <QHelpEvent>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLibraryInfo>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSet>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>

#include <functional>

#include <nlohmann/json.hpp>
#include <set>

using namespace gx;
using namespace gx::app;

namespace {

/// The iteration time of `plan` on the window's model trained at `seq` tokens.
double modelCost(const gx::app::MainWindow& w, const gx::Plan& plan, int seq) {
    gx::ModelProfile m = w.modelEditor()->model();
    gx::setTrainingSeqLen(m, seq);
    const auto& cm = *w.costModel();
    return gx::CostModel(m, cm.cluster(), cm.options()).evaluate(plan).iteration_time;
}

/// Rewrites one field of a saved plan file (a plan searched at another length or with another runtime).
void setPlanField(const QString& file, const char* key, const nlohmann::json& value) {
    nlohmann::json j = readJsonFile(file.toStdString());
    j[key] = value;
    writeFileAtomic(file.toStdString(), j.dump());
}

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

/// Every text a person reads in `root` without interacting: labels, buttons, group boxes, tabs, dock
/// titles, menus (recursively), combo-box items, table headers, chart titles and axes.
QStringList visibleTexts(QWidget* root) {
    QStringList out;
    std::function<void(const QList<QAction*>&)> actions = [&](const QList<QAction*>& list) {
        for (const QAction* a : list) {
            out << QStringLiteral("action: ") + a->text();
            if (a->menu())
                actions(a->menu()->actions());
        }
    };
    QList<QWidget*> all = root->findChildren<QWidget*>();
    all.prepend(root);
    for (QWidget* w : all) {
        if (w->objectName() == QLatin1String("search_status"))
            continue; // names the search's duration
        // The Multi-model tab plans on its own threads (heuristic, then MILP): its results may differ
        // between two windows; languageSwitchAfterASearch checks its summary.
        bool scheduled = false;
        for (QWidget* p = w; p && !scheduled; p = p->parentWidget())
            scheduled = qobject_cast<SchedulerPanel*>(p) &&
                        (qobject_cast<QLabel*>(w) || qobject_cast<QAbstractItemView*>(w) ||
                         qobject_cast<QAbstractButton*>(w)); // "Solving…" while the MILP runs
        if (scheduled)
            continue;
        if (!w->toolTip().isEmpty())
            out << QStringLiteral("tooltip: ") + w->toolTip();
        if (w->isWindow() || qobject_cast<QDockWidget*>(w))
            out << QStringLiteral("title: ") + w->windowTitle();
        if (auto* l = qobject_cast<QLabel*>(w))
            out << QStringLiteral("label: ") + l->text();
        else if (auto* b = qobject_cast<QAbstractButton*>(w))
            out << QStringLiteral("button: ") + b->text();
        else if (auto* g = qobject_cast<QGroupBox*>(w))
            out << QStringLiteral("group: ") + g->title();
        else if (auto* c = qobject_cast<QComboBox*>(w))
            for (int i = 0; i < c->count(); ++i)
                out << QStringLiteral("combo: ") + c->itemText(i);
        else if (auto* t = qobject_cast<QTabWidget*>(w))
            for (int i = 0; i < t->count(); ++i)
                out << QStringLiteral("tab: ") + t->tabText(i);
        else if (auto* v = qobject_cast<QAbstractItemView*>(w); v && v->model()) {
            QAbstractItemModel* m = v->model();
            for (int c = 0; c < m->columnCount(); ++c)
                out << QStringLiteral("header: ") + m->headerData(c, Qt::Horizontal).toString();
            for (int r = 0; r < std::min(m->rowCount(), 50); ++r)
                for (int c = 0; c < m->columnCount(); ++c)
                    out << QStringLiteral("cell: ") + m->index(r, c).data().toString();
        } else if (auto* cv = qobject_cast<QChartView*>(w); cv && cv->chart()) {
            out << QStringLiteral("chart: ") + cv->chart()->title();
            for (const auto* axis : cv->chart()->axes())
                out << QStringLiteral("axis: ") + axis->titleText();
        }
        if (qobject_cast<QMenuBar*>(w))
            actions(w->actions());
    }
    // The tree's DP counters (solved / cut) depend on which thread finds the incumbent first: two
    // identical searches may differ there, so their figures are not compared, only their wording.
    static const QRegularExpression dp_counts(QStringLiteral("\\d+"));
    for (QString& t : out)
        if (t.contains(QStringLiteral("DP:")))
            t.replace(dp_counts, QStringLiteral("#"));
    out.sort();
    return out;
}

/// Waits until the Multi-model tab (which plans on its own threads) has shown its final schedule.
/// GPT-3 1.3B on 4 RTX 4090s at global batch 16 searched in a 1400 x 900 window (a fraction of a second).
void searchGpt3Small(MainWindow& w) {
    QVERIFY(w.loadModel(QStringLiteral("gpt3-1.3b")));
    QVERIFY(w.loadCluster(QStringLiteral("4xRTX4090-PCIe")));
    w.searchSettings()->batchesEdit()->setText(QStringLiteral("16"));
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy done(&w, &MainWindow::searchFinished);
    QVERIFY(w.runSearch());
    QVERIFY(done.wait(120000) || done.count() == 1);
}

bool settled(MainWindow& w) {
    if (auto* p = w.findChild<SchedulerPanel*>()) {
        QElapsedTimer t;
        t.start();
        while (p->busy() && t.elapsed() < 120000)
            QTest::qWait(20);
        return !p->busy();
    }
    (void)w;
    return true;
}

/// The texts in `a` and not in `b` (with multiplicity), each on its own line (shortened), for messages.
QString onlyIn(const QStringList& a, const QStringList& b) {
    QStringList rest = b, extra;
    for (const QString& s : a)
        if (!rest.removeOne(s))
            extra << s.left(120);
    return extra.join(QStringLiteral("\n    "));
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

    void brokenRememberedModelIsNamed() {
        // Found by fuzzing the settings: a remembered model that no longer loads was replaced by the
        // default without a word. The window now says which and why.
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("m.json"));
        {
            QFile f(bad);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"name": "m", "stacks": [{"name": "decoder", "count": 0}]})");
        }
        {
            Settings s;
            s.setLastProfiles(bad, QStringLiteral("8xA100-80G"));
        }
        MainWindow w;
        QCOMPARE(QString::fromStdString(w.modelEditor()->model().name), QStringLiteral("llama2-13b"));
        const QString labels = allLabelText(w);
        QVERIFY2(labels.contains(QStringLiteral("Started with the default profiles")), qPrintable(labels));
        QVERIFY2(labels.contains(bad), qPrintable(labels));
        QString why;
        QVERIFY(!w.loadModel(bad, &why));
        QVERIFY2(why.contains(QStringLiteral("model.")), qPrintable(why)); // (names the field)
    }

    // Bug 2: the progress bar does not read 100% while the search still runs, the time left is never
    // "0.0 us", and Cancel does not fill the bar.
    void progressStaysBelowFullWhileRunning() {
        MainWindow w;
        // LLaMA-2 70B over 64 GPUs (0.5-0.7 s here) gives the bar many updates while it runs; LLaMA-2 7B
        // on 8 GPUs at batch 64 took about 0.1 s and sometimes gave it only 3 (the check below).
        QVERIFY(w.loadModel(QStringLiteral("llama2-70b")));
        QVERIFY(w.loadCluster(QStringLiteral("8x8xH100-IB")));
        w.searchSettings()->batchesEdit()->setText(QStringLiteral("256"));
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
        // Cancel: the bar does not jump to 100%. On the same search, so that the cancel lands while it
        // runs: LLaMA-2 7B on 8 GPUs ran again in 0.17-0.26 s and may end within the wait (the likely
        // cause of one unexplained test_explorer failure).
        QVERIFY(w.runSearch());
        QTest::qWait(150);
        QVERIFY2(w.searchController()->isRunning(), "the search ended before the cancel");
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
        searchGpt3Small(w);
        QVERIFY(!QTest::currentTestFailed());
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

    // GUI fuzzing: explicit garbage in --lang, --theme, --view and --size started the explorer as if
    // the option were absent (or overflowed the size); each is now refused with exit code 2 and the
    // option's name, before any window opens.
    void badExplorerOptionsAreRefusedByName() {
        const std::pair<QStringList, QString> cases[] = {
            {{QStringLiteral("--lang"), QStringLiteral("xx")},
             QStringLiteral("--lang: expected one of en, de")},
            {{QStringLiteral("--theme"), QStringLiteral("purple")},
             QStringLiteral("--theme: expected one of")},
            {{QStringLiteral("--view"), QStringLiteral("nope")},
             QStringLiteral("--view: expected one of plan")},
            {{QStringLiteral("--size"), QStringLiteral("99999999999x700")},
             QStringLiteral("--size: expected WxH")},
            {{QStringLiteral("--size"), QStringLiteral("100x100")},
             QStringLiteral("from 200 to 16384 pixels")},
        };
        for (const auto& [args, message] : cases) {
            QProcess p;
            p.start(QStringLiteral(GX_EXPLORER_BIN), args);
            QVERIFY(p.waitForFinished(30000));
            const QString err = QString::fromLocal8Bit(p.readAllStandardError());
            QCOMPARE(p.exitStatus(), QProcess::NormalExit);
            QCOMPARE(p.exitCode(), 2);
            QVERIFY2(err.contains(message), qPrintable(args.join(u' ') + QStringLiteral(": ") + err));
        }
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

    // A plan records the sequence length it was searched for: opening it trains the model at that length
    // (as `galvatron estimate` costs it) and says so; a length the model cannot take is refused by name
    // and leaves the model as it was. Before, the plan was costed at the model's length without a word.
    void openedPlanFollowsItsSequenceLength() {
        switchLanguage(QStringLiteral("en"));
        MainWindow w;
        QVERIFY(w.loadModel(QStringLiteral("llama2-7b")));
        QVERIFY(w.loadCluster(QStringLiteral("8xA100-80G")));
        QCoreApplication::processEvents();
        QVERIFY(w.currentPlan());
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("plan.json"));
        QString err;
        QVERIFY2(w.savePlanFile(file, &err), qPrintable(err));
        setPlanField(file, "seq_len", 2048);
        QVERIFY2(w.openPlanFile(file, &err), qPrintable(err));
        QCOMPARE(w.modelEditor()->model().seq_len, 2048);
        QCOMPARE(w.modelEditor()->seqBox()->value(), 2048);
        QVERIFY2(allLabelText(w).contains(QStringLiteral("the length the plan was searched for")),
                 "the change is not explained");
        ModelProfile at = modelPreset("llama2-7b");
        setTrainingSeqLen(at, 2048);
        const CostModel cm(at, clusterPreset("8xA100-80G"), w.costModel()->options());
        const Plan plan = loadPlanFile(file.toStdString());
        QVERIFY(w.currentPlan());
        QCOMPARE(w.currentPlan()->cost.iteration_time, cm.evaluate(plan).iteration_time);
        // The same plan at 4096 (its length before) costs more: the figure really changed.
        QVERIFY(modelCost(w, plan, 4096) > w.currentPlan()->cost.iteration_time * 1.5);

        // GPT-3 1.3B has 2048 learned positions: a plan searched at 4096 cannot be costed on it.
        QVERIFY(w.loadModel(QStringLiteral("gpt3-1.3b")));
        QVERIFY2(w.savePlanFile(file, &err), qPrintable(err));
        setPlanField(file, "seq_len", 4096);
        err.clear();
        QVERIFY(!w.openPlanFile(file, &err));
        QVERIFY2(err.contains(QStringLiteral("plan.seq_len")), qPrintable(err));
        QCOMPARE(w.modelEditor()->model().seq_len, 2048);
    }

    void openedPlanFollowsItsRuntime() {
        // A plan searched with another runtime preset is costed with that runtime, as `galvatron estimate`
        // costs it, and the switch is said; a runtime that is no preset here leaves the selection.
        switchLanguage(QStringLiteral("en"));
        MainWindow w;
        QVERIFY(w.loadModel(QStringLiteral("llama2-7b")));
        QVERIFY(w.loadCluster(QStringLiteral("8xA100-80G")));
        QCoreApplication::processEvents();
        QVERIFY(w.currentPlan());
        const std::string before = w.searchSettings()->currentRuntime().name;
        QVERIFY(before != "torchtitan");
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("plan.json"));
        QString err;
        QVERIFY2(w.savePlanFile(file, &err), qPrintable(err));
        setPlanField(file, "runtime", "torchtitan");
        QSignalSpy said(w.findChild<FileActions*>(), &FileActions::message);
        QVERIFY2(w.openPlanFile(file, &err), qPrintable(err));
        QCOMPARE(w.searchSettings()->currentRuntime().name, std::string("torchtitan"));
        QVERIFY(!said.isEmpty());
        QVERIFY2(said.last().at(0).toString().contains(QStringLiteral("Runtime set to torchtitan")),
                 qPrintable(said.last().at(0).toString()));
        CostOptions o;
        o.runtime = runtimePreset("torchtitan");
        const CostModel cm(modelPreset("llama2-7b"), clusterPreset("8xA100-80G"), o);
        QVERIFY(w.currentPlan());
        QCOMPARE(w.currentPlan()->cost.iteration_time,
                 cm.evaluate(loadPlanFile(file.toStdString())).iteration_time);
        // Not a preset: the selection stays, and the message says what costs the plan.
        setPlanField(file, "runtime", "my-cluster-runtime");
        QVERIFY2(w.openPlanFile(file, &err), qPrintable(err));
        QCOMPARE(w.searchSettings()->currentRuntime().name, std::string("torchtitan"));
        QVERIFY2(said.last().at(0).toString().contains(QStringLiteral("which is not a preset")),
                 qPrintable(said.last().at(0).toString()));
    }

    // Item 12: notation tool tips and Help -> Notation.
    void notationHelpIsReachable() {
        MainWindow w;
        QAction* notation = w.findChild<QAction*>(QStringLiteral("help_notation"));
        QVERIFY(notation);
        const QString full = notationHelp(true);
        for (const char* term : {"tp2", "-sp", "sel-ckpt", "ZeRO-1", "16 x 16", "MFU", "interleaved"})
            QVERIFY2(full.contains(QLatin1String(term)), term);
        bool label_tip = false;
        for (auto* l : w.planView()->findChildren<QLabel*>())
            label_tip = label_tip || l->toolTip().contains(QStringLiteral("micro-batches"));
        QVERIFY(label_tip);
        QCOMPARE(w.planView()->layerModel()->headerData(3, Qt::Horizontal, Qt::ToolTipRole).toString(),
                 notationHelp(false));
    }

    // The plan view's memory line for a plan that does not fit said "0 B left under the budget"; it now
    // says by how much the plan is over. At start the view shows the Megatron-style reference plan,
    // which for the default LLaMA-2 13B on 8 x A100-80G needs about 86 of 76.0 GiB.
    void planOverBudgetSaysByHowMuch() {
        MainWindow w;
        QVERIFY(w.loadCluster(QStringLiteral("8xA100-80G")));
        QCoreApplication::processEvents();
        const QString s = w.planView()->summaryText();
        QVERIFY2(s.contains(QStringLiteral("does not fit")), qPrintable(s));
        const auto peak =
            QRegularExpression(QStringLiteral("peak memory <b>([0-9.]+) GiB</b> of ([0-9.]+) GiB")).match(s);
        const auto over = QRegularExpression(QStringLiteral("([0-9.]+) GiB over the budget")).match(s);
        QVERIFY2(peak.hasMatch() && over.hasMatch(), qPrintable(s));
        const double expect = peak.captured(1).toDouble() - peak.captured(2).toDouble();
        QVERIFY2(expect > 5 && std::abs(over.captured(1).toDouble() - expect) <= 0.1 + 1e-9, qPrintable(s));
        QVERIFY2(!s.contains(QStringLiteral("left under the budget")), qPrintable(s));
    }

    // Item 7: a best plan at the memory cap gets a note naming a plan with headroom.
    void headroomNoteNamesASaferPlan() {
        SearchResult r;
        RankedPlan best, safe, tight;
        best.plan.global_batch = safe.plan.global_batch = tight.plan.global_batch = 64;
        best.cost.memory_budget = safe.cost.memory_budget = tight.cost.memory_budget = 80.0 * (1 << 30);
        best.cost.peak_memory = 79.5 * (1 << 30);
        best.cost.iteration_time = 1.0;
        tight.cost.peak_memory = 78.5 * (1 << 30); // 98%: not enough headroom
        tight.cost.iteration_time = 1.01;
        safe.cost.peak_memory = 70.0 * (1 << 30);
        safe.cost.iteration_time = 1.10;
        r.best = best;
        r.frontier = {best, tight, safe};
        const QString note = headroomNote(r);
        QVERIFY2(note.contains(QStringLiteral("99.4%")), qPrintable(note));
        QVERIFY2(note.contains(bytesText(safe.cost.peak_memory)), qPrintable(note));
        QVERIFY2(note.contains(QStringLiteral("+10.0")), qPrintable(note));
        r.best->cost.peak_memory = 60.0 * (1 << 30);
        QVERIFY(headroomNote(r).isEmpty());
    }

    // Item 15: an interleaved timeline colours model chunks; the legend names them.
    void interleavedTimelineLegend() {
        const ModelProfile m = modelPreset("llama2-7b");
        const ClusterProfile c = clusterPreset("2x8xH100-IB");
        CostModel cm(m, c, {});
        SearchOptions o;
        o.global_batches = {64};
        o.schedules = {Schedule::Interleaved};
        o.fixed_pp = 2;
        o.max_virtual_stages = 4;
        o.frontier_points = 0;
        o.top_k = 1;
        const SearchResult r = search(cm, o);
        QVERIFY(r.best);
        const Plan& p = r.best->plan;
        QVERIFY(p.virtual_stages > 1);
        TimelineWidget t;
        t.resize(1100, 320);
        t.setPlan(p, cm.evaluate(p));
        std::set<int> chunks;
        for (const auto& o : t.ops())
            chunks.insert(o.chunk);
        QCOMPARE(static_cast<int>(chunks.size()), p.virtual_stages);
        QImage img(t.size(), QImage::Format_ARGB32);
        t.render(&img);
        if (const QString dir = qEnvironmentVariable("GX_TREE_SHOTS"); !dir.isEmpty())
            img.save(dir + QStringLiteral("/timeline-interleaved.png"));
    }

    // Item 15: a bar value near the GPU capacity line does not overlap the line's label (the value
    // moves inside the bar). Pixel check: the row just above the bar top stays background.
    void memoryLabelsDoNotRunTogether() {
        // 16 stages at 1024 px ran "stage 0stage 1..." together: the labels now fit the bars' pitch
        // ("stage N", N alone, or every 2nd, 4th...), and the values above the bars likewise, the
        // peak's always shown.
        const QFontMetrics fm(QApplication::font());
        QStringList labels;
        auto check = [&](int stages, int width) {
            PlanCost cost;
            cost.stages.resize(static_cast<std::size_t>(stages));
            for (int i = 0; i < stages; ++i)
                cost.stages[static_cast<std::size_t>(i)].memory.activations =
                    (40.0 + (i * 7) % 30) * (1 << 30);
            cost.memory_budget = 80.0 * (1 << 30);
            MemoryBarsWidget w;
            w.resize(width, 400);
            w.setCost(cost, 80.0 * (1 << 30));
            labels = w.stageLabels();
            QCOMPARE(labels.size(), stages);
            const double pitch = double(width) / stages; // (at most: the plot is narrower)
            int shown = 0, last = -1;
            for (int i = 0; i < stages; ++i) {
                if (labels[i].isEmpty())
                    continue;
                ++shown;
                if (last >= 0) // two shown labels are at least their width apart
                    QVERIFY2(
                        fm.horizontalAdvance(labels[i]) <= (i - last) * pitch,
                        qPrintable(
                            QStringLiteral("%1 stages at %2 px: %3").arg(stages).arg(width).arg(labels[i])));
                last = i;
            }
            QVERIFY(shown >= 2 || stages < 2);
            const auto values = w.valuesShown();
            int peak = 0;
            for (int i = 1; i < stages; ++i)
                if (cost.stages[static_cast<std::size_t>(i)].memory.total() >
                    cost.stages[static_cast<std::size_t>(peak)].memory.total())
                    peak = i;
            QVERIFY(std::find(values.begin(), values.end(), peak) != values.end());
        };
        check(4, 1000);
        QCOMPARE(labels.front(), QStringLiteral("stage 0"));
        check(16, 600);
        QCOMPARE(labels.front(), QStringLiteral("0")); // numbers alone
        check(64, 500);
        QVERIFY(labels.contains(QString())); // every other label or fewer
    }

    void memoryValueAvoidsCapacityLabel() {
        PlanCost cost;
        cost.stages.resize(4);
        for (auto& st : cost.stages) {
            st.memory.weights = 20.0 * (1 << 30);
            st.memory.activations = 59.5 * (1 << 30);
        }
        cost.memory_budget = 80.0 * (1 << 30);
        MemoryBarsWidget w;
        w.resize(600, 400);
        w.setCost(cost, 80.0 * (1 << 30));
        QImage img(w.size(), QImage::Format_ARGB32);
        img.fill(Qt::white);
        w.render(&img);
        if (const QString dir = qEnvironmentVariable("GX_TREE_SHOTS"); !dir.isEmpty())
            img.save(dir + QStringLiteral("/memory-near-cap.png"));
        // The capacity line: the row with the most red pixels.
        int line_y = -1, best = 0;
        for (int y = 0; y < img.height(); ++y) {
            int red = 0;
            for (int x = 0; x < img.width(); ++x) {
                const QColor c = img.pixelColor(x, y);
                red += c.red() > 180 && c.green() < 90 && c.blue() < 90;
            }
            if (red > best) {
                best = red;
                line_y = y;
            }
        }
        QVERIFY(line_y > 20);
        // No dark (value text) pixels between the title and the line, right of the axis labels.
        int dark_above = 0;
        for (int y = 20; y < line_y - 1; ++y)
            for (int x = 70; x < img.width(); ++x) {
                const QColor c = img.pixelColor(x, y);
                dark_above += c.red() < 70 && c.green() < 70 && c.blue() < 70;
            }
        QCOMPARE(dark_above, 0);
    }

    // Polish (item 14): the window fits 1024x700 (docks and every tab shrink that far).
    void windowFits1024x700() {
        MainWindow w;
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QString why;
        for (int i = 0; i < w.tabs()->count(); ++i)
            why += QStringLiteral("%1: %2x%3; ")
                       .arg(w.tabs()->tabText(i))
                       .arg(w.tabs()->widget(i)->minimumSizeHint().width())
                       .arg(w.tabs()->widget(i)->minimumSizeHint().height());
        QVERIFY2(w.width() <= 1024 && w.height() <= 700,
                 qPrintable(QStringLiteral("window %1x%2; tabs: ").arg(w.width()).arg(w.height()) + why));
        QVERIFY2(w.tabs()->width() >= 420, qPrintable(QString::number(w.tabs()->width())));
    }

    // Issue 14 item 6: the decision tree shows the search as it happens.
    void liveTreeFollowsTheSearch() {
        MainWindow w;
        // Large enough that the DP's main pass spans many GUI batches (30 ms each) even on a busy machine:
        // GPT-3 175B on 64 GPUs takes seconds (LLaMA-2 13B on 16 H100s, 0.6 s, once left a single
        // batch while the search ran when the CI ran it beside the search tests).
        QVERIFY(w.loadModel(QStringLiteral("gpt3-175b")));
        QVERIFY(w.loadCluster(QStringLiteral("8x8xA100-80G-IB")));
        w.searchSettings()->batchesEdit()->setText(QStringLiteral("256"));
        w.resize(1400, 900);
        w.show();
        w.setView(QStringLiteral("tree"));
        auto* view = w.treePanel()->view();
        const auto& l = view->layoutData();
        // State histogram after every batch, while the search runs.
        QSet<QString> snapshots;
        int solving_seen = 0, queued_with_solved = 0, incumbent_during = 0;
        connect(w.searchController(), &SearchController::batchReady, &w, [&](const SearchBatch&) {
            if (!w.searchController()->isRunning())
                return;
            int count[6] = {};
            int on_path = 0;
            for (int i = 0; i < l.size(); ++i) {
                ++count[static_cast<int>(l.state(i))];
                on_path += l.at(i).on_incumbent;
            }
            QString key;
            for (int c : count)
                key += QString::number(c) + QLatin1Char(',');
            snapshots.insert(key);
            solving_seen += count[static_cast<int>(NodeState::Solving)] > 0;
            queued_with_solved += count[static_cast<int>(NodeState::Queued)] > 0 &&
                                  count[static_cast<int>(NodeState::Solved)] > 0;
            incumbent_during += on_path > 0;
        });
        QSignalSpy done(&w, &MainWindow::searchFinished);
        w.searchController()->setBatchInterval(2); // sample the tree often (the machine may be busy)
        QVERIFY(w.runSearch());
        QVERIFY(done.wait(120000) || done.count() == 1);
        qInfo("%d distinct tree states during the search", static_cast<int>(snapshots.size()));
        QVERIFY2(snapshots.size() >= 3, qPrintable(QStringList(snapshots.values()).join(QLatin1Char(' '))));
        QVERIFY(solving_seen > 0);
        QVERIFY(incumbent_during > 0);
        // At the end: the root is solved, some pp subtree solved with a time, the best plan's path runs
        // from the root to leaves whose strategies the best plan uses.
        const Plan best = w.currentPlan()->plan;
        int root = -1, pp_solved = 0, path_leaves = 0;
        for (int i = 0; i < l.size(); ++i) {
            const auto& n = l.at(i);
            if (n.parent < 0)
                root = i;
            if (n.node.dimension == "pp" && l.state(i) == NodeState::Solved) {
                ++pp_solved;
                QVERIFY(l.record(i) && l.record(i)->best_time > 0);
            }
            if (n.on_incumbent && n.node.strategy) {
                ++path_leaves;
                QCOMPARE(n.pp, best.pp);
                QVERIFY(std::find(best.layers.begin(), best.layers.end(), *n.node.strategy) !=
                        best.layers.end());
            }
        }
        QVERIFY(root >= 0);
        QCOMPARE(l.state(root), NodeState::Solved);
        QVERIFY(l.at(root).on_incumbent);
        QVERIFY(pp_solved >= 1);
        QVERIFY(path_leaves >= 1);
        // Some configurations were cut by the bound and say what they lost to.
        bool cut_explained = false;
        for (int i = 0; i < l.size(); ++i)
            if (l.state(i) == NodeState::Cut && l.at(i).node.dimension == "pp")
                cut_explained = view->toolTipFor(i).contains(QStringLiteral("incumbent"));
        QVERIFY(cut_explained);

        // The details of a pp node list its DP configurations.
        int pp_node = -1;
        for (int i = 0; i < l.size() && pp_node < 0; ++i)
            if (l.at(i).node.dimension == "pp" && l.at(i).on_incumbent)
                pp_node = i;
        QVERIFY(pp_node >= 0);
        w.treePanel()->showNode(pp_node);
        QVERIFY2(w.treePanel()->detailsText().contains(QStringLiteral("DP configurations")),
                 qPrintable(w.treePanel()->detailsText()));

        // A click a few pixels off a node (fitted overview: nodes are small markers) still selects it.
        QSignalSpy clicked(view, &DecisionTreeView::nodeClicked);
        const QPoint at = view->mapFromScene(view->nodePos(pp_node)) + QPoint(0, 3);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(clicked.count(), 1);
        QCOMPARE(clicked.at(0).at(0).toInt(), pp_node);

        // Keyboard: + zooms in, arrows pan.
        view->setFocus();
        const double z0 = view->zoom();
        QTest::keyClick(view, Qt::Key_Plus);
        QVERIFY(view->zoom() > z0 * 1.1);
        QTest::keyClick(view, Qt::Key_Plus);
        QTest::keyClick(view, Qt::Key_Plus);
        const int h0 = view->horizontalScrollBar()->value();
        QTest::keyClick(view, Qt::Key_Right);
        QVERIFY(view->horizontalScrollBar()->value() > h0);
        QTest::keyClick(view, Qt::Key_Home);
        QVERIFY(std::abs(view->zoom() - z0) < 1e-6 * z0);

        // Search as you type: matches highlighted, the first one centred and shown.
        QTest::keyClicks(w.treePanel()->searchEdit(), QStringLiteral("zero-3"));
        QVERIFY(!w.treePanel()->matches().empty());
        for (int i : w.treePanel()->matches())
            QVERIFY(
                QString::fromStdString(l.at(i).node.label)
                    .contains(QStringLiteral("ZeRO-3"), Qt::CaseInsensitive) ||
                (l.at(i).node.strategy &&
                 QString::fromStdString(l.at(i).node.strategy->label()).contains(QStringLiteral("ZeRO-3"))));
        QVERIFY(view->zoom() >= 0.69);
        QVERIFY(w.treePanel()->detailsText().contains(QStringLiteral("ZeRO-3")));
        // GX_TREE_SHOTS=dir saves the tree at three zoom levels, to look at.
        if (const QString dir = qEnvironmentVariable("GX_TREE_SHOTS"); !dir.isEmpty()) {
            view->focusNode(pp_node);
            QTest::qWait(100);
            w.grab().save(dir + QStringLiteral("/tree-zoom-0.7.png"));
            view->zoomBy(0.45);
            QTest::qWait(100);
            w.grab().save(dir + QStringLiteral("/tree-zoom-0.3.png"));
            view->zoomBy(4.0);
            QTest::qWait(100);
            w.grab().save(dir + QStringLiteral("/tree-zoom-1.3.png"));
        }
        // The status bar names the best plan, not the baseline.
        QVERIFY(!w.statusBar()->currentMessage().contains(QStringLiteral("Baseline")));
    }
    // Issue 14: switching the language retranslates the open window at once (no restart): after a
    // switch to German it reads exactly like a window built in German, and after the switch back like
    // one built in English.
    // Qt's own texts follow the language: the runtime editor's "Cancel" stayed English in German.
    void standardButtonsAreTranslated() {
        if (!QFile::exists(QLibraryInfo::path(QLibraryInfo::TranslationsPath) +
                           QStringLiteral("/qtbase_de.qm")))
            QSKIP("Qt's translations are not installed (Debian: qt6-translations-l10n)");
        switchLanguage(QStringLiteral("de"));
        QDialogButtonBox box(QDialogButtonBox::Cancel);
        QCOMPARE(box.button(QDialogButtonBox::Cancel)->text(), QStringLiteral("Abbrechen"));
        switchLanguage(QStringLiteral("en")); // and back, at once
        QCOMPARE(box.button(QDialogButtonBox::Cancel)->text(), QStringLiteral("Cancel"));
    }

    void languageSwitchWithoutRestart() {
        switchLanguage(QStringLiteral("en"));
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(settled(w));
        const QStringList english = visibleTexts(&w);
        const int tree_tab = w.tabs()->indexOf(w.treePanel());
        QCOMPARE(w.tabs()->tabText(tree_tab), QStringLiteral("Decision tree"));
        const QString plan_title =
            w.planView()->findChild<QLabel*>() ? allLabelText(*w.planView()) : QString();

        QVERIFY(switchLanguage(QStringLiteral("de")));
        QCOMPARE(w.tabs()->tabText(tree_tab), QStringLiteral("Entscheidungsbaum"));
        QCOMPARE(w.menuBar()->actions().value(0)->text(), QStringLiteral("&Datei"));
        QVERIFY(allLabelText(*w.planView()) != plan_title); // composed texts are rebuilt too
        const QStringList switched = visibleTexts(&w);
        {
            MainWindow fresh;
            fresh.resize(1400, 900);
            fresh.show();
            QVERIFY(QTest::qWaitForWindowExposed(&fresh));
            QVERIFY(settled(fresh));
            const QStringList german = visibleTexts(&fresh);
            if (switched != german)
                qWarning().noquote() << "only after the switch:\n   " << onlyIn(switched, german)
                                     << "\nonly when built:\n   " << onlyIn(german, switched);
            QVERIFY(switched == german);
        }

        QVERIFY(!switchLanguage(QStringLiteral("en")));
        QCOMPARE(w.tabs()->tabText(tree_tab), QStringLiteral("Decision tree"));
        const QStringList back = visibleTexts(&w);
        if (back != english)
            qWarning().noquote() << "only after the switch:\n   " << onlyIn(back, english)
                                 << "\nonly when built:\n   " << onlyIn(english, back);
        QVERIFY(back == english);
        QCOMPARE(allLabelText(*w.planView()), plan_title);
    }

    // A new runtime after a search: the plan on show, the plan list and Compare give the figures of the
    // runtime now chosen (before: the baseline and loaded plans kept the old runtime's, the what-if
    // panel searched with it), and the status says the search ran on other inputs.
    void runtimeChangeRecostsShownPlans() {
        MainWindow w;
        searchGpt3Small(w);
        QVERIFY(!QTest::currentTestFailed());
        QVERIFY(settled(w));
        const Plan best = w.currentPlan()->plan;
        const double before = w.currentPlan()->cost.iteration_time;
        const QString row0 = w.topPlansList()->item(0)->text();
        w.searchSettings()->useRuntime(runtimePreset("torchtitan"));
        QVERIFY(settled(w));
        const SearchOptions o = w.searchSettings()->options();
        QCOMPARE(QString::fromStdString(o.cost.runtime.name), QStringLiteral("torchtitan"));
        const CostModel tt(w.modelEditor()->model(), w.clusterEditor()->cluster(), o.cost);
        QVERIFY(w.currentPlan()->plan.runsSameAs(best));
        QCOMPARE(w.currentPlan()->cost.iteration_time, tt.evaluate(best).iteration_time);
        QVERIFY(w.currentPlan()->cost.iteration_time != before);
        QVERIFY(w.currentPlan()->name.contains(QStringLiteral("earlier search")));
        QVERIFY(w.topPlansList()->item(0)->text() != row0);
        QVERIFY(allLabelText(w).contains(QStringLiteral("Inputs changed since the search")));
        w.setView(QStringLiteral("compare"));
        if (const QString dir = qEnvironmentVariable("GX_TREE_SHOTS"); !dir.isEmpty())
            w.grab().save(dir + QStringLiteral("/runtime-changed-compare.png"));
    }

    // The same after a search: plan lists, plan view, Compare and charts read like a window that ran
    // the same search in German.
    void languageSwitchAfterASearch() {
        switchLanguage(QStringLiteral("en"));
        auto searched = [](MainWindow& w) {
            searchGpt3Small(w);
            QVERIFY(!QTest::currentTestFailed());
            QVERIFY(w.topPlansList()->count() >= 2);
            QVERIFY(settled(w));
        };
        MainWindow w;
        searched(w);
        w.setView(QStringLiteral("compare"));
        QVERIFY(w.topPlansList()->item(0)->text().contains(QStringLiteral("ZeRO")) ||
                w.topPlansList()->count() > 0);
        const QStringList english = visibleTexts(&w);
        QVERIFY(switchLanguage(QStringLiteral("de")));
        QCOMPARE(w.currentPlan()->name, QStringLiteral("Bester Plan"));
        const QStringList switched = visibleTexts(&w);
        {
            MainWindow fresh;
            searched(fresh);
            fresh.setView(QStringLiteral("compare"));
            const QStringList german = visibleTexts(&fresh);
            if (switched != german)
                qWarning().noquote() << "only after the switch:\n   " << onlyIn(switched, german)
                                     << "\nonly when built:\n   " << onlyIn(german, switched);
            QVERIFY(switched == german);
        }
        switchLanguage(QStringLiteral("en"));
        QCOMPARE(visibleTexts(&w), english);
        auto* jobs = w.findChild<SchedulerPanel*>();
        QVERIFY(jobs && settled(w));
        QVERIFY2(jobs->summaryText().contains(QStringLiteral("Makespan")), qPrintable(jobs->summaryText()));
        switchLanguage(QStringLiteral("de"));
        QVERIFY2(jobs->summaryText().contains(QStringLiteral("Gesamtdauer")),
                 qPrintable(jobs->summaryText()));
        switchLanguage(QStringLiteral("en"));
        QVERIFY(jobs->summaryText().contains(QStringLiteral("Makespan")));
    }
    // Issue 14: core's English tree labels, rule descriptions and pruning reasons are translated at
    // display time. Every label and reason of real trees (several targets and user limits) keeps its
    // English text in English and gets a German one in German; texts of unknown shape pass unchanged.
    void coreTreeTextsAreTranslated() {
        std::vector<TreeNode> nodes;
        ModelProfile m = resolveModel("llama2-7b");
        ClusterProfile c = resolveCluster("4x8xA100-80G-IB");
        c.nodes = 3; // 24 GPUs: degrees that are no power of two
        const CostModel cm(m, c, CostOptions{});
        auto add = [&](const SearchOptions& o) {
            const SearchSpace space(cm, o);
            for (auto& n : space.tree(m.stacks.front().type))
                nodes.push_back(std::move(n));
        };
        SearchOptions o;
        add(o);
        o.pow2_degrees = false;
        add(o);
        for (Target t : allTargets()) {
            o.target = t;
            add(o);
        }
        o = SearchOptions{};
        o.pow2_degrees = false;
        o.max_tp = 4;
        o.max_dp = 2;
        o.allow_sp = false;
        o.allow_ckpt = false;
        o.dp_types = {DpType::DDP};
        add(o);
        o = SearchOptions{};
        o.fixed_pp = 2;
        o.fixed_tp = 2;
        add(o);
        o = SearchOptions{};
        o.max_pp = 2;
        add(o);
        // Mixture-of-experts layers under every target (with context parallelism searched at 4096 tokens):
        // the reasons a framework gives for its expert-parallel layouts.
        const ModelProfile moe = resolveModel("mixtral-8x7b");
        const CostModel moe_cm(moe, resolveCluster("8x8xH100-96G-RoCE"), CostOptions{});
        for (Target t : allTargets()) {
            SearchOptions mo;
            mo.target = t;
            mo.cp_min_seq = 1024;
            const SearchSpace space(moe_cm, mo);
            for (auto& n : space.tree(moe.stacks.front().type))
                nodes.push_back(std::move(n));
        }

        switchLanguage(QStringLiteral("en"));
        std::set<std::string> reasons, rules_seen;
        for (const auto& n : nodes) {
            QCOMPARE(CoreText::treeLabel(n), QString::fromStdString(n.label));
            QCOMPARE(CoreText::pruneReason(n.reason), QString::fromStdString(n.reason));
            if (n.pruned) {
                reasons.insert(n.reason);
                rules_seen.insert(n.rule);
            }
        }
        QVERIFY2(reasons.size() >= 15, qPrintable(QString::number(reasons.size())));
        QVERIFY(std::any_of(reasons.begin(), reasons.end(), [](const std::string& r) {
            return r.find("keeps experts whole") != std::string::npos;
        }));
        QVERIFY(rules_seen.size() >= 9);
        for (const auto& r : pruningRules())
            QCOMPARE(CoreText::ruleDescription(r.name), QString::fromStdString(r.description));

        QVERIFY(switchLanguage(QStringLiteral("de")));
        QStringList untranslated;
        for (const auto& n : nodes) {
            const bool words = n.dimension == "root" || n.dimension == "sp" || n.dimension == "placement" ||
                               n.dimension == "ckpt" || n.label.find("GPUs/stage") != std::string::npos;
            if (words && CoreText::treeLabel(n) == QString::fromStdString(n.label))
                untranslated << QString::fromStdString(n.label);
            if (n.pruned && CoreText::pruneReason(n.reason) == QString::fromStdString(n.reason))
                untranslated << QString::fromStdString(n.reason);
        }
        for (const auto& r : pruningRules())
            if (CoreText::ruleDescription(r.name) == QString::fromStdString(r.description))
                untranslated << QString::fromStdString(r.name);
        untranslated.removeDuplicates();
        QVERIFY2(untranslated.isEmpty(), qPrintable(untranslated.join(QStringLiteral("; "))));
        TreeNode sp;
        sp.dimension = "sp";
        sp.label = "sp on";
        QCOMPARE(CoreText::treeLabel(sp), QStringLiteral("sp an"));
        QCOMPARE(CoreText::pruneReason("a reason core adds later"),
                 QStringLiteral("a reason core adds later"));
        // The multi-model schedule's solver status.
        QCOMPARE(CoreText::scheduleStatus("optimal within 0.01% (no schedule shorter than the heuristic's)"),
                 QStringLiteral("optimal bis auf 0,01 % (kein Ablauf kürzer als der heuristische)"));
        // Why a job cannot run, from the planner and from spilling: real reasons of core, each part
        // translated (issue 12: core's English reached the multi-model tab unchanged).
        {
            const ClusterProfile one = clusterPreset("8xA100-80G");
            PlannerOracle oracle(one);
            Job big;
            big.name = "gpt3";
            big.model = "gpt3-175b";
            big.global_batch = 64;
            big.steps = 10;
            big.allow_spill = true;
            Job odd = big;
            odd.name = "odd";
            odd.global_batch = 12; // not divisible by 8 data-parallel GPUs: spilling says so
            const auto t = buildJobTable({big, odd}, one, oracle.function());
            const auto r = scheduleHeuristic(t, one);
            QCOMPARE(r.infeasible.size(), std::size_t(2));
            QStringList seen;
            for (const auto& [name, why] : r.infeasible) {
                QVERIFY(why.gpus > 0);
                QVERIFY(why.search.kind != Infeasibility::Kind::None);
                QVERIFY(!why.spill.empty());
                const QString de = CoreText::jobInfeasible(why);
                for (const char* english : {"no feasible plan", "GPU count", "spilling", "model states need",
                                            "is not divisible", "needs at least", "host memory"})
                    QVERIFY2(!de.contains(QLatin1String(english)), qPrintable(de));
                QVERIFY2(CoreText::spillReason(why.spill) != QString::fromStdString(why.spill),
                         why.spill.c_str());
                seen << QString::fromStdString(why.spill);
            }
            switchLanguage(QStringLiteral("en"));
            for (const auto& [name, why] : r.infeasible) { // English: core's sentence, the GUI's wording
                const QString en = CoreText::jobInfeasible(why);
                QVERIFY2(
                    en.startsWith(QStringLiteral("no feasible plan on any allowed GPU count (on %1 GPUs: ")
                                      .arg(why.gpus)),
                    qPrintable(en));
                QVERIFY2(
                    en.endsWith(QStringLiteral("; spilling: %1)").arg(QString::fromStdString(why.spill))),
                    qPrintable(en));
                QCOMPARE(CoreText::spillReason(why.spill), QString::fromStdString(why.spill));
            }
            QVERIFY(switchLanguage(QStringLiteral("de")));
            QCOMPARE(CoreText::spillReason("no micro-batch size fits"),
                     QStringLiteral("keine Micro-Batch-Größe passt"));
        }
        QCOMPARE(CoreText::scheduleStatus("stopped (status 3)"), QStringLiteral("stopped (status 3)"));
        // Why nothing fits (SearchResult::infeasible): every kind worded in German with its figures.
        for (auto kind : {Infeasibility::Kind::NoConfiguration, Infeasibility::Kind::ModelStates,
                          Infeasibility::Kind::Activations, Infeasibility::Kind::Target}) {
            Infeasibility why;
            why.kind = kind;
            why.model = "gpt3-175b";
            why.gpus = 8;
            why.states = 123.4 * kGiB;
            why.reserved = 2 * kGiB;
            why.budget = 80 * kGiB;
            why.framework = "DeepSpeed (0.19.6)";
            const QString de = CoreText::infeasible(why, describe(why));
            QVERIFY2(de != QString::fromStdString(describe(why)), qPrintable(de));
            QVERIFY2(de.contains(kind == Infeasibility::Kind::Target ? QStringLiteral("DeepSpeed")
                                                                     : QStringLiteral("8")),
                     qPrintable(de));
            if (kind == Infeasibility::Kind::ModelStates)
                QVERIFY2(de.contains(QStringLiteral("123,4")) || de.contains(QStringLiteral("123.4")),
                         qPrintable(de));
        }
        QCOMPARE(CoreText::infeasible(Infeasibility{}, "cancelled"), QStringLiteral("cancelled"));

        // The tree view shows them: a pruned node's tooltip and the labels of a live tree.
        TreePanel panel;
        panel.addNodes(smallTree());
        panel.view()->flushLayout();
        const int sp_on = [&] {
            TreeNode n = smallTree()[2];
            n.id = 6;
            n.parent = 2;
            n.depth = 3;
            n.dimension = "sp";
            n.label = "sp on";
            panel.addNodes({n});
            panel.view()->flushLayout();
            return panel.view()->layoutData().indexOf(6);
        }();
        QCOMPARE(panel.view()->layoutData().at(sp_on).text, QStringLiteral("sp an"));
        switchLanguage(QStringLiteral("en"));
        QCOMPARE(panel.view()->layoutData().at(sp_on).text, QStringLiteral("sp on"));
    }
    // Issue 14: chart legends at 1024 px (and in German) wrap instead of eliding: every series name is
    // shown in full, inside the chart, below the plot area.
    void chartLegendsWrapWhenNarrow() {
        for (const QString& lang : {QStringLiteral("en"), QStringLiteral("de")}) {
            switchLanguage(lang);
            FrontierChart chart;
            chart.resize(430, 560);
            chart.show();
            QVERIFY(QTest::qWaitForWindowExposed(&chart));
            QTest::qWait(50);
            WrappingLegend* legend = chart.legendBox();
            QVERIFY(legend);
            QVERIFY(!chart.chart()->legend()->isVisible());
            const QString text = legend->text();
            int shown = 0;
            for (QLegendMarker* m : chart.chart()->legend()->markers())
                if (m->series()->isVisible() && !m->label().isEmpty()) {
                    ++shown;
                    QVERIFY2(text.contains(m->label()),
                             qPrintable(m->label() + QStringLiteral(" / ") + text));
                }
            QVERIFY(shown >= 4);
            QVERIFY(!text.contains(QStringLiteral("...")));
            // Two or more lines at this width, inside the chart and below the plot.
            const QFontMetricsF fm(chart.chart()->legend()->font());
            QVERIFY2(legend->height() > 1.5 * fm.height(), qPrintable(QString::number(legend->height())));
            const QRectF box = legend->geometry();
            QVERIFY2(chart.chart()->rect().contains(box), qPrintable(QStringLiteral("%1,%2 %3x%4")
                                                                         .arg(box.x())
                                                                         .arg(box.y())
                                                                         .arg(box.width())
                                                                         .arg(box.height())));
            QVERIFY(box.top() >= chart.chart()->plotArea().bottom());
        }
        // The memory bars ask for room for their wrapped legend when narrow (Compare at 1024 px).
        switchLanguage(QStringLiteral("de"));
        MemoryBarsWidget bars;
        bars.resize(600, 300);
        const int wide = bars.minimumSizeHint().height();
        bars.resize(240, 300);
        QVERIFY2(bars.minimumSizeHint().height() > wide + 40,
                 qPrintable(QStringLiteral("%1 vs %2").arg(bars.minimumSizeHint().height()).arg(wide)));
        switchLanguage(QStringLiteral("en"));
    }

    // Issue 13: a plan names the target framework it was searched for (`target` in the plan JSON:
    // optional, validated, old plans load); the CLI's `search --target` and the GUI write it; the plan
    // view shows the price of the target and what the target cannot express.
    void targetImpliesItsRuntime() {
        // Choosing a framework target costs plans with that framework's runtime preset; a runtime the
        // user loaded or edited stays. The CLI does the same when --runtime is not given.
        SearchSettings s;
        QCOMPARE(QString::fromStdString(s.options().cost.runtime.name), QLatin1String(kDefaultRuntime));
        auto* t = s.targetCombo();
        t->setCurrentIndex(t->findData(static_cast<int>(Target::Torchtitan)));
        QCOMPARE(s.options().target, Target::Torchtitan);
        QCOMPARE(QString::fromStdString(s.options().cost.runtime.name), QStringLiteral("torchtitan"));
        t->setCurrentIndex(t->findData(static_cast<int>(Target::DeepSpeed)));
        QCOMPARE(QString::fromStdString(s.options().cost.runtime.name), QStringLiteral("deepspeed"));
        t->setCurrentIndex(t->findData(static_cast<int>(Target::Any))); // any: the runtime stays
        QCOMPARE(QString::fromStdString(s.options().cost.runtime.name), QStringLiteral("deepspeed"));
        RuntimeProfile edited = runtimePreset("megatron-core");
        edited.name = "my-cluster-calibrated";
        s.useRuntime(edited);
        t->setCurrentIndex(t->findData(static_cast<int>(Target::Hetu)));
        QCOMPARE(QString::fromStdString(s.options().cost.runtime.name),
                 QStringLiteral("my-cluster-calibrated"));

        const auto runtimeOf = [](const QStringList& extra) {
            QProcess p;
            p.start(QStringLiteral(GX_EXPLORER_BIN),
                    QStringList{QStringLiteral("--cli"), QStringLiteral("search"), QStringLiteral("--model"),
                                QStringLiteral("llama2-7b"), QStringLiteral("--cluster"),
                                QStringLiteral("8xH100"), QStringLiteral("--batch"), QStringLiteral("64"),
                                QStringLiteral("--json"), QStringLiteral("--top"), QStringLiteral("1")} +
                        extra);
            if (!p.waitForFinished(180000) || p.exitCode() != 0)
                return QString::fromLocal8Bit(p.readAllStandardError());
            const auto j = nlohmann::json::parse(p.readAllStandardOutput().toStdString());
            return QString::fromStdString(j.at("best").at("plan").value("runtime", std::string("?")));
        };
        QCOMPARE(runtimeOf({QStringLiteral("--target"), QStringLiteral("torchtitan")}),
                 QStringLiteral("torchtitan"));
        QCOMPARE(runtimeOf({QStringLiteral("--target"), QStringLiteral("torchtitan"),
                            QStringLiteral("--runtime"), QStringLiteral("generic")}),
                 QStringLiteral("generic"));
        QCOMPARE(runtimeOf({}), QLatin1String(kDefaultRuntime));
    }

    void searchJsonSaysWhatIsProven() {
        // A complete search says so in its JSON: plans proven optimal, frontier complete.
        QProcess p;
        p.start(QStringLiteral(GX_EXPLORER_BIN),
                QStringList{QStringLiteral("--cli"), QStringLiteral("search"), QStringLiteral("--model"),
                            QStringLiteral("llama2-7b"), QStringLiteral("--cluster"),
                            QStringLiteral("8xH100"), QStringLiteral("--batch"), QStringLiteral("64"),
                            QStringLiteral("--json"), QStringLiteral("--time-limit"), QStringLiteral("0")});
        QVERIFY(p.waitForFinished(180000));
        QVERIFY2(p.exitCode() == 0, qPrintable(QString::fromLocal8Bit(p.readAllStandardError())));
        const auto j = nlohmann::json::parse(p.readAllStandardOutput().toStdString());
        QCOMPARE(j.at("proven_optimal").get<bool>(), true);
        QCOMPARE(j.at("frontier_partial").get<bool>(), false);
        QVERIFY(j.at("frontier").size() >= 2);
    }

    void planRecordsItsTarget() {
        // Plan JSON: optional, canonical id, named error for an unknown target.
        ModelProfile m = resolveModel("llama2-7b");
        ClusterProfile c = resolveCluster("8xH100");
        Plan base = defaultPlan(m, c);
        nlohmann::json j = toJson(base);
        QVERIFY(!j.contains("target"));          // unknown: not written
        QVERIFY(planFromJson(j).target.empty()); // plans without it load
        j["target"] = "Megatron-LM";
        QCOMPARE(QString::fromStdString(planFromJson(j).target), QStringLiteral("megatron"));
        QCOMPARE(QString::fromStdString(toJson(planFromJson(j))["target"].get<std::string>()),
                 QStringLiteral("megatron"));
        j["target"] = "fsdp-magic";
        try {
            (void)planFromJson(j);
            QFAIL("an unknown target was accepted");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("plan.target"));
            QVERIFY2(QString::fromStdString(e.reason()).contains(QStringLiteral("torchtitan")), e.what());
        }
        j["target"] = 3;
        QVERIFY_THROWS_EXCEPTION(InputError, (void)planFromJson(j));

        // GUI: a search for Megatron-LM.
        switchLanguage(QStringLiteral("en"));
        MainWindow w;
        QVERIFY(w.loadModel(QStringLiteral("llama2-7b")));
        QVERIFY(w.loadCluster(QStringLiteral("8xH100")));
        w.searchSettings()->batchesEdit()->setText(QStringLiteral("64"));
        SearchOptions o = w.searchSettings()->options();
        o.target = Target::Megatron;
        w.searchSettings()->setOptions(o);
        QCOMPARE(w.searchSettings()->options().target, Target::Megatron);
        QSignalSpy done(&w, &MainWindow::searchFinished);
        QVERIFY(w.runSearch());
        QVERIFY(done.wait(180000) || done.count() == 1);
        QVERIFY(w.currentPlan());
        QCOMPARE(QString::fromStdString(w.currentPlan()->plan.target), QStringLiteral("megatron"));
        const QString line = w.planView()->targetText();
        QVERIFY2(line.contains(QStringLiteral("Target Megatron-LM")) &&
                     line.contains(QStringLiteral("runs this plan exactly as planned")) &&
                     line.contains(QStringLiteral("Price of the target: best for Megatron-LM")) &&
                     line.contains(QStringLiteral("best for any runtime")),
                 qPrintable(line));
        // The price is the core's figure for these two plans.
        const auto& any = w.searchController()->lastUnconstrainedBest();
        QVERIFY(any.has_value());
        const RankedPlan best{w.currentPlan()->plan, w.currentPlan()->cost};
        QVERIFY2(line.contains(CoreText::targetPrice(targetPriceLine(Target::Megatron, best, *any))),
                 qPrintable(line));
        // What Megatron-LM cannot express of the unconstrained best plan (if it uses anything).
        const auto lost = inexpressible(any->plan, Target::Megatron);
        QCOMPARE(line.contains(QStringLiteral("cannot express")), !lost.empty());
        QVERIFY(switchLanguage(QStringLiteral("de")));
        QVERIFY2(w.planView()->targetText().contains(QStringLiteral("Preis des Ziels")),
                 qPrintable(w.planView()->targetText()));
        switchLanguage(QStringLiteral("en"));

        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("plan.json"));
        QString err;
        QVERIFY2(w.savePlanFile(file, &err), qPrintable(err));
        QCOMPARE(QString::fromStdString(readJsonFile(file.toStdString())["target"].get<std::string>()),
                 QStringLiteral("megatron"));
        QCOMPARE(QString::fromStdString(loadPlanFile(file.toStdString()).target), QStringLiteral("megatron"));
        // A plan searched for any runtime: the view names the frameworks that run it as planned.
        QVERIFY(w.openPlanFile(file, &err));
        QVERIFY(w.planView()->targetText().contains(QStringLiteral("Target Megatron-LM")));

        // CLI: `search --target megatron --out` writes it.
        const QString out = dir.filePath(QStringLiteral("cli.json"));
        QProcess p;
        p.start(QStringLiteral(GX_EXPLORER_BIN),
                {QStringLiteral("--cli"), QStringLiteral("search"), QStringLiteral("--model"),
                 QStringLiteral("llama2-7b"), QStringLiteral("--cluster"), QStringLiteral("8xH100"),
                 QStringLiteral("--batch"), QStringLiteral("64"), QStringLiteral("--target"),
                 QStringLiteral("megatron"), QStringLiteral("--out"), out});
        QVERIFY(p.waitForFinished(180000));
        QVERIFY2(p.exitCode() == 0, qPrintable(QString::fromLocal8Bit(p.readAllStandardError())));
        QCOMPARE(QString::fromStdString(loadPlanFile(out.toStdString()).target), QStringLiteral("megatron"));
    }
};

QTEST_MAIN(TestExplorer)
#include "test_explorer.moc"
