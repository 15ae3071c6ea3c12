// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - small helpers shared by the views: formatting, notation help, headroom notes,
// series colours and the pipeline schedule used by the timeline.
#pragma once

#include "gx/cost_model.h"
#include "gx/search.h"

#include <QColor>
#include <QString>

#include <vector>

namespace gx::app {

QString bytesText(double bytes);   ///< "12.3 GiB"
QString secondsText(double s);     ///< "45.6 ms"
QString signedPercent(double rel); ///< "+12.3 %"
/// One-line description: "pp4 1F1B, tp4-sp dp2 ZeRO-1, gbs 64 x 8 micro".
QString planSummary(const Plan& plan);

/// One block of the pipeline timeline.
struct TimelineOp {
    int stage = 0;
    int micro = 0;
    int chunk = 0;
    bool forward = true;
    double start = 0, end = 0; ///< seconds from the iteration start
};

/// Simulates the plan's pipeline schedule (GPipe: all forwards then all backwards; 1F1B: p-i-1
/// warm-up forwards then alternate (Narayanan et al. 2021, Fig. 4 top); interleaved: Megatron's
/// depth-first order over v model chunks (Fig. 4 bottom)) from the per-stage micro-batch times C_i in
/// PlanCost.stages. Forward takes (C_i - recompute_i) / 3 (backward = 2 x forward, Narayanan et al.
/// 2021), backward the rest. Dependencies: F(s, j) after F(s-1, j); B(s, j) after B(s+1, j); the last
/// virtual stage runs B after its own F. Returns the blocks; `makespan` receives the end time.
std::vector<TimelineOp> simulatePipeline(const Plan& plan, const PlanCost& cost, double* makespan = nullptr);

/// The plan notation ("pp2 1f1b, tp2-sp dp4 ZeRO-1 sel-ckpt, batch 256 = 16 x 16") explained, as
/// HTML: for tool tips (short) and the Help -> Notation page (full).
QString notationHelp(bool full);

/// When the best plan fills more than 97% of its memory budget: a note naming the fastest Pareto plan
/// with at least 5% headroom and how much slower it is (empty otherwise). HTML.
QString headroomNote(const SearchResult& r);

/// Distinct, readable colours for series i (works on light and dark palettes).
QColor seriesColor(int i);

} // namespace gx::app
