// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - job queue (one thread owns the devices) and the full-profile driver.
#include "gx/engine/engine.h"

#include "gx/engine/logic.h"
#include "gx/error.h"

#include <algorithm>

namespace gx::engine {

const char* toString(JobState s) {
    switch (s) {
    case JobState::Queued:
        return "queued";
    case JobState::Running:
        return "running";
    case JobState::Done:
        return "done";
    case JobState::Failed:
        return "failed";
    case JobState::Cancelled:
        return "cancelled";
    }
    return "?";
}

Engine::Engine() : thread_([this] { loop(); }) {}

Engine::~Engine() {
    {
        std::lock_guard lock(mu_);
        stop_ = true;
        if (running_cancel_)
            running_cancel_->store(true);
    }
    cv_.notify_all();
    thread_.join();
}

int Engine::submit(std::string name, Work work, Callbacks callbacks) {
    Job job;
    job.name = std::move(name);
    job.work = std::move(work);
    job.cb = std::move(callbacks);
    job.cancel = std::make_shared<std::atomic<bool>>(false);
    int id;
    {
        std::lock_guard lock(mu_);
        id = next_id_++;
        job.id = id;
        queue_.push_back(std::move(job));
    }
    cv_.notify_all();
    return id;
}

bool Engine::cancel(int id) {
    Job removed;
    bool found_queued = false;
    {
        std::lock_guard lock(mu_);
        if (running_id_ == id && running_cancel_) {
            running_cancel_->store(true);
            return true;
        }
        auto it = std::find_if(queue_.begin(), queue_.end(), [id](const Job& j) { return j.id == id; });
        if (it == queue_.end())
            return false;
        removed = std::move(*it);
        queue_.erase(it);
        found_queued = true;
    }
    idle_cv_.notify_all();
    if (found_queued && removed.cb.finished)
        removed.cb.finished(JobState::Cancelled, "");
    return true;
}

void Engine::cancelAll() {
    std::deque<Job> removed;
    {
        std::lock_guard lock(mu_);
        removed.swap(queue_);
        if (running_cancel_)
            running_cancel_->store(true);
    }
    idle_cv_.notify_all();
    for (auto& j : removed)
        if (j.cb.finished)
            j.cb.finished(JobState::Cancelled, "");
}

void Engine::waitIdle() {
    std::unique_lock lock(mu_);
    idle_cv_.wait(lock, [this] { return queue_.empty() && running_id_ == 0; });
}

std::size_t Engine::queued() const {
    std::lock_guard lock(mu_);
    return queue_.size();
}

int Engine::running() const {
    std::lock_guard lock(mu_);
    return running_id_;
}

void Engine::loop() {
    for (;;) {
        Job job;
        {
            std::unique_lock lock(mu_);
            cv_.wait(lock, [this] { return stop_ || !queue_.empty(); });
            if (stop_) {
                // Report what never ran.
                std::deque<Job> left;
                left.swap(queue_);
                lock.unlock();
                for (auto& j : left)
                    if (j.cb.finished)
                        j.cb.finished(JobState::Cancelled, "");
                idle_cv_.notify_all();
                return;
            }
            job = std::move(queue_.front());
            queue_.pop_front();
            running_id_ = job.id;
            running_cancel_ = job.cancel;
        }
        JobContext ctx;
        ctx.progress = job.cb.progress;
        ctx.cancel = job.cancel.get();
        JobState state = JobState::Done;
        std::string error;
        try {
            if (ctx.cancelled())
                throw Cancelled{};
            job.work(ctx);
            if (ctx.cancelled())
                state = JobState::Cancelled;
        } catch (const Cancelled&) {
            state = JobState::Cancelled;
        } catch (const std::exception& e) {
            state = JobState::Failed;
            error = e.what();
        } catch (...) {
            state = JobState::Failed;
            error = "unknown error";
        }
        if (job.cb.finished)
            job.cb.finished(state, error);
        {
            std::lock_guard lock(mu_);
            running_id_ = 0;
            running_cancel_.reset();
        }
        idle_cv_.notify_all();
    }
}

std::vector<GemmShape> defaultGemmShapes(const LayerBenchConfig& layer) {
    std::vector<GemmShape> shapes;
    for (std::int64_t n : {256, 512, 1024, 2048, 4096, 8192})
        shapes.push_back({"square", n, n, n});
    for (const auto& g : layerGemmShapes(layer))
        shapes.push_back(g);
    return shapes;
}

namespace {
/// Maps a sub-job's progress [0,1] into [lo, hi] of the whole.
JobContext subContext(const JobContext& ctx, double lo, double hi) {
    JobContext sub;
    sub.cancel = ctx.cancel;
    if (ctx.progress)
        sub.progress = [p = ctx.progress, lo, hi](double f, const std::string& m) {
            p(lo + (hi - lo) * f, m);
        };
    return sub;
}
} // namespace

ProfileResults profileAll(const FullProfileOptions& opt, const JobContext& ctx) {
    ProfileResults r;
    r.command = opt.command;
    r.date = utcNow();
    ctx.report(0.0, "device inventory");
    r.inventory = queryInventory();
    if (!r.inventory.available)
        throw EngineError("no CUDA device: " + r.inventory.error);
    if (opt.run_hbm) {
        r.hbm = profileHbm(opt.hbm, subContext(ctx, 0.0, 0.1));
    }
    if (opt.run_gemm) {
        GemmProfileOptions g = opt.gemm;
        if (g.shapes.empty())
            g.shapes = defaultGemmShapes(opt.layer.base);
        r.gemms = profileGemms(g, subContext(ctx, 0.1, 0.45));
    }
    if (opt.run_layer)
        r.layers = profileLayers(opt.layer, subContext(ctx, 0.45, 0.75));
    if (opt.run_collectives && r.inventory.devices.size() > 1 && haveNccl())
        r.collectives = profileCollectives(opt.collectives, subContext(ctx, 0.75, 1.0));
    ctx.report(1.0, "done");
    return r;
}

} // namespace gx::engine
