#include "cli/cli_common.h"

#include "gx/error.h"
#include "gx/presets.h"

#include <ostream>

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
    if (o.precision == Precision::FP8 && !o.runtime.supports_fp8)
        throw InputError("--precision",
                         "the runtime '" + o.runtime.name + "' does not train FP8 linear layers");
    if (o.precision == Precision::FP8 && cluster.gpu.peak_tflops_fp8 <= 0)
        throw InputError("--precision",
                         "the GPU '" + cluster.gpu.name + "' has no FP8 tensor cores (peak_tflops_fp8 = 0)");
    return o;
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

} // namespace gx::cli
