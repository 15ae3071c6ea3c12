// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - NCCL collective bandwidth over local GPUs, reported like nccl-tests
// (github.com/NVIDIA/nccl-tests, doc/PERFORMANCE.md): time = average per iteration over `iters`
// after `warmup`, slowest rank; algbw = size / time; busbw = algbw * factor (logic.h busBwFactor).
// One host thread drives all local ranks with ncclGroupStart/End (NCCL's single-thread multi-GPU
// pattern); communicators from ncclCommInitAll over the first n devices.
#include "gx/engine/engine.h"
#include "gx/engine/logic.h"
#include "gx/engine/rank_group.h"
#include "gx/error.h"

#include "cuda_util.h"
#include "nccl_util.h"

namespace gx::engine {

using namespace detail;

#ifndef GX_ENGINE_HAVE_NCCL

std::vector<CollectivePoint> profileCollectives(const CollectiveProfileOptions&, const JobContext&) {
    throw EngineError("this engine was built without NCCL: collectives cannot be profiled");
}

#else

namespace {

/// Communicators, streams and buffers of one group size. Every resource is registered in `cleanup` as
/// soon as it exists, so a failure half-way through the constructor (an allocation, a stream) frees
/// what was already acquired: the member's destructor runs even though ~LocalComms does not.
struct LocalComms {
    CleanupStack cleanup; // first member: destroyed last, after nothing else needs it
    std::vector<ncclComm_t> comms;
    std::vector<cudaStream_t> streams;
    std::vector<DeviceBuffer> send, recv;
    explicit LocalComms(int n, std::size_t bytes) {
        comms.assign(std::size_t(n), nullptr);
        streams.assign(std::size_t(n), nullptr);
        send.resize(std::size_t(n));
        recv.resize(std::size_t(n));
        std::vector<int> devs(static_cast<std::size_t>(n));
        for (int i = 0; i < n; ++i)
            devs[std::size_t(i)] = i;
        GX_NCCL(ncclCommInitAll(comms.data(), n, devs.data()));
        for (int i = 0; i < n; ++i)
            cleanup.push([this, i] {
                if (comms[std::size_t(i)])
                    ncclCommDestroy(comms[std::size_t(i)]);
            });
        for (int i = 0; i < n; ++i) {
            GX_CUDA(cudaSetDevice(i));
            GX_CUDA(cudaStreamCreateWithFlags(&streams[std::size_t(i)], cudaStreamNonBlocking));
            cleanup.push([this, i] {
                cudaSetDevice(i);
                cudaStreamSynchronize(streams[std::size_t(i)]);
                send[std::size_t(i)].reset();
                recv[std::size_t(i)].reset();
                cudaStreamDestroy(streams[std::size_t(i)]);
            });
            send[std::size_t(i)].allocate(bytes);
            recv[std::size_t(i)].allocate(bytes);
            GX_CUDA(cudaMemset(send[std::size_t(i)].get(), 1, bytes));
        }
    }
    ~LocalComms() { cleanup.runAll(); }
};

double timeCollective(LocalComms& lc, gx::Collective op, std::size_t bytes, int warmup, int iters) {
    const int n = int(lc.comms.size());
    auto once = [&] {
        GX_NCCL(ncclGroupStart());
        for (int r = 0; r < n; ++r) {
            GX_CUDA(cudaSetDevice(r));
            issueCollective(op, lc.comms[std::size_t(r)], lc.streams[std::size_t(r)],
                            lc.send[std::size_t(r)].get(), lc.recv[std::size_t(r)].get(), bytes, n, r);
        }
        GX_NCCL(ncclGroupEnd());
    };
    for (int i = 0; i < warmup; ++i)
        once();
    std::vector<Event> start, stop; // RAII: nothing leaks when a call below throws
    for (int r = 0; r < n; ++r) {
        GX_CUDA(cudaSetDevice(r));
        GX_CUDA(cudaStreamSynchronize(lc.streams[std::size_t(r)]));
        start.emplace_back();
        stop.emplace_back();
    }
    // Align the start events: one untimed collective is enqueued first and the start events are
    // recorded behind it. They then fire when that collective ends, which is (nearly) the same moment
    // on every device, instead of when the host reached each device's launch (the launch skew of n
    // devices driven by one thread would otherwise count as collective time on the first devices).
    once();
    for (int r = 0; r < n; ++r) {
        GX_CUDA(cudaSetDevice(r));
        GX_CUDA(cudaEventRecord(start[std::size_t(r)].get(), lc.streams[std::size_t(r)]));
    }
    for (int i = 0; i < iters; ++i)
        once();
    double worst_us = 0;
    for (int r = 0; r < n; ++r) {
        GX_CUDA(cudaSetDevice(r));
        GX_CUDA(cudaEventRecord(stop[std::size_t(r)].get(), lc.streams[std::size_t(r)]));
    }
    for (int r = 0; r < n; ++r) {
        GX_CUDA(cudaSetDevice(r));
        GX_CUDA(cudaEventSynchronize(stop[std::size_t(r)].get()));
        float ms = 0;
        GX_CUDA(cudaEventElapsedTime(&ms, start[std::size_t(r)].get(), stop[std::size_t(r)].get()));
        worst_us = std::max(worst_us, double(ms) * 1000.0 / iters);
    }
    return worst_us;
}

} // namespace

std::vector<CollectivePoint> profileCollectives(const CollectiveProfileOptions& opt, const JobContext& ctx) {
    const std::string why = noDeviceReason();
    if (!why.empty())
        throw EngineError("no CUDA device: " + why);
    int ndev = 0;
    GX_CUDA(cudaGetDeviceCount(&ndev));
    std::vector<int> groups = opt.group_sizes;
    if (groups.empty())
        for (int g = 2; g <= ndev; g *= 2)
            groups.push_back(g);
    for (std::size_t i = 0; i < groups.size(); ++i)
        if (groups[i] < 2 || groups[i] > ndev)
            throw gx::InputError("collectives.group_sizes[" + std::to_string(i) + "]",
                                 "must be between 2 and the local GPU count (" + std::to_string(ndev) + ")");
    if (groups.empty())
        throw EngineError("collectives need at least 2 local GPUs; this machine has " + std::to_string(ndev));
    const auto sizes = messageSizes(opt.min_bytes, opt.max_bytes, opt.step_factor);
    std::vector<CollectivePoint> out;
    const double total = double(groups.size() * opt.ops.size() * sizes.size());
    double done = 0;
    for (int n : groups) {
        // Round every size to a whole number of fp32 elements per rank.
        const std::size_t unit = 4 * std::size_t(n);
        LocalComms lc(n, (std::size_t(sizes.back()) + unit - 1) / unit * unit);
        for (gx::Collective op : opt.ops)
            for (std::int64_t want : sizes) {
                throwIfCancelled(ctx);
                const std::size_t bytes = std::max(unit, std::size_t(want) / unit * unit);
                ctx.report(done / total, std::string(collectiveName(op)) + " n=" + std::to_string(n) + " " +
                                             std::to_string(bytes) + " B");
                const double us = timeCollective(lc, op, bytes, opt.warmup, opt.iters);
                out.push_back(makeCollectivePoint(op, n, std::int64_t(bytes), us));
                done += 1;
            }
    }
    ctx.report(1.0, "collectives done");
    return out;
}

#endif

} // namespace gx::engine
