# SPDX-License-Identifier: Apache-2.0
# Translations for the target-framework selector (search settings) and the export refusal (export dialog).
T = {
    "any runtime": ("beliebige Laufzeit", "任意运行时"),
    "Target framework": ("Ziel-Framework", "目标框架"),
    "Search only plans this framework runs exactly as planned (and as exported)":
        ("Nur Pläne suchen, die dieses Framework genau wie geplant (und exportiert) ausführt",
         "只搜索该框架能完全按计划（及导出内容）运行的方案"),
    "Write an approximation when the format cannot express the plan":
        ("Näherung schreiben, wenn das Format den Plan nicht ausdrücken kann",
         "格式无法表达方案时写出近似版本"),
    "Off: plans using something this framework cannot run are refused with the reasons; search with this "
    "framework as the target instead. On: the closest approximation is written and every change is listed.":
        ("Aus: Pläne mit etwas, das dieses Framework nicht ausführen kann, werden mit Begründung abgelehnt; "
         "suchen Sie stattdessen mit diesem Framework als Ziel. Ein: Die nächstliegende Näherung wird "
         "geschrieben und jede Änderung aufgeführt.",
         "关闭：使用该框架无法运行之功能的方案会被拒绝并说明原因；请改为以该框架为目标进行搜索。"
         "开启：写出最接近的近似版本，并列出每一处改动。"),
    "Nothing to save: this format cannot express the plan exactly.":
        ("Nichts zu speichern: Dieses Format kann den Plan nicht genau ausdrücken.",
         "没有可保存的内容：该格式无法准确表达此方案。"),
    "Cannot express: %1": ("Nicht ausdrückbar: %1", "无法表达：%1"),
    "<span style='color:#d0302a'>Refused: %1 cannot run this plan as it was costed.</span> Search with %2 "
    "as the target (search settings), or tick \"Write an approximation\".":
        ("<span style='color:#d0302a'>Abgelehnt: %1 kann diesen Plan nicht so ausführen, wie er bewertet "
         "wurde.</span> Suchen Sie mit %2 als Ziel (Sucheinstellungen) oder aktivieren Sie "
         "„Näherung schreiben“.",
         "<span style='color:#d0302a'>已拒绝：%1 无法按估算时的方式运行此方案。</span>"
         "请在搜索设置中以 %2 为目标进行搜索，或勾选“写出近似版本”。"),
}

# The plan view's target line (issue 13): the price of the target and what it cannot express.
T.update({
    "best for %1 %2 s/iteration; best for any runtime %3 s/iteration (%4% time per sample)":
        ("am besten für %1 %2 s/Iteration; am besten für beliebige Laufzeit %3 s/Iteration (%4% Zeit pro Sample)",
         "%1 最佳 %2 s/迭代；任意运行时最佳 %3 s/迭代（每样本时间 %4%）"),
    "<b>Target %1</b> (%2): runs this plan exactly as planned.":
        ("<b>Ziel %1</b> (%2): führt diesen Plan genau wie geplant aus.",
         "<b>目标 %1</b>（%2）：完全按计划运行此方案。"),
    "<b>Target %1</b> (%2) cannot run this plan as planned: %3":
        ("<b>Ziel %1</b> (%2) kann diesen Plan nicht wie geplant ausführen: %3",
         "<b>目标 %1</b>（%2）无法按计划运行此方案：%3"),
    "Price of the target: %1.": ("Preis des Ziels: %1.", "目标的代价：%1。"),
    "The best plan for any runtime uses what %1 cannot express: %2%3":
        ("Der beste Plan für beliebige Laufzeit nutzt, was %1 nicht ausdrücken kann: %2%3",
         "任意运行时的最佳方案使用了 %1 无法表达的内容：%2%3"),
    " (+%1 more, hover)": (" (+%1 weitere, Maus darüber)", "（另有 %1 项，悬停查看）"),
    "Runs exactly as planned on every target framework (%1).":
        ("Läuft auf jedem Ziel-Framework genau wie geplant (%1).", "在所有目标框架上都完全按计划运行（%1）。"),
    "No target framework runs this plan exactly as planned (hover for the reasons; search with a target framework for one that does).":
        ("Kein Ziel-Framework führt diesen Plan genau wie geplant aus (Gründe beim Darüberfahren; suchen Sie "
         "mit einem Ziel-Framework nach einem, das es tut).",
         "没有目标框架能完全按计划运行此方案（悬停查看原因；可选择目标框架重新搜索）。"),
    "Runs exactly as planned on %1; not on %2 (hover for the reasons).":
        ("Läuft genau wie geplant auf %1; nicht auf %2 (Gründe beim Darüberfahren).",
         "可在 %1 上完全按计划运行；在 %2 上不能（悬停查看原因）。"),
})
T.update({
    "<b>%1</b> &mdash; %2 on %3 (%4 GPUs)<br>":
        ("<b>%1</b> &mdash; %2 auf %3 (%4 GPUs)<br>", "<b>%1</b> &mdash; %2，%3（%4 个 GPU）<br>"),
})
