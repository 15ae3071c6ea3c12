// SPDX-License-Identifier: Apache-2.0
// `galvatron` command dispatcher.
#include "cli/cli.h"

#include "gx/error.h"

#include <QCoreApplication>

#include <exception>
#include <ostream>

namespace gx::cli {

namespace {
struct Command {
    const char* name;
    const char* summary;
    int (*fn)(const QStringList&, std::ostream&, std::ostream&);
};

const Command kCommands[] = {
    {"search", "search the best hybrid-parallel plans (default command)", &cmdSearch},
    {"estimate", "predict time and memory of a given plan", &cmdEstimate},
    {"export", "export a plan for Megatron-LM, DeepSpeed, torchtitan, Hetu-Galvatron, torchrun, Slurm",
     &cmdExport},
    {"hetu", "import Hetu-Galvatron strategy or hardware profile JSON", &cmdHetu},
    {"schedule", "schedule several training jobs on one cluster (multi-model planning)", &cmdSchedule},
    {"presets", "list built-in model, cluster and runtime presets", &cmdPresets},
    {"validate", "compare the cost model with measured training runs (errors by group, goals)", &cmdValidate},
    {"calibrate", "fit the cost model's named coefficients to measured runs", &cmdCalibrate},
#ifdef GX_HAVE_ENGINE
    {"profile", "measure local GPUs (GEMM, layer, HBM, NCCL) into a cluster profile", &cmdProfile},
    {"run-plan", "run a plan's synthetic training step on local GPUs and compare with the prediction",
     &cmdRunPlan},
#endif
};

void usage(std::ostream& out) {
    out << "Usage: galvatron <command> [options]   (galvatron <command> --help for its options)\n\n"
           "Commands:\n";
    for (const auto& c : kCommands) {
        std::string n = c.name;
        n.resize(10, ' ');
        out << "  " << n << c.summary << "\n";
    }
    out << "\nWith no command, `search` runs on the built-in default model and cluster.\n"
           "Exit codes: 0 ok, 1 bad input, 2 usage error, 3 no feasible plan.\n";
}
} // namespace

int run(const QStringList& args, std::ostream& out, std::ostream& err) {
    QString cmd = args.size() > 1 ? args.at(1) : QString();
    QStringList rest;
    if (cmd.isEmpty() || (cmd.startsWith(QLatin1Char('-')) && cmd != QLatin1String("--help") &&
                          cmd != QLatin1String("-h") && cmd != QLatin1String("--version"))) {
        cmd = QStringLiteral("search");
        rest = args.mid(1);
    } else {
        rest = args.mid(2);
    }
    if (cmd == QLatin1String("help") || cmd == QLatin1String("--help") || cmd == QLatin1String("-h")) {
        usage(out);
        return 0;
    }
    if (cmd == QLatin1String("--version")) {
        out << "galvatron " << QCoreApplication::applicationVersion().toStdString() << "\n";
        return 0;
    }
    for (const auto& c : kCommands) {
        if (cmd == QLatin1String(c.name)) {
            rest.prepend(QStringLiteral("galvatron ") + cmd);
            try {
                return c.fn(rest, out, err);
            } catch (const InputError& e) {
                err << "error: " << e.what() << "\n";
                return 1;
            } catch (const std::exception& e) {
                err << "error: " << e.what() << "\n";
                return 1;
            }
        }
    }
    err << "galvatron: unknown command '" << cmd.toStdString() << "'\n\n";
    usage(err);
    return 2;
}

} // namespace gx::cli
