// SPDX-License-Identifier: Apache-2.0
// GUI test of the Engine panel (offscreen): inventory table, refusal without a device, a job through
// the engine thread back to the GUI thread, charts from saved measurements, "Save as cluster profile".
#include "views/engine_panel.h"

#include "gx/engine/engine.h"
#include "gx/engine/logic.h"
#include "gx/profile_io.h"

#include <nlohmann/json.hpp>

#include <QAbstractSeries>
#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTableWidgetItem>
#include <QTemporaryDir>
#include <QTest>
#include <QXYSeries>

using namespace gx;
using namespace gx::engine;

namespace {

ProfileResults sampleResults() {
    ProfileResults r;
    r.inventory.available = true;
    DeviceInfo d;
    d.name = "NVIDIA H100 80GB HBM3";
    d.cc_major = 9;
    d.sm_count = 132;
    d.total_memory_bytes = 85520809984;
    r.inventory.devices = {d, d}; // two GPUs: the all-reduce curve below is over 2
    r.inventory.devices[1].index = 1;
    r.inventory.driver_version = "580.159.04";
    r.date = "2026-11-23T10:00:00Z";
    for (std::int64_t n : {1024, 2048, 4096}) {
        GemmResult g;
        g.shape = {"square", n, n, n};
        g.tflops = 100.0 * double(n) / 1024.0; // 100, 200, 400
        g.time_us = g.shape.flops() / (g.tflops * 1e12) * 1e6;
        r.gemms.push_back(g);
        g.dtype = DType::FP8;
        g.tflops *= 2;
        r.gemms.push_back(g);
    }
    for (std::int64_t b : messageSizes(1024, 1 << 20, 4)) // 1 KiB, 4 KiB ... 1 MiB: 6 sizes
        r.collectives.push_back(makeCollectivePoint(Collective::AllReduce, 2, b, 10.0 + double(b) / 1e5));
    return r;
}

QList<QXYSeries*> xySeries(QChartView* v) {
    QList<QXYSeries*> out;
    for (QAbstractSeries* s : v->chart()->series())
        out << qobject_cast<QXYSeries*>(s);
    return out;
}

} // namespace

class TestEnginePanel : public QObject {
    Q_OBJECT
private slots:
    void inventoryAndDeviceRefusal() {
        app::EnginePanel panel;
        const Inventory inv = queryInventory();
        QCOMPARE(panel.inventoryTable()->rowCount(), int(inv.devices.size()));
        if (!inv.available) {
            // Plain words, not the CUDA runtime's "cudaErrorInsufficientDriver ..." (kept in the tooltip),
            // and what still works.
            const QString text = panel.statusLabel()->text();
            QVERIFY2(text.startsWith(QStringLiteral("No GPU found")), qPrintable(text));
            QVERIFY2(!text.contains(QStringLiteral("cudaError")), qPrintable(text));
            QVERIFY(text.contains(QStringLiteral("load saved measurements")));
            QVERIFY(panel.statusLabel()->toolTip().contains(QString::fromStdString(inv.error)));
            QVERIFY(panel.jobButton(app::EnginePanel::Job::Inventory)->isEnabled()); // can check again
            QVERIFY(!panel.jobButton(app::EnginePanel::Job::Gemm)->isEnabled());
            QVERIFY(!panel.start(app::EnginePanel::Job::Gemm)); // refused, says why
            QVERIFY(panel.statusLabel()->text().startsWith(QStringLiteral("No GPU found")));
            QVERIFY(!panel.isRunning());
        }
        QCOMPARE(app::EnginePanel::plainNoDeviceReason(QStringLiteral(
                     "cudaErrorInsufficientDriver: CUDA driver version is insufficient for CUDA "
                     "runtime version")),
                 QStringLiteral("The NVIDIA driver is missing or too old for this build's CUDA version."));
        QVERIFY(
            app::EnginePanel::plainNoDeviceReason(QStringLiteral("cudaErrorNoDevice: no CUDA-capable device"))
                .startsWith(QStringLiteral("No NVIDIA GPU is installed")));
    }

    void inventoryJobRoundTripsThroughEngineThread() {
        app::EnginePanel panel;
        QSignalSpy done(&panel, &app::EnginePanel::jobFinished);
        QVERIFY(panel.start(app::EnginePanel::Job::Inventory));
        QVERIFY(panel.isRunning());
        QVERIFY(!panel.start(app::EnginePanel::Job::Inventory)); // one job at a time
        QVERIFY(done.wait(10000));
        QCOMPARE(done.first().first().toBool(), true);
        QVERIFY(!panel.isRunning());
    }

    void chartsFromSavedResultsAndProfileExport() {
        QTemporaryDir dir;
        const QString raw = dir.filePath(QStringLiteral("raw.json"));
        writeJsonFile(raw.toStdString(), toJson(sampleResults()));
        app::EnginePanel panel;
        panel.setBaseCluster(ClusterProfile{});
        QCOMPARE(panel.loadResults(raw), QString());
        QCOMPARE(panel.inventoryTable()->rowCount(), 2); // the measured machine's devices
        QCOMPARE(panel.inventoryTable()->item(1, 1)->text(), QStringLiteral("NVIDIA H100 80GB HBM3"));
        const auto gemm = xySeries(panel.gemmChart());
        QCOMPARE(gemm.size(), 2); // BF16 and FP8
        QCOMPARE(gemm[0]->count(), 3);
        QCOMPARE(gemm[0]->at(2), QPointF(4096, 400)); // sorted by size
        const auto nccl = xySeries(panel.ncclChart());
        QCOMPARE(nccl.size(), 1);
        QCOMPARE(nccl[0]->count(), 6);

        if (const QByteArray shots = qgetenv("GX_SCREENSHOT_DIR"); !shots.isEmpty()) {
            panel.resize(1100, 700);
            panel.grab().save(QString::fromLocal8Bit(shots) + QStringLiteral("/engine_panel.png"));
        }
        const QString out = dir.filePath(QStringLiteral("profile.json"));
        QCOMPARE(panel.saveProfile(out), QString());
        const ClusterProfile c = loadClusterFile(out.toStdString());
        QCOMPARE(QString::fromStdString(c.gpu.name), QStringLiteral("NVIDIA H100 80GB HBM3"));
        QCOMPARE(c.gpu.gemm_efficiency, 400.0 / 989.4); // best BF16 GEMM with all dims >= 1024
        QCOMPARE(c.measured.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(c.provenance.at("driver")), QStringLiteral("580.159.04"));

        QVERIFY(!panel.loadResults(dir.filePath(QStringLiteral("missing.json"))).isEmpty());
        app::EnginePanel empty;
        empty.setResults(ProfileResults{});
        QVERIFY(!empty.saveProfile(dir.filePath(QStringLiteral("nothing.json"))).isEmpty());
        // Inconsistent measurements are refused with the field named, not written.
        ProfileResults bad = sampleResults();
        bad.inventory.devices.resize(1);
        empty.setResults(bad);
        QVERIFY(empty.saveProfile(dir.filePath(QStringLiteral("bad.json")))
                    .contains(QStringLiteral("group_size")));
    }
};

QTEST_MAIN(TestEnginePanel)
#include "test_engine_panel.moc"
