// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - pipeline op order per stage (see gx/pipeline_order.h).
#include "gx/pipeline_order.h"

#include "gx/error.h"

#include <algorithm>
#include <string>

namespace gx {

std::vector<PipelineOp> pipelineOrder(Schedule schedule, int pp, int stage, int m, int v) {
    if (pp < 1)
        throw InputError("plan.pp", "must be at least 1");
    if (stage < 0 || stage >= pp)
        throw InputError("stage", "must be in [0, " + std::to_string(pp) + ")");
    if (m < 1)
        throw InputError("plan.num_micro", "must be at least 1");
    if (v < 1)
        throw InputError("plan.virtual_stages", "must be at least 1");
    std::vector<PipelineOp> q;
    if (schedule == Schedule::GPipe) {
        for (int j = 0; j < m; ++j)
            q.push_back({true, j, 0});
        for (int j = 0; j < m; ++j)
            q.push_back({false, j, 0});
    } else if (schedule == Schedule::OneFOneB || v == 1 || m % pp != 0) {
        const int warm = std::min(pp - stage - 1, m);
        int nf = 0, nb = 0;
        for (; nf < warm; ++nf)
            q.push_back({true, nf, 0});
        while (nf < m) {
            q.push_back({true, nf++, 0});
            q.push_back({false, nb++, 0});
        }
        while (nb < m)
            q.push_back({false, nb++, 0});
    } else {
        const int total = m * v;
        const int warm = std::min(total, (pp - stage - 1) * 2 + (v - 1) * pp);
        auto fop = [&](int k) { return PipelineOp{true, (k / (pp * v)) * pp + k % pp, (k / pp) % v}; };
        auto bop = [&](int k) {
            return PipelineOp{false, (k / (pp * v)) * pp + k % pp, v - 1 - (k / pp) % v};
        };
        int nf = 0, nb = 0;
        for (; nf < warm; ++nf)
            q.push_back(fop(nf));
        while (nf < total) {
            q.push_back(fop(nf++));
            q.push_back(bop(nb++));
        }
        while (nb < total)
            q.push_back(bop(nb++));
    }
    return q;
}

} // namespace gx
