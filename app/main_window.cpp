// SPDX-License-Identifier: Apache-2.0
#include "main_window.h"

#include "app_resources.h"
#include "charts/frontier_chart.h"
#include "file_save.h"
#include "gx/error.h"
#include "gx/presets.h"
#include "gx/profile_io.h"
#include "gx/target_search.h"
#include "i18n.h"
#include "plan_utils.h"
#include "views/export_dialog.h"
#include "views/plan_widgets.h"
#include "views/profile_editors.h"
#include "views/sweep_panel.h"
#include "views/tree_view.h"
#include "views/whatif_panel.h"

#if __has_include("views/scheduler/scheduler_panel.h")
#include "views/scheduler/scheduler_panel.h"
#define GX_HAVE_SCHEDULER_PANEL 1
#endif
#ifdef GX_HAVE_ENGINE
#include "views/engine_panel.h"
#endif

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
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

    // --- central tabs
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
#ifdef GX_HAVE_SCHEDULER_PANEL
    multimodel_ = new SchedulerPanel(this);
    tabs_->addTab(scrolled(multimodel_), tr("Multi-model"));
#endif
#ifdef GX_HAVE_ENGINE
    engine_ = new EnginePanel(this);
    tabs_->addTab(scrolled(engine_), tr("Engine"));
#endif
    for (int i = 0; i < tabs_->count(); ++i)
        tabs_->widget(i)->setObjectName(viewNames().value(i));
    setCentralWidget(tabs_);

    // --- docks
    model_editor_ = new ModelEditor(this);
    cluster_editor_ = new ClusterEditor(this);
    auto* model_dock = makeDock(tr("Model"), QStringLiteral("model_dock"), model_editor_, this);
    auto* cluster_dock = makeDock(tr("Cluster"), QStringLiteral("cluster_dock"), cluster_editor_, this);
    addDockWidget(Qt::LeftDockWidgetArea, model_dock);
    addDockWidget(Qt::LeftDockWidgetArea, cluster_dock);
    tabifyDockWidget(model_dock, cluster_dock);
    model_dock->raise();

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
    auto* search_dock = makeDock(tr("Search"), QStringLiteral("search_dock"), search_box, this);
    addDockWidget(Qt::RightDockWidgetArea, search_dock);
    search_dock->setMinimumWidth(280);
    model_dock->setMinimumWidth(220);
    model_dock_ = model_dock;
    search_dock_ = search_dock;

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
    connect(model_editor_, &ModelEditor::openRequested, this, &MainWindow::openModelDialog);
    connect(model_editor_, &ModelEditor::importRequested, this, &MainWindow::importHfDialog);
    connect(model_editor_, &ModelEditor::saveRequested, this, &MainWindow::saveModelDialog);
    connect(cluster_editor_, &ClusterEditor::openRequested, this, &MainWindow::openClusterDialog);
    connect(cluster_editor_, &ClusterEditor::saveRequested, this, &MainWindow::saveClusterDialog);
    auto showTop = [this](int row) {
        if (!result_ || row < 0 || row >= static_cast<int>(result_->top.size()))
            return;
        const auto& rp = result_->top[static_cast<std::size_t>(row)];
        showPlan(NamedPlan{row == 0 ? tr("Best plan") : tr("Plan #%1").arg(row + 1), rp.plan, rp.cost});
    };
    connect(top_list_, &QListWidget::currentRowChanged, this, showTop);
    // A click on the current row shows it again (after a Frontier or loaded plan replaced it).
    connect(top_list_, &QListWidget::itemClicked, this,
            [this, showTop](QListWidgetItem* item) { showTop(top_list_->row(item)); });
    connect(frontier_, &FrontierChart::pointClicked, this, [this](int i) {
        const auto& pts = frontier_->points();
        if (i < 0 || i >= static_cast<int>(pts.size()))
            return;
        auto cm = result_cm_ ? result_cm_ : cm_;
        if (!cm)
            return;
        try {
            Plan plan = pts[static_cast<std::size_t>(i)].plan;
            if (result_ && result_->best) // live points arrive before the result names the target
                plan.target = result_->best->plan.target;
            NamedPlan np{tr("Frontier plan %1").arg(i + 1), plan, cm->evaluate(plan)};
            picked_ = np;
            frontier_->setCurrent(i);
            refreshKnownPlans();
            showPlan(np);
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
        try {
            const SearchOptions o = search_settings_->options();
            sweeps_->setBase(model_editor_->model(), cluster_editor_->cluster(), o);
        } catch (const InputError& e) {
            showMessage(QString::fromStdString(e.what()), true);
        }
    });

#ifdef GX_HAVE_ENGINE
    // A measured profile can replace the edited cluster.
    connect(static_cast<EnginePanel*>(engine_), &EnginePanel::profileMeasured, this,
            [this](const ClusterProfile& c) { cluster_editor_->setCluster(c); });
#endif

    buildMenus();
    setRunning(false);
    statusBar()->showMessage(tr("Ready"));

    // Restore settings and the last profiles (fall back to the defaults).
    restoreGeometry(settings_.geometry());
    if (!restoreState(settings_.windowState()))
        resizeDocks({model_dock, search_dock}, {300, 360}, Qt::Horizontal);
    // Both profiles are loaded before anything reacts to them: reacting to the model alone would
    // evaluate (and remember) it with the still-empty cluster.
    restoring_ = true;
    const QString last_model = settings_.lastModel(), last_cluster = settings_.lastCluster();
    if (!loadModel(last_model))
        loadModel(QString::fromLatin1(kDefaultModel));
    if (!loadCluster(last_cluster))
        loadCluster(QString::fromLatin1(kDefaultCluster));
    restoring_ = false;
    search_status_->clear();
    profilesChanged();
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
#ifdef GX_HAVE_SCHEDULER_PANEL
    v << QStringLiteral("multimodel");
#endif
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
    file->addAction(icon(QStringLiteral("open")), tr("Open &model profile..."), QKeySequence::Open, this,
                    &MainWindow::openModelDialog);
    file->addAction(tr("&Import Hugging Face config.json..."), QKeySequence(Qt::CTRL | Qt::Key_I), this,
                    &MainWindow::importHfDialog);
    file->addAction(tr("Open &cluster profile..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this,
                    &MainWindow::openClusterDialog);
    file->addAction(tr("Open &plan..."), QKeySequence(Qt::CTRL | Qt::Key_L), this,
                    &MainWindow::openPlanDialog);
    recent_menu_ = file->addMenu(tr("&Recent files"));
    file->addSeparator();
    file->addAction(tr("Save model profile as..."), this, &MainWindow::saveModelDialog);
    file->addAction(tr("Save cluster profile as..."), this, &MainWindow::saveClusterDialog);
    file->addAction(icon(QStringLiteral("save")), tr("&Save plan as..."), QKeySequence::Save, this,
                    &MainWindow::savePlanDialog);
    auto* exp = file->addAction(icon(QStringLiteral("export")), tr("&Export plan..."),
                                QKeySequence(Qt::CTRL | Qt::Key_E), this, [this] { openExportDialog(); });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    rebuildRecentMenu();

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

void MainWindow::rebuildRecentMenu() {
    recent_menu_->clear();
    const QStringList recent = settings_.recentFiles();
    for (const QString& entry : recent) {
        const QString kind = entry.section(QLatin1Char(':'), 0, 0);
        const QString path = entry.section(QLatin1Char(':'), 1);
        recent_menu_->addAction(QStringLiteral("%1 (%2)").arg(QFileInfo(path).fileName(), kind), this,
                                [this, entry] { openRecent(entry); });
    }
    if (!recent.isEmpty()) {
        recent_menu_->addSeparator();
        recent_menu_->addAction(tr("Clear"), this, [this] {
            settings_.clearRecentFiles();
            rebuildRecentMenu();
        });
    }
    recent_menu_->setEnabled(!recent.isEmpty());
}

void MainWindow::openRecent(const QString& entry) {
    const QString kind = entry.section(QLatin1Char(':'), 0, 0);
    const QString path = entry.section(QLatin1Char(':'), 1);
    QString err;
    bool ok = false;
    if (kind == QLatin1String("model"))
        ok = model_editor_->loadFile(path, &err);
    else if (kind == QLatin1String("cluster"))
        ok = cluster_editor_->loadFile(path, &err);
    else if (kind == QLatin1String("plan"))
        ok = openPlanFile(path, &err);
    if (!ok)
        showMessage(err, true);
}

QString MainWindow::lastDir() const {
    return QSettings().value(QStringLiteral("files/dir")).toString();
}

void MainWindow::rememberDir(const QString& file) {
    settings_.raw().setValue(QStringLiteral("files/dir"), QFileInfo(file).absolutePath());
}

void MainWindow::openModelDialog() {
    const QString f = QFileDialog::getOpenFileName(this, tr("Open model profile"), lastDir(),
                                                   tr("JSON files (*.json);;All files (*)"));
    if (f.isEmpty())
        return;
    rememberDir(f);
    QString err;
    if (model_editor_->loadFile(f, &err)) {
        settings_.addRecentFile(QStringLiteral("model:") + f);
        rebuildRecentMenu();
    } else {
        showMessage(err, true);
    }
}

void MainWindow::importHfDialog() {
    const QString f = QFileDialog::getOpenFileName(this, tr("Import Hugging Face config.json"), lastDir(),
                                                   tr("config.json (config.json *.json)"));
    if (f.isEmpty())
        return;
    rememberDir(f);
    QString err;
    if (model_editor_->loadFile(f, &err)) {
        settings_.addRecentFile(QStringLiteral("model:") + f);
        rebuildRecentMenu();
    } else {
        showMessage(err, true);
    }
}

void MainWindow::openClusterDialog() {
    const QString f = QFileDialog::getOpenFileName(this, tr("Open cluster profile"), lastDir(),
                                                   tr("JSON files (*.json);;All files (*)"));
    if (f.isEmpty())
        return;
    rememberDir(f);
    QString err;
    if (cluster_editor_->loadFile(f, &err)) {
        settings_.addRecentFile(QStringLiteral("cluster:") + f);
        rebuildRecentMenu();
    } else {
        showMessage(err, true);
    }
}

void MainWindow::openPlanDialog() {
    const QString f = QFileDialog::getOpenFileName(this, tr("Open plan"), lastDir(),
                                                   tr("JSON files (*.json);;All files (*)"));
    if (f.isEmpty())
        return;
    rememberDir(f);
    QString err;
    if (!openPlanFile(f, &err))
        showMessage(err, true);
}

void MainWindow::saveModelDialog() {
    const QString f = QFileDialog::getSaveFileName(this, tr("Save model profile"),
                                                   lastDir() + QLatin1Char('/') +
                                                       QString::fromStdString(model_editor_->model().name) +
                                                       QStringLiteral(".json"),
                                                   tr("JSON files (*.json)"));
    QString err;
    if (!f.isEmpty() && !model_editor_->saveFile(f, &err))
        showMessage(err, true);
}

void MainWindow::saveClusterDialog() {
    const QString f = QFileDialog::getSaveFileName(
        this, tr("Save cluster profile"),
        lastDir() + QLatin1Char('/') + QString::fromStdString(cluster_editor_->cluster().name) +
            QStringLiteral(".json"),
        tr("JSON files (*.json)"));
    QString err;
    if (!f.isEmpty() && !cluster_editor_->saveFile(f, &err))
        showMessage(err, true);
}

void MainWindow::savePlanDialog() {
    if (!current_) {
        showMessage(tr("No plan to save yet."), true);
        return;
    }
    const QString f = QFileDialog::getSaveFileName(
        this, tr("Save plan"), lastDir() + QStringLiteral("/plan.json"), tr("JSON files (*.json)"));
    QString err;
    if (f.isEmpty())
        return;
    if (savePlanFile(f, &err)) {
        settings_.addRecentFile(QStringLiteral("plan:") + f);
        rebuildRecentMenu();
    } else {
        showMessage(err, true);
    }
}

bool MainWindow::savePlanFile(const QString& path, QString* error) const {
    if (!current_)
        return false;
    QString why;
    if (gx::app::saveJson(path, toJson(current_->plan), &why)) // QSaveFile: atomic
        return true;
    if (error)
        *error = path + QStringLiteral(": ") + why;
    return false;
}

bool MainWindow::openPlanFile(const QString& path, QString* error) {
    try {
        if (!cm_)
            throw InputError("plan", "no valid model/cluster to evaluate the plan with");
        const Plan plan = loadPlanFile(path.toStdString());
        NamedPlan np{tr("Loaded %1").arg(QFileInfo(path).fileName()), plan, cm_->evaluate(plan)};
        loaded_ = np;
        refreshKnownPlans();
        showPlan(np);
        settings_.addRecentFile(QStringLiteral("plan:") + path);
        rebuildRecentMenu();
        return true;
    } catch (const std::exception& e) {
        if (error)
            *error = tr("Cannot open plan %1: %2").arg(path, QString::fromUtf8(e.what()));
        return false;
    }
}

bool MainWindow::loadModel(const QString& preset_or_path) {
    // Files go through the editor (Hugging Face configs get a training sequence length there).
    if (QFileInfo(preset_or_path).isFile()) {
        QString err;
        if (model_editor_->loadFile(preset_or_path, &err))
            return true;
        showMessage(err, true);
        return false;
    }
    try {
        model_editor_->setModel(resolveModel(preset_or_path.toStdString()));
        return true;
    } catch (const std::exception& e) {
        showMessage(QString::fromUtf8(e.what()), true);
        return false;
    }
}

bool MainWindow::loadCluster(const QString& preset_or_path) {
    if (QFileInfo(preset_or_path).isFile()) {
        QString err;
        if (cluster_editor_->loadFile(preset_or_path, &err))
            return true;
        showMessage(err, true);
        return false;
    }
    try {
        cluster_editor_->setCluster(resolveCluster(preset_or_path.toStdString()));
        return true;
    } catch (const std::exception& e) {
        showMessage(QString::fromUtf8(e.what()), true);
        return false;
    }
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
    try {
        cm_ = std::make_shared<const CostModel>(m, c, o.cost);
        const Plan plan = makeDefaultPlan(m, c);
        baseline_ = NamedPlan{tr("Baseline (Megatron-style)"), plan, cm_->evaluate(plan)};
    } catch (const std::exception& e) {
        cm_.reset();
        baseline_.reset();
        showMessage(QString::fromUtf8(e.what()), true);
        return;
    }
    loaded_.reset();
    picked_.reset();
    refreshKnownPlans();
    if (!result_ || !controller_->isRunning())
        showPlan(*baseline_);
    whatif_->setBase(m, c, o);
    sweeps_->setBase(m, c, o);
    frontier_->setBudget(cm_->memoryBudget());
    rememberProfiles();
    if (search_status_->text().contains(QLatin1String("#d0302a")) && !controller_->isRunning())
        search_status_->clear(); // an earlier error no longer applies
#ifdef GX_HAVE_ENGINE
    static_cast<EnginePanel*>(engine_)->setBaseCluster(c);
#endif
#ifdef GX_HAVE_SCHEDULER_PANEL
    // The multi-model planner follows the cluster as edited (by value: an edited preset keeps its name).
    static_cast<SchedulerPanel*>(multimodel_)->setCluster(c);
#endif
    if (result_)
        search_status_->setText(tr("Profiles changed: run the search again (Ctrl+R)."));
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
    if (cm_)
        frontier_->setBudget(cm_->memoryBudget());
    top_list_->clear();
    result_.reset();
    result_cm_.reset();
    search_status_->setText(tr("Searching..."));
    progress_->setValue(0);
    eta_->clear();
    controller_->start(model_editor_->model(), cluster_editor_->cluster(), o);
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
    result_ = r;
    result_cm_ = cm;
    {
        // The price of the target (as `galvatron search --target` prints it) and what the best plan for
        // any runtime uses that the target cannot express.
        const Target t = controller_->lastTarget();
        const auto& any = controller_->lastUnconstrainedBest();
        plan_view_->setTargetInfo(t, r->best && any ? targetPriceLine(t, *r->best, *any) : std::string(),
                                  any ? inexpressible(any->plan, t) : std::vector<std::string>{});
    }
    progress_->setValue(r->cancelled ? progress_->value() : 1000);
    // Frontier of the final result (live points may have been partial).
    std::vector<PlanPoint> pts;
    for (const auto& rp : r->frontier)
        pts.push_back(PlanPoint{rp.cost.iteration_time, rp.cost.peak_memory, rp.plan, false});
    for (const auto& rp : r->top)
        pts.push_back(PlanPoint{rp.cost.iteration_time, rp.cost.peak_memory, rp.plan, false});
    frontier_->addPoints(pts);
    showResultTexts();
    refreshKnownPlans();
    if (r->best) {
        const auto& fp = frontier_->points();
        for (std::size_t i = 0; i < fp.size(); ++i)
            if (fp[i].plan.layers == r->best->plan.layers && fp[i].plan.pp == r->best->plan.pp &&
                fp[i].plan.global_batch == r->best->plan.global_batch &&
                fp[i].plan.num_micro == r->best->plan.num_micro) {
                frontier_->setCurrent(static_cast<int>(i));
                break;
            }
        tree_->setCostContext(cm, r->best->plan);
        showPlan(NamedPlan{tr("Best plan"), r->best->plan, r->best->cost});
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
    if (!result_)
        return;
    const SearchResult& r = *result_;
    const int row = top_list_->currentRow();
    const QSignalBlocker block(top_list_);
    top_list_->clear();
    for (std::size_t i = 0; i < r.top.size(); ++i) {
        const auto& rp = r.top[i];
        top_list_->addItem(tr("%1. %2, %3: %4")
                               .arg(i + 1)
                               .arg(secondsText(rp.cost.iteration_time), bytesText(rp.cost.peak_memory),
                                    planSummary(rp.plan)));
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
    if (const QString note = headroomNote(r); !note.isEmpty())
        status += QStringLiteral("<br><span style='color:#b06000'>%1</span>").arg(note);
    if (!r.best)
        status += tr("<br><span style='color:#d0302a'>No plan fits: %1</span>")
                      .arg(QString::fromStdString(r.infeasible_reason).toHtmlEscaped());
    search_status_->setText(status);
}

void MainWindow::changeEvent(QEvent* e) {
    QMainWindow::changeEvent(e);
    if (e->type() != QEvent::LanguageChange)
        return;
    // Texts composed at run time: plan names, the plan list, the search status, the plan views.
    if (result_ && !controller_->isRunning())
        showResultTexts();
    if (baseline_)
        baseline_->name = tr("Baseline (Megatron-style)");
    if (picked_)
        picked_->name = retranslated(picked_->name);
    if (loaded_)
        loaded_->name = retranslated(loaded_->name);
    refreshKnownPlans();
    if (current_) {
        NamedPlan np = *current_;
        np.name = retranslated(np.name);
        for (const auto& k : known_)
            if (k.plan.layers == np.plan.layers && k.plan.pp == np.plan.pp &&
                k.plan.global_batch == np.plan.global_batch && k.plan.num_micro == np.plan.num_micro) {
                np.name = k.name;
                break;
            }
        showPlan(np);
    }
}

void MainWindow::refreshKnownPlans() {
    known_.clear();
    if (result_) {
        for (std::size_t i = 0; i < result_->top.size(); ++i)
            known_.push_back(NamedPlan{i == 0 ? tr("Best plan") : tr("Plan #%1").arg(i + 1),
                                       result_->top[i].plan, result_->top[i].cost});
    }
    if (baseline_)
        known_.push_back(*baseline_);
    if (picked_)
        known_.push_back(*picked_);
    if (loaded_)
        known_.push_back(*loaded_);
    compare_->setPlans(known_, cluster_editor_->cluster().gpu.memory_gib * 1024.0 * 1024.0 * 1024.0);
}

void MainWindow::addKnownPlan(const NamedPlan& p) {
    known_.push_back(p);
    refreshKnownPlans();
}

void MainWindow::showPlan(const NamedPlan& np) {
    current_ = np;
    auto cm = result_cm_ && result_ ? result_cm_ : cm_;
    plan_view_->setPlan(cm, np);
    const double capacity = cm ? cm->cluster().gpu.memory_gib * 1024.0 * 1024.0 * 1024.0 : 0;
    memory_->setCost(np.cost, capacity);
    timeline_->setPlan(np.plan, np.cost);
    if (export_dialog_ && cm)
        export_dialog_->setPlan(np.plan, cm->model(), cm->cluster());
    statusBar()->showMessage(
        tr("%1: %2, %3").arg(np.name, secondsText(np.cost.iteration_time), bytesText(np.cost.peak_memory)));
    emit planShown();
}

ExportDialog* MainWindow::openExportDialog() {
    if (!export_dialog_)
        export_dialog_ = new ExportDialog(this);
    auto cm = result_cm_ && result_ ? result_cm_ : cm_;
    if (current_ && cm)
        export_dialog_->setPlan(current_->plan, cm->model(), cm->cluster());
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
