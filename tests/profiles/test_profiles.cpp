// SPDX-License-Identifier: Apache-2.0
// Profiles: JSON round trips, validation errors (field path + reason), Hugging Face import against
// published parameter counts, built-in presets.
#include "gx/error.h"
#include "gx/hf_import.h"
#include "gx/model_file.h"
#include "gx/presets.h"
#include "gx/profile_io.h"

#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <functional>

using nlohmann::json;
using namespace gx;

namespace {

const std::string kHf = std::string(GX_TEST_DATA_DIR) + "/hf/";

/// Runs f, expects an InputError with exactly `field` whose reason contains `reason_part`.
void expectError(const std::function<void()>& f, const std::string& field, const std::string& reason_part) {
    try {
        f();
    } catch (const InputError& e) {
        if (e.field() != field || e.reason().find(reason_part) == std::string::npos)
            QFAIL(qPrintable(
                QStringLiteral("wrong error: field '%1' reason '%2'; expected field '%3' with '%4'")
                    .arg(QString::fromStdString(e.field()), QString::fromStdString(e.reason()),
                         QString::fromStdString(field), QString::fromStdString(reason_part))));
        return;
    } catch (const std::exception& e) {
        QFAIL(qPrintable(QStringLiteral("not an InputError: %1").arg(QString::fromUtf8(e.what()))));
    }
    QFAIL(qPrintable(QStringLiteral("no error thrown; expected %1").arg(QString::fromStdString(field))));
}

json smallModel() {
    return json::parse(R"({
      "name": "tiny", "family": "gpt", "vocab_size": 1000, "seq_len": 128, "max_position": 128,
      "tied_embeddings": true,
      "stacks": [{"count": 4, "layer": {"kind": "decoder", "hidden": 256, "ffn_hidden": 1024, "heads": 8}}]
    })");
}

/// Two stacks: a dense layer, then mixture-of-experts layers (8 experts of ffn 32, top-2, one shared
/// expert of 48 with a gate, router score bias), gated FFN, GQA, no biases.
json smallMoeModel() {
    return json::parse(R"({
      "name": "tiny-moe", "vocab_size": 1000, "seq_len": 128,
      "stacks": [
        {"count": 1, "layer": {"name": "dense", "hidden": 64, "ffn_hidden": 256, "heads": 4, "kv_heads": 2,
                               "gated_ffn": true, "bias": false}},
        {"count": 3, "layer": {"name": "moe", "hidden": 64, "ffn_hidden": 32, "heads": 4, "kv_heads": 2,
                               "gated_ffn": true, "bias": false,
                               "moe": {"experts": 8, "top_k": 2, "shared_experts": 1, "shared_ffn_hidden": 48,
                                       "shared_expert_gate": true, "router_bias": true}}}]
    })");
}

json smallCluster() {
    return json::parse(R"({
      "name": "c", "nodes": 2, "gpus_per_node": 4,
      "gpu": {"name": "X", "memory_gib": 40, "peak_tflops_bf16": 100},
      "intra": {"kind": "NVLink", "bandwidth_gbs": 100},
      "inter": {"kind": "InfiniBand", "bandwidth_gbs": 12.5, "latency_us": 8}
    })");
}

json smallPlan() {
    return json::parse(R"({
      "gpus": 8, "pp": 2, "schedule": "1f1b", "stage_layers": [2, 2], "global_batch": 16, "num_micro": 4,
      "layers": [{"tp": 2, "dp": 2}, {"tp": 4, "dp": 1, "sp": true}, {"tp": 1, "dp": 4, "dp_type": "fsdp"},
                 {"tp": 2, "dp": 2, "ckpt": "full", "tp_consecutive": false}]
    })");
}

std::string writeFile(const QTemporaryDir& dir, const std::string& name, const std::string& text) {
    const std::string path = dir.path().toStdString() + "/" + name;
    std::ofstream(path) << text;
    return path;
}

double relErr(double got, double want) {
    return std::abs(got - want) / want;
}

} // namespace

class TestProfiles : public QObject {
    Q_OBJECT
private slots:
    void modelDefaults();
    void modelRoundTrip();
    void clusterRoundTrip();
    void planFormsAndRoundTrip();
    void validationErrors();
    void brokenJsonNamesLine();
    void commentsAndSchemaKeysIgnored();
    void hfImportCounts_data();
    void hfImportCounts();
    void hfImportShapes();
    void hfImportErrors();
    void hfImportMoeCounts_data();
    void hfImportMoeCounts();
    void hfImportMoeShapes();
    void rotaryBaseAndScaling();
    void moeRouterImport();
    void moeRouterFormat();
    void presetNamesResolve();
    void presetsRoundTripAndValidate();
    void presetParamCounts_data();
    void presetParamCounts();
    void clusterPresetSpecs();
    void resolveFilesAndErrors();
    void schemasDescribeWrittenKeys();
    void presetsMatchHfImports_data();
    void presetsMatchHfImports();
    void mutationsGiveInputErrors();
    void moeLayerCounts();
    void mlaLayerCounts();
    void moeAndMlaErrors();
};

void TestProfiles::modelDefaults() {
    const ModelProfile m = modelFromJson(smallModel());
    QCOMPARE(m.stacks.size(), std::size_t(1));
    const LayerType& t = m.stacks[0].type;
    QCOMPARE(t.kv_heads, 8);       // defaults to heads
    QCOMPARE(t.head_dim, 32);      // hidden / heads
    QCOMPARE(t.seq_len, 128);      // model seq_len
    QCOMPARE(m.embed_hidden, 256); // first stack hidden
    QCOMPARE(t.name, std::string("decoder"));
    QVERIFY(t.bias);
    QVERIFY(!t.gated_ffn);
}

void TestProfiles::modelRoundTrip() {
    const ModelProfile m = modelFromJson(smallModel());
    const json j1 = toJson(m);
    const ModelProfile m2 = modelFromJson(j1);
    QCOMPARE(toJson(m2), j1);
    QCOMPARE(m2.totalParams(), m.totalParams());
}

void TestProfiles::clusterRoundTrip() {
    json j = smallCluster();
    j["measured"] = json::parse(
        R"([{"op": "all_reduce", "group_size": 8, "inter_node": true, "latency_us": 20,
             "bytes_to_busbw_gbs": [[1048576, 5.5], [1073741824, 11.8]]}])");
    j["provenance"] = {{"device", "X"}, {"date", "2026-01-01"}};
    const ClusterProfile c = clusterFromJson(j);
    QCOMPARE(c.totalGpus(), 8);
    QCOMPARE(c.gpu.peak_tflops_fp16, 100.0); // defaults to the bf16 peak
    QCOMPARE(c.inter.latency_us, 8.0);
    QCOMPARE(c.measured.size(), std::size_t(1));
    QCOMPARE(c.measured[0].op, Collective::AllReduce);
    QCOMPARE(c.measured[0].bytes_to_busbw_gbs[1].second, 11.8);
    QCOMPARE(c.provenance.at("device"), std::string("X"));
    const json j1 = toJson(c);
    QCOMPARE(toJson(clusterFromJson(j1)), j1);
}

void TestProfiles::planFormsAndRoundTrip() {
    const Plan p = planFromJson(smallPlan());
    QCOMPARE(p.layers.size(), std::size_t(4));
    QCOMPARE(p.layers[1].sp, true);
    QCOMPARE(p.layers[2].dp_type, DpType::ZeRO3); // "fsdp" is an alias of zero3
    QCOMPARE(p.layers[3].ckpt, Checkpoint::Full);
    QCOMPARE(p.layers[3].tp_consecutive, false);
    QCOMPARE(p.schedule, Schedule::OneFOneB);
    const json j1 = toJson(p);
    QCOMPARE(toJson(planFromJson(j1)), j1);
    QVERIFY(!j1["layers"][0].contains("cp")); // plans without context parallelism keep their form

    // Context parallelism (issue 16): tp * cp * dp = GPUs per stage; the exchange by Megatron's names.
    {
        json jc = smallPlan();
        jc["layers"][0] = json{{"tp", 2}, {"cp", 2}, {"dp", 1}, {"cp_comm", "ulysses"}};
        const Plan pc = planFromJson(jc);
        QCOMPARE(pc.layers[0].cp, 2);
        QCOMPARE(pc.layers[0].cp_comm, CpComm::A2A);
        QCOMPARE(pc.layers[0].label(), std::string("tp2 cp2-a2a dp1"));
        const json jr = toJson(pc);
        QCOMPARE(jr["layers"][0]["cp_comm"], json("a2a"));
        QCOMPARE(toJson(planFromJson(jr)), jr);
        jc["layers"][0]["cp_comm"] = "torus";
        expectError([&] { planFromJson(jc); }, "plan.layers[0].cp_comm", "allowed: p2p");
        jc["layers"][0] = json{{"tp", 2}, {"cp", 3}, {"dp", 1}};
        expectError([&] { planFromJson(jc); }, "plan.layers[0].cp", "must divide the GPUs per stage");
    }

    // Expert parallelism (issue 16): written only when > 1, read back, bounded with the field named.
    {
        json je = smallPlan();
        je["layers"][0] = json{{"tp", 1}, {"dp", 4}, {"ep", 4}};
        const Plan pe = planFromJson(je);
        QCOMPARE(pe.layers[0].ep, 4);
        QCOMPARE(pe.layers[0].label(), std::string("tp1 dp4 ep4"));
        const json jr = toJson(pe);
        QCOMPARE(jr["layers"][0]["ep"], json(4));
        QVERIFY(!jr["layers"][1].contains("ep"));
        QCOMPARE(toJson(planFromJson(jr)), jr);
        je["layers"][0]["ep"] = 0;
        expectError([&] { planFromJson(je); }, "plan.layers[0].ep", "");
        je["layers"][0]["ep"] = "4";
        expectError([&] { planFromJson(je); }, "plan.layers[0].ep", "");
    }

    // One strategy for every layer; the count comes from stage_layers.
    json one = smallPlan();
    one["layers"] = {{"tp", 4}, {"dp", 1}, {"dp_type", "zero1"}};
    const Plan p1 = planFromJson(one);
    QCOMPARE(p1.layers.size(), std::size_t(4));
    QCOMPARE(p1.layers[3].dp_type, DpType::ZeRO1);

    // Default + overrides by layer index.
    json ov = smallPlan();
    ov["layers"] = json::parse(R"({"default": {"tp": 4, "dp": 1}, "overrides": {"2": {"tp": 1, "dp": 4}}})");
    const Plan p2 = planFromJson(ov);
    QCOMPARE(p2.layers[1].tp, 4);
    QCOMPARE(p2.layers[2].tp, 1);
    QCOMPARE(p2.layers[2].dp, 4);

    // A list without stage_layers is split evenly (earlier stages take the remainder).
    json even = json::parse(R"({"gpus": 2, "pp": 2, "global_batch": 8, "num_micro": 2,
                               "layers": [{}, {}, {}, {}, {}]})");
    QCOMPARE(planFromJson(even).stage_layers, (std::vector<int>{3, 2}));

    // A wrapped plan (as printed by `galvatron estimate --json`) loads from a file.
    QTemporaryDir dir;
    const std::string f = writeFile(dir, "wrapped.json", json{{"plan", smallPlan()}, {"cost", {}}}.dump());
    QCOMPARE(loadPlanFile(f).global_batch, 16);
}

void TestProfiles::validationErrors() {
    // 1. wrong type
    {
        json j = smallModel();
        j["stacks"][0]["layer"]["hidden"] = "abc";
        expectError([&] { modelFromJson(j); }, "model.stacks[0].layer.hidden",
                    "expected a positive integer, got \"abc\"");
    }
    // 2. missing required field
    {
        json j = smallModel();
        j["stacks"][0]["layer"].erase("heads");
        expectError([&] { modelFromJson(j); }, "model.stacks[0].layer.heads", "required field is missing");
    }
    // 3. typo'd key is rejected, not ignored
    {
        json j = smallModel();
        j["stacks"][0]["layer"]["hiden"] = 512;
        expectError([&] { modelFromJson(j); }, "model.stacks[0].layer.hiden",
                    "unknown field 'hiden'; did you mean 'hidden'?");
    }
    // 3b. abbreviated key: suggestion by shared prefix
    {
        json j = smallCluster();
        j["pcie_bw"] = 16;
        expectError([&] { clusterFromJson(j); }, "cluster.pcie_bw", "did you mean 'pcie_bandwidth_gbs'?");
    }
    // 4. heads must divide hidden (without explicit head_dim)
    {
        json j = smallModel();
        j["stacks"][0]["layer"]["heads"] = 7;
        expectError([&] { modelFromJson(j); }, "model.stacks[0].layer.heads", "must divide hidden (256)");
        j["stacks"][0]["layer"]["head_dim"] = 64; // explicit head_dim (as in T5-11B) is allowed
        QCOMPARE(modelFromJson(j).stacks[0].type.head_dim, 64);
    }
    // 5. kv_heads must divide heads
    {
        json j = smallModel();
        j["stacks"][0]["layer"]["kv_heads"] = 3;
        expectError([&] { modelFromJson(j); }, "model.stacks[0].layer.kv_heads", "must divide heads (8)");
    }
    // 6. unknown layer kind lists the allowed values
    {
        json j = smallModel();
        j["stacks"][0]["layer"]["kind"] = "moe";
        expectError([&] { modelFromJson(j); }, "model.stacks[0].layer.kind",
                    "allowed: decoder, encoder, cross_decoder");
    }
    // 7. sequence longer than the learned position table
    {
        json j = smallModel();
        j["seq_len"] = 256;
        expectError([&] { modelFromJson(j); }, "model.seq_len", "exceeds the learned position embeddings");
    }
    // 8. empty stacks
    {
        json j = smallModel();
        j["stacks"] = json::array();
        expectError([&] { modelFromJson(j); }, "model.stacks", "at least one stack");
    }
    // 9. nodes < 1
    {
        json j = smallCluster();
        j["nodes"] = 0;
        expectError([&] { clusterFromJson(j); }, "cluster.nodes", "expected a positive integer, got 0");
    }
    // 10. bandwidth <= 0
    {
        json j = smallCluster();
        j["intra"]["bandwidth_gbs"] = 0;
        expectError([&] { clusterFromJson(j); }, "cluster.intra.bandwidth_gbs", "expected a positive number");
    }
    // 11. memory <= 0
    {
        json j = smallCluster();
        j["gpu"]["memory_gib"] = -8;
        expectError([&] { clusterFromJson(j); }, "cluster.gpu.memory_gib",
                    "expected a positive number, got -8");
    }
    // 12. efficiency out of range
    {
        json j = smallCluster();
        j["gpu"]["gemm_efficiency"] = 1.5;
        expectError([&] { clusterFromJson(j); }, "cluster.gpu.gemm_efficiency", "between 0 and 1");
    }
    // 13. multi-node cluster without an inter-node link
    {
        json j = smallCluster();
        j.erase("inter");
        expectError([&] { clusterFromJson(j); }, "cluster.inter", "required field is missing");
    }
    // 14. measured curve not sorted by size
    {
        json j = smallCluster();
        j["measured"] = json::parse(
            R"([{"op": "all_gather", "group_size": 4, "bytes_to_busbw_gbs": [[2048, 1.0], [1024, 2.0]]}])");
        expectError([&] { clusterFromJson(j); }, "cluster.measured[0].bytes_to_busbw_gbs[1]",
                    "strictly increasing");
    }
    // 14b. group larger than the cluster; zero bandwidth for a real group (a 1-rank run may report 0)
    {
        json j = smallCluster();
        j["measured"] =
            json::parse(R"([{"op": "all_reduce", "group_size": 16, "bytes_to_busbw_gbs": [[1, 1]]}])");
        expectError([&] { clusterFromJson(j); }, "cluster.measured[0].group_size", "expected 1..8");
        j["measured"] =
            json::parse(R"([{"op": "all_reduce", "group_size": 4, "bytes_to_busbw_gbs": [[1, 0]]}])");
        expectError([&] { clusterFromJson(j); }, "cluster.measured[0].bytes_to_busbw_gbs[0]",
                    "bus bandwidth must be positive");
        j["measured"] =
            json::parse(R"([{"op": "all_reduce", "group_size": 1, "bytes_to_busbw_gbs": [[1, 0]]}])");
        QCOMPARE(clusterFromJson(j).measured[0].group_size, 1);
    }
    // 15. unknown collective
    {
        json j = smallCluster();
        j["measured"] =
            json::parse(R"([{"op": "broadcast", "group_size": 4, "bytes_to_busbw_gbs": [[1, 1]]}])");
        expectError([&] { clusterFromJson(j); }, "cluster.measured[0].op", "allowed: all_reduce");
    }
    // 16. unknown dp_type lists the allowed values
    {
        json j = smallPlan();
        j["layers"][0]["dp_type"] = "zero4";
        expectError([&] { planFromJson(j); }, "plan.layers[0].dp_type",
                    "allowed: ddp, zero1, zero2, zero3, fsdp");
    }
    // 17. unknown checkpoint mode and schedule
    {
        json j = smallPlan();
        j["layers"][1]["ckpt"] = "some";
        expectError([&] { planFromJson(j); }, "plan.layers[1].ckpt", "allowed: none, selective, full");
        j = smallPlan();
        j["schedule"] = "zb-h1";
        expectError([&] { planFromJson(j); }, "plan.schedule", "allowed: gpipe, 1f1b, interleaved");
    }
    // 18. tp * dp must equal the GPUs of a stage
    {
        json j = smallPlan();
        j["layers"][2]["dp"] = 2;
        expectError([&] { planFromJson(j); }, "plan.layers[2]",
                    "must equal the GPUs per stage (gpus / pp = 4)");
    }
    // 19. num_micro must divide global_batch
    {
        json j = smallPlan();
        j["num_micro"] = 3;
        expectError([&] { planFromJson(j); }, "plan.num_micro", "must divide global_batch (16)");
    }
    // 20. stage_layers has the wrong length / does not sum to the layers
    {
        json j = smallPlan();
        j["stage_layers"] = {4};
        expectError([&] { planFromJson(j); }, "plan.stage_layers", "expected 2 entries");
        j["stage_layers"] = {2, 3};
        expectError([&] { planFromJson(j); }, "plan.stage_layers", "sums to 5 layers but layers has 4");
    }
    // 21. sequence parallelism without tensor parallelism
    {
        json j = smallPlan();
        j["layers"][2]["sp"] = true;
        expectError([&] { planFromJson(j); }, "plan.layers[2].sp", "needs tp > 1");
    }
    // 22. not an object at all
    expectError([&] { modelFromJson(json::array()); }, "model", "expected a JSON object");
    // 23. non-integral number where an integer is required
    {
        json j = smallPlan();
        j["global_batch"] = 16.5;
        expectError([&] { planFromJson(j); }, "plan.global_batch", "expected a positive integer, got 16.5");
    }
}

void TestProfiles::brokenJsonNamesLine() {
    QTemporaryDir dir;
    // Missing comma at the end of line 3: the parser fails on the next key "gpus" (line 4, columns 3-8) and
    // reports where it stopped reading, the closing quote at column 8.
    const std::string f =
        writeFile(dir, "broken.json", "{\n  \"name\": \"x\",\n  \"nodes\": 1\n  \"gpus\": 8\n}\n");
    expectError([&] { readJsonFile(f); }, f, "JSON syntax error at line 4, column 8");
    expectError([&] { loadClusterFile(f); }, f, "line 4");
    // Truncated file
    const std::string g = writeFile(dir, "trunc.json", "{\"a\": [1, 2,\n");
    expectError([&] { readJsonFile(g); }, g, "line 2");
    // Missing file
    expectError([&] { readJsonFile(dir.path().toStdString() + "/nope.json"); },
                dir.path().toStdString() + "/nope.json", "cannot open file");
    // Semantic errors in a file name the field and the file
    json bad = smallCluster();
    bad["gpus_per_node"] = "eight";
    const std::string h = writeFile(dir, "bad.json", bad.dump(2));
    expectError([&] { loadClusterFile(h); }, "cluster.gpus_per_node", "(in " + h + ")");
}

void TestProfiles::commentsAndSchemaKeysIgnored() {
    json j = smallModel();
    j["_comment"] = "hand-written";
    j["$schema"] = "../schemas/model.schema.json";
    j["stacks"][0]["layer"]["_note"] = "ok";
    QCOMPARE(modelFromJson(j).name, std::string("tiny"));
    QTemporaryDir dir;
    const std::string f = writeFile(dir, "c.json", "// a comment\n" + smallCluster().dump(2));
    QCOMPARE(loadClusterFile(f).totalGpus(), 8);
}

void TestProfiles::hfImportCounts_data() {
    QTest::addColumn<QString>("dir");
    QTest::addColumn<double>("published");
    QTest::addColumn<double>("tolerance");
    // GPT2LMHeadModel.num_parameters() = 124,439,808 (model card: "124M"); our count is exact.
    QTest::newRow("gpt2") << "gpt2" << 124439808.0 << 1e-9;
    // gpt2-xl: 1,557,611,200 (num_parameters(); model card "1.5B"); exact.
    QTest::newRow("gpt2-xl") << "gpt2-xl" << 1557611200.0 << 1e-9;
    // Llama-2-7b: 6,738,415,616 (sum of the safetensors tensors; hub "6.74B"); exact.
    QTest::newRow("llama2-7b") << "Llama-2-7b-hf" << 6738415616.0 << 1e-9;
    // Mistral-7B-v0.1: 7,241,732,096 (hub "7.24B"); exact.
    // Meta-Llama-3-8B: 8,030,261,248 (hub "8.03B"); exact.
    QTest::newRow("llama3-8b") << "Meta-Llama-3-8B" << 8030261248.0 << 1e-9;
    QTest::newRow("mistral-7b") << "Mistral-7B-v0.1" << 7241732096.0 << 1e-9;
    // Qwen2-7B: 7,615,616,512 (hub "7.62B"); exact (Q/K/V-only biases counted by qkv_bias).
    QTest::newRow("qwen2-7b") << "Qwen2-7B" << 7615616512.0 << 1e-9;
    // Mixtral-8x7B-v0.1: 46,702,792,704 (MixtralForCausalLM.num_parameters(); "46.7B"); exact.
    QTest::newRow("mixtral-8x7b") << "Mixtral-8x7B-v0.1" << 46702792704.0 << 1e-9;
    // bert-large-uncased: BertModel 335,141,888 (HF; Devlin et al. 2019 say 340M). The pooler
    // (1,049,600) and token-type table (2,048) are not in the profile: 0.31% short.
    QTest::newRow("bert-large") << "bert-large-uncased" << 335141888.0 << 0.005;
    // t5-large: 737,668,096 (T5ForConditionalGeneration, tied); relative-position biases and the encoder
    // final norm (2,048 params) are not modelled.
    QTest::newRow("t5-large") << "t5-large" << 737668096.0 << 1e-5;
    // ViT-H/14: 632M (Dosovitskiy et al. 2021, table 1); ViTModel's pooler (1.64M) is not counted.
    QTest::newRow("vit-huge") << "vit-huge-patch14-224-in21k" << 632e6 << 0.01;
}

void TestProfiles::hfImportCounts() {
    QFETCH(QString, dir);
    QFETCH(double, published);
    QFETCH(double, tolerance);
    const ModelProfile m = loadModelFile(kHf + dir.toStdString() + "/config.json");
    QCOMPARE(QString::fromStdString(m.name), dir); // name = parent folder of config.json
    const double got = double(m.totalParams());
    if (relErr(got, published) > tolerance)
        QFAIL(qPrintable(QStringLiteral("%1: %2 params, published %3 (rel. error %4 > %5)")
                             .arg(dir)
                             .arg(got, 0, 'f', 0)
                             .arg(published, 0, 'f', 0)
                             .arg(relErr(got, published))
                             .arg(tolerance)));
}

void TestProfiles::hfImportShapes() {
    const ModelProfile llama = loadModelFile(kHf + "Llama-2-7b-hf/config.json");
    QCOMPARE(llama.family, std::string("llama"));
    QCOMPARE(llama.seq_len, 4096); // max_position_embeddings
    QCOMPARE(llama.max_position, 0);
    QVERIFY(llama.stacks[0].type.gated_ffn);
    QVERIFY(!llama.stacks[0].type.bias);
    QVERIFY(!llama.tied_embeddings);

    const ModelProfile mistral = loadModelFile(kHf + "Mistral-7B-v0.1/config.json");
    QCOMPARE(mistral.stacks[0].type.kv_heads, 8);
    QCOMPARE(mistral.stacks[0].type.head_dim, 128);

    const json t5cfg = readJsonFile(kHf + "t5-large/config.json");
    const ModelProfile t5 = importHuggingFace(t5cfg, "t5", 256);
    QCOMPARE(t5.stacks.size(), std::size_t(2));
    QCOMPARE(t5.stacks[0].type.kind, BlockKind::Encoder);
    QCOMPARE(t5.stacks[1].type.kind, BlockKind::CrossDecoder);
    QCOMPARE(t5.stacks[1].count, 24);
    QCOMPARE(t5.stacks[1].type.cross_seq_len, 256);
    QCOMPARE(t5.seq_len, 256); // override
    QVERIFY(!t5.stacks[0].type.gated_ffn);
    json t5v11 = t5cfg;
    t5v11["feed_forward_proj"] = "gated-gelu";
    QVERIFY(importHuggingFace(t5v11, "t5v11").stacks[0].type.gated_ffn);

    const ModelProfile vit = loadModelFile(kHf + "vit-huge-patch14-224-in21k/config.json");
    QCOMPARE(vit.seq_len, (224 / 14) * (224 / 14) + 1); // 257
    QCOMPARE(vit.stacks[0].type.seq_len, 257);
    QCOMPARE(vit.vocab_size, 0);

    const ModelProfile bert = loadModelFile(kHf + "bert-large-uncased/config.json");
    QCOMPARE(bert.stacks[0].type.kind, BlockKind::Encoder);
    QCOMPARE(bert.seq_len, 512);

    // Round trip of an imported profile through our own format.
    const json j = toJson(llama);
    QCOMPARE(toJson(modelFromJson(j)), j);
}

void TestProfiles::hfImportErrors() {
    const json llama = readJsonFile(kHf + "Llama-2-7b-hf/config.json");
    json j = llama;
    j.erase("hidden_size");
    expectError([&] { importHuggingFace(j, "x"); }, "config.hidden_size", "required key is missing");
    j = llama;
    j["num_key_value_heads"] = 5;
    expectError([&] { importHuggingFace(j, "x"); }, "config.num_key_value_heads", "must divide");
    j = llama;
    j["intermediate_size"] = "big";
    expectError([&] { importHuggingFace(j, "x"); }, "config.intermediate_size",
                "expected a positive integer");
    expectError(
        [&] {
            importHuggingFace(json{{"model_type", "wav2vec2"}}, "x");
        },
        "config.model_type", "unsupported model_type 'wav2vec2'");
    // Mixture of experts of an architecture the importer does not know is refused, not imported as dense.
    j = readJsonFile(kHf + "Mistral-7B-v0.1/config.json");
    j["model_type"] = "jamba";
    j["num_experts"] = 16;
    expectError([&] { importHuggingFace(j, "x"); }, "config.num_experts",
                "mixture-of-experts model_type 'jamba'");
    j = readJsonFile(kHf + "Mixtral-8x7B-v0.1/config.json");
    j["num_experts_per_tok"] = 9;
    expectError([&] { importHuggingFace(j, "x"); }, "config.num_experts_per_tok",
                "must not exceed the number of experts (8, num_local_experts)");
    j = readJsonFile(kHf + "Qwen3-30B-A3B/config.json");
    j["mlp_only_layers"] = json::array({0, 48});
    expectError([&] { importHuggingFace(j, "x"); }, "config.mlp_only_layers[1]",
                "expected a layer index 0..47");
    j = readJsonFile(kHf + "DeepSeek-V3/config.json");
    j.erase("kv_lora_rank");
    expectError([&] { importHuggingFace(j, "x"); }, "config.kv_lora_rank", "required key is missing");
    j = readJsonFile(kHf + "DeepSeek-V3/config.json");
    j["moe_intermediate_size"] = 0;
    expectError([&] { importHuggingFace(j, "x"); }, "config.moe_intermediate_size", "positive integer");
    // GPT-2 has learned positions: a longer sequence than n_positions cannot run.
    const json gpt2 = readJsonFile(kHf + "gpt2/config.json");
    expectError([&] { importHuggingFace(gpt2, "gpt2", 2048); }, "model.seq_len", "max_position 1024");
    QCOMPARE(importHuggingFace(gpt2, "gpt2", 512).seq_len, 512);
    QVERIFY(isHuggingFaceConfig(gpt2));
    QVERIFY(!isHuggingFaceConfig(smallModel()));
}

void TestProfiles::hfImportMoeCounts_data() {
    QTest::addColumn<QString>("dir");
    QTest::addColumn<double>("total_b"); // published total, billions, rounded to `digits` decimals
    QTest::addColumn<double>("active_b");
    QTest::addColumn<int>("digits");
    QTest::addColumn<bool>("active_without_input_embedding"); // the publisher's convention
    QTest::addColumn<bool>("truncated"); // the publisher cut the digits off instead of rounding
    // Mistral AI, "Mixtral of experts" (2024-01, arXiv:2401.04088) and the model card: 46.7B total,
    // 12.9B active; Mistral counts embeddings in both. 8x22B (mistral.ai/news/mixtral-8x22b): 141B / 39B.
    QTest::newRow("mixtral-8x7b") << "Mixtral-8x7B-v0.1" << 46.7 << 12.9 << 1 << false << false;
    QTest::newRow("mixtral-8x22b") << "Mixtral-8x22B-v0.1" << 141.0 << 39.0 << 0 << false << false;
    // Qwen3 technical report table 2 / model card: 30.5B total, 3.3B activated (embeddings included;
    // 29.9B non-embedding); 3.35B is cut to 3.3. Qwen1.5-MoE-A2.7B model card: 14.3B total, 2.7B
    // activated (2.69B rounded).
    QTest::newRow("qwen3-30b-a3b") << "Qwen3-30B-A3B" << 30.5 << 3.3 << 1 << false << true;
    QTest::newRow("qwen1.5-moe-a2.7b") << "Qwen1.5-MoE-A2.7B" << 14.3 << 2.7 << 1 << false << false;
    // DeepSeek-V3 README_WEIGHTS.md: main model 671B total, 36.6B activated "including 0.9B for the
    // output head", i.e. without the input embedding; the 11.5B multi-token-prediction module is
    // excluded (the hub's 685B includes it). DeepSeek-V2-Lite model card: 15.7B total, 2.4B activated
    // (2.45B without the input embedding, cut to 2.4).
    QTest::newRow("deepseek-v3") << "DeepSeek-V3" << 671.0 << 36.6 << 1 << true << false;
    QTest::newRow("deepseek-v2-lite") << "DeepSeek-V2-Lite" << 15.7 << 2.4 << 1 << true << true;
}

void TestProfiles::hfImportMoeCounts() {
    QFETCH(QString, dir);
    QFETCH(double, total_b);
    QFETCH(double, active_b);
    QFETCH(int, digits);
    QFETCH(bool, active_without_input_embedding);
    QFETCH(bool, truncated);
    const ModelProfile m = loadModelFile(kHf + dir.toStdString() + "/config.json");
    QVERIFY(m.hasMoe());
    const double scale = std::pow(10.0, digits);
    auto rounded = [&](std::int64_t n) {
        const double x = double(n) / 1e9 * scale;
        return (truncated ? std::floor(x) : std::round(x)) / scale;
    };
    const std::int64_t active = m.activeParams() - (active_without_input_embedding ? m.embeddingParams() : 0);
    QCOMPARE(rounded(m.totalParams()), total_b);
    QCOMPARE(rounded(active), active_b);
    QVERIFY(m.activeParams() < m.totalParams());
}

void TestProfiles::rotaryBaseAndScaling() {
    // rope_theta and rope_scaling come from config.json (the exports pass them on), and the presets
    // carry the same values as the configs they were taken from.
    const ModelProfile v3 = loadModelFile(kHf + "DeepSeek-V3/config.json");
    QCOMPARE(v3.rope_theta, 10000.0);
    QCOMPARE(v3.rope_scaling.type, std::string("yarn"));
    QCOMPARE(v3.rope_scaling.factor, 40.0);
    QCOMPARE(v3.rope_scaling.original_max_position, 4096);
    QCOMPARE(v3.rope_scaling.mscale_all_dim, 1.0);
    QCOMPARE(v3.rope_scaling, modelPreset("deepseek-v3").rope_scaling);
    const ModelProfile l3 = loadModelFile(kHf + "Meta-Llama-3-8B/config.json");
    QCOMPARE(l3.rope_theta, 500000.0);
    QVERIFY(l3.rope_scaling.type.empty()); // "rope_scaling": null
    QCOMPARE(l3.rope_theta, modelPreset("llama3-8b").rope_theta);
    QCOMPARE(loadModelFile(kHf + "Mixtral-8x7B-v0.1/config.json").rope_theta,
             modelPreset("mixtral-8x7b").rope_theta);
    QCOMPARE(loadModelFile(kHf + "Qwen3-30B-A3B/config.json").rope_theta,
             modelPreset("qwen3-30b-a3b").rope_theta);
    QCOMPARE(loadModelFile(kHf + "Llama-2-7b-hf/config.json").rope_theta, 0.0); // not stated: the default
    QCOMPARE(modelPreset("llama2-7b").rope_theta, 0.0);
    QCOMPARE(loadModelFile(kHf + "gpt2/config.json").rope_theta, 0.0); // learned positions
    // Llama 3.1's scaling (as in meta-llama/Llama-3.1-405B's config.json), and the preset's.
    json j = readJsonFile(kHf + "Meta-Llama-3-8B/config.json");
    j["rope_scaling"] = json{{"factor", 8.0},
                             {"low_freq_factor", 1.0},
                             {"high_freq_factor", 4.0},
                             {"original_max_position_embeddings", 8192},
                             {"rope_type", "llama3"}};
    const ModelProfile l31 = importHuggingFace(j, "l31");
    QCOMPARE(l31.rope_scaling, modelPreset("llama3.1-405b").rope_scaling);
    // Round trip through our format; named errors for what a framework could not run as given.
    QCOMPARE(modelFromJson(toJson(l31)).rope_scaling, l31.rope_scaling);
    QCOMPARE(modelFromJson(toJson(v3)).rope_scaling, v3.rope_scaling);
    j["rope_scaling"] = json{{"rope_type", "longrope"}, {"factor", 4.0}};
    expectError([&] { importHuggingFace(j, "x"); }, "config.rope_scaling.rope_type", "longrope");
    j["rope_scaling"] = json{{"type", "linear"}, {"factor", 2.0}};
    QCOMPARE(importHuggingFace(j, "x").rope_scaling.type, std::string("linear"));
    j["rope_scaling"] = json{{"rope_type", "llama3"}, {"factor", 8.0}};
    expectError([&] { importHuggingFace(j, "x"); }, "config.rope_scaling.original_max_position_embeddings",
                "missing");
    json m = toJson(l31);
    m["rope_scaling"]["type"] = "ntk";
    expectError([&] { modelFromJson(m); }, "model.rope_scaling.type",
                "allowed: llama3, yarn, linear, dynamic");
    m = toJson(l31);
    m["rope_scaling"]["high_freq_factor"] = 0.5;
    expectError([&] { modelFromJson(m); }, "model.rope_scaling.high_freq_factor",
                "larger than low_freq_factor");
    m = toJson(l31);
    m["rope_theta"] = -1;
    expectError([&] { modelFromJson(m); }, "model.rope_theta", "positive");
}

namespace {
/// The router of the model's (first) mixture-of-experts stack.
MoeSpec routerOf(const ModelProfile& m) {
    for (const auto& st : m.stacks)
        if (st.type.moe.enabled())
            return st.type.moe;
    QTest::qFail("no mixture-of-experts stack", __FILE__, __LINE__);
    return {};
}
} // namespace

void TestProfiles::moeRouterImport() {
    // How each config.json's router weighs its experts, as its modeling code reads it; the presets
    // carry the same values (presetsMatchHfImports compares the whole profiles).
    const MoeSpec mix = routerOf(loadModelFile(kHf + "Mixtral-8x7B-v0.1/config.json"));
    QCOMPARE(mix.score_function, std::string("softmax"));
    QVERIFY(mix.normalize_top_k); // MixtralTopKRouter always renormalises
    QCOMPARE(mix.routed_scaling, 1.0);
    QVERIFY(!mix.groupLimited() && !mix.router_bias);
    // The load-balancing loss: router_aux_loss_coef (Mixtral 8x7B 0.02), per batch.
    QCOMPARE(mix.aux_loss_coeff, 0.02);
    QVERIFY(!mix.aux_loss_per_sequence);
    json mj = readJsonFile(kHf + "Mixtral-8x7B-v0.1/config.json");
    mj.erase("router_aux_loss_coef"); // transformers' MixtralConfig default
    QCOMPARE(routerOf(importHuggingFace(mj, "m", 4096)).aux_loss_coeff, 0.001);
    mj["router_aux_loss_coef"] = 2;
    expectError([&] { importHuggingFace(mj, "m", 4096); }, "config.router_aux_loss_coef", "from 0 to 1");
    // In a profile: kept through JSON, named when out of range.
    ModelProfile withAux = modelPreset("deepseek-v3");
    QCOMPARE(routerOf(modelFromJson(toJson(withAux))), routerOf(withAux));
    json bad = toJson(withAux);
    bad["stacks"][1]["layer"]["moe"]["aux_loss_coeff"] = -0.5;
    expectError([&] { modelFromJson(bad); }, "model.stacks[1].layer.moe.aux_loss_coeff", "non-negative");
    QCOMPARE(routerOf(modelPreset("mixtral-8x22b")),
             routerOf(loadModelFile(kHf + "Mixtral-8x22B-v0.1/config.json")));
    // Qwen1.5-MoE (qwen2_moe): norm_topk_prob false; Qwen3-30B-A3B: true; absent: transformers' false.
    const MoeSpec q2 = routerOf(loadModelFile(kHf + "Qwen1.5-MoE-A2.7B/config.json"));
    QCOMPARE(q2.score_function, std::string("softmax"));
    QVERIFY(!q2.normalize_top_k);
    QCOMPARE(q2.routed_scaling, 1.0);
    json q3 = readJsonFile(kHf + "Qwen3-30B-A3B/config.json");
    QVERIFY(routerOf(importHuggingFace(q3, "q3", 4096)).normalize_top_k);
    QCOMPARE(routerOf(importHuggingFace(q3, "q3", 4096)), routerOf(modelPreset("qwen3-30b-a3b")));
    q3.erase("norm_topk_prob");
    QVERIFY(!routerOf(importHuggingFace(q3, "q3", 4096)).normalize_top_k);
    q3["norm_topk_prob"] = "yes";
    expectError([&] { importHuggingFace(q3, "x", 4096); }, "config.norm_topk_prob", "true or false");
    // DeepSeek-V3: sigmoid scores with the score-correction bias, the best 4 of 8 groups (a group
    // scored by its best two), renormalised, times 2.5.
    const MoeSpec v3 = routerOf(loadModelFile(kHf + "DeepSeek-V3/config.json"));
    QCOMPARE(v3.score_function, std::string("sigmoid"));
    QVERIFY(v3.router_bias && v3.normalize_top_k);
    QCOMPARE(v3.routed_scaling, 2.5);
    QCOMPARE(v3.expert_groups, 8);
    QCOMPARE(v3.groups_per_token, 4);
    QCOMPARE(v3.group_score_top, 2);
    QCOMPARE(v3.aux_loss_coeff, 0.001); // aux_loss_alpha, per sequence (seq_aux)
    QVERIFY(v3.aux_loss_per_sequence);
    QCOMPARE(v3, routerOf(modelPreset("deepseek-v3")));
    // Its keys absent: transformers' DeepseekV3Config defaults, the same router.
    json j3 = readJsonFile(kHf + "DeepSeek-V3/config.json");
    for (const char* k :
         {"scoring_func", "topk_method", "norm_topk_prob", "routed_scaling_factor", "n_group", "topk_group"})
        j3.erase(k);
    QCOMPARE(routerOf(importHuggingFace(j3, "v3", 4096)), v3);
    // Every group chosen (Kimi-K2's n_group 1): not limited.
    j3["n_group"] = 1;
    j3["topk_group"] = 1;
    QVERIFY(!routerOf(importHuggingFace(j3, "k2", 4096)).groupLimited());
    // DeepSeek-V2-Lite: softmax, greedy top-6 (its n_group 1 unused), not renormalised, times 1.0.
    json j2 = readJsonFile(kHf + "DeepSeek-V2-Lite/config.json");
    const MoeSpec lite = routerOf(importHuggingFace(j2, "lite", 4096));
    QCOMPARE(lite.score_function, std::string("softmax"));
    QVERIFY(!lite.normalize_top_k && !lite.router_bias && !lite.groupLimited());
    QCOMPARE(lite.routed_scaling, 1.0);
    // DeepSeek-V2's router (deepseek-ai/DeepSeek-V2 config.json: 160 experts, group_limited_greedy
    // over 8 groups choosing 3, routed_scaling_factor 16): a group scored by its best expert.
    j2["n_routed_experts"] = 160;
    j2["topk_method"] = "group_limited_greedy";
    j2["n_group"] = 8;
    j2["topk_group"] = 3;
    j2["routed_scaling_factor"] = 16.0;
    const MoeSpec v2 = routerOf(importHuggingFace(j2, "v2", 4096));
    QVERIFY(!v2.normalize_top_k && !v2.router_bias);
    QCOMPARE(v2.routed_scaling, 16.0);
    QCOMPARE(v2.expert_groups, 8);
    QCOMPARE(v2.groups_per_token, 3);
    QCOMPARE(v2.group_score_top, 1);
    // What the family's modeling code does not run is refused, naming the key.
    const auto refused = [](json j, const char* key, const json& v, const std::string& field,
                            const std::string& reason) {
        j[key] = v;
        expectError([&] { importHuggingFace(j, "x", 4096); }, field, reason);
    };
    const json v3c = readJsonFile(kHf + "DeepSeek-V3/config.json");
    refused(v3c, "scoring_func", "softmax", "config.scoring_func",
            "not supported for deepseek_v3 (supported: sigmoid)");
    refused(j2, "scoring_func", "sqrtsoftplus", "config.scoring_func", "'sqrtsoftplus' is not supported");
    refused(v3c, "topk_method", "greedy", "config.topk_method", "(supported: noaux_tc)");
    refused(j2, "topk_method", "noaux_tc", "config.topk_method", "(supported: greedy, group_limited_greedy)");
    refused(j2, "norm_topk_prob", true, "config.norm_topk_prob",
            "DeepSeek's modeling_deepseek.py renormalises");
    refused(v3c, "routed_scaling_factor", 0, "config.routed_scaling_factor", "positive");
    refused(v3c, "n_group", 7, "config.n_group", "do not split into 7 equal groups");
    refused(v3c, "n_group", 256, "config.n_group", "of at least 2");
    refused(v3c, "topk_group", 9, "config.topk_group", "exceed n_group (8)");
    refused(v3c, "topk_group", 0, "config.topk_group", "positive integer");
    j2.erase("n_group");
    expectError([&] { importHuggingFace(j2, "x", 4096); }, "config.n_group", "missing");
    j2["n_group"] = 80; // 2 experts a group: 3 groups hold 6, one fewer than 7
    j2["num_experts_per_tok"] = 7;
    expectError([&] { importHuggingFace(j2, "x", 4096); }, "config.topk_group",
                "fewer than num_experts_per_tok (7)");
}

void TestProfiles::moeRouterFormat() {
    // Round trip of every router field through our format; defaults are not written.
    const ModelProfile v3 = modelPreset("deepseek-v3");
    QCOMPARE(modelFromJson(toJson(v3)).stacks[1].type.moe, v3.stacks[1].type.moe);
    ModelProfile v2 = v3;
    MoeSpec& e = v2.stacks[1].type.moe;
    e.router_bias = false;
    e.score_function = "softmax";
    e.normalize_top_k = false;
    e.routed_scaling = 16;
    e.groups_per_token = 3;
    e.group_score_top = 1;
    const json j = toJson(v2);
    QCOMPARE(j["stacks"][1]["layer"]["moe"]["normalize_top_k"], json(false));
    QCOMPARE(modelFromJson(j).stacks[1].type.moe, e);
    const json mx = toJson(modelPreset("mixtral-8x7b"))["stacks"][0]["layer"]["moe"];
    for (const char* k : {"score_function", "normalize_top_k", "routed_scaling", "expert_groups"})
        QVERIFY2(!mx.contains(k), k);
    // A profile written before the router fields: the score-correction bias reads as sigmoid (its
    // exports used sigmoid then), the rest as Mixtral's defaults.
    json old = toJson(v3);
    for (const char* k :
         {"score_function", "routed_scaling", "expert_groups", "groups_per_token", "group_score_top"})
        old["stacks"][1]["layer"]["moe"].erase(k);
    const MoeSpec o = modelFromJson(old).stacks[1].type.moe;
    QCOMPARE(o.score_function, std::string("sigmoid"));
    QVERIFY(o.normalize_top_k && !o.groupLimited());
    QCOMPARE(o.routed_scaling, 1.0);
    // Named errors for routers no framework could run as given.
    const std::string mp = "model.stacks[1].layer.moe";
    const auto with = [&](const char* key, const json& v) {
        json m = toJson(v3);
        m["stacks"][1]["layer"]["moe"][key] = v;
        return m;
    };
    expectError([&] { modelFromJson(with("score_function", "relu")); }, mp + ".score_function",
                "allowed: softmax, sigmoid");
    expectError([&] { modelFromJson(with("score_function", "softmax")); }, mp + ".router_bias",
                "needs score_function sigmoid");
    expectError([&] { modelFromJson(with("routed_scaling", 0)); }, mp + ".routed_scaling", "positive");
    expectError([&] { modelFromJson(with("expert_groups", 7)); }, mp + ".expert_groups",
                "expert groups (7) must divide the experts (256)");
    expectError([&] { modelFromJson(with("groups_per_token", 9)); }, mp + ".groups_per_token",
                "between 1 and expert_groups (8)");
    expectError([&] { modelFromJson(with("group_score_top", 33)); }, mp + ".group_score_top",
                "between 1 and the experts of a group (32)");
    json m = with("expert_groups", 128); // 2 experts a group, 4 groups: 8 experts, top-8 fits
    QCOMPARE(modelFromJson(m).stacks[1].type.moe.expert_groups, 128);
    m["stacks"][1]["layer"]["moe"]["groups_per_token"] = 3;
    expectError([&] { modelFromJson(m); }, mp + ".top_k",
                "exceeds the experts of the 3 groups a token may use (6)");
    m = toJson(v3);
    m["stacks"][1]["layer"]["moe"].erase("groups_per_token");
    expectError([&] { modelFromJson(m); }, mp + ".groups_per_token", "required field is missing");
    // Programmatic profiles (GUI, import) are checked too.
    ModelProfile p = v3;
    p.stacks[1].type.moe.expert_groups = 0;
    expectError([&] { validateModel(p); }, mp + ".expert_groups", "need expert_groups > 0");
    p.stacks[1].type.moe.groups_per_token = 0;
    p.stacks[1].type.moe.group_score_top = 0;
    validateModel(p);
    p.stacks[1].type.moe.routed_scaling = std::nan("");
    expectError([&] { validateModel(p); }, mp + ".routed_scaling", "positive factor");
}

void TestProfiles::hfImportMoeShapes() {
    const ModelProfile v3 = loadModelFile(kHf + "DeepSeek-V3/config.json");
    QCOMPARE(v3.family, std::string("deepseek_v3"));
    QCOMPARE(v3.stacks.size(), std::size_t(2)); // first_k_dense_replace = 3 dense layers, then 58 MoE
    QCOMPARE(v3.stacks[0].count, 3);
    QCOMPARE(v3.stacks[0].type.name, std::string("dense"));
    QCOMPARE(v3.stacks[0].type.ffn_hidden, 18432);
    QVERIFY(!v3.stacks[0].type.moe.enabled());
    QCOMPARE(v3.stacks[1].count, 58);
    const LayerType& e = v3.stacks[1].type;
    QCOMPARE(e.ffn_hidden, 2048);
    QCOMPARE(e.moe.experts, 256);
    QCOMPARE(e.moe.top_k, 8);
    QCOMPARE(e.moe.shared_experts, 1);
    QCOMPARE(e.moe.shared_ffn_hidden, 2048);
    QVERIFY(e.moe.router_bias); // noaux_tc
    QCOMPARE(e.mla.q_lora_rank, 1536);
    QCOMPARE(e.mla.kv_lora_rank, 512);
    QCOMPARE(e.head_dim, 192);
    QCOMPARE(e.vHeadDim(), 128);
    QCOMPARE(v3.layerCount(), 61);
    QVERIFY(importHuggingFace(readJsonFile(kHf + "DeepSeek-V3/config.json"), "v3")
                .source.find("multi-token-prediction") != std::string::npos);
    // Round trip of an imported MoE/MLA profile through our own format.
    const json j = toJson(v3);
    QCOMPARE(toJson(modelFromJson(j)), j);

    const ModelProfile lite = loadModelFile(kHf + "DeepSeek-V2-Lite/config.json");
    QCOMPARE(lite.stacks[0].count, 1);
    QCOMPARE(lite.stacks[1].type.mla.q_lora_rank, 0); // null: full-rank query
    QVERIFY(!lite.stacks[1].type.moe.router_bias);    // greedy top-k
    QCOMPARE(lite.stacks[1].type.moe.shared_experts, 2);

    const ModelProfile mix = loadModelFile(kHf + "Mixtral-8x7B-v0.1/config.json");
    QCOMPARE(mix.stacks.size(), std::size_t(1));
    QCOMPARE(mix.stacks[0].type.name, std::string("decoder"));
    QCOMPARE(mix.stacks[0].type.ffn_hidden, 14336);
    QCOMPARE(mix.stacks[0].type.moe.experts, 8);
    QCOMPARE(mix.stacks[0].type.moe.top_k, 2);
    QCOMPARE(mix.stacks[0].type.moe.shared_experts, 0);
    QCOMPARE(mix.stacks[0].type.kv_heads, 8);

    const ModelProfile q15 = loadModelFile(kHf + "Qwen1.5-MoE-A2.7B/config.json");
    const LayerType& q = q15.stacks[0].type;
    QVERIFY(q.qkv_bias);
    QCOMPARE(q.moe.shared_experts, 1);
    QCOMPARE(q.moe.shared_ffn_hidden, 5632);
    QVERIFY(q.moe.shared_expert_gate);
    QCOMPARE(q.ffn_hidden, 1408);

    // Qwen3-MoE: Q/K norms, explicit head_dim 128 (32 heads x 128 != hidden 2048). decoder_sparse_step 2
    // and mlp_only_layers make dense layers (of intermediate_size) in between.
    const json q3cfg = readJsonFile(kHf + "Qwen3-30B-A3B/config.json");
    const ModelProfile q3 = importHuggingFace(q3cfg, "q3", 4096);
    QVERIFY(q3.stacks[0].type.qk_norm);
    QCOMPARE(q3.stacks[0].type.head_dim, 128);
    QCOMPARE(q3.seq_len, 4096);
    json step = q3cfg;
    step["decoder_sparse_step"] = 2;
    step["mlp_only_layers"] = json::array({47});
    const ModelProfile alt = importHuggingFace(step, "alt");
    QCOMPARE(alt.stacks.size(), std::size_t(47)); // d m d m ... d m d (layer 47 dense)
    QCOMPARE(alt.stacks[0].type.name, std::string("dense"));
    QCOMPARE(alt.stacks[0].type.ffn_hidden, 6144);
    QCOMPARE(alt.stacks[1].type.name, std::string("moe"));
    QCOMPARE(alt.stacks[46].count, 2); // layers 46, 47
    QVERIFY(!alt.stacks[46].type.moe.enabled());
    // The architecture name alone is enough.
    json noType = readJsonFile(kHf + "Qwen1.5-MoE-A2.7B/config.json");
    noType.erase("model_type");
    QCOMPARE(importHuggingFace(noType, "x").totalParams(), q15.totalParams());
}

void TestProfiles::presetNamesResolve() {
    const std::vector<std::string> models = {
        "gpt3-1.3b",     "gpt3-2.7b",     "gpt3-6.7b",   "gpt3-13b",      "gpt3-175b",
        "llama2-7b",     "llama2-13b",    "llama2-70b",  "llama3-8b",     "llama3-70b",
        "bert-large",    "t5-large",      "vit-huge",    "llama3.1-405b", "mixtral-8x7b",
        "mixtral-8x22b", "qwen3-30b-a3b", "deepseek-v3", "llama3.1-8b",   "llama3.1-70b"};
    for (const auto& n : models)
        QCOMPARE(modelPreset(n).name, n);
    QCOMPARE(modelPresetNames().size(), models.size());
    std::vector<std::string> clusters = {"8xA100-40G", "8xA100-80G", "8xH100", "4xRTX4090-PCIe"};
    for (int n : {2, 4, 8, 16, 32, 64, 128}) {
        clusters.push_back(std::to_string(n) + "x8xA100-80G-IB");
        clusters.push_back(std::to_string(n) + "x8xH100-IB");
        clusters.push_back(std::to_string(n) + "x8xH100-96G-RoCE");
    }
    for (const auto& n : clusters)
        QCOMPARE(clusterPreset(n).name, n);
    QCOMPARE(clusterPresetNames().size(), clusters.size());
    QCOMPARE(resolveModel(kDefaultModel).name, std::string(kDefaultModel));
    QCOMPARE(resolveCluster(kDefaultCluster).totalGpus(), 32);
    QCOMPARE(modelPreset("LLaMA2-7B").name, std::string("llama2-7b")); // case-insensitive
    expectError([] { modelPreset("gpt5"); }, "model", "available: ");
    expectError([] { clusterPreset("3x8xH100-IB"); }, "cluster", "128x8xH100-IB");
}

void TestProfiles::presetsRoundTripAndValidate() {
    for (const auto& n : modelPresetNames()) {
        const ModelProfile m = modelPreset(n);
        validateModel(m);
        const json j = toJson(m);
        QCOMPARE(toJson(modelFromJson(j)), j);
    }
    for (const auto& n : clusterPresetNames()) {
        const ClusterProfile c = clusterPreset(n);
        validateCluster(c);
        const json j = toJson(c);
        QCOMPARE(toJson(clusterFromJson(j)), j);
        QVERIFY(!c.source.empty());
    }
}

void TestProfiles::presetParamCounts_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<double>("published");
    QTest::addColumn<double>("tolerance");
    // GPT-3: Brown et al. 2020 table 2.1 rounds to 2 significant digits.
    QTest::newRow("gpt3-1.3b") << "gpt3-1.3b" << 1.3e9 << 0.02;
    QTest::newRow("gpt3-2.7b") << "gpt3-2.7b" << 2.7e9 << 0.02;
    QTest::newRow("gpt3-6.7b") << "gpt3-6.7b" << 6.7e9 << 0.02;
    QTest::newRow("gpt3-13b") << "gpt3-13b" << 13.0e9 << 0.02;
    QTest::newRow("gpt3-175b") << "gpt3-175b" << 175.0e9 << 0.01;
    // LLaMA: exact tensor sums of the published checkpoints (Hugging Face safetensors index).
    QTest::newRow("llama2-7b") << "llama2-7b" << 6738415616.0 << 1e-9;
    QTest::newRow("llama2-13b") << "llama2-13b" << 13015864320.0 << 1e-9;
    QTest::newRow("llama2-70b") << "llama2-70b" << 68976648192.0 << 1e-9;
    QTest::newRow("llama3-8b") << "llama3-8b" << 8030261248.0 << 1e-9;
    QTest::newRow("llama3-70b") << "llama3-70b" << 70553706496.0 << 1e-9;
    // Llama 3.1 405B: 405,853,388,800 (sum of the checkpoint's tensor shapes; hub "406B", paper "405B").
    QTest::newRow("llama3.1-405b") << "llama3.1-405b" << 405853388800.0 << 1e-9;
    // MoE presets: totals as their Hugging Face configs (hfImportMoeCounts checks active counts too).
    QTest::newRow("mixtral-8x7b") << "mixtral-8x7b" << 46702792704.0 << 1e-9;
    QTest::newRow("mixtral-8x22b") << "mixtral-8x22b" << 141e9 << 0.005;
    QTest::newRow("qwen3-30b-a3b") << "qwen3-30b-a3b" << 30.5e9 << 0.002;
    QTest::newRow("deepseek-v3") << "deepseek-v3" << 671e9 << 0.001;
    QTest::newRow("bert-large") << "bert-large" << 335141888.0 << 0.005;
    QTest::newRow("t5-large") << "t5-large" << 737668096.0 << 1e-5;
    QTest::newRow("vit-huge") << "vit-huge" << 632e6 << 0.01;
}

void TestProfiles::presetParamCounts() {
    QFETCH(QString, name);
    QFETCH(double, published);
    QFETCH(double, tolerance);
    const double got = double(modelPreset(name.toStdString()).totalParams());
    if (relErr(got, published) > tolerance)
        QFAIL(qPrintable(
            QStringLiteral("%1: %2 params, published %3").arg(name).arg(got, 0, 'f', 0).arg(published)));
}

void TestProfiles::clusterPresetSpecs() {
    const ClusterProfile h = clusterPreset("128x8xH100-IB");
    QCOMPARE(h.totalGpus(), 1024);
    QCOMPARE(h.gpu.peak_tflops_bf16, 989.4); // H100 SXM datasheet, dense BF16
    QCOMPARE(h.intra.bandwidth_gbs, 450.0);  // NVLink4 900 GB/s bidirectional
    QCOMPARE(h.inter.bandwidth_gbs, 50.0);   // NDR 400 Gb/s per GPU
    const ClusterProfile a = clusterPreset("2x8xA100-80G-IB");
    QCOMPARE(a.totalGpus(), 16);
    QCOMPARE(a.inter.bandwidth_gbs, 25.0);     // HDR 200 Gb/s per GPU
    QCOMPARE(a.gpu.hbm_bandwidth_gbs, 2039.0); // A100 80GB SXM
    QCOMPARE(clusterPreset("8xA100-40G").gpu.memory_gib, 40.0);
    const ClusterProfile r = clusterPreset("4xRTX4090-PCIe");
    QCOMPARE(r.totalGpus(), 4);
    QCOMPARE(r.gpu.peak_tflops_bf16, 165.2); // Ada whitepaper: BF16 with FP32 accumulate, dense
    QCOMPARE(r.intra.kind, std::string("PCIe"));
    QCOMPARE(r.gpu.memory_gib, 24.0);
}

void TestProfiles::resolveFilesAndErrors() {
    QTemporaryDir dir;
    const std::string mf = writeFile(dir, "tiny.json", smallModel().dump(2));
    QCOMPARE(resolveModel(mf).name, std::string("tiny"));
    const std::string cf = writeFile(dir, "c.json", smallCluster().dump(2));
    QCOMPARE(resolveCluster(cf).totalGpus(), 8);
    // A Hugging Face snapshot folder and a config.json path both import.
    QCOMPARE(resolveModel(kHf + "gpt2").totalParams(), std::int64_t(124439808));
    QCOMPARE(resolveModel(kHf + "gpt2/config.json").name, std::string("gpt2"));
    expectError([] { resolveModel("no-such-model"); }, "model", "llama2-7b");
    expectError([] { resolveCluster("no-such-cluster"); }, "cluster", "8xH100");
    // Something that looks like a path is reported as a missing file.
    const std::string missing = dir.path().toStdString() + "/missing.json";
    expectError([&] { resolveCluster(missing); }, missing, "cannot open file");
    // Hugging Face cache layout: the repository name, not the commit hash, names the model.
    const std::string snap =
        dir.path().toStdString() + "/models--openai-community--gpt2/snapshots/607a30d783";
    QVERIFY(QDir().mkpath(QString::fromStdString(snap)));
    QVERIFY(QFile::copy(QString::fromStdString(kHf + "gpt2/config.json"),
                        QString::fromStdString(snap + "/config.json")));
    QCOMPARE(resolveModel(snap).name, std::string("gpt2"));
    // writeJsonFile + load round trip
    const std::string out = dir.path().toStdString() + "/plan.json";
    writeJsonFile(out, toJson(planFromJson(smallPlan())));
    QCOMPARE(toJson(loadPlanFile(out)), toJson(planFromJson(smallPlan())));
}

namespace {
/// Every key that toJson() writes must be declared in the schema object `s` (recursing through $defs).
void checkKeys(const json& value, const json& s, const json& root, const std::string& where) {
    const json* sc = &s;
    if (sc->contains("$ref")) {
        const std::string ref = sc->at("$ref").get<std::string>(); // "#/$defs/name"
        sc = &root.at("$defs").at(ref.substr(ref.rfind('/') + 1));
    }
    if (value.is_object()) {
        QVERIFY2(sc->contains("properties"), where.c_str());
        for (auto it = value.begin(); it != value.end(); ++it) {
            const std::string w = where + "." + it.key();
            QVERIFY2(sc->at("properties").contains(it.key()), w.c_str());
            checkKeys(it.value(), sc->at("properties").at(it.key()), root, w);
        }
    } else if (value.is_array() && sc->contains("items") && sc->at("items").is_object()) {
        for (const auto& v : value)
            checkKeys(v, sc->at("items"), root, where + "[]");
    }
}
} // namespace

void TestProfiles::schemasDescribeWrittenKeys() {
    const std::string dir = std::string(GX_SOURCE_DIR) + "/resources/schemas/";
    const json ms = readJsonFile(dir + "model.schema.json");
    const json cs = readJsonFile(dir + "cluster.schema.json");
    const json ps = readJsonFile(dir + "plan.schema.json");
    for (const auto& n : modelPresetNames())
        checkKeys(toJson(modelPreset(n)), ms, ms, "model");
    json c = toJson(clusterFromJson(smallCluster()));
    c["measured"] = json::parse(R"([{"op": "all_reduce", "group_size": 2, "bytes_to_busbw_gbs": [[1, 1]]}])");
    checkKeys(toJson(clusterFromJson(c)), cs, cs, "cluster");
    for (const auto& n : clusterPresetNames())
        checkKeys(toJson(clusterPreset(n)), cs, cs, "cluster");
    const json rs = readJsonFile(dir + "runtime.schema.json");
    QVERIFY(!runtimePresetNames().empty());
    for (const auto& n : runtimePresetNames())
        checkKeys(toJson(runtimePreset(n)), rs, rs, "runtime");
    const json pj = toJson(planFromJson(smallPlan()));
    checkKeys(pj, ps, ps, "plan");
    for (const auto& l : pj.at("layers"))
        checkKeys(l, ps.at("$defs").at("strategy"), ps, "plan.layers[]");
}

void TestProfiles::presetsMatchHfImports_data() {
    QTest::addColumn<QString>("preset");
    QTest::addColumn<QString>("dir");
    QTest::addColumn<int>("seq_len"); // the preset's training sequence (0: the config's context)
    QTest::newRow("llama2-7b") << "llama2-7b"
                               << "Llama-2-7b-hf" << 0;
    QTest::newRow("llama3-8b") << "llama3-8b"
                               << "Meta-Llama-3-8B" << 0;
    QTest::newRow("bert-large") << "bert-large"
                                << "bert-large-uncased" << 0;
    QTest::newRow("t5-large") << "t5-large"
                              << "t5-large" << 0;
    QTest::newRow("vit-huge") << "vit-huge"
                              << "vit-huge-patch14-224-in21k" << 0;
    QTest::newRow("mixtral-8x7b") << "mixtral-8x7b"
                                  << "Mixtral-8x7B-v0.1" << 4096;
    QTest::newRow("mixtral-8x22b") << "mixtral-8x22b"
                                   << "Mixtral-8x22B-v0.1" << 4096;
    QTest::newRow("qwen3-30b-a3b") << "qwen3-30b-a3b"
                                   << "Qwen3-30B-A3B" << 4096;
    QTest::newRow("deepseek-v3") << "deepseek-v3"
                                 << "DeepSeek-V3" << 4096;
}

/// The hand-written presets describe exactly the architecture of the published config.json files.
void TestProfiles::presetsMatchHfImports() {
    QFETCH(QString, preset);
    QFETCH(QString, dir);
    QFETCH(int, seq_len);
    json a = toJson(modelPreset(preset.toStdString()));
    const std::string cfg = kHf + dir.toStdString() + "/config.json";
    json b = toJson(seq_len > 0 ? importHuggingFace(readJsonFile(cfg), "x", seq_len) : loadModelFile(cfg));
    for (json* j : {&a, &b}) {
        j->erase("name");
        j->erase("source");
    }
    if (a != b)
        QFAIL(
            qPrintable(QStringLiteral("preset %1 differs from import:\n%2\n%3")
                           .arg(preset, QString::fromStdString(a.dump()), QString::fromStdString(b.dump()))));
}

namespace {
/// Replaces every scalar/array/object value of `doc` (one at a time) with each bad value and parses the
/// result: it must either load or throw InputError (never another exception, never a crash).
int mutateAll(const json& doc, const std::function<void(const json&)>& parse, int& rejected) {
    const json bad[] = {"x", -1, 0, 0.5, 1e20, nullptr, json::array(), json::object(), true};
    int runs = 0;
    const json flat = doc.flatten();
    for (auto it = flat.begin(); it != flat.end(); ++it) {
        for (const json& b : bad) {
            json m = doc;
            m[json::json_pointer(it.key())] = b;
            ++runs;
            try {
                parse(m);
            } catch (const InputError& e) {
                ++rejected;
                if (e.field().empty() || e.reason().empty())
                    QTest::qFail(("empty field/reason at " + it.key()).c_str(), __FILE__, __LINE__);
            } catch (const std::exception& e) {
                QTest::qFail((it.key() + " = " + b.dump() + ": " + e.what()).c_str(), __FILE__, __LINE__);
                return runs;
            }
        }
    }
    return runs;
}
} // namespace

void TestProfiles::mutationsGiveInputErrors() {
    int rejected = 0, runs = 0;
    for (const char* n : {"t5-large", "vit-huge", "llama2-70b"})
        runs += mutateAll(
            toJson(modelPreset(n)), [](const json& j) { modelFromJson(j); }, rejected);
    runs += mutateAll(
        toJson(modelFromJson(smallMoeModel())), [](const json& j) { modelFromJson(j); }, rejected);
    json c = toJson(clusterFromJson(smallCluster()));
    c["measured"] =
        json::parse(R"([{"op": "all_reduce", "group_size": 2, "bytes_to_busbw_gbs": [[1, 1], [8, 2]]}])");
    runs += mutateAll(
        c, [](const json& j) { clusterFromJson(j); }, rejected);
    runs += mutateAll(
        smallPlan(), [](const json& j) { planFromJson(j); }, rejected);
    runs += mutateAll(
        toJson(modelFromJson(smallMoeModel())), [](const json& j) { modelFromJson(j); }, rejected);
    const json llama = readJsonFile(kHf + "Llama-2-7b-hf/config.json");
    runs += mutateAll(
        llama, [](const json& j) { importHuggingFace(j, "x"); }, rejected);
    runs += mutateAll(
        readJsonFile(kHf + "t5-large/config.json"), [](const json& j) { importHuggingFace(j, "x"); },
        rejected);
    for (const char* d : {"DeepSeek-V3", "Qwen1.5-MoE-A2.7B", "Qwen3-30B-A3B"})
        runs += mutateAll(
            readJsonFile(kHf + d + "/config.json"), [](const json& j) { importHuggingFace(j, "x"); },
            rejected);
    qInfo("%d single-value corruptions, %d rejected with InputError", runs, rejected);
    QVERIFY(runs > 500);
    QVERIFY(rejected > runs / 2); // most single-value corruptions are caught
}

void TestProfiles::moeLayerCounts() {
    const ModelProfile m = modelFromJson(smallMoeModel());
    QVERIFY(m.hasMoe());
    QVERIFY(!modelFromJson(smallModel()).hasMoe());
    const LayerType& dense = m.stacks[0].type;
    const LayerType& moe = m.stacks[1].type;
    // Attention: Q, O 64x64 and K, V 64x32 (2 kv heads of 16) = 12,288; two RMSNorms 2 x 64.
    const std::int64_t attn = 2 * 64 * 64 + 2 * 64 * 32, norms = 2 * 64;
    const std::int64_t expert = 3 * 64 * 32, shared = 3 * 64 * 48;
    const std::int64_t router = 64 * 8 + 8 /* score bias */ + 64 /* shared-expert gate */;
    QCOMPARE(moe.routerParams(), router);
    QCOMPARE(moe.expertMatmulParams(), expert);
    QCOMPARE(moe.params(), attn + norms + 8 * expert + shared + router);
    QCOMPARE(moe.activeParams(), attn + norms + 2 * expert + shared + router);
    QCOMPARE(moe.matmulParams(), attn + 8 * expert + shared);
    QCOMPARE(moe.activeMatmulParams(), attn + 2 * expert + shared);
    // A dense layer: active == total, no router.
    QCOMPARE(dense.params(), attn + norms + 3 * 64 * 256);
    QCOMPARE(dense.activeParams(), dense.params());
    QCOMPARE(dense.routerParams(), std::int64_t(0));
    // Model: embedding 1000x64, untied head 1000x64 + final norm 64.
    const std::int64_t outer = 2 * 1000 * 64 + 64;
    QCOMPARE(m.totalParams(), outer + dense.params() + 3 * moe.params());
    QCOMPARE(m.activeParams(), outer + dense.params() + 3 * moe.activeParams());
    // FLOPs use the active projections plus the router GEMM: 2 b s (active matmul + h*E) + scores.
    const double b = 2, sq = 128;
    QCOMPARE(moe.forwardFlops(2), 2 * b * sq * double(attn + 2 * expert + shared) +
                                      2 * b * sq * (64 * 8 + 64) + 4 * b * sq * sq * 64);
    QCOMPARE(moe.replicatedMatmulParams(), std::int64_t(64 * 8 + 64)); // router + shared-expert gate
    // Round trip keeps every MoE field; a dense profile writes no MoE keys (old files stay as they were).
    const json j = toJson(m);
    QCOMPARE(toJson(modelFromJson(j)), j);
    QCOMPARE(modelFromJson(j).stacks[1].type.moe, moe.moe);
    QVERIFY(!j.at("stacks")[0].at("layer").contains("moe"));
    QVERIFY(!toJson(modelFromJson(smallModel())).at("stacks")[0].at("layer").contains("moe"));
    // capacity_factor is optional and read back.
    json c = smallMoeModel();
    c["stacks"][1]["layer"]["moe"]["capacity_factor"] = 1.25;
    QCOMPARE(modelFromJson(c).stacks[1].type.moe.capacity_factor, 1.25);
    QCOMPARE(
        toJson(modelFromJson(c)).at("stacks")[1].at("layer").at("moe").at("capacity_factor").get<double>(),
        1.25);
}

void TestProfiles::mlaLayerCounts() {
    json j = smallModel();
    j["tied_embeddings"] = false;
    j["max_position"] = 0;
    j["stacks"][0]["layer"] = json::parse(R"({"hidden": 64, "ffn_hidden": 128, "heads": 4, "gated_ffn": true,
        "bias": false, "mla": {"q_lora_rank": 16, "kv_lora_rank": 8, "qk_nope_head_dim": 8,
                               "qk_rope_head_dim": 4, "v_head_dim": 8}})");
    const ModelProfile m = modelFromJson(j);
    const LayerType& t = m.stacks[0].type;
    QCOMPARE(t.head_dim, 12); // qk_nope + qk_rope
    QCOMPARE(t.qkHeadDim(), 12);
    QCOMPARE(t.vHeadDim(), 8);
    // q_a 64x16, q_b 16x(4*12), kv_a 64x(8+4), kv_b 8x(4*(8+8)), o (4*8)x64.
    const std::int64_t attn = 64 * 16 + 16 * 48 + 64 * 12 + 8 * 64 + 32 * 64;
    // q_a and kv_a (down-projections) are replicated across tensor-parallel ranks, the rest is split.
    QCOMPARE(t.replicatedMatmulParams(), std::int64_t(64 * 16 + 64 * 12));
    QCOMPARE(t.matmulParams(), attn - (64 * 16 + 64 * 12) + 3 * 64 * 128);
    // + q_a and kv_a RMSNorms (16 + 8) + the two layer norms.
    QCOMPARE(t.params(), attn + 3 * 64 * 128 + 16 + 8 + 2 * 64);
    QCOMPARE(t.activeParams(), t.params());
    // Scores: QK^T over 12 dims, AV over 8 dims: 2 b s^2 a (12 + 8).
    QCOMPARE(t.forwardFlops(1), 2.0 * 128 * double(attn + 3 * 64 * 128) + 2.0 * 128 * 128 * 4 * (12 + 8));
    // Without a query LoRA the query is one h x a*(nope+rope) projection and has no norm.
    j["stacks"][0]["layer"]["mla"]["q_lora_rank"] = 0;
    const LayerType full = modelFromJson(j).stacks[0].type;
    QCOMPARE(full.params(), t.params() - (64 * 16 + 16 * 48 + 16) + 64 * 48);
    const json w = toJson(m);
    QCOMPARE(toJson(modelFromJson(w)), w);
    QCOMPARE(modelFromJson(w).stacks[0].type.mla, t.mla);
    // Qwen-style Q/K/V biases and Q/K norms.
    json q = smallModel();
    q["stacks"][0]["layer"]["bias"] = false;
    const std::int64_t plain = modelFromJson(q).stacks[0].type.params();
    q["stacks"][0]["layer"]["qkv_bias"] = true;
    q["stacks"][0]["layer"]["qk_norm"] = true;
    QCOMPARE(modelFromJson(q).stacks[0].type.params(), plain + 3 * 256 + 2 * 32);
    QCOMPARE(toJson(modelFromJson(toJson(modelFromJson(q)))), toJson(modelFromJson(q)));
}

void TestProfiles::moeAndMlaErrors() {
    const std::string lp = "model.stacks[1].layer";
    auto moeWith = [](const char* key, const json& v) {
        json j = smallMoeModel();
        j["stacks"][1]["layer"]["moe"][key] = v;
        return j;
    };
    expectError([&] { modelFromJson(moeWith("top_k", 9)); }, lp + ".moe.top_k",
                "must be between 1 and the number of experts (8)");
    expectError([&] { modelFromJson(moeWith("experts", 0)); }, lp + ".moe.experts", "positive integer");
    expectError([&] { modelFromJson(moeWith("capacity_factor", -1)); }, lp + ".moe.capacity_factor",
                "non-negative");
    expectError([&] { modelFromJson(moeWith("topk", 2)); }, lp + ".moe.topk", "did you mean 'top_k'?");
    {
        // Experts multiply the layer sizes: a whole model above 10^15 parameters is an input error.
        json big = moeWith("experts", 65536);
        big["stacks"][1]["layer"]["hidden"] = 1 << 20;
        big["stacks"][1]["layer"]["ffn_hidden"] = 1 << 20;
        big["stacks"][1]["layer"]["heads"] = 1024;
        big["stacks"][1]["layer"]["kv_heads"] = 1024;
        big["stacks"][1]["count"] = 60000;
        expectError([&] { modelFromJson(big); }, "model.stacks", "more than the input limit");
    }
    {
        json j = smallMoeModel();
        j["stacks"][1]["layer"]["moe"].erase("shared_ffn_hidden");
        expectError([&] { modelFromJson(j); }, lp + ".moe.shared_ffn_hidden",
                    "required when shared_experts > 0");
        j["stacks"][1]["layer"]["moe"].erase("top_k");
        expectError([&] { modelFromJson(j); }, lp + ".moe.top_k", "required field is missing");
    }
    {
        // Programmatic profiles are checked too (validateModel), e.g. from the GUI or an import.
        ModelProfile m = modelFromJson(smallMoeModel());
        m.stacks[1].type.moe.top_k = 0;
        expectError([&] { validateModel(m); }, lp + ".moe.top_k", "between 1 and");
        m.stacks[1].type.moe.top_k = 2;
        m.stacks[1].type.moe.shared_experts = 0;
        expectError([&] { validateModel(m); }, lp + ".moe.shared_expert_gate", "needs shared_experts > 0");
        m.stacks[0].type.moe.top_k = 1; // top_k on a dense layer
        m.stacks[1].type.moe.shared_expert_gate = false;
        expectError([&] { validateModel(m); }, "model.stacks[0].layer.moe.experts", "need experts > 0");
    }
    json j = smallModel();
    j["stacks"][0]["layer"] = json::parse(R"({"hidden": 64, "ffn_hidden": 128, "heads": 4, "bias": false,
        "mla": {"kv_lora_rank": 8, "qk_nope_head_dim": 8, "qk_rope_head_dim": 4, "v_head_dim": 8}})");
    QCOMPARE(modelFromJson(j).stacks[0].type.mla.q_lora_rank, 0);
    const std::string l0 = "model.stacks[0].layer";
    json k = j;
    k["stacks"][0]["layer"]["kv_heads"] = 2;
    expectError([&] { modelFromJson(k); }, l0 + ".kv_heads", "one key/value head per query head (4)");
    k = j;
    k["stacks"][0]["layer"]["head_dim"] = 16;
    expectError([&] { modelFromJson(k); }, l0 + ".head_dim", "qk_nope_head_dim + qk_rope_head_dim (12)");
    k = j;
    k["stacks"][0]["layer"].erase("bias");
    expectError([&] { modelFromJson(k); }, l0 + ".bias", "no linear biases");
    k = j;
    k["stacks"][0]["layer"]["mla"].erase("v_head_dim");
    expectError([&] { modelFromJson(k); }, l0 + ".mla.v_head_dim", "required field is missing");
}

QTEST_GUILESS_MAIN(TestProfiles)
#include "test_profiles.moc"
