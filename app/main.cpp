// SPDX-License-Identifier: Apache-2.0
// galvatron-explorer: the Qt explorer; `--cli ...` runs the command-line interface headless;
// `--screenshot out.png [--model M] [--cluster C] [--batch B] [--view V] [--size WxH] [--theme T]` runs the
// search to completion, shows the view, saves the window as PNG and exits.
#include "app_resources.h"
#include "cli/cli.h"
#include "gx/presets.h"
#include "main_window.h"
#include "search_controller.h"
#include "settings.h"
#include "views/export_dialog.h"
#include "views/profile_editors.h"
#include "views/runtime_editor.h"
#include "views/search_settings.h"
#include "views/sweep_panel.h"
#include "views/whatif_panel.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QPixmap>
#include <QRegularExpression>
#include <QSpinBox>
#include <QThread>
#include <QTimer>

#include <cstring>
#include <iostream>
#include <memory>

namespace {

void settle(int ms) {
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        QThread::msleep(5);
    }
}

template <typename Pred> bool waitFor(Pred done, int timeout_ms) {
    QElapsedTimer t;
    t.start();
    while (!done() && t.elapsed() < timeout_ms) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        QThread::msleep(2);
    }
    return done();
}

/// `search`: run the search first (false: the window shows a plan opened with --plan).
int screenshot(gx::app::MainWindow& w, const QString& out, const QString& view, QSize size, bool search) {
    using namespace gx::app;
    w.resize(size);
    w.show();
    settle(100);
    if (search && !w.runSearch()) {
        std::cerr << "screenshot: the search did not start\n";
        return 1;
    }
    if (search && !w.searchController()->waitForFinished(300000)) {
        std::cerr << "screenshot: the search did not finish in 300 s\n";
        return 1;
    }
    settle(100);
    std::unique_ptr<RuntimeEditor> editor;
    if (view == QLatin1String("whatif")) {
        w.setView(view);
        auto* p = w.whatIfPanel();
        // (finished: a plan, or none fits; before, a what-if with no feasible plan waited the full 120 s)
        waitFor([&] { return p->hasResult() && !p->controller()->isRunning(); }, 120000);
        // One what-if step so that the delta column has content: half the nodes.
        p->nodesBox()->setValue(std::max(1, p->nodesBox()->value() / 2));
        settle(200);
        p->controller()->waitForFinished(120000);
        settle(100);
    } else if (view == QLatin1String("sweeps")) {
        w.setView(view);
        w.sweepPanel()->start();
        waitFor([&] { return !w.sweepPanel()->isRunning(); }, 300000);
    } else if (view == QLatin1String("compare")) {
        w.setView(view);
        // Best plan vs the Megatron-style baseline.
        const auto& known = w.knownPlans();
        int baseline = 0;
        for (int i = 0; i < static_cast<int>(known.size()); ++i)
            if (known[static_cast<std::size_t>(i)].name.startsWith(QObject::tr("Baseline")))
                baseline = i;
        w.compareView()->select(0, baseline);
    } else if (view == QLatin1String("runtime-editor")) {
        // The runtime profile editor ("Edit..." beside the Runtime selector) on the default runtime.
        editor = std::make_unique<RuntimeEditor>(gx::resolveRuntime(gx::kDefaultRuntime), &w);
        editor->tabs()->setCurrentIndex(editor->tabs()->count() - 2); // the memory fields
        editor->show();
    } else if (!w.setView(view)) {
        std::cerr << "screenshot: unknown view '" << view.toStdString()
                  << "'; available: " << w.viewNames().join(QStringLiteral(", ")).toStdString()
                  << ", export, runtime-editor\n";
        return 2;
    }
    settle(400);
    QPixmap pix;
    if (view == QLatin1String("export") && w.exportDialog())
        pix = w.exportDialog()->grab();
    else if (editor)
        pix = editor->grab();
    else
        pix = w.grab();
    if (!pix.save(out)) {
        std::cerr << "screenshot: cannot write " << out.toStdString() << "\n";
        return 1;
    }
    std::cout << "wrote " << out.toStdString() << " (" << pix.width() << "x" << pix.height() << ")\n";
    return 0;
}

struct ExplorerOptions {
    QCommandLineOption model, cluster, shot, view, size, theme, lang, batch, run, plan;
};

/// The explorer's command-line options (shared by the display-less --help path and the GUI start).
ExplorerOptions addExplorerOptions(QCommandLineParser& parser) {
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "Galvatron Explorer: plan hybrid-parallel Transformer training. "
                                            "Use --cli <command> ... for the command-line interface."));
    parser.addHelpOption();
    parser.addVersionOption();
    QCommandLineOption model_opt(QStringLiteral("model"),
                                 QCoreApplication::translate("main", "Model preset or profile file."),
                                 QStringLiteral("model"));
    QCommandLineOption cluster_opt(QStringLiteral("cluster"),
                                   QCoreApplication::translate("main", "Cluster preset or profile file."),
                                   QStringLiteral("cluster"));
    QCommandLineOption shot_opt(
        QStringLiteral("screenshot"),
        QCoreApplication::translate("main", "Run the search, save the window as PNG, exit."),
        QStringLiteral("out.png"));
    QCommandLineOption view_opt(QStringLiteral("view"),
                                QCoreApplication::translate("main", "View to show: %1, export.")
                                    .arg(gx::app::MainWindow::viewNames().join(QStringLiteral(", "))),
                                QStringLiteral("view"), QStringLiteral("plan"));
    QCommandLineOption size_opt(QStringLiteral("size"),
                                QCoreApplication::translate("main", "Window size WxH."),
                                QStringLiteral("WxH"), QStringLiteral("1600x1000"));
    QCommandLineOption theme_opt(QStringLiteral("theme"),
                                 QCoreApplication::translate("main", "light, dark or system."),
                                 QStringLiteral("theme"));
    QCommandLineOption lang_opt(QStringLiteral("lang"),
                                QCoreApplication::translate("main", "Language: en, de, zh_CN."),
                                QStringLiteral("lang"));
    QCommandLineOption batch_opt(
        QStringLiteral("batch"),
        QCoreApplication::translate("main", "Global batch size(s) to search, e.g. 64,128."),
        QStringLiteral("sizes"));
    QCommandLineOption run_opt(QStringLiteral("search"),
                               QCoreApplication::translate("main", "Start a search at once."));
    QCommandLineOption plan_opt(
        QStringLiteral("plan"),
        QCoreApplication::translate("main", "Open this plan JSON at start (the model is trained at the "
                                            "sequence length the plan was searched for; --screenshot then "
                                            "shows it instead of searching)."),
        QStringLiteral("plan.json"));
    parser.addOptions({model_opt, cluster_opt, shot_opt, view_opt, size_opt, theme_opt, lang_opt, batch_opt,
                       run_opt, plan_opt});
    return {model_opt, cluster_opt, shot_opt,  view_opt, size_opt,
            theme_opt, lang_opt,    batch_opt, run_opt,  plan_opt};
}

/// Checks the explorer's options before any window opens; returns the error to print (empty: fine).
/// Explicit garbage is refused with the option's name instead of being ignored (a misspelt --lang used
/// to start the explorer in English without a word; --size 99999999999x700 overflowed).
std::string checkExplorerOptions(const QCommandLineParser& parser, const ExplorerOptions& o, bool shot,
                                 QSize* size) {
    auto oneOf = [&](const QCommandLineOption& opt, const QStringList& allowed) -> std::string {
        if (!parser.isSet(opt) || allowed.contains(parser.value(opt)))
            return {};
        return "--" + opt.names().constFirst().toStdString() + ": expected one of " +
               allowed.join(QStringLiteral(", ")).toStdString() + ", got '" +
               parser.value(opt).toStdString() + "'";
    };
    QStringList views = gx::app::MainWindow::viewNames();
    if (shot)
        views << QStringLiteral("export") << QStringLiteral("runtime-editor");
    for (const std::string& e :
         {oneOf(o.lang, {QStringLiteral("en"), QStringLiteral("de"), QStringLiteral("zh_CN")}),
          oneOf(o.theme, {QStringLiteral("light"), QStringLiteral("dark"), QStringLiteral("system")}),
          oneOf(o.view, views)})
        if (!e.empty())
            return e;
    // Window size: whole pixels, from what the layout needs to what a screenshot can hold.
    constexpr int kMinSide = 200, kMaxSide = 16384;
    const QString sz = parser.value(o.size);
    const auto m = QRegularExpression(QStringLiteral("^(\\d{1,9})x(\\d{1,9})$")).match(sz);
    const int w = m.hasMatch() ? m.captured(1).toInt() : 0, h = m.hasMatch() ? m.captured(2).toInt() : 0;
    if (w < kMinSide || h < kMinSide || w > kMaxSide || h > kMaxSide)
        return "--size: expected WxH with each side from " + std::to_string(kMinSide) + " to " +
               std::to_string(kMaxSide) + " pixels, got '" + sz.toStdString() + "'";
    *size = QSize(w, h);
    return {};
}

} // namespace

int main(int argc, char** argv) {
    // Headless CLI: everything after --cli goes to gx::cli::run.
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--cli") == 0) {
            QCoreApplication app(argc, argv);
            QCoreApplication::setApplicationName(QStringLiteral("galvatron"));
            QCoreApplication::setApplicationVersion(QStringLiteral(GX_VERSION_STRING));
            QStringList args = QCoreApplication::arguments();
            QStringList cli_args{args.value(0)};
            cli_args += args.mid(i + 1);
            return gx::cli::run(cli_args, std::cout, std::cerr);
        }
    }

    // --help and --version need no display: answer them before a QApplication connects to one.
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "-h" || a == "--help" || a == "--help-all" || a == "-?" || a == "-v" || a == "--version") {
            QCoreApplication core(argc, argv);
            QCoreApplication::setApplicationName(QStringLiteral("galvatron-explorer"));
            QCoreApplication::setApplicationVersion(QStringLiteral(GX_VERSION_STRING));
            QCommandLineParser parser;
            addExplorerOptions(parser);
            parser.process(core); // prints and exits
            return 0;
        }
    }

    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("GalvatronExplorer"));
    QCoreApplication::setApplicationName(QStringLiteral("galvatron-explorer"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GX_VERSION_STRING));
    gx::app::initResources();
    QApplication::setWindowIcon(gx::app::icon(QStringLiteral("galvatron-explorer")));

    QCommandLineParser parser;
    const ExplorerOptions opts = addExplorerOptions(parser);
    const auto& [model_opt, cluster_opt, shot_opt, view_opt, size_opt, theme_opt, lang_opt, batch_opt,
                 run_opt, plan_opt] = opts;
    parser.process(app);

    const bool shot = parser.isSet(shot_opt);
    QSize shot_size;
    if (const std::string e = checkExplorerOptions(parser, opts, shot, &shot_size); !e.empty()) {
        std::cerr << "error: " << e << "\n";
        return 2;
    }
    if (shot) // screenshots neither read nor change the user's settings
        QCoreApplication::setOrganizationName(QStringLiteral("GalvatronExplorerScreenshot"));
    gx::app::Settings settings;
    if (shot) // ... nor an earlier screenshot's: each starts from the defaults (runs had carried over)
        settings.raw().clear();
    const QString lang =
        parser.isSet(lang_opt) ? parser.value(lang_opt) : (shot ? QStringLiteral("en") : settings.language());
    if (lang != QLatin1String("en"))
        gx::app::installTranslation(lang);
    gx::app::applyTheme(parser.isSet(theme_opt) ? parser.value(theme_opt)
                                                : (shot ? QStringLiteral("light") : settings.theme()));

    gx::app::MainWindow w;
    QString why;
    if (parser.isSet(model_opt) && !w.loadModel(parser.value(model_opt), &why)) {
        std::cerr << "error: cannot load model '" << parser.value(model_opt).toStdString()
                  << "': " << why.toStdString() << "\n";
        return 1;
    }
    if (parser.isSet(cluster_opt) && !w.loadCluster(parser.value(cluster_opt), &why)) {
        std::cerr << "error: cannot load cluster '" << parser.value(cluster_opt).toStdString()
                  << "': " << why.toStdString() << "\n";
        return 1;
    }
    if (parser.isSet(batch_opt)) {
        w.searchSettings()->batchesEdit()->setText(parser.value(batch_opt));
        try {
            (void)w.searchSettings()->options();
        } catch (const std::exception& e) {
            std::cerr << "error: --batch: " << e.what() << "\n";
            return 2;
        }
        // As when typed: the what-if and sweep panels follow (they kept the automatic batch, and the
        // what-if compared a plan of 128 samples with the search's 256).
        emit w.searchSettings()->batchesEdit()->editingFinished();
    }
    if (parser.isSet(plan_opt) && !w.openPlanFile(parser.value(plan_opt), &why)) {
        std::cerr << "error: --plan: " << why.toStdString() << "\n";
        return 1;
    }
    if (shot)
        return screenshot(w, parser.value(shot_opt), parser.value(view_opt), shot_size,
                          !parser.isSet(plan_opt));
    w.show();
    if (parser.isSet(view_opt))
        w.setView(parser.value(view_opt));
    if (parser.isSet(run_opt))
        QTimer::singleShot(0, &w, [&w] { w.runSearch(); });
    return app.exec();
}
