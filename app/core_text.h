// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - display-time translations of the English texts core produces.
//
// core is plain C++ without Qt and writes English: decision-tree labels ("sp on", "ckpt selective",
// "llama layer on 32 GPUs"), pruning rules' descriptions and pruning reasons ("tp=3 does not divide 32
// heads"). The GUI shows them through these functions, which recognise the known shapes and translate
// them with tr(); anything unknown (e.g. a label a newer core adds) is shown unchanged. Notation
// (pp=4, tp=2 dp=4, DDP, ZeRO-3, rule names) stays as it is: it is what the CLI and exports print.
#pragma once

#include "gx/planner.h"
#include "gx/scheduler.h"

#include <QCoreApplication>
#include <QString>

namespace gx::app {

class CoreText {
    Q_DECLARE_TR_FUNCTIONS(gx::app::CoreText)
public:
    /// The node's label in the current language.
    static QString treeLabel(const TreeNode& node);
    /// A pruning rule's description (gx::pruningRules()) in the current language; core's English
    /// description for a rule without a translation; empty for an unknown rule.
    static QString ruleDescription(const std::string& rule);
    /// A pruning reason in the current language (unchanged when its shape is unknown).
    static QString pruneReason(const std::string& reason);
    /// gx::targetPriceLine ("best for Megatron-LM 11.930 s/iteration; best for any runtime ...") in the
    /// current language.
    static QString targetPrice(const std::string& line);
    /// A schedule's solver status (ScheduleResult::status, e.g. "optimal within 0.01% ...").
    static QString scheduleStatus(const std::string& status);
    /// SearchResult::note (the time limit of searchAnytime).
    static QString searchNote(const std::string& note);
    /// Why a search found no plan (SearchResult::infeasible) in the current language; `fallback` (core's
    /// English sentence) when the kind is None.
    static QString infeasible(const Infeasibility& why, const std::string& fallback);
    /// Why a job of a multi-model schedule cannot run (ScheduleResult::infeasible) in the current language.
    static QString jobInfeasible(const JobInfeasible& why);
    /// Why Hydra spilling found no plan (SpillEstimate::reason) in the current language.
    static QString spillReason(const std::string& reason);
    /// A profile's calibration provenance (provenance["calibrated"], as `galvatron calibrate` writes it:
    /// "galvatron calibrate on FILE (N runs), DATE: throughput median |error| A% -> B%...") in a short
    /// form in the current language ("48 measured runs (published_runs.json), 2026-11-23: median
    /// |error| 6.4% -> 3.2%"); empty when it has another shape (the caller shows the text itself).
    static QString calibrationSummary(const std::string& provenance);
    /// "Calibrated: " and the summary (or the text itself, cut at 60 characters); `whole`: with the
    /// whole text (a tooltip).
    static QString calibrated(const std::string& provenance, bool whole = false);
};

} // namespace gx::app
