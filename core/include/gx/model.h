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

    /// Parameter count of one layer (weights + biases + norms).
    std::int64_t params() const;
    /// Parameters in the matrices that tensor parallelism splits.
    std::int64_t matmulParams() const;
    /// Forward FLOPs of one layer for `batch` samples (matmuls + attention scores; Narayanan et al. 2021).
    double forwardFlops(int batch) const;
};

struct LayerStack {
    LayerType type;
    int count = 0;
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
    std::int64_t totalParams() const;
    /// Forward FLOPs of the LM head for `batch` samples (2*b*s*h*V).
    double headForwardFlops(int batch) const;
    /// Forward FLOPs of the whole model for `batch` samples.
    double forwardFlops(int batch) const;
};

} // namespace gx
