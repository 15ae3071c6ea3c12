// SPDX-License-Identifier: Apache-2.0
// Fuzzing of every reader (issue 15): mutates every field of every preset and sample file, and the
// JSON text itself, and asserts that each case ends in success or in an InputError naming a field with
// a bounded message - never another exception, a signal (the test would die) or a hang (each case is
// timed).
//
// Time-bounded random sample with a fixed seed: GX_FUZZ_SECONDS (default 20) and GX_FUZZ_SEED (default
// 15). All cases are generated, shuffled with the seed and run until the time is up; the counts are
// printed ("fuzz: N cases, E clear errors, S successes, 0 signals/hangs").
#include "gx/cost_model.h"
#include "gx/error.h"
#include "gx/file_io.h"
#include "gx/hetu.h"
#include "gx/hf_import.h"
#include "gx/presets.h"
#include "gx/profile_io.h"
#include "gx/scheduler.h"
#include "gx/search_space.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <random>

using nlohmann::json;
using namespace gx;

namespace {

const std::string kData = GX_TEST_DATA_DIR;
const std::string kSrc = GX_SOURCE_DIR;

struct FuzzTarget {
    std::string name;
    json base;
    std::function<void(const json&)> read; ///< the reader (and a cheap use of its result)
};

struct Case {
    std::size_t target = 0;
    std::string text; ///< the JSON text fed to parseJsonText + the reader
    std::string what; ///< description for failure messages
};

/// Values put in place of each field.
std::vector<std::pair<std::string, std::string>> replacements() {
    return {{"-1", "-1"},
            {"0", "0"},
            {"1.5", "1.5"},
            {"int max", "2147483647"},
            {"2^31", "2147483648"},
            {"2^32+1", "4294967297"},
            {"2^63", "9223372036854775808"},
            {"1e308", "1e308"},
            {"1e400", "1e400"},
            {"-1e400", "-1e400"},
            {"tiny", "1e-320"},
            {"true", "true"},
            {"null", "null"},
            {"string", "\"x\""},
            {"newline string", "\"a\\nb\""},
            {"nul string", "\"a\\u0000b\""},
            {"long string", "\"" + std::string(5000, 'y') + "\""},
            {"empty array", "[]"},
            {"array", "[1, 2]"},
            {"empty object", "{}"},
            {"deep", std::string(200, '[') + std::string(200, ']')}};
}

/// Every value position in `j` as a JSON pointer.
void leaves(const json& j, const json::json_pointer& at, std::vector<json::json_pointer>& out) {
    out.push_back(at);
    if (j.is_object())
        for (auto it = j.begin(); it != j.end(); ++it)
            leaves(it.value(), at / it.key(), out);
    else if (j.is_array())
        for (std::size_t i = 0; i < j.size() && i < 8; ++i) // long arrays: the first entries
            leaves(j[i], at / i, out);
}

/// `text` with the dump of the value at `ptr` replaced by `raw` (raw JSON text, may be invalid JSON
/// such as 1e400 for nlohmann's own types).
std::string withRaw(json j, const json::json_pointer& ptr, const std::string& raw) {
    const std::string marker = "\"@@FUZZ@@\"";
    j[ptr] = "@@FUZZ@@";
    std::string t = j.dump();
    t.replace(t.find(marker), marker.size(), raw);
    return t;
}

std::vector<Case> makeCases(const std::vector<FuzzTarget>& targets) {
    std::vector<Case> cases;
    const auto reps = replacements();
    for (std::size_t ti = 0; ti < targets.size(); ++ti) {
        const json& base = targets[ti].base;
        cases.push_back({ti, base.dump(), "unchanged"});
        std::vector<json::json_pointer> ptrs;
        leaves(base, json::json_pointer(), ptrs);
        for (const auto& p : ptrs) {
            if (p.empty())
                continue;
            for (const auto& [name, raw] : reps)
                cases.push_back({ti, withRaw(base, p, raw), p.to_string() + " = " + name});
            // Remove the field; duplicate it (a second key with another value).
            json removed = base;
            removed[p.parent_pointer()].is_object()
                ? (void)removed[p.parent_pointer()].erase(p.back())
                : (void)removed[p.parent_pointer()].erase(std::stoul(p.back()));
            cases.push_back({ti, removed.dump(), p.to_string() + " removed"});
            if (base[p.parent_pointer()].is_object()) {
                // Rename the key: a long one, one with a newline.
                for (const std::string& k : {std::string(3000, 'k'), std::string("a\nb")}) {
                    json renamed = base;
                    json& parent = renamed[p.parent_pointer()];
                    parent[k] = parent[p.back()];
                    parent.erase(p.back());
                    cases.push_back({ti, renamed.dump(), p.to_string() + " renamed"});
                }
                std::string t = base.dump();
                const std::string key = "\"" + p.back() + "\":";
                if (const auto pos = t.find(key); pos != std::string::npos)
                    cases.push_back({ti, t.insert(pos, key + "0,"), p.to_string() + " duplicated"});
            }
        }
        // Text-level damage: truncation and byte noise at a few positions.
        const std::string t = base.dump();
        for (std::size_t k = 1; k <= 16; ++k) {
            const std::size_t pos = t.size() * k / 17;
            cases.push_back({ti, t.substr(0, pos), "truncated at " + std::to_string(pos)});
            std::string noisy = t;
            noisy[pos] = static_cast<char>("\x01{[\"\\\xff}]:,0e-"[k % 14]);
            cases.push_back({ti, noisy, "byte noise at " + std::to_string(pos)});
        }
    }
    return cases;
}

json fileJson(const std::string& path) {
    return readJsonFile(path);
}

std::vector<FuzzTarget> makeTargets() {
    std::vector<FuzzTarget> t;
    const auto useModel = [](const ModelProfile& m) {
        // Cheap uses of the numbers: parameter and FLOP counts.
        volatile double x = double(m.totalParams()) + m.forwardFlops(1);
        (void)x;
    };
    for (const auto& n : modelPresetNames())
        t.push_back({"model preset " + n, toJson(modelPreset(n)),
                     [useModel](const json& j) { useModel(modelFromJson(j)); }});
    for (const auto& n : clusterPresetNames())
        t.push_back({"cluster preset " + n, toJson(clusterPreset(n)), [](const json& j) {
                         const ClusterProfile c = clusterFromJson(j);
                         (void)SearchSpace::degrees(c.gpus_per_node, false);
                         (void)SearchSpace::degrees(c.totalGpus(), true);
                     }});
    for (const char* d : {"gpt2", "Llama-2-7b-hf", "t5-large", "vit-huge-patch14-224-in21k",
                          "bert-large-uncased", "Qwen2-7B"})
        t.push_back({std::string("hf ") + d, fileJson(kData + "/hf/" + d + "/config.json"),
                     [useModel](const json& j) { useModel(importHuggingFace(j, "x")); }});
    const ModelProfile gpt = modelPreset("gpt3-1.3b");
    t.push_back({"hetu strategy", fileJson(kData + "/hetu/galvatron_config_gpt3-1.3b_16gpus_example.json"),
                 [gpt](const json& j) { planFromHetuStrategy(j, gpt, 16); }});
    const std::string hw = kData + "/hetu/hardware_configs/";
    const json ar = fileJson(hw + "allreduce_bandwidth_2nodes_8gpus_per_node.json");
    const json p2p = fileJson(hw + "p2p_bandwidth_2nodes_8gpus_per_node.json");
    const json ov = fileJson(hw + "overlap_coefficient.json");
    const ClusterProfile base = clusterPreset("2x8xA100-80G-IB");
    t.push_back({"hetu allreduce", ar, [=](const json& j) { clusterFromHetuHardware(j, p2p, ov, base); }});
    t.push_back({"hetu p2p", p2p, [=](const json& j) { clusterFromHetuHardware(ar, j, ov, base); }});
    t.push_back({"hetu overlap", ov, [=](const json& j) { clusterFromHetuHardware(ar, p2p, j, base); }});
    for (const std::string& f : {kSrc + "/resources/examples/jobs.json", kData + "/jobs/synthetic.json"})
        t.push_back({"jobs " + f, fileJson(f), [](const json& j) { jobsFromJson(j); }});
    const json plan = json::parse(R"({"model": "gpt3-1.3b", "cluster": "8xA100-80G", "gpus": 8, "pp": 2,
        "schedule": "interleaved", "virtual_stages": 2, "stage_layers": [6, 6, 6, 6], "global_batch": 32,
        "num_micro": 8, "vocab_tp": 2, "layers": {"default": {"tp": 2, "dp": 2, "sp": true,
        "dp_type": "zero3", "ckpt": "selective"}, "overrides": {"3": {"tp": 4, "dp": 1}}}})");
    t.push_back({"plan", plan, [](const json& j) { planFromJson(j); }});
    // Context and expert parallelism on a mixture-of-experts model, read and costed (the cost model's
    // checks must name the field too).
    const json moe_plan = json::parse(R"({"model": "mixtral-8x7b", "cluster": "8xH100", "gpus": 8, "pp": 1,
        "stage_layers": [32], "global_batch": 8, "num_micro": 2, "vocab_tp": 2,
        "layers": {"default": {"tp": 2, "cp": 2, "dp": 2, "ep": 4, "sp": true, "cp_comm": "p2p",
        "dp_type": "zero1", "ckpt": "full"}, "overrides": {"5": {"tp": 1, "cp": 4, "dp": 2, "ep": 8,
        "cp_comm": "a2a"}}}})");
    const auto mixtral =
        std::make_shared<const CostModel>(modelPreset("mixtral-8x7b"), clusterPreset("8xH100"));
    t.push_back(
        {"plan cp/ep", moe_plan, [mixtral](const json& j) { (void)mixtral->evaluate(planFromJson(j)); }});
    return t;
}

int envInt(const char* name, int dflt) {
    const char* v = std::getenv(name);
    return v && *v ? std::atoi(v) : dflt;
}

} // namespace

class TestFuzz : public QObject {
    Q_OBJECT
private slots:
    void readersGiveClearErrorsOrSucceed() {
        const std::vector<FuzzTarget> targets = makeTargets();
        std::vector<Case> cases = makeCases(targets);
        const int seed = envInt("GX_FUZZ_SEED", 15);
        const int seconds = envInt("GX_FUZZ_SECONDS", 20);
        std::mt19937 rng(static_cast<unsigned>(seed));
        std::shuffle(cases.begin(), cases.end(), rng);
        const auto t0 = std::chrono::steady_clock::now();
        const auto until = t0 + std::chrono::seconds(seconds);
        std::int64_t run = 0, errors = 0, ok = 0;
        double slowest = 0;
        std::string slowest_case;
        std::vector<std::string> failures;
        const auto fail = [&failures](const std::string& msg) {
            if (failures.size() < 30)
                failures.push_back(msg.substr(0, 300));
        };
        for (const Case& c : cases) {
            if (std::chrono::steady_clock::now() >= until)
                break;
            const FuzzTarget& target = targets[c.target];
            const std::string label = target.name + ": " + c.what;
            const auto c0 = std::chrono::steady_clock::now();
            try {
                target.read(parseJsonText(c.text, "fuzz.json"));
                ++ok;
            } catch (const InputError& e) {
                ++errors;
                if (e.field().empty() || e.reason().empty())
                    fail("error without field or reason: " + label + ": " + e.what());
                if (std::string(e.what()).size() > 600)
                    fail("unbounded message (" + std::to_string(std::string(e.what()).size()) +
                         " bytes): " + label + ": " + e.what());
            } catch (const std::exception& e) {
                fail("not an InputError: " + label + ": " + e.what());
            }
            ++run;
            const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - c0).count();
            if (secs > slowest) {
                slowest = secs;
                slowest_case = label;
            }
        }
        qInfo("fuzz: %lld of %zu cases run (seed %d, %d s budget), %lld clear errors, %lld successes, "
              "0 signals/hangs; slowest case %.3f s (%s)",
              static_cast<long long>(run), cases.size(), seed, seconds, static_cast<long long>(errors),
              static_cast<long long>(ok), slowest, slowest_case.c_str());
        for (const auto& f : failures)
            qWarning("%s", f.c_str());
        QVERIFY2(failures.empty(), "readers gave unclear errors (listed above)");
        QVERIFY(run > 100);
        QVERIFY(errors > 0 && ok > 0);
        QVERIFY2(slowest < 5.0, slowest_case.c_str()); // a case that takes this long is a hang in waiting
    }
};

QTEST_GUILESS_MAIN(TestFuzz)
#include "test_fuzz.moc"
