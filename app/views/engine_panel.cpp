// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - Engine panel (see engine_panel.h).
//
// Threading: the gx::engine::Engine owns one thread that runs every CUDA/NCCL call. Its callbacks
// arrive on that thread and are re-posted to this widget with QMetaObject::invokeMethod(...,
// Qt::QueuedConnection); each job writes into its own shared result object, which only the GUI thread
// reads after the job's "finished" arrives, so no QObject or shared state is touched across threads.
// Stale callbacks (from a job that is no longer the current one) are dropped by id.
#include "views/engine_panel.h"

#include "charts/chart_legend.h"

#include "gx/engine/logic.h"
#include "gx/error.h"
#include "gx/profile_io.h"

#include <QChart>
#include <QChartView>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <map>
#include <thread>

namespace gx::app {

namespace {

QChartView* makeChart(const QString& title, QWidget* parent) {
    auto* chart = new QChart;
    chart->setTitle(title);
    chart->legend()->setAlignment(Qt::AlignBottom);
    auto* view = new QChartView(chart, parent);
    view->setRenderHint(QPainter::Antialiasing);
    new WrappingLegend(view);
    view->setMinimumHeight(220);
    return view;
}

/// Replaces the series of a chart: x on a logarithmic axis (labels at powers of log_base), y linear from 0.
void fillChart(QChartView* view, const std::vector<std::pair<QString, std::vector<QPointF>>>& curves,
               const QString& x_title, const QString& y_title, double log_base) {
    QChart* chart = view->chart();
    chart->removeAllSeries();
    for (QAbstractAxis* a : chart->axes())
        chart->removeAxis(a);
    auto* ax = new QLogValueAxis;
    ax->setBase(log_base);
    ax->setMinorTickCount(0);
    ax->setLabelFormat(QStringLiteral("%g"));
    ax->setTitleText(x_title);
    auto* ay = new QValueAxis;
    ay->setTitleText(y_title);
    chart->addAxis(ax, Qt::AlignBottom);
    chart->addAxis(ay, Qt::AlignLeft);
    double xmin = 1e300, xmax = 0, ymax = 0;
    for (const auto& [name, pts] : curves) {
        auto* s = new QLineSeries;
        s->setName(name);
        s->setPointsVisible(true);
        for (const QPointF& p : pts) {
            s->append(p);
            xmin = std::min(xmin, p.x());
            xmax = std::max(xmax, p.x());
            ymax = std::max(ymax, p.y());
        }
        chart->addSeries(s);
        s->attachAxis(ax);
        s->attachAxis(ay);
    }
    if (xmax > 0) {
        ax->setRange(xmin / 1.5, xmax * 1.5);
        ay->setRange(0, ymax * 1.1);
    }
    if (auto* legend = view->findChild<WrappingLegend*>())
        legend->refresh();
}

QTableWidgetItem* cell(const QString& text) {
    auto* it = new QTableWidgetItem(text);
    it->setFlags(it->flags() & ~Qt::ItemIsEditable);
    return it;
}

} // namespace

EnginePanel::EnginePanel(QWidget* parent) : QWidget(parent), engine_(std::make_unique<engine::Engine>()) {
    auto* root = new QVBoxLayout(this);

    inventory_ = new QTableWidget(0, 8, this);
    inventory_->setHorizontalHeaderLabels({tr("GPU"), tr("Name"), tr("Memory (GiB)"), tr("SMs"),
                                           tr("Compute capability"), tr("SM clock (MHz)"),
                                           tr("Memory clock (MHz)"), tr("Links")});
    inventory_->horizontalHeader()->setStretchLastSection(true);
    inventory_->verticalHeader()->setVisible(false);
    inventory_->setMaximumHeight(160);
    root->addWidget(inventory_);

    auto* buttons = new QHBoxLayout;
    const std::pair<Job, QString> jobs[] = {
        {Job::Inventory, tr("Refresh devices")}, {Job::Gemm, tr("Profile GEMMs")},
        {Job::Layer, tr("Profile layer")},       {Job::Hbm, tr("Profile HBM")},
        {Job::Collectives, tr("Profile NCCL")},  {Job::All, tr("Profile all")},
    };
    for (const auto& [job, label] : jobs) {
        auto* b = new QPushButton(label, this);
        connect(b, &QPushButton::clicked, this, [this, j = job] { start(j); });
        buttons->addWidget(b);
        job_buttons_.append(b);
    }
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setEnabled(false);
    connect(cancel_, &QPushButton::clicked, this, &EnginePanel::cancel);
    buttons->addWidget(cancel_);
    root->addLayout(buttons);

    auto* status_row = new QHBoxLayout;
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 1000);
    progress_->setValue(0);
    status_ = new QLabel(this);
    status_->setWordWrap(true);
    status_row->addWidget(progress_, 1);
    status_row->addWidget(status_, 2);
    root->addLayout(status_row);

    auto* charts = new QSplitter(Qt::Horizontal, this);
    gemm_chart_ = makeChart(tr("GEMM throughput"), charts);
    nccl_chart_ = makeChart(tr("NCCL bus bandwidth"), charts);
    charts->addWidget(gemm_chart_);
    charts->addWidget(nccl_chart_);
    root->addWidget(charts, 1);

    auto* file_row = new QHBoxLayout;
    auto* load = new QPushButton(tr("Load results…"), this);
    auto* save_results = new QPushButton(tr("Save results…"), this);
    save_ = new QPushButton(tr("Save as cluster profile…"), this);
    save_->setEnabled(false);
    connect(load, &QPushButton::clicked, this, &EnginePanel::loadResultsInteractive);
    connect(save_results, &QPushButton::clicked, this, [this] {
        const QString f =
            QFileDialog::getSaveFileName(this, tr("Save measurements"), QString(), tr("JSON files (*.json)"));
        if (f.isEmpty())
            return;
        const QString e = saveResults(f);
        status_->setText(e.isEmpty() ? tr("Saved %1").arg(f) : e);
    });
    connect(save_, &QPushButton::clicked, this, &EnginePanel::saveProfileInteractive);
    file_row->addStretch(1);
    file_row->addWidget(load);
    file_row->addWidget(save_results);
    file_row->addWidget(save_);
    root->addLayout(file_row);

    // The inventory query is cheap and needs no job: it also tells whether the buttons can work.
    const engine::Inventory inv = engine::queryInventory();
    refreshInventory(inv, true);
    results_.inventory = inv;
    refreshCharts();
}

EnginePanel::~EnginePanel() {
    // Joins the engine thread first: no callback can arrive after this line.
    engine_.reset();
}

void EnginePanel::setBaseCluster(const ClusterProfile& base) {
    base_ = base;
}

void EnginePanel::setLayerConfig(const engine::LayerBenchConfig& cfg) {
    layer_ = cfg;
}

void EnginePanel::refreshInventory(const engine::Inventory& inv, bool live) {
    if (live)
        no_device_ = inv.available ? QString() : QString::fromStdString(inv.error);
    inventory_->setRowCount(int(inv.devices.size()));
    for (int r = 0; r < int(inv.devices.size()); ++r) {
        const auto& d = inv.devices[std::size_t(r)];
        QStringList links;
        for (const auto& l : inv.links)
            if (l.a == d.index || l.b == d.index)
                links << tr("%1: %2").arg(l.a == d.index ? l.b : l.a).arg(QString::fromStdString(l.path));
        inventory_->setItem(r, 0, cell(QString::number(d.index)));
        inventory_->setItem(r, 1, cell(QString::fromStdString(d.name)));
        inventory_->setItem(r, 2,
                            cell(QString::number(double(d.total_memory_bytes) / double(1ll << 30), 'f', 1)));
        inventory_->setItem(r, 3, cell(QString::number(d.sm_count)));
        inventory_->setItem(r, 4, cell(QStringLiteral("%1.%2").arg(d.cc_major).arg(d.cc_minor)));
        inventory_->setItem(r, 5, cell(QString::number(d.sm_clock_mhz)));
        inventory_->setItem(r, 6, cell(QString::number(d.mem_clock_mhz)));
        inventory_->setItem(r, 7, cell(links.join(QStringLiteral(", "))));
    }
    inventory_->resizeColumnsToContents();
    if (!live)
        return; // devices of loaded measurements: the buttons still follow this machine
    if (inv.available) {
        status_->setText(tr("%n GPU(s), driver %1", nullptr, int(inv.devices.size()))
                             .arg(QString::fromStdString(inv.driver_version)));
        status_->setToolTip(QString());
    } else {
        status_->setText(noDeviceText());
        status_->setToolTip(tr("CUDA runtime: %1").arg(no_device_));
    }
    setBusy(job_id_ != 0);
}

void EnginePanel::changeEvent(QEvent* e) {
    QWidget::changeEvent(e);
    if (e->type() == QEvent::LanguageChange && !no_device_.isEmpty()) {
        status_->setText(noDeviceText());
        status_->setToolTip(tr("CUDA runtime: %1").arg(no_device_));
    }
}

QString EnginePanel::plainNoDeviceReason(const QString& raw) {
    if (raw.contains(QLatin1String("InsufficientDriver")))
        return tr("The NVIDIA driver is missing or too old for this build's CUDA version.");
    if (raw.contains(QLatin1String("NoDevice")) || raw.contains(QLatin1String("0 devices")))
        return tr("No NVIDIA GPU is installed or visible (check CUDA_VISIBLE_DEVICES).");
    if (raw.contains(QLatin1String("NotPermitted")) || raw.contains(QLatin1String("DevicesUnavailable")))
        return tr("The GPUs are busy or reserved by another program.");
    return tr("The CUDA runtime could not start.");
}

QString EnginePanel::noDeviceText() const {
    return tr("No GPU found: %1 Profiling needs an NVIDIA GPU. Still available: load saved measurements, "
              "view "
              "their charts and save them as a cluster profile. Refresh devices checks again.")
        .arg(plainNoDeviceReason(no_device_));
}

bool EnginePanel::start(Job job) {
    if (job_id_ != 0) {
        status_->setText(tr("A profiling job is already running."));
        return false;
    }
    if (!no_device_.isEmpty() && job != Job::Inventory) {
        status_->setText(noDeviceText());
        return false;
    }
    auto out = std::make_shared<engine::ProfileResults>();
    const engine::LayerBenchConfig layer = layer_;
    engine::Engine::Work work = [out, job, layer](const engine::JobContext& ctx) {
        switch (job) {
        case Job::Inventory:
            out->inventory = engine::queryInventory();
            break;
        case Job::Gemm: {
            engine::GemmProfileOptions o;
            o.shapes = engine::defaultGemmShapes(layer);
            o.dtypes = {engine::DType::BF16, engine::DType::FP8};
            out->gemms = engine::profileGemms(o, ctx);
            break;
        }
        case Job::Layer: {
            engine::LayerProfileOptions o;
            o.base = layer;
            out->layers = engine::profileLayers(o, ctx);
            break;
        }
        case Job::Hbm:
            out->hbm = engine::profileHbm({}, ctx);
            break;
        case Job::Collectives:
            out->collectives = engine::profileCollectives({}, ctx);
            break;
        case Job::All: {
            engine::FullProfileOptions o;
            o.layer.base = layer;
            o.command = "galvatron-explorer Engine panel: Profile all";
            *out = engine::profileAll(o, ctx);
            break;
        }
        }
    };
    QPointer<EnginePanel> self(this);
    engine::Engine::Callbacks cb;
    // The id is only known after submit(); callbacks read it from a shared slot.
    auto id_slot = std::make_shared<std::atomic<int>>(0);
    cb.progress = [self, id_slot](double f, const std::string& m) {
        QMetaObject::invokeMethod(
            self.data(),
            [self, id = id_slot->load(), f, msg = QString::fromStdString(m)] {
                if (self)
                    self->onProgress(id, f, msg);
            },
            Qt::QueuedConnection);
    };
    cb.finished = [self, id_slot, out, job](engine::JobState s, const std::string& e) {
        QMetaObject::invokeMethod(
            self.data(),
            [self, id = id_slot->load(), out, job, s, err = QString::fromStdString(e)] {
                if (!self || id != self->job_id_)
                    return; // stale
                if (s == engine::JobState::Done) {
                    engine::ProfileResults merged = self->results_;
                    switch (job) {
                    case Job::Inventory:
                        merged.inventory = out->inventory;
                        self->refreshInventory(out->inventory, true);
                        break;
                    case Job::Gemm:
                        merged.gemms = out->gemms;
                        break;
                    case Job::Layer:
                        merged.layers = out->layers;
                        break;
                    case Job::Hbm:
                        merged.hbm = out->hbm;
                        break;
                    case Job::Collectives:
                        merged.collectives = out->collectives;
                        break;
                    case Job::All:
                        merged = *out;
                        break;
                    }
                    if (merged.date.empty())
                        merged.date = engine::utcNow();
                    if (merged.command.empty())
                        merged.command = "galvatron-explorer Engine panel";
                    self->setResults(merged);
                }
                self->onFinished(id, s, err);
            },
            Qt::QueuedConnection);
    };
    // Hold the slot until the id is stored: the engine cannot report before submit() returns the id
    // only if the job has not started, so store first, then let callbacks read it.
    const int id = engine_->submit(
        "engine-panel",
        [work, id_slot](const engine::JobContext& ctx) {
            while (id_slot->load() == 0)
                std::this_thread::yield();
            work(ctx);
        },
        cb);
    id_slot->store(id);
    job_id_ = id;
    setBusy(true);
    status_->setText(tr("Running…"));
    return true;
}

void EnginePanel::cancel() {
    if (job_id_ != 0) {
        engine_->cancel(job_id_);
        status_->setText(tr("Cancelling…"));
    }
}

void EnginePanel::setBusy(bool busy) {
    // Refresh devices stays available without a GPU (a driver may have been installed meanwhile).
    const QString needs_gpu = tr("Needs an NVIDIA GPU with a working driver");
    for (int i = 0; i < job_buttons_.size(); ++i) {
        const bool refresh = i == int(Job::Inventory);
        job_buttons_[i]->setEnabled(!busy && (refresh || no_device_.isEmpty()));
        job_buttons_[i]->setToolTip(!refresh && !no_device_.isEmpty() ? needs_gpu : QString());
    }
    cancel_->setEnabled(busy);
    if (busy)
        progress_->setValue(0);
}

void EnginePanel::onProgress(int id, double fraction, const QString& message) {
    if (id != job_id_)
        return;
    progress_->setValue(int(std::clamp(fraction, 0.0, 1.0) * 1000));
    status_->setText(message);
}

void EnginePanel::onFinished(int id, engine::JobState state, const QString& error) {
    if (id != job_id_)
        return;
    job_id_ = 0;
    setBusy(false);
    switch (state) {
    case engine::JobState::Done:
        progress_->setValue(1000);
        status_->setText(tr("Done."));
        break;
    case engine::JobState::Cancelled:
        status_->setText(tr("Cancelled."));
        break;
    default:
        status_->setText(tr("Failed: %1").arg(error));
        break;
    }
    emit jobFinished(state == engine::JobState::Done);
}

void EnginePanel::setResults(const engine::ProfileResults& results) {
    results_ = results;
    refreshInventory(results_.inventory, false);
    refreshCharts();
    bool measured = !results_.inventory.devices.empty() &&
                    (!results_.gemms.empty() || !results_.hbm.empty() || !results_.collectives.empty());
    save_->setEnabled(measured);
}

void EnginePanel::refreshCharts() {
    // GEMM: TFLOP/s vs the smallest GEMM dimension, one curve per dtype.
    std::map<std::string, std::vector<QPointF>> gemm;
    for (const auto& g : results_.gemms)
        gemm[engine::toString(g.dtype)].emplace_back(double(std::min({g.shape.m, g.shape.n, g.shape.k})),
                                                     g.tflops);
    std::vector<std::pair<QString, std::vector<QPointF>>> gc;
    for (auto& [name, pts] : gemm) {
        std::sort(pts.begin(), pts.end(), [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); });
        gc.emplace_back(QString::fromStdString(name).toUpper(), pts);
    }
    fillChart(gemm_chart_, gc, tr("smallest GEMM dimension"), tr("TFLOP/s"), 2.0);
    // NCCL: bus bandwidth vs message size, one curve per (collective, group size).
    std::map<std::pair<int, int>, std::vector<QPointF>> nccl;
    for (const auto& p : results_.collectives)
        nccl[{int(p.op), p.group_size}].emplace_back(double(p.bytes), p.busbw_gbs);
    std::vector<std::pair<QString, std::vector<QPointF>>> nc;
    for (auto& [key, pts] : nccl) {
        std::sort(pts.begin(), pts.end(), [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); });
        nc.emplace_back(tr("%1, %2 GPUs")
                            .arg(QString::fromLatin1(engine::collectiveName(gx::Collective(key.first))))
                            .arg(key.second),
                        pts);
    }
    fillChart(nccl_chart_, nc, tr("message size (bytes)"), tr("bus bandwidth (GB/s)"), 10.0);
}

ClusterProfile EnginePanel::measuredProfile() const {
    ClusterProfile base = base_;
    base.name.clear();
    return engine::toClusterProfile(results_, base);
}

QString EnginePanel::saveProfile(const QString& path) const {
    try {
        const ClusterProfile c = measuredProfile();
        writeJsonFile(path.toStdString(), toJson(c));
        return {};
    } catch (const std::exception& e) {
        return tr("Could not save the profile: %1").arg(QString::fromStdString(e.what()));
    }
}

QString EnginePanel::saveResults(const QString& path) const {
    try {
        writeJsonFile(path.toStdString(), engine::toJson(results_));
        return {};
    } catch (const std::exception& e) {
        return tr("Could not save the measurements: %1").arg(QString::fromStdString(e.what()));
    }
}

QString EnginePanel::loadResults(const QString& path) {
    try {
        setResults(engine::profileResultsFromJson(readJsonFile(path.toStdString())));
        return {};
    } catch (const std::exception& e) {
        return tr("Could not load measurements: %1").arg(QString::fromStdString(e.what()));
    }
}

void EnginePanel::saveProfileInteractive() {
    const QString f = QFileDialog::getSaveFileName(this, tr("Save as cluster profile"), QString(),
                                                   tr("JSON files (*.json)"));
    if (f.isEmpty())
        return;
    const QString e = saveProfile(f);
    if (e.isEmpty()) {
        status_->setText(tr("Saved cluster profile %1").arg(f));
        emit profileMeasured(measuredProfile());
    } else {
        status_->setText(e);
    }
}

void EnginePanel::loadResultsInteractive() {
    const QString f =
        QFileDialog::getOpenFileName(this, tr("Load measurements"), QString(), tr("JSON files (*.json)"));
    if (f.isEmpty())
        return;
    const QString e = loadResults(f);
    status_->setText(e.isEmpty() ? tr("Loaded %1").arg(f) : e);
}

} // namespace gx::app
