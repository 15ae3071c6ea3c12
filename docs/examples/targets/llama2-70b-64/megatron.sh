#!/usr/bin/env bash
# Galvatron Explorer plan: llama2-70b on 64 GPUs of 8x8xH100-IB
# predicted (runtime megatron-core, bf16): 12.45 s/iteration, 20.57 samples/s, MFU 59.1%, peak memory 75.51 GiB/GPU (stage 0)
# parameters per GPU by pipeline stage: 4312399872 4312408064
# Megatron-Core 0.20 (NVIDIA/Megatron-LM@d98e8a64): source this file, then
#   torchrun ... pretrain_gpt.py "${MEGATRON_ARGS[@]}"
unset CUDA_DEVICE_MAX_CONNECTIONS  # Megatron-FSDP requires it unset or > 1
MEGATRON_ARGS=(
    --tensor-model-parallel-size 8
    --pipeline-model-parallel-size 2
    --num-layers-per-virtual-pipeline-stage 8
    --sequence-parallel
    --micro-batch-size 4
    --global-batch-size 256
    --use-megatron-fsdp
    --use-distributed-optimizer
    --data-parallel-sharding-strategy optim_grads
    --ckpt-format fsdp_dtensor
    --overlap-grad-reduce
    --overlap-param-gather
    --tp-comm-overlap
    --num-layers 80
    --hidden-size 8192
    --ffn-hidden-size 28672
    --num-attention-heads 64
    --group-query-attention
    --num-query-groups 8
    --seq-length 4096
    --max-position-embeddings 4096
    --position-embedding-type rope
    --swiglu
    --disable-bias-linear
    --normalization RMSNorm
    --untie-embeddings-and-output-weights
    --bf16
    --data-path "$DATA_PATH"
    --tokenizer-type HuggingFaceTokenizer
    --tokenizer-model "$TOKENIZER_MODEL"
    --save "$CHECKPOINT_PATH"
    --save-interval 1000
    --load "$CHECKPOINT_PATH"
)
