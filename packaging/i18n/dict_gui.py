# Translations for the explorer's views (issue 14): source text -> (German, Simplified Chinese).
T = {
    " (+%n layer(s) differ)": ([" (+%n Schicht weicht ab)", " (+%n Schichten weichen ab)"], [" (+%n 层不同)"]),
    "(custom cluster)": ("(eigener Cluster)", "（自定义集群）"),
    "(custom model)": ("(eigenes Modell)", "（自定义模型）"),
    "Elapsed %1, finishing": ("Vergangen %1, wird abgeschlossen", "已用 %1，即将完成"),
    "Elapsed %1, less than a second left": ("Vergangen %1, weniger als eine Sekunde übrig", "已用 %1，剩余不到一秒"),
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
