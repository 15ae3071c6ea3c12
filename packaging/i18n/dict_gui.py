# SPDX-License-Identifier: Apache-2.0
# Translations for the explorer's views (issue 14): source text -> (German, Simplified Chinese).
T = {
    "Best plan": ("Bester Plan", "最佳方案"),
    "Time limit": ("Zeitlimit", "时间上限"),
    " s": (" s", " 秒"),
    "After this many seconds the per-layer search stops and shows the best plans found so far, marked as not proven optimal":
        ("Nach so vielen Sekunden hält die schichtweise Suche an und zeigt die bisher besten Pläne, als nicht bewiesen optimal markiert",
         "经过这么多秒后，逐层搜索停止并显示目前找到的最佳方案，并标注为未证明最优"),
    "the per-layer search reached the time limit (%1 s): plans below are the best found so far, not proven optimal":
        ("die schichtweise Suche hat das Zeitlimit erreicht (%1 s): die Pläne sind die bisher besten, nicht bewiesen optimal",
         "逐层搜索已达到时间上限（%1 秒）：以下方案是目前找到的最佳方案，未证明最优"),
    "mixture of experts": ("Mixture of Experts", "混合专家"),
    "Routed experts in place of the dense FFN (the FFN size is one expert's)":
        ("Geroutete Experten statt des dichten FFN (die FFN-Größe ist die eines Experten)", "以路由专家替代稠密 FFN（FFN 大小为单个专家的大小）"),
    "none": ("keine", "无"),
    "dropless": ("ohne Verwerfen", "不丢弃"),
    "Routed experts": ("Geroutete Experten", "路由专家"),
    "Experts per token (top-k)": ("Experten pro Token (Top-k)", "每个 token 的专家数（top-k）"),
    "Shared experts": ("Geteilte Experten", "共享专家"),
    "Shared expert FFN size": ("FFN-Größe geteilter Experten", "共享专家 FFN 大小"),
    "Capacity factor": ("Kapazitätsfaktor", "容量因子"),
    "multi-latent attention": ("Multi-Latent-Attention", "多头潜在注意力"),
    "DeepSeek-V2/V3 attention: low-rank compressed keys and values":
        ("Attention von DeepSeek-V2/V3: niedrigrangig komprimierte Keys und Values", "DeepSeek-V2/V3 注意力：低秩压缩的键和值"),
    "full rank": ("voller Rang", "满秩"),
    "Query rank": ("Query-Rang", "查询秩"),
    "Key/value rank": ("Key/Value-Rang", "键/值秩"),
    "Query/key head size without rotary": ("Query/Key-Kopfgröße ohne Rotary", "不含旋转部分的查询/键头大小"),
    "Rotary head size": ("Rotary-Kopfgröße", "旋转头大小"),
    "Value head size": ("Value-Kopfgröße", "值头大小"),
    "%1 layers, %2 B parameters, %3 B active per token (%4)":
        ("%1 Schichten, %2 Mrd. Parameter, %3 Mrd. aktiv pro Token (%4)", "%1 层，%2 B 参数，每个 token 激活 %3 B（%4）"),
    "Max CP / EP": ("Max. CP / EP", "最大 CP / EP"),
    "Largest context-parallel degree; searched for sequences of at least %1 tokens":
        ("Größter kontextparalleler Grad; gesucht für Sequenzen ab %1 Tokens", "最大上下文并行度；仅对至少 %1 个 token 的序列搜索"),
    "Largest expert-parallel degree (mixture-of-experts layers)":
        ("Größter expertenparalleler Grad (Mixture-of-Experts-Schichten)", "最大专家并行度（混合专家层）"),
    " (+%n layer(s) differ)": ([" (+%n Schicht weicht ab)", " (+%n Schichten weichen ab)"], [" (+%n 层不同)"]),
    "(custom cluster)": ("(eigener Cluster)", "（自定义集群）"),
    "(custom model)": ("(eigenes Modell)", "（自定义模型）"),
    "Elapsed %1, finishing": ("Vergangen %1, wird abgeschlossen", "已用 %1，即将完成"),
    "Elapsed %1, less than a second left": ("Vergangen %1, weniger als eine Sekunde übrig", "已用 %1，剩余不到一秒"),
    "Sequence length set to %1 tokens, the length the plan was searched for (the model had %2).": (
        "Sequenzlänge auf %1 Token gesetzt, die Länge, für die der Plan gesucht wurde (das Modell hatte %2).",
        "序列长度已设为 %1 个 token，即该方案搜索时的长度（模型原为 %2）。"),
    "Open this plan JSON at start (the model is trained at the sequence length the plan was searched for; --screenshot then shows it instead of searching).": (
        "Diesen Plan (JSON) beim Start öffnen (das Modell wird mit der Sequenzlänge trainiert, für die der Plan gesucht wurde; --screenshot zeigt ihn dann, statt zu suchen).",
        "启动时打开此方案 JSON（模型按该方案搜索时的序列长度训练；此时 --screenshot 显示该方案而不进行搜索）。"),
    "Sequence length set to %1 for training (the config's context window is %2; change it above if you train longer sequences).": (
        "Sequenzlänge für das Training auf %1 gesetzt (das Kontextfenster der Konfiguration ist %2; ändern Sie sie oben, wenn Sie längere Sequenzen trainieren).",
        "训练序列长度设为 %1（配置的上下文窗口为 %2；如训练更长的序列，请在上方修改）。"),
}
T.update({
    " (+%1 layers differ)": (" (+%1 Schichten abweichend)", "（另有 %1 层不同）"),
    " (+1 layer differs)": (" (+1 Schicht abweichend)", "（另有 1 层不同）"),
    "\non the best plan's path": ("\nauf dem Pfad des besten Plans", "\n位于最佳方案的路径上"),
    "%1\ndimension: %2, %3": ("%1\nDimension: %2, %3", "%1\n维度：%2，%3"),
    "\nconfigurations cut by the bound: %1 (lower bound %2/sample > incumbent %3/sample)": (
        "\ndurch die Schranke abgeschnittene Konfigurationen: %1 (untere Schranke %2/Sample > bisher bester %3/Sample)",
        "\n被界限剪去的配置：%1（下界 %2/样本 > 当前最优 %3/样本）"),
    "\nbest of pp=%1: %2 per iteration, %3": ("\nbester Wert für pp=%1: %2 pro Iteration, %3", "\npp=%1 的最优：每次迭代 %2，%3"),
    "being solved": ("wird gelöst", "正在求解"),
    "best %1/sample": ("bester Wert %1/Sample", "最优 %1/样本"),
    "cut by the bound": ("durch Schranke abgeschnitten", "被界限剪去"),
    "cut: bound %1/sample": ("abgeschnitten: Schranke %1/Sample", "已剪去：界限 %1/样本"),
    "no plan fits": ("kein Plan passt", "无可行方案"),
    "pruned by a rule": ("durch Regel beschnitten", "被规则剪枝"),
    "queued": ("wartend", "排队中"),
    "solved": ("gelöst", "已求解"),
    "Best so far: %1, %2: %3": ("Bisher am besten: %1, %2: %3", "目前最优：%1，%2：%3"),
    " &mdash; on the best plan's path": (" &mdash; auf dem Pfad des besten Plans", " &mdash; 位于最佳方案的路径上"),
    "<p><b>State:</b> <span style='background:%1'>&nbsp;%2&nbsp;</span>%3</p>": (
        "<p><b>Zustand:</b> <span style='background:%1'>&nbsp;%2&nbsp;</span>%3</p>",
        "<p><b>状态：</b> <span style='background:%1'>&nbsp;%2&nbsp;</span>%3</p>"),
    "Click a node to see its state, the DP configurations of its pipeline degree and its strategy's costs. Grey dashed nodes were pruned; hover them for the rule and the reason.": (
        "Klicken Sie auf einen Knoten, um seinen Zustand, die DP-Konfigurationen seines Pipeline-Grads und die Kosten seiner Strategie zu sehen. Grau gestrichelte Knoten wurden beschnitten; zeigen Sie darauf für Regel und Grund.",
        "点击节点可查看其状态、其流水线并行度的 DP 配置以及其策略的开销。灰色虚线节点已被剪枝；悬停可查看规则和原因。"),
    "%1, %2": ("%1, %2", "%1，%2"),
    "; matches: %1": ("; Treffer: %1", "；匹配：%1"),
    "; DP: %1 solved, %2 cut, %3 running": ("; DP: %1 gelöst, %2 abgeschnitten, %3 laufend", "；DP：已求解 %1，已剪去 %2，运行中 %3"),
    "<p><b>DP configurations for pp=%1:</b> %2 solved (%3 fit), %4 cut by the bound, %5 running</p>": (
        "<p><b>DP-Konfigurationen für pp=%1:</b> %2 gelöst (%3 passen), %4 durch die Schranke abgeschnitten, %5 laufend</p>",
        "<p><b>pp=%1 的 DP 配置：</b>已求解 %2（%3 个可行），被界限剪去 %4，运行中 %5</p>"),
    "<table cellspacing=4><tr><th align=left>schedule</th><th>batch</th><th>micro</th><th align=right>result</th></tr>": (
        "<table cellspacing=4><tr><th align=left>Ablauf</th><th>Batch</th><th>Micro</th><th align=right>Ergebnis</th></tr>",
        "<table cellspacing=4><tr><th align=left>调度</th><th>批大小</th><th>微批</th><th align=right>结果</th></tr>"),
    "<tr><td colspan=4>... %1 more</td></tr>": ("<tr><td colspan=4>... %1 weitere</td></tr>", "<tr><td colspan=4>……另有 %1 项</td></tr>"),
    "Find a strategy, e.g. tp4-sp": ("Strategie suchen, z. B. tp4-sp", "查找策略，例如 tp4-sp"),
    "Fit the whole tree (F, Home)": ("Ganzen Baum einpassen (F, Pos1)", "适配整棵树（F、Home）"),
    "Highlights the nodes whose label or strategy contains the text; Enter goes to the next match (Ctrl+F)": (
        "Hebt die Knoten hervor, deren Beschriftung oder Strategie den Text enthält; Eingabe springt zum nächsten Treffer (Strg+F)",
        "高亮标签或策略包含该文本的节点；回车跳到下一个匹配（Ctrl+F）"),
    "Zoom in (Ctrl++, +, mouse wheel); pan with the arrow keys or by dragging": (
        "Vergrößern (Strg++, +, Mausrad); verschieben mit den Pfeiltasten oder durch Ziehen",
        "放大（Ctrl++、+、鼠标滚轮）；用方向键或拖动平移"),
    "Zoom out (Ctrl+-, -, mouse wheel)": ("Verkleinern (Strg+-, -, Mausrad)", "缩小（Ctrl+-、-、鼠标滚轮）"),
    "best plan so far": ("bisher bester Plan", "目前最佳方案"),
    "cut: &ge; %1/sample &gt; incumbent %2/sample": ("abgeschnitten: &ge; %1/Sample &gt; bisher bester %2/Sample", "已剪去：&ge; %1/样本 &gt; 当前最优 %2/样本"),
})
T.update({
    "cut: &ge; %1 &gt; %2 per sample": ("abgeschnitten: &ge; %1 &gt; %2 pro Sample", "已剪去：&ge; %1 &gt; %2 每样本"),
})
T.update({
    "&Notation": ("&Notation", "记号说明(&N)"),
    "Notation": ("Notation", "记号说明"),
    "<h3>Plan notation</h3><p>A plan reads like <code>pp2 1f1b, tp2-sp dp4 ZeRO-1 sel-ckpt, batch 256 = 16 x 16</code>:</p>": (
        "<h3>Plan-Notation</h3><p>Ein Plan liest sich wie <code>pp2 1f1b, tp2-sp dp4 ZeRO-1 sel-ckpt, Batch 256 = 16 x 16</code>:</p>",
        "<h3>方案记号</h3><p>方案的写法如 <code>pp2 1f1b, tp2-sp dp4 ZeRO-1 sel-ckpt, batch 256 = 16 x 16</code>：</p>"),
    "<table cellspacing=3><tr><td><code>pp2</code></td><td>pipeline parallelism: the layers are split into 2 stages</td></tr><tr><td><code>1f1b</code>, <code>gpipe</code>, <code>interleaved v=4</code></td><td>pipeline schedule: one-forward-one-backward, all forwards then all backwards, or 4 model chunks per stage (Narayanan et al. 2021)</td></tr><tr><td><code>tp2</code></td><td>tensor parallelism: each layer's matrices split over 2 GPUs (Megatron-LM)</td></tr><tr><td><code>-sp</code></td><td>with sequence parallelism: norms and dropout split along the sequence over the same GPUs (Korthikanti et al. 2022)</td></tr><tr><td><code>dp4</code></td><td>data parallelism: 4 replicas of the stage</td></tr><tr><td><code>ZeRO-1/2/3</code></td><td>the replicas shard optimizer states (1), + gradients (2), + weights (3) (Rajbhandari et al. 2020); none = DDP</td></tr><tr><td><code>dp-first</code></td><td>data-parallel ranks adjacent (TP spans nodes)</td></tr><tr><td><code>ckpt</code>, <code>sel-ckpt</code></td><td>full activation checkpointing (recompute the layer) or selective (recompute the attention core only)</td></tr><tr><td><code>batch 256 = 16 x 16</code></td><td>global batch of 256 samples = 16 micro-batches x 16 samples each</td></tr><tr><td><code>(+5 layers differ)</code></td><td>most layers use the strategy shown; 5 use another (see the Plan table)</td></tr></table>": (
        "<table cellspacing=3><tr><td><code>pp2</code></td><td>Pipeline-Parallelität: die Schichten werden auf 2 Stufen aufgeteilt</td></tr><tr><td><code>1f1b</code>, <code>gpipe</code>, <code>interleaved v=4</code></td><td>Pipeline-Ablauf: abwechselnd ein Vorwärts- und ein Rückwärtsschritt, alle Vorwärts- dann alle Rückwärtsschritte, oder 4 Modellteile pro Stufe (Narayanan et al. 2021)</td></tr><tr><td><code>tp2</code></td><td>Tensor-Parallelität: die Matrizen jeder Schicht auf 2 GPUs aufgeteilt (Megatron-LM)</td></tr><tr><td><code>-sp</code></td><td>mit Sequenzparallelität: Normierungen und Dropout entlang der Sequenz auf dieselben GPUs aufgeteilt (Korthikanti et al. 2022)</td></tr><tr><td><code>dp4</code></td><td>Datenparallelität: 4 Replikate der Stufe</td></tr><tr><td><code>ZeRO-1/2/3</code></td><td>die Replikate teilen Optimiererzustände (1), + Gradienten (2), + Gewichte (3) auf (Rajbhandari et al. 2020); keines = DDP</td></tr><tr><td><code>dp-first</code></td><td>datenparallele Ränge benachbart (TP über Knoten hinweg)</td></tr><tr><td><code>ckpt</code>, <code>sel-ckpt</code></td><td>volles Aktivierungs-Checkpointing (Schicht neu berechnen) oder selektives (nur den Attention-Kern neu berechnen)</td></tr><tr><td><code>batch 256 = 16 x 16</code></td><td>globaler Batch von 256 Samples = 16 Micro-Batches x 16 Samples</td></tr><tr><td><code>(+5 layers differ)</code></td><td>die meisten Schichten nutzen die gezeigte Strategie; 5 eine andere (siehe Plan-Tabelle)</td></tr></table>",
        "<table cellspacing=3><tr><td><code>pp2</code></td><td>流水线并行：各层被分成 2 个阶段</td></tr><tr><td><code>1f1b</code>, <code>gpipe</code>, <code>interleaved v=4</code></td><td>流水线调度：前向与反向交替、先全部前向再全部反向，或每阶段 4 个模型块（Narayanan 等, 2021）</td></tr><tr><td><code>tp2</code></td><td>张量并行：每层的矩阵切分到 2 个 GPU（Megatron-LM）</td></tr><tr><td><code>-sp</code></td><td>启用序列并行：归一化和 dropout 沿序列切分到同一组 GPU（Korthikanti 等, 2022）</td></tr><tr><td><code>dp4</code></td><td>数据并行：该阶段的 4 个副本</td></tr><tr><td><code>ZeRO-1/2/3</code></td><td>副本切分优化器状态 (1)、+ 梯度 (2)、+ 权重 (3)（Rajbhandari 等, 2020）；无 = DDP</td></tr><tr><td><code>dp-first</code></td><td>数据并行 rank 相邻（TP 跨节点）</td></tr><tr><td><code>ckpt</code>, <code>sel-ckpt</code></td><td>完整激活检查点（重算整层）或选择性检查点（仅重算注意力核心）</td></tr><tr><td><code>batch 256 = 16 x 16</code></td><td>全局批大小 256 = 16 个微批 x 每个 16 个样本</td></tr><tr><td><code>(+5 layers differ)</code></td><td>大多数层使用所示策略；另有 5 层不同（见方案表）</td></tr></table>"),
    "<p>MFU (model FLOPs utilisation) = the model's training FLOPs per iteration (3 x forward, without recomputation) / (iteration time x GPUs x peak FLOP/s). By convention the model FLOPs count attention scores over the whole sequence, while causal FlashAttention kernels compute only half of them; with long sequences MFU can therefore read above the cluster's GEMM efficiency.</p><p>Memory: the planner keeps each GPU's peak below the budget (GPU memory minus the reserve). Plans within a few percent of the budget leave little room for allocator fragmentation: set a budget or reserve in Search settings, or pick a Frontier point with less memory.</p>": (
        "<p>MFU (Modell-FLOPs-Auslastung) = Trainings-FLOPs des Modells pro Iteration (3 x Vorwärts, ohne Neuberechnung) / (Iterationszeit x GPUs x Spitzen-FLOP/s). Üblicherweise zählen die Modell-FLOPs die Attention-Scores über die ganze Sequenz, während kausale FlashAttention-Kernels nur die Hälfte berechnen; bei langen Sequenzen kann die MFU daher über der GEMM-Effizienz des Clusters liegen.</p><p>Speicher: der Planer hält die Spitze jeder GPU unter dem Budget (GPU-Speicher minus Reserve). Pläne wenige Prozent unter dem Budget lassen wenig Raum für Fragmentierung des Allokators: setzen Sie in den Sucheinstellungen ein Budget oder eine Reserve, oder wählen Sie einen Pareto-Punkt mit weniger Speicher.</p>",
        "<p>MFU（模型 FLOPs 利用率）= 每次迭代的模型训练 FLOPs（3 x 前向，不含重算）/（迭代时间 x GPU 数 x 峰值 FLOP/s）。按惯例，模型 FLOPs 按整个序列计算注意力分数，而因果 FlashAttention 内核只计算其中一半；因此序列较长时 MFU 可能高于集群的 GEMM 效率。</p><p>显存：规划器使每个 GPU 的峰值低于预算（GPU 显存减去预留）。距预算仅几个百分点的方案几乎没有为分配器碎片留出余地：可在搜索设置中设置预算或预留，或选择显存更少的帕累托点。</p>"),
})
T.update({
    "The best plan uses %1% of the memory budget: little room for allocator fragmentation.": (
        "Der beste Plan nutzt %1% des Speicherbudgets: wenig Raum für Fragmentierung des Allokators.",
        "最佳方案占用显存预算的 %1%：几乎没有为分配器碎片留出余地。"),
    "With 5% headroom: %1, %2 (%3 slower per sample) &mdash; pick it on the Frontier tab.": (
        "Mit 5% Reserve: %1, %2 (%3 langsamer pro Sample) &mdash; wählen Sie ihn im Tab Pareto-Front.",
        "保留 5% 余量：%1，%2（每样本慢 %3）&mdash; 可在帕累托前沿页选择。"),
})
T.update({
    "Tokens / s (thousands)": ("Tokens / s (Tausend)", "每秒 token 数（千）"),
})
T.update({
    "light: forward, dark: backward": ("hell: vorwärts, dunkel: rückwärts", "浅色：前向，深色：反向"),
    "model chunk %1": ("Modellteil %1", "模型块 %1"),
})
T.update({
    "the last model (%1) did not load: %2": ("das zuletzt verwendete Modell (%1) ließ sich nicht laden: %2",
                                              "上次的模型（%1）无法加载：%2"),
    "the last cluster (%1) did not load: %2": ("der zuletzt verwendete Cluster (%1) ließ sich nicht laden: %2",
                                                "上次的集群（%1）无法加载：%2"),
    "Started with the default profiles: %1.": ("Mit den Standardprofilen gestartet: %1.", "已使用默认配置启动：%1。"),
    "%1 (earlier search)": ("%1 (frühere Suche)", "%1（先前的搜索）"),
    "%1. no longer fits the inputs: %2": ("%1. passt nicht mehr zu den Eingaben: %2", "%1. 已不适用于当前输入：%2"),
    "Inputs changed since the search: its plans are shown re-costed with them; run the search again (Ctrl+R).":
        ("Eingaben seit der Suche geändert: ihre Pläne werden mit ihnen neu bewertet angezeigt; starten Sie die Suche erneut (Strg+R).",
         "搜索后输入已更改：其方案按当前输入重新计算后显示；请重新运行搜索（Ctrl+R）。"),
    "1 measured run (%1)": ("1 gemessener Lauf (%1)", "1 次实测运行（%1）"),
    "%1 measured runs (%2)": ("%1 gemessene Läufe (%2)", "%1 次实测运行（%2）"),
    ": median |error| %1% -> %2%": (": Median |Fehler| %1\u00a0% -> %2\u00a0%", "：中位 |误差| %1% -> %2%"),
    "Edited by hand since it was loaded": ("Seit dem Laden von Hand geändert", "加载后已手动修改"),
    "CP exchange": ("CP-Austausch", "CP 交换"),
    "EP all-to-all": ("EP-All-to-All", "EP all-to-all"),
    "Exposed CP exchange": ("Sichtbarer CP-Austausch", "未被掩盖的 CP 交换"),
    "Exposed EP all-to-all": ("Sichtbares EP-All-to-All", "未被掩盖的 EP all-to-all"),
    "context-parallel exchange": ("Kontextparalleler Austausch", "上下文并行交换"),
    "expert all-to-alls": ("Experten-All-to-Alls", "专家 all-to-all"),
    "Caution: torchtitan's 1F1B pipeline runs measured %1-%2 GiB more peak memory per GPU than this model predicts (%3 published runs; its interleaved run agrees within 1.2%; cause not identified): keep that much memory free, or use the interleaved schedule.":
        ("Vorsicht: Die 1F1B-Pipeline-Läufe von torchtitan haben %1-%2 GiB mehr Spitzenspeicher pro GPU gemessen, als dieses Modell vorhersagt (%3 veröffentlichte Läufe; sein verschachtelter Lauf stimmt auf 1,2 % überein; Ursache nicht geklärt): halten Sie so viel Speicher frei oder verwenden Sie den verschachtelten Zeitplan.",
         "注意：torchtitan 的 1F1B 流水线运行实测的每 GPU 峰值显存比本模型预测多 %1-%2 GiB（%3 次公开运行；其交错调度运行的误差在 1.2% 以内；原因未明）：请预留这么多显存，或改用交错调度。"),
    "Runtime set to %1, the runtime the plan was searched with (it was %2).":
        ("Laufzeitumgebung auf %1 gesetzt, mit der der Plan gesucht wurde (vorher %2).",
         "运行时已设为 %1，即搜索该方案时所用的运行时（原为 %2）。"),
    "The plan was searched with the runtime %1, which is not a preset: it is costed with %2.":
        ("Der Plan wurde mit der Laufzeitumgebung %1 gesucht, die keine Vorlage ist: er wird mit %2 bewertet.",
         "该方案是用运行时 %1 搜索的，它不是预设：现按 %2 计算其代价。"),
})
