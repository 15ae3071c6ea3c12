// SPDX-License-Identifier: Apache-2.0
// `galvatron presets [models|clusters|runtimes] [--show NAME] [--json]`.
#include "cli/cli.h"
#include "cli_capture.h"

#include "gx/error.h"
#include "gx/presets.h"
#include "gx/profile_io.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <sstream>

using nlohmann::json;

namespace {
using Result = gx::test::CliResult;
using gx::test::has;

Result presets(const QStringList& args) {
    return gx::test::captureCli(gx::cli::cmdPresets, args, QStringLiteral("galvatron presets"));
}
} // namespace

class TestPresetsCli : public QObject {
    Q_OBJECT
private slots:
    void listsBoth() {
        const Result r = presets({});
        QCOMPARE(r.rc, 0);
        QVERIFY(has(r.out, "MODEL"));
        QVERIFY(has(r.out, "CLUSTER"));
        QVERIFY(has(r.out, "RUNTIME"));
    }
    void listsRuntimes() {
        // The runtime presets were only named in error messages and the docs.
        const Result r = presets({QStringLiteral("runtimes")});
        QCOMPARE(r.rc, 0);
        QVERIFY(!has(r.out, "MODEL") && !has(r.out, "CLUSTER"));
        for (const auto& n : gx::runtimePresetNames())
            QVERIFY2(has(r.out, "\n" + n + " "), n.c_str());
        // Model-state bytes per parameter (weights + gradients + optimizer): NeMo's recipes keep bf16
        // gradients and a 10-byte distributed Adam; Megatron-LM fp32 main gradients and 12 bytes.
        QVERIFY2(has(r.out, "2+2+10") && has(r.out, "2+4+12"), r.out.c_str());
        const json j = json::parse(presets({QStringLiteral("runtimes"), QStringLiteral("--json")}).out);
        QCOMPARE(j.size(), gx::runtimePresetNames().size());
        for (const auto& x : j)
            if (x.at("name") == "nemo")
                QCOMPARE(x.at("state_bytes_per_param").get<int>(), 14);
        QCOMPARE(json::parse(presets({QStringLiteral("--json")}).out).at("runtimes").size(), j.size());
        // --show prints a runtime profile the loader reads back, with or without the kind.
        const Result s = presets({QStringLiteral("--show"), QStringLiteral("nemo")});
        QCOMPARE(s.rc, 0);
        QCOMPARE(gx::runtimeFromJson(json::parse(s.out)).grad_bytes, 2);
        QCOMPARE(
            presets({QStringLiteral("runtimes"), QStringLiteral("--show"), QStringLiteral("torchtitan")}).rc,
            0);
    }
    void listsModels() {
        const Result r = presets({QStringLiteral("models")});
        QCOMPARE(r.rc, 0);
        // Llama-2-70B: 68,976,648,192 parameters, 64 query heads sharing 8 KV heads.
        QVERIFY2(has(r.out, "llama2-70b") && has(r.out, "68.98B") && has(r.out, "64/8"), r.out.c_str());
        QVERIFY(has(r.out, "24+24")); // T5-large encoder + decoder layers
        // Adam states of Llama-2-70B: 16 B x 68,976,648,192 / 2^30 = 1027.8 GiB.
        QVERIFY(has(r.out, " 1028\n"));
        QVERIFY(!has(r.out, "CLUSTER"));
        // Listed by family then size: gpt3-2.7b before gpt3-13b.
        QVERIFY(r.out.find("gpt3-2.7b") < r.out.find("gpt3-13b"));
    }
    void listsClusters() {
        const Result r = presets({QStringLiteral("clusters")});
        QCOMPARE(r.rc, 0);
        QVERIFY2(has(r.out, "128x8xH100-IB") && has(r.out, "1024"), r.out.c_str());
        QVERIFY(has(r.out, "165.2")); // RTX 4090 dense BF16
        QVERIFY(!has(r.out, "MODEL"));
    }
    void jsonList() {
        const Result r = presets({QStringLiteral("models"), QStringLiteral("--json")});
        QCOMPARE(r.rc, 0);
        const json j = json::parse(r.out);
        QCOMPARE(j.size(), std::size_t(20));
        bool found = false;
        for (const auto& m : j)
            if (m.at("name") == "llama2-7b") {
                QCOMPARE(m.at("params").get<std::int64_t>(), std::int64_t(6738415616));
                QCOMPARE(m.at("active_params"), m.at("params"));                     // dense
                QCOMPARE(std::round(m.at("model_states_gib").get<double>()), 100.0); // 16 B x 6.74e9 / 2^30

                found = true;
            }
        QVERIFY(found);
        for (const auto& m : j)
            if (m.at("name") == "mixtral-8x7b") // 46.70B total, 12.88B per token (Jiang et al. 2024)
                QCOMPARE(std::round(m.at("active_params").get<double>() / 1e8), 129.0);
        const json both = json::parse(presets({QStringLiteral("--json")}).out);
        QCOMPARE(both.at("clusters").size(), std::size_t(25));
    }
    void showPrintsLoadableProfile() {
        const Result m = presets({QStringLiteral("--show"), QStringLiteral("llama3-8b")});
        QCOMPARE(m.rc, 0);
        QCOMPARE(gx::modelFromJson(json::parse(m.out)).totalParams(), std::int64_t(8030261248));
        const Result c = presets(
            {QStringLiteral("clusters"), QStringLiteral("--show"), QStringLiteral("4x8xA100-80G-IB")});
        QCOMPARE(c.rc, 0);
        QCOMPARE(gx::clusterFromJson(json::parse(c.out)).totalGpus(), 32);
        // Without a kind, cluster names are found too.
        QCOMPARE(json::parse(presets({QStringLiteral("--show"), QStringLiteral("8xH100")}).out).at("nodes"),
                 1);
    }
    void errors() {
        const Result r = presets({QStringLiteral("gpus")});
        QCOMPARE(r.rc, 2);
        QVERIFY(has(r.err, "unknown kind 'gpus'"));
        try {
            presets({QStringLiteral("--show"), QStringLiteral("gpt-9")});
            QFAIL("no error for an unknown preset");
        } catch (const gx::InputError& e) {
            QCOMPARE(e.field(), std::string("--show"));
            QVERIFY(has(e.reason(), "llama2-7b"));
        }
        try {
            presets({QStringLiteral("models"), QStringLiteral("--show"), QStringLiteral("8xH100")});
            QFAIL("a cluster name was accepted as a model");
        } catch (const gx::InputError& e) {
            QCOMPARE(e.field(), std::string("model"));
        }
    }
};

QTEST_GUILESS_MAIN(TestPresetsCli)
#include "test_presets_cli.moc"
