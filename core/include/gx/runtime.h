// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - runtime profile: how a training framework implements a plan.
//
// The third input beside model and cluster. Two plans with the same degrees run at different speeds
// and memory in Megatron-Core, torchtitan, DeepSpeed or Hetu-Galvatron, because the frameworks store
// different activations, overlap different communication and carry different fixed overheads. Every
// field below is one such implementation fact; presets (resources/presets/runtimes) cite their sources,
// and `galvatron calibrate` fits the few coefficients marked "calibrated" against measured runs.
#pragma once

#include <map>
#include <string>

namespace gx {

/// Numeric format of the linear layers (Micikevicius et al. 2018 mixed precision; Micikevicius et al.
/// 2022 "FP8 Formats for Deep Learning"). Attention, norms and the optimizer stay in bf16/fp32.
enum class Precision { BF16, FP16, FP8 };

/// Attention kernel: flash (Dao 2022/2023) and memory-efficient kernels never store the s x s scores;
/// eager attention stores scores, softmax output and dropout mask (Korthikanti et al. 2022).
enum class AttentionKernel { Flash, MemEfficient, Eager };

struct RuntimeProfile {
    std::string name = "generic";                  ///< preset or user name
    std::string framework = "any";                 ///< megatron, torchtitan, deepspeed, hetu, any
    std::string version;                           ///< framework version the facts were read from
    std::string source;                            ///< where the facts come from
    std::map<std::string, std::string> provenance; ///< calibration record (runs, date, errors)

    // ---- activations stored for backward, by component -----------------------------------------
    AttentionKernel attention = AttentionKernel::Flash;
    /// Norms store their bf16 input only (fused kernels, Transformer Engine / Apex). false: eager
    /// PyTorch norms that upcast to fp32 keep an fp32 copy and the bf16 output as well (+4h bytes/token).
    bool fused_norm = true;
    /// Gated FFN activation (SwiGLU) fused: stores the fc1 output only (2 x f values). false: eager
    /// silu(gate) * up keeps gate, up, silu(gate) and the product (4 x f values).
    bool fused_swiglu = true;
    /// GQA: key/value heads expanded to all query heads before attention and stored (HF repeat_kv).
    bool expand_kv = false;
    /// Extra bytes stored per token per layer, in units of the hidden size, for buffers the
    /// component model does not name (residual copies, casts, framework bookkeeping). Calibrated
    /// against measured memory; 0 for fused runtimes.
    double activation_extra_h = 0.0;

    // ---- recomputation --------------------------------------------------------------------------
    /// What "selective" recomputation keeps. Megatron (false): everything but the attention core,
    /// which is recomputed (Korthikanti et al. 2022). Op-level policies (true, torchtitan's selective
    /// AC): only the layer input, the attention output and a fraction `selective_matmul_kept` of the
    /// matmul outputs are kept; everything else (norms, activations, the other matmuls) is recomputed.
    bool selective_op_level = false;
    double selective_matmul_kept = 0.5;

    // ---- overlap ---------------------------------------------------------------------------------
    /// Fraction of tensor-parallel collectives hidden behind GEMMs (Megatron --tp-comm-overlap,
    /// torchtitan async TP); 0 = all exposed.
    double tp_overlap = 0.0;
    /// Fraction of a layer's backward compute that can hide its data-parallel gradient
    /// reduction (bucketed all-reduce / reduce-scatter issued while earlier layers still compute).
    double dp_overlap = 1.0;
    /// ZeRO-1/2 and distributed optimizers: the parameter all-gather after the optimizer step is
    /// overlapped with the next forward pass (Megatron --overlap-param-gather); false: exposed.
    bool overlap_param_gather = true;
    /// Fraction of a layer's compute that can hide its ZeRO-3 / FSDP gathers and reduce-scatters
    /// (prefetch of the next layer's weights).
    double zero3_overlap = 1.0;
    /// Fraction of the links' collective bandwidth this runtime's data-parallel and ZeRO collectives
    /// reach (bucket sizes, per-tensor collectives, fp32 reductions); calibrated.
    double comm_efficiency = 1.0;
    /// ZeRO-3 / FSDP with several micro-batches per iteration (pipelines): the unsharded weights and
    /// gradients are kept from the first forward to the last backward, so gathers and reduce-scatters
    /// run once per iteration (torchtitan sets reshard_after_forward=False under PP).
    bool zero3_keep_unsharded = false;
    /// ZeRO-3 without keep_unsharded: the most parameters gathered at once, besides the one module
    /// running (0 = no cap: the layer running and the next one, prefetched, as FSDP units per block).
    /// DeepSpeed gathers per submodule and releases beyond `stage3_max_live_parameters` (default 1e9,
    /// deepspeed/runtime/zero/config.py), so a 530B layer (5 B parameters) is never whole.
    double zero3_max_live_params = 0.0;
    /// Pipelines: the runtime keeps every micro-batch's last-stage output (the logits) until the
    /// iteration ends. torch.distributed.pipelining's stage appends each last-stage forward output to
    /// `output_chunks` and merges them after the last backward (torch 2.5/2.6, `_PipelineStageBase.
    /// forward_one_chunk`), so torchtitan's last stage holds num_micro bf16 logit tensors. Megatron
    /// and DeepSpeed keep only the loss.
    bool keep_pipeline_outputs = false;
    /// Context parallelism (ring attention): the runtime all-gathers the K/V blocks of every CP rank
    /// once, after the first attention block, instead of passing them rank to rank behind each block
    /// (PyTorch 2.6 experimental `context_parallel`, torchtitan's default rotate method "allgather":
    /// torch/distributed/tensor/experimental/_attention.py `_AllGatherRotater`). Only that first block
    /// hides the gather; backward gathers K/V again and passes the dK/dV partial sums rank to rank,
    /// each exchange behind the next block and the last one exposed. The exchange carries the K/V the
    /// attention kernel receives: expanded to all query heads when `expand_kv`. Its backward holds the
    /// gathered K/V, the fp32 query gradient and dK/dV sums and the exchange buffers. false: Megatron /
    /// Transformer Engine's ring, GQA-sized K/V passed behind every block.
    bool cp_allgather = false;
    /// Bytes per element of the dK/dV partial sums passed between CP ranks in backward (PyTorch's
    /// context_parallel accumulates them in fp32, `_ContextParallelOptions.convert_to_f32`: 4).
    int cp_grad_bytes = 2;
    /// ZeRO-3 collectives use hierarchical / multi-channel NCCL rings (all NICs of a node). false:
    /// flat rings whose bandwidth is one GPU's network share (DeepSpeed ZeRO-3 of 2021).
    bool zero3_hierarchical = true;

    // ---- fixed costs -----------------------------------------------------------------------------
    /// Per layer and micro-batch, forward + backward: kernel launches, hooks, stream syncs (calibrated).
    double layer_overhead_us = 0.0;
    /// Per iteration: data loading, logging, gradient clipping and scaling (calibrated).
    double iteration_overhead_s = 0.0;

    // ---- model states ----------------------------------------------------------------------------
    int param_bytes = 2;      ///< working weights (bf16/fp16)
    int grad_bytes = 2;       ///< gradient buffer dtype (Megatron accumulates main grads in fp32: 4)
    int optimizer_bytes = 12; ///< Adam: fp32 master weights + two moments (Rajbhandari et al. 2020)

    // ---- memory overheads ------------------------------------------------------------------------
    /// Caching-allocator slack as a fraction of the activation and transient memory (calibrated).
    double fragmentation = 0.0;
    /// Bytes per logit element held around the loss (bf16 logits, fp32 copies, softmax, gradient):
    /// 6 for fused vocab-parallel cross-entropy, more for eager fp32 losses.
    double logit_bytes = 6.0;
    /// The same when the vocabulary is split over tensor-parallel ranks (0: logit_bytes). PyTorch's
    /// loss_parallel builds the log-softmax from separate fp32 ops (upcast, shift, exp, result) and
    /// its backward from three more, where the single-GPU path runs one fused kernel each way.
    double logit_bytes_vocab_parallel = 0.0;
    /// The runtime pads the vocabulary to a multiple of this x the vocabulary's tensor-parallel size
    /// (0: no padding). Megatron-LM and Hetu-Galvatron: 128 (--make-vocab-size-divisible-by, default
    /// 128; megatron/core/tokenizers/utils/build_tokenizer.py vocab_size_with_padding); torchtitan and
    /// DeepSpeed use the tokenizer's size.
    int vocab_divisible_by = 0;
    /// Runtime buffers beyond the cluster's reserved_gib (workspaces, NCCL/TE buffers), GiB.
    double runtime_reserved_gib = 0.0;
    /// Safety margin the search keeps free on every GPU, as a fraction of its memory: covers the
    /// spread between predicted and measured peaks (user guide, "Memory headroom").
    double memory_headroom = 0.0;

    // ---- mixture of experts -------------------------------------------------------------------------
    /// Throughput of the experts' grouped GEMMs relative to dense GEMMs of the same per-expert shape
    /// (the small-shape curve of GpuSpec applies on top). MegaBlocks (Gale et al., MLSys 2023, sec. 6)
    /// measures its grouped block-sparse kernels at 98.6% of cuBLAS batched-GEMM throughput; 0.9 is an
    /// assumption leaving room for uneven group sizes (per-expert GEMM loops: lower).
    double grouped_gemm_efficiency = 0.9;
    /// Expert parallelism: tokens on the busiest expert-parallel rank over the average (router
    /// imbalance; 1 = perfectly balanced). The slowest rank sets the pace of the all-to-all and of the
    /// expert GEMMs. Switch Transformer (Fedus et al. 2022) and GShard cap it with a capacity factor;
    /// dropless runtimes see the router's imbalance, which an auxiliary loss keeps small.
    double moe_load_imbalance = 1.0;

    // ---- FP8 ---------------------------------------------------------------------------------------
    bool supports_fp8 = false;
    /// FP8 linear layers keep an FP8 copy (and a transposed copy) of each weight: bytes per param.
    double fp8_weight_copy_bytes = 2.0;
    /// Per-element cost of FP8 casting / amax scaling, as extra HBM bytes per linear-layer input element.
    double fp8_cast_bytes = 4.0;
    /// FP8 linear layers keep the FP8 cast of their input (1 byte per element) for the weight gradient
    /// instead of the bf16 input: the QKV, projection, fc1 and fc2 inputs. Transformer Engine 1.x
    /// (transformer_engine/pytorch/module/linear.py: `saved_inputmat = inputmat`, the FP8 cast, unless
    /// the recipe keeps wgrad in higher precision; layernorm_linear.py and layernorm_mlp.py save
    /// `ln_out` and the activation output `gelu_out` in FP8 the same way).
    bool fp8_saved_inputs = false;
};

const char* toString(Precision);
const char* toString(AttentionKernel);
Precision precisionFromString(const std::string& s, const std::string& field);
AttentionKernel attentionKernelFromString(const std::string& s, const std::string& field);

} // namespace gx
