// SPDX-License-Identifier: Apache-2.0
// Offscreen tests of the Multi-model panel (app/views/scheduler): jobs table -> background heuristic
// -> Gantt chart, tooltips, MILP on demand, export.
#include "views/scheduler/duration_curve.h"
#include "views/scheduler/gantt_chart.h"
#include "views/scheduler/scheduler_panel.h"

#include "gx/presets.h"
#include "gx/profile_io.h"
#include "gx/scheduler.h"

#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

using namespace gx;
using namespace gx::app;

namespace {
Job tableJob(const std::string& name, std::map<int, double> times, std::int64_t steps = 1) {
    Job j;
    j.name = name;
    j.model = "synthetic";
    j.global_batch = 8;
    j.steps = steps;
    j.iteration_times = std::move(times);
    return j;
}

/// Waits until the panel has shown a schedule for the latest edits.
bool waitIdle(SchedulerPanel& p) {
    return QTest::qWaitFor([&] { return !p.busy(); }, 20000);
}
} // namespace

class TestSchedulerGui : public QObject {
    Q_OBJECT
private slots:
    void heuristicRunsAfterEdits() {
        SchedulerPanel panel;
        panel.setCluster(QStringLiteral("2x8xA100-80G-IB"));
        QCOMPARE(panel.cluster().totalGpus(), 16);
        // Same instance as tests/data/jobs/synthetic.json (hand-computed optimum 50 s).
        panel.setJobs({tableJob("A", {{1, 100}, {2, 50}, {4, 25}, {8, 12.5}, {16, 6.25}}),
                       tableJob("B", {{1, 100}, {2, 50}, {4, 25}, {8, 12.5}, {16, 6.25}}),
                       tableJob("C", {{4, 40}, {8, 25}}, 2), tableJob("D", {{32, 10}})});
        QVERIFY(waitIdle(panel));
        QCOMPARE(panel.schedule().makespan, 50.0);
        QCOMPARE(panel.schedule().jobs.size(), std::size_t(3));
        QCOMPARE(panel.baselines().size(), std::size_t(3));
        QVERIFY(panel.summaryText().contains(QStringLiteral("D cannot run")));
        QVERIFY(panel.summaryText().contains(QStringLiteral("gap 0.0%")));

        // Gantt: bars where the jobs are, tooltip with the plan, one colour per job.
        GanttChart* g = panel.gantt();
        g->resize(800, 400);
        for (int i = 0; i < 3; ++i) {
            const QRectF r = g->barRect(i);
            QVERIFY(r.isValid());
            QCOMPARE(g->barAt(r.center().toPoint()), i);
            QVERIFY(
                g->tooltipFor(i).contains(QString::fromStdString(g->schedule().jobs[std::size_t(i)].name)));
        }
        QVERIFY(GanttChart::jobColor(0) != GanttChart::jobColor(1));
        QImage img(800, 400, QImage::Format_ARGB32);
        g->render(&img); // paints without crashing

        // Editing a cell reschedules: C with 10 steps -> 10 x 25 = 250 s on one node.
        QSignalSpy spy(&panel, &SchedulerPanel::scheduleChanged);
        panel.jobsTable()->item(2, 3)->setText(QStringLiteral("10"));
        QVERIFY(waitIdle(panel));
        QVERIFY(spy.count() >= 1);
        QCOMPARE(panel.schedule().makespan, 250.0);

        // Bad cell: the summary names the field, the previous schedule stays.
        panel.jobsTable()->item(0, 2)->setText(QStringLiteral("zero"));
        QVERIFY(waitIdle(panel));
        QVERIFY(panel.summaryText().contains(QStringLiteral("jobs[0].global_batch")));
    }

    void milpAndExport() {
        SchedulerPanel panel;
        panel.setCluster(QStringLiteral("8xA100-80G"));
        panel.setJobs({tableJob("x", {{1, 30}, {2, 16}, {4, 9}, {8, 6}}),
                       tableJob("y", {{1, 20}, {2, 11}, {4, 7}}),
                       tableJob("z", {{2, 40}, {4, 21}, {8, 12}})});
        QVERIFY(waitIdle(panel));
        const double heuristic = panel.schedule().makespan;
        QVERIFY(heuristic > 0);
        if (milpAvailable()) {
            panel.solveExactly();
            QVERIFY(waitIdle(panel));
            QCOMPARE(panel.schedule().algorithm, std::string("milp"));
            QVERIFY(panel.schedule().makespan <= heuristic + 1e-9);
            QVERIFY(panel.schedule().optimal);
        }
        QTemporaryDir dir;
        QString err;
        QVERIFY2(panel.exportScheduleJson(dir.filePath(QStringLiteral("s.json")), &err), qPrintable(err));
        const auto j = readJsonFile(dir.filePath(QStringLiteral("s.json")).toStdString());
        QCOMPARE(j["jobs"].size(), std::size_t(3));
        QCOMPARE(j["makespan_s"].get<double>(), panel.schedule().makespan);
        QVERIFY(panel.exportScripts(dir.filePath(QStringLiteral("scripts")), &err));
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("scripts/x.sh"))));
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("scripts/x.sh"))).isExecutable());
        QFile sh(dir.filePath(QStringLiteral("scripts/x.sh")));
        QVERIFY(sh.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(sh.readAll());
        QVERIFY(text.contains(QStringLiteral("CUDA_VISIBLE_DEVICES=")));
        QVERIFY(text.contains(QStringLiteral("torchrun --nnodes 1")));
        // Save + load round trip of the jobs table.
        QVERIFY(panel.saveJobsFile(dir.filePath(QStringLiteral("jobs.json")), &err));
        SchedulerPanel other;
        QVERIFY2(other.loadJobsFile(dir.filePath(QStringLiteral("jobs.json")), &err), qPrintable(err));
        QCOMPARE(other.jobs().size(), std::size_t(3));
        QCOMPARE(other.cluster().name, panel.cluster().name);
        QVERIFY(waitIdle(other));
    }

    void defaultExampleRunsOnTheDefaultCards() {
        // The tab's own example on the explorer's default cluster (4 x 24 GB): the 6.7B sweep spills
        // (Hydra) instead of being reported infeasible, so every job is on the Gantt chart.
        SchedulerPanel panel;
        panel.setCluster(QStringLiteral("4xRTX4090-PCIe"));
        panel.setJobs(SchedulerPanel::defaultJobs());
        QVERIFY(waitIdle(panel));
        QCOMPARE(panel.schedule().jobs.size(), SchedulerPanel::defaultJobs().size());
        QVERIFY2(!panel.summaryText().contains(QStringLiteral("cannot run")),
                 qPrintable(panel.summaryText()));
    }

    void clusterByValue() {
        // Issue 14 bug 5: an edited preset that keeps its name is used as edited, not looked up again.
        SchedulerPanel panel;
        ClusterProfile c = resolveCluster("2x8xA100-80G-IB");
        c.nodes = 1; // edited, same name
        panel.setCluster(c);
        QCOMPARE(panel.cluster().name, std::string("2x8xA100-80G-IB"));
        QCOMPARE(panel.cluster().totalGpus(), 8);
        panel.setJobs({tableJob("A", {{8, 10}, {16, 5}})});
        QVERIFY(waitIdle(panel));
        QCOMPARE(panel.schedule().jobs.at(0).gpus, 8); // 16 GPUs do not exist on the edited cluster
    }

    void markDoneReplans() {
        SchedulerPanel panel;
        panel.setCluster(QStringLiteral("8xA100-40G"));
        panel.setJobs({tableJob("A", {{4, 10}, {8, 5}}), tableJob("B", {{4, 10}, {8, 5}}),
                       tableJob("C", {{4, 10}, {8, 5}})});
        QVERIFY(waitIdle(panel));
        QCOMPARE(panel.schedule().makespan, 15.0);
        // The first job ends at 2 s instead of 5 s: the others move earlier by 3 s.
        const auto first = panel.schedule().jobs.front();
        panel.markJob(QString::fromStdString(first.name), 2.0, false);
        QVERIFY(waitIdle(panel));
        QVERIFY(panel.progress().has_value());
        QCOMPARE(panel.schedule().makespan, 12.0);
        QCOMPARE(panel.schedule().jobs.front().status, JobStatus::Done);
        QVERIFY(panel.summaryText().contains(QStringLiteral("1 done")));
        // The Gantt chart labels every bar, and the curve explains the chosen count.
        panel.gantt()->resize(800, 300);
        panel.gantt()->grab();
        for (int i = 0; i < static_cast<int>(panel.schedule().jobs.size()); ++i)
            QVERIFY(!panel.gantt()->labelFor(i).isEmpty());
        panel.showCurveFor(1);
        QCOMPARE(panel.curve()->barCount(), 2);
        QVERIFY(panel.curve()->title().contains(
            QStringLiteral("on %1 GPUs").arg(panel.schedule().jobs.at(1).gpus)));
        panel.resetProgress();
        QVERIFY(waitIdle(panel));
        QVERIFY(!panel.progress().has_value());
        QCOMPARE(panel.schedule().makespan, 15.0);
    }

    void islandsInGantt() {
        // Summit-like node: 6 GPUs in NVLink islands of 3. Each bar covers exactly rows of one island,
        // and the tooltip and the result table name node and island.
        ClusterProfile c = resolveCluster("2x8xA100-80G-IB");
        c.name = "summit-like";
        c.nodes = 1;
        c.gpus_per_node = 6;
        c.nvlink_island_size = 3;
        SchedulerPanel panel;
        panel.setCluster(c);
        panel.setJobs({tableJob("P", {{3, 40}}), tableJob("Q", {{2, 30}}), tableJob("R", {{1, 30}})});
        QVERIFY(waitIdle(panel));
        QCOMPARE(panel.schedule().jobs.size(), std::size_t(3));
        QCOMPARE(panel.schedule().makespan, 40.0);
        GanttChart* g = panel.gantt();
        g->resize(800, 400);
        const QRectF first = g->barRect(0);
        for (int i = 0; i < 3; ++i) {
            const auto& j = g->schedule().jobs[std::size_t(i)];
            const QRectF r = g->barRect(i);
            // Rows: plot top + GPU id * row height (the bar is inset by 1 px).
            const double rh = (r.height() + 2) / j.slot.count;
            const double top = r.top() - 1 - j.slot.first * rh; // the plot's top, the same for every bar
            QVERIFY(std::abs(top - (first.top() - 1 - g->schedule().jobs[0].slot.first * rh)) < 1e-6);
            const int island = j.slot.first / 3;
            QVERIFY(r.top() >= top + island * 3 * rh);
            QVERIFY(r.bottom() <= top + (island + 1) * 3 * rh);
            QVERIFY2(g->tooltipFor(i).contains(QStringLiteral("node 0, NVLink island %1").arg(island)),
                     qPrintable(g->tooltipFor(i)));
            QVERIFY(
                panel.resultTable()->item(i, 2)->text().contains(QStringLiteral("island %1").arg(island)));
        }
        QCOMPARE(GanttChart::placementText({6, 6}, resolveCluster("2x8xA100-80G-IB")),
                 QStringLiteral("nodes 0-1"));
        QCOMPARE(GanttChart::placementText({8, 4}, resolveCluster("2x8xA100-80G-IB")),
                 QStringLiteral("node 1"));
        c.nodes = 2;
        QCOMPARE(GanttChart::placementText({6, 6}, c), QStringLiteral("node 1, NVLink islands 0-1"));
        g->grab(); // paints the island lines and GPU ids without crashing
    }

    void fitsSmallWindow() {
        // The tab must fit a 1024 x 700 window beside the docks (about 500 x 590 px) without scrolling.
        SchedulerPanel panel;
        panel.setCluster(QStringLiteral("32x8xA100-80G-IB"));
        QVERIFY(waitIdle(panel));
        const QSize m = panel.minimumSizeHint();
        qInfo("minimum size %dx%d", m.width(), m.height());
        QVERIFY(m.width() <= 480);
        QVERIFY(m.height() <= 580);
    }
};

QTEST_MAIN(TestSchedulerGui)
#include "test_scheduler_gui.moc"
