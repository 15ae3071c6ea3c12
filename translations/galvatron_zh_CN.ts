<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>gx::app</name>
    <message>
        <location filename="../app/plan_utils.cpp" line="92"/>
        <source> (mixed per layer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/plan_utils.cpp" line="97"/>
        <source>pp%1 %2, %3, batch %4 = %5 x %6</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gx::app::ClusterEditor</name>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="314"/>
        <source>Built-in cluster presets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="321"/>
        <source>Open a cluster profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="322"/>
        <source>Save the cluster profile as JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="336"/>
        <location filename="../app/views/profile_editors.cpp" line="347"/>
        <source> GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="337"/>
        <source> TFLOP/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="340"/>
        <location filename="../app/views/profile_editors.cpp" line="341"/>
        <location filename="../app/views/profile_editors.cpp" line="343"/>
        <source> GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="342"/>
        <location filename="../app/views/profile_editors.cpp" line="344"/>
        <source> us</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="348"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="349"/>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="350"/>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="351"/>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="352"/>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="353"/>
        <source>Peak BF16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="354"/>
        <source>GEMM efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="355"/>
        <source>HBM bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="356"/>
        <source>Intra-node bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="357"/>
        <source>Intra-node latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="358"/>
        <source>Inter-node bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="359"/>
        <source>Inter-node latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="360"/>
        <source>Overlap efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="361"/>
        <source>Reserved per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="422"/>
        <source>Cannot load %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="461"/>
        <source>%1 GPUs: %2 x %3 %4; %5 inside nodes, %6 between%7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="468"/>
        <source>; measured collectives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="521"/>
        <source>%1 GPUs: %2 x %3 %4</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gx::app::CompareView</name>
    <message>
        <location filename="../app/views/plan_view.cpp" line="89"/>
        <location filename="../app/views/plan_view.cpp" line="95"/>
        <source>Plan A</source>
        <translation>方案 A</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="91"/>
        <location filename="../app/views/plan_view.cpp" line="95"/>
        <source>Plan B</source>
        <translation>方案 B</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="95"/>
        <source>B vs A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="167"/>
        <source>Iteration time</source>
        <translation>迭代时间</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="169"/>
        <source>Tokens / s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="171"/>
        <source>Peak memory / GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="173"/>
        <source>MFU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="175"/>
        <source>Pipeline bubble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="177"/>
        <source>Exposed DP sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="179"/>
        <source>Exposed TP comm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="181"/>
        <source>Pipeline stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="182"/>
        <source>TP x DP (first layer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="184"/>
        <source>Schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="186"/>
        <source>Global batch x micro-batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="189"/>
        <source>Strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="208"/>
        <source>same</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="208"/>
        <source>differs</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gx::app::DecisionTreeView</name>
    <message>
        <location filename="../app/views/tree_view.cpp" line="246"/>
        <source>Decision tree</source>
        <translation>决策树</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="318"/>
        <source>%1
dimension: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="320"/>
        <source>
pruned by rule &apos;%1&apos;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="323"/>
        <source>
strategy: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gx::app::ExportDialog</name>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="32"/>
        <source>Export plan</source>
        <translation>导出方案</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="44"/>
        <source>Plan JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="46"/>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="48"/>
        <source>master address (default: first node)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="50"/>
        <source>Slurm partition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="52"/>
        <source>container image (optional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="54"/>
        <source>training script, e.g. pretrain_gpt.py</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="60"/>
        <source>Launcher</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="78"/>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="79"/>
        <source>Save...</source>
        <translation>保存...</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="85"/>
        <source>Save export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="129"/>
        <source>Copied %1 characters to the clipboard.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="136"/>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="140"/>
        <source>Saved %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="148"/>
        <source>No plan to export yet: run a search or open a plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="168"/>
        <source>Not supported by this target: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="173"/>
        <source>Note: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="180"/>
        <source>Only plan JSON is available in this build (no exporters library).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="183"/>
        <source>Everything in the plan is expressed in this format.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="184"/>
        <source>%1 note(s): read them before using the export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="187"/>
        <source>&lt;span style=&apos;color:#d0302a&apos;&gt;Cannot export: %1&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gx::app::FrontierChart</name>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="32"/>
        <source>Plans: iteration time vs peak memory per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="34"/>
        <source>Evaluated plans</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="39"/>
        <source>Pareto front</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="42"/>
        <source>Pareto-optimal plans</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="46"/>
        <source>Shown plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="51"/>
        <source>Memory budget</source>
        <translation>显存预算</translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="57"/>
        <source>Peak memory per GPU (GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="59"/>
        <source>Iteration time (s)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gx::app::GanttChart</name>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="30"/>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="32"/>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="34"/>
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="35"/>
        <source>%1 d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="42"/>
        <source>Schedule Gantt chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="106"/>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 GPUs (ids %3-%4)&lt;br&gt;start %5, end %6&lt;br&gt;iteration %7 s, peak memory %8 GiB&lt;br&gt;%9</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="140"/>
        <source>No schedule yet: add jobs to plan them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="152"/>
        <source>node %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="196"/>
        <source>lower bound</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gx::app::LayerTableModel</name>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="112"/>
        <source>Layer %1 (%2) on stage %3
forward %4, backward %5 (recompute %6)
TP comm %7, ZeRO-3 exposed %8, gradient sync per iteration %9
weights %10, grads %11, optimizer %12</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="133"/>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="135"/>
        <source>Stack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="137"/>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="139"/>
        <source>Strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="141"/>
        <source>TP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="143"/>
        <source>DP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="145"/>
        <source>DP type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="147"/>
        <source>Checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="149"/>
        <source>Time / micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="151"/>
        <source>Exposed comm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="153"/>
        <source>Model states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="155"/>
        <source>Activations / micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gx::app::MainWindow</name>
    <message>
        <location filename="../app/main_window.cpp" line="61"/>
        <source>Galvatron Explorer</source>
        <translation>Galvatron Explorer</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="76"/>
        <source>Plan</source>
        <translation>方案</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="77"/>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="78"/>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="79"/>
        <source>Decision tree</source>
        <translation>决策树</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="80"/>
        <source>Frontier</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="81"/>
        <source>Sweeps</source>
        <translation>扫描</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="82"/>
        <location filename="../app/main_window.cpp" line="336"/>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="83"/>
        <source>What-if</source>
        <translation>假设分析</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="94"/>
        <source>Multi-model</source>
        <translation>多模型</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="98"/>
        <source>Engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="107"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="108"/>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="117"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="118"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="119"/>
        <source>Search the best plans (Ctrl+R)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="120"/>
        <source>Cancel the search (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="134"/>
        <source>Best plans:</source>
        <translation>最佳方案：</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="142"/>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="164"/>
        <location filename="../app/main_window.cpp" line="698"/>
        <source>Plan #%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="175"/>
        <source>Frontier plan %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="201"/>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="241"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="242"/>
        <source>Open &amp;model profile...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="244"/>
        <source>&amp;Import Hugging Face config.json...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="246"/>
        <source>Open &amp;cluster profile...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="248"/>
        <source>Open &amp;plan...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="250"/>
        <source>&amp;Recent files</source>
        <translation>最近文件(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="252"/>
        <source>Save model profile as...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="253"/>
        <source>Save cluster profile as...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="254"/>
        <source>&amp;Save plan as...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="256"/>
        <source>&amp;Export plan...</source>
        <translation>导出方案(&amp;E)...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="259"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="262"/>
        <source>&amp;Search</source>
        <translation>搜索(&amp;S)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="263"/>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="265"/>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="267"/>
        <source>Run &amp;sweeps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="273"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="287"/>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="289"/>
        <location filename="../app/main_window.cpp" line="304"/>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="290"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="291"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="302"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="315"/>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="316"/>
        <source>The language changes when the explorer restarts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="320"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="321"/>
        <source>&amp;About Galvatron Explorer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="323"/>
        <source>About Galvatron Explorer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="324"/>
        <source>&lt;h3&gt;Galvatron Explorer %1&lt;/h3&gt;&lt;p&gt;Plans hybrid-parallel training (data, tensor, pipeline, sequence parallelism, ZeRO, checkpointing) of Transformer models, after Galvatron (Miao et al., VLDB 2023).&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="330"/>
        <source>Main</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="351"/>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="383"/>
        <source>Open model profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="384"/>
        <location filename="../app/main_window.cpp" line="414"/>
        <location filename="../app/main_window.cpp" line="429"/>
        <source>JSON files (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="398"/>
        <source>Import Hugging Face config.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="399"/>
        <source>config.json (config.json *.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="413"/>
        <source>Open cluster profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="428"/>
        <source>Open plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="439"/>
        <source>Save model profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="443"/>
        <location filename="../app/main_window.cpp" line="454"/>
        <location filename="../app/main_window.cpp" line="466"/>
        <source>JSON files (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="451"/>
        <source>Save cluster profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="462"/>
        <source>No plan to save yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="466"/>
        <source>Save plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="496"/>
        <source>Loaded %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="505"/>
        <source>Cannot open plan %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="543"/>
        <source>Baseline (Megatron-style)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="560"/>
        <source>Profiles changed: run the search again (Ctrl+R).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="566"/>
        <source>Fix the profile first: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="585"/>
        <source>Searching...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="594"/>
        <source>Cancelling...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="616"/>
        <source>Best so far: %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="624"/>
        <source>Elapsed %1, about %2 left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="626"/>
        <source>Elapsed %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="649"/>
        <source>%1. %2, %3: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="655"/>
        <source>%1 in %2: %3 tree nodes (%4 pruned), %5 plans evaluated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="656"/>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="656"/>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="662"/>
        <source>&lt;br&gt;&lt;span style=&apos;color:#d0302a&apos;&gt;No plan fits: %1&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="676"/>
        <location filename="../app/main_window.cpp" line="698"/>
        <source>Best plan</source>
        <translation>最佳方案</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="689"/>
        <source>&lt;span style=&apos;color:#d0302a&apos;&gt;%1&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="690"/>
        <source>%1 (field %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="725"/>
        <source>%1: %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gx::app::MemoryBarsWidget</name>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="48"/>
        <source>Memory per stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="52"/>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="52"/>
        <source>Gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="52"/>
        <source>Optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="52"/>
        <source>Activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="53"/>
        <source>Transient</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="53"/>
        <source>Embedding/head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="53"/>
        <source>Reserved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="96"/>
        <source>No plan yet: run a search or evaluate a plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="119"/>
        <source>Peak memory per GPU, by pipeline stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="140"/>
        <source>stage %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="151"/>
        <source>GPU capacity %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="153"/>
        <source>budget %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="167"/>
        <source>Stage %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gx::app::ModelEditor</name>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="69"/>
        <source>Built-in model presets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="76"/>
        <source>Open a model profile or config.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="78"/>
        <source>HF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="79"/>
        <source>Import a Hugging Face config.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="81"/>
        <source>Save the model profile as JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="102"/>
        <source>gated FFN (SwiGLU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="103"/>
        <source>tied embeddings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="104"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="105"/>
        <source>Stack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="106"/>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="107"/>
        <source>Hidden size</source>
        <translation>隐藏层维度</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="108"/>
        <source>FFN size</source>
        <translation>FFN 维度</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="109"/>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="110"/>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="111"/>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="112"/>
        <source>Vocabulary</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="173"/>
        <source>Cannot load %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="220"/>
        <location filename="../app/views/profile_editors.cpp" line="303"/>
        <source>%1 layers, %2 B parameters (%3)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gx::app::PlanView</name>
    <message>
        <location filename="../app/views/plan_view.cpp" line="49"/>
        <source>No plan yet: choose a model and a cluster, then run the search (Ctrl+R).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="67"/>
        <source>Iteration &lt;b&gt;%1&lt;/b&gt; &amp;nbsp; %2 samples/s &amp;nbsp; %3 tokens/s &amp;nbsp; %4 TFLOP/s per GPU (MFU %5%) &amp;nbsp; peak memory &lt;b&gt;%6&lt;/b&gt; of %7 on stage %8 %9</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="76"/>
        <source>&lt;span style=&apos;color:#d0302a&apos;&gt;&lt;b&gt;does not fit&lt;/b&gt;&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gx::app::SchedulerPanel</name>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="57"/>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="59"/>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="61"/>
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="62"/>
        <source>%1 d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="67"/>
        <source>one job at a time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="69"/>
        <source>whole node per job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="71"/>
        <source>equal split</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="98"/>
        <source>Cluster:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="101"/>
        <source>Cluster preset, or the path of a cluster profile JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="105"/>
        <source>Add job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="106"/>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="107"/>
        <source>Load…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="108"/>
        <source>Save…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="114"/>
        <source>MILP time limit:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="118"/>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="120"/>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="392"/>
        <source>Solve exactly (MILP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="123"/>
        <source>Mixed-integer program solved by COIN-OR CBC, warm-started from the heuristic; reports the proven gap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="125"/>
        <source>Not available: built without COIN-OR CBC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="127"/>
        <source>Export JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="128"/>
        <source>Export scripts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="134"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="134"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="134"/>
        <source>Global batch</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="134"/>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="134"/>
        <source>Priority</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="134"/>
        <source>Spill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="139"/>
        <source>Allow Hydra model spilling: layers kept in host memory and streamed over PCIe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="149"/>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="149"/>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="149"/>
        <source>GPU ids</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="149"/>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="149"/>
        <source>End</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="149"/>
        <source>Plan</source>
        <translation>方案</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="214"/>
        <source>Uses given iteration times per GPU count: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="325"/>
        <source>Planning %n job(s)…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="368"/>
        <source>Solving…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="432"/>
        <source>No job can be scheduled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="434"/>
        <source>&lt;b&gt;Makespan %1&lt;/b&gt; (%2: %3) · lower bound %4 · gap %5%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="442"/>
        <source>%1 %2 (%3x)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="445"/>
        <source>Baselines: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="449"/>
        <source>%1 cannot run: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="512"/>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="515"/>
        <source>Load jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="512"/>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="520"/>
        <source>Jobs JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="519"/>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="523"/>
        <source>Save jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="527"/>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="531"/>
        <source>Export schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="528"/>
        <source>JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="535"/>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="538"/>
        <source>Export launch scripts</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gx::app::SearchSettings</name>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="533"/>
        <source>whole cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="535"/>
        <source>automatic, or e.g. 64, 128, 256</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="536"/>
        <source> GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="537"/>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="539"/>
        <location filename="../app/views/profile_editors.cpp" line="541"/>
        <source>any</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="543"/>
        <source>automatic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="546"/>
        <source>all cores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="547"/>
        <source>sequence parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="548"/>
        <source>activation checkpointing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="549"/>
        <source>one strategy for all layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="550"/>
        <source>power-of-two degrees only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="551"/>
        <source>draw the decision tree live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="558"/>
        <source>interleaved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="560"/>
        <source>pruning rules to switch off, comma-separated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="570"/>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="571"/>
        <source>Global batch</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="572"/>
        <source>Memory budget</source>
        <translation>显存预算</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="573"/>
        <source>Max TP / PP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="574"/>
        <source>Max micro-batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="575"/>
        <source>Data parallel</source>
        <translation>数据并行</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="577"/>
        <source>Schedules</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="583"/>
        <source>Disabled rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="584"/>
        <source>Top plans</source>
        <translation>保留方案数</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="585"/>
        <source>Threads</source>
        <translation>线程数</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="640"/>
        <source>expected positive integers separated by commas, got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="664"/>
        <source>select at least one data-parallel type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="673"/>
        <source>select at least one pipeline schedule</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gx::app::SweepChart</name>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="197"/>
        <source>Throughput vs %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="199"/>
        <source>Best plan</source>
        <translation>最佳方案</translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="202"/>
        <source>Searched point</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="206"/>
        <source>Linear scaling from the first point</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="215"/>
        <source>Tokens / s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gx::app::SweepPanel</name>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="21"/>
        <location filename="../app/views/sweep_panel.cpp" line="123"/>
        <location filename="../app/views/sweep_panel.cpp" line="134"/>
        <source>Run sweeps</source>
        <translation>运行扫描</translation>
    </message>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="22"/>
        <source>Search the best plan for each GPU count and each global batch size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="32"/>
        <source>GPU count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="33"/>
        <source>global batch size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="113"/>
        <source>Cancel sweeps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="125"/>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="136"/>
        <source>Done: %1 searches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="145"/>
        <source>Searching %1 GPUs...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="148"/>
        <source>Searching global batch %1...</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gx::app::TimeBreakdownWidget</name>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="183"/>
        <source>Time breakdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="187"/>
        <source>Compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="187"/>
        <source>Recompute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="187"/>
        <source>TP comm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="187"/>
        <source>DP sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="187"/>
        <source>ZeRO-3 gather</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="188"/>
        <source>PP send/recv</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="188"/>
        <source>Layout switch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="188"/>
        <source>Bubble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="188"/>
        <source>Optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="214"/>
        <source>No plan yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="223"/>
        <source>Iteration time %1 on the bottleneck stage</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gx::app::TimelineWidget</name>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="253"/>
        <source>Pipeline timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="284"/>
        <source>stage 00</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="295"/>
        <source>No pipeline to show yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="305"/>
        <source>%1 schedule, %2 stages x %3 micro-batches: pipeline %4 + sync/optimizer %5; bubble %6%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="318"/>
        <source>stage %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="364"/>
        <source>forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="364"/>
        <source>backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="364"/>
        <source>gradient sync + optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="364"/>
        <source>idle (bubble)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="381"/>
        <source>%1 of micro-batch %2 (chunk %3) on stage %4
%5 - %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="382"/>
        <source>Forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="382"/>
        <source>Backward</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gx::app::TreePanel</name>
    <message>
        <location filename="../app/views/tree_view.cpp" line="356"/>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="357"/>
        <source>Fit the whole tree (F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="360"/>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="363"/>
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="371"/>
        <source>Click a node to see its strategy and costs. Grey dashed nodes were pruned; hover them for the rule and the reason.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="396"/>
        <source>%1 nodes, %2 pruned, depth %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="415"/>
        <source>&lt;p&gt;&lt;b&gt;Path:&lt;/b&gt; %1&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="416"/>
        <source>&lt;p&gt;&lt;b&gt;Dimension:&lt;/b&gt; %1, depth %2, %3 children&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="421"/>
        <source>&lt;p&gt;&lt;b&gt;Pruned&lt;/b&gt; by rule &lt;code&gt;%1&lt;/code&gt;: %2&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="426"/>
        <source>&lt;p&gt;&lt;b&gt;Strategy:&lt;/b&gt; %1&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="435"/>
        <source>&lt;p&gt;Cost of one %1 layer for a micro-batch of %2 samples on %3 GPUs:&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="443"/>
        <source>forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="444"/>
        <source>backward (incl. recompute)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="445"/>
        <source>TP communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="446"/>
        <source>ZeRO-3 exposed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="447"/>
        <source>gradient sync / iteration (exposed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="448"/>
        <source>weights + grads + optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="449"/>
        <source>activations / micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="452"/>
        <source>&lt;p&gt;Cannot cost this strategy: %1&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gx::app::WhatIfPanel</name>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="38"/>
        <source> GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="44"/>
        <location filename="../app/views/whatif_panel.cpp" line="47"/>
        <source> GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="50"/>
        <source>as in search settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="53"/>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="54"/>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="55"/>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="57"/>
        <source>Inter-node bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="58"/>
        <source>Intra-node bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="59"/>
        <source>Global batch</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="60"/>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="63"/>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="64"/>
        <source>Apply to profiles</source>
        <translation>应用到配置</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="81"/>
        <source>Metric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="81"/>
        <source>Previous best</source>
        <translation>之前最佳</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="81"/>
        <source>Now</source>
        <translation>当前</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="81"/>
        <source>Delta</source>
        <translation>变化</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="110"/>
        <source>&lt;span style=&apos;color:#d0302a&apos;&gt;%1&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="113"/>
        <source>Change a value: the search re-runs and shows the change against the previous best.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="179"/>
        <source>Searching...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="195"/>
        <source>What-if best</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="196"/>
        <source>Searched in %1 (%2 ms after the last edit).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="201"/>
        <source>&lt;span style=&apos;color:#d0302a&apos;&gt;No plan fits: %1&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="211"/>
        <source>&lt;b&gt;No feasible plan&lt;/b&gt; for these settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="214"/>
        <source>&lt;b&gt;Best plan now:&lt;/b&gt; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="227"/>
        <source>Iteration time</source>
        <translation>迭代时间</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="228"/>
        <source>Peak memory / GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="229"/>
        <source>Throughput (tokens/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="230"/>
        <source>Samples / s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="236"/>
        <location filename="../app/views/whatif_panel.cpp" line="239"/>
        <source>-</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
