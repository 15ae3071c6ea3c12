# SPDX-License-Identifier: Apache-2.0
# Translations for NVLink islands in the cluster editor and the multi-model Gantt chart (issue 18):
# source text -> (German, Simplified Chinese).
T = {
    "whole node": ("ganzer Knoten", "整个节点"),
    "GPUs per NVLink island": ("GPUs pro NVLink-Insel", "每个 NVLink 岛的 GPU 数"),
    "GPUs per NVLink island: GPUs linked directly to each other inside a node (e.g. 2 for NVLink bridges in pairs). Must divide the GPUs per node. The multi-model planner keeps small jobs inside one island.":
        ("GPUs pro NVLink-Insel: GPUs eines Knotens, die direkt miteinander verbunden sind (z. B. 2 bei "
         "paarweisen NVLink-Brücken). Muss die GPUs pro Knoten teilen. Die Multi-Modell-Planung hält kleine "
         "Jobs innerhalb einer Insel.",
         "每个 NVLink 岛的 GPU 数：节点内彼此直接相连的 GPU（例如 NVLink 桥两两相连时为 2）。必须整除每节点 GPU "
         "数。多模型规划会把小作业放在同一个岛内。"),
    "nodes %1-%2": ("Knoten %1-%2", "节点 %1-%2"),
    "node %1, NVLink island %2": ("Knoten %1, NVLink-Insel %2", "节点 %1，NVLink 岛 %2"),
    "node %1, NVLink islands %2-%3": ("Knoten %1, NVLink-Inseln %2-%3", "节点 %1，NVLink 岛 %2-%3"),
}
