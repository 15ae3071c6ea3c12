// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - collective formulas and fits (see collective_fit.h).
#include "gx/engine/collective_fit.h"

#include "gx/error.h"
#include "name_util.h"

#include <algorithm>

namespace gx::engine {

const char* collectiveName(gx::Collective op) {
    switch (op) {
    case gx::Collective::AllReduce:
        return "all_reduce";
    case gx::Collective::AllGather:
        return "all_gather";
    case gx::Collective::ReduceScatter:
        return "reduce_scatter";
    case gx::Collective::AllToAll:
        return "all_to_all";
    case gx::Collective::SendRecv:
        return "send_recv";
    }
    return "?";
}

gx::Collective collectiveFromName(const std::string& name, const std::string& field) {
    const std::string n = detail::squashName(name);
    if (n == "allreduce")
        return gx::Collective::AllReduce;
    if (n == "allgather")
        return gx::Collective::AllGather;
    if (n == "reducescatter")
        return gx::Collective::ReduceScatter;
    if (n == "alltoall")
        return gx::Collective::AllToAll;
    if (n == "sendrecv" || n == "p2p")
        return gx::Collective::SendRecv;
    throw gx::InputError(field,
                         "unknown collective '" + name +
                             "'; expected all_reduce, all_gather, reduce_scatter, all_to_all or send_recv");
}

double busBwFactor(gx::Collective op, int ranks) {
    if (ranks < 1)
        throw gx::InputError("group_size", "must be at least 1, got " + std::to_string(ranks));
    const double n = ranks;
    switch (op) {
    case gx::Collective::AllReduce:
        return 2.0 * (n - 1.0) / n;
    case gx::Collective::AllGather:
    case gx::Collective::ReduceScatter:
    case gx::Collective::AllToAll:
        return (n - 1.0) / n;
    case gx::Collective::SendRecv:
        return 1.0;
    }
    return 1.0;
}

double algBwGbs(double bytes, double time_us) {
    if (!(time_us > 0))
        throw gx::InputError("time_us", "must be positive to compute a bandwidth");
    return bytes / (time_us * 1e-6) / 1e9;
}

CollectivePoint makeCollectivePoint(gx::Collective op, int ranks, std::int64_t bytes, double time_us) {
    CollectivePoint p;
    p.op = op;
    p.group_size = ranks;
    p.bytes = bytes;
    p.time_us = time_us;
    p.algbw_gbs = algBwGbs(double(bytes), time_us);
    p.busbw_gbs = p.algbw_gbs * busBwFactor(op, ranks);
    return p;
}

std::vector<std::int64_t> messageSizes(std::int64_t min_bytes, std::int64_t max_bytes, int factor) {
    if (min_bytes < 1)
        throw gx::InputError("min_bytes", "must be at least 1");
    if (max_bytes < min_bytes)
        throw gx::InputError("max_bytes", "must be >= min_bytes");
    if (factor < 2)
        throw gx::InputError("step_factor", "must be at least 2");
    std::vector<std::int64_t> out;
    for (std::int64_t b = min_bytes; b <= max_bytes; b *= factor) {
        out.push_back(b);
        if (b > max_bytes / factor)
            break;
    }
    return out;
}

LinearFit fitLinear(const std::vector<double>& x, const std::vector<double>& y) {
    if (x.size() != y.size())
        throw gx::InputError("fit", "x and y differ in length");
    const std::size_t n = x.size();
    if (n < 2)
        throw gx::InputError("fit", "needs at least two points");
    double mx = 0, my = 0;
    for (std::size_t i = 0; i < n; ++i) {
        mx += x[i];
        my += y[i];
    }
    mx /= double(n);
    my /= double(n);
    double sxx = 0, sxy = 0, syy = 0;
    for (std::size_t i = 0; i < n; ++i) {
        sxx += (x[i] - mx) * (x[i] - mx);
        sxy += (x[i] - mx) * (y[i] - my);
        syy += (y[i] - my) * (y[i] - my);
    }
    if (sxx <= 0)
        throw gx::InputError("fit", "needs at least two distinct x values");
    LinearFit f;
    f.slope = sxy / sxx;
    f.intercept = my - f.slope * mx;
    f.r2 = syy > 0 ? (sxy * sxy) / (sxx * syy) : 1.0;
    return f;
}

AlphaBetaFit fitAlphaBeta(const std::vector<CollectivePoint>& curve, std::int64_t small_bytes,
                          std::int64_t large_bytes) {
    if (curve.empty())
        throw gx::InputError("collectives", "no points to fit");
    AlphaBetaFit fit;
    // Latency: the smallest messages are latency-bound; take the fit's intercept when two or more
    // small sizes exist, the smallest time otherwise (never negative).
    std::vector<double> xs, ys;
    double min_time = curve.front().time_us;
    for (const auto& p : curve) {
        min_time = std::min(min_time, p.time_us);
        if (p.bytes <= small_bytes) {
            xs.push_back(double(p.bytes));
            ys.push_back(p.time_us);
        }
    }
    fit.latency_us = min_time;
    if (xs.size() >= 2) {
        try {
            const LinearFit lf = fitLinear(xs, ys);
            if (lf.intercept > 0)
                fit.latency_us = lf.intercept;
        } catch (const gx::InputError&) {
        }
    }
    // Bandwidth: the best bus bandwidth among the large messages (all if none is that large).
    double best = 0, best_any = 0;
    for (const auto& p : curve) {
        best_any = std::max(best_any, p.busbw_gbs);
        if (p.bytes >= large_bytes)
            best = std::max(best, p.busbw_gbs);
    }
    fit.busbw_gbs = best > 0 ? best : best_any;
    return fit;
}

} // namespace gx::engine
