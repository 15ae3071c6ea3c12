// SPDX-License-Identifier: Apache-2.0
#include "core_text.h"

#include "gx/units.h"

#include "gx/search_space.h"

#include <QRegularExpression>

#include <functional>
#include <vector>

namespace gx::app {

namespace {

/// A shape of core text: a pattern and its translation from the captures.
struct Shape {
    QRegularExpression re;
    std::function<QString(const QRegularExpressionMatch&)> text;
};

QString translateShapes(const std::vector<Shape>& shapes, const QString& s) {
    for (const Shape& sh : shapes)
        if (const auto m = sh.re.match(s); m.hasMatch())
            return sh.text(m);
    return s;
}

QRegularExpression exact(const char* pattern) {
    return QRegularExpression(QStringLiteral("^%1$").arg(QLatin1String(pattern)));
}

} // namespace

QString CoreText::treeLabel(const TreeNode& node) {
    const QString label = QString::fromStdString(node.label);
    const std::string& d = node.dimension;
    if (d == "sp") {
        if (label == QLatin1String("sp on"))
            return tr("sp on");
        if (label == QLatin1String("sp off"))
            return tr("sp off");
    } else if (d == "placement") {
        if (label == QLatin1String("TP ranks adjacent"))
            return tr("TP ranks adjacent");
        if (label == QLatin1String("DP ranks adjacent"))
            return tr("DP ranks adjacent");
    } else if (d == "ckpt") {
        if (label == QLatin1String("ckpt none"))
            return tr("ckpt none");
        if (label == QLatin1String("ckpt selective"))
            return tr("ckpt selective");
        if (label == QLatin1String("ckpt full"))
            return tr("ckpt full");
    } else if (d == "root" || d == "pp") {
        static const std::vector<Shape> shapes = {
            {exact("(.+) layer on (\\d+) GPUs"),
             [](const QRegularExpressionMatch& m) {
                 return tr("%1 layer on %2 GPUs").arg(m.captured(1), m.captured(2));
             }},
            {exact("pp=(\\d+) \\((\\d+) GPUs/stage\\)"),
             [](const QRegularExpressionMatch& m) {
                 return tr("pp=%1 (%2 GPUs/stage)").arg(m.captured(1), m.captured(2));
             }},
        };
        return translateShapes(shapes, label);
    }
    return label; // notation: pp=4, tp=2 dp=4, DDP, ZeRO-3, ...
}

QString CoreText::ruleDescription(const std::string& rule) {
    namespace r = rules;
    if (rule == r::kUser)
        return tr("user constraints: fixed/max degrees, allowed ZeRO stages, SP and checkpointing");
    if (rule == r::kPow2)
        return tr("parallel degrees are powers of two (switch off for any divisor)");
    if (rule == r::kPpLeLayers)
        return tr("every pipeline stage (model chunk) needs at least one layer");
    if (rule == r::kTpDividesHeads)
        return tr("the tensor degree divides the attention (and KV) heads");
    if (rule == r::kTpWithinNode)
        return tr("a tensor-parallel group does not cross node boundaries");
    if (rule == r::kSpNeedsTp)
        return tr("sequence parallelism changes nothing without tensor parallelism");
    if (rule == r::kZeroNeedsDp)
        return tr("ZeRO stages change nothing without data parallelism");
    if (rule == r::kPlacementMatters)
        return tr("rank order (TP or DP adjacent) only matters when tp > 1 and dp > 1");
    if (rule == r::kBatchDivisible)
        return tr("the micro-batch splits evenly over the data-parallel degree");
    if (rule == r::kMemoryLowerBound)
        return tr("model states and activations alone exceed the memory budget");
    if (rule == r::kDominatedStrategy)
        return tr("another candidate is no slower and no larger in every cost term (incl. switch costs)");
    if (rule == r::kDominatedRun)
        return tr("in a stage, another candidate takes every run of this one faster (its switches in and "
                  "out included), in no more memory");
    if (rule == r::kGpipeDominated)
        return tr("GPipe holds at least as many micro-batches as 1F1B at the same time cost");
    if (rule == r::kInterleavedSplit)
        return tr("interleaved schedules use equal model chunks (layers divisible by pp * chunks)");
    if (rule == r::kTimeLowerBound)
        return tr("a lower bound on the iteration time exceeds the k-th best plan");
    if (rule == r::kTargetDpType)
        return tr("the target framework cannot run this data-parallel type (e.g. DeepSpeed: ZeRO-2/3 with "
                  "pipeline parallelism; torchtitan: ZeRO-1)");
    if (rule == r::kTargetTp)
        return tr("the target framework cannot run this tensor-parallel degree (DeepSpeed: TP with PP)");
    if (rule == r::kTargetSp)
        return tr("the target framework has no Megatron-style sequence parallelism");
    if (rule == r::kTargetRankOrder)
        return tr("the target framework always places tensor-parallel ranks adjacent");
    if (rule == r::kTargetRecompute)
        return tr("the target framework cannot run this recomputation (selective)");
    if (rule == r::kCpLongSequence)
        return tr("context parallelism only for sequences of at least cp_min_seq tokens (default 8192: "
                  "NeMo's Llama 3 8B recipe uses cp=2 at 8K), keeping at least 1024 tokens per rank");
    if (rule == r::kCpValid)
        return tr("context parallelism needs fused self-attention and a sequence that splits into 2 x cp "
                  "chunks (ring, load-balanced causal split) or cp chunks with heads and KV heads per TP "
                  "rank split over cp (all-to-all)");
    if (rule == r::kTargetCp)
        return tr("the target framework has no context parallelism (or not this exchange)");
    if (rule == r::kEpValid)
        return tr("expert parallelism: mixture-of-experts layers only, ep divides the routed experts and dp "
                  "x cp");
    if (rule == r::kTargetEp)
        return tr(
            "the target framework has no expert parallelism, or not in this layout (DeepSpeed: without "
            "pipeline parallelism; torchtitan: ep > 1 only with tp = 1 and FSDP-sharded data parallelism; "
            "Hetu-Galvatron: ep 1 or dp x cp)");
    if (rule == r::kTargetPostCheck)
        return tr("after the planner: plans the target cannot run exactly as costed (a check: the rules "
                  "above keep them out of the search)");
    if (rule == r::kTargetSplit)
        return tr("the target framework runs only some pipeline splits (DeepSpeed: partition_uniform; "
                  "torchtitan: first/last_stage_less_layers)");
    if (rule == r::kTargetVocab)
        return tr("the target framework shards embedding and LM head as the layers (tensor degree, or none "
                  "for DeepSpeed, and data-parallel type)");
    if (rule == r::kTargetSpAll)
        return tr("the target framework switches sequence parallelism for all tensor-parallel layers at "
                  "once (searched once with it on and once off)");
    for (const PruningRule& p : pruningRules()) // a rule added to core after these translations
        if (p.name == rule)
            return QString::fromStdString(p.description);
    return {};
}

QString CoreText::pruneReason(const std::string& reason) {
    using M = QRegularExpressionMatch;
    static const std::vector<Shape> shapes = {
        {exact("((?:tp|cp|ep)=)?(\\d+) is not a power of two"),
         [](const M& m) { return tr("%1%2 is not a power of two").arg(m.captured(1), m.captured(2)); }},
        {exact("(\\d+) stages but only (\\d+) layers"),
         [](const M& m) { return tr("%1 stages but only %2 layers").arg(m.captured(1), m.captured(2)); }},
        {exact("(pp|tp|dp|cp|ep) is fixed to (\\d+)"),
         [](const M& m) { return tr("%1 is fixed to %2").arg(m.captured(1), m.captured(2)); }},
        {exact("(pp|tp|dp|cp|ep) is limited to (\\d+)"),
         [](const M& m) { return tr("%1 is limited to %2").arg(m.captured(1), m.captured(2)); }},
        {exact("tp=(\\d+) does not divide (\\d+) heads / (\\d+) KV heads"),
         [](const M& m) {
             return tr("tp=%1 does not divide %2 heads / %3 KV heads")
                 .arg(m.captured(1), m.captured(2), m.captured(3));
         }},
        {exact("tp=(\\d+) does not divide (\\d+) heads"),
         [](const M& m) { return tr("tp=%1 does not divide %2 heads").arg(m.captured(1), m.captured(2)); }},
        {exact("tp=(\\d+) exceeds the (\\d+) GPUs of a node"),
         [](const M& m) {
             return tr("tp=%1 exceeds the %2 GPUs of a node").arg(m.captured(1), m.captured(2));
         }},
        {exact("(.+) does not combine tensor with pipeline parallelism"),
         [](const M& m) {
             return tr("%1 does not combine tensor with pipeline parallelism").arg(m.captured(1));
         }},
        {exact("(.+) keeps every expert whole: no tensor parallelism in mixture-of-experts layers"),
         [](const M& m) {
             return tr("%1 keeps every expert whole: no tensor parallelism in mixture-of-experts layers")
                 .arg(m.captured(1));
         }},
        {exact("(.+) does not run its expert parallelism with pipeline parallelism"),
         [](const M& m) {
             return tr("%1 does not run its expert parallelism with pipeline parallelism").arg(m.captured(1));
         }},
        {exact("(.+) cannot run ZeRO-3 in mixture-of-experts layers with context parallelism"),
         [](const M& m) {
             return tr("%1 cannot run ZeRO-3 in mixture-of-experts layers with context parallelism")
                 .arg(m.captured(1));
         }},
        {exact("(.+) has no tensor parallelism"),
         [](const M& m) { return tr("%1 has no tensor parallelism").arg(m.captured(1)); }},
        {exact("tp=1: sequence parallelism is a no-op"),
         [](const M&) { return tr("tp=1: sequence parallelism is a no-op"); }},
        {exact("(.+) has no Megatron-style sequence parallelism"),
         [](const M& m) { return tr("%1 has no Megatron-style sequence parallelism").arg(m.captured(1)); }},
        {exact("sequence parallelism is switched off"),
         [](const M&) { return tr("sequence parallelism is switched off"); }},
        {exact("dp=1: nothing to shard"), [](const M&) { return tr("dp=1: nothing to shard"); }},
        {exact("(.+) cannot run (\\S+) with context parallelism"),
         [](const M& m) {
             return tr("%1 cannot run %2 with context parallelism").arg(m.captured(1), m.captured(2));
         }},
        {exact("(.+) cannot run (\\S+) with pipeline parallelism"),
         [](const M& m) {
             return tr("%1 cannot run %2 with pipeline parallelism").arg(m.captured(1), m.captured(2));
         }},
        {exact("(.+) cannot run (\\S+)"),
         [](const M& m) { return tr("%1 cannot run %2").arg(m.captured(1), m.captured(2)); }},
        {exact("(\\S+) is not allowed"),
         [](const M& m) { return tr("%1 is not allowed").arg(m.captured(1)); }},
        {exact("(tp|dp)=1: rank order is irrelevant"),
         [](const M& m) { return tr("%1=1: rank order is irrelevant").arg(m.captured(1)); }},
        {exact("(.+) places tensor-parallel ranks adjacent"),
         [](const M& m) { return tr("%1 places tensor-parallel ranks adjacent").arg(m.captured(1)); }},
        {exact("(.+) recomputes whole layers only"),
         [](const M& m) { return tr("%1 recomputes whole layers only").arg(m.captured(1)); }},
        {exact("checkpointing is switched off"),
         [](const M&) { return tr("checkpointing is switched off"); }},
        {exact("sequence of (\\d+) tokens is below (\\d+)"),
         [](const M& m) {
             return tr("sequence of %1 tokens is below %2").arg(m.captured(1), m.captured(2));
         }},
        {exact("(\\d+) tokens per rank \\(< 1024\\)"),
         [](const M& m) { return tr("%1 tokens per rank (< 1024)").arg(m.captured(1)); }},
        {exact("seq_len (\\d+) does not split into (\\d+) chunks"),
         [](const M& m) {
             return tr("seq_len %1 does not split into %2 chunks").arg(m.captured(1), m.captured(2));
         }},
        {exact("seq_len (\\d+) is not divisible by cp=(\\d+)"),
         [](const M& m) {
             return tr("seq_len %1 is not divisible by cp=%2").arg(m.captured(1), m.captured(2));
         }},
        {exact("all-to-all: cp=(\\d+) does not divide the (\\d+) heads per TP rank"),
         [](const M& m) {
             return tr("all-to-all: cp=%1 does not divide the %2 heads per TP rank")
                 .arg(m.captured(1), m.captured(2));
         }},
        {exact("all-to-all: cp=(\\d+) neither divides nor is a multiple of the (\\d+) KV heads per TP rank"),
         [](const M& m) {
             return tr("all-to-all: cp=%1 neither divides nor is a multiple of the %2 KV heads per TP rank")
                 .arg(m.captured(1), m.captured(2));
         }},
        {exact("context parallelism is modelled for self-attention layers only"),
         [](const M&) { return tr("context parallelism is modelled for self-attention layers only"); }},
        {exact("the runtime's eager attention cannot split the sequence"),
         [](const M&) { return tr("the runtime's eager attention cannot split the sequence"); }},
        {exact("(.+) has no context parallelism"),
         [](const M& m) { return tr("%1 has no context parallelism").arg(m.captured(1)); }},
        {exact("(p2p|a2a) context parallelism is not allowed"),
         [](const M& m) { return tr("%1 context parallelism is not allowed").arg(m.captured(1)); }},
        {exact("ep=(\\d+) does not divide the (\\d+) routed experts"),
         [](const M& m) {
             return tr("ep=%1 does not divide the %2 routed experts").arg(m.captured(1), m.captured(2));
         }},
        {exact("(.+) runs ring attention only \\(no all-to-all\\)"),
         [](const M& m) { return tr("%1 runs ring attention only (no all-to-all)").arg(m.captured(1)); }},
        {exact("(.+) runs all-to-all \\(Ulysses\\) only \\(no ring\\)"),
         [](const M& m) { return tr("%1 runs all-to-all (Ulysses) only (no ring)").arg(m.captured(1)); }},
        {exact("(.+) runs all-to-all in place of tensor parallelism \\(tp=1 only\\)"),
         [](const M& m) {
             return tr("%1 runs all-to-all in place of tensor parallelism (tp=1 only)").arg(m.captured(1));
         }},
        {exact("(.+) is not told to combine context parallelism with tensor parallelism"),
         [](const M& m) {
             return tr("%1 is not told to combine context parallelism with tensor parallelism")
                 .arg(m.captured(1));
         }},
        {exact("(.+) is not told to combine context parallelism with pipeline parallelism"),
         [](const M& m) {
             return tr("%1 is not told to combine context parallelism with pipeline parallelism")
                 .arg(m.captured(1));
         }},
        {exact("(.+) has no expert parallelism"),
         [](const M& m) { return tr("%1 has no expert parallelism").arg(m.captured(1)); }},
        {exact("(.+) places expert-parallel ranks outermost: ep is 1 or dp x cp = (\\d+)"),
         [](const M& m) {
             return tr("%1 places expert-parallel ranks outermost: ep is 1 or dp x cp = %2")
                 .arg(m.captured(1), m.captured(2));
         }},
        {exact("(.+) keeps experts whole on their expert-parallel rank \\(no expert tensor parallelism "
               "with ep > 1\\)"),
         [](const M& m) {
             return tr("%1 keeps experts whole on their expert-parallel rank (no expert tensor parallelism "
                       "with ep > 1)")
                 .arg(m.captured(1));
         }},
        {exact("(.+) takes expert-parallel ranks from FSDP-sharded ranks only"),
         [](const M& m) {
             return tr("%1 takes expert-parallel ranks from FSDP-sharded ranks only").arg(m.captured(1));
         }},
    };
    return translateShapes(shapes, QString::fromStdString(reason));
}

QString CoreText::targetPrice(const std::string& line) {
    static const std::vector<Shape> shapes = {
        {exact("best for (.+) ([0-9.]+) s/iteration; best for any runtime ([0-9.]+) s/iteration "
               "\\(([+-][0-9.]+)% time per sample\\)"),
         [](const QRegularExpressionMatch& m) {
             return tr("best for %1 %2 s/iteration; best for any runtime %3 s/iteration (%4% time per "
                       "sample)")
                 .arg(m.captured(1), m.captured(2), m.captured(3), m.captured(4));
         }},
    };
    return translateShapes(shapes, QString::fromStdString(line));
}

QString CoreText::calibrationSummary(const std::string& provenance) {
    // (a prefix: notes may follow the figures)
    static const QRegularExpression re(
        QStringLiteral("^galvatron calibrate on (\\S+) \\((\\d+) runs\\)(?:, (\\d{4}-\\d{2}-\\d{2}))?"
                       "(?:: throughput median \\|error\\| ([0-9.]+)% -> ([0-9.]+)%)?"));
    const auto m = re.match(QString::fromStdString(provenance));
    if (!m.hasMatch())
        return {};
    const QString file = m.captured(1).section(QLatin1Char('/'), -1);
    const int n = m.captured(2).toInt();
    QString text =
        n == 1 ? tr("1 measured run (%1)").arg(file) : tr("%1 measured runs (%2)").arg(n).arg(file);
    if (m.hasCaptured(3))
        text += QStringLiteral(", ") + m.captured(3);
    if (m.hasCaptured(4))
        text += tr(": median |error| %1% -> %2%").arg(m.captured(4), m.captured(5));
    return text;
}

QString CoreText::calibrated(const std::string& provenance, bool whole) {
    QString shown = QString::fromStdString(provenance);
    if (!whole) {
        const QString summary = calibrationSummary(provenance);
        if (!summary.isEmpty())
            shown = summary;
        else if (shown.size() > 60)
            shown = shown.left(57) + QStringLiteral("...");
    }
    return tr("Calibrated: %1").arg(shown);
}

QString CoreText::searchNote(const std::string& note) {
    static const std::vector<Shape> shapes = {
        {exact("the per-layer search reached the time limit \\(([0-9.]+) s\\): plans below are the best "
               "found so "
               "far, not proven optimal"),
         [](const QRegularExpressionMatch& m) {
             return tr("the per-layer search reached the time limit (%1 s): plans below are the best found "
                       "so "
                       "far, not proven optimal")
                 .arg(m.captured(1));
         }},
        {exact("the uniform search reached the time limit \\(([0-9.]+) s\\): plans below are the best found "
               "so far, "
               "not proven optimal"),
         [](const QRegularExpressionMatch& m) {
             return tr("the uniform search reached the time limit (%1 s): plans below are the best found so "
                       "far, not "
                       "proven optimal")
                 .arg(m.captured(1));
         }},
        {exact("the time limit \\(([0-9.]+) s\\) stopped the time/memory frontier after ([0-9]+) of ([0-9]+) "
               "points: the plans below are proven optimal, the frontier is partial"),
         [](const QRegularExpressionMatch& m) {
             return tr("the time limit (%1 s) stopped the time/memory frontier after %2 of %3 points: the "
                       "plans "
                       "below are proven optimal, the frontier is partial")
                 .arg(m.captured(1), m.captured(2), m.captured(3));
         }},
    };
    return translateShapes(shapes, QString::fromStdString(note));
}

QString CoreText::infeasible(const Infeasibility& why, const std::string& fallback) {
    const auto gib = [](double b) { return QString::number(b / kGiB, 'f', 1); };
    const QString model = QString::fromStdString(why.model);
    switch (why.kind) {
    case Infeasibility::Kind::None:
        break;
    case Infeasibility::Kind::NoConfiguration:
        return tr("no configuration survives the constraints on %1 GPUs (see the decision tree)")
            .arg(why.gpus);
    case Infeasibility::Kind::ModelStates:
        return tr("%1 needs at least %2 GiB/GPU for model states with the most sharded strategy on %3 GPUs "
                  "(incl. %4 GiB reserved); the budget is %5 GiB")
            .arg(model, gib(why.states))
            .arg(why.gpus)
            .arg(gib(why.reserved), gib(why.budget));
    case Infeasibility::Kind::Activations:
        return tr("%1 on %2 GPUs: model states fit (at least %3 GiB/GPU) but no plan fits activations and "
                  "transient buffers in the budget of %4 GiB; try a smaller batch, checkpointing, or more "
                  "micro-batches (Search settings: Max micro-batches)")
            .arg(model)
            .arg(why.gpus)
            .arg(gib(why.states), gib(why.budget));
    case Infeasibility::Kind::Target:
        return tr("no plan that %1 can run fits the memory budget")
            .arg(QString::fromStdString(why.framework));
    }
    return QString::fromStdString(fallback);
}

QString CoreText::spillReason(const std::string& reason) {
    using M = QRegularExpressionMatch;
    static const std::vector<Shape> shapes = {
        {exact("global batch (\\d+) is not divisible by (\\d+) data-parallel GPUs"),
         [](const M& m) {
             return tr("global batch %1 is not divisible by %2 data-parallel GPUs")
                 .arg(m.captured(1), m.captured(2));
         }},
        {exact("model states need ([0-9.]+) GiB of host memory, the node has ([0-9.]+) GiB"),
         [](const M& m) {
             return tr("model states need %1 GiB of host memory, the node has %2 GiB")
                 .arg(m.captured(1), m.captured(2));
         }},
        {exact("even with micro-batch (\\d+) one GPU needs ([0-9.]+) GiB \\(3 layer buffers ([0-9.]+) "
               "GiB\\), budget "
               "([0-9.]+) GiB"),
         [](const M& m) {
             return tr("even with micro-batch %1 one GPU needs %2 GiB (3 layer buffers %3 GiB), budget %4 "
                       "GiB")
                 .arg(m.captured(1), m.captured(2), m.captured(3), m.captured(4));
         }},
        {exact("model states \\+ spilled checkpoints need ([0-9.]+) GiB of host memory, the node has "
               "([0-9.]+) GiB"),
         [](const M& m) {
             return tr("model states + spilled checkpoints need %1 GiB of host memory, the node has %2 GiB")
                 .arg(m.captured(1), m.captured(2));
         }},
        {exact("no micro-batch size fits"), [](const M&) { return tr("no micro-batch size fits"); }},
    };
    return translateShapes(shapes, QString::fromStdString(reason));
}

QString CoreText::jobInfeasible(const JobInfeasible& why) {
    if (why.gpus <= 0)
        return tr("no feasible plan on any allowed GPU count");
    QString part = why.search.kind != Infeasibility::Kind::None ? infeasible(why.search, {})
                   : why.other == "no plan fits"                ? tr("no plan fits")
                                                                : QString::fromStdString(why.other);
    if (!why.spill.empty())
        part = tr("%1; spilling: %2").arg(part, spillReason(why.spill));
    return tr("no feasible plan on any allowed GPU count (on %1 GPUs: %2)").arg(why.gpus).arg(part);
}

QString CoreText::scheduleStatus(const std::string& status) {
    if (status == "optimal")
        return tr("optimal");
    if (status == "optimal (meets lower bound)")
        return tr("optimal (meets lower bound)");
    if (status == "heuristic")
        return tr("heuristic");
    if (status == "no feasible job")
        return tr("no feasible job");
    if (status == "optimal within 0.01% (no schedule shorter than the heuristic's)")
        return tr("optimal within 0.01% (no schedule shorter than the heuristic's)");
    if (status == "the heuristic's schedule is optimal for the restricted model")
        return tr("the heuristic's schedule is optimal for the restricted model");
    if (status == "optimal for the restricted model")
        return tr("optimal for the restricted model");
    if (status == "time limit")
        return tr("time limit");
    if (status == "not available (built without COIN-OR CBC)")
        return tr("not available (built without COIN-OR CBC)");
    return QString::fromStdString(status); // e.g. "stopped (status 3)"
}

} // namespace gx::app
