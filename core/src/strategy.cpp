// SPDX-License-Identifier: Apache-2.0
#include "gx/strategy.h"

namespace gx {

const char* toString(DpType t) {
    switch (t) {
    case DpType::DDP:
        return "ddp";
    case DpType::ZeRO1:
        return "zero1";
    case DpType::ZeRO2:
        return "zero2";
    case DpType::ZeRO3:
        return "zero3";
    }
    return "?";
}

const char* toString(Checkpoint c) {
    switch (c) {
    case Checkpoint::None:
        return "none";
    case Checkpoint::Selective:
        return "selective";
    case Checkpoint::Full:
        return "full";
    }
    return "?";
}

const char* toString(Schedule s) {
    switch (s) {
    case Schedule::GPipe:
        return "gpipe";
    case Schedule::OneFOneB:
        return "1f1b";
    case Schedule::Interleaved:
        return "interleaved";
    }
    return "?";
}

const char* toString(CpComm c) {
    switch (c) {
    case CpComm::P2P:
        return "p2p";
    case CpComm::A2A:
        return "a2a";
    }
    return "?";
}

std::string dpLabel(DpType t) {
    switch (t) {
    case DpType::DDP:
        return "DDP";
    case DpType::ZeRO1:
        return "ZeRO-1";
    case DpType::ZeRO2:
        return "ZeRO-2";
    case DpType::ZeRO3:
        return "ZeRO-3";
    }
    return "DDP";
}

std::string LayerStrategy::label() const {
    std::string s = "tp" + std::to_string(tp);
    if (sp)
        s += "-sp";
    if (cp > 1) {
        s += " cp" + std::to_string(cp);
        if (cp_comm == CpComm::A2A)
            s += "-a2a";
    }
    s += " dp" + std::to_string(dp);
    if (ep > 1)
        s += " ep" + std::to_string(ep);
    if (dp * cp > 1 && dp_type != DpType::DDP) // ZeRO shards over dp x cp
        s += " " + dpLabel(dp_type);
    if (tp > 1 && dp * cp > 1 && !tp_consecutive)
        s += " dp-first";
    if (ckpt == Checkpoint::Full)
        s += " ckpt";
    else if (ckpt == Checkpoint::Selective)
        s += " sel-ckpt";
    return s;
}

bool Plan::runsSameAs(const Plan& o) const {
    return gpus == o.gpus && pp == o.pp && schedule == o.schedule && virtual_stages == o.virtual_stages &&
           stage_layers == o.stage_layers && global_batch == o.global_batch && num_micro == o.num_micro &&
           layers == o.layers && vocab_tp == o.vocab_tp && vocab_dp_type == o.vocab_dp_type &&
           precision == o.precision;
}

int Plan::chunkStart(int chunk) const {
    int start = 0;
    for (int c = 0; c < chunk && c < static_cast<int>(stage_layers.size()); ++c)
        start += stage_layers[static_cast<std::size_t>(c)];
    return start;
}

int Plan::stageOfLayer(int layer) const {
    int start = 0;
    for (std::size_t c = 0; c < stage_layers.size(); ++c) {
        start += stage_layers[c];
        if (layer < start)
            return pp > 0 ? static_cast<int>(c) % pp : 0;
    }
    return pp - 1;
}

} // namespace gx
