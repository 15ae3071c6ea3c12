#!/usr/bin/env bash
# Galvatron Explorer plan: gpt3-175b on 1024 GPUs of 128x8xA100-80G-IB
# predicted (runtime megatron-core, bf16): 42.01 s/iteration, 97.5 samples/s, MFU 67.3%, peak memory 68.72 GiB/GPU (stage 0)
# parameters per GPU by pipeline stage: 10979500032 10954358784
# Megatron-Core 0.20 (NVIDIA/Megatron-LM@d98e8a64): source this file, then
#   torchrun ... pretrain_gpt.py "${MEGATRON_ARGS[@]}"
unset CUDA_DEVICE_MAX_CONNECTIONS  # Megatron-FSDP requires it unset or > 1
MEGATRON_ARGS=(
    --tensor-model-parallel-size 8
    --pipeline-model-parallel-size 2
    --num-layers-per-virtual-pipeline-stage 6
    --sequence-parallel
    --micro-batch-size 4
    --global-batch-size 4096
    --use-megatron-fsdp
    --use-distributed-optimizer
    --data-parallel-sharding-strategy optim_grads
    --ckpt-format fsdp_dtensor
    --overlap-grad-reduce
    --overlap-param-gather
    --tp-comm-overlap
    --num-layers 96
    --hidden-size 12288
    --ffn-hidden-size 49152
    --num-attention-heads 96
    --seq-length 2048
    --max-position-embeddings 2048
    --bf16
    --data-path "$DATA_PATH"
    --tokenizer-type HuggingFaceTokenizer
    --tokenizer-model "$TOKENIZER_MODEL"
    --save "$CHECKPOINT_PATH"
    --save-interval 1000
    --load "$CHECKPOINT_PATH"
)
