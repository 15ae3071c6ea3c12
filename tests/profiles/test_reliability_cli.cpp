// SPDX-License-Identifier: Apache-2.0
// Issue 15 at the command line: failed writes are errors, launch scripts are safe, Ctrl-C keeps the
// best plan, --max-micro, the progress estimate of an unlimited search.
#include "cli/cli.h"
#include "cli/cli_common.h"
#include "cli_capture.h"

#include "gx/file_io.h"
#include "gx/presets.h"
#include "gx/profile_io.h"

#include <QDir>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

using nlohmann::json;

namespace {
using Result = gx::test::CliResult;
using gx::test::has;

Result run(const QStringList& args) {
    return gx::test::galvatron(args);
}

std::string slurp(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}
} // namespace

class TestReliabilityCli : public QObject {
    Q_OBJECT
private slots:
    void badSearchOptionsNameTheOption() {
        // Every option error names the option as typed, before any search runs.
        const std::vector<std::pair<QStringList, std::string>> cases = {
            {{QStringLiteral("--target"), QStringLiteral("foo")}, "--target: unknown target framework 'foo'"},
            {{QStringLiteral("--time-limit"), QStringLiteral("-1")}, "--time-limit: expected seconds >= 0"},
            {{QStringLiteral("--batch"), QStringLiteral("x")}, "--batch: expected positive integers"},
            {{QStringLiteral("--cp-comm"), QStringLiteral("zz")}, "--cp-comm: unknown cp_comm 'zz'"},
            {{QStringLiteral("--runtime"), QStringLiteral("nope")}, "--runtime"},
            // (a budget of 1e20 GiB ran for ever: found by fuzzing)
            {{QStringLiteral("--budget"), QStringLiteral("99999999999999999999")},
             "--budget: expected at most 65536 (input limit)"},
            {{QStringLiteral("--reserve"), QStringLiteral("1e9")},
             "--reserve: expected at most 65536 (input limit)"},
            // (100000 threads aborted: the system refused to start them)
            {{QStringLiteral("--threads"), QStringLiteral("100000")},
             "--threads: expected at most 1024 (input limit)"},
        };
        for (const auto& [extra, expected] : cases) {
            const Result r = run(QStringList{QStringLiteral("search"), QStringLiteral("--quiet")} + extra);
            QVERIFY2(r.rc != 0, qPrintable(extra.join(QLatin1Char(' '))));
            QVERIFY2(has(r.err, expected), r.err.c_str());
        }
    }

    void calibrateJsonIsJsonAndFoldsAreBounded() {
        // Found by fuzzing: with --json and --out-dir the "wrote" lines followed the JSON document on
        // stdout, and --cross-validate 65536 on 3 runs refitted for an hour.
        QTemporaryDir dir;
        const Result r = run({QStringLiteral("calibrate"), QStringLiteral("--json"), QStringLiteral("--only"),
                              QStringLiteral("layer_overhead_us"), QStringLiteral("--out-dir"), dir.path()});
        QCOMPARE(r.rc, 0);
        const json j = json::parse(r.out); // (throws on anything after the document)
        QVERIFY(j.contains("coefficients"));
        // A coefficient the fit pins to the end of its range is named: DeepSpeed's per-layer overhead
        // runs into its 5000 us bound when it is the only coefficient of those runs.
        bool ds = false;
        for (const auto& b : j.at("at_bound"))
            ds = ds || (b.at("name") == "runtime:deepspeed.layer_overhead_us" && b.at("bound") == "upper");
        QVERIFY2(ds, j.at("at_bound").dump().c_str());
        const Result t =
            run({QStringLiteral("calibrate"), QStringLiteral("--only"), QStringLiteral("layer_overhead_us")});
        QVERIFY2(has(t.out, "runtime:deepspeed.layer_overhead_us = 5000   [0, 5000]   AT ITS UPPER BOUND"),
                 t.out.c_str());
        QVERIFY(has(t.out, "at the end of the range"));
        QVERIFY2(has(r.err, "wrote "), r.err.c_str());
        // Its provenance has the presets' shape (the explorer shows it in short): runs, date, figures
        // in percent (before: "median |error| 0.064000 -> 0.032000").
        const QStringList written = QDir(dir.path()).entryList({QStringLiteral("*.runtime.json")});
        QVERIFY(!written.isEmpty());
        std::ifstream in((dir.path() + QLatin1Char('/') + written.front()).toStdString());
        const std::string prov = json::parse(in).at("provenance").at("calibrated").get<std::string>();
        static const QRegularExpression shape(
            QStringLiteral("^galvatron calibrate on \\S+ \\(\\d+ runs\\), \\d{4}-\\d{2}-\\d{2}: throughput "
                           "median \\|error\\| "
                           "\\d+\\.\\d% -> \\d+\\.\\d%$"));
        QVERIFY2(shape.match(QString::fromStdString(prov)).hasMatch(), prov.c_str());
        const Result k =
            run({QStringLiteral("calibrate"), QStringLiteral("--cross-validate"), QStringLiteral("52")});
        QVERIFY(k.rc != 0);
        QVERIFY2(has(k.err, "--cross-validate: expected at most 51 folds (one per run), got 52"),
                 k.err.c_str());
    }

    void failedWritesAreErrors() {
        // Item 2: `export --out /dev/full` said "wrote" and exited 0.
        QTemporaryDir dir;
        const QString plan = dir.path() + QStringLiteral("/plan.json");
        Result s =
            run({QStringLiteral("search"), QStringLiteral("--model"), QStringLiteral("gpt3-1.3b"),
                 QStringLiteral("--cluster"), QStringLiteral("8xA100-80G"), QStringLiteral("--uniform"),
                 QStringLiteral("--target"), QStringLiteral("megatron"), QStringLiteral("--out"), plan});
        QCOMPARE(s.rc, 0);
        Result e = run({QStringLiteral("export"), QStringLiteral("--plan"), plan, QStringLiteral("--format"),
                        QStringLiteral("megatron"), QStringLiteral("--out"), QStringLiteral("/dev/full")});
        QCOMPARE(e.rc, 1);
        QVERIFY2(has(e.err, "--out") && !has(e.err, "wrote"), e.err.c_str());
        Result h = run({QStringLiteral("hetu"), QStringLiteral("import-hardware"),
                        QStringLiteral(GX_TEST_DATA_DIR "/hetu/hardware_configs"), QStringLiteral("--out"),
                        QStringLiteral("/dev/full")});
        QCOMPARE(h.rc, 1);
        // A successful export replaces the file atomically.
        const QString ok = dir.path() + QStringLiteral("/train.sh");
        Result w = run({QStringLiteral("export"), QStringLiteral("--plan"), plan, QStringLiteral("--format"),
                        QStringLiteral("torchrun"), QStringLiteral("--out"), ok});
        QCOMPARE(w.rc, 0);
        QVERIFY(slurp(ok.toStdString()).size() > 100);
    }

    void scheduleScriptsRejectInjection() {
        // Item 8: a newline in a job name ran as a command from the generated script.
        QTemporaryDir dir;
        const std::string jobs = dir.path().toStdString() + "/jobs.json";
        std::ofstream(jobs) << R"({"cluster": "8xA100-80G", "jobs": [
            {"name": "a\ntouch PWNED", "model": "gpt3-1.3b", "global_batch": 64, "steps": 10}]})";
        Result r = run({QStringLiteral("schedule"), QStringLiteral("--jobs"), QString::fromStdString(jobs),
                        QStringLiteral("--scripts"), dir.path() + QStringLiteral("/s")});
        QCOMPARE(r.rc, 1);
        QVERIFY2(has(r.err, "jobs[0].name") && has(r.err, "control character"), r.err.c_str());
        // A valid schedule: executable scripts that bash accepts, names quoted.
        std::ofstream(jobs) << "{\"cluster\": \"8xA100-80G\", \"jobs\": [{\"name\": \"it's $(x)\", "
                               "\"model\": \"gpt3-1.3b\", \"global_batch\": 64, \"steps\": 10}]}";
        r = run({QStringLiteral("schedule"), QStringLiteral("--jobs"), QString::fromStdString(jobs),
                 QStringLiteral("--scripts"), dir.path() + QStringLiteral("/s")});
        QCOMPARE(r.rc, 0);
        int scripts = 0;
        for (const auto& e : std::filesystem::directory_iterator(dir.path().toStdString() + "/s")) {
            if (e.path().extension() != ".sh")
                continue;
            ++scripts;
            QVERIFY(std::filesystem::file_size(e.path()) > 100);
            QVERIFY((std::filesystem::status(e.path()).permissions() & std::filesystem::perms::owner_exec) !=
                    std::filesystem::perms::none);
            QCOMPARE(std::system(("bash -n '" + e.path().string() + "'").c_str()), 0);
        }
        QCOMPARE(scripts, 1);
    }

    void interruptKeepsBestPlan() {
        // Item 3: Ctrl-C discarded a long search; now it stops it and reports the best plan so far.
        QTemporaryDir dir;
        const QString plan = dir.path() + QStringLiteral("/best.json");
        std::thread killer([] {
            std::this_thread::sleep_for(std::chrono::milliseconds(1500));
            std::raise(SIGINT);
        });
        const auto t0 = std::chrono::steady_clock::now();
        // GPT-3 175B on 64 GPUs without the time-lower-bound rule: a search of over 30 s (with the rule it
        // now ends in under 2 s, before the signal), so that the signal arrives while it runs.
        Result r = run({QStringLiteral("search"), QStringLiteral("--model"), QStringLiteral("gpt3-175b"),
                        QStringLiteral("--cluster"), QStringLiteral("8x8xA100-80G-IB"),
                        QStringLiteral("--any-divisor"), QStringLiteral("--disable-rule"),
                        QStringLiteral("time-lower-bound"), QStringLiteral("--time-limit"),
                        QStringLiteral("0"), QStringLiteral("--out"), plan});
        killer.join();
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        QCOMPARE(r.rc, 0);
        QVERIFY2(has(r.out, "interrupted"), r.out.substr(0, 300).c_str());
        QVERIFY(secs < 60);
        QVERIFY(gx::loadPlanFile(plan.toStdString()).gpus > 0);
    }

    void hfConfigTrainsAtATrainingLength() {
        // A Hugging Face config.json gives its context window (DeepSeek-V2-Lite: 163,840), not a
        // training length: the search planned 160K-token samples. Now it plans 4096, as the explorer,
        // and says so; --seq-len sets the length for any model, its errors naming the option.
        const QString cfg = QStringLiteral(GX_TEST_DATA_DIR "/hf/DeepSeek-V2-Lite/config.json");
        const QStringList base = {
            QStringLiteral("search"),    QStringLiteral("--model"),   cfg,
            QStringLiteral("--cluster"), QStringLiteral("8xH100"),    QStringLiteral("--batch"),
            QStringLiteral("16"),        QStringLiteral("--uniform"), QStringLiteral("--json")};
        Result r = run(base);
        QCOMPARE(r.rc, 0);
        QVERIFY2(has(r.err, "planned at 4096 tokens per sample (the config's context window is 163840"),
                 r.err.c_str());
        const double t4k = json::parse(r.out).at("best").at("cost").at("iteration_time").get<double>();
        Result longer = run(base + QStringList{QStringLiteral("--seq-len"), QStringLiteral("8192")});
        QCOMPARE(longer.rc, 0);
        QVERIFY(!has(longer.err, "planned at"));
        QVERIFY(json::parse(longer.out).at("best").at("cost").at("iteration_time").get<double>() > 1.5 * t4k);
        Result bad = run(base + QStringList{QStringLiteral("--seq-len"), QStringLiteral("0")});
        QCOMPARE(bad.rc, 1);
        QVERIFY2(has(bad.err, "--seq-len"), bad.err.c_str());
        // The plan records the length it was searched for: estimate costs it at that length (it used the
        // model's 4096 and printed another time than the search), and --seq-len still overrides.
        QTemporaryDir dir;
        const QString plan = dir.path() + QStringLiteral("/p.json");
        Result out = run(base + QStringList{QStringLiteral("--seq-len"), QStringLiteral("8192"),
                                            QStringLiteral("--out"), plan});
        QCOMPARE(out.rc, 0);
        QCOMPARE(gx::loadPlanFile(plan.toStdString()).seq_len, 8192);
        const double searched = json::parse(out.out).at("best").at("cost").at("iteration_time").get<double>();
        const QStringList est = {
            QStringLiteral("estimate"), QStringLiteral("--model"), cfg,  QStringLiteral("--cluster"),
            QStringLiteral("8xH100"),   QStringLiteral("--plan"),  plan, QStringLiteral("--json")};
        Result e = run(est);
        QCOMPARE(e.rc, 0);
        QVERIFY2(has(e.err, "costed at 8192 tokens per sample, the length the plan was searched for"),
                 e.err.c_str());
        QVERIFY(std::abs(json::parse(e.out).at("cost").at("iteration_time").get<double>() - searched) <=
                1e-9 * searched);
        Result e4 = run(est + QStringList{QStringLiteral("--seq-len"), QStringLiteral("4096")});
        QCOMPARE(e4.rc, 0);
        QVERIFY(json::parse(e4.out).at("cost").at("iteration_time").get<double>() < searched / 1.5);
        // A preset with learned positions (GPT-3: 2048) refuses a longer sequence, naming the option.
        Result gpt = run({QStringLiteral("search"), QStringLiteral("--model"), QStringLiteral("gpt3-1.3b"),
                          QStringLiteral("--seq-len"), QStringLiteral("4096")});
        QCOMPARE(gpt.rc, 1);
        QVERIFY2(has(gpt.err, "--seq-len") && has(gpt.err, "learned position embeddings"), gpt.err.c_str());
    }

    void maxMicroOption() {
        // Item 12: no way to raise the micro-batch cap; the message suggested "more micro-batches".
        Result bad = run({QStringLiteral("search"), QStringLiteral("--max-micro"), QStringLiteral("0")});
        QCOMPARE(bad.rc, 1);
        QVERIFY(has(bad.err, "--max-micro"));
        Result r = run({QStringLiteral("search"), QStringLiteral("--model"), QStringLiteral("gpt3-1.3b"),
                        QStringLiteral("--cluster"), QStringLiteral("8xA100-80G"),
                        QStringLiteral("--uniform"), QStringLiteral("--batch"), QStringLiteral("4096"),
                        QStringLiteral("--max-micro"), QStringLiteral("512"), QStringLiteral("--json")});
        QCOMPARE(r.rc, 0);
        const json j = json::parse(r.out);
        QVERIFY(j.at("best").at("plan").at("num_micro").get<int>() > 16); // beyond the old cap for pp = 1
    }

    void unlimitedSearchAnnouncesItself() {
        // Item 7: --time-limit 0 on a huge model ran silently for hours.
        gx::ModelProfile m = gx::modelPreset("gpt3-1.3b");
        m.stacks[0].count = 1000;
        const gx::CostModel cm(m, gx::clusterPreset("8x8xA100-80G-IB"), {});
        std::ostringstream err;
        gx::SearchOptions so;
        QVERIFY(gx::cli::unlimitedSearchProgress(cm, so, 0, err));
        QVERIFY(has(err.str(), "1000 layers") && has(err.str(), "Ctrl-C"));
        std::ostringstream quiet;
        QVERIFY(!gx::cli::unlimitedSearchProgress(cm, so, 60, quiet));
        so.uniform_layers = true;
        QVERIFY(!gx::cli::unlimitedSearchProgress(cm, so, 0, quiet));
        QVERIFY(quiet.str().empty());
    }

    void dpProjectionBeforeAnyConfiguration() {
        // Item 7: an estimate before the first configuration completes, from the DP's own progress.
        gx::cli::DpProjection dp;
        std::string text;
        QCOMPARE(dp.remaining(text), -1.0); // nothing running
        gx::SearchEvent ev;
        ev.kind = gx::SearchEvent::Kind::Progress;
        ev.dp_sequence = 1;
        ev.dp_layers = 100;
        ev.dp_layer = 10;
        ev.dp_seconds = 1;
        dp.add(ev);
        // One report: time assumed ~ layers^2, so 1 s * (100 / 10)^2 - 1 s = 99 s remain.
        QVERIFY(std::abs(dp.remaining(text) - 99) < 1e-9);
        QVERIFY2(has(text, "layer 10 of 100") && has(text, "assumed"), text.c_str());
        // Calibrated: 10 -> 30 layers took 1 -> 3 s (linear), so 3 s * (100 / 30 - 1) = 7 s remain.
        ev.dp_layer = 30;
        ev.dp_seconds = 3;
        dp.add(ev);
        QVERIFY(std::abs(dp.remaining(text) - 7) < 1e-9);
        QVERIFY2(has(text, "layers^1.0"), text.c_str());
        // Two workers: the slowest running sequence decides.
        ev.dp_sequence = 2;
        ev.dp_layers = 1000;
        ev.dp_layer = 100;
        ev.dp_seconds = 10;
        dp.add(ev);
        QVERIFY(std::abs(dp.remaining(text) - 990) < 1e-9);
        QVERIFY2(has(text, "layer 100 of 1000"), text.c_str());
    }

    void progressNeverPromisesLessThanARunningConfiguration() {
        // Item 7: 40 s into a 1,000-layer search 2% of the configurations were done and the line said
        // "about 1960 s left" while the running configuration's own DP still needed 12 min and more
        // passes; the estimate then grew every 10 s. The running DP now bounds the estimate from below.
        const std::string dp = "a configuration's DP pass is at layer 53 of 985 after 2 s";
        const std::string slow = gx::cli::progressLine(40, 0.02, 4000, dp, 73);
        QVERIFY2(has(slow, "2% of the configurations done") && has(slow, "layer 53 of 985") &&
                     has(slow, "at least 67 min") && has(slow, "rate alone suggests 33 min"),
                 slow.c_str());
        // When the finished configurations' rate says more, it stands.
        const std::string fast = gx::cli::progressLine(40, 0.5, 5, dp, 73);
        QVERIFY2(has(fast, "50% of the configurations done") && has(fast, "left") && !has(fast, "53 of 985"),
                 fast.c_str());
        // Before any configuration finished: the projection and the worst case over all of them.
        const std::string first = gx::cli::progressLine(20, 0, 700, dp, 73);
        QVERIFY2(has(first, "layer 53 of 985") && has(first, "73 configurations"), first.c_str());
        QVERIFY(has(gx::cli::progressLine(5, 0, -1, "", 0), "no estimate yet"));
    }
};

QTEST_GUILESS_MAIN(TestReliabilityCli)
#include "test_reliability_cli.moc"
