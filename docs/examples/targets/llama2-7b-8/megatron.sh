#!/usr/bin/env bash
# Galvatron Explorer plan: llama2-7b on 8 GPUs of 8xA100-80G
# predicted (runtime megatron-core, bf16): 3.541 s/iteration, 9.038 samples/s, MFU 68.4%, peak memory 57.39 GiB/GPU (stage 0)
# parameters per GPU by pipeline stage: 3369340928
# Megatron-Core 0.20 (NVIDIA/Megatron-LM@d98e8a64): source this file, then
#   torchrun ... pretrain_gpt.py "${MEGATRON_ARGS[@]}"
unset CUDA_DEVICE_MAX_CONNECTIONS  # Megatron-FSDP requires it unset or > 1
MEGATRON_ARGS=(
    --tensor-model-parallel-size 2
    --pipeline-model-parallel-size 1
    --sequence-parallel
    --micro-batch-size 4
    --global-batch-size 32
    --use-megatron-fsdp
    --use-distributed-optimizer
    --data-parallel-sharding-strategy optim_grads
    --ckpt-format fsdp_dtensor
    --overlap-grad-reduce
    --overlap-param-gather
    --tp-comm-overlap
    --num-layers 32
    --hidden-size 4096
    --ffn-hidden-size 11008
    --num-attention-heads 32
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
