# SPDX-License-Identifier: Apache-2.0
# Translations of core's English decision-tree labels, pruning-rule descriptions and pruning reasons,
# translated at display time by app/core_text.cpp (core stays Qt-free).
T = {
    "sequence of %1 tokens is below %2": ("Sequenz von %1 Tokens liegt unter %2", "序列 %1 个 token，低于 %2"),
    "%1 tokens per rank (< 1024)": ("%1 Tokens pro Rang (< 1024)", "每个 rank %1 个 token（< 1024）"),
    "seq_len %1 does not split into %2 chunks": ("seq_len %1 lässt sich nicht in %2 Stücke teilen", "seq_len %1 无法切分为 %2 块"),
    "seq_len %1 is not divisible by cp=%2": ("seq_len %1 ist nicht durch cp=%2 teilbar", "seq_len %1 不能被 cp=%2 整除"),
    "all-to-all: cp=%1 does not divide the %2 heads per TP rank":
        ("All-to-All: cp=%1 teilt die %2 Köpfe pro TP-Rang nicht", "all-to-all：cp=%1 不能整除每个 TP rank 的 %2 个头"),
    "all-to-all: cp=%1 neither divides nor is a multiple of the %2 KV heads per TP rank":
        ("All-to-All: cp=%1 ist weder Teiler noch Vielfaches der %2 KV-Köpfe pro TP-Rang",
         "all-to-all：cp=%1 既不能整除也不是每个 TP rank 的 %2 个 KV 头的倍数"),
    "context parallelism is modelled for self-attention layers only":
        ("Kontextparallelität ist nur für Self-Attention-Schichten modelliert", "上下文并行仅对自注意力层建模"),
    "the runtime's eager attention cannot split the sequence":
        ("die Eager-Attention der Laufzeitumgebung kann die Sequenz nicht teilen", "运行时的 eager 注意力无法切分序列"),
    "%1 has no context parallelism": ("%1 hat keine Kontextparallelität", "%1 不支持上下文并行"),
    "%1 context parallelism is not allowed": ("%1-Kontextparallelität ist nicht erlaubt", "不允许 %1 上下文并行"),
    "ep=%1 does not divide the %2 routed experts": ("ep=%1 teilt die %2 gerouteten Experten nicht", "ep=%1 不能整除 %2 个路由专家"),
    "%1 runs all-to-all (Ulysses) only (no ring)": ("%1 kennt nur All-to-All (Ulysses), keinen Ring", "%1 仅支持 all-to-all（Ulysses），不支持环形"),
    "%1 runs all-to-all in place of tensor parallelism (tp=1 only)": ("%1 führt All-to-All anstelle von Tensorparallelität aus (nur tp=1)", "%1 以 all-to-all 代替张量并行（仅 tp=1）"),
    "%1 is not told to combine context parallelism with tensor parallelism": ("%1 wird nicht angewiesen, Kontext- mit Tensorparallelität zu kombinieren", "导出不会让 %1 将上下文并行与张量并行组合"),
    "%1 is not told to combine context parallelism with pipeline parallelism": ("%1 wird nicht angewiesen, Kontext- mit Pipeline-Parallelität zu kombinieren", "导出不会让 %1 将上下文并行与流水线并行组合"),
    "%1 runs ring attention only (no all-to-all)": ("%1 kennt nur Ring-Attention (kein All-to-All)", "%1 仅支持环形注意力（无 all-to-all）"),
    "%1 cannot run %2 with context parallelism": ("%1 kann %2 nicht mit Kontextparallelität ausführen", "%1 无法在上下文并行下运行 %2"),
    "%1 has no expert parallelism": ("%1 hat keine Expertenparallelität", "%1 不支持专家并行"),
    "%1 places expert-parallel ranks outermost: ep is 1 or dp x cp = %2":
        ("%1 ordnet expertenparallele Ränge ganz außen an: ep ist 1 oder dp x cp = %2",
         "%1 将专家并行 rank 放在最外层：ep 为 1 或 dp x cp = %2"),
    "context parallelism only for sequences of at least cp_min_seq tokens (default 8192: NeMo's Llama 3 8B recipe uses cp=2 at 8K), keeping at least 1024 tokens per rank":
        ("Kontextparallelität nur für Sequenzen ab cp_min_seq Tokens (Standard 8192: NeMos Llama-3-8B-Rezept nutzt cp=2 bei 8K), mit mindestens 1024 Tokens pro Rang",
         "仅对至少 cp_min_seq 个 token 的序列使用上下文并行（默认 8192：NeMo 的 Llama 3 8B 配方在 8K 时使用 cp=2），每个 rank 至少保留 1024 个 token"),
    "context parallelism needs fused self-attention and a sequence that splits into 2 x cp chunks (ring, load-balanced causal split) or cp chunks with heads and KV heads per TP rank split over cp (all-to-all)":
        ("Kontextparallelität braucht fusionierte Self-Attention und eine Sequenz, die sich in 2 x cp Stücke (Ring, lastverteilte kausale Teilung) oder in cp Stücke mit über cp teilbaren Köpfen und KV-Köpfen pro TP-Rang (All-to-All) teilen lässt",
         "上下文并行需要融合自注意力，且序列可切分为 2 x cp 块（环形，负载均衡的因果切分），或切分为 cp 块且每个 TP rank 的头与 KV 头可按 cp 切分（all-to-all）"),
    "the target framework has no context parallelism (or not this exchange)":
        ("das Ziel-Framework hat keine Kontextparallelität (oder nicht diesen Austausch)", "目标框架不支持上下文并行（或不支持这种交换方式）"),
    "expert parallelism: mixture-of-experts layers only, ep divides the routed experts and dp x cp":
        ("Expertenparallelität: nur Mixture-of-Experts-Schichten, ep teilt die gerouteten Experten und dp x cp",
         "专家并行：仅用于混合专家层，ep 整除路由专家数和 dp x cp"),
    "the target framework has no expert parallelism, or not in this layout (DeepSpeed: without pipeline parallelism; torchtitan: ep > 1 only with tp = 1 and FSDP-sharded data parallelism; Hetu-Galvatron: ep 1 or dp x cp)":
        ("das Ziel-Framework hat keine Expertenparallelität oder nicht in dieser Anordnung (DeepSpeed: ohne Pipeline-Parallelität; torchtitan: ep > 1 nur mit tp = 1 und FSDP-geteilter Datenparallelität; Hetu-Galvatron: ep 1 oder dp x cp)",
         "目标框架不支持专家并行，或不支持这种布局（DeepSpeed：不能与流水线并行同时使用；torchtitan：ep > 1 时只能 tp = 1 且使用 FSDP 分片的数据并行；Hetu-Galvatron：ep 为 1 或 dp x cp）"),
    "%1 keeps experts whole on their expert-parallel rank (no expert tensor parallelism with ep > 1)":
        ("%1 hält jeden Experten ganz auf seinem expertenparallelen Rang (keine Experten-Tensorparallelität bei ep > 1)",
         "%1 将每个专家完整地放在其专家并行 rank 上（ep > 1 时没有专家张量并行）"),
    "%1 takes expert-parallel ranks from FSDP-sharded ranks only":
        ("%1 nimmt expertenparallele Ränge nur aus FSDP-geteilten Rängen", "%1 只从 FSDP 分片的 rank 中选取专家并行 rank"),
    "sp on": ("sp an", "sp 开"),
    "sp off": ("sp aus", "sp 关"),
    "TP ranks adjacent": ("TP-Ränge benachbart", "TP 进程相邻"),
    "DP ranks adjacent": ("DP-Ränge benachbart", "DP 进程相邻"),
    "ckpt none": ("ckpt keines", "ckpt 无"),
    "ckpt selective": ("ckpt selektiv", "ckpt 选择性"),
    "ckpt full": ("ckpt voll", "ckpt 完全"),
    "%1 layer on %2 GPUs": ("%1-Schicht auf %2 GPUs", "%1 层，%2 个 GPU"),
    "pp=%1 (%2 GPUs/stage)": ("pp=%1 (%2 GPUs/Stufe)", "pp=%1（每级 %2 个 GPU）"),
    "user constraints: fixed/max degrees, allowed ZeRO stages, SP and checkpointing":
        ("Vorgaben des Benutzers: feste/maximale Grade, erlaubte ZeRO-Stufen, SP und Checkpointing",
         "用户约束：固定/最大并行度、允许的 ZeRO 阶段、SP 与重计算"),
    "parallel degrees are powers of two (switch off for any divisor)":
        ("Parallelitätsgrade sind Zweierpotenzen (ausschalten für beliebige Teiler)",
         "并行度为 2 的幂（关闭后允许任意因数）"),
    "every pipeline stage (model chunk) needs at least one layer":
        ("jede Pipeline-Stufe (jeder Modellteil) braucht mindestens eine Schicht",
         "每个流水线级（模型块）至少需要一层"),
    "the tensor degree divides the attention (and KV) heads":
        ("der Tensorgrad teilt die Attention-(und KV-)Köpfe", "张量并行度能整除注意力（及 KV）头数"),
    "a tensor-parallel group does not cross node boundaries":
        ("eine tensorparallele Gruppe überschreitet keine Knotengrenzen", "张量并行组不跨越节点边界"),
    "sequence parallelism changes nothing without tensor parallelism":
        ("Sequenzparallelität ändert ohne Tensor-Parallelität nichts", "没有张量并行时序列并行不起作用"),
    "ZeRO stages change nothing without data parallelism":
        ("ZeRO-Stufen ändern ohne Datenparallelität nichts", "没有数据并行时 ZeRO 阶段不起作用"),
    "rank order (TP or DP adjacent) only matters when tp > 1 and dp > 1":
        ("die Rangfolge (TP oder DP benachbart) zählt nur bei tp > 1 und dp > 1",
         "进程顺序（TP 或 DP 相邻）仅在 tp > 1 且 dp > 1 时有影响"),
    "the micro-batch splits evenly over the data-parallel degree":
        ("der Micro-Batch teilt sich gleichmäßig auf den Datenparallelitätsgrad auf",
         "微批次能被数据并行度均分"),
    "model states and activations alone exceed the memory budget":
        ("schon Modellzustände und Aktivierungen überschreiten das Speicherbudget",
         "仅模型状态与激活就超出内存预算"),
    "another candidate is no slower and no larger in every cost term (incl. switch costs)":
        ("ein anderer Kandidat ist in jedem Kostenterm (inkl. Wechselkosten) nicht langsamer und nicht größer",
         "另一候选在每个代价项（含切换代价）上都不更慢也不更大"),
    "GPipe holds at least as many micro-batches as 1F1B at the same time cost":
        ("GPipe hält bei gleichen Zeitkosten mindestens so viele Micro-Batches wie 1F1B",
         "在相同时间代价下 GPipe 保留的微批次至少与 1F1B 一样多"),
    "interleaved schedules use equal model chunks (layers divisible by pp * chunks)":
        ("verschränkte Abläufe nutzen gleich große Modellteile (Schichten teilbar durch pp * Teile)",
         "交错调度使用等大的模型块（层数可被 pp * 块数整除）"),
    "a lower bound on the iteration time exceeds the k-th best plan":
        ("eine untere Schranke der Iterationszeit übersteigt den k-besten Plan",
         "迭代时间的下界超过第 k 优方案"),
    "the target framework cannot run this data-parallel type (e.g. DeepSpeed: ZeRO-2/3 with pipeline parallelism; torchtitan: ZeRO-1)":
        ("das Ziel-Framework kann diese Art der Datenparallelität nicht ausführen (z. B. DeepSpeed: ZeRO-2/3 "
         "mit Pipeline-Parallelität; torchtitan: ZeRO-1)",
         "目标框架无法运行这种数据并行类型（例如 DeepSpeed：ZeRO-2/3 与流水线并行；torchtitan：ZeRO-1）"),
    "the target framework cannot run this tensor-parallel degree (DeepSpeed: TP with PP)":
        ("das Ziel-Framework kann diesen Tensor-Parallelitätsgrad nicht ausführen (DeepSpeed: TP mit PP)",
         "目标框架无法运行该张量并行度（DeepSpeed：TP 与 PP 组合）"),
    "the target framework has no Megatron-style sequence parallelism":
        ("das Ziel-Framework hat keine Sequenzparallelität im Stil von Megatron",
         "目标框架没有 Megatron 式的序列并行"),
    "the target framework always places tensor-parallel ranks adjacent":
        ("das Ziel-Framework legt tensorparallele Ränge immer nebeneinander",
         "目标框架总是将张量并行进程相邻放置"),
    "the target framework cannot run this recomputation (selective)":
        ("das Ziel-Framework kann diese Neuberechnung (selektiv) nicht ausführen",
         "目标框架无法运行这种重计算（选择性）"),
    "after the planner: plans the target cannot run exactly as costed (a check: the rules above keep them out of the search)":
        ("nach dem Planer: Pläne, die das Ziel nicht genau wie berechnet ausführen kann (eine Prüfung: die "
         "Regeln oben halten sie aus der Suche heraus)",
         "规划之后：目标无法完全按计算结果运行的方案（仅为检查：上面的规则已将其排除在搜索之外）"),
    "the target framework runs only some pipeline splits (DeepSpeed: partition_uniform; torchtitan: first/last_stage_less_layers)":
        ("das Ziel-Framework führt nur bestimmte Pipeline-Aufteilungen aus (DeepSpeed: partition_uniform; "
         "torchtitan: first/last_stage_less_layers)",
         "目标框架只支持部分流水线划分（DeepSpeed：partition_uniform；torchtitan：first/last_stage_less_layers）"),
    "the target framework shards embedding and LM head as the layers (tensor degree, or none for DeepSpeed, and data-parallel type)":
        ("das Ziel-Framework teilt Embedding und LM-Head wie die Schichten auf (Tensorgrad, bei DeepSpeed "
         "keiner, und Datenparallelitätstyp)",
         "目标框架按各层的方式切分嵌入层和 LM 头（张量并行度，DeepSpeed 为不切分，以及数据并行类型）"),
    "the target framework switches sequence parallelism for all tensor-parallel layers at once (searched once with it on and once off)":
        ("das Ziel-Framework schaltet Sequenzparallelität für alle tensorparallelen Schichten gemeinsam "
         "(einmal mit und einmal ohne gesucht)",
         "目标框架对所有张量并行层统一开关序列并行（分别在开启和关闭时各搜索一次）"),
    "no configuration survives the constraints on %1 GPUs (see the decision tree)":
        ("keine Konfiguration übersteht die Einschränkungen auf %1 GPUs (siehe Entscheidungsbaum)",
         "在 %1 个 GPU 上没有配置能满足这些约束（见决策树）"),
    "%1 needs at least %2 GiB/GPU for model states with the most sharded strategy on %3 GPUs (incl. %4 GiB reserved); the budget is %5 GiB":
        ("%1 braucht mindestens %2 GiB/GPU für die Modellzustände mit der am stärksten geteilten Strategie "
         "auf %3 GPUs (inkl. %4 GiB Reserve); das Budget ist %5 GiB",
         "%1 在 %3 个 GPU 上即使采用切分最多的策略，模型状态也至少需要 %2 GiB/GPU（含预留 %4 GiB）；预算为 %5 GiB"),
    "%1 on %2 GPUs: model states fit (at least %3 GiB/GPU) but no plan fits activations and transient buffers in the budget of %4 GiB; try a smaller batch, checkpointing, or more micro-batches (Search settings: Max micro-batches)":
        ("%1 auf %2 GPUs: die Modellzustände passen (mindestens %3 GiB/GPU), aber kein Plan bringt "
         "Aktivierungen und Zwischenpuffer im Budget von %4 GiB unter; versuchen Sie einen kleineren Batch, "
         "Checkpointing oder mehr Micro-Batches (Sucheinstellungen: Max. Micro-Batches)",
         "%1 在 %2 个 GPU 上：模型状态放得下（至少 %3 GiB/GPU），但没有方案能在 %4 GiB 的预算内放下激活和临时缓冲区；"
         "请尝试更小的批量、激活检查点或更多微批次（搜索设置：最大微批次数）"),
    "no plan that %1 can run fits the memory budget":
        ("kein Plan, den %1 ausführen kann, passt in das Speicherbudget",
         "没有 %1 能运行的方案能放进内存预算"),
    "%1%2 is not a power of two": ("%1%2 ist keine Zweierpotenz", "%1%2 不是 2 的幂"),
    "%1 stages but only %2 layers": ("%1 Stufen, aber nur %2 Schichten", "%1 个流水线级，但只有 %2 层"),
    "%1 is fixed to %2": ("%1 ist auf %2 festgelegt", "%1 固定为 %2"),
    "%1 is limited to %2": ("%1 ist auf %2 begrenzt", "%1 上限为 %2"),
    "tp=%1 does not divide %2 heads / %3 KV heads":
        ("tp=%1 teilt %2 Köpfe / %3 KV-Köpfe nicht", "tp=%1 不能整除 %2 个头 / %3 个 KV 头"),
    "tp=%1 does not divide %2 heads": ("tp=%1 teilt %2 Köpfe nicht", "tp=%1 不能整除 %2 个头"),
    "tp=%1 exceeds the %2 GPUs of a node":
        ("tp=%1 übersteigt die %2 GPUs eines Knotens", "tp=%1 超过单节点的 %2 个 GPU"),
    "%1 does not combine tensor with pipeline parallelism":
        ("%1 kombiniert Tensor- nicht mit Pipeline-Parallelität", "%1 不支持张量并行与流水线并行组合"),
    "%1 has no tensor parallelism": ("%1 hat keine Tensor-Parallelität", "%1 没有张量并行"),
    "%1 keeps every expert whole: no tensor parallelism in mixture-of-experts layers":
        ("%1 hält jeden Experten ganz: keine Tensor-Parallelität in Mixture-of-Experts-Schichten",
         "%1 保持每个专家完整：混合专家层中没有张量并行"),
    "%1 does not run its expert parallelism with pipeline parallelism":
        ("%1 führt seine Experten-Parallelität nicht mit Pipeline-Parallelität aus",
         "%1 不能在流水线并行下运行其专家并行"),
    "%1 cannot run ZeRO-3 in mixture-of-experts layers with context parallelism":
        ("%1 kann ZeRO-3 in Mixture-of-Experts-Schichten nicht mit Kontext-Parallelität ausführen",
         "%1 无法在混合专家层中将 ZeRO-3 与上下文并行一起运行"),

    "tp=1: sequence parallelism is a no-op":
        ("tp=1: Sequenzparallelität bewirkt nichts", "tp=1：序列并行不起作用"),
    "%1 has no Megatron-style sequence parallelism":
        ("%1 hat keine Sequenzparallelität im Stil von Megatron", "%1 没有 Megatron 式的序列并行"),
    "sequence parallelism is switched off": ("Sequenzparallelität ist ausgeschaltet", "序列并行已关闭"),
    "dp=1: nothing to shard": ("dp=1: nichts aufzuteilen", "dp=1：没有可分片的内容"),
    "%1 cannot run %2 with pipeline parallelism":
        ("%1 kann %2 nicht mit Pipeline-Parallelität ausführen", "%1 无法在流水线并行下运行 %2"),
    "%1 cannot run %2": ("%1 kann %2 nicht ausführen", "%1 无法运行 %2"),
    "%1 is not allowed": ("%1 ist nicht erlaubt", "不允许 %1"),
    "%1=1: rank order is irrelevant": ("%1=1: die Rangfolge spielt keine Rolle", "%1=1：进程顺序无关紧要"),
    "%1 places tensor-parallel ranks adjacent":
        ("%1 legt tensorparallele Ränge nebeneinander", "%1 将张量并行进程相邻放置"),
    "%1 recomputes whole layers only": ("%1 berechnet nur ganze Schichten neu", "%1 只能重计算整层"),
    "checkpointing is switched off": ("Checkpointing ist ausgeschaltet", "重计算已关闭"),
    "\n(the rule: %1)": ("\n(die Regel: %1)", "\n（规则：%1）"),
    "<p><i>The rule:</i> %1</p>": ("<p><i>Die Regel:</i> %1</p>", "<p><i>规则：</i>%1</p>"),
}

# Solver status of a multi-model schedule (ScheduleResult::status), shown in the Multi-model tab.
T.update({
    "optimal": ("optimal", "最优"),
    "optimal (meets lower bound)": ("optimal (erreicht die untere Schranke)", "最优（达到下界）"),
    "heuristic": ("heuristisch", "启发式"),
    "no feasible job": ("kein ausführbarer Job", "没有可行的作业"),
    "optimal within 0.01% (no schedule shorter than the heuristic's)":
        ("optimal bis auf 0,01 % (kein Ablauf kürzer als der heuristische)",
         "在 0.01% 内最优（没有比启发式更短的调度）"),
    "the heuristic's schedule is optimal for the restricted model":
        ("der heuristische Ablauf ist für das eingeschränkte Modell optimal", "启发式调度对受限模型是最优的"),
    "optimal for the restricted model": ("optimal für das eingeschränkte Modell", "对受限模型最优"),
    "time limit": ("Zeitlimit", "时间限制"),
    "not available (built without COIN-OR CBC)":
        ("nicht verfügbar (ohne COIN-OR CBC gebaut)", "不可用（构建时未包含 COIN-OR CBC）"),
    # Why a job of a multi-model schedule cannot run (CoreText::jobInfeasible, spillReason).
    "no feasible plan on any allowed GPU count":
        ("kein machbarer Plan bei irgendeiner erlaubten GPU-Anzahl", "在任何允许的 GPU 数量上都没有可行方案"),
    "no feasible plan on any allowed GPU count (on %1 GPUs: %2)":
        ("kein machbarer Plan bei irgendeiner erlaubten GPU-Anzahl (auf %1 GPUs: %2)",
         "在任何允许的 GPU 数量上都没有可行方案（%1 个 GPU 上：%2）"),
    "%1; spilling: %2": ("%1; Auslagern: %2", "%1；溢出到主机内存：%2"),
    "no plan fits": ("kein Plan passt", "没有方案能放下"),
    "global batch %1 is not divisible by %2 data-parallel GPUs":
        ("die globale Batchgröße %1 ist nicht durch %2 datenparallele GPUs teilbar",
         "全局批大小 %1 不能被 %2 个数据并行 GPU 整除"),
    "model states need %1 GiB of host memory, the node has %2 GiB":
        ("die Modellzustände brauchen %1 GiB Hauptspeicher, der Knoten hat %2 GiB",
         "模型状态需要 %1 GiB 主机内存，节点只有 %2 GiB"),
    "even with micro-batch %1 one GPU needs %2 GiB (3 layer buffers %3 GiB), budget %4 GiB":
        ("selbst mit Micro-Batch %1 braucht eine GPU %2 GiB (3 Schichtpuffer %3 GiB), Budget %4 GiB",
         "即使微批大小为 %1，单个 GPU 也需要 %2 GiB（3 个层缓冲区 %3 GiB），预算 %4 GiB"),
    "model states + spilled checkpoints need %1 GiB of host memory, the node has %2 GiB":
        ("Modellzustände + ausgelagerte Checkpoints brauchen %1 GiB Hauptspeicher, der Knoten hat %2 GiB",
         "模型状态加溢出的检查点需要 %1 GiB 主机内存，节点只有 %2 GiB"),
    "no micro-batch size fits": ("keine Micro-Batch-Größe passt", "没有能放下的微批大小"),
    "the uniform search reached the time limit (%1 s): plans below are the best found so far, not proven optimal":
        ("die Suche nach einheitlichen Plänen hat das Zeitlimit erreicht (%1 s): die Pläne sind die bisher besten, nicht bewiesen optimal",
         "统一策略搜索已达到时间上限（%1 秒）：以下方案是目前找到的最佳方案，未证明最优"),
})
