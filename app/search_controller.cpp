// SPDX-License-Identifier: Apache-2.0
#include "search_controller.h"

#include "gx/error.h"
#include "gx/target_search.h"

#include <QCoreApplication>
#include <QDeadlineTimer>

#include <algorithm>

#include <deque>
#include <exception>
#include <mutex>
#include <thread>

namespace gx::app {

/// State shared between the GUI thread and one search thread.
struct SearchController::Run {
    quint64 generation = 0;
    std::shared_ptr<const CostModel> cost_model;
    SearchOptions options;
    double time_limit_s = 0;

    std::mutex mutex; // guards everything below
    std::vector<SearchEvent> queue;
    double progress = 0;
    bool done = false;
    std::shared_ptr<const SearchResult> result;
    std::optional<RankedPlan> any_best; ///< target searches: the best plan for any runtime
    std::string error_field, error_message;

    std::jthread thread; // last member: joined first on destruction
};

SearchController::SearchController(QObject* parent) : QObject(parent) {
    static const int registered = [] {
        qRegisterMetaType<gx::app::SearchBatch>();
        qRegisterMetaType<std::shared_ptr<const gx::SearchResult>>();
        qRegisterMetaType<std::shared_ptr<const gx::CostModel>>();
        return 0;
    }();
    (void)registered;
    timer_.setInterval(30);
    connect(&timer_, &QTimer::timeout, this, &SearchController::drain);
}

SearchController::~SearchController() {
    if (run_)
        run_->thread.request_stop();
    for (auto& r : retired_)
        r->thread.request_stop();
    // The jthreads join here; the search checks its stop token often, so this is short.
    run_.reset();
    retired_.clear();
}

quint64 SearchController::start(const ModelProfile& model, const ClusterProfile& cluster,
                                const SearchOptions& options, double time_limit_s) {
    if (run_) {
        run_->thread.request_stop();
        retired_.push_back(std::move(run_));
    }
    reap();
    ++generation_;
    progress_ = 0;
    frontier_points_ = std::max(0, options.frontier_points - 1);
    frontier_seen_ = 0;
    clock_.start();
    auto run = std::make_shared<Run>();
    run->generation = generation_;
    run->options = options;
    run->time_limit_s = time_limit_s;
    try {
        run->cost_model = std::make_shared<const CostModel>(model, cluster, options.cost);
    } catch (const InputError& e) {
        const quint64 gen = generation_;
        emit started(gen);
        emit failed(gen, QString::fromStdString(e.field()), QString::fromStdString(e.what()));
        return gen;
    } catch (const std::exception& e) {
        const quint64 gen = generation_;
        emit started(gen);
        emit failed(gen, QString(), QString::fromStdString(e.what()));
        return gen;
    }
    run_ = run;
    // The thread only holds a weak view of the GUI state: the shared Run.
    Run* raw = run.get();
    run->thread = std::jthread([raw](std::stop_token stop) {
        auto observer = [raw](const SearchEvent& ev) {
            std::lock_guard lock(raw->mutex);
            if (ev.kind == SearchEvent::Kind::Progress)
                raw->progress = ev.progress;
            else
                raw->queue.push_back(ev);
        };
        std::shared_ptr<const SearchResult> result;
        std::optional<RankedPlan> any_best;
        std::string field, message;
        try {
            SearchResult r =
                searchForTarget(*raw->cost_model, raw->options, observer, stop, raw->time_limit_s);
            // Plans name the framework they were searched for (saved plan files keep it).
            const std::string target = toString(raw->options.target);
            if (r.best)
                r.best->plan.target = target;
            for (auto& rp : r.top)
                rp.plan.target = target;
            for (auto& rp : r.frontier)
                rp.plan.target = target;
            // The price of the target: the best plan without it (as `galvatron search --target` prints).
            if (raw->options.target != Target::Any && r.best && !r.cancelled && !stop.stop_requested()) {
                SearchOptions any = raw->options;
                any.target = Target::Any;
                any.top_k = 1;
                any.frontier_points = 0;
                any.emit_tree_events = false;
                const SearchResult a = searchForTarget(*raw->cost_model, any, {}, stop, raw->time_limit_s);
                if (a.best && !a.cancelled) {
                    any_best = *a.best;
                    any_best->plan.target = toString(Target::Any);
                }
            }
            result = std::make_shared<const SearchResult>(std::move(r));
        } catch (const InputError& e) {
            field = e.field();
            message = e.what();
        } catch (const std::exception& e) {
            message = e.what();
        }
        std::lock_guard lock(raw->mutex);
        raw->result = std::move(result);
        raw->any_best = std::move(any_best);
        raw->error_field = std::move(field);
        raw->error_message = std::move(message);
        raw->done = true;
    });
    emit started(generation_);
    timer_.start();
    return generation_;
}

void SearchController::cancel() {
    if (run_)
        run_->thread.request_stop();
}

double SearchController::elapsedSeconds() const {
    return clock_.isValid() ? static_cast<double>(clock_.elapsed()) / 1000.0 : 0.0;
}

double SearchController::etaSeconds() const {
    // Unknown early on (too little to extrapolate from) and at the very end.
    if (!run_ || progress_ <= 0.02 || progress_ >= 0.99 || elapsedSeconds() < 0.3)
        return -1;
    return elapsedSeconds() * (1.0 - progress_) / progress_;
}

bool SearchController::waitForFinished(int timeout_ms) {
    QDeadlineTimer deadline(timeout_ms);
    while (run_ && !deadline.hasExpired()) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        if (run_) {
            bool done = false;
            {
                std::lock_guard lock(run_->mutex);
                done = run_->done;
            }
            if (done)
                drain();
            else
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
    }
    return !run_;
}

void SearchController::reap() {
    std::erase_if(retired_, [](const std::shared_ptr<Run>& r) {
        std::lock_guard lock(r->mutex);
        return r->done; // the thread has left search(); joining it is immediate
    });
}

void SearchController::drain() {
    reap();
    if (!run_) {
        if (retired_.empty())
            timer_.stop();
        return;
    }
    std::shared_ptr<Run> run = run_;
    SearchBatch batch;
    batch.generation = run->generation;
    std::vector<SearchEvent> events;
    bool done = false;
    {
        std::lock_guard lock(run->mutex);
        events.swap(run->queue);
        batch.progress = run->progress;
        done = run->done;
    }
    batch.nodes.reserve(events.size());
    for (auto& ev : events) {
        switch (ev.kind) {
        case SearchEvent::Kind::NodeExpanded:
        case SearchEvent::Kind::NodePruned:
            batch.nodes.push_back(std::move(ev.node));
            break;
        case SearchEvent::Kind::FrontierPoint:
            ++frontier_seen_;
            [[fallthrough]];
        case SearchEvent::Kind::Incumbent:
            if (ev.plan)
                batch.points.push_back(PlanPoint{ev.time, ev.memory, std::move(*ev.plan),
                                                 ev.kind == SearchEvent::Kind::Incumbent});
            break;
        case SearchEvent::Kind::Message:
            batch.messages.push_back(QString::fromStdString(ev.message));
            break;
        case SearchEvent::Kind::TaskStarted:
        case SearchEvent::Kind::TaskSolved:
        case SearchEvent::Kind::TaskCut:
            batch.tasks.push_back(std::move(ev));
            break;
        case SearchEvent::Kind::Progress:
            break;
        }
    }
    // The planner reports the main pass (configurations done / all); after it, the Pareto frontier
    // runs up to frontier_points - 1 more passes under smaller budgets, each announced by a frontier
    // point. Progress weighs the main pass and the frontier passes, and stays below 100% until the
    // run has ended (a cancelled run never reads 100%).
    {
        const double main = std::clamp(batch.progress, 0.0, 1.0);
        double p = main;
        if (frontier_points_ > 0) {
            const double fp = std::min(1.0, static_cast<double>(frontier_seen_) / frontier_points_);
            // A frontier pass costs about as much as the main pass (it reruns the configurations
            // under a smaller budget), so each gets an equal share.
            p = (main + fp * frontier_points_) / (1.0 + frontier_points_);
        }
        batch.progress = std::max(progress_, std::min(p, 0.99));
    }
    // A stop during the frontier passes ends the run early, but the planner only marks runs stopped
    // during the main pass as cancelled: mark the rest here (their frontier is partial).
    if (done && run->result && !run->result->cancelled && run->thread.get_stop_token().stop_requested()) {
        auto r = std::make_shared<SearchResult>(*run->result);
        r->cancelled = true;
        run->result = std::move(r);
    }
    if (done && run->result && !run->result->cancelled)
        batch.progress = 1.0;
    progress_ = batch.progress;
    if (!batch.nodes.empty() || !batch.points.empty() || !batch.messages.empty() || !batch.tasks.empty())
        emit batchReady(batch);
    if (run_ != run) // a slot started a new run: this batch was the last of the old one
        return;
    if (!done) {
        emit progressChanged(progress_, etaSeconds());
        return;
    }
    run_.reset();
    if (!run->error_message.empty() || !run->result) {
        emit failed(run->generation, QString::fromStdString(run->error_field),
                    QString::fromStdString(run->error_message));
    } else {
        last_result_ = run->result;
        last_cost_model_ = run->cost_model;
        last_any_best_ = run->any_best;
        last_target_ = run->options.target;
        emit finished(run->generation, run->result, run->cost_model);
    }
    if (!run_ && retired_.empty())
        timer_.stop();
}

} // namespace gx::app
