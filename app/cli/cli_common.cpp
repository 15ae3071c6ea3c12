#include "cli/cli_common.h"

#include "gx/error.h"
#include "gx/presets.h"

#include "gx/report.h"

#include <atomic>
#include <chrono>
#include <memory>
#include <ostream>
#include <thread>

namespace gx::cli {

void addProfileOptions(QCommandLineParser& p) {
    p.addOption({QStringLiteral("model"),
                 QStringLiteral("Model: preset name, profile JSON or Hugging Face config.json (default %1).")
                     .arg(QLatin1String(kDefaultModel)),
                 QStringLiteral("M"), QLatin1String(kDefaultModel)});
    p.addOption({QStringLiteral("cluster"),
                 QStringLiteral("Cluster: preset name or profile JSON (default %1).")
                     .arg(QLatin1String(kDefaultCluster)),
                 QStringLiteral("C"), QLatin1String(kDefaultCluster)});
}

void addRuntimeOptions(QCommandLineParser& p) {
    p.addOption({QStringLiteral("runtime"),
                 QStringLiteral("Runtime that trains the plan: preset (%1) or runtime JSON (default %2).")
                     .arg(QString::fromStdString([] {
                              std::string s;
                              for (const auto& n : runtimePresetNames())
                                  s += (s.empty() ? "" : ", ") + n;
                              return s;
                          }()),
                          QLatin1String(kDefaultRuntime)),
                 QStringLiteral("R"), QLatin1String(kDefaultRuntime)});
    p.addOption({QStringLiteral("precision"),
                 QStringLiteral("Numeric format of the linear layers: bf16, fp16 or fp8 (default bf16)."),
                 QStringLiteral("P"), QStringLiteral("bf16")});
}

RuntimeProfile runtimeFromOptions(const QCommandLineParser& p) {
    try {
        return resolveRuntime(p.value(QStringLiteral("runtime")).toStdString());
    } catch (const InputError& e) {
        throw InputError(e.field() == "runtime" ? "--runtime" : e.field(), e.reason());
    }
}

CostOptions costOptionsFromOptions(const QCommandLineParser& p, const ClusterProfile& cluster) {
    CostOptions o;
    o.runtime = runtimeFromOptions(p);
    o.precision = precisionFromString(p.value(QStringLiteral("precision")).toStdString(), "--precision");
    checkPrecision(o.precision, o.runtime, cluster);
    return o;
}

void checkPrecision(Precision precision, const RuntimeProfile& runtime, const ClusterProfile& cluster) {
    if (precision == Precision::FP8 && !runtime.supports_fp8)
        throw InputError("--precision",
                         "the runtime '" + runtime.name + "' does not train FP8 linear layers");
    if (precision == Precision::FP8 && cluster.gpu.peak_tflops_fp8 <= 0)
        throw InputError("--precision",
                         "the GPU '" + cluster.gpu.name + "' has no FP8 tensor cores (peak_tflops_fp8 = 0)");
}

std::optional<int> parseOrExit(QCommandLineParser& p, const QStringList& args, std::ostream& out,
                               std::ostream& err) {
    p.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help = p.addHelpOption();
    if (!p.parse(args)) {
        err << args.value(0).toStdString() << ": " << p.errorText().toStdString() << "\n";
        return 2;
    }
    if (p.isSet(help)) {
        out << p.helpText().toStdString();
        return 0;
    }
    return std::nullopt;
}

ModelProfile modelFromOptions(const QCommandLineParser& p) {
    return resolveModel(p.value(QStringLiteral("model")).toStdString());
}

ClusterProfile clusterFromOptions(const QCommandLineParser& p) {
    return resolveCluster(p.value(QStringLiteral("cluster")).toStdString());
}

double positiveNumber(const QCommandLineParser& p, const QString& name) {
    bool ok = false;
    const QString v = p.value(name);
    const double d = v.toDouble(&ok);
    if (!ok || !(d > 0))
        throw InputError("--" + name.toStdString(),
                         "expected a positive number, got '" + v.toStdString() + "'");
    return d;
}

int positiveInt(const QCommandLineParser& p, const QString& name) {
    bool ok = false;
    const QString v = p.value(name);
    const int i = v.toInt(&ok);
    if (!ok || i <= 0)
        throw InputError("--" + name.toStdString(),
                         "expected a positive integer, got '" + v.toStdString() + "'");
    return i;
}

SearchObserver unlimitedSearchProgress(const CostModel& model, const SearchOptions& so, double limit,
                                       std::ostream& err) {
    if (limit > 0 || so.uniform_layers)
        return {};
    const int layers = model.model().layerCount();
    if (layers > 128)
        err << "note: --time-limit 0 runs the exact per-layer search to the end; with " << layers
            << " layers this can take long. Progress and an estimate of the remaining time follow every "
               "10 s; Ctrl-C stops and prints the best plan so far (or use --time-limit S / --uniform).\n";
    // A ticker thread reports every 10 s (also while no configuration has finished yet); the observer
    // only records the progress. The thread ends when the search drops the observer.
    struct State {
        std::atomic<double> fraction{0};
        std::chrono::steady_clock::time_point t0 = std::chrono::steady_clock::now();
        std::jthread ticker; // last member: stopped and joined first
    };
    auto st = std::make_shared<State>();
    st->ticker = std::jthread([s = st.get(), &err](std::stop_token quit) {
        auto next = s->t0 + std::chrono::seconds(10);
        while (!quit.stop_requested()) {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            const auto now = std::chrono::steady_clock::now();
            if (now < next)
                continue;
            next = now + std::chrono::seconds(10);
            const double secs = std::chrono::duration<double>(now - s->t0).count();
            const double f = s->fraction.load();
            err << "search: " << static_cast<int>(100 * f) << "% of the configurations done after "
                << formatSeconds(secs);
            if (f > 0.005 && f < 1)
                err << ", about " << formatSeconds(secs * (1 - f) / f) << " left";
            else if (f <= 0.005)
                err << " (no estimate yet: the first configurations are still running)";
            err << "\n" << std::flush;
        }
    });
    return [st](const SearchEvent& ev) {
        if (ev.kind == SearchEvent::Kind::Progress)
            st->fraction.store(ev.progress);
    };
}

} // namespace gx::cli
