// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - model profile (what is trained).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gx {

/// Role of a Transformer block; decides attention shape and which stack it belongs to.
enum class BlockKind {
    Decoder,      ///< causal self-attention + FFN (GPT, LLaMA)
    Encoder,      ///< bidirectional self-attention + FFN (BERT, ViT, T5 encoder)
    CrossDecoder, ///< self-attention + cross-attention + FFN (T5 decoder)
};

/// Mixture-of-experts FFN (Shazeer et al. 2017; Fedus et al. 2022; Jiang et al. 2024 "Mixtral of
/// Experts"; DeepSeek-AI 2024 "DeepSeek-V2/V3"). In an MoE layer LayerType::ffn_hidden is the
/// intermediate size of ONE routed expert (Hugging Face `moe_intermediate_size`, or Mixtral's
/// `intermediate_size`); each token passes through `top_k` routed experts and all shared experts.
struct MoeSpec {
    int experts = 0;                 ///< routed experts (0: the layer has a dense FFN)
    int top_k = 0;                   ///< routed experts per token (router top-k)
    int shared_experts = 0;          ///< experts every token passes through (DeepSeek, Qwen2-MoE)
    int shared_ffn_hidden = 0;       ///< intermediate size of each shared expert
    bool shared_expert_gate = false; ///< Qwen2-MoE: sigmoid gate on the shared expert (hidden x 1)
    bool router_bias = false;        ///< DeepSeek-V3: per-expert score-correction bias (`noaux_tc`)
    double capacity_factor = 0.0;    ///< 0: dropless; > 0: expert inputs padded/dropped to
                                     ///< capacity_factor * tokens * top_k / experts (Fedus et al. 2022)
    // How the router weighs the chosen experts (Hugging Face's MoE configs). They cost nothing; the
    // exports pass them on so that the framework trains the same model. The defaults are Mixtral's:
    // softmax scores, the top-k weights renormalised to sum 1, no scaling, no groups.
    /// "softmax" (Mixtral, Qwen, DeepSeek-V2) or "sigmoid" (DeepSeek-V3 `scoring_func`)
    std::string score_function = "softmax";
    /// The top-k weights are divided by their sum (`norm_topk_prob`; Mixtral always). Without it a
    /// token's weights are its scores over all experts (softmax: Qwen2-MoE, DeepSeek-V2).
    bool normalize_top_k = true;
    double routed_scaling = 1.0; ///< the routed experts' weights times this (`routed_scaling_factor`)
    /// Group-limited routing (`n_group`, `topk_group`): the experts form `expert_groups` equal groups
    /// and a token's top-k come from its best `groups_per_token` groups, a group's score being the sum
    /// of its best `group_score_top` expert scores (DeepSeek-V2 `group_limited_greedy`: 1, the
    /// maximum; DeepSeek-V3 `noaux_tc`: 2). 0, 0, 0: not limited.
    int expert_groups = 0;
    int groups_per_token = 0;
    int group_score_top = 0;
    /// The router's load-balancing loss (GShard / Switch Transformer): its coefficient, 0 = none
    /// (Hugging Face `router_aux_loss_coef`; DeepSeek `aux_loss_alpha`), computed per sequence rather than
    /// per batch when `aux_loss_per_sequence` (DeepSeek `seq_aux`). It costs nothing; the exports pass it
    /// on so that the framework balances the experts as the model was trained (Megatron-LM's default
    /// coefficient is 0: no balancing at all).
    double aux_loss_coeff = 0.0;
    bool aux_loss_per_sequence = false;

    bool enabled() const { return experts > 0; }
    bool groupLimited() const { return expert_groups > 0; }
    /// "group-limited routing (4 of 8 groups, a group ranked by the sum of its best 2 expert scores)": how
    /// the exports name this routing when a framework ranks the groups otherwise.
    std::string groupRoutingText() const;
    static bool knownScoreFunction(const std::string& f) { return f == "softmax" || f == "sigmoid"; }
    static constexpr const char* kScoreFunctionList = "softmax, sigmoid";
    bool operator==(const MoeSpec&) const = default;
};

/// Multi-latent attention (DeepSeek-AI 2024, "DeepSeek-V2", sec. 2.1): low-rank compressed K/V (and
/// optionally Q) with a decoupled rotary part. With MLA, LayerType::head_dim is the query/key head
/// size qk_nope_head_dim + qk_rope_head_dim, and kv_heads == heads.
struct MlaSpec {
    int q_lora_rank = 0;      ///< 0: full-rank query projection (DeepSeek-V2-Lite)
    int kv_lora_rank = 0;     ///< > 0 enables MLA: rank of the compressed K/V latent
    int qk_nope_head_dim = 0; ///< per-head query/key size without rotary
    int qk_rope_head_dim = 0; ///< per-head rotary query size; the rotary key is shared by all heads
    int v_head_dim = 0;       ///< per-head value size

    bool enabled() const { return kv_lora_rank > 0; }
    bool operator==(const MlaSpec&) const = default;
};

/// One kind of Transformer layer. A model is a sequence of stacks of identical layers.
struct LayerType {
    std::string name = "decoder"; ///< stack name, e.g. "encoder", "decoder"
    BlockKind kind = BlockKind::Decoder;
    int hidden = 0;         ///< h
    int ffn_hidden = 0;     ///< f (intermediate size)
    int heads = 0;          ///< a
    int kv_heads = 0;       ///< grouped-query attention; == heads for MHA
    int head_dim = 0;       ///< usually hidden / heads
    int seq_len = 0;        ///< s: tokens this stack processes per sample
    int cross_seq_len = 0;  ///< for CrossDecoder: encoder tokens attended to
    bool gated_ffn = false; ///< SwiGLU/GeGLU: 3 FFN matrices instead of 2
    bool bias = true;       ///< linear layers carry biases
    bool dropout = true;    ///< dropout masks are stored (Korthikanti's 34sbh counts them)
    bool qkv_bias = false;  ///< biases on the Q/K/V projections only (Qwen2, Qwen2-MoE) when !bias
    bool qk_norm = false;   ///< RMSNorm on each query and key head (Qwen3): 2 * head_dim weights
    MoeSpec moe;            ///< mixture-of-experts FFN (moe.experts == 0: dense)
    MlaSpec mla;            ///< multi-latent attention (mla.kv_lora_rank == 0: standard MHA/GQA)

    /// Parameter count of one layer (weights + biases + norms), ALL experts included.
    std::int64_t params() const;
    /// Parameters one token uses: attention, router, `top_k` routed experts and the shared experts.
    /// Equal to params() for a dense layer.
    std::int64_t activeParams() const;
    /// Parameters in the matrices that tensor parallelism splits (attention projections and every
    /// expert's FFN).
    std::int64_t matmulParams() const;
    /// Biases that tensor parallelism splits with their matrices: those of the column-parallel
    /// projections (Q/K/V, the FFN's input projections and the shared experts'). The row-parallel
    /// biases (attention output, FFN output) and the norms are whole on every rank (Megatron-LM
    /// ColumnParallelLinear / RowParallelLinear).
    std::int64_t splitBiasParams() const;
    /// matmulParams() of the projections one token passes through (top_k + shared experts).
    std::int64_t activeMatmulParams() const;
    /// Matrices every tensor-parallel rank holds whole and every token passes through: the router
    /// (and Qwen2-MoE's shared-expert gate) and MLA's down-projections to the latents.
    std::int64_t replicatedMatmulParams() const;
    /// Router parameters (hidden x experts, + score bias, + shared-expert gate); 0 for a dense layer.
    std::int64_t routerParams() const;
    /// Parameters of one routed expert's FFN matrices (all experts have the same shape).
    std::int64_t expertMatmulParams() const;
    /// Query/key and value widths per head: head_dim for both unless MLA sets them apart.
    int qkHeadDim() const;
    int vHeadDim() const;
    /// Forward FLOPs of one layer for `batch` samples (matmuls + attention scores; Narayanan et al. 2021).
    /// Mixture of experts: the router GEMM plus top_k routed and all shared experts per token (the
    /// ACTIVE parameters, as Megatron-LM's num_floating_point_operations counts MoE layers).
    double forwardFlops(int batch) const;
};

struct LayerStack {
    LayerType type;
    int count = 0;
};

/// Scaling of rotary position embeddings (Hugging Face config `rope_scaling`). Costs nothing; exports
/// pass it on so that the framework trains the same model. Empty type: none.
struct RopeScaling {
    /// "llama3" (Llama 3.1/3.2), "yarn" (DeepSeek-V2/V3), "linear" (position interpolation) or
    /// "dynamic" (NTK-aware)
    std::string type;
    double factor = 0;             ///< context extension factor
    int original_max_position = 0; ///< the context the base frequencies were trained for
    double low_freq_factor = 0;    ///< llama3
    double high_freq_factor = 0;   ///< llama3
    double beta_fast = 0;          ///< yarn
    double beta_slow = 0;          ///< yarn
    double mscale = 0;             ///< yarn
    double mscale_all_dim = 0;     ///< yarn
    bool operator==(const RopeScaling&) const = default;
    /// The kinds a profile may hold (model JSON and Hugging Face import), and their list for errors.
    static bool knownType(const std::string& t) {
        return t == "llama3" || t == "yarn" || t == "linear" || t == "dynamic";
    }
    static constexpr const char* kTypeList = "llama3, yarn, linear, dynamic";
};

/// A Transformer model: embedding, stacks of layers, LM/classification head.
struct ModelProfile {
    std::string name;
    std::string family; ///< "gpt", "llama", "bert", "t5", "vit", ...
    std::string source; ///< where the numbers came from (paper, config.json path)
    std::vector<LayerStack> stacks;
    int vocab_size = 0;   ///< 0 for ViT (patch embedding instead)
    int embed_hidden = 0; ///< hidden size of the embedding (== first stack hidden)
    int seq_len = 0;      ///< sequence length of the input (tokens or patches)
    int max_position = 0; ///< learned position embeddings (0: rotary/none)
    /// Rotary base (Hugging Face `rope_theta`; 0: not stated, the framework's default of 10000).
    double rope_theta = 0;
    RopeScaling rope_scaling;
    bool tied_embeddings = false;
    int patch_size = 0;  ///< ViT only
    int image_size = 0;  ///< ViT only
    int channels = 3;    ///< ViT only
    int num_classes = 0; ///< ViT/BERT classification head (0: none)

    int layerCount() const;
    /// Layer type of global layer index i (stacks in order).
    const LayerType& layer(int i) const;
    /// Index of the stack holding global layer i.
    int stackOf(int i) const;
    /// Parameters of the input embedding (tokens + positions, or patch projection).
    std::int64_t embeddingParams() const;
    /// Parameters of the output head (LM head unless tied; classifier otherwise).
    std::int64_t headParams() const;
    /// The learned position embeddings of a token model (0 for rotary positions and patch models):
    /// part of embeddingParams(), whole on every tensor-parallel rank.
    std::int64_t positionParams() const;
    /// The final norm before the head (LayerNorm gain + bias, or RMSNorm gain): part of headParams(),
    /// whole on every tensor-parallel rank.
    std::int64_t finalNormParams() const;
    /// All parameters (every expert), embedding and head included.
    std::int64_t totalParams() const;
    /// Parameters one token uses (embedding and head included, top_k + shared experts per MoE layer).
    /// Conventions differ: Mistral and Qwen publish this figure; DeepSeek's "activated" figure leaves
    /// out the input embedding (activeParams() - embeddingParams()).
    std::int64_t activeParams() const;
    /// True when any layer is a mixture-of-experts layer.
    bool hasMoe() const;
    /// Forward FLOPs of the LM head for `batch` samples (2*b*s*h*V).
    double headForwardFlops(int batch) const;
    /// Forward FLOPs of the whole model for `batch` samples.
    double forwardFlops(int batch) const;
};

} // namespace gx
