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
