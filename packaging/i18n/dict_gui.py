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
