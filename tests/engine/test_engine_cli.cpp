// SPDX-License-Identifier: Apache-2.0
// `galvatron profile` and `galvatron run-plan` through gx::cli::run, with or without a GPU: bad input
// names the option, and run-plan always prints the cost model's prediction.
#include "cli/cli.h"
#include "cli_capture.h"

#include "gx/cost_model.h"
#include "gx/engine/engine.h"
#include "gx/presets.h"
#include "gx/profile_io.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <map>

#include <sstream>

using namespace gx;

namespace {

using Run = gx::test::CliResult;
using gx::test::galvatron;

} // namespace

class TestEngineCli : public QObject {
    Q_OBJECT
private slots:
    void badProfileOptionsNameTheOption() {
        Run r = galvatron({QStringLiteral("profile"), QStringLiteral("--only"), QStringLiteral("gemm,foo")});
        QCOMPARE(r.rc, 1);
        QVERIFY2(r.err.find("--only") != std::string::npos, r.err.c_str());
        r = galvatron({QStringLiteral("profile"), QStringLiteral("--dtypes"), QStringLiteral("int4")});
        QCOMPARE(r.rc, 1);
        QVERIFY2(r.err.find("--dtypes") != std::string::npos, r.err.c_str());
        r = galvatron({QStringLiteral("profile"), QStringLiteral("--no-such-option")});
        QCOMPARE(r.rc, 2);
    }

    void inventoryIsJson() {
        const Run r = galvatron({QStringLiteral("profile"), QStringLiteral("--inventory")});
        const auto j = nlohmann::json::parse(r.out);
        const bool have_gpu = engine::noDeviceReason().empty();
        QCOMPARE(j.at("available").get<bool>(), have_gpu);
        QCOMPARE(r.rc, have_gpu ? 0 : 1);
        if (!have_gpu)
            QVERIFY(!j.at("error").get<std::string>().empty());
    }

    void runPlanNeedsAPlan() {
        const Run r =
            galvatron({QStringLiteral("run-plan"), QStringLiteral("--model"), QStringLiteral("llama2-7b")});
        QCOMPARE(r.rc, 1);
        QVERIFY2(r.err.find("--plan") != std::string::npos, r.err.c_str());
    }

    void runPlanReportsPrediction() {
        // A 1-GPU plan of GPT-3 1.3B (one stage, 4 micro-batches of 1): small enough to really run
        // where there is a GPU.
        const ModelProfile model = modelPreset("gpt3-1.3b");
        const int L = model.layerCount();
        Plan p;
        p.model = "gpt3-1.3b";
        p.cluster = "8xH100";
        p.stage_layers = {L};
        p.global_batch = 4;
        p.num_micro = 4;
        p.layers.assign(std::size_t(L), LayerStrategy{});
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("plan.json"));
        writeJsonFile(file.toStdString(), toJson(p));
        const Run r =
            galvatron({QStringLiteral("run-plan"), QStringLiteral("--model"), QStringLiteral("gpt3-1.3b"),
                       QStringLiteral("--cluster"), QStringLiteral("8xH100"), QStringLiteral("--plan"), file,
                       QStringLiteral("--json")});
        const auto j = nlohmann::json::parse(r.out);
        const PlanCost c = CostModel(model, clusterPreset("8xH100")).evaluate(p);
        QCOMPARE(j.at("predicted_iteration_ms").get<double>(), c.iteration_time * 1e3);
        QCOMPARE(j.at("predicted_peak_bytes").get<double>(), c.peak_memory);
        QVERIFY(j.at("notes").is_array());
        // Per op, the embedding and the LM head + loss included (issue 17 item 6).
        std::map<std::string, nlohmann::json> per;
        for (const auto& e : j.at("per_op"))
            per[e.at("name").get<std::string>()] = e;
        for (const char* name : {"embedding.fwd", "layer0.qkv.fwd", "layer0.attention.bwd", "lm_head.fwd",
                                 "loss.bwd", "layer0.optimizer"}) {
            QVERIFY2(per.count(name), name);
            QCOMPARE(per[name].at("stage").get<int>(), 0);
            QVERIFY(per[name].at("predicted_ms").get<double>() > 0);
        }
        // Per-category prediction for calibration, also without a GPU (measured only with one).
        QCOMPARE(j.at("ops").size(), std::size_t(7));
        QCOMPARE(j.at("ops")[0].at("op").get<std::string>(), std::string("forward"));
        QVERIFY(j.at("ops")[0].at("predicted_ms").get<double>() > 0);
        QVERIFY(j.at("planned_rank_bytes").get<std::int64_t>() > 0);
        if (engine::noDeviceReason().empty()) {
            QVERIFY2(r.rc == 0 && j.at("measured_iteration_ms").get<double>() > 0, r.err.c_str());
        } else {
            QCOMPARE(r.rc, 1);
            QVERIFY(j.at("error").get<std::string>().find("no CUDA device") != std::string::npos);
        }
        // A plan the runner cannot run is refused before any GPU work, naming the field.
        p.layers[3].tp = 2;
        writeJsonFile(file.toStdString(), toJson(p));
        const Run bad = galvatron({QStringLiteral("run-plan"), QStringLiteral("--model"),
                                   QStringLiteral("gpt3-1.3b"), QStringLiteral("--cluster"),
                                   QStringLiteral("8xH100"), QStringLiteral("--plan"), file});
        QCOMPARE(bad.rc, 1);
        QVERIFY2(bad.err.find("layers[3]") != std::string::npos, bad.err.c_str());
    }

    void runPlanWritesASlurmScriptWithSrun() {
        // Issue 17 item 5: a Slurm batch launch must start one process per GPU through srun.
        const ModelProfile model = modelPreset("gpt3-1.3b");
        const int L = model.layerCount();
        Plan p;
        p.gpus = 16;
        p.pp = 2;
        p.stage_layers = {L / 2, L - L / 2};
        p.global_batch = 64;
        p.num_micro = 8;
        LayerStrategy s;
        s.dp = 8;
        p.layers.assign(std::size_t(L), s);
        QTemporaryDir dir;
        const QString plan = dir.filePath(QStringLiteral("my plan.json"));
        writeJsonFile(plan.toStdString(), toJson(p));
        const QString script = dir.filePath(QStringLiteral("run.sbatch"));
        const Run r =
            galvatron({QStringLiteral("run-plan"), QStringLiteral("--model"), QStringLiteral("gpt3-1.3b"),
                       QStringLiteral("--cluster"), QStringLiteral("8xH100"), QStringLiteral("--plan"), plan,
                       QStringLiteral("--id-file=/shared/gx.id"), QStringLiteral("--partition"),
                       QStringLiteral("gpu"), QStringLiteral("--slurm-script"), script});
        QVERIFY2(r.rc == 0, r.err.c_str());
        QFile f(script);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const std::string text = f.readAll().toStdString();
        QVERIFY(text.find("#SBATCH --nodes=2\n") != std::string::npos);
        QVERIFY(text.find("#SBATCH --partition=gpu\n") != std::string::npos);
        const std::string srun =
            "\nsrun --nodes=2 --ntasks-per-node=8 --gpus-per-task=1 --kill-on-bad-exit=1 "
            "galvatron run-plan --model gpt3-1.3b --cluster 8xH100 --plan '" +
            plan.toStdString() + "' --id-file /shared/gx.id\n";
        QVERIFY2(text.find(srun) != std::string::npos, text.c_str());
        QVERIFY(text.find("slurm-script") == std::string::npos);
        // Without a shared id file there is no script.
        const Run bad =
            galvatron({QStringLiteral("run-plan"), QStringLiteral("--model"), QStringLiteral("gpt3-1.3b"),
                       QStringLiteral("--plan"), plan, QStringLiteral("--slurm-script"),
                       dir.filePath(QStringLiteral("x.sbatch"))});
        QCOMPARE(bad.rc, 1);
        QVERIFY2(bad.err.find("--id-file") != std::string::npos, bad.err.c_str());
    }
};

QTEST_GUILESS_MAIN(TestEngineCli)
#include "test_engine_cli.moc"
