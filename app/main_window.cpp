// SPDX-License-Identifier: Apache-2.0
#include "main_window.h"

#include "app_resources.h"
#include "charts/frontier_chart.h"
#include "core_text.h"
#include "file_actions.h"
#include "gx/error.h"
#include "gx/presets.h"
#include "gx/profile_io.h"
#include "gx/target_search.h"
#include "gx/units.h"
#include "i18n.h"
#include "plan_utils.h"
#include "views/export_dialog.h"
#include "views/plan_widgets.h"
#include "views/profile_editors.h"
#include "views/search_settings.h"
#include "views/sweep_panel.h"
#include "views/tree_view.h"
#include "views/whatif_panel.h"

#include "views/scheduler/scheduler_panel.h"
#ifdef GX_HAVE_ENGINE
#include "views/engine_panel.h"
#endif

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

namespace gx::app {

namespace {
QDockWidget* makeDock(const QString& title, const QString& name, QWidget* content, QMainWindow* w) {
    auto* dock = new QDockWidget(title, w);
    dock->setObjectName(name);
    auto* scroll = new QScrollArea(dock);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // Contents follow the dock's width (forms wrap their labels) instead of scrolling sideways.
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    dock->setWidget(scroll);
    return dock;
}
} // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setWindowTitle(tr("Galvatron Explorer"));
    setWindowIcon(icon(QStringLiteral("galvatron-explorer")));
    controller_ = new SearchController(this);
    session_ = new Session(this);

    buildViewTabs();
    buildDocks();
    connectSearchAndProfiles();
    connectViews();

    buildMenus();
    setRunning(false);
    statusBar()->showMessage(tr("Ready"));
    restoreSession();
}

void MainWindow::buildViewTabs() {
    tabs_ = new QTabWidget(this);
    tabs_->setDocumentMode(true);
    plan_view_ = new PlanView(this);
    memory_ = new MemoryBarsWidget(this);
    timeline_ = new TimelineWidget(this);
    tree_ = new TreePanel(this);
    frontier_ = new FrontierChart(this);
    sweeps_ = new SweepPanel(this);
    compare_ = new CompareView(this);
    whatif_ = new WhatIfPanel(this);
    tabs_->addTab(plan_view_, tr("Plan"));
    tabs_->addTab(memory_, tr("Memory"));
    tabs_->addTab(timeline_, tr("Timeline"));
    tabs_->addTab(tree_, tr("Decision tree"));
    tabs_->addTab(frontier_, tr("Frontier"));
    tabs_->addTab(sweeps_, tr("Sweeps"));
    // Panels with wide minimum sizes sit in scroll areas so that they never force the window wider
    // than 1024 px.
    auto scrolled = [this](QWidget* w) {
        auto* area = new QScrollArea(this);
        area->setWidget(w);
        area->setWidgetResizable(true);
        area->setFrameShape(QFrame::NoFrame);
        return area;
    };
    tabs_->addTab(scrolled(compare_), tr("Compare"));
    tabs_->addTab(whatif_, tr("What-if"));
    multimodel_ = new SchedulerPanel(this);
    tabs_->addTab(scrolled(multimodel_), tr("Multi-model"));
#ifdef GX_HAVE_ENGINE
    engine_ = new EnginePanel(this);
    tabs_->addTab(scrolled(engine_), tr("Engine"));
#endif
    for (int i = 0; i < tabs_->count(); ++i)
        tabs_->widget(i)->setObjectName(viewNames().value(i));
    setCentralWidget(tabs_);
}

void MainWindow::buildDocks() {
    model_editor_ = new ModelEditor(this);
    cluster_editor_ = new ClusterEditor(this);
    auto* model_dock = makeDock(tr("Model"), QStringLiteral("model_dock"), model_editor_, this);
    auto* cluster_dock = makeDock(tr("Cluster"), QStringLiteral("cluster_dock"), cluster_editor_, this);
    addDockWidget(Qt::LeftDockWidgetArea, model_dock);
    addDockWidget(Qt::LeftDockWidgetArea, cluster_dock);
    tabifyDockWidget(model_dock, cluster_dock);
    model_dock->raise();

    auto* search_dock = makeDock(tr("Search"), QStringLiteral("search_dock"), buildSearchBox(), this);
    addDockWidget(Qt::RightDockWidgetArea, search_dock);
    search_dock->setMinimumWidth(280);
    model_dock->setMinimumWidth(220);
    model_dock_ = model_dock;
    search_dock_ = search_dock;
}

QWidget* MainWindow::buildSearchBox() {
    auto* search_box = new QWidget(this);
    auto* sl = new QVBoxLayout(search_box);
    auto* buttons = new QHBoxLayout;
    run_button_ = new QPushButton(icon(QStringLiteral("run")), tr("Run"), this);
    cancel_button_ = new QPushButton(icon(QStringLiteral("cancel")), tr("Cancel"), this);
    run_button_->setToolTip(tr("Search the best plans (Ctrl+R)"));
    cancel_button_->setToolTip(tr("Cancel the search (Esc)"));
    buttons->addWidget(run_button_);
    buttons->addWidget(cancel_button_);
    sl->addLayout(buttons);
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 1000);
    progress_->setValue(0);
    progress_->setFormat(QStringLiteral("%p%"));
    sl->addWidget(progress_);
    eta_ = new QLabel(this);
    eta_->setObjectName(QStringLiteral("search_eta"));
    search_status_ = new QLabel(this);
    search_status_->setObjectName(QStringLiteral("search_status"));
    search_status_->setWordWrap(true);
    sl->addWidget(eta_);
    sl->addWidget(search_status_);
    sl->addWidget(new QLabel(tr("Best plans:"), this));
    top_list_ = new QListWidget(this);
    top_list_->setMinimumHeight(90);
    top_list_->setWordWrap(true);
    sl->addWidget(top_list_);
    search_settings_ = new SearchSettings(this);
    sl->addWidget(search_settings_);
    sl->addStretch(1);
    return search_box;
}

void MainWindow::connectSearchAndProfiles() {
    connect(run_button_, &QPushButton::clicked, this, &MainWindow::runSearch);
    connect(cancel_button_, &QPushButton::clicked, this, &MainWindow::cancelSearch);
    connect(controller_, &SearchController::batchReady, this, &MainWindow::onBatch);
    connect(controller_, &SearchController::progressChanged, this, &MainWindow::onProgress);
    connect(controller_, &SearchController::finished, this, &MainWindow::onFinished);
    connect(controller_, &SearchController::failed, this, &MainWindow::onFailed);
    connect(model_editor_, &ModelEditor::modelChanged, this, &MainWindow::profilesChanged);
    connect(cluster_editor_, &ClusterEditor::clusterChanged, this, &MainWindow::profilesChanged);
    connect(model_editor_, &ModelEditor::fileLoaded, this, [this](const QString& path) {
        model_file_ = {QFileInfo(path).absoluteFilePath(),
                       QString::fromStdString(model_editor_->model().name)};
        if (!restoring_)
            rememberProfiles();
    });
    connect(cluster_editor_, &ClusterEditor::fileLoaded, this, [this](const QString& path) {
        cluster_file_ = {QFileInfo(path).absoluteFilePath(),
                         QString::fromStdString(cluster_editor_->cluster().name)};
        if (!restoring_)
            rememberProfiles();
    });
    files_ = new FileActions(this, settings_, model_editor_, cluster_editor_, session_, search_settings_);
    connect(files_, &FileActions::message, this, &MainWindow::showMessage);
    connect(model_editor_, &ModelEditor::openRequested, files_, &FileActions::openModel);
    connect(model_editor_, &ModelEditor::importRequested, files_, &FileActions::importHuggingFace);
    connect(model_editor_, &ModelEditor::saveRequested, files_, &FileActions::saveModel);
    connect(cluster_editor_, &ClusterEditor::openRequested, files_, &FileActions::openCluster);
    connect(cluster_editor_, &ClusterEditor::saveRequested, files_, &FileActions::saveCluster);
}

void MainWindow::connectViews() {
    // The views follow the session.
    connect(session_, &Session::currentPlanChanged, this, &MainWindow::planChanged);
    connect(session_, &Session::knownPlansChanged, this, [this](const std::vector<NamedPlan>& plans) {
        compare_->setPlans(plans, cluster_editor_->cluster().gpu.memory_gib * kGiB);
    });
    connect(session_, &Session::profilesChanged, this, &MainWindow::followProfiles);
    connect(session_, &Session::error, this, [this](const QString& m) { showMessage(m, true); });

    connect(top_list_, &QListWidget::currentRowChanged, session_, &Session::showTop);
    // A click on the current row shows it again (after a Frontier or loaded plan replaced it).
    connect(top_list_, &QListWidget::itemClicked, this,
            [this](QListWidgetItem* item) { session_->showTop(top_list_->row(item)); });
    connect(frontier_, &FrontierChart::pointClicked, this, [this](int i) {
        const auto& pts = frontier_->points();
        if (i < 0 || i >= static_cast<int>(pts.size()) || !session_->planCostModel())
            return;
        try {
            frontier_->setCurrent(i);
            session_->pick(pts[static_cast<std::size_t>(i)].plan, tr("Frontier plan %1").arg(i + 1));
            tabs_->setCurrentWidget(plan_view_);
        } catch (const std::exception& e) {
            showMessage(QString::fromUtf8(e.what()), true);
        }
    });
    connect(whatif_, &WhatIfPanel::applyRequested, this,
            [this](const ModelProfile& m, const ClusterProfile& c) {
                model_editor_->setModel(m);
                cluster_editor_->setCluster(c);
            });
    connect(search_settings_, &SearchSettings::changed, this, [this] {
        // The runtime, precision and budget cost every plan on show: the same as new profiles (the
        // baseline, picked and loaded plans re-costed, the what-if and sweep panels follow).
        try {
            (void)search_settings_->options();
        } catch (const InputError& e) {
            showMessage(QString::fromStdString(e.what()), true);
            return;
        }
        profilesChanged();
    });

#ifdef GX_HAVE_ENGINE
    // A measured profile can replace the edited cluster.
    connect(static_cast<EnginePanel*>(engine_), &EnginePanel::profileMeasured, this,
            [this](const ClusterProfile& c) { cluster_editor_->setCluster(c); });
#endif
}

void MainWindow::restoreSession() {
    // Restore settings and the last profiles (fall back to the defaults).
    restoreGeometry(settings_.geometry());
    if (!restoreState(settings_.windowState()))
        resizeDocks({model_dock_, search_dock_}, {300, 360}, Qt::Horizontal);
    // Both profiles are loaded before anything reacts to them: reacting to the model alone would
    // evaluate (and remember) it with the still-empty cluster.
    restoring_ = true;
    const QString last_model = settings_.lastModel(), last_cluster = settings_.lastCluster();
    // A remembered profile that no longer loads (file moved or broken) is replaced by the default, and
    // the window says so: before, it was replaced silently (found by fuzzing the settings).
    QStringList lost;
    QString why;
    if (!loadModel(last_model, &why)) {
        lost << tr("the last model (%1) did not load: %2").arg(last_model, why);
        loadModel(QString::fromLatin1(kDefaultModel));
    }
    if (!loadCluster(last_cluster, &why)) {
        lost << tr("the last cluster (%1) did not load: %2").arg(last_cluster, why);
        loadCluster(QString::fromLatin1(kDefaultCluster));
    }
    restoring_ = false;
    search_status_->clear();
    profilesChanged();
    if (!lost.isEmpty())
        showMessage(tr("Started with the default profiles: %1.").arg(lost.join(QStringLiteral("; "))), true);
}

MainWindow::~MainWindow() = default;

void MainWindow::resizeEvent(QResizeEvent* e) {
    QMainWindow::resizeEvent(e);
    if (e->oldSize().width() == e->size().width())
        return;
    // Side docks share the width with the views: narrow windows get narrow docks (the views keep at
    // least ~45%), wide windows give the search dock what its contents ask for (German is wider).
    const int w = e->size().width();
    const int want = search_dock_->widget() ? search_dock_->widget()->sizeHint().width() : 360;
    const int model = std::clamp(w / 4, 220, 300);
    const int search = std::clamp(std::min(want, w * 3 / 10), 280, std::max(280, w * 3 / 10));
    resizeDocks({model_dock_, search_dock_}, {model, search}, Qt::Horizontal);
}

QStringList MainWindow::viewNames() {
    QStringList v = {QStringLiteral("plan"),    QStringLiteral("memory"),   QStringLiteral("timeline"),
                     QStringLiteral("tree"),    QStringLiteral("frontier"), QStringLiteral("sweeps"),
                     QStringLiteral("compare"), QStringLiteral("whatif")};
    v << QStringLiteral("multimodel");
#ifdef GX_HAVE_ENGINE
    v << QStringLiteral("engine");
#endif
    return v;
}

bool MainWindow::setView(const QString& name) {
    if (name == QLatin1String("export")) {
        openExportDialog();
        return true;
    }
    const int i = viewNames().indexOf(name);
    if (i < 0 || i >= tabs_->count())
        return false;
    tabs_->setCurrentIndex(i);
    return true;
}

void MainWindow::buildMenus() {
    auto* file = menuBar()->addMenu(tr("&File"));
    file->addAction(icon(QStringLiteral("open")), tr("Open &model profile..."), QKeySequence::Open, files_,
                    &FileActions::openModel);
    file->addAction(tr("&Import Hugging Face config.json..."), QKeySequence(Qt::CTRL | Qt::Key_I), files_,
                    &FileActions::importHuggingFace);
    file->addAction(tr("Open &cluster profile..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), files_,
                    &FileActions::openCluster);
    file->addAction(tr("Open &plan..."), QKeySequence(Qt::CTRL | Qt::Key_L), files_, &FileActions::openPlan);
    auto* recent = file->addMenu(tr("&Recent files"));
    file->addSeparator();
    file->addAction(tr("Save model profile as..."), files_, &FileActions::saveModel);
    file->addAction(tr("Save cluster profile as..."), files_, &FileActions::saveCluster);
    file->addAction(icon(QStringLiteral("save")), tr("&Save plan as..."), QKeySequence::Save, files_,
                    &FileActions::savePlan);
    auto* exp = file->addAction(icon(QStringLiteral("export")), tr("&Export plan..."),
                                QKeySequence(Qt::CTRL | Qt::Key_E), this, [this] { openExportDialog(); });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    files_->setRecentMenu(recent);

    auto* search = menuBar()->addMenu(tr("&Search"));
    run_action_ = search->addAction(icon(QStringLiteral("run")), tr("&Run"),
                                    QKeySequence(Qt::CTRL | Qt::Key_R), this, &MainWindow::runSearch);
    cancel_action_ = search->addAction(icon(QStringLiteral("cancel")), tr("&Cancel"),
                                       QKeySequence(Qt::Key_Escape), this, &MainWindow::cancelSearch);
    search->addAction(tr("Run &sweeps"), this, [this] {
        sweeps_->setBase(model_editor_->model(), cluster_editor_->cluster(), search_settings_->options());
        tabs_->setCurrentWidget(sweeps_);
        sweeps_->start();
    });

    auto* view = menuBar()->addMenu(tr("&View"));
    const QStringList titles = [this] {
        QStringList t;
        for (int i = 0; i < tabs_->count(); ++i)
            t << tabs_->tabText(i);
        return t;
    }();
    for (int i = 0; i < titles.size(); ++i) {
        auto* a = view->addAction(titles[i], this, [this, i] { tabs_->setCurrentIndex(i); });
        if (i < 9)
            a->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + i)));
        else if (i == 9)
            a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    }
    view->addSeparator();
    for (auto* dock : findChildren<QDockWidget*>())
        view->addAction(dock->toggleViewAction());
    view->addSeparator();
    auto* theme = view->addMenu(tr("&Theme"));
    auto* tg = new QActionGroup(this);
    const QList<QPair<QString, QString>> themes = {{QStringLiteral("system"), tr("System")},
                                                   {QStringLiteral("light"), tr("Light")},
                                                   {QStringLiteral("dark"), tr("Dark")}};
    for (const auto& [key, label] : themes) {
        auto* a = theme->addAction(label);
        a->setCheckable(true);
        a->setChecked(settings_.theme() == key);
        tg->addAction(a);
        connect(a, &QAction::triggered, this, [this, key = key] {
            settings_.setTheme(key);
            applyTheme(key);
        });
    }
    auto* lang = view->addMenu(tr("&Language"));
    auto* lg = new QActionGroup(this);
    const QList<QPair<QString, QString>> langs = {{QString(), tr("System")},
                                                  {QStringLiteral("en"), QStringLiteral("English")},
                                                  {QStringLiteral("de"), QStringLiteral("Deutsch")},
                                                  {QStringLiteral("zh_CN"), QStringLiteral("中文 (简体)")}};
    for (const auto& [key, label] : langs) {
        auto* a = lang->addAction(label);
        a->setCheckable(true);
        a->setChecked(settings_.language() == key);
        lg->addAction(a);
        connect(a, &QAction::triggered, this, [this, key = key] {
            settings_.setLanguage(key);
            switchLanguage(key); // retranslates every open window now (no restart)
        });
    }

    auto* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Notation"), this,
                    [this] {
                        QMessageBox box(this);
                        box.setWindowTitle(tr("Notation"));
                        box.setTextFormat(Qt::RichText);
                        box.setText(notationHelp(true));
                        box.exec();
                    })
        ->setObjectName(QStringLiteral("help_notation"));
    help->addAction(tr("&About Galvatron Explorer"), this, [this] {
        QMessageBox::about(
            this, tr("About Galvatron Explorer"),
            tr("<h3>Galvatron Explorer %1</h3><p>Plans hybrid-parallel training (data, tensor, "
               "pipeline, sequence parallelism, ZeRO, checkpointing) of Transformer models, after "
               "Galvatron (Miao et al., VLDB 2023).</p>")
                .arg(QStringLiteral(GX_VERSION_STRING)));
    });

    auto* tb = addToolBar(tr("Main"));
    tb->setObjectName(QStringLiteral("main_toolbar"));
    tb->addAction(run_action_);
    tb->addAction(cancel_action_);
    tb->addSeparator();
    tb->addAction(exp);
    tb->addAction(icon(QStringLiteral("compare")), tr("Compare"),
                  [this] { setView(QStringLiteral("compare")); });
}

bool MainWindow::savePlanFile(const QString& path, QString* error) const {
    if (!session_->savePlanFile(path, error))
        return false;
    files_->addRecent(QStringLiteral("plan"), path);
    return true;
}

bool MainWindow::openPlanFile(const QString& path, QString* error) {
    return files_->openPlanFile(path, error);
}

bool MainWindow::loadModel(const QString& preset_or_path, QString* why) {
    // (files go through the editor: Hugging Face configs get a training sequence length there)
    return loadProfile(model_editor_, preset_or_path, why,
                       [&](const std::string& name) { model_editor_->setModel(resolveModel(name)); });
}

bool MainWindow::loadCluster(const QString& preset_or_path, QString* why) {
    return loadProfile(cluster_editor_, preset_or_path, why,
                       [&](const std::string& name) { cluster_editor_->setCluster(resolveCluster(name)); });
}

void MainWindow::rememberProfiles() {
    const QString m = QString::fromStdString(model_editor_->model().name);
    const QString c = QString::fromStdString(cluster_editor_->cluster().name);
    if (m.isEmpty() || c.isEmpty())
        return;
    settings_.setLastProfiles(model_file_.second == m ? model_file_.first : m,
                              cluster_file_.second == c ? cluster_file_.first : c);
}

void MainWindow::profilesChanged() {
    if (restoring_)
        return;
    const ModelProfile& m = model_editor_->model();
    const ClusterProfile& c = cluster_editor_->cluster();
    if (m.stacks.empty() || c.totalGpus() < 1 || c.name.empty())
        return;
    SearchOptions o;
    try {
        o = search_settings_->options();
    } catch (const InputError&) {
    }
    session_->setProfiles(m, c, o, controller_->isRunning());
}

void MainWindow::followProfiles() {
    const ModelProfile& m = model_editor_->model();
    const ClusterProfile& c = cluster_editor_->cluster();
    SearchOptions o;
    try {
        o = search_settings_->options();
    } catch (const InputError&) {
    }
    whatif_->setBase(m, c, o);
    sweeps_->setBase(m, c, o);
    frontier_->setBudget(session_->costModel()->memoryBudget());
    rememberProfiles();
    if (search_status_->text().contains(QLatin1String("#d0302a")) && !controller_->isRunning())
        search_status_->clear(); // an earlier error no longer applies
#ifdef GX_HAVE_ENGINE
    static_cast<EnginePanel*>(engine_)->setBaseCluster(c);
#endif
    // The multi-model planner follows the cluster as edited (by value: an edited preset keeps its name).
    static_cast<SchedulerPanel*>(multimodel_)->setCluster(c);
    if (session_->result() && !controller_->isRunning())
        showResultTexts(); // (the plan list re-costed, and the status says the result is stale)
}

bool MainWindow::runSearch() {
    if (!model_editor_->isValid() || !cluster_editor_->isValid()) {
        showMessage(
            tr("Fix the profile first: %1")
                .arg(model_editor_->isValid() ? cluster_editor_->errorText() : model_editor_->errorText()),
            true);
        return false;
    }
    SearchOptions o;
    try {
        o = search_settings_->options();
    } catch (const InputError& e) {
        showMessage(QString::fromStdString(e.what()), true);
        return false;
    }
    tree_->clear();
    plan_view_->setTargetInfo(Target::Any, {}, {});
    frontier_->clear();
    if (session_->costModel())
        frontier_->setBudget(session_->costModel()->memoryBudget());
    top_list_->clear();
    session_->clearResult();
    search_status_->setText(tr("Searching..."));
    progress_->setValue(0);
    eta_->clear();
    controller_->start(model_editor_->model(), cluster_editor_->cluster(), o, search_settings_->timeLimit());
    setRunning(controller_->isRunning());
    return controller_->isRunning();
}

void MainWindow::cancelSearch() {
    if (controller_->isRunning()) {
        controller_->cancel();
        search_status_->setText(tr("Cancelling..."));
    }
}

void MainWindow::setRunning(bool running) {
    run_button_->setEnabled(true); // Run while running restarts (supersedes)
    cancel_button_->setEnabled(running);
    cancel_action_->setEnabled(running);
    if (!running)
        eta_->clear();
}

void MainWindow::onBatch(const SearchBatch& b) {
    if (b.generation != controller_->generation())
        return; // stale
    if (!b.nodes.empty())
        tree_->addNodes(b.nodes);
    if (!b.tasks.empty())
        tree_->applyTasks(b.tasks);
    if (!b.points.empty()) {
        frontier_->addPoints(b.points);
        const PlanPoint* best = nullptr;
        for (const auto& p : b.points)
            if (p.incumbent)
                best = &p;
        if (best) {
            const QString text =
                tr("Best so far: %1, %2: %3")
                    .arg(secondsText(best->time), bytesText(best->memory), planSummary(best->plan));
            search_status_->setText(text.toHtmlEscaped());
            statusBar()->showMessage(text);
            tree_->setIncumbent(best->plan);
        }
    }
    for (const auto& m : b.messages)
        statusBar()->showMessage(m, 5000);
}

void MainWindow::onProgress(double fraction, double eta) {
    progress_->setValue(static_cast<int>(fraction * 1000));
    const QString elapsed = secondsText(std::floor(controller_->elapsedSeconds() * 10) / 10);
    if (eta < 0)
        eta_->setText(fraction >= 0.99 ? tr("Elapsed %1, finishing").arg(elapsed)
                                       : tr("Elapsed %1").arg(elapsed));
    else if (eta < 1.0)
        eta_->setText(tr("Elapsed %1, less than a second left").arg(elapsed));
    else
        eta_->setText(tr("Elapsed %1, about %2 left").arg(elapsed, secondsText(std::ceil(eta))));
}

void MainWindow::onFinished(quint64 gen, std::shared_ptr<const SearchResult> r,
                            std::shared_ptr<const CostModel> cm) {
    if (gen != controller_->generation())
        return;
    setRunning(false);
    tree_->view()->flushLayout();
    tree_->setFinished();
    if (r->best)
        tree_->setIncumbent(r->best->plan);
    {
        // The price of the target (as `galvatron search --target` prints it) and what the best plan for
        // any runtime uses that the target cannot express.
        // (with the search's model: mixture-of-experts layouts the target does not run show only with it)
        const Target t = controller_->lastTarget();
        const auto& any = controller_->lastUnconstrainedBest();
        plan_view_->setTargetInfo(t, r->best && any ? targetPriceLine(t, *r->best, *any) : std::string(),
                                  !any ? std::vector<std::string>{}
                                  : cm ? inexpressible(cm->model(), any->plan, t)
                                       : inexpressible(any->plan, t));
    }
    progress_->setValue(r->cancelled ? progress_->value() : 1000);
    // Frontier of the final result (live points may have been partial).
    std::vector<PlanPoint> pts;
    for (const auto& rp : r->frontier)
        pts.push_back(PlanPoint{rp.cost.iteration_time, rp.cost.peak_memory, rp.plan, false});
    for (const auto& rp : r->top)
        pts.push_back(PlanPoint{rp.cost.iteration_time, rp.cost.peak_memory, rp.plan, false});
    frontier_->addPoints(pts);
    if (r->best)
        tree_->setCostContext(cm, r->best->plan);
    session_->setResult(r, cm); // shows the best plan
    showResultTexts();
    if (r->best) {
        const auto& fp = frontier_->points();
        for (std::size_t i = 0; i < fp.size(); ++i)
            if (fp[i].plan.runsSameAs(r->best->plan)) {
                frontier_->setCurrent(static_cast<int>(i));
                break;
            }
        {
            const QSignalBlocker b(top_list_);
            top_list_->setCurrentRow(0);
        }
    }
    emit searchFinished();
}

void MainWindow::onFailed(quint64 gen, const QString& field, const QString& msg) {
    if (gen != controller_->generation())
        return;
    setRunning(false);
    search_status_->setText(tr("<span style='color:#d0302a'>%1</span>").arg(msg.toHtmlEscaped()));
    showMessage(field.isEmpty() ? msg : tr("%1 (field %2)").arg(msg, field), true);
    emit searchFinished();
}

void MainWindow::showResultTexts() {
    if (!session_->result())
        return;
    const SearchResult& r = *session_->result();
    const int row = top_list_->currentRow();
    const QSignalBlocker block(top_list_);
    top_list_->clear();
    const bool stale = session_->resultStale();
    for (std::size_t i = 0; i < r.top.size(); ++i) {
        const auto& rp = r.top[i];
        // A stale result's plans with the current inputs (Session re-costs them), as the plan view has them.
        const int k = stale ? session_->knownIndexOf(rp.plan) : -1;
        const PlanCost* cost = !stale   ? &rp.cost
                               : k >= 0 ? &session_->knownPlans()[std::size_t(k)].cost
                                        : nullptr;
        top_list_->addItem(
            cost ? tr("%1. %2, %3: %4")
                       .arg(i + 1)
                       .arg(secondsText(cost->iteration_time), bytesText(cost->peak_memory),
                            planSummary(rp.plan))
                 : tr("%1. no longer fits the inputs: %2").arg(i + 1).arg(planSummary(rp.plan)));
        top_list_->item(top_list_->count() - 1)->setToolTip(notationHelp(false));
    }
    top_list_->setCurrentRow(row);
    const auto& st = r.stats;
    QString status = tr("%1 in %2: %3 tree nodes (%4 pruned), %5 plans evaluated")
                         .arg(r.cancelled ? tr("Cancelled") : tr("Done"))
                         .arg(secondsText(st.seconds))
                         .arg(st.tree_nodes)
                         .arg(st.pruned_nodes)
                         .arg(st.plans_evaluated);
    // (plans not proven optimal, or a frontier cut short by the time limit)
    if ((r.time_limited || (r.frontier_partial && !r.cancelled && !r.note.empty())) && r.best)
        status += QStringLiteral("<br><span style='color:#b06000'>%1</span>")
                      .arg(CoreText::searchNote(r.note).toHtmlEscaped());
    if (const QString note = headroomNote(r); !note.isEmpty())
        status += QStringLiteral("<br><span style='color:#b06000'>%1</span>").arg(note);
    if (!r.best)
        status += tr("<br><span style='color:#d0302a'>No plan fits: %1</span>")
                      .arg(CoreText::infeasible(r.infeasible, r.infeasible_reason).toHtmlEscaped());
    if (stale)
        status +=
            QStringLiteral("<br><span style='color:#b06000'>%1</span>")
                .arg(tr("Inputs changed since the search: its plans are shown re-costed with them; run the "
                        "search again (Ctrl+R)."));
    search_status_->setText(status);
}

void MainWindow::changeEvent(QEvent* e) {
    QMainWindow::changeEvent(e);
    if (e->type() != QEvent::LanguageChange)
        return;
    // Texts composed at run time: plan names, the plan list, the search status, the plan views.
    if (session_->result() && !controller_->isRunning())
        showResultTexts();
    session_->retranslate();
}

void MainWindow::planChanged(const NamedPlan& np, const std::shared_ptr<const CostModel>& cm) {
    plan_view_->setPlan(cm, np);
    const double capacity = cm ? cm->cluster().gpu.memory_gib * kGiB : 0;
    memory_->setCost(np.cost, capacity);
    timeline_->setPlan(np.plan, np.cost);
    if (export_dialog_ && cm)
        export_dialog_->setPlan(np.plan, cm->model(), cm->cluster(), cm->options().runtime);
    statusBar()->showMessage(
        tr("%1: %2, %3").arg(np.name, secondsText(np.cost.iteration_time), bytesText(np.cost.peak_memory)));
    emit planShown();
}

ExportDialog* MainWindow::openExportDialog() {
    if (!export_dialog_)
        export_dialog_ = new ExportDialog(this);
    const auto cm = session_->planCostModel();
    if (session_->currentPlan() && cm)
        export_dialog_->setPlan(session_->currentPlan()->plan, cm->model(), cm->cluster(),
                                cm->options().runtime);
    export_dialog_->show();
    export_dialog_->raise();
    return export_dialog_;
}

void MainWindow::showMessage(const QString& text, bool error) {
    statusBar()->showMessage(text, error ? 15000 : 5000);
    if (error)
        search_status_->setText(
            QStringLiteral("<span style='color:#d0302a'>%1</span>").arg(text.toHtmlEscaped()));
}

void MainWindow::closeEvent(QCloseEvent* e) {
    controller_->cancel();
    settings_.setWindowGeometry(saveGeometry(), saveState());
    QMainWindow::closeEvent(e);
}

} // namespace gx::app
