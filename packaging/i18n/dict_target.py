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
