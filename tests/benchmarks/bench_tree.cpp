// SPDX-License-Identifier: Apache-2.0
// Frame time of the decision tree at 20,000 nodes (issue 14: smooth 60 fps pan and zoom).
//
// Builds a 20,000-node tree (fan-out 10, depth 4, every third child pruned), gives it live states
// (pp subtrees solved / cut / being solved) and an incumbent path, shows it in a 1600x1000 view, then
// times synchronous repaints of the viewport while panning and zooming at three zoom levels: fitted
// (markers), mid (markers + degree names on edges) and 1:1 (boxes with labels). Prints the mean and
// 95th-percentile frame time per level and MET / NOT MET for the 60 fps goal (p95 <= 16.7 ms).
// Run: QT_QPA_PLATFORM=offscreen build/tests/benchmarks/bench_tree [frames]
#include "views/tree_view.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QGraphicsItem>
#include <QScrollBar>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <vector>

using namespace gx;
using namespace gx::app;

namespace {
/// CPU time of this thread, ms: what a frame costs, independent of other processes on the machine.
double threadCpuMs() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

struct Stats {
    double mean = 0, p95 = 0, max = 0;
};
Stats stats(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    Stats s;
    for (double x : v)
        s.mean += x;
    s.mean /= static_cast<double>(v.size());
    s.p95 = v[static_cast<std::size_t>(0.95 * static_cast<double>(v.size() - 1))];
    s.max = v.back();
    return s;
}
} // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    const int frames = argc > 1 ? std::max(10, std::atoi(argv[1])) : 120;
    TreePanel panel;
    std::vector<TreeNode> nodes;
    std::int64_t id = 0;
    TreeNode root;
    root.id = id++;
    root.dimension = "root";
    root.label = "decoder layer on 4096 GPUs";
    nodes.push_back(root);
    std::vector<std::int64_t> level{0};
    const char* dims[] = {"root", "pp", "tp", "sp", "dp_type", "ckpt"};
    for (int d = 1; d <= 5 && nodes.size() < 20000; ++d) {
        std::vector<std::int64_t> next;
        for (auto p : level)
            for (int k = 0; k < 10 && nodes.size() < 20000; ++k) {
                TreeNode n;
                n.id = id++;
                n.parent = p;
                n.depth = d;
                n.dimension = dims[d];
                n.label =
                    d == 1 ? "pp=" + std::to_string(1 << k) : std::string(dims[d]) + "=" + std::to_string(k);
                n.pruned = (k % 3 == 0);
                if (n.pruned) {
                    n.rule = "memory";
                    n.reason = "does not fit";
                }
                if (d == 5) {
                    LayerStrategy s;
                    s.tp = 1 << (k % 4);
                    s.dp = 8;
                    n.strategy = s;
                }
                nodes.push_back(n);
                next.push_back(n.id);
            }
        level = next;
    }
    panel.addNodes(nodes);
    panel.view()->flushLayout();
    // Live states: pp=2 solving, pp=4 solved, pp=16 cut, incumbent in pp=4.
    std::vector<SearchEvent> tasks;
    tasks.push_back(taskEvent(SearchEvent::Kind::TaskStarted, 2, Schedule::OneFOneB, 1, 64, 8, 0.01, 0.02));
    tasks.push_back(taskEvent(SearchEvent::Kind::TaskStarted, 4, Schedule::OneFOneB, 1, 64, 8, 0.01, 0.02));
    tasks.push_back(taskEvent(SearchEvent::Kind::TaskSolved, 4, Schedule::OneFOneB, 1, 64, 8, 0.01, 0.02,
                              true, 1.2, 5e10));
    tasks.push_back(taskEvent(SearchEvent::Kind::TaskCut, 16, Schedule::OneFOneB, 1, 64, 8, 0.05, 0.02));
    panel.applyTasks(tasks);
    Plan plan;
    plan.pp = 4;
    LayerStrategy s;
    s.tp = 2;
    s.dp = 8;
    plan.layers.assign(32, s);
    panel.setIncumbent(plan);

    panel.resize(1600, 1000);
    panel.show();
    QApplication::processEvents();
    auto* view = panel.view();
    std::printf("tree: %d nodes, view %dx%d\n", view->layoutData().size(), view->viewport()->width(),
                view->viewport()->height());

    // Baseline: the same view with the tree hidden (background, scroll bars, backing store).
    {
        for (auto* it : view->scene()->items())
            it->setVisible(false);
        std::vector<double> ms, cpu;
        QElapsedTimer t;
        for (int f = 0; f < frames; ++f) {
            t.start();
            const double c0 = threadCpuMs();
            view->viewport()->repaint();
            cpu.push_back(threadCpuMs() - c0);
            ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
        }
        const Stats w = stats(ms), c = stats(cpu);
        std::printf("  %-24s cpu mean %6.2f ms, p95 %6.2f ms | wall mean %6.2f ms, p95 %6.2f ms\n",
                    "empty view (baseline)", c.mean, c.p95, w.mean, w.p95);
        for (auto* it : view->scene()->items())
            it->setVisible(true);
    }
    bool all_met = true;
    struct Level {
        const char* name;
        double zoom; // 0 = fitted
    };
    for (const Level lv : {Level{"fitted (markers)", 0}, Level{"mid zoom (edge labels)", 0.4},
                           Level{"1:1 (boxes, labels)", 1.0}}) {
        view->resetTransform();
        if (lv.zoom <= 0)
            view->fitAll();
        else
            view->zoomBy(lv.zoom);
        view->centerOn(view->nodePos(view->layoutData().size() / 2));
        QApplication::processEvents();
        std::vector<double> ms, cpu;
        QElapsedTimer t;
        for (int f = 0; f < frames; ++f) {
            // Alternate pan steps and small zoom steps, as a user dragging and wheeling would.
            if (f % 4 == 3)
                view->zoomBy(f % 8 == 3 ? 1.05 : 1 / 1.05);
            else {
                view->horizontalScrollBar()->setValue(view->horizontalScrollBar()->value() +
                                                      (f % 8 < 4 ? 12 : -12));
                view->verticalScrollBar()->setValue(view->verticalScrollBar()->value() + (f % 2 ? 5 : -5));
            }
            t.start();
            const double c0 = threadCpuMs();
            view->viewport()->repaint();
            cpu.push_back(threadCpuMs() - c0);
            ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
        }
        const Stats w = stats(ms), c = stats(cpu);
        // The goal is judged on CPU time per frame (the machine may be shared); wall time is shown too.
        const bool met = c.p95 <= 1000.0 / 60.0;
        all_met = all_met && met;
        std::printf(
            "  %-24s cpu mean %6.2f ms, p95 %6.2f ms | wall mean %6.2f ms, p95 %6.2f ms  -> 60 fps %s\n",
            lv.name, c.mean, c.p95, w.mean, w.p95, met ? "MET" : "NOT MET");
    }
    std::printf("decision tree, %d nodes, pan/zoom at 60 fps (p95 frame CPU time <= 16.7 ms): %s\n",
                view->layoutData().size(), all_met ? "MET" : "NOT MET");
    return 0;
}
