# SPDX-License-Identifier: Apache-2.0
# Translations of the runtime-profile and precision strings (search settings, plan view).
# Source text -> (German, Simplified Chinese).
T = {
    "%1 left under the budget, which keeps %2 (%3% of the GPU) free as headroom &nbsp; costed for the %4 runtime, %5":
        ("%1 frei unter dem Budget, das %2 (%3 % der GPU) als Reserve freihält &nbsp; berechnet für die Laufzeitumgebung %4, %5",
         "预算内剩余 %1，预算另留 %2（GPU 的 %3%）作为余量 &nbsp; 按 %4 运行时、%5 计算"),
    "%1 over the budget, which keeps %2 (%3% of the GPU) free as headroom &nbsp; costed for the %4 runtime, %5":
        ("%1 über dem Budget, das %2 (%3 % der GPU) als Reserve freihält &nbsp; berechnet für die Laufzeitumgebung %4, %5",
         "超出预算 %1，预算另留 %2（GPU 的 %3%）作为余量 &nbsp; 按 %4 运行时、%5 计算"),
    "Load runtime JSON...": ("Laufzeitprofil-JSON laden...", "加载运行时 JSON..."),
    "How the training framework implements the plan: stored activations, what overlaps, fixed overheads, calibrated against measured runs (galvatron validate)":
        ("Wie das Trainings-Framework den Plan umsetzt: gespeicherte Aktivierungen, was sich überlappt, feste Zusatzkosten, kalibriert an gemessenen Läufen (galvatron validate)",
         "训练框架如何执行计划：保存的激活、哪些通信可重叠、固定开销，已用实测运行校准（galvatron validate）"),
    "Numeric format of the linear layers; attention, norms and the optimizer stay in BF16":
        ("Zahlenformat der linearen Schichten; Attention, Normierungen und Optimierer bleiben in BF16",
         "线性层的数值格式；注意力、归一化和优化器仍为 BF16"),
    "Runtime": ("Laufzeitumgebung", "运行时"),
    "Precision": ("Genauigkeit", "精度"),
    "Load runtime profile": ("Laufzeitprofil laden", "加载运行时配置"),
    "Runtime profile (*.json);;All files (*)": ("Laufzeitprofil (*.json);;Alle Dateien (*)", "运行时配置 (*.json);;所有文件 (*)"),
    "Runtime profile": ("Laufzeitprofil", "运行时配置"),
    "Calibrated: %1": ("Kalibriert: %1", "已校准：%1"),
    "Not calibrated against measured runs": ("Nicht an gemessenen Läufen kalibriert", "未用实测运行校准"),
    "the runtime '%1' does not train FP8 linear layers": ("die Laufzeitumgebung '%1' trainiert keine FP8-Linearschichten",
                                                         "运行时“%1”不支持 FP8 线性层训练"),
}
