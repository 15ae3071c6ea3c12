# SPDX-License-Identifier: Apache-2.0
# Translations of the runtime profile editor (views/runtime_editor.cpp) and its button in the search
# settings. Source text -> (German, Simplified Chinese).
T = {
    "Compute": ("Rechnen", "计算"),
    "Grouped expert GEMM efficiency": ("Effizienz gruppierter Experten-GEMMs", "分组专家 GEMM 效率"),
    "Mixture-of-experts layers: throughput of the grouped expert GEMMs relative to one dense GEMM of the same size":
        ("Mixture-of-Experts-Schichten: Durchsatz der gruppierten Experten-GEMMs relativ zu einem dichten GEMM gleicher Größe",
         "混合专家层：分组专家 GEMM 相对同等规模稠密 GEMM 的吞吐率"),
    "Runtime profile: %1": ("Laufzeitprofil: %1", "运行时配置：%1"),
    "Identity": ("Identität", "标识"),
    "Recomputation": ("Neuberechnung", "重计算"),
    "Overlap and communication": ("Überlappung und Kommunikation", "重叠与通信"),
    "Fixed overheads": ("Feste Zusatzkosten", "固定开销"),
    "Memory": ("Speicher", "内存"),
    "FP8": ("FP8", "FP8"),
    "Name the plans record as their runtime": ("Name, den Pläne als ihre Laufzeitumgebung speichern", "计划记录的运行时名称"),
    "Framework": ("Framework", "框架"),
    "Training framework the facts describe": ("Trainings-Framework, das die Angaben beschreiben", "这些参数所描述的训练框架"),
    "Version": ("Version", "版本"),
    "Framework version the facts were read from": ("Framework-Version, aus der die Angaben stammen", "参数所依据的框架版本"),
    "Source": ("Quelle", "来源"),
    "Where the facts come from": ("Woher die Angaben stammen", "参数的出处"),
    "Attention kernel": ("Attention-Kernel", "注意力内核"),
    "flash and efficient kernels never store the s x s scores; eager attention stores scores, softmax and dropout mask":
        ("flash- und efficient-Kernel speichern die s x s Scores nie; eager-Attention speichert Scores, Softmax und Dropout-Maske",
         "flash 与 efficient 内核从不保存 s x s 分数矩阵；eager 注意力保存分数、softmax 和 dropout 掩码"),
    "Fused norms": ("Fusionierte Normierungen", "融合归一化"),
    "Norms store their bf16 input only; off: eager norms keep an fp32 copy as well":
        ("Normierungen speichern nur ihre bf16-Eingabe; aus: eager-Normierungen behalten zusätzlich eine fp32-Kopie",
         "归一化只保存其 bf16 输入；关闭：eager 归一化还保留一份 fp32 副本"),
    "Fused SwiGLU": ("Fusioniertes SwiGLU", "融合 SwiGLU"),
    "The gated activation stores the fc1 output only; off: gate, up, silu and product":
        ("Die gegatete Aktivierung speichert nur die fc1-Ausgabe; aus: Gate, Up, SiLU und Produkt",
         "门控激活只保存 fc1 输出；关闭：保存 gate、up、silu 及乘积"),
    "Expanded GQA key/value": ("Erweiterte GQA-Keys/Values", "展开的 GQA 键/值"),
    "Key/value heads are repeated to all query heads before attention and stored":
        ("Key/Value-Köpfe werden vor der Attention auf alle Query-Köpfe wiederholt und gespeichert",
         "键/值头在注意力计算前复制到所有查询头并被保存"),
    "Extra stored bytes (x hidden)": ("Zusätzlich gespeicherte Bytes (x hidden)", "额外保存字节（× hidden）"),
    "Bytes per token and layer the component model does not name, in units of the hidden size":
        ("Bytes pro Token und Schicht, die das Komponentenmodell nicht benennt, in Einheiten der Hidden-Größe",
         "组件模型未列出的每 token 每层字节数，以 hidden 大小为单位"),
    "Op-level selective recomputation": ("Selektive Neuberechnung auf Operatorebene", "算子级选择性重计算"),
    "On: keep the layer input, the attention output and a fraction of the matmul outputs (torchtitan). Off: recompute the attention core only (Megatron)":
        ("An: Schichteingabe, Attention-Ausgabe und ein Teil der Matmul-Ausgaben bleiben gespeichert (torchtitan). Aus: nur der Attention-Kern wird neu berechnet (Megatron)",
         "开启：保留层输入、注意力输出和部分矩阵乘输出（torchtitan）。关闭：只重计算注意力核心（Megatron）"),
    "Matmul outputs kept": ("Behaltene Matmul-Ausgaben", "保留的矩阵乘输出"),
    "Fraction of the matmul outputs an op-level policy keeps":
        ("Anteil der Matmul-Ausgaben, den eine Strategie auf Operatorebene behält", "算子级策略保留的矩阵乘输出比例"),
    "TP overlap": ("TP-Überlappung", "TP 重叠"),
    "Fraction of tensor-parallel collectives hidden behind GEMMs":
        ("Anteil der Tensor-parallelen Kollektive, der hinter GEMMs verborgen wird", "隐藏在 GEMM 之后的张量并行集合通信比例"),
    "DP overlap": ("DP-Überlappung", "DP 重叠"),
    "Fraction of a layer's backward that can hide its gradient reduction":
        ("Anteil des Rückwärtsdurchlaufs einer Schicht, der ihre Gradientenreduktion verbergen kann",
         "一层反向计算中可用于隐藏其梯度归约的比例"),
    "Overlapped parameter all-gather": ("Überlapptes Parameter-All-Gather", "重叠的参数 all-gather"),
    "ZeRO-1/2: the parameter all-gather after the step hides behind the next forward":
        ("ZeRO-1/2: das Parameter-All-Gather nach dem Schritt verbirgt sich hinter dem nächsten Vorwärtsdurchlauf",
         "ZeRO-1/2：优化器步骤后的参数 all-gather 隐藏在下一次前向之后"),
    "ZeRO-3 overlap": ("ZeRO-3-Überlappung", "ZeRO-3 重叠"),
    "ZeRO-3 live parameters": ("Aktive ZeRO-3-Parameter", "ZeRO-3 驻留参数"),
    "Most parameters gathered at once (DeepSpeed stage3_max_live_parameters); 0: the running layer and the prefetched next one":
        ("Höchstzahl gleichzeitig gesammelter Parameter (DeepSpeed stage3_max_live_parameters); 0: die laufende und die vorab geladene nächste Schicht",
         "同时收集的最多参数数（DeepSpeed stage3_max_live_parameters）；0：当前层与预取的下一层"),
    "Fraction of a layer's compute that can hide its ZeRO-3 gathers and reduce-scatters":
        ("Anteil der Rechenzeit einer Schicht, der ihre ZeRO-3-Gathers und Reduce-Scatters verbergen kann",
         "一层计算中可用于隐藏其 ZeRO-3 gather 与 reduce-scatter 的比例"),
    "Communication efficiency": ("Kommunikationseffizienz", "通信效率"),
    "Fraction of the links' collective bandwidth the DP and ZeRO collectives reach":
        ("Anteil der kollektiven Bandbreite der Verbindungen, den die DP- und ZeRO-Kollektive erreichen",
         "DP 与 ZeRO 集合通信达到的链路集合带宽比例"),
    "Keep ZeRO-3 weights unsharded under PP": ("ZeRO-3-Gewichte unter PP ungeteilt halten", "PP 下保持 ZeRO-3 权重不分片"),
    "Weights and gradients stay gathered from the first forward to the last backward":
        ("Gewichte und Gradienten bleiben vom ersten Vorwärts- bis zum letzten Rückwärtsdurchlauf gesammelt",
         "权重和梯度从第一次前向到最后一次反向都保持聚合"),
    "Hierarchical ZeRO-3 rings": ("Hierarchische ZeRO-3-Ringe", "分层 ZeRO-3 环"),
    "Off: flat rings at one GPU's network share": ("Aus: flache Ringe mit dem Netzwerkanteil einer GPU", "关闭：按单个 GPU 网络份额的扁平环"),
    "Per-layer overhead (us)": ("Zusatzkosten pro Schicht (µs)", "每层开销（微秒）"),
    "Per layer and micro-batch, forward and backward: launches, hooks, syncs":
        ("Pro Schicht und Micro-Batch, vorwärts und rückwärts: Kernel-Starts, Hooks, Synchronisationen",
         "每层每个微批次的前向和反向开销：内核启动、钩子、同步"),
    "Per-iteration overhead (s)": ("Zusatzkosten pro Iteration (s)", "每次迭代开销（秒）"),
    "Data loading, logging, gradient clipping": ("Laden der Daten, Protokollierung, Gradient-Clipping", "数据加载、日志、梯度裁剪"),
    "Weight bytes per parameter": ("Gewichts-Bytes pro Parameter", "每参数权重字节"),
    "Working weights (2 for bf16/fp16)": ("Arbeitsgewichte (2 für bf16/fp16)", "工作权重（bf16/fp16 为 2）"),
    "Gradient bytes per parameter": ("Gradienten-Bytes pro Parameter", "每参数梯度字节"),
    "Gradient buffer dtype (4 for fp32)": ("Datentyp des Gradientenpuffers (4 für fp32)", "梯度缓冲区数据类型（fp32 为 4）"),
    "Optimizer bytes per parameter": ("Optimierer-Bytes pro Parameter", "每参数优化器字节"),
    "Adam: fp32 master weights and two moments": ("Adam: fp32-Mastergewichte und zwei Momente", "Adam：fp32 主权重和两个动量"),
    "Allocator fragmentation": ("Fragmentierung des Allokators", "分配器碎片"),
    "Caching-allocator slack as a fraction of activations and working memory":
        ("Verschnitt des Caching-Allokators als Anteil der Aktivierungen und des Arbeitsspeichers",
         "缓存分配器的冗余，占激活和工作内存的比例"),
    "Bytes per logit": ("Bytes pro Logit", "每个 logit 的字节"),
    "Bytes per logit element around the loss (6 fused, 14 eager fp32)":
        ("Bytes pro Logit-Element rund um den Loss (6 fusioniert, 14 eager fp32)", "损失计算中每个 logit 元素的字节（融合为 6，eager fp32 为 14）"),
    "Expert load imbalance": ("Ungleichgewicht der Experten-Last", "专家负载不均衡"),
    "Expert parallelism: tokens on the busiest expert rank over the average (1 = balanced)":
        ("Expertenparallelität: Tokens auf dem meistbelasteten Experten-Rang im Verhältnis zum Mittel (1 = ausgeglichen)",
         "专家并行：最繁忙专家 rank 上的 token 数与平均值之比（1 = 均衡）"),
    "Bytes per logit, vocabulary split": ("Bytes pro Logit, Vokabular geteilt", "每个 logit 的字节（词表切分）"),
    "The same when the vocabulary is split over tensor-parallel ranks (0: as above)":
        ("Dasselbe, wenn das Vokabular auf Tensor-parallele Ränge verteilt ist (0: wie oben)",
         "词表在张量并行各 rank 间切分时的同一数值（0：同上）"),
    "Keep every micro-batch's logits": ("Logits jedes Micro-Batches behalten", "保留每个微批次的 logits"),
    "Pipelines keep the last stage's output of every micro-batch until the step ends":
        ("Pipelines behalten die Ausgabe der letzten Stufe für jeden Micro-Batch bis zum Ende des Schritts",
         "流水线保留最后一级每个微批次的输出直到步骤结束"),
    "Runtime buffers (GiB)": ("Laufzeitpuffer (GiB)", "运行时缓冲区（GiB）"),
    "Workspaces and communication buffers beyond the cluster's reserved memory":
        ("Arbeitsbereiche und Kommunikationspuffer über den reservierten Speicher des Clusters hinaus",
         "集群预留内存之外的工作区和通信缓冲区"),
    "Memory headroom": ("Speicherreserve", "内存余量"),
    "Fraction of GPU memory the search keeps free (below 0.5)":
        ("Anteil des GPU-Speichers, den die Suche frei hält (unter 0,5)", "搜索保留空闲的 GPU 内存比例（小于 0.5）"),
    "Trains FP8 linear layers": ("Trainiert FP8-Linearschichten", "训练 FP8 线性层"),
    "The runtime can run FP8 linear layers": ("Die Laufzeitumgebung kann FP8-Linearschichten ausführen", "该运行时可以运行 FP8 线性层"),
    "FP8 weight copy bytes": ("Bytes der FP8-Gewichtskopien", "FP8 权重副本字节"),
    "Bytes per parameter of the FP8 (and transposed) weight copies":
        ("Bytes pro Parameter der FP8-Gewichtskopien (und transponierten Kopien)", "FP8（及转置）权重副本的每参数字节"),
    "FP8 cast traffic": ("FP8-Konvertierungsverkehr", "FP8 转换流量"),
    "FP8 inputs kept for backward": ("FP8-Eingaben für den Rückwärtslauf", "为反向传播保留的 FP8 输入"),
    "FP8 linear layers store their inputs in FP8 (1 byte) for the weight gradient (Transformer Engine)":
        ("FP8-Linearschichten speichern ihre Eingaben für den Gewichtsgradienten in FP8 (1 Byte) (Transformer Engine)",
         "FP8 线性层以 FP8（1 字节）保存其输入，用于计算权重梯度（Transformer Engine）"),
    "Extra HBM bytes per linear-layer input element": ("Zusätzliche HBM-Bytes pro Eingabeelement einer Linearschicht", "每个线性层输入元素的额外 HBM 字节"),
    "Other": ("Sonstiges", "其他"),
    "Use for search": ("Für die Suche verwenden", "用于搜索"),
    "Save as JSON...": ("Als JSON speichern...", "另存为 JSON..."),
    "The next search costs its plans with this runtime":
        ("Die nächste Suche bewertet ihre Pläne mit dieser Laufzeitumgebung", "下一次搜索用此运行时评估计划"),
    "How the training framework implements a plan. Hover a field for its meaning; the user guide cites the source of every preset value.":
        ("Wie das Trainings-Framework einen Plan umsetzt. Die Bedeutung eines Feldes zeigt sein Tooltip; das Benutzerhandbuch nennt die Quelle jedes Vorgabewerts.",
         "训练框架如何执行计划。将鼠标悬停在字段上可查看其含义；用户指南给出了每个预设值的来源。"),
    "Save runtime profile": ("Laufzeitprofil speichern", "保存运行时配置"),
    "Runtime profile (*.json)": ("Laufzeitprofil (*.json)", "运行时配置 (*.json)"),
    "Could not save %1: %2": ("Konnte %1 nicht speichern: %2", "无法保存 %1：%2"),
    "Edit...": ("Bearbeiten...", "编辑..."),
    "Edit every field of this runtime profile, save it as JSON or use it for the next search":
        ("Jedes Feld dieses Laufzeitprofils bearbeiten, als JSON speichern oder für die nächste Suche verwenden",
         "编辑此运行时配置的每个字段，另存为 JSON 或用于下一次搜索"),
    "(edited) %1": ("(bearbeitet) %1", "（已编辑）%1"),
    "Edited in the runtime editor": ("Im Laufzeitprofil-Editor bearbeitet", "已在运行时编辑器中修改"),
    "Context parallelism: all-gather K/V": ("Kontextparallelität: K/V per All-Gather",
                                            "上下文并行：全收集 K/V"),
    "On: K/V of all context-parallel ranks are gathered once after the first attention block (PyTorch context_parallel); off: passed rank to rank behind every block (Megatron)": (
        "Ein: K/V aller kontextparallelen Ränge werden einmal nach dem ersten Attention-Block gesammelt "
        "(PyTorch context_parallel); aus: von Rang zu Rang hinter jedem Block weitergereicht (Megatron)",
        "开启：在第一个注意力块之后一次性收集所有上下文并行 rank 的 K/V（PyTorch context_parallel）；"
        "关闭：在每个块之后逐个 rank 传递（Megatron）"),
    "Context parallelism: dK/dV bytes": ("Kontextparallelität: Bytes je dK/dV", "上下文并行：dK/dV 字节数"),
    "Bytes per element of the key/value gradient sums passed between context-parallel ranks (4: fp32)": (
        "Bytes je Element der Key/Value-Gradientensummen, die zwischen kontextparallelen Rängen "
        "weitergereicht werden (4: fp32)",
        "上下文并行 rank 之间传递的键/值梯度和每个元素的字节数（4：fp32）"),
    "Vocabulary padded to a multiple of": ("Vokabular aufgefüllt auf ein Vielfaches von", "词表填充到以下值的倍数"),
    "The vocabulary is padded to a multiple of this times its tensor-parallel size (Megatron-LM "
    "--make-vocab-size-divisible-by: 128; 0: not padded)": (
        "Das Vokabular wird auf ein Vielfaches dieses Werts mal seiner Tensor-Parallel-Größe aufgefüllt "
        "(Megatron-LM --make-vocab-size-divisible-by: 128; 0: nicht aufgefüllt)",
        "词表填充到该值乘以其张量并行度的倍数（Megatron-LM --make-vocab-size-divisible-by：128；0：不填充）"),
    "Parameters per GPU: %1": ("Parameter je GPU: %1", "每个 GPU 的参数：%1"),
}
