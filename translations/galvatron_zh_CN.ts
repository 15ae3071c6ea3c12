<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>QObject</name>
    <message>
        <location filename="../app/main.cpp" line="89"/>
        <source>Baseline</source>
        <translation>基线</translation>
    </message>
</context>
<context>
    <name>gx::app</name>
    <message>
        <location filename="../app/plan_utils.cpp" line="48"/>
        <source> (+1 layer differs)</source>
        <translation>（另有 1 层不同）</translation>
    </message>
    <message>
        <location filename="../app/plan_utils.cpp" line="50"/>
        <source> (+%1 layers differ)</source>
        <translation>（另有 %1 层不同）</translation>
    </message>
    <message>
        <location filename="../app/plan_utils.cpp" line="55"/>
        <source>pp%1 %2, %3, batch %4 = %5 x %6</source>
        <translation>PP%1 %2，%3，批大小 %4 = %5 x %6</translation>
    </message>
    <message>
        <location filename="../app/plan_utils.cpp" line="74"/>
        <source>The best plan uses %1% of the memory budget: little room for allocator fragmentation.</source>
        <translation>最佳方案占用显存预算的 %1%：几乎没有为分配器碎片留出余地。</translation>
    </message>
    <message>
        <location filename="../app/plan_utils.cpp" line="80"/>
        <source>With 5% headroom: %1, %2 (%3 slower per sample) &amp;mdash; pick it on the Frontier tab.</source>
        <translation>保留 5% 余量：%1，%2（每样本慢 %3）&amp;mdash; 可在帕累托前沿页选择。</translation>
    </message>
    <message>
        <location filename="../app/plan_utils.cpp" line="91"/>
        <source>&lt;h3&gt;Plan notation&lt;/h3&gt;&lt;p&gt;A plan reads like &lt;code&gt;pp2 1f1b, tp2-sp dp4 ZeRO-1 sel-ckpt, batch 256 = 16 x 16&lt;/code&gt;:&lt;/p&gt;</source>
        <translation>&lt;h3&gt;方案记号&lt;/h3&gt;&lt;p&gt;方案的写法如 &lt;code&gt;pp2 1f1b, tp2-sp dp4 ZeRO-1 sel-ckpt, batch 256 = 16 x 16&lt;/code&gt;：&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../app/plan_utils.cpp" line="93"/>
        <source>&lt;table cellspacing=3&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;pp2&lt;/code&gt;&lt;/td&gt;&lt;td&gt;pipeline parallelism: the layers are split into 2 stages&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;1f1b&lt;/code&gt;, &lt;code&gt;gpipe&lt;/code&gt;, &lt;code&gt;interleaved v=4&lt;/code&gt;&lt;/td&gt;&lt;td&gt;pipeline schedule: one-forward-one-backward, all forwards then all backwards, or 4 model chunks per stage (Narayanan et al. 2021)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;tp2&lt;/code&gt;&lt;/td&gt;&lt;td&gt;tensor parallelism: each layer&apos;s matrices split over 2 GPUs (Megatron-LM)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;-sp&lt;/code&gt;&lt;/td&gt;&lt;td&gt;with sequence parallelism: norms and dropout split along the sequence over the same GPUs (Korthikanti et al. 2022)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;dp4&lt;/code&gt;&lt;/td&gt;&lt;td&gt;data parallelism: 4 replicas of the stage&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;ZeRO-1/2/3&lt;/code&gt;&lt;/td&gt;&lt;td&gt;the replicas shard optimizer states (1), + gradients (2), + weights (3) (Rajbhandari et al. 2020); none = DDP&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;dp-first&lt;/code&gt;&lt;/td&gt;&lt;td&gt;data-parallel ranks adjacent (TP spans nodes)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;ckpt&lt;/code&gt;, &lt;code&gt;sel-ckpt&lt;/code&gt;&lt;/td&gt;&lt;td&gt;full activation checkpointing (recompute the layer) or selective (recompute the attention core only)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;batch 256 = 16 x 16&lt;/code&gt;&lt;/td&gt;&lt;td&gt;global batch of 256 samples = 16 micro-batches x 16 samples each&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;(+5 layers differ)&lt;/code&gt;&lt;/td&gt;&lt;td&gt;most layers use the strategy shown; 5 use another (see the Plan table)&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</source>
        <translation>&lt;table cellspacing=3&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;pp2&lt;/code&gt;&lt;/td&gt;&lt;td&gt;流水线并行：各层被分成 2 个阶段&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;1f1b&lt;/code&gt;, &lt;code&gt;gpipe&lt;/code&gt;, &lt;code&gt;interleaved v=4&lt;/code&gt;&lt;/td&gt;&lt;td&gt;流水线调度：前向与反向交替、先全部前向再全部反向，或每阶段 4 个模型块（Narayanan 等, 2021）&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;tp2&lt;/code&gt;&lt;/td&gt;&lt;td&gt;张量并行：每层的矩阵切分到 2 个 GPU（Megatron-LM）&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;-sp&lt;/code&gt;&lt;/td&gt;&lt;td&gt;启用序列并行：归一化和 dropout 沿序列切分到同一组 GPU（Korthikanti 等, 2022）&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;dp4&lt;/code&gt;&lt;/td&gt;&lt;td&gt;数据并行：该阶段的 4 个副本&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;ZeRO-1/2/3&lt;/code&gt;&lt;/td&gt;&lt;td&gt;副本切分优化器状态 (1)、+ 梯度 (2)、+ 权重 (3)（Rajbhandari 等, 2020）；无 = DDP&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;dp-first&lt;/code&gt;&lt;/td&gt;&lt;td&gt;数据并行 rank 相邻（TP 跨节点）&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;ckpt&lt;/code&gt;, &lt;code&gt;sel-ckpt&lt;/code&gt;&lt;/td&gt;&lt;td&gt;完整激活检查点（重算整层）或选择性检查点（仅重算注意力核心）&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;batch 256 = 16 x 16&lt;/code&gt;&lt;/td&gt;&lt;td&gt;全局批大小 256 = 16 个微批 x 每个 16 个样本&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;(+5 layers differ)&lt;/code&gt;&lt;/td&gt;&lt;td&gt;大多数层使用所示策略；另有 5 层不同（见方案表）&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</translation>
    </message>
    <message>
        <location filename="../app/plan_utils.cpp" line="114"/>
        <source>&lt;p&gt;MFU (model FLOPs utilisation) = the model&apos;s training FLOPs per iteration (3 x forward, without recomputation) / (iteration time x GPUs x peak FLOP/s). By convention the model FLOPs count attention scores over the whole sequence, while causal FlashAttention kernels compute only half of them; with long sequences MFU can therefore read above the cluster&apos;s GEMM efficiency.&lt;/p&gt;&lt;p&gt;Memory: the planner keeps each GPU&apos;s peak below the budget (GPU memory minus the reserve). Plans within a few percent of the budget leave little room for allocator fragmentation: set a budget or reserve in Search settings, or pick a Frontier point with less memory.&lt;/p&gt;</source>
        <translation>&lt;p&gt;MFU（模型 FLOPs 利用率）= 每次迭代的模型训练 FLOPs（3 x 前向，不含重算）/（迭代时间 x GPU 数 x 峰值 FLOP/s）。按惯例，模型 FLOPs 按整个序列计算注意力分数，而因果 FlashAttention 内核只计算其中一半；因此序列较长时 MFU 可能高于集群的 GEMM 效率。&lt;/p&gt;&lt;p&gt;显存：规划器使每个 GPU 的峰值低于预算（GPU 显存减去预留）。距预算仅几个百分点的方案几乎没有为分配器碎片留出余地：可在搜索设置中设置预算或预留，或选择显存更少的帕累托点。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>gx::app::ClusterEditor</name>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="526"/>
        <source>Built-in cluster presets</source>
        <translation>内置集群预设</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="527"/>
        <source>(custom cluster)</source>
        <translation>（自定义集群）</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="534"/>
        <source>Open a cluster profile</source>
        <translation>打开集群配置</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="535"/>
        <source>Save the cluster profile as JSON</source>
        <translation>将集群配置保存为 JSON</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="550"/>
        <source>whole node</source>
        <translation>整个节点</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="551"/>
        <source>GPUs per NVLink island: GPUs linked directly to each other inside a node (e.g. 2 for NVLink bridges in pairs). Must divide the GPUs per node. The multi-model planner keeps small jobs inside one island.</source>
        <translation>每个 NVLink 岛的 GPU 数：节点内彼此直接相连的 GPU（例如 NVLink 桥两两相连时为 2）。必须整除每节点 GPU 数。多模型规划会把小作业放在同一个岛内。</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="555"/>
        <location filename="../app/views/profile_editors.cpp" line="566"/>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="556"/>
        <source> TFLOP/s</source>
        <translation> TFLOP/s</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="559"/>
        <location filename="../app/views/profile_editors.cpp" line="560"/>
        <location filename="../app/views/profile_editors.cpp" line="562"/>
        <source> GB/s</source>
        <translation> GB/s</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="561"/>
        <location filename="../app/views/profile_editors.cpp" line="563"/>
        <source> us</source>
        <translation> 微秒</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="567"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="568"/>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="569"/>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="570"/>
        <source>GPUs per NVLink island</source>
        <translation>每个 NVLink 岛的 GPU 数</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="571"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="572"/>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="573"/>
        <source>Peak BF16</source>
        <translation>BF16 峰值算力</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="574"/>
        <source>GEMM efficiency</source>
        <translation>GEMM 效率</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="575"/>
        <source>HBM bandwidth</source>
        <translation>HBM 带宽</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="576"/>
        <source>Intra-node bandwidth</source>
        <translation>节点内带宽</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="577"/>
        <source>Intra-node latency</source>
        <translation>节点内延迟</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="578"/>
        <source>Inter-node bandwidth</source>
        <translation>节点间带宽</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="579"/>
        <source>Inter-node latency</source>
        <translation>节点间延迟</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="580"/>
        <source>Overlap efficiency</source>
        <translation>重叠效率</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="581"/>
        <source>Reserved per GPU</source>
        <translation>每 GPU 预留</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="724"/>
        <source>%1 GPUs: %2 x %3 %4; %5 inside nodes, %6 between%7</source>
        <translation>%1 个 GPU：%2 x %3 %4；节点内 %5，节点间 %6%7</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="731"/>
        <source>; measured collectives</source>
        <translation>；实测集合通信</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="739"/>
        <source>Edited by hand since it was loaded</source>
        <translation>加载后已手动修改</translation>
    </message>
</context>
<context>
    <name>gx::app::CompareView</name>
    <message>
        <location filename="../app/views/plan_view.cpp" line="208"/>
        <location filename="../app/views/plan_view.cpp" line="214"/>
        <source>Plan A</source>
        <translation>方案 A</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="210"/>
        <location filename="../app/views/plan_view.cpp" line="214"/>
        <source>Plan B</source>
        <translation>方案 B</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="214"/>
        <source>B vs A</source>
        <translation>B 对比 A</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="289"/>
        <source>Iteration time</source>
        <translation>迭代时间</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="291"/>
        <source>Tokens / s</source>
        <translation>Token / 秒</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="293"/>
        <source>Peak memory / GPU</source>
        <translation>每 GPU 峰值显存</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="295"/>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="297"/>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="299"/>
        <source>Exposed DP sync</source>
        <translation>未被掩盖的 DP 同步</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="301"/>
        <source>Exposed TP comm</source>
        <translation>未被掩盖的 TP 通信</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="303"/>
        <source>Exposed CP exchange</source>
        <translation>未被掩盖的 CP 交换</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="305"/>
        <source>Exposed EP all-to-all</source>
        <translation>未被掩盖的 EP all-to-all</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="307"/>
        <source>Pipeline stages</source>
        <translation>流水线阶段数</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="308"/>
        <source>TP x DP (first layer)</source>
        <translation>TP x DP（第一层）</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="310"/>
        <source>Schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="312"/>
        <source>Global batch x micro-batches</source>
        <translation>全局批大小 x 微批次数</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="315"/>
        <source>Strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="334"/>
        <source>same</source>
        <translation>相同</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="334"/>
        <source>differs</source>
        <translation>不同</translation>
    </message>
</context>
<context>
    <name>gx::app::CoreText</name>
    <message>
        <location filename="../app/core_text.cpp" line="41"/>
        <source>sp on</source>
        <translation>sp 开</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="43"/>
        <source>sp off</source>
        <translation>sp 关</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="46"/>
        <source>TP ranks adjacent</source>
        <translation>TP 进程相邻</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="48"/>
        <source>DP ranks adjacent</source>
        <translation>DP 进程相邻</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="51"/>
        <source>ckpt none</source>
        <translation>ckpt 无</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="53"/>
        <source>ckpt selective</source>
        <translation>ckpt 选择性</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="55"/>
        <source>ckpt full</source>
        <translation>ckpt 完全</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="60"/>
        <source>%1 layer on %2 GPUs</source>
        <translation>%1 层，%2 个 GPU</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="64"/>
        <source>pp=%1 (%2 GPUs/stage)</source>
        <translation>pp=%1（每级 %2 个 GPU）</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="75"/>
        <source>user constraints: fixed/max degrees, allowed ZeRO stages, SP and checkpointing</source>
        <translation>用户约束：固定/最大并行度、允许的 ZeRO 阶段、SP 与重计算</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="77"/>
        <source>parallel degrees are powers of two (switch off for any divisor)</source>
        <translation>并行度为 2 的幂（关闭后允许任意因数）</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="79"/>
        <source>every pipeline stage (model chunk) needs at least one layer</source>
        <translation>每个流水线级（模型块）至少需要一层</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="81"/>
        <source>the tensor degree divides the attention (and KV) heads</source>
        <translation>张量并行度能整除注意力（及 KV）头数</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="83"/>
        <source>a tensor-parallel group does not cross node boundaries</source>
        <translation>张量并行组不跨越节点边界</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="85"/>
        <source>sequence parallelism changes nothing without tensor parallelism</source>
        <translation>没有张量并行时序列并行不起作用</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="87"/>
        <source>ZeRO stages change nothing without data parallelism</source>
        <translation>没有数据并行时 ZeRO 阶段不起作用</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="89"/>
        <source>rank order (TP or DP adjacent) only matters when tp &gt; 1 and dp &gt; 1</source>
        <translation>进程顺序（TP 或 DP 相邻）仅在 tp &gt; 1 且 dp &gt; 1 时有影响</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="91"/>
        <source>the micro-batch splits evenly over the data-parallel degree</source>
        <translation>微批次能被数据并行度均分</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="93"/>
        <source>model states and activations alone exceed the memory budget</source>
        <translation>仅模型状态与激活就超出内存预算</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="95"/>
        <source>another candidate is no slower and no larger in every cost term (incl. switch costs)</source>
        <translation>另一候选在每个代价项（含切换代价）上都不更慢也不更大</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="97"/>
        <source>in a stage, another candidate takes every run of this one faster (its switches in and out included), in no more memory</source>
        <translation>在某一阶段中，另一候选替代该候选的每一段连续层时更快（含进出切换），且内存不更多</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="100"/>
        <source>GPipe holds at least as many micro-batches as 1F1B at the same time cost</source>
        <translation>在相同时间代价下 GPipe 保留的微批次至少与 1F1B 一样多</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="102"/>
        <source>interleaved schedules use equal model chunks (layers divisible by pp * chunks)</source>
        <translation>交错调度使用等大的模型块（层数可被 pp * 块数整除）</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="104"/>
        <source>a lower bound on the iteration time exceeds the k-th best plan</source>
        <translation>迭代时间的下界超过第 k 优方案</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="106"/>
        <source>the target framework cannot run this data-parallel type (e.g. DeepSpeed: ZeRO-2/3 with pipeline parallelism; torchtitan: ZeRO-1)</source>
        <translation>目标框架无法运行这种数据并行类型（例如 DeepSpeed：ZeRO-2/3 与流水线并行；torchtitan：ZeRO-1）</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="109"/>
        <source>the target framework cannot run this tensor-parallel degree (DeepSpeed: TP with PP)</source>
        <translation>目标框架无法运行该张量并行度（DeepSpeed：TP 与 PP 组合）</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="111"/>
        <source>the target framework has no Megatron-style sequence parallelism</source>
        <translation>目标框架没有 Megatron 式的序列并行</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="113"/>
        <source>the target framework always places tensor-parallel ranks adjacent</source>
        <translation>目标框架总是将张量并行进程相邻放置</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="115"/>
        <source>the target framework cannot run this recomputation (selective)</source>
        <translation>目标框架无法运行这种重计算（选择性）</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="117"/>
        <source>context parallelism only for sequences of at least cp_min_seq tokens (default 8192: NeMo&apos;s Llama 3 8B recipe uses cp=2 at 8K), keeping at least 1024 tokens per rank</source>
        <translation>仅对至少 cp_min_seq 个 token 的序列使用上下文并行（默认 8192：NeMo 的 Llama 3 8B 配方在 8K 时使用 cp=2），每个 rank 至少保留 1024 个 token</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="120"/>
        <source>context parallelism needs fused self-attention and a sequence that splits into 2 x cp chunks (ring, load-balanced causal split) or cp chunks with heads and KV heads per TP rank split over cp (all-to-all)</source>
        <translation>上下文并行需要融合自注意力，且序列可切分为 2 x cp 块（环形，负载均衡的因果切分），或切分为 cp 块且每个 TP rank 的头与 KV 头可按 cp 切分（all-to-all）</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="124"/>
        <source>the target framework has no context parallelism (or not this exchange)</source>
        <translation>目标框架不支持上下文并行（或不支持这种交换方式）</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="126"/>
        <source>expert parallelism: mixture-of-experts layers only, ep divides the routed experts and dp x cp</source>
        <translation>专家并行：仅用于混合专家层，ep 整除路由专家数和 dp x cp</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="129"/>
        <source>the target framework has no expert parallelism, or not in this layout (DeepSpeed: without pipeline parallelism; torchtitan: ep &gt; 1 only with tp = 1 and FSDP-sharded data parallelism; Hetu-Galvatron: ep 1 or dp x cp)</source>
        <translation>目标框架不支持专家并行，或不支持这种布局（DeepSpeed：不能与流水线并行同时使用；torchtitan：ep &gt; 1 时只能 tp = 1 且使用 FSDP 分片的数据并行；Hetu-Galvatron：ep 为 1 或 dp x cp）</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="134"/>
        <source>after the planner: plans the target cannot run exactly as costed (a check: the rules above keep them out of the search)</source>
        <translation>规划之后：目标无法完全按计算结果运行的方案（仅为检查：上面的规则已将其排除在搜索之外）</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="137"/>
        <source>the target framework runs only some pipeline splits (DeepSpeed: partition_uniform; torchtitan: first/last_stage_less_layers)</source>
        <translation>目标框架只支持部分流水线划分（DeepSpeed：partition_uniform；torchtitan：first/last_stage_less_layers）</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="140"/>
        <source>the target framework shards embedding and LM head as the layers (tensor degree, or none for DeepSpeed, and data-parallel type)</source>
        <translation>目标框架按各层的方式切分嵌入层和 LM 头（张量并行度，DeepSpeed 为不切分，以及数据并行类型）</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="143"/>
        <source>the target framework switches sequence parallelism for all tensor-parallel layers at once (searched once with it on and once off)</source>
        <translation>目标框架对所有张量并行层统一开关序列并行（分别在开启和关闭时各搜索一次）</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="155"/>
        <source>%1%2 is not a power of two</source>
        <translation>%1%2 不是 2 的幂</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="157"/>
        <source>%1 stages but only %2 layers</source>
        <translation>%1 个流水线级，但只有 %2 层</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="159"/>
        <source>%1 is fixed to %2</source>
        <translation>%1 固定为 %2</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="161"/>
        <source>%1 is limited to %2</source>
        <translation>%1 上限为 %2</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="164"/>
        <source>tp=%1 does not divide %2 heads / %3 KV heads</source>
        <translation>tp=%1 不能整除 %2 个头 / %3 个 KV 头</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="168"/>
        <source>tp=%1 does not divide %2 heads</source>
        <translation>tp=%1 不能整除 %2 个头</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="171"/>
        <source>tp=%1 exceeds the %2 GPUs of a node</source>
        <translation>tp=%1 超过单节点的 %2 个 GPU</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="175"/>
        <source>%1 does not combine tensor with pipeline parallelism</source>
        <translation>%1 不支持张量并行与流水线并行组合</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="179"/>
        <source>%1 keeps every expert whole: no tensor parallelism in mixture-of-experts layers</source>
        <translation>%1 保持每个专家完整：混合专家层中没有张量并行</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="184"/>
        <source>%1 does not run its expert parallelism with pipeline parallelism</source>
        <translation>%1 不能在流水线并行下运行其专家并行</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="188"/>
        <source>%1 cannot run ZeRO-3 in mixture-of-experts layers with context parallelism</source>
        <translation>%1 无法在混合专家层中将 ZeRO-3 与上下文并行一起运行</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="192"/>
        <source>%1 has no tensor parallelism</source>
        <translation>%1 没有张量并行</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="194"/>
        <source>tp=1: sequence parallelism is a no-op</source>
        <translation>tp=1：序列并行不起作用</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="196"/>
        <source>%1 has no Megatron-style sequence parallelism</source>
        <translation>%1 没有 Megatron 式的序列并行</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="198"/>
        <source>sequence parallelism is switched off</source>
        <translation>序列并行已关闭</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="199"/>
        <source>dp=1: nothing to shard</source>
        <translation>dp=1：没有可分片的内容</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="202"/>
        <source>%1 cannot run %2 with context parallelism</source>
        <translation>%1 无法在上下文并行下运行 %2</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="206"/>
        <source>%1 cannot run %2 with pipeline parallelism</source>
        <translation>%1 无法在流水线并行下运行 %2</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="209"/>
        <source>%1 cannot run %2</source>
        <translation>%1 无法运行 %2</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="211"/>
        <source>%1 is not allowed</source>
        <translation>不允许 %1</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="213"/>
        <source>%1=1: rank order is irrelevant</source>
        <translation>%1=1：进程顺序无关紧要</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="215"/>
        <source>%1 places tensor-parallel ranks adjacent</source>
        <translation>%1 将张量并行进程相邻放置</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="217"/>
        <source>%1 recomputes whole layers only</source>
        <translation>%1 只能重计算整层</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="219"/>
        <source>checkpointing is switched off</source>
        <translation>重计算已关闭</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="222"/>
        <source>sequence of %1 tokens is below %2</source>
        <translation>序列 %1 个 token，低于 %2</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="225"/>
        <source>%1 tokens per rank (&lt; 1024)</source>
        <translation>每个 rank %1 个 token（&lt; 1024）</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="228"/>
        <source>seq_len %1 does not split into %2 chunks</source>
        <translation>seq_len %1 无法切分为 %2 块</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="232"/>
        <source>seq_len %1 is not divisible by cp=%2</source>
        <translation>seq_len %1 不能被 cp=%2 整除</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="236"/>
        <source>all-to-all: cp=%1 does not divide the %2 heads per TP rank</source>
        <translation>all-to-all：cp=%1 不能整除每个 TP rank 的 %2 个头</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="241"/>
        <source>all-to-all: cp=%1 neither divides nor is a multiple of the %2 KV heads per TP rank</source>
        <translation>all-to-all：cp=%1 既不能整除也不是每个 TP rank 的 %2 个 KV 头的倍数</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="245"/>
        <source>context parallelism is modelled for self-attention layers only</source>
        <translation>上下文并行仅对自注意力层建模</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="247"/>
        <source>the runtime&apos;s eager attention cannot split the sequence</source>
        <translation>运行时的 eager 注意力无法切分序列</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="249"/>
        <source>%1 has no context parallelism</source>
        <translation>%1 不支持上下文并行</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="251"/>
        <source>%1 context parallelism is not allowed</source>
        <translation>不允许 %1 上下文并行</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="254"/>
        <source>ep=%1 does not divide the %2 routed experts</source>
        <translation>ep=%1 不能整除 %2 个路由专家</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="257"/>
        <source>%1 runs ring attention only (no all-to-all)</source>
        <translation>%1 仅支持环形注意力（无 all-to-all）</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="259"/>
        <source>%1 runs all-to-all (Ulysses) only (no ring)</source>
        <translation>%1 仅支持 all-to-all（Ulysses），不支持环形</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="262"/>
        <source>%1 runs all-to-all in place of tensor parallelism (tp=1 only)</source>
        <translation>%1 以 all-to-all 代替张量并行（仅 tp=1）</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="266"/>
        <source>%1 is not told to combine context parallelism with tensor parallelism</source>
        <translation>导出不会让 %1 将上下文并行与张量并行组合</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="271"/>
        <source>%1 is not told to combine context parallelism with pipeline parallelism</source>
        <translation>导出不会让 %1 将上下文并行与流水线并行组合</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="275"/>
        <source>%1 has no expert parallelism</source>
        <translation>%1 不支持专家并行</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="278"/>
        <source>%1 places expert-parallel ranks outermost: ep is 1 or dp x cp = %2</source>
        <translation>%1 将专家并行 rank 放在最外层：ep 为 1 或 dp x cp = %2</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="284"/>
        <source>%1 keeps experts whole on their expert-parallel rank (no expert tensor parallelism with ep &gt; 1)</source>
        <translation>%1 将每个专家完整地放在其专家并行 rank 上（ep &gt; 1 时没有专家张量并行）</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="290"/>
        <source>%1 takes expert-parallel ranks from FSDP-sharded ranks only</source>
        <translation>%1 只从 FSDP 分片的 rank 中选取专家并行 rank</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="301"/>
        <source>best for %1 %2 s/iteration; best for any runtime %3 s/iteration (%4% time per sample)</source>
        <translation>%1 最佳 %2 s/迭代；任意运行时最佳 %3 s/迭代（每样本时间 %4%）</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="320"/>
        <source>1 measured run (%1)</source>
        <translation>1 次实测运行（%1）</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="320"/>
        <source>%1 measured runs (%2)</source>
        <translation>%1 次实测运行（%2）</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="324"/>
        <source>: median |error| %1% -&gt; %2%</source>
        <translation>：中位 |误差| %1% -&gt; %2%</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="337"/>
        <source>Calibrated: %1</source>
        <translation>已校准：%1</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="346"/>
        <source>the per-layer search reached the time limit (%1 s): plans below are the best found so far, not proven optimal</source>
        <translation>逐层搜索已达到时间上限（%1 秒）：以下方案是目前找到的最佳方案，未证明最优</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="355"/>
        <source>the uniform search reached the time limit (%1 s): plans below are the best found so far, not proven optimal</source>
        <translation>统一策略搜索已达到时间上限（%1 秒）：以下方案是目前找到的最佳方案，未证明最优</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="363"/>
        <source>the time limit (%1 s) stopped the time/memory frontier after %2 of %3 points: the plans below are proven optimal, the frontier is partial</source>
        <translation>时间上限（%1 秒）在 %3 个点中的第 %2 个之后停止了时间/显存前沿：以下方案已证明最优，前沿不完整</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="379"/>
        <source>no configuration survives the constraints on %1 GPUs (see the decision tree)</source>
        <translation>在 %1 个 GPU 上没有配置能满足这些约束（见决策树）</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="382"/>
        <source>%1 needs at least %2 GiB/GPU for model states with the most sharded strategy on %3 GPUs (incl. %4 GiB reserved); the budget is %5 GiB</source>
        <translation>%1 在 %3 个 GPU 上即使采用切分最多的策略，模型状态也至少需要 %2 GiB/GPU（含预留 %4 GiB）；预算为 %5 GiB</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="388"/>
        <source>%1 on %2 GPUs: model states fit (at least %3 GiB/GPU) but no plan fits activations and transient buffers in the budget of %4 GiB; try a smaller batch, checkpointing, or more micro-batches (Search settings: Max micro-batches)</source>
        <translation>%1 在 %2 个 GPU 上：模型状态放得下（至少 %3 GiB/GPU），但没有方案能在 %4 GiB 的预算内放下激活和临时缓冲区；请尝试更小的批量、激活检查点或更多微批次（搜索设置：最大微批次数）</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="395"/>
        <source>no plan that %1 can run fits the memory budget</source>
        <translation>没有 %1 能运行的方案能放进内存预算</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="406"/>
        <source>global batch %1 is not divisible by %2 data-parallel GPUs</source>
        <translation>全局批大小 %1 不能被 %2 个数据并行 GPU 整除</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="411"/>
        <source>model states need %1 GiB of host memory, the node has %2 GiB</source>
        <translation>模型状态需要 %1 GiB 主机内存，节点只有 %2 GiB</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="418"/>
        <source>even with micro-batch %1 one GPU needs %2 GiB (3 layer buffers %3 GiB), budget %4 GiB</source>
        <translation>即使微批大小为 %1，单个 GPU 也需要 %2 GiB（3 个层缓冲区 %3 GiB），预算 %4 GiB</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="425"/>
        <source>model states + spilled checkpoints need %1 GiB of host memory, the node has %2 GiB</source>
        <translation>模型状态加溢出的检查点需要 %1 GiB 主机内存，节点只有 %2 GiB</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="428"/>
        <source>no micro-batch size fits</source>
        <translation>没有能放下的微批大小</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="435"/>
        <source>no feasible plan on any allowed GPU count</source>
        <translation>在任何允许的 GPU 数量上都没有可行方案</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="437"/>
        <source>no plan fits</source>
        <translation>无可行方案</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="440"/>
        <source>%1; spilling: %2</source>
        <translation>%1；溢出到主机内存：%2</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="441"/>
        <source>no feasible plan on any allowed GPU count (on %1 GPUs: %2)</source>
        <translation>在任何允许的 GPU 数量上都没有可行方案（%1 个 GPU 上：%2）</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="446"/>
        <source>optimal</source>
        <translation>最优</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="448"/>
        <source>optimal (meets lower bound)</source>
        <translation>最优（达到下界）</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="450"/>
        <source>heuristic</source>
        <translation>启发式</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="452"/>
        <source>no feasible job</source>
        <translation>没有可行的作业</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="454"/>
        <source>optimal within 0.01% (no schedule shorter than the heuristic&apos;s)</source>
        <translation>在 0.01% 内最优（没有比启发式更短的调度）</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="456"/>
        <source>the heuristic&apos;s schedule is optimal for the restricted model</source>
        <translation>启发式调度对受限模型是最优的</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="458"/>
        <source>optimal for the restricted model</source>
        <translation>对受限模型最优</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="460"/>
        <source>time limit</source>
        <translation>时间限制</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="462"/>
        <source>not available (built without COIN-OR CBC)</source>
        <translation>不可用（构建时未包含 COIN-OR CBC）</translation>
    </message>
</context>
<context>
    <name>gx::app::DecisionTreeView</name>
    <message>
        <location filename="../app/views/tree_view.cpp" line="660"/>
        <source>Decision tree</source>
        <translation>决策树</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="47"/>
        <source>queued</source>
        <translation>排队中</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="49"/>
        <source>being solved</source>
        <translation>正在求解</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="51"/>
        <source>solved</source>
        <translation>已求解</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="53"/>
        <source>cut by the bound</source>
        <translation>被界限剪去</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="55"/>
        <source>no plan fits</source>
        <translation>无可行方案</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="57"/>
        <source>pruned by a rule</source>
        <translation>被规则剪枝</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="506"/>
        <source>cut: bound %1/sample</source>
        <translation>已剪去：界限 %1/样本</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="517"/>
        <source>best %1/sample</source>
        <translation>最优 %1/样本</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="847"/>
        <source>%1
dimension: %2, %3</source>
        <translation>%1
维度：%2，%3</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="850"/>
        <source>
pruned by rule &apos;%1&apos;: %2</source>
        <translation>
被规则“%1”剪枝：%2</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="853"/>
        <source>
(the rule: %1)</source>
        <translation>
（规则：%1）</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="857"/>
        <source>
best of pp=%1: %2 per iteration, %3</source>
        <translation>
pp=%1 的最优：每次迭代 %2，%3</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="861"/>
        <source>
configurations cut by the bound: %1 (lower bound %2/sample &gt; incumbent %3/sample)</source>
        <translation>
被界限剪去的配置：%1（下界 %2/样本 &gt; 当前最优 %3/样本）</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="866"/>
        <source>
on the best plan&apos;s path</source>
        <translation>
位于最佳方案的路径上</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="868"/>
        <source>
strategy: %1</source>
        <translation>
策略：%1</translation>
    </message>
</context>
<context>
    <name>gx::app::DurationCurve</name>
    <message>
        <location filename="../app/views/scheduler/duration_curve.cpp" line="14"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/duration_curve.cpp" line="16"/>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/duration_curve.cpp" line="17"/>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/duration_curve.cpp" line="22"/>
        <source>Job duration by GPU count</source>
        <translation>按 GPU 数量的作业时长</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/duration_curve.cpp" line="41"/>
        <source>Click a job in the chart or the table to see why it got its GPU count.</source>
        <translation>点击图表或表格中的作业，查看它为何分配到该 GPU 数量。</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/duration_curve.cpp" line="42"/>
        <source>%1 on %2 GPUs: duration (bar) and GPU-hours (below) for each GPU count. More GPUs finish sooner but cost more GPU-hours when scaling is imperfect; the schedule trades one against the other to finish all jobs soonest.</source>
        <translation>%1 使用 %2 个 GPU：各 GPU 数量下的时长（柱）与 GPU 小时（下方）。GPU 越多完成越快，但扩展不理想时消耗更多 GPU 小时；调度在两者间权衡，使所有作业尽早完成。</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/views/scheduler/duration_curve.cpp" line="82"/>
        <source>%n GPU(s)</source>
        <translation>
            <numerusform>%n 个 GPU</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/duration_curve.cpp" line="85"/>
        <source>%1 GPU·h</source>
        <translation>%1 GPU·小时</translation>
    </message>
</context>
<context>
    <name>gx::app::EnginePanel</name>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="106"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="106"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="106"/>
        <source>Memory (GiB)</source>
        <translation>显存（GiB）</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="106"/>
        <source>SMs</source>
        <translation>SM 数</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="107"/>
        <source>Compute capability</source>
        <translation>计算能力</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="107"/>
        <source>SM clock (MHz)</source>
        <translation>SM 频率（MHz）</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="108"/>
        <source>Memory clock (MHz)</source>
        <translation>显存频率（MHz）</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="108"/>
        <source>Links</source>
        <translation>互连</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="116"/>
        <source>Refresh devices</source>
        <translation>刷新设备</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="116"/>
        <source>Profile GEMMs</source>
        <translation>测量 GEMM</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="117"/>
        <source>Profile layer</source>
        <translation>测量层</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="117"/>
        <source>Profile HBM</source>
        <translation>测量 HBM</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="118"/>
        <source>Profile NCCL</source>
        <translation>测量 NCCL</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="118"/>
        <source>Profile all</source>
        <translation>全部测量</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="126"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="143"/>
        <source>GEMM throughput</source>
        <translation>GEMM 吞吐量</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="144"/>
        <source>NCCL bus bandwidth</source>
        <translation>NCCL 总线带宽</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="150"/>
        <source>Load results…</source>
        <translation>加载结果…</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="151"/>
        <source>Save results…</source>
        <translation>保存结果…</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="152"/>
        <source>Save as cluster profile…</source>
        <translation>另存为集群配置…</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="157"/>
        <source>Save measurements</source>
        <translation>保存测量结果</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="157"/>
        <location filename="../app/views/engine_panel.cpp" line="481"/>
        <location filename="../app/views/engine_panel.cpp" line="495"/>
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="161"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="199"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/views/engine_panel.cpp" line="214"/>
        <source>%n GPU(s), driver %1</source>
        <translation>
            <numerusform>%n 个 GPU，驱动 %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="219"/>
        <location filename="../app/views/engine_panel.cpp" line="228"/>
        <source>CUDA runtime: %1</source>
        <translation>CUDA 运行时：%1</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="234"/>
        <source>The NVIDIA driver is missing or too old for this build&apos;s CUDA version.</source>
        <translation>NVIDIA 驱动程序缺失，或对于此版本所用的 CUDA 版本过旧。</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="236"/>
        <source>No NVIDIA GPU is installed or visible (check CUDA_VISIBLE_DEVICES).</source>
        <translation>未安装 NVIDIA GPU 或 GPU 不可见（请检查 CUDA_VISIBLE_DEVICES）。</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="238"/>
        <source>The GPUs are busy or reserved by another program.</source>
        <translation>GPU 正忙或已被其他程序占用。</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="239"/>
        <source>The CUDA runtime could not start.</source>
        <translation>CUDA 运行时无法启动。</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="243"/>
        <source>No GPU found: %1 Profiling needs an NVIDIA GPU. Still available: load saved measurements, view their charts and save them as a cluster profile. Refresh devices checks again.</source>
        <translation>未找到 GPU：%1 性能测量需要 NVIDIA GPU。仍可使用：加载已保存的测量结果、查看其图表，并将其保存为集群配置。“刷新设备”可重新检测。</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="251"/>
        <source>A profiling job is already running.</source>
        <translation>已有测量任务在运行。</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="358"/>
        <source>Running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="365"/>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="371"/>
        <source>Needs an NVIDIA GPU with a working driver</source>
        <translation>需要装有可用驱动程序的 NVIDIA GPU</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="397"/>
        <source>Done.</source>
        <translation>完成。</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="400"/>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="403"/>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="429"/>
        <source>smallest GEMM dimension</source>
        <translation>GEMM 最小维度</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="429"/>
        <source>TFLOP/s</source>
        <translation>TFLOP/s</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="437"/>
        <source>%1, %2 GPUs</source>
        <translation>%1，%2 个 GPU</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="442"/>
        <source>message size (bytes)</source>
        <translation>消息大小（字节）</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="442"/>
        <source>bus bandwidth (GB/s)</source>
        <translation>总线带宽（GB/s）</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="457"/>
        <source>Could not save the profile: %1</source>
        <translation>无法保存配置：%1</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="466"/>
        <source>Could not save the measurements: %1</source>
        <translation>无法保存测量结果：%1</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="475"/>
        <source>Could not load measurements: %1</source>
        <translation>无法加载测量结果：%1</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="480"/>
        <source>Save as cluster profile</source>
        <translation>另存为集群配置</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="486"/>
        <source>Saved cluster profile %1</source>
        <translation>已保存集群配置 %1</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="495"/>
        <source>Load measurements</source>
        <translation>加载测量结果</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="499"/>
        <source>Loaded %1</source>
        <translation>已加载 %1</translation>
    </message>
</context>
<context>
    <name>gx::app::ExportDialog</name>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="33"/>
        <source>Export plan</source>
        <translation>导出方案</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="43"/>
        <source>Write an approximation when the format cannot express the plan</source>
        <translation>格式无法表达方案时写出近似版本</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="45"/>
        <source>Off: plans using something this framework cannot run are refused with the reasons; search with this framework as the target instead. On: the closest approximation is written and every change is listed.</source>
        <translation>关闭：使用该框架无法运行之功能的方案会被拒绝并说明原因；请改为以该框架为目标进行搜索。开启：写出最接近的近似版本，并列出每一处改动。</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="48"/>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="51"/>
        <source>master address (default: first node)</source>
        <translation>主节点地址（默认：第一个节点）</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="53"/>
        <source>Slurm partition</source>
        <translation>Slurm 分区</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="55"/>
        <source>container image (optional)</source>
        <translation>容器镜像（可选）</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="57"/>
        <source>training script, e.g. pretrain_gpt.py</source>
        <translation>训练脚本，例如 pretrain_gpt.py</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="63"/>
        <source>Launcher</source>
        <translation>启动器</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="81"/>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="82"/>
        <source>Save...</source>
        <translation>保存...</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="88"/>
        <source>Save export</source>
        <translation>保存导出</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="139"/>
        <source>Copied %1 characters to the clipboard.</source>
        <translation>已复制 %1 个字符到剪贴板。</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="145"/>
        <source>Nothing to save: this format cannot express the plan exactly.</source>
        <translation>没有可保存的内容：该格式无法准确表达此方案。</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="151"/>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="154"/>
        <source>Saved %1.</source>
        <translation>已保存 %1。</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="163"/>
        <source>No plan to export yet: run a search or open a plan.</source>
        <translation>尚无可导出的方案：请运行搜索或打开方案。</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="185"/>
        <source>Cannot express: %1</source>
        <translation>无法表达：%1</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="190"/>
        <source>&lt;span style=&apos;color:#d0302a&apos;&gt;Refused: %1 cannot run this plan as it was costed.&lt;/span&gt; Search with %2 as the target (search settings), or tick &quot;Write an approximation&quot;.</source>
        <translation>&lt;span style=&apos;color:#d0302a&apos;&gt;已拒绝：%1 无法按估算时的方式运行此方案。&lt;/span&gt;请在搜索设置中以 %2 为目标进行搜索，或勾选“写出近似版本”。</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="201"/>
        <source>Not supported by this target: %1</source>
        <translation>此目标不支持：%1</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="206"/>
        <source>Note: %1</source>
        <translation>注意：%1</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="211"/>
        <source>Everything in the plan is expressed in this format.</source>
        <translation>方案的全部内容都能用此格式表达。</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="212"/>
        <source>%1 note(s): read them before using the export.</source>
        <translation>%1 条注意事项：使用导出结果前请先阅读。</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="215"/>
        <source>&lt;span style=&apos;color:#d0302a&apos;&gt;Cannot export: %1&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#d0302a&apos;&gt;无法导出：%1&lt;/span&gt;</translation>
    </message>
</context>
<context>
    <name>gx::app::FileActions</name>
    <message>
        <location filename="../app/file_actions.cpp" line="36"/>
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="56"/>
        <source>Open model profile</source>
        <translation>打开模型配置</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="56"/>
        <location filename="../app/file_actions.cpp" line="64"/>
        <location filename="../app/file_actions.cpp" line="75"/>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON 文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="60"/>
        <source>Import Hugging Face config.json</source>
        <translation>导入 Hugging Face config.json</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="60"/>
        <source>config.json (config.json *.json)</source>
        <translation>config.json (config.json *.json)</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="64"/>
        <source>Open cluster profile</source>
        <translation>打开集群配置</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="75"/>
        <source>Open plan</source>
        <translation>打开方案</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="97"/>
        <source>Sequence length set to %1 tokens, the length the plan was searched for (the model had %2).</source>
        <translation>序列长度已设为 %1 个 token，即该方案搜索时的长度（模型原为 %2）。</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="112"/>
        <source>Runtime set to %1, the runtime the plan was searched with (it was %2).</source>
        <translation>运行时已设为 %1，即搜索该方案时所用的运行时（原为 %2）。</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="116"/>
        <source>The plan was searched with the runtime %1, which is not a preset: it is costed with %2.</source>
        <translation>该方案是用运行时 %1 搜索的，它不是预设：现按 %2 计算其代价。</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="124"/>
        <source>Cannot open plan %1: %2</source>
        <translation>无法打开方案 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="142"/>
        <source>Save model profile</source>
        <translation>保存模型配置</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="150"/>
        <source>Save cluster profile</source>
        <translation>保存集群配置</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="159"/>
        <source>No plan to save yet.</source>
        <translation>尚无可保存的方案。</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="162"/>
        <source>Save plan</source>
        <translation>保存方案</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="205"/>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
</context>
<context>
    <name>gx::app::FrontierChart</name>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="35"/>
        <source>Plans: iteration time vs peak memory per GPU</source>
        <translation>方案：迭代时间与每 GPU 峰值显存</translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="37"/>
        <source>Evaluated plans</source>
        <translation>已评估方案</translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="42"/>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="45"/>
        <source>Pareto-optimal plans</source>
        <translation>帕累托最优方案</translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="49"/>
        <source>Shown plan</source>
        <translation>当前显示方案</translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="54"/>
        <source>Memory budget</source>
        <translation>显存预算</translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="60"/>
        <source>Peak memory per GPU (GiB)</source>
        <translation>每 GPU 峰值显存（GiB）</translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="62"/>
        <source>Iteration time (s)</source>
        <translation>迭代时间（秒）</translation>
    </message>
</context>
<context>
    <name>gx::app::GanttChart</name>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="36"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="38"/>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="40"/>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="41"/>
        <source>%1 d</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="48"/>
        <source>Schedule Gantt chart</source>
        <translation>调度甘特图</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="103"/>
        <source>Mark “%1” done at %2</source>
        <translation>将“%1”标记为在 %2 完成</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="104"/>
        <source>Mark “%1” failed at %2</source>
        <translation>将“%1”标记为在 %2 失败</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="106"/>
        <source>Jobs that started before then keep running; the others are planned again.</source>
        <translation>此前已开始的作业继续运行；其余作业重新规划。</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="157"/>
        <source>nodes %1-%2</source>
        <translation>节点 %1-%2</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="164"/>
        <source>node %1, NVLink island %2</source>
        <translation>节点 %1，NVLink 岛 %2</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="165"/>
        <source>node %1, NVLink islands %2-%3</source>
        <translation>节点 %1，NVLink 岛 %2-%3</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="177"/>
        <source>done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="178"/>
        <source>failed</source>
        <translation>已失败</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="179"/>
        <source>running (keeps its GPUs)</source>
        <translation>运行中（保留其 GPU）</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="180"/>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2)&lt;br&gt;%3 GPUs (ids %4-%5)&lt;br&gt;start %6, end %7</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;（%2）&lt;br&gt;%3 个 GPU（编号 %4-%5）&lt;br&gt;开始 %6，结束 %7</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="188"/>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 GPUs (ids %3-%4)&lt;br&gt;start %5, end %6&lt;br&gt;iteration %7 s, peak memory %8 GiB&lt;br&gt;%9</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 个 GPU（编号 %3-%4）&lt;br&gt;开始 %5，结束 %6&lt;br&gt;每次迭代 %7 秒，峰值显存 %8 GiB&lt;br&gt;%9</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="223"/>
        <source>No schedule yet: add jobs to plan them.</source>
        <translation>尚无调度：请添加任务进行规划。</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="160"/>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="235"/>
        <source>node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="297"/>
        <source>%1 (done)</source>
        <translation>%1（已完成）</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="299"/>
        <source>%1 (failed)</source>
        <translation>%1（已失败）</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="332"/>
        <source>now</source>
        <translation>当前</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="340"/>
        <source>lower bound</source>
        <translation>下界</translation>
    </message>
</context>
<context>
    <name>gx::app::LayerTableModel</name>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="113"/>
        <source>Layer %1 (%2) on stage %3
forward %4, backward %5 (recompute %6)
TP/CP/EP comm %7, ZeRO-3 exposed %8, gradient sync per iteration %9
weights %10, grads %11, optimizer %12</source>
        <translation>第 %1 层（%2），位于阶段 %3
前向 %4，反向 %5（重计算 %6）
TP/CP/EP 通信 %7，未掩盖的 ZeRO-3 %8，每次迭代梯度同步 %9
权重 %10，梯度 %11，优化器 %12</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="137"/>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="139"/>
        <source>Stack</source>
        <translation>层堆叠</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="141"/>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="143"/>
        <source>Strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="145"/>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="147"/>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="149"/>
        <source>DP type</source>
        <translation>DP 类型</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="151"/>
        <source>Checkpoint</source>
        <translation>重计算</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="153"/>
        <source>Time / micro-batch</source>
        <translation>每微批次时间</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="155"/>
        <source>Exposed comm</source>
        <translation>未掩盖通信</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="157"/>
        <source>Model states</source>
        <translation>模型状态</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="159"/>
        <source>Activations / micro-batch</source>
        <translation>每微批次激活</translation>
    </message>
</context>
<context>
    <name>gx::app::MainWindow</name>
    <message>
        <location filename="../app/main_window.cpp" line="69"/>
        <source>Galvatron Explorer</source>
        <translation>Galvatron Explorer</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="96"/>
        <source>Plan</source>
        <translation>方案</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="97"/>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="98"/>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="99"/>
        <source>Decision tree</source>
        <translation>决策树</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="100"/>
        <source>Frontier</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="101"/>
        <source>Sweeps</source>
        <translation>扫描</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="111"/>
        <location filename="../app/main_window.cpp" line="428"/>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="112"/>
        <source>What-if</source>
        <translation>假设分析</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="114"/>
        <source>Multi-model</source>
        <translation>多模型</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="117"/>
        <source>Engine</source>
        <translation>测量引擎</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="127"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="128"/>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="146"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="147"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="148"/>
        <source>Search the best plans (Ctrl+R)</source>
        <translation>搜索最佳方案（Ctrl+R）</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="149"/>
        <source>Cancel the search (Esc)</source>
        <translation>取消搜索（Esc）</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="165"/>
        <source>Best plans:</source>
        <translation>最佳方案：</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="134"/>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="225"/>
        <source>Frontier plan %1</source>
        <translation>前沿方案 %1</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="81"/>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="269"/>
        <source>the last model (%1) did not load: %2</source>
        <translation>上次的模型（%1）无法加载：%2</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="273"/>
        <source>the last cluster (%1) did not load: %2</source>
        <translation>上次的集群（%1）无法加载：%2</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="280"/>
        <source>Started with the default profiles: %1.</source>
        <translation>已使用默认配置启动：%1。</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="322"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="323"/>
        <source>Open &amp;model profile...</source>
        <translation>打开模型配置(&amp;M)...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="325"/>
        <source>&amp;Import Hugging Face config.json...</source>
        <translation>导入 Hugging Face config.json(&amp;I)...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="327"/>
        <source>Open &amp;cluster profile...</source>
        <translation>打开集群配置(&amp;C)...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="329"/>
        <source>Open &amp;plan...</source>
        <translation>打开方案(&amp;P)...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="330"/>
        <source>&amp;Recent files</source>
        <translation>最近文件(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="332"/>
        <source>Save model profile as...</source>
        <translation>模型配置另存为...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="333"/>
        <source>Save cluster profile as...</source>
        <translation>集群配置另存为...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="334"/>
        <source>&amp;Save plan as...</source>
        <translation>方案另存为(&amp;S)...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="336"/>
        <source>&amp;Export plan...</source>
        <translation>导出方案(&amp;E)...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="339"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="342"/>
        <source>&amp;Search</source>
        <translation>搜索(&amp;S)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="343"/>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="345"/>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="347"/>
        <source>Run &amp;sweeps</source>
        <translation>运行扫描(&amp;S)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="353"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="371"/>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="373"/>
        <location filename="../app/main_window.cpp" line="388"/>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="374"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="375"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="386"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="403"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="404"/>
        <source>&amp;Notation</source>
        <translation>记号说明(&amp;N)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="407"/>
        <source>Notation</source>
        <translation>记号说明</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="413"/>
        <source>&amp;About Galvatron Explorer</source>
        <translation>关于 Galvatron Explorer(&amp;A)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="415"/>
        <source>About Galvatron Explorer</source>
        <translation>关于 Galvatron Explorer</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="416"/>
        <source>&lt;h3&gt;Galvatron Explorer %1&lt;/h3&gt;&lt;p&gt;Plans hybrid-parallel training (data, tensor, pipeline, sequence parallelism, ZeRO, checkpointing) of Transformer models, after Galvatron (Miao et al., VLDB 2023).&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Galvatron Explorer %1&lt;/h3&gt;&lt;p&gt;为 Transformer 模型规划混合并行训练（数据、张量、流水线、序列并行，ZeRO，激活检查点），方法源自 Galvatron（Miao 等，VLDB 2023）。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="422"/>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="504"/>
        <source>Fix the profile first: %1</source>
        <translation>请先修正配置：%1</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="523"/>
        <source>Searching...</source>
        <translation>正在搜索...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="534"/>
        <source>Cancelling...</source>
        <translation>正在取消...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="576"/>
        <source>Elapsed %1, finishing</source>
        <translation>已用 %1，即将完成</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="579"/>
        <source>Elapsed %1, less than a second left</source>
        <translation>已用 %1，剩余不到一秒</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="581"/>
        <source>Elapsed %1, about %2 left</source>
        <translation>已用 %1，约剩 %2</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="577"/>
        <source>Elapsed %1</source>
        <translation>已用 %1</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="561"/>
        <source>Best so far: %1, %2: %3</source>
        <translation>目前最优：%1，%2：%3</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="656"/>
        <source>%1. %2, %3: %4</source>
        <translation>%1. %2，%3：%4</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="660"/>
        <source>%1. no longer fits the inputs: %2</source>
        <translation>%1. 已不适用于当前输入：%2</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="665"/>
        <source>%1 in %2: %3 tree nodes (%4 pruned), %5 plans evaluated</source>
        <translation>%1，用时 %2：%3 个树节点（剪枝 %4 个），评估了 %5 个方案</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="666"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="666"/>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="678"/>
        <source>&lt;br&gt;&lt;span style=&apos;color:#d0302a&apos;&gt;No plan fits: %1&lt;/span&gt;</source>
        <translation>&lt;br&gt;&lt;span style=&apos;color:#d0302a&apos;&gt;没有可行方案：%1&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="635"/>
        <source>&lt;span style=&apos;color:#d0302a&apos;&gt;%1&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#d0302a&apos;&gt;%1&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="636"/>
        <source>%1 (field %2)</source>
        <translation>%1（字段 %2）</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="683"/>
        <source>Inputs changed since the search: its plans are shown re-costed with them; run the search again (Ctrl+R).</source>
        <translation>搜索后输入已更改：其方案按当前输入重新计算后显示；请重新运行搜索（Ctrl+R）。</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="706"/>
        <source>%1: %2, %3</source>
        <translation>%1：%2，%3</translation>
    </message>
</context>
<context>
    <name>gx::app::MemoryBarsWidget</name>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="66"/>
        <source>Memory per stage</source>
        <translation>各阶段显存</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="70"/>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="70"/>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="70"/>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="70"/>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="71"/>
        <source>Transient</source>
        <translation>临时缓冲</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="71"/>
        <source>Embedding/head</source>
        <translation>嵌入层/输出头</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="71"/>
        <source>Reserved</source>
        <translation>预留</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="141"/>
        <source>No plan yet: run a search or evaluate a plan.</source>
        <translation>尚无方案：请运行搜索或评估一个方案。</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="164"/>
        <source>Peak memory per GPU, by pipeline stage</source>
        <translation>按流水线阶段的每 GPU 峰值显存</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="202"/>
        <location filename="../app/views/plan_widgets.cpp" line="238"/>
        <location filename="../app/views/plan_widgets.cpp" line="256"/>
        <source>stage %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="214"/>
        <source>GPU capacity %1</source>
        <translation>GPU 容量 %1</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="217"/>
        <source>budget %1</source>
        <translation>预算 %1</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="278"/>
        <source>Stage %1: %2</source>
        <translation>阶段 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="283"/>
        <source>Parameters per GPU: %1</source>
        <translation>每个 GPU 的参数：%1</translation>
    </message>
</context>
<context>
    <name>gx::app::ModelEditor</name>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="108"/>
        <source>Built-in model presets</source>
        <translation>内置模型预设</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="109"/>
        <source>(custom model)</source>
        <translation>（自定义模型）</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="116"/>
        <source>Open a model profile or config.json</source>
        <translation>打开模型配置或 config.json</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="118"/>
        <source>HF</source>
        <translation>HF</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="119"/>
        <source>Import a Hugging Face config.json</source>
        <translation>导入 Hugging Face config.json</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="121"/>
        <source>Save the model profile as JSON</source>
        <translation>将模型配置保存为 JSON</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="145"/>
        <source>gated FFN (SwiGLU)</source>
        <translation>门控 FFN（SwiGLU）</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="146"/>
        <source>tied embeddings</source>
        <translation>共享嵌入权重</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="147"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="148"/>
        <source>Stack</source>
        <translation>层堆叠</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="149"/>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="150"/>
        <source>Hidden size</source>
        <translation>隐藏层维度</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="151"/>
        <source>FFN size</source>
        <translation>FFN 维度</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="152"/>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="153"/>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="154"/>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="155"/>
        <source>Vocabulary</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="172"/>
        <source>mixture of experts</source>
        <translation>混合专家</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="173"/>
        <source>Routed experts in place of the dense FFN (the FFN size is one expert&apos;s)</source>
        <translation>以路由专家替代稠密 FFN（FFN 大小为单个专家的大小）</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="180"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="182"/>
        <source>dropless</source>
        <translation>不丢弃</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="183"/>
        <source>Routed experts</source>
        <translation>路由专家</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="184"/>
        <source>Experts per token (top-k)</source>
        <translation>每个 token 的专家数（top-k）</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="185"/>
        <source>Shared experts</source>
        <translation>共享专家</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="186"/>
        <source>Shared expert FFN size</source>
        <translation>共享专家 FFN 大小</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="187"/>
        <source>Capacity factor</source>
        <translation>容量因子</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="189"/>
        <source>multi-latent attention</source>
        <translation>多头潜在注意力</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="190"/>
        <source>DeepSeek-V2/V3 attention: low-rank compressed keys and values</source>
        <translation>DeepSeek-V2/V3 注意力：低秩压缩的键和值</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="194"/>
        <source>full rank</source>
        <translation>满秩</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="199"/>
        <source>Query rank</source>
        <translation>查询秩</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="200"/>
        <source>Key/value rank</source>
        <translation>键/值秩</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="201"/>
        <source>Query/key head size without rotary</source>
        <translation>不含旋转部分的查询/键头大小</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="202"/>
        <source>Rotary head size</source>
        <translation>旋转头大小</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="203"/>
        <source>Value head size</source>
        <translation>值头大小</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="53"/>
        <source>Cannot load %1: %2</source>
        <translation>无法加载 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="320"/>
        <source>Sequence length set to %1 for training (the config&apos;s context window is %2; change it above if you train longer sequences).</source>
        <translation>训练序列长度设为 %1（配置的上下文窗口为 %2；如训练更长的序列，请在上方修改）。</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="395"/>
        <source>%1 layers, %2 B parameters, %3 B active per token (%4)</source>
        <translation>%1 层，%2 B 参数，每个 token 激活 %3 B（%4）</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="401"/>
        <source>%1 layers, %2 B parameters (%3)</source>
        <translation>%1 层，%2 B 参数（%3）</translation>
    </message>
</context>
<context>
    <name>gx::app::PlanView</name>
    <message>
        <location filename="../app/views/plan_view.cpp" line="63"/>
        <source>No plan yet: choose a model and a cluster, then run the search (Ctrl+R).</source>
        <translation>尚无方案：请选择模型和集群，然后运行搜索（Ctrl+R）。</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="91"/>
        <source>&lt;b&gt;Target %1&lt;/b&gt; (%2): runs this plan exactly as planned.</source>
        <translation>&lt;b&gt;目标 %1&lt;/b&gt;（%2）：完全按计划运行此方案。</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="94"/>
        <source>&lt;b&gt;Target %1&lt;/b&gt; (%2) cannot run this plan as planned: %3</source>
        <translation>&lt;b&gt;目标 %1&lt;/b&gt;（%2）无法按计划运行此方案：%3</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="100"/>
        <source>Price of the target: %1.</source>
        <translation>目标的代价：%1。</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="103"/>
        <source>The best plan for any runtime uses what %1 cannot express: %2%3</source>
        <translation>任意运行时的最佳方案使用了 %1 无法表达的内容：%2%3</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="106"/>
        <source> (+%1 more, hover)</source>
        <translation>（另有 %1 项，悬停查看）</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="130"/>
        <source>Runs exactly as planned on every target framework (%1).</source>
        <translation>在所有目标框架上都完全按计划运行（%1）。</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="133"/>
        <source>No target framework runs this plan exactly as planned (hover for the reasons; search with a target framework for one that does).</source>
        <translation>没有目标框架能完全按计划运行此方案（悬停查看原因；可选择目标框架重新搜索）。</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="136"/>
        <source>Runs exactly as planned on %1; not on %2 (hover for the reasons).</source>
        <translation>可在 %1 上完全按计划运行；在 %2 上不能（悬停查看原因）。</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="148"/>
        <source>&lt;b&gt;%1&lt;/b&gt; &amp;mdash; %2 on %3 (%4 GPUs)&lt;br&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; &amp;mdash; %2，%3（%4 个 GPU）&lt;br&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="153"/>
        <source>Iteration &lt;b&gt;%1&lt;/b&gt; &amp;nbsp; %2 samples/s &amp;nbsp; %3 tokens/s &amp;nbsp; %4 TFLOP/s per GPU (MFU %5%) &amp;nbsp; peak memory &lt;b&gt;%6&lt;/b&gt; of %7 on stage %8 %9</source>
        <translation>每次迭代 &lt;b&gt;%1&lt;/b&gt; &amp;nbsp; %2 样本/秒 &amp;nbsp; %3 token/秒 &amp;nbsp; 每 GPU %4 TFLOP/s（MFU %5%） &amp;nbsp; 峰值显存 &lt;b&gt;%6&lt;/b&gt; / %7，位于阶段 %8 %9</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="162"/>
        <source>&lt;span style=&apos;color:#d0302a&apos;&gt;&lt;b&gt;does not fit&lt;/b&gt;&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#d0302a&apos;&gt;&lt;b&gt;显存不足&lt;/b&gt;&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="170"/>
        <source>%1 left under the budget, which keeps %2 (%3% of the GPU) free as headroom &amp;nbsp; costed for the %4 runtime, %5</source>
        <translation>预算内剩余 %1，预算另留 %2（GPU 的 %3%）作为余量 &amp;nbsp; 按 %4 运行时、%5 计算</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="172"/>
        <source>%1 over the budget, which keeps %2 (%3% of the GPU) free as headroom &amp;nbsp; costed for the %4 runtime, %5</source>
        <translation>超出预算 %1，预算另留 %2（GPU 的 %3%）作为余量 &amp;nbsp; 按 %4 运行时、%5 计算</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="183"/>
        <source>Caution: torchtitan&apos;s 1F1B pipeline runs measured %1-%2 GiB more peak memory per GPU than this model predicts (%3 published runs; its interleaved run agrees within 1.2%; cause not identified): keep that much memory free, or use the interleaved schedule.</source>
        <translation>注意：torchtitan 的 1F1B 流水线运行实测的每 GPU 峰值显存比本模型预测多 %1-%2 GiB（%3 次公开运行；其交错调度运行的误差在 1.2% 以内；原因未明）：请预留这么多显存，或改用交错调度。</translation>
    </message>
</context>
<context>
    <name>gx::app::RuntimeEditor</name>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="204"/>
        <source>Runtime profile: %1</source>
        <translation>运行时配置：%1</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="44"/>
        <source>Identity</source>
        <translation>标识</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="44"/>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="44"/>
        <source>Recomputation</source>
        <translation>重计算</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="45"/>
        <source>Overlap and communication</source>
        <translation>重叠与通信</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="45"/>
        <source>Fixed overheads</source>
        <translation>固定开销</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="45"/>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="46"/>
        <source>FP8</source>
        <translation>FP8</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="46"/>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="49"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="49"/>
        <source>Name the plans record as their runtime</source>
        <translation>计划记录的运行时名称</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="50"/>
        <source>Framework</source>
        <translation>框架</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="50"/>
        <source>Training framework the facts describe</source>
        <translation>这些参数所描述的训练框架</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="51"/>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="51"/>
        <source>Framework version the facts were read from</source>
        <translation>参数所依据的框架版本</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="52"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="52"/>
        <source>Where the facts come from</source>
        <translation>参数的出处</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="53"/>
        <source>Attention kernel</source>
        <translation>注意力内核</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="54"/>
        <source>flash and efficient kernels never store the s x s scores; eager attention stores scores, softmax and dropout mask</source>
        <translation>flash 与 efficient 内核从不保存 s x s 分数矩阵；eager 注意力保存分数、softmax 和 dropout 掩码</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="56"/>
        <source>Fused norms</source>
        <translation>融合归一化</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="57"/>
        <source>Norms store their bf16 input only; off: eager norms keep an fp32 copy as well</source>
        <translation>归一化只保存其 bf16 输入；关闭：eager 归一化还保留一份 fp32 副本</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="58"/>
        <source>Fused SwiGLU</source>
        <translation>融合 SwiGLU</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="59"/>
        <source>The gated activation stores the fc1 output only; off: gate, up, silu and product</source>
        <translation>门控激活只保存 fc1 输出；关闭：保存 gate、up、silu 及乘积</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="60"/>
        <source>Expanded GQA key/value</source>
        <translation>展开的 GQA 键/值</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="61"/>
        <source>Key/value heads are repeated to all query heads before attention and stored</source>
        <translation>键/值头在注意力计算前复制到所有查询头并被保存</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="62"/>
        <source>Extra stored bytes (x hidden)</source>
        <translation>额外保存字节（× hidden）</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="63"/>
        <source>Bytes per token and layer the component model does not name, in units of the hidden size</source>
        <translation>组件模型未列出的每 token 每层字节数，以 hidden 大小为单位</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="64"/>
        <source>Op-level selective recomputation</source>
        <translation>算子级选择性重计算</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="65"/>
        <source>On: keep the layer input, the attention output and a fraction of the matmul outputs (torchtitan). Off: recompute the attention core only (Megatron)</source>
        <translation>开启：保留层输入、注意力输出和部分矩阵乘输出（torchtitan）。关闭：只重计算注意力核心（Megatron）</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="67"/>
        <source>Matmul outputs kept</source>
        <translation>保留的矩阵乘输出</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="68"/>
        <source>Fraction of the matmul outputs an op-level policy keeps</source>
        <translation>算子级策略保留的矩阵乘输出比例</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="69"/>
        <source>TP overlap</source>
        <translation>TP 重叠</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="70"/>
        <source>Fraction of tensor-parallel collectives hidden behind GEMMs</source>
        <translation>隐藏在 GEMM 之后的张量并行集合通信比例</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="71"/>
        <source>DP overlap</source>
        <translation>DP 重叠</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="72"/>
        <source>Fraction of a layer&apos;s backward that can hide its gradient reduction</source>
        <translation>一层反向计算中可用于隐藏其梯度归约的比例</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="73"/>
        <source>Overlapped parameter all-gather</source>
        <translation>重叠的参数 all-gather</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="74"/>
        <source>ZeRO-1/2: the parameter all-gather after the step hides behind the next forward</source>
        <translation>ZeRO-1/2：优化器步骤后的参数 all-gather 隐藏在下一次前向之后</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="75"/>
        <source>ZeRO-3 overlap</source>
        <translation>ZeRO-3 重叠</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="76"/>
        <source>Fraction of a layer&apos;s compute that can hide its ZeRO-3 gathers and reduce-scatters</source>
        <translation>一层计算中可用于隐藏其 ZeRO-3 gather 与 reduce-scatter 的比例</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="77"/>
        <source>Communication efficiency</source>
        <translation>通信效率</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="78"/>
        <source>Fraction of the links&apos; collective bandwidth the DP and ZeRO collectives reach</source>
        <translation>DP 与 ZeRO 集合通信达到的链路集合带宽比例</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="79"/>
        <source>Keep ZeRO-3 weights unsharded under PP</source>
        <translation>PP 下保持 ZeRO-3 权重不分片</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="80"/>
        <source>Weights and gradients stay gathered from the first forward to the last backward</source>
        <translation>权重和梯度从第一次前向到最后一次反向都保持聚合</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="81"/>
        <source>ZeRO-3 live parameters</source>
        <translation>ZeRO-3 驻留参数</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="82"/>
        <source>Most parameters gathered at once (DeepSpeed stage3_max_live_parameters); 0: the running layer and the prefetched next one</source>
        <translation>同时收集的最多参数数（DeepSpeed stage3_max_live_parameters）；0：当前层与预取的下一层</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="84"/>
        <source>Context parallelism: all-gather K/V</source>
        <translation>上下文并行：全收集 K/V</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="85"/>
        <source>On: K/V of all context-parallel ranks are gathered once after the first attention block (PyTorch context_parallel); off: passed rank to rank behind every block (Megatron)</source>
        <translation>开启：在第一个注意力块之后一次性收集所有上下文并行 rank 的 K/V（PyTorch context_parallel）；关闭：在每个块之后逐个 rank 传递（Megatron）</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="87"/>
        <source>Context parallelism: dK/dV bytes</source>
        <translation>上下文并行：dK/dV 字节数</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="88"/>
        <source>Bytes per element of the key/value gradient sums passed between context-parallel ranks (4: fp32)</source>
        <translation>上下文并行 rank 之间传递的键/值梯度和每个元素的字节数（4：fp32）</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="90"/>
        <source>Hierarchical ZeRO-3 rings</source>
        <translation>分层 ZeRO-3 环</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="91"/>
        <source>Off: flat rings at one GPU&apos;s network share</source>
        <translation>关闭：按单个 GPU 网络份额的扁平环</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="92"/>
        <source>Grouped expert GEMM efficiency</source>
        <translation>分组专家 GEMM 效率</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="93"/>
        <source>Mixture-of-experts layers: throughput of the grouped expert GEMMs relative to one dense GEMM of the same size</source>
        <translation>混合专家层：分组专家 GEMM 相对同等规模稠密 GEMM 的吞吐率</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="95"/>
        <source>Expert load imbalance</source>
        <translation>专家负载不均衡</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="96"/>
        <source>Expert parallelism: tokens on the busiest expert rank over the average (1 = balanced)</source>
        <translation>专家并行：最繁忙专家 rank 上的 token 数与平均值之比（1 = 均衡）</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="97"/>
        <source>Per-layer overhead (us)</source>
        <translation>每层开销（微秒）</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="98"/>
        <source>Per layer and micro-batch, forward and backward: launches, hooks, syncs</source>
        <translation>每层每个微批次的前向和反向开销：内核启动、钩子、同步</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="99"/>
        <source>Per-iteration overhead (s)</source>
        <translation>每次迭代开销（秒）</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="100"/>
        <source>Data loading, logging, gradient clipping</source>
        <translation>数据加载、日志、梯度裁剪</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="101"/>
        <source>Weight bytes per parameter</source>
        <translation>每参数权重字节</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="101"/>
        <source>Working weights (2 for bf16/fp16)</source>
        <translation>工作权重（bf16/fp16 为 2）</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="102"/>
        <source>Gradient bytes per parameter</source>
        <translation>每参数梯度字节</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="102"/>
        <source>Gradient buffer dtype (4 for fp32)</source>
        <translation>梯度缓冲区数据类型（fp32 为 4）</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="103"/>
        <source>Optimizer bytes per parameter</source>
        <translation>每参数优化器字节</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="104"/>
        <source>Adam: fp32 master weights and two moments</source>
        <translation>Adam：fp32 主权重和两个动量</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="105"/>
        <source>Allocator fragmentation</source>
        <translation>分配器碎片</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="106"/>
        <source>Caching-allocator slack as a fraction of activations and working memory</source>
        <translation>缓存分配器的冗余，占激活和工作内存的比例</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="107"/>
        <source>Bytes per logit</source>
        <translation>每个 logit 的字节</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="108"/>
        <source>Bytes per logit element around the loss (6 fused, 14 eager fp32)</source>
        <translation>损失计算中每个 logit 元素的字节（融合为 6，eager fp32 为 14）</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="109"/>
        <source>Bytes per logit, vocabulary split</source>
        <translation>每个 logit 的字节（词表切分）</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="110"/>
        <source>The same when the vocabulary is split over tensor-parallel ranks (0: as above)</source>
        <translation>词表在张量并行各 rank 间切分时的同一数值（0：同上）</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="111"/>
        <source>Vocabulary padded to a multiple of</source>
        <translation>词表填充到以下值的倍数</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="112"/>
        <source>The vocabulary is padded to a multiple of this times its tensor-parallel size (Megatron-LM --make-vocab-size-divisible-by: 128; 0: not padded)</source>
        <translation>词表填充到该值乘以其张量并行度的倍数（Megatron-LM --make-vocab-size-divisible-by：128；0：不填充）</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="114"/>
        <source>Keep every micro-batch&apos;s logits</source>
        <translation>保留每个微批次的 logits</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="115"/>
        <source>Pipelines keep the last stage&apos;s output of every micro-batch until the step ends</source>
        <translation>流水线保留最后一级每个微批次的输出直到步骤结束</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="116"/>
        <source>Runtime buffers (GiB)</source>
        <translation>运行时缓冲区（GiB）</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="117"/>
        <source>Workspaces and communication buffers beyond the cluster&apos;s reserved memory</source>
        <translation>集群预留内存之外的工作区和通信缓冲区</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="118"/>
        <source>Memory headroom</source>
        <translation>内存余量</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="119"/>
        <source>Fraction of GPU memory the search keeps free (below 0.5)</source>
        <translation>搜索保留空闲的 GPU 内存比例（小于 0.5）</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="120"/>
        <source>Trains FP8 linear layers</source>
        <translation>训练 FP8 线性层</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="120"/>
        <source>The runtime can run FP8 linear layers</source>
        <translation>该运行时可以运行 FP8 线性层</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="121"/>
        <source>FP8 weight copy bytes</source>
        <translation>FP8 权重副本字节</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="122"/>
        <source>Bytes per parameter of the FP8 (and transposed) weight copies</source>
        <translation>FP8（及转置）权重副本的每参数字节</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="123"/>
        <source>FP8 cast traffic</source>
        <translation>FP8 转换流量</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="123"/>
        <source>Extra HBM bytes per linear-layer input element</source>
        <translation>每个线性层输入元素的额外 HBM 字节</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="124"/>
        <source>FP8 inputs kept for backward</source>
        <translation>为反向传播保留的 FP8 输入</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="125"/>
        <source>FP8 linear layers store their inputs in FP8 (1 byte) for the weight gradient (Transformer Engine)</source>
        <translation>FP8 线性层以 FP8（1 字节）保存其输入，用于计算权重梯度（Transformer Engine）</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="218"/>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="224"/>
        <source>Use for search</source>
        <translation>用于搜索</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="225"/>
        <source>Save as JSON...</source>
        <translation>另存为 JSON...</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="227"/>
        <source>The next search costs its plans with this runtime</source>
        <translation>下一次搜索用此运行时评估计划</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="233"/>
        <source>How the training framework implements a plan. Hover a field for its meaning; the user guide cites the source of every preset value.</source>
        <translation>训练框架如何执行计划。将鼠标悬停在字段上可查看其含义；用户指南给出了每个预设值的来源。</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="302"/>
        <source>Save runtime profile</source>
        <translation>保存运行时配置</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="302"/>
        <source>Runtime profile (*.json)</source>
        <translation>运行时配置 (*.json)</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="307"/>
        <source>Runtime profile</source>
        <translation>运行时配置</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="307"/>
        <source>Could not save %1: %2</source>
        <translation>无法保存 %1：%2</translation>
    </message>
</context>
<context>
    <name>gx::app::SchedulerPanel</name>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="65"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="67"/>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="69"/>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="70"/>
        <source>%1 d</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="85"/>
        <source>heuristic</source>
        <translation>启发式</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="87"/>
        <source>exact MILP</source>
        <translation>精确 MILP</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="93"/>
        <source>one job at a time</source>
        <translation>逐个运行任务</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="95"/>
        <source>whole node per job</source>
        <translation>每任务独占整节点</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="97"/>
        <source>equal split</source>
        <translation>平均划分</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="177"/>
        <source>Cluster:</source>
        <translation>集群：</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="182"/>
        <source>Cluster preset, or the path of a cluster profile JSON</source>
        <translation>集群预设，或集群配置 JSON 的路径</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="186"/>
        <source>Add job</source>
        <translation>添加任务</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="187"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="215"/>
        <source>MILP time limit:</source>
        <translation>MILP 时间上限：</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="214"/>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="189"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="191"/>
        <source>Load jobs…</source>
        <translation>加载作业…</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="192"/>
        <source>Save jobs…</source>
        <translation>保存作业…</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="194"/>
        <source>Export schedule JSON…</source>
        <translation>导出调度 JSON…</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="195"/>
        <source>Export launch scripts…</source>
        <translation>导出启动脚本…</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="202"/>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="572"/>
        <source>Solve exactly (MILP)</source>
        <translation>精确求解（MILP）</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="205"/>
        <source>Mixed-integer program solved by COIN-OR CBC, warm-started from the heuristic; reports the proven gap</source>
        <translation>由 COIN-OR CBC 求解的混合整数规划，以启发式结果热启动；报告已证明的最优性差距</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="207"/>
        <source>Not available: built without COIN-OR CBC</source>
        <translation>不可用：构建时未包含 COIN-OR CBC</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="209"/>
        <source>within</source>
        <translation>限时</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="217"/>
        <source>automatically</source>
        <translation>自动</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="220"/>
        <source>After each heuristic schedule with a gap, run the exact MILP in the background (within the time limit) and show its schedule when it is better</source>
        <translation>每次启发式调度存在差距时，在后台（时限内）运行精确 MILP，若更优则显示其调度</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="223"/>
        <source>Reset progress</source>
        <translation>重置进度</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="224"/>
        <source>Forget the jobs marked done or failed on the chart and plan all jobs from the start</source>
        <translation>忘记图表中标记为完成或失败的作业，从头规划所有作业</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="232"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="232"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="232"/>
        <source>Global batch</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="232"/>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="232"/>
        <source>Priority</source>
        <translation>优先级</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="232"/>
        <source>Spill</source>
        <translation>溢出</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="238"/>
        <source>Allow Hydra model spilling: layers kept in host memory and streamed over PCIe</source>
        <translation>允许 Hydra 模型溢出：层保存在主机内存中并通过 PCIe 传输</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="247"/>
        <source>Right-click a job to mark it done or failed at that time; the remaining jobs are planned again.</source>
        <translation>右键点击作业可将其在该时间标记为完成或失败；其余作业重新规划。</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="251"/>
        <source>Job</source>
        <translation>任务</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="251"/>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="251"/>
        <source>GPU ids</source>
        <translation>GPU 编号</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="251"/>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="251"/>
        <source>End</source>
        <translation>结束</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="251"/>
        <source>Plan</source>
        <translation>方案</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="259"/>
        <source>Scheduled jobs</source>
        <translation>已调度作业</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="260"/>
        <source>Why this GPU count</source>
        <translation>为何是该 GPU 数量</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="152"/>
        <source>Right-click a job in the chart to mark it done or failed; click it to see why it got its GPU count.</source>
        <translation>在图表中右键点击作业可标记为完成或失败；单击可查看它为何分配到该 GPU 数量。</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="358"/>
        <source>Uses given iteration times per GPU count: %1</source>
        <translation>使用给定的各 GPU 数迭代时间：%1</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="477"/>
        <source>Planning %n job(s)…</source>
        <translation>
            <numerusform>正在规划 %n 个任务…</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="527"/>
        <source>Solving…</source>
        <translation>正在求解…</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="535"/>
        <source>Exact MILP improving this schedule in the background: %1 s of at most %2 s…</source>
        <translation>精确 MILP 正在后台改进此调度：已用 %1 秒，最多 %2 秒…</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="625"/>
        <source>%1 (done)</source>
        <translation>%1（已完成）</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="627"/>
        <source>%1 (failed)</source>
        <translation>%1（已失败）</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="629"/>
        <source>%1 (running)</source>
        <translation>%1（运行中）</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="650"/>
        <source>No job can be scheduled.</source>
        <translation>没有可调度的任务。</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="660"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="661"/>
        <source>&lt;b&gt;Makespan %1&lt;/b&gt; (%2) · lower bound %3 · gap %4%</source>
        <translation>&lt;b&gt;总完成时间 %1&lt;/b&gt;（%2）· 下界 %3 · 差距 %4%</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="668"/>
        <source>%1 %2 (%3x)</source>
        <translation>%1 %2（%3x）</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="671"/>
        <source>Baselines: %1</source>
        <translation>基线：%1</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="678"/>
        <source>Re-planned at %1: %2 done, %3 failed, %4 running (they keep their GPUs); the other jobs start no earlier.</source>
        <translation>于 %1 重新规划：%2 个完成，%3 个失败，%4 个运行中（保留其 GPU）；其余作业不早于此时开始。</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="688"/>
        <source>%1 cannot run: %2</source>
        <translation>%1 无法运行：%2</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="794"/>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="797"/>
        <source>Load jobs</source>
        <translation>加载任务</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="794"/>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="802"/>
        <source>Jobs JSON (*.json)</source>
        <translation>任务 JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="801"/>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="805"/>
        <source>Save jobs</source>
        <translation>保存任务</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="809"/>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="813"/>
        <source>Export schedule</source>
        <translation>导出调度</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="810"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="817"/>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="820"/>
        <source>Export launch scripts</source>
        <translation>导出启动脚本</translation>
    </message>
</context>
<context>
    <name>gx::app::SearchSettings</name>
    <message>
        <location filename="../app/views/search_settings.cpp" line="39"/>
        <source>any runtime</source>
        <translation>任意运行时</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="43"/>
        <source>Search only plans this framework runs exactly as planned (and as exported)</source>
        <translation>只搜索该框架能完全按计划（及导出内容）运行的方案</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="47"/>
        <source>Load runtime JSON...</source>
        <translation>加载运行时 JSON...</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="49"/>
        <source>How the training framework implements the plan: stored activations, what overlaps, fixed overheads, calibrated against measured runs (galvatron validate)</source>
        <translation>训练框架如何执行计划：保存的激活、哪些通信可重叠、固定开销，已用实测运行校准（galvatron validate）</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="56"/>
        <source>Numeric format of the linear layers; attention, norms and the optimizer stay in BF16</source>
        <translation>线性层的数值格式；注意力、归一化和优化器仍为 BF16</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="64"/>
        <source>whole cluster</source>
        <translation>整个集群</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="66"/>
        <source>automatic, or e.g. 64, 128, 256</source>
        <translation>自动，或例如 64, 128, 256</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="67"/>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="68"/>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="70"/>
        <location filename="../app/views/search_settings.cpp" line="72"/>
        <location filename="../app/views/search_settings.cpp" line="74"/>
        <location filename="../app/views/search_settings.cpp" line="76"/>
        <source>any</source>
        <translation>任意</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="250"/>
        <source>Largest context-parallel degree; searched for sequences of at least %1 tokens</source>
        <translation>最大上下文并行度；仅对至少 %1 个 token 的序列搜索</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="252"/>
        <source>Largest expert-parallel degree (mixture-of-experts layers)</source>
        <translation>最大专家并行度（混合专家层）</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="79"/>
        <source>automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="82"/>
        <source>all cores</source>
        <translation>全部核心</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="84"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="85"/>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="87"/>
        <source>After this many seconds the per-layer search stops and shows the best plans found so far, marked as not proven optimal</source>
        <translation>经过这么多秒后，逐层搜索停止并显示目前找到的最佳方案，并标注为未证明最优</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="89"/>
        <source>sequence parallelism</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="90"/>
        <source>activation checkpointing</source>
        <translation>激活检查点</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="91"/>
        <source>one strategy for all layers</source>
        <translation>所有层使用同一策略</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="92"/>
        <source>power-of-two degrees only</source>
        <translation>仅 2 的幂次并行度</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="93"/>
        <source>draw the decision tree live</source>
        <translation>实时绘制决策树</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="100"/>
        <source>interleaved</source>
        <translation>交错式</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="102"/>
        <source>pruning rules to switch off, comma-separated</source>
        <translation>要关闭的剪枝规则，以逗号分隔</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="112"/>
        <source>Target framework</source>
        <translation>目标框架</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="114"/>
        <source>Edit...</source>
        <translation>编辑...</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="115"/>
        <source>Edit every field of this runtime profile, save it as JSON or use it for the next search</source>
        <translation>编辑此运行时配置的每个字段，另存为 JSON 或用于下一次搜索</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="117"/>
        <source>Runtime</source>
        <translation>运行时</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="120"/>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="121"/>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="122"/>
        <source>Global batch</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="123"/>
        <source>Memory budget</source>
        <translation>显存预算</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="124"/>
        <source>Max TP / PP</source>
        <translation>最大 TP / PP</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="125"/>
        <source>Max CP / EP</source>
        <translation>最大 CP / EP</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="126"/>
        <source>Max micro-batches</source>
        <translation>最大微批次数</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="127"/>
        <source>Data parallel</source>
        <translation>数据并行</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="129"/>
        <source>Schedules</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="135"/>
        <source>Disabled rules</source>
        <translation>已关闭的规则</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="136"/>
        <source>Top plans</source>
        <translation>保留方案数</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="137"/>
        <source>Threads</source>
        <translation>线程数</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="138"/>
        <source>Time limit</source>
        <translation>时间上限</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="178"/>
        <source>Load runtime profile</source>
        <translation>加载运行时配置</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="179"/>
        <source>Runtime profile (*.json);;All files (*)</source>
        <translation>运行时配置 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="192"/>
        <source>Runtime profile</source>
        <translation>运行时配置</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="203"/>
        <source>(edited) %1</source>
        <translation>（已编辑）%1</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="264"/>
        <source>Not calibrated against measured runs</source>
        <translation>未用实测运行校准</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="267"/>
        <source>Edited in the runtime editor</source>
        <translation>已在运行时编辑器中修改</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="344"/>
        <source>expected positive integers separated by commas, got &quot;%1&quot;</source>
        <translation>应为以逗号分隔的正整数，实际为“%1”</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="351"/>
        <source>the runtime &apos;%1&apos; does not train FP8 linear layers</source>
        <translation>运行时“%1”不支持 FP8 线性层训练</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="376"/>
        <source>select at least one data-parallel type</source>
        <translation>请至少选择一种数据并行类型</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="385"/>
        <source>select at least one pipeline schedule</source>
        <translation>请至少选择一种流水线调度</translation>
    </message>
</context>
<context>
    <name>gx::app::Session</name>
    <message>
        <location filename="../app/session.cpp" line="50"/>
        <location filename="../app/session.cpp" line="171"/>
        <source>Baseline (Megatron-style)</source>
        <translation>基线（Megatron 风格）</translation>
    </message>
    <message>
        <location filename="../app/session.cpp" line="89"/>
        <location filename="../app/session.cpp" line="96"/>
        <source>Best plan</source>
        <translation>最佳方案</translation>
    </message>
    <message>
        <location filename="../app/session.cpp" line="96"/>
        <source>Plan #%1</source>
        <translation>方案 #%1</translation>
    </message>
    <message>
        <location filename="../app/session.cpp" line="97"/>
        <source>%1 (earlier search)</source>
        <translation>%1（先前的搜索）</translation>
    </message>
    <message>
        <location filename="../app/session.cpp" line="132"/>
        <source>Loaded %1</source>
        <translation>已加载 %1</translation>
    </message>
    <message>
        <location filename="../app/session.cpp" line="138"/>
        <source>Cannot open plan %1: %2</source>
        <translation>无法打开方案 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/session.cpp" line="146"/>
        <source>No plan to save yet.</source>
        <translation>尚无可保存的方案。</translation>
    </message>
</context>
<context>
    <name>gx::app::SweepChart</name>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="202"/>
        <location filename="../app/charts/frontier_chart.cpp" line="238"/>
        <source>Throughput vs %1</source>
        <translation>吞吐量与%1</translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="204"/>
        <source>Best plan</source>
        <translation>最佳方案</translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="207"/>
        <source>Searched point</source>
        <translation>已搜索点</translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="211"/>
        <source>Linear scaling from the first point</source>
        <translation>从第一个点起的线性扩展</translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="220"/>
        <location filename="../app/charts/frontier_chart.cpp" line="254"/>
        <source>Tokens / s</source>
        <translation>Token / 秒</translation>
    </message>
</context>
<context>
    <name>gx::app::SweepPanel</name>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="31"/>
        <location filename="../app/views/sweep_panel.cpp" line="134"/>
        <location filename="../app/views/sweep_panel.cpp" line="145"/>
        <source>Run sweeps</source>
        <translation>运行扫描</translation>
    </message>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="32"/>
        <source>Search the best plan for each GPU count and each global batch size</source>
        <translation>为每个 GPU 数和每个全局批大小搜索最佳方案</translation>
    </message>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="43"/>
        <source>GPU count</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="44"/>
        <source>global batch size</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="124"/>
        <source>Cancel sweeps</source>
        <translation>取消扫描</translation>
    </message>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="136"/>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="147"/>
        <source>Done: %1 searches.</source>
        <translation>完成：共 %1 次搜索。</translation>
    </message>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="156"/>
        <source>Searching %1 GPUs...</source>
        <translation>正在搜索 %1 个 GPU...</translation>
    </message>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="159"/>
        <source>Searching global batch %1...</source>
        <translation>正在搜索全局批大小 %1...</translation>
    </message>
</context>
<context>
    <name>gx::app::TimeBreakdownWidget</name>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="299"/>
        <source>Time breakdown</source>
        <translation>时间分解</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="303"/>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="303"/>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="303"/>
        <source>TP comm</source>
        <translation>TP 通信</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="303"/>
        <source>CP exchange</source>
        <translation>CP 交换</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="304"/>
        <source>DP sync</source>
        <translation>DP 同步</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="304"/>
        <source>ZeRO-3 gather</source>
        <translation>ZeRO-3 收集</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="304"/>
        <source>PP send/recv</source>
        <translation>PP 发送/接收</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="304"/>
        <source>EP all-to-all</source>
        <translation>EP all-to-all</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="305"/>
        <source>Layout switch</source>
        <translation>布局切换</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="305"/>
        <source>Bubble</source>
        <translation>气泡</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="305"/>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="331"/>
        <source>No plan yet</source>
        <translation>尚无方案</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="340"/>
        <source>Iteration time %1 on the bottleneck stage</source>
        <translation>瓶颈阶段的迭代时间 %1</translation>
    </message>
</context>
<context>
    <name>gx::app::TimelineWidget</name>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="370"/>
        <source>Pipeline timeline</source>
        <translation>流水线时间线</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="421"/>
        <source>stage 00</source>
        <translation>阶段 00</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="438"/>
        <source>No pipeline to show yet.</source>
        <translation>尚无可显示的流水线。</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="449"/>
        <source>%1 schedule, %2 stages x %3 micro-batches: pipeline %4 + sync/optimizer %5; bubble %6%</source>
        <translation>%1 调度，%2 个阶段 x %3 个微批次：流水线 %4 + 同步/优化器 %5；气泡 %6%</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="462"/>
        <source>stage %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="403"/>
        <source>forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="403"/>
        <source>backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="403"/>
        <location filename="../app/views/plan_widgets.cpp" line="413"/>
        <source>gradient sync + optimizer</source>
        <translation>梯度同步 + 优化器</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="403"/>
        <location filename="../app/views/plan_widgets.cpp" line="413"/>
        <source>idle (bubble)</source>
        <translation>空闲（气泡）</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="407"/>
        <source>light: forward, dark: backward</source>
        <translation>浅色：前向，深色：反向</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="410"/>
        <source>model chunk %1</source>
        <translation>模型块 %1</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="531"/>
        <source>%1 of micro-batch %2 (chunk %3) on stage %4
%5 - %6</source>
        <translation>微批次 %2 的%1（块 %3），位于阶段 %4
%5 - %6</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="532"/>
        <source>Forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="532"/>
        <source>Backward</source>
        <translation>反向</translation>
    </message>
</context>
<context>
    <name>gx::app::TreePanel</name>
    <message>
        <location filename="../app/views/tree_view.cpp" line="983"/>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="987"/>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="991"/>
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="984"/>
        <source>Fit the whole tree (F, Home)</source>
        <translation>适配整棵树（F、Home）</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="988"/>
        <source>Zoom in (Ctrl++, +, mouse wheel); pan with the arrow keys or by dragging</source>
        <translation>放大（Ctrl++、+、鼠标滚轮）；用方向键或拖动平移</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="992"/>
        <source>Zoom out (Ctrl+-, -, mouse wheel)</source>
        <translation>缩小（Ctrl+-、-、鼠标滚轮）</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="997"/>
        <source>Find a strategy, e.g. tp4-sp</source>
        <translation>查找策略，例如 tp4-sp</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="998"/>
        <source>Highlights the nodes whose label or strategy contains the text; Enter goes to the next match (Ctrl+F)</source>
        <translation>高亮标签或策略包含该文本的节点；回车跳到下一个匹配（Ctrl+F）</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1097"/>
        <source>queued</source>
        <translation>排队中</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1097"/>
        <source>being solved</source>
        <translation>正在求解</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1098"/>
        <source>solved</source>
        <translation>已求解</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1098"/>
        <source>cut by the bound</source>
        <translation>被界限剪去</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1099"/>
        <location filename="../app/views/tree_view.cpp" line="1203"/>
        <source>no plan fits</source>
        <translation>无可行方案</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1099"/>
        <source>pruned by a rule</source>
        <translation>被规则剪枝</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1105"/>
        <source>best plan so far</source>
        <translation>目前最佳方案</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1026"/>
        <source>Click a node to see its state, the DP configurations of its pipeline degree and its strategy&apos;s costs. Grey dashed nodes were pruned; hover them for the rule and the reason.</source>
        <translation>点击节点可查看其状态、其流水线并行度的 DP 配置以及其策略的开销。灰色虚线节点已被剪枝；悬停可查看规则和原因。</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1129"/>
        <source>%1 nodes, %2 pruned, depth %3</source>
        <translation>%1 个节点，剪枝 %2 个，深度 %3</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1131"/>
        <source>; DP: %1 solved, %2 cut, %3 running</source>
        <translation>；DP：已求解 %1，已剪去 %2，运行中 %3</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1133"/>
        <source>; matches: %1</source>
        <translation>；匹配：%1</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1155"/>
        <source>&lt;p&gt;&lt;b&gt;Path:&lt;/b&gt; %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;路径：&lt;/b&gt;%1&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1156"/>
        <source>&lt;p&gt;&lt;b&gt;Dimension:&lt;/b&gt; %1, depth %2, %3 children&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;维度：&lt;/b&gt;%1，深度 %2，%3 个子节点&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1160"/>
        <source>&lt;p&gt;&lt;b&gt;State:&lt;/b&gt; &lt;span style=&apos;background:%1&apos;&gt;&amp;nbsp;%2&amp;nbsp;&lt;/span&gt;%3&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;状态：&lt;/b&gt; &lt;span style=&apos;background:%1&apos;&gt;&amp;nbsp;%2&amp;nbsp;&lt;/span&gt;%3&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1162"/>
        <source> &amp;mdash; on the best plan&apos;s path</source>
        <translation> &amp;mdash; 位于最佳方案的路径上</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1164"/>
        <source>&lt;p&gt;&lt;b&gt;Pruned&lt;/b&gt; by rule &lt;code&gt;%1&lt;/code&gt;: %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;被规则 &lt;code&gt;%1&lt;/code&gt; &lt;b&gt;剪枝&lt;/b&gt;：%2&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1167"/>
        <source>&lt;p&gt;&lt;i&gt;The rule:&lt;/i&gt; %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;规则：&lt;/i&gt;%1&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1170"/>
        <source>&lt;p&gt;&lt;b&gt;DP configurations for pp=%1:&lt;/b&gt; %2 solved (%3 fit), %4 cut by the bound, %5 running&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;pp=%1 的 DP 配置：&lt;/b&gt;已求解 %2（%3 个可行），被界限剪去 %4，运行中 %5&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1188"/>
        <source>&lt;table cellspacing=4&gt;&lt;tr&gt;&lt;th align=left&gt;schedule&lt;/th&gt;&lt;th&gt;batch&lt;/th&gt;&lt;th&gt;micro&lt;/th&gt;&lt;th align=right&gt;result&lt;/th&gt;&lt;/tr&gt;</source>
        <translation>&lt;table cellspacing=4&gt;&lt;tr&gt;&lt;th align=left&gt;调度&lt;/th&gt;&lt;th&gt;批大小&lt;/th&gt;&lt;th&gt;微批&lt;/th&gt;&lt;th align=right&gt;结果&lt;/th&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1193"/>
        <source>&lt;tr&gt;&lt;td colspan=4&gt;... %1 more&lt;/td&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;td colspan=4&gt;……另有 %1 项&lt;/td&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1198"/>
        <source>cut: &amp;ge; %1 &amp;gt; %2 per sample</source>
        <translation>已剪去：&amp;ge; %1 &amp;gt; %2 每样本</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1201"/>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1215"/>
        <source>&lt;p&gt;&lt;b&gt;Strategy:&lt;/b&gt; %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;策略：&lt;/b&gt;%1&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1224"/>
        <source>&lt;p&gt;Cost of one %1 layer for a micro-batch of %2 samples on %3 GPUs:&lt;/p&gt;</source>
        <translation>&lt;p&gt;一个 %1 层在 %3 个 GPU 上处理 %2 个样本的微批次的开销：&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1232"/>
        <source>forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1233"/>
        <source>backward (incl. recompute)</source>
        <translation>反向（含重计算）</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1234"/>
        <source>TP communication</source>
        <translation>TP 通信</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1236"/>
        <source>context-parallel exchange</source>
        <translation>上下文并行交换</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1238"/>
        <source>expert all-to-alls</source>
        <translation>专家 all-to-all</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1239"/>
        <source>ZeRO-3 exposed</source>
        <translation>未掩盖的 ZeRO-3</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1240"/>
        <source>gradient sync / iteration (exposed)</source>
        <translation>每次迭代梯度同步（未掩盖）</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1241"/>
        <source>weights + grads + optimizer</source>
        <translation>权重 + 梯度 + 优化器</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1242"/>
        <source>activations / micro-batch</source>
        <translation>每微批次激活</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1245"/>
        <source>&lt;p&gt;Cannot cost this strategy: %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;无法计算此策略的开销：%1&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>gx::app::WhatIfPanel</name>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="45"/>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="51"/>
        <location filename="../app/views/whatif_panel.cpp" line="54"/>
        <source> GB/s</source>
        <translation> GB/s</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="57"/>
        <source>as in search settings</source>
        <translation>与搜索设置相同</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="60"/>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="61"/>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="62"/>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="64"/>
        <source>Inter-node bandwidth</source>
        <translation>节点间带宽</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="65"/>
        <source>Intra-node bandwidth</source>
        <translation>节点内带宽</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="66"/>
        <source>Global batch</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="67"/>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="70"/>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="71"/>
        <source>Apply to profiles</source>
        <translation>应用到配置</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="88"/>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="88"/>
        <source>Previous best</source>
        <translation>之前最佳</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="88"/>
        <source>Now</source>
        <translation>当前</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="88"/>
        <source>Delta</source>
        <translation>变化</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="125"/>
        <source>Searching... best plan so far: %1 per iteration.</source>
        <translation>正在搜索... 目前最佳方案：每次迭代 %1。</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="131"/>
        <source>&lt;span style=&apos;color:#d0302a&apos;&gt;%1&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#d0302a&apos;&gt;%1&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="134"/>
        <source>Change a value: the search re-runs and shows the change against the previous best.</source>
        <translation>修改某个值：搜索会重新运行，并显示与之前最佳方案的差异。</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="215"/>
        <source>Searching...</source>
        <translation>正在搜索...</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="233"/>
        <source>What-if best</source>
        <translation>假设分析最佳</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="234"/>
        <source>Searched in %1 (%2 ms after the last edit).</source>
        <translation>搜索用时 %1（上次修改后 %2 毫秒）。</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="240"/>
        <source>&lt;span style=&apos;color:#d0302a&apos;&gt;No plan fits: %1&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#d0302a&apos;&gt;没有可行方案：%1&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="250"/>
        <source>&lt;b&gt;No feasible plan&lt;/b&gt; for these settings.</source>
        <translation>这些设置下&lt;b&gt;没有可行方案&lt;/b&gt;。</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="253"/>
        <source>&lt;b&gt;Best plan now:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;当前最佳方案：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="266"/>
        <source>Iteration time</source>
        <translation>迭代时间</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="267"/>
        <source>Peak memory / GPU</source>
        <translation>每 GPU 峰值显存</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="268"/>
        <source>Throughput (tokens/s)</source>
        <translation>吞吐量（token/秒）</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="269"/>
        <source>Samples / s</source>
        <translation>样本 / 秒</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="275"/>
        <location filename="../app/views/whatif_panel.cpp" line="278"/>
        <source>-</source>
        <translation>-</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/main.cpp" line="126"/>
        <source>Galvatron Explorer: plan hybrid-parallel Transformer training. Use --cli &lt;command&gt; ... for the command-line interface.</source>
        <translation>Galvatron Explorer：规划 Transformer 的混合并行训练。使用 --cli &lt;command&gt; ... 调用命令行界面。</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="131"/>
        <source>Model preset or profile file.</source>
        <translation>模型预设或配置文件。</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="134"/>
        <source>Cluster preset or profile file.</source>
        <translation>集群预设或配置文件。</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="138"/>
        <source>Run the search, save the window as PNG, exit.</source>
        <translation>运行搜索，将窗口保存为 PNG 后退出。</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="141"/>
        <source>View to show: %1, export.</source>
        <translation>要显示的视图：%1, export。</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="145"/>
        <source>Window size WxH.</source>
        <translation>窗口尺寸 宽x高。</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="148"/>
        <source>light, dark or system.</source>
        <translation>light、dark 或 system。</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="151"/>
        <source>Language: en, de, zh_CN.</source>
        <translation>语言：en、de、zh_CN。</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="155"/>
        <source>Global batch size(s) to search, e.g. 64,128.</source>
        <translation>要搜索的全局批大小，例如 64,128。</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="158"/>
        <source>Start a search at once.</source>
        <translation>立即开始搜索。</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="161"/>
        <source>Open this plan JSON at start (the model is trained at the sequence length the plan was searched for; --screenshot then shows it instead of searching).</source>
        <translation>启动时打开此方案 JSON（模型按该方案搜索时的序列长度训练；此时 --screenshot 显示该方案而不进行搜索）。</translation>
    </message>
</context>
</TS>
