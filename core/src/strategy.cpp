// SPDX-License-Identifier: Apache-2.0
#include "gx/strategy.h"

namespace gx {

const std::array<EnumName<DpType>, 5> kDpTypeNames = {{{DpType::DDP, "ddp"},
                                                       {DpType::ZeRO1, "zero1"},
                                                       {DpType::ZeRO2, "zero2"},
                                                       {DpType::ZeRO3, "zero3"},
                                                       {DpType::ZeRO3, "fsdp", true}}};
const std::array<EnumName<Checkpoint>, 3> kCheckpointNames = {
    {{Checkpoint::None, "none"}, {Checkpoint::Selective, "selective"}, {Checkpoint::Full, "full"}}};
const std::array<EnumName<Schedule>, 3> kScheduleNames = {
    {{Schedule::GPipe, "gpipe"}, {Schedule::OneFOneB, "1f1b"}, {Schedule::Interleaved, "interleaved"}}};
const std::array<EnumName<CpComm>, 5> kCpCommNames = {{{CpComm::P2P, "p2p"},
                                                       {CpComm::A2A, "a2a"},
                                                       {CpComm::P2P, "ring", true},
                                                       {CpComm::A2A, "ulysses", true},
                                                       {CpComm::A2A, "all-to-all", true}}};

namespace {

/// The canonical name (first entry) of `v`; the names are literals, so data() is NUL-terminated.
template <typename E, std::size_t N> const char* nameIn(const std::array<EnumName<E>, N>& table, E v) {
    for (const auto& e : table)
        if (e.value == v && !e.alias)
            return e.name.data();
    return "?";
}

} // namespace

const char* toString(DpType t) {
    return nameIn(kDpTypeNames, t);
}

const char* toString(Checkpoint c) {
    return nameIn(kCheckpointNames, c);
}

const char* toString(Schedule s) {
    return nameIn(kScheduleNames, s);
}

const char* toString(CpComm c) {
    return nameIn(kCpCommNames, c);
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
