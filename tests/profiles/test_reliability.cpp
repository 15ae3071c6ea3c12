// SPDX-License-Identifier: Apache-2.0
// Issue 15: bounded input reading, atomic saves, input limits, strict jobs reader, safe script text.
#include "gx/error.h"
#include "gx/file_io.h"
#include "gx/presets.h"
#include "gx/profile_io.h"
#include "gx/report.h"
#include "gx/scheduler.h"
#include "gx/search_space.h"
#include "gx/shell.h"

#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <climits>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using nlohmann::json;
using namespace gx;

namespace {

/// Runs f; returns the InputError it threw (fails the test on no error or another exception type).
InputError errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e;
    } catch (const std::exception& e) {
        QTest::qFail((std::string("not an InputError: ") + e.what()).c_str(), __FILE__, __LINE__);
        return InputError("", "");
    }
    QTest::qFail("no error thrown", __FILE__, __LINE__);
    return InputError("", "");
}

bool has(const std::string& s, const std::string& part) {
    return s.find(part) != std::string::npos;
}

std::string slurp(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

json cluster() {
    return json::parse(R"({"name": "c", "nodes": 2, "gpus_per_node": 4,
      "gpu": {"name": "X", "memory_gib": 40, "peak_tflops_bf16": 100},
      "intra": {"kind": "NVLink", "bandwidth_gbs": 100},
      "inter": {"kind": "InfiniBand", "bandwidth_gbs": 12.5}})");
}

json model() {
    return json::parse(R"({"name": "tiny", "vocab_size": 1000, "seq_len": 128,
      "stacks": [{"count": 4, "layer": {"hidden": 256, "ffn_hidden": 1024, "heads": 8}}]})");
}

/// Runs f in a child process with the file size limit set to `bytes` (a full disk as the writer sees
/// it: write() fails with EFBIG). Returns the child's exit status: 0 = f threw InputError, 1 = f
/// returned normally, 2 = another exception.
int withFileSizeLimit(rlim_t bytes, const std::function<void()>& f) {
    const pid_t pid = ::fork();
    if (pid == 0) {
        std::signal(SIGXFSZ, SIG_IGN);
        rlimit rl{bytes, bytes};
        ::setrlimit(RLIMIT_FSIZE, &rl);
        try {
            f();
        } catch (const InputError&) {
            ::_exit(0);
        } catch (...) {
            ::_exit(2);
        }
        ::_exit(1);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 100 + WTERMSIG(status);
}

} // namespace

class TestReliability : public QObject {
    Q_OBJECT
private slots:
    void deepNestingIsAnError() {
        // Item 4: 100k levels crashed every reader (recursive dump() in the message).
        const std::string deep = std::string(100000, '[') + std::string(100000, ']');
        const InputError e = errorOf([&] { parseJsonText(deep, "deep.json"); });
        QVERIFY(has(e.reason(), "nested deeper than 64"));
        QVERIFY(has(e.reason(), "deep.json"));
        QVERIFY(e.what() == std::string(e.what()).substr(0, 400)); // bounded message
        const std::string nested_obj = R"({"name": )" + std::string(70, '[') + std::string(70, ']') + "}";
        QVERIFY(has(errorOf([&] { parseJsonText(nested_obj, "m.json"); }).field(), "name"));
        // 60 levels are fine.
        QCOMPARE(parseJsonText(std::string(60, '[') + std::string(60, ']'), "ok.json").size(), 1u);
    }

    void messagesNeverDumpNestedValues() {
        json v = json::array();
        json* cur = &v;
        for (int i = 0; i < 50; ++i) {
            cur->push_back(json::array());
            cur = &cur->back();
        }
        QCOMPARE(showJson(v), std::string("[...]"));
        QCOMPARE(showJson(json::object()), std::string("{}"));
        QCOMPARE(showJson(json("a\nb")), std::string("\"a\\x0ab\""));
        QVERIFY(showJson(json(std::string(1000, 'x'))).size() < 50);
        json m = model();
        m["seq_len"] = v;
        const InputError e = errorOf([&] { modelFromJson(m); });
        QCOMPARE(e.field(), std::string("model.seq_len"));
        QVERIFY(e.reason().size() < 100);
    }

    void duplicateKeysNamePath() {
        // Item 10: the last duplicate won silently.
        const InputError e = errorOf([] { parseJsonText(R"({"seq_len": -5, "seq_len": 4096})", "m.json"); });
        QCOMPARE(e.field(), std::string("seq_len"));
        QVERIFY(has(e.reason(), "duplicate key"));
        const InputError n = errorOf([] {
            parseJsonText(R"({"stacks": [{"count": 1}, {"layer": {"hidden": 1, "hidden": 2}}]})", "m.json");
        });
        QCOMPARE(n.field(), std::string("stacks[1].layer.hidden"));
        // Same key in different objects is fine.
        QCOMPARE(parseJsonText(R"([{"a": 1}, {"a": 2}])", "x").size(), 2u);
    }

    void hugeNumbersNameTheField() {
        // Item 11: "[json.exception.out_of_range.406] number overflow" without file or field.
        const InputError e =
            errorOf([] { parseJsonText(R"({"gpu": {"name": "X", "memory_gib": 1e400}})", "c.json"); });
        QCOMPARE(e.field(), std::string("gpu.memory_gib"));
        QVERIFY(has(e.reason(), "out of range"));
        QVERIFY(has(e.reason(), "c.json"));
        QVERIFY(!has(e.what(), "json.exception"));
        QCOMPARE(errorOf([] { parseJsonText(R"({"a": [1, 2, -1e999]})", "x"); }).field(),
                 std::string("a[2]"));
        // Finite but absurd values: a sanity range with units.
        json c = cluster();
        c["gpu"]["memory_gib"] = 1e308;
        const InputError m = errorOf([&] { clusterFromJson(c); });
        QCOMPARE(m.field(), std::string("cluster.gpu.memory_gib"));
        QVERIFY(has(m.reason(), "GiB"));
        QVERIFY(!has(m.reason(), "inf"));
        c = cluster();
        c["intra"]["bandwidth_gbs"] = 1e30;
        QVERIFY(has(errorOf([&] { clusterFromJson(c); }).reason(), "GB/s"));
        // ... and absurdly small ones: a GPU of 1e-300 TFLOPS printed 60-digit iteration times.
        c = cluster();
        c["gpu"]["peak_tflops_bf16"] = 1e-300;
        const InputError t = errorOf([&] { clusterFromJson(c); });
        QCOMPARE(t.field(), std::string("cluster.gpu.peak_tflops_bf16"));
        QVERIFY2(has(t.reason(), "at least 0.001 TFLOPS"), t.what());
        c = cluster();
        c["inter"]["bandwidth_gbs"] = 1e-9;
        QCOMPARE(errorOf([&] { clusterFromJson(c); }).field(), std::string("cluster.inter.bandwidth_gbs"));
        c = cluster();
        c["gpu"]["peak_tflops_fp8"] = 0; // 0 keeps its meaning ("no FP8"); a tiny positive value does not
        QCOMPARE(clusterFromJson(c).gpu.peak_tflops_fp8, 0.0);
        c["gpu"]["peak_tflops_fp8"] = 1e-12;
        QVERIFY(has(errorOf([&] { clusterFromJson(c); }).reason(), "0 or at least"));
        c = cluster();
        c["gpu"]["peak_tflops_bf16"] = 0.001; // the limit itself is accepted
        QCOMPARE(clusterFromJson(c).gpu.peak_tflops_bf16, 0.001);
        // Long times stay readable: seconds with 3 decimals below 1e6 s, 4 significant digits above.
        QCOMPARE(formatSeconds(980119.1734), std::string("980119.173 s"));
        QCOMPARE(formatSeconds(1.0123456e7), std::string("1.012e+07 s"));
        QCOMPARE(formatSeconds(2.5e-3), std::string("2.50 ms"));
        QCOMPARE(formatSeconds(0.0), std::string("0 s"));
        QCOMPARE(formatSeconds(4e-7), std::string("0.4 us"));
    }

    void inputSizeIsCapped() {
        // Item 6: /dev/zero was read until memory ran out.
        const InputError z = errorOf([] { readJsonFile("/dev/zero"); });
        QCOMPARE(z.field(), std::string("/dev/zero"));
        QVERIFY(has(z.reason(), "64 MiB"));
        QTemporaryDir dir;
        const std::string big = dir.path().toStdString() + "/big.json";
        std::filesystem::resize_file((std::ofstream(big), big), 200LL << 20); // sparse 200 MB
        QVERIFY(has(errorOf([&] { readJsonFile(big); }).reason(), "larger than the 64 MiB limit"));
        QVERIFY(has(errorOf([&] { readTextFile(big, 1000); }).reason(), "limit"));
    }

    void countsAreBoundedAtReadTime() {
        // Item 5: signed overflows / huge allocations from counts near 2^31.
        json c = cluster();
        c["gpus_per_node"] = INT_MAX;
        QCOMPARE(errorOf([&] { clusterFromJson(c); }).field(), std::string("cluster.gpus_per_node"));
        c = cluster();
        c["nodes"] = 60000;
        c["gpus_per_node"] = 1000;
        QCOMPARE(errorOf([&] { clusterFromJson(c); }).field(), std::string("cluster.nodes"));
        json m = model();
        m["stacks"][0]["count"] = INT_MAX;
        QCOMPARE(errorOf([&] { modelFromJson(m); }).field(), std::string("model.stacks[0].count"));
        m = model();
        m["stacks"].push_back(m["stacks"][0]);
        m["stacks"][0]["count"] = 60000;
        m["stacks"][1]["count"] = 6000; // each alone is fine, the sum is not
        QCOMPARE(errorOf([&] { modelFromJson(m); }).field(), std::string("model.stacks[1].count"));
        m = model();
        m["stacks"][0]["layer"]["hidden"] = 1 << 30;
        QCOMPARE(errorOf([&] { modelFromJson(m); }).field(), std::string("model.stacks[0].layer.hidden"));
        // The plan reader: [2147483647, 2] and [2147483647] stage layers, tp * dp, pp * virtual_stages.
        const json plan = json::parse(R"({"gpus": 4, "pp": 2, "global_batch": 8,
            "stage_layers": [2147483647, 2], "layers": {"tp": 2, "dp": 1}})");
        QCOMPARE(errorOf([&] { planFromJson(plan); }).field(), std::string("plan.stage_layers[0]"));
        json p1 = plan;
        p1["pp"] = 1;
        p1["stage_layers"] = {2147483647};
        QVERIFY(has(errorOf([&] { planFromJson(p1); }).field(), "plan.stage_layers"));
        json p2 = plan;
        p2["pp"] = 65536;
        p2["gpus"] = 65536;
        p2["virtual_stages"] = 65536;
        p2["schedule"] = "interleaved";
        QCOMPARE(errorOf([&] { planFromJson(p2); }).field(), std::string("plan.virtual_stages"));
        json p3 = json::parse(R"({"gpus": 1, "global_batch": 8, "layers": [{"tp": 65536, "dp": 65536}]})");
        QCOMPARE(errorOf([&] { planFromJson(p3); }).field(), std::string("plan.layers[0]"));
        QCOMPARE(cluster()["nodes"].get<int>(), 2);
        ClusterProfile cp;
        cp.nodes = INT_MAX;
        cp.gpus_per_node = INT_MAX;
        QCOMPARE(cp.totalGpus(), INT_MAX); // saturates, no overflow
    }

    void degreesNearIntMax() {
        // Item 5: SIGFPE in the divisor loop with gpus_per_node = 2^31-1.
        QCOMPARE(SearchSpace::degrees(INT_MAX, false), (std::vector<int>{1, INT_MAX})); // a prime
        QCOMPARE(SearchSpace::degrees(1 << 30, true).size(), 31u);
        QCOMPARE(SearchSpace::degrees(12, false), (std::vector<int>{1, 2, 3, 4, 6, 12}));
        QCOMPARE(SearchSpace::degrees(16, true), (std::vector<int>{1, 2, 4, 8, 16}));
        QCOMPARE(SearchSpace::degrees(1, false), (std::vector<int>{1}));
    }

    void controlCharactersInNamesRejected() {
        // Item 8: a newline in a name became a command line in generated scripts.
        json m = model();
        m["name"] = "x\ntouch PWNED";
        const InputError e = errorOf([&] { modelFromJson(m); });
        QCOMPARE(e.field(), std::string("model.name"));
        QVERIFY(has(e.reason(), "control character"));
        QVERIFY(!has(e.reason(), "\n"));
        json c = cluster();
        c["name"] = "a\rb";
        QCOMPARE(errorOf([&] { clusterFromJson(c); }).field(), std::string("cluster.name"));
        c = cluster();
        c["gpu"]["name"] = "g\x1b[2J";
        QCOMPARE(errorOf([&] { clusterFromJson(c); }).field(), std::string("cluster.gpu.name"));
        const json jobs = json::parse(R"({"jobs": [{"name": "a\nb", "model": "gpt3-1.3b", "global_batch": 8,
            "steps": 10}]})");
        QCOMPARE(errorOf([&] { jobsFromJson(jobs); }).field(), std::string("jobs[0].name"));
        // Hugging Face model_type ends up as the model name.
        QVERIFY(has(errorOf([] {
                        modelFromJson(json::parse(R"({"name": "ok", "source": "a\u0000b", "vocab_size": 1,
                            "seq_len": 1, "stacks": [{"count": 1, "layer": {"hidden": 8, "ffn_hidden": 8,
                            "heads": 1}}]})"));
                    }).field(),
                    "model.source"));
    }

    void shellHelpers() {
        QCOMPARE(shellQuote("abc-1.2/x_y"), std::string("abc-1.2/x_y"));
        QCOMPARE(shellQuote(""), std::string("''"));
        QCOMPARE(shellQuote("a b"), std::string("'a b'"));
        QCOMPARE(shellQuote("it's"), std::string("'it'\\''s'"));
        QCOMPARE(shellQuote("$(touch x)"), std::string("'$(touch x)'"));
        QCOMPARE(shellQuote("A=1"), std::string("'A=1'"));
        QCOMPARE(commentSafe("a\nb\r\x1b"), std::string("a?b??"));
        QCOMPARE(commentSafe(std::string(300, 'x')).size(), 203u);
        // The quoted word is one word to a real shell, with the bytes intact.
        QTemporaryDir dir;
        const std::string evil = "x'; touch " + dir.path().toStdString() + "/PWNED; echo '\n$HOME`id`";
        const std::string cmd =
            "printf %s " + shellQuote(evil) + " > " + shellQuote(dir.path().toStdString() + "/o");
        QCOMPARE(std::system(cmd.c_str()), 0);
        QCOMPARE(slurp(dir.path().toStdString() + "/o"), evil);
        QVERIFY(!QFile::exists(dir.path() + "/PWNED"));
    }

    void launchScriptsAreSafe() {
        // A name that slipped past the readers (built in code) still cannot start a command line.
        ClusterProfile c = clusterFromJson(cluster());
        c.name = "c\ntouch PWNED";
        ScheduledJob j;
        j.name = "job\n rm -rf /";
        j.gpus = 4;
        j.slot.first = 0;
        j.slot.count = 4;
        j.estimate.label = "pp1\ntouch PWNED2";
        const std::string s = launchScript(j, c);
        std::istringstream in(s);
        for (std::string line; std::getline(in, line);) {
            QVERIFY2(!has(line, "touch PWNED") || line.rfind("#", 0) == 0, line.c_str());
            QVERIFY2(!has(line, "rm -rf") || line.rfind("#", 0) == 0, line.c_str());
        }
        QTemporaryDir dir;
        const std::string f = dir.path().toStdString() + "/s.sh";
        std::ofstream(f) << s;
        QCOMPARE(std::system(("bash -n " + f).c_str()), 0);
    }

    void jobsReaderIsStrict() {
        // Item 9: silent conversions and ignored unknown keys.
        auto jobsWith = [](const char* field, const json& v) {
            json j = json::parse(R"({"jobs": [{"name": "a", "model": "gpt3-1.3b", "global_batch": 8,
                "steps": 10}]})");
            j["jobs"][0][field] = v;
            return j;
        };
        for (const json& bad : {json(1.5), json(true), json(4294967297LL), json(4294967808LL), json("8")})
            QCOMPARE(errorOf([&] { jobsFromJson(jobsWith("global_batch", bad)); }).field(),
                     std::string("jobs[0].global_batch"));
        QCOMPARE(errorOf([&] { jobsFromJson(jobsWith("steps", 1.9)); }).field(),
                 std::string("jobs[0].steps"));
        QCOMPARE(errorOf([&] { jobsFromJson(jobsWith("allow_spill", 1)); }).field(),
                 std::string("jobs[0].allow_spill"));
        QCOMPARE(errorOf([&] { jobsFromJson(jobsWith("epochs", 1e30)); }).field(),
                 std::string("jobs[0].epochs"));
        json top = jobsWith("steps", 5);
        top["clutser"] = "x";
        QCOMPARE(errorOf([&] { jobsFromJson(top); }).field(), std::string("jobs.clutser"));
        const auto ok = jobsFromJson(jobsWith("global_batch", 2.0)); // integral floats are integers
        QCOMPARE(ok.at(0).global_batch, 2);
        QCOMPARE(ok.at(0).steps, std::int64_t(10));
    }

    void atomicSaveKeepsOldFileOnFullDisk() {
        // Item 1: a failed save truncated the previous valid file.
        QTemporaryDir dir;
        const std::string f = dir.path().toStdString() + "/plan.json";
        writeJsonFile(f, json{{"ok", true}});
        const std::string before = slurp(f);
        json big = json::array();
        for (int i = 0; i < 20000; ++i)
            big.push_back("padding padding padding " + std::to_string(i));
        QCOMPARE(withFileSizeLimit(4096, [&] { writeJsonFile(f, big); }), 0); // an InputError
        QCOMPARE(slurp(f), before);                                           // old file intact
        for (const auto& e : std::filesystem::directory_iterator(dir.path().toStdString()))
            QCOMPARE(e.path().filename().string(), std::string("plan.json")); // no temporary left
        // A write that fits replaces the file; the mode of an existing file is kept.
        ::chmod(f.c_str(), 0640);
        writeFileAtomic(f, "new\n");
        QCOMPARE(slurp(f), std::string("new\n"));
        struct stat st {};
        ::stat(f.c_str(), &st);
        QCOMPARE(int(st.st_mode & 0777), 0640);
        writeFileAtomic(f, "x", true);
        ::stat(f.c_str(), &st);
        QCOMPARE(int(st.st_mode & 0777), 0750);
        // Devices: /dev/full fails loudly, /dev/null works.
        QVERIFY(has(errorOf([] { writeFileAtomic("/dev/full", "data"); }).reason(), "write failed"));
        writeFileAtomic("/dev/null", "data");
        // A missing folder: an error naming the file.
        QCOMPARE(errorOf([&] { writeFileAtomic(dir.path().toStdString() + "/no/such/x.json", "1"); }).field(),
                 dir.path().toStdString() + "/no/such/x.json");
    }
};

QTEST_GUILESS_MAIN(TestReliability)
#include "test_reliability.moc"
