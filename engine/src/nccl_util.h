// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - NCCL helpers (internal; only compiled with GX_ENGINE_HAVE_NCCL).
#pragma once

#ifdef GX_ENGINE_HAVE_NCCL

#include "gx/cluster.h"
#include "gx/engine/types.h"

#include <cuda_runtime.h>
#include <nccl.h>

#include <string>

namespace gx::engine::detail {

inline void ncclCheck(ncclResult_t r, const char* what) {
    if (r != ncclSuccess)
        throw EngineError(std::string(what) + ": " + ncclGetErrorString(r));
}
#define GX_NCCL(call) ::gx::engine::detail::ncclCheck((call), #call)

/// Issues one collective for one rank (call between ncclGroupStart/End when one thread drives several
/// ranks). `bytes` is nccl-tests' "size": the whole buffer (all-reduce: the vector; all-gather: the
/// gathered output; reduce-scatter: the input; all-to-all: the send buffer; send/recv: the message,
/// sent to rank+1 and received from rank-1 on a ring). Elements are fp32 (4 bytes) unless bf16=true.
/// send and recv must hold `bytes`.
inline void issueCollective(gx::Collective op, ncclComm_t comm, cudaStream_t s, const void* send, void* recv,
                            std::size_t bytes, int nranks, int rank, bool bf16 = false) {
    const ncclDataType_t t = bf16 ? ncclBfloat16 : ncclFloat;
    const std::size_t esz = bf16 ? 2 : 4;
    const std::size_t count = bytes / esz;
    const std::size_t per = count / std::size_t(nranks);
    switch (op) {
    case gx::Collective::AllReduce:
        GX_NCCL(ncclAllReduce(send, recv, count, t, ncclSum, comm, s));
        break;
    case gx::Collective::AllGather: // send: this rank's 1/n part, recv: everything
        GX_NCCL(ncclAllGather(static_cast<const char*>(send) + std::size_t(rank) * per * esz, recv, per, t,
                              comm, s));
        break;
    case gx::Collective::ReduceScatter:
        GX_NCCL(ncclReduceScatter(send, static_cast<char*>(recv) + std::size_t(rank) * per * esz, per, t,
                                  ncclSum, comm, s));
        break;
    case gx::Collective::AllToAll:
        GX_NCCL(ncclGroupStart());
        for (int p = 0; p < nranks; ++p) {
            GX_NCCL(
                ncclSend(static_cast<const char*>(send) + std::size_t(p) * per * esz, per, t, p, comm, s));
            GX_NCCL(ncclRecv(static_cast<char*>(recv) + std::size_t(p) * per * esz, per, t, p, comm, s));
        }
        GX_NCCL(ncclGroupEnd());
        break;
    case gx::Collective::SendRecv:
        GX_NCCL(ncclGroupStart());
        GX_NCCL(ncclSend(send, count, t, (rank + 1) % nranks, comm, s));
        GX_NCCL(ncclRecv(recv, count, t, (rank - 1 + nranks) % nranks, comm, s));
        GX_NCCL(ncclGroupEnd());
        break;
    }
}

} // namespace gx::engine::detail

#endif
