// SPDX-License-Identifier: Apache-2.0
#include "cli/cli_common.h"

#include "gx/error.h"
#include "gx/file_io.h"
#include "gx/model_file.h"
#include "gx/presets.h"
#include "gx/profile_io.h"

#include "gx/report.h"
#include "gx/target.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <ostream>
#include <sstream>
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
    p.addOption({QStringLiteral("seq-len"),
                 QStringLiteral("Train the model at this sequence length (tokens per sample). Default: the "
                                "model's; a Hugging Face config.json without one is planned at %1, its "
                                "context window (max_position_embeddings) not being a training length.")
                     .arg(kHfTrainingSeqLen),
                 QStringLiteral("S")});
}

void addRuntimeOptions(QCommandLineParser& p) {
    p.addOption({QStringLiteral("runtime"),
                 QStringLiteral("Runtime that trains the plan: preset (%1) or runtime JSON (default %2; "
                                "with --target, that framework's runtime).")
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

Target targetFromOptions(const QCommandLineParser& p) {
    try {
        return targetFromString(p.value(QStringLiteral("target")).toStdString());
    } catch (const InputError& e) {
        throw InputError("--target", e.reason());
    }
}

RuntimeProfile runtimeFromOptions(const QCommandLineParser& p) {
    std::string name = p.value(QStringLiteral("runtime")).toStdString();
    // A target framework implies how the plan will run: its runtime, unless --runtime names another.
    if (!p.isSet(QStringLiteral("runtime")) && p.optionNames().contains(QStringLiteral("target")))
        if (const char* implied = runtimePresetFor(targetFromOptions(p)))
            name = implied;
    try {
        return resolveRuntime(name);
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

namespace {
/// Trains `m` at `seq` tokens per sample; a model that cannot take them (learned positions) is an
/// error naming `field`, where the length came from.
void trainAt(ModelProfile& m, int seq, const char* field) {
    setTrainingSeqLen(m, seq);
    try {
        validateModel(m);
    } catch (const InputError& e) {
        throw InputError(field, e.reason());
    }
}
} // namespace

bool applySeqLen(const QCommandLineParser& p, ModelProfile& m) {
    if (!p.isSet(QStringLiteral("seq-len")))
        return false;
    trainAt(m, positiveInt(p, QStringLiteral("seq-len"), limits::kMaxSeqLen), "--seq-len");
    return true;
}

ModelProfile modelFromOptions(const QCommandLineParser& p, std::ostream* note) {
    const std::string name = p.value(QStringLiteral("model")).toStdString();
    ModelProfile m = resolveModel(name);
    if (!applySeqLen(p, m) && m.seq_len > kHfTrainingSeqLen && isHfConfigWithoutSeqLen(name)) {
        // As the explorer: a config.json gives its context window, not a training length.
        if (note)
            *note << "note: " << m.name << " planned at " << kHfTrainingSeqLen
                  << " tokens per sample (the config's context window is " << m.seq_len
                  << "; --seq-len sets another)\n";
        setTrainingSeqLen(m, kHfTrainingSeqLen);
    }
    return m;
}

void followPlanSeqLen(const QCommandLineParser& p, const Plan& plan, ModelProfile& m, std::ostream& note) {
    if (p.isSet(QStringLiteral("seq-len")) || plan.seq_len <= 0 || plan.seq_len == m.seq_len)
        return;
    note << "note: " << m.name << " costed at " << plan.seq_len
         << " tokens per sample, the length the plan was searched for (the model's is " << m.seq_len
         << "; --seq-len sets another)\n";
    trainAt(m, plan.seq_len, "plan.seq_len");
}

ClusterProfile clusterFromOptions(const QCommandLineParser& p) {
    return resolveCluster(p.value(QStringLiteral("cluster")).toStdString());
}

double positiveNumber(const QCommandLineParser& p, const QString& name, double max) {
    bool ok = false;
    const QString v = p.value(name);
    const double d = v.toDouble(&ok);
    if (!ok || !(d > 0))
        throw InputError("--" + name.toStdString(),
                         "expected a positive number, got '" + v.toStdString() + "'");
    if (!(d <= max))
        throw InputError("--" + name.toStdString(), "expected at most " + QString::number(max).toStdString() +
                                                        " (input limit), got '" + v.toStdString() + "'");
    return d;
}

int positiveInt(const QCommandLineParser& p, const QString& name, int max) {
    bool ok = false;
    const QString v = p.value(name);
    const int i = v.toInt(&ok);
    if (!ok || i <= 0)
        throw InputError("--" + name.toStdString(),
                         "expected a positive integer, got '" + v.toStdString() + "'");
    if (i > max)
        throw InputError("--" + name.toStdString(), "expected at most " + std::to_string(max) +
                                                        " (input limit), got '" + v.toStdString() + "'");
    return i;
}

namespace {
/// Long durations in the unit a person reads (s, min, h).
std::string roughDuration(double s) {
    char buf[32];
    if (s < 120)
        std::snprintf(buf, sizeof buf, "%.0f s", s);
    else if (s < 7200)
        std::snprintf(buf, sizeof buf, "%.0f min", s / 60);
    else
        std::snprintf(buf, sizeof buf, "%.1f h", s / 3600);
    return buf;
}
} // namespace

void DpProjection::add(const SearchEvent& ev) {
    if (ev.dp_layers <= 0 || ev.dp_layer <= 0)
        return;
    std::lock_guard lock(mu_);
    Seq& q = seqs_[ev.dp_sequence];
    if (q.len == 0) {
        q.len = ev.dp_layers;
        q.p1 = ev.dp_layer;
        q.t1 = ev.dp_seconds;
    }
    q.p2 = ev.dp_layer;
    q.t2 = ev.dp_seconds;
    q.seen = std::chrono::steady_clock::now();
    while (seqs_.size() > 8) // (a few workers: the oldest sequences have ended)
        seqs_.erase(seqs_.begin());
}

double DpProjection::remaining(std::string& text) const {
    std::lock_guard lock(mu_);
    const auto now = std::chrono::steady_clock::now();
    double worst = -1;
    for (const auto& [id, q] : seqs_) {
        if (now - q.seen > std::chrono::seconds(5)) // reports come every 2 s while it runs
            continue;
        double a = 2;
        bool calibrated = false;
        if (q.p2 >= 1.2 * q.p1 && q.t2 > q.t1 && q.t1 > 0) {
            a = std::clamp(std::log(q.t2 / q.t1) / std::log(q.p2 / q.p1), 1.0, 4.0);
            calibrated = true;
        }
        const double rest = q.t2 * (std::pow(double(q.len) / q.p2, a) - 1);
        if (rest > worst) {
            worst = rest;
            char buf[200];
            std::snprintf(buf, sizeof buf, "a configuration's DP pass is at layer %d of %d after %.0f s ",
                          int(q.p2), q.len, q.t2);
            text = buf + std::string("and needs about ") + roughDuration(rest) + " more at its rate so far" +
                   (calibrated ? " (time ~ layers^" + std::to_string(a).substr(0, 3) + ")"
                               : " (time assumed ~ layers^2)") +
                   "; the configuration may need more passes";
        }
    }
    return worst;
}

std::string progressLine(double secs, double fraction, double dp_rest, const std::string& dp_text,
                         std::int64_t configurations) {
    std::ostringstream line;
    const double f = fraction;
    line << "search: " << static_cast<int>(100 * f) << "% of the configurations done after "
         << formatSeconds(secs);
    if (f > 0.005 && f < 1) {
        // The rate so far assumes the configurations left are like the finished ones; a running
        // configuration whose own DP projects further says otherwise, and then bounds it from below.
        const double linear = secs * (1 - f) / f;
        if (dp_rest > linear)
            line << "; " << dp_text << "; so at least " << roughDuration(dp_rest)
                 << " are left (the finished configurations' rate alone suggests " << roughDuration(linear)
                 << ")";
        else
            line << ", about " << roughDuration(linear) << " left";
    } else if (f <= 0.005) {
        // No configuration has completed: project the running one from its DP's progress.
        if (dp_rest >= 0) {
            line << "; " << dp_text;
            if (configurations > 1)
                line << "; " << configurations
                     << " configurations in all (most are cut by their bound once a good plan is known; if "
                        "each took as long: up to "
                     << roughDuration((dp_rest + secs) * double(configurations)) << ")";
        } else {
            line << " (no estimate yet: the first configurations are still running)";
        }
    }
    return line.str();
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
        std::atomic<std::int64_t> configurations{0};
        DpProjection dp;
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
            std::string dp;
            const double rest = s->dp.remaining(dp);
            err << progressLine(secs, s->fraction.load(), rest, dp, s->configurations.load());
            err << "\n" << std::flush;
        }
    });
    return [st](const SearchEvent& ev) {
        if (ev.kind != SearchEvent::Kind::Progress)
            return;
        if (ev.dp_layers > 0) {
            st->dp.add(ev);
            return;
        }
        st->fraction.store(ev.progress);
        if (ev.phase_index == 1 && ev.tasks_total > 0) // the per-layer pass
            st->configurations.store(ev.tasks_total);
        else if (st->configurations.load() == 0 && ev.tasks_total > 0)
            st->configurations.store(ev.tasks_total);
    };
}

} // namespace gx::cli
