// SPDX-License-Identifier: Apache-2.0
// `galvatron export --runtime R --precision P`: the same options and errors as search and estimate; the
// runtime and precision used are recorded in the export and cost its predicted figures.
#include "cli/cli.h"
#include "cli_capture.h"

#include "gx/file_io.h"
#include "gx/presets.h"
#include "gx/profile_io.h"

#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <sstream>

using nlohmann::json;

namespace {
using Result = gx::test::CliResult;
using gx::test::has;

Result run(const QStringList& args) {
    return gx::test::galvatron(args);
}
} // namespace

class TestExportRuntimeCli : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString plan_;

    Result exportJson(QStringList extra) {
        QStringList args{QStringLiteral("export"), QStringLiteral("--plan"), plan_,
                         QStringLiteral("--format"), QStringLiteral("plan-json")};
        args << extra;
        return run(args);
    }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        plan_ = dir_.path() + QStringLiteral("/plan.json");
        const Result s =
            run({QStringLiteral("search"), QStringLiteral("--model"), QStringLiteral("llama2-7b"),
                 QStringLiteral("--cluster"), QStringLiteral("8xH100"), QStringLiteral("--uniform"),
                 QStringLiteral("--batch"), QStringLiteral("16"), QStringLiteral("--out"), plan_});
        QVERIFY2(s.rc == 0, s.err.c_str());
    }

    void runtimeAndPrecisionAreRecordedAndCosted() {
        const Result plain = exportJson({});
        QVERIFY2(plain.rc == 0, plain.err.c_str());
        const json p0 = json::parse(plain.out);
        QCOMPARE(p0.at("runtime").get<std::string>(), std::string("megatron-core")); // the plan's own
        QCOMPARE(p0.at("precision").get<std::string>(), std::string("bf16"));

        const Result tt = exportJson({QStringLiteral("--runtime"), QStringLiteral("torchtitan"),
                                      QStringLiteral("--precision"), QStringLiteral("fp8")});
        QVERIFY2(tt.rc == 0, tt.err.c_str());
        const json p1 = json::parse(tt.out);
        QCOMPARE(p1.at("runtime").get<std::string>(), std::string("torchtitan"));
        QCOMPARE(p1.at("precision").get<std::string>(), std::string("fp8"));
        // The header's figures are the cost model's for that runtime and precision.
        const double t0 = p0.at("_export").at("predicted").at("iteration_time_s").get<double>();
        const double t1 = p1.at("_export").at("predicted").at("iteration_time_s").get<double>();
        QVERIFY(t0 > 0 && t1 > 0);
        QVERIFY(std::fabs(t1 / t0 - 1.0) > 0.01);
    }

    void runtimeFileCostsTheHeader() {
        // A runtime JSON file (not a preset): its own coefficients cost the figures, its name is recorded.
        gx::RuntimeProfile slow = gx::runtimePreset("megatron-core");
        slow.name = "my-slow-runtime";
        slow.iteration_overhead_s = 10.0;
        const QString file = dir_.path() + QStringLiteral("/slow.runtime.json");
        gx::writeJsonFile(file.toStdString(), gx::toJson(slow));
        const Result base = exportJson({QStringLiteral("--runtime"), QStringLiteral("megatron-core")});
        const Result r = exportJson({QStringLiteral("--runtime"), file});
        QVERIFY2(base.rc == 0 && r.rc == 0, (base.err + r.err).c_str());
        const json a = json::parse(base.out), b = json::parse(r.out);
        QCOMPARE(b.at("runtime").get<std::string>(), std::string("my-slow-runtime"));
        const double ta = a.at("_export").at("predicted").at("iteration_time_s").get<double>();
        const double tb = b.at("_export").at("predicted").at("iteration_time_s").get<double>();
        QVERIFY2(std::fabs(tb - ta - 10.0) < 1e-6,
                 (std::to_string(ta) + " vs " + std::to_string(tb)).c_str());
    }

    void commentHeaderNamesTheRuntime() {
        const Result r =
            run({QStringLiteral("export"), QStringLiteral("--plan"), plan_, QStringLiteral("--format"),
                 QStringLiteral("torchrun"), QStringLiteral("--runtime"), QStringLiteral("torchtitan"),
                 QStringLiteral("--lossy")});
        QVERIFY2(r.rc == 0, r.err.c_str());
        QVERIFY2(has(r.out, "predicted (runtime torchtitan, bf16)"), r.out.c_str());
    }

    void errorsNameTheOption() {
        // Same errors as search and estimate.
        Result r = exportJson({QStringLiteral("--runtime"), QStringLiteral("no-such-runtime")});
        QVERIFY(r.rc != 0);
        QVERIFY2(has(r.err, "--runtime") && has(r.err, "no-such-runtime"), r.err.c_str());
        r = exportJson({QStringLiteral("--precision"), QStringLiteral("fp4")});
        QVERIFY(r.rc != 0);
        QVERIFY2(has(r.err, "--precision") && has(r.err, "unknown precision 'fp4'"), r.err.c_str());
        r = exportJson({QStringLiteral("--runtime"), QStringLiteral("deepspeed"),
                        QStringLiteral("--precision"), QStringLiteral("fp8")});
        QVERIFY(r.rc != 0);
        QVERIFY2(has(r.err, "--precision") && has(r.err, "does not train FP8"), r.err.c_str());
        // FP8 on the plan's own runtime is checked too; on a GPU without FP8 tensor cores it is refused.
        r = exportJson({QStringLiteral("--cluster"), QStringLiteral("8xA100-80G"),
                        QStringLiteral("--precision"), QStringLiteral("fp8")});
        QVERIFY(r.rc != 0);
        QVERIFY2(has(r.err, "--precision") && has(r.err, "no FP8 tensor cores"), r.err.c_str());
        r = exportJson({QStringLiteral("--precision"), QStringLiteral("bf16"), QStringLiteral("--fp16")});
        QVERIFY(r.rc != 0);
        QVERIFY2(has(r.err, "--fp16") && has(r.err, "contradicts --precision bf16"), r.err.c_str());
        // A malformed runtime file names its field.
        const QString bad = dir_.path() + QStringLiteral("/bad.runtime.json");
        gx::writeFileAtomic(bad.toStdString(), R"({"name": "x", "tp_overlap": 2})");
        r = exportJson({QStringLiteral("--runtime"), bad});
        QVERIFY(r.rc != 0);
        QVERIFY2(has(r.err, "tp_overlap"), r.err.c_str());
    }

    void fp16PrecisionExportsFp16() {
        const Result r =
            run({QStringLiteral("export"), QStringLiteral("--plan"), plan_, QStringLiteral("--format"),
                 QStringLiteral("torchrun"), QStringLiteral("--precision"), QStringLiteral("fp16"),
                 QStringLiteral("--lossy")});
        QVERIFY2(r.rc == 0, r.err.c_str());
        QVERIFY2(has(r.out, "--fp16") && !has(r.out, "--bf16"), r.out.c_str());
    }
};

QTEST_GUILESS_MAIN(TestExportRuntimeCli)
#include "test_export_runtime_cli.moc"
