#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Run Megatron-LM's own argument handling on a Galvatron megatron.sh export.

This is a consumer check, not a unit test: it answers "does Megatron-LM accept
the arguments our Megatron-LM export wrote?" by executing, on the CPU, the same
steps pretrain_gpt.py runs before it touches a GPU:

    args = parse_args()                      # argparse, Megatron's parser
    validate_args(args, {'tokenizer_type': 'GPT2BPETokenizer'})
    cfg = gpt_config_from_args(args)         # TransformerConfig/GPTModelConfig
                                             # __post_init__ checks
    pretrain_cfg_container_from_args(args, cfg)

set_global_variables (tokenizer, timers, loggers), process-group creation and
model construction are not run. The results are recorded by hand in
tests/data/consumers/megatron_parser_run.json.

Requirements (none are needed by the project's build or CI):
  * a Megatron-LM source tree, e.g. the commit pinned in
    tests/data/consumers/megatron.json:
        mkdir -p /tmp/mp/megatron
        git --git-dir=<Megatron-LM mirror>/repo archive HEAD | tar -x -C /tmp/mp/megatron
  * Debian 12's python3-torch (1.13, CPU), python3-numpy, python3-packaging
    under /usr/bin/python3 (Python 3.11). Megatron-Core wants torch >= 2.6, so
    the child process installs the stubs and patches listed in STUBS and
    ENVIRONMENT_PATCHES below before importing Megatron.

Usage:
    python3 tests/consumers/megatron_parse.py [options] path/to/megatron.sh [...]

    --megatron DIR      Megatron-LM source tree (default /tmp/mp/megatron or
                        $MEGATRON_DIR)
    --python EXE        interpreter with torch (default /usr/bin/python3)
    --world-size N      GPUs (default: from the script's header line
                        "# Galvatron Explorer plan: MODEL on N GPUs of CLUSTER")
    --cluster NAME      cluster preset, only used to pick the GPU arch
                        (default: from the header line)
    --gpu-arch ARCH     emulated GPU: sm80, sm90, sm100 or A100/H100/B200
                        (default: from the cluster name)
    --vocab-size N      tokenizer vocabulary before padding, for
                        args.padded_vocab_size (default: 32000 for llama/
                        mistral/mixtral scripts, 50257 otherwise)
    --json              print one JSON object per script (the fields used in
                        megatron_parser_run.json) instead of a summary
    --set=OPTION[=VALUE]
                        extra Megatron option appended after MEGATRON_ARGS
                        (repeatable; for negative controls, e.g.
                        --set=--moe-router-num-groups=7; argparse keeps the
                        last occurrence of a repeated option)

The script is sourced with bash the way its header says ("source this file,
then torchrun ... pretrain_gpt.py "${MEGATRON_ARGS[@]}""), with DATA_PATH,
TOKENIZER_MODEL and CHECKPOINT_PATH set to placeholder paths; the resulting
MEGATRON_ARGS array and the CUDA_DEVICE_MAX_CONNECTIONS state the script
leaves are handed to a fresh Python process per script.

Exit status: 0 if every script was accepted, 1 if any was rejected, 2 on a
usage or harness error.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

DEFAULT_MEGATRON = os.environ.get("MEGATRON_DIR", "/tmp/mp/megatron")
RESULT_MARK = "@@MEGATRON_PARSE_RESULT@@"

# Fields read back from args (after validate_args) and from the
# TransformerConfig (after __post_init__).
ROUTER_FIELDS = [
    "num_experts",
    "num_moe_experts",
    "moe_router_topk",
    "moe_router_score_function",
    "moe_router_topk_scaling_factor",
    "moe_router_num_groups",
    "moe_router_group_topk",
    "moe_router_pre_softmax",
    "moe_router_dtype",
    "moe_router_enable_expert_bias",
    "moe_router_bias_update_rate",
    "moe_router_load_balancing_type",
    "moe_aux_loss_coeff",
    "moe_ffn_hidden_size",
    "moe_shared_expert_intermediate_size",
    "moe_shared_expert_gate",
    "moe_layer_freq",
    "moe_grouped_gemm",
    "moe_token_dispatcher_type",
    "expert_model_parallel_size",
    "expert_tensor_parallel_size",
]
# The overlaps the export turns on (args after validate_args; tp_comm_overlap also in the config).
OVERLAP_FIELDS = [
    "overlap_grad_reduce",
    "overlap_param_gather",
    "tp_comm_overlap",
    "sequence_parallel",
    "use_distributed_optimizer",
    "use_megatron_fsdp",
]
ATTENTION_ROPE_FIELDS = [
    "multi_latent_attention",
    "q_lora_rank",
    "kv_lora_rank",
    "qk_head_dim",
    "qk_pos_emb_head_dim",
    "v_head_dim",
    "position_embedding_type",
    "rope_type",
    "rotary_base",
    "rotary_scaling_factor",
    "mscale",
    "mscale_all_dim",
    "original_max_position_embeddings",
    "beta_fast",
    "beta_slow",
    "qk_layernorm",
    "add_qkv_bias",
    "kv_channels",
]
DERIVED_FIELDS = [
    "data_parallel_size",
    "virtual_pipeline_model_parallel_size",
    "params_dtype",
    "use_dist_ckpt",
]

# Documented here and copied into megatron_parser_run.json.
STUBS = [
    "typing.override (attribute; Python 3.12 name, Debian 12 has Python 3.11)",
    "numpy.dtypes (missing module; numpy 1.24 predates it)",
    "triton, triton.language, triton.language.extra (missing; no triton package); "
    "triton.__version__ = '0.0.0' (megatron.core.ssm.ops.common.determinism parses it)",
    "torch.distributed.checkpoint and submodules (missing in torch 1.13)",
    "torch.distributed.tensor, torch.distributed.tensor.placement_types, "
    "torch.distributed._tensor, torch.distributed.device_mesh, "
    "torch.distributed._symmetric_memory (missing in torch 1.13)",
    "torch.distributed._shard, ._shard.metadata, ._shard.sharded_tensor, "
    "._shard.sharding_spec (replaced: torch 1.13's module fails to import on Python 3.11)",
    "attributes missing in torch 1.13: torch.float8_e8m0fnu, torch.compile, "
    "torch.cuda.MemPool, torch.cuda.memory.CUDAPluggableAllocator, "
    "torch.distributed.DeviceMesh, torch.distributed._coalescing_manager, "
    "torch.optim.optimizer.ParamsT",
]

ENVIRONMENT_PATCHES = [
    "PYTORCH_JIT=0 (torch 1.13 cannot script torch_norm.L2Norm; megatron.core.jit "
    "uses torch.jit.script below torch 2.2)",
    "torch.cuda.get_device_properties / get_device_capability answer as the "
    "emulated GPU (validate_args calls get_device_arch_version())",
    "WORLD_SIZE from the plan, RANK=0, LOCAL_RANK=0; CUDA_DEVICE_MAX_CONNECTIONS "
    "as the sourced script leaves it",
    "before gpt_config_from_args only: args.padded_vocab_size = "
    "vocab_size_with_padding(--vocab-size), which set_global_variables would set "
    "from the tokenizer",
    "before gpt_config_from_args only: rope_utils.fused_apply_rotary_pos_emb set "
    "to a dummy when TransformerEngine is absent (apply_rope_fusion defaults on)",
]


def die(msg):
    print(f"megatron_parse: {msg}", file=sys.stderr)
    sys.exit(2)


# --------------------------------------------------------------------------
# parent side: source the script, start the child
# --------------------------------------------------------------------------

HEADER_RE = re.compile(r"^#\s*Galvatron Explorer plan:\s*(\S+) on (\d+) GPUs of (\S+)")


def read_header(script):
    if not os.path.isfile(script):
        die(f"no such script: {script}")
    with open(script, encoding="utf-8") as f:
        for line in f:
            m = HEADER_RE.match(line)
            if m:
                return m.group(1), int(m.group(2)), m.group(3)
    return None, None, None


def arch_major(arch):
    a = arch.lower()
    for key, major in (("sm100", 10), ("b200", 10), ("gb200", 10), ("b100", 10),
                       ("sm90", 9), ("h100", 9), ("h200", 9), ("h800", 9), ("gh200", 9),
                       ("sm89", 8), ("4090", 8), ("l40", 8), ("sm80", 8), ("a100", 8),
                       ("a800", 8), ("sm70", 7), ("v100", 7)):
        if key in a:
            return major, key
    die(f"cannot tell the GPU arch of {arch!r}; pass --gpu-arch")


def source_script(script):
    """Source the export with bash; return (MEGATRON_ARGS, CUDA_DEVICE_MAX_CONNECTIONS)."""
    env = dict(os.environ)
    env.pop("CUDA_DEVICE_MAX_CONNECTIONS", None)
    env.update(DATA_PATH="/placeholder/data/text_document",
               TOKENIZER_MODEL="/placeholder/tokenizer",
               CHECKPOINT_PATH="/placeholder/checkpoints")
    code = ('source "$1" >/dev/null || exit 97\n'
            'declare -p MEGATRON_ARGS >/dev/null 2>&1 || exit 98\n'
            'if [ -n "${CUDA_DEVICE_MAX_CONNECTIONS+x}" ]; then '
            'printf "%s\\0" "$CUDA_DEVICE_MAX_CONNECTIONS"; else printf "unset\\0"; fi\n'
            'printf "%s\\0" "${MEGATRON_ARGS[@]}"\n')
    r = subprocess.run(["bash", "-c", code, "bash", os.path.abspath(script)],
                       env=env, capture_output=True)
    if r.returncode != 0:
        die(f"sourcing {script} failed (exit {r.returncode}): "
                         f"{r.stderr.decode(errors='replace').strip()}")
    parts = r.stdout.decode().split("\0")[:-1]
    return parts[1:], parts[0]


def run_one(script, opts):
    model, ws, cluster = read_header(script)
    world_size = opts.world_size or ws
    cluster = opts.cluster or cluster
    if world_size is None:
        die(f"{script} has no plan header; pass --world-size")
    arch = opts.gpu_arch or cluster
    if arch is None:
        die(f"pass --gpu-arch or --cluster for {script}")
    major, _ = arch_major(arch)
    megatron_args, cdmc = source_script(script)
    megatron_args += list(opts.set or [])
    vocab = opts.vocab_size
    if vocab is None:
        name = (model or os.path.basename(os.path.dirname(os.path.abspath(script)))).lower()
        vocab = 32000 if any(k in name for k in ("llama", "mistral", "mixtral")) else 50257
    job = dict(megatron=os.path.abspath(opts.megatron), argv=megatron_args,
               gpu_major=major, vocab_size=vocab)
    env = dict(os.environ)
    env.pop("CUDA_DEVICE_MAX_CONNECTIONS", None)
    if cdmc != "unset":
        env["CUDA_DEVICE_MAX_CONNECTIONS"] = cdmc
    env.update(PYTORCH_JIT="0", WORLD_SIZE=str(world_size), RANK="0", LOCAL_RANK="0",
               PYTHONDONTWRITEBYTECODE="1")
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(job, f)
        job_path = f.name
    try:
        r = subprocess.run([opts.python, os.path.abspath(__file__), "--_child", job_path],
                           env=env, cwd=opts.megatron, capture_output=True, text=True)
    finally:
        os.unlink(job_path)
    result = None
    for line in r.stdout.splitlines():
        if line.startswith(RESULT_MARK):
            result = json.loads(line[len(RESULT_MARK):])
    if result is None:
        die(f"child failed for {script} (exit {r.returncode}):\n"
                         f"{r.stdout[-4000:]}\n{r.stderr[-4000:]}")
    out = dict(script=script, outcome=result.pop("outcome"), world_size=world_size,
               cluster=cluster, gpu_arch_emulated=f"sm{major}0",
               CUDA_DEVICE_MAX_CONNECTIONS_after_sourcing=cdmc,
               padded_vocab_size_from=vocab, flags=" ".join(megatron_args))
    out.update(result)
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("scripts", nargs="+")
    p.add_argument("--megatron", default=DEFAULT_MEGATRON)
    p.add_argument("--python", default="/usr/bin/python3")
    p.add_argument("--world-size", type=int)
    p.add_argument("--cluster")
    p.add_argument("--gpu-arch")
    p.add_argument("--vocab-size", type=int)
    p.add_argument("--json", action="store_true")
    p.add_argument("--set", action="append", metavar="OPTION[=VALUE]")
    opts = p.parse_args()
    if opts.set:
        split = []
        for item in opts.set:
            name, eq, value = item.partition("=")
            split += [name, value] if eq else [name]
        opts.set = split
    if not os.path.isfile(os.path.join(opts.megatron, "megatron", "training", "arguments.py")):
        die(f"no Megatron-LM tree at {opts.megatron}")
    rc = 0
    for script in opts.scripts:
        res = run_one(script, opts)
        if res["outcome"] != "accepted":
            rc = 1
        if opts.json:
            print(json.dumps(res, indent=2))
        else:
            print(f"{script}: {res['outcome']}  (world_size {res['world_size']}, "
                  f"{res['gpu_arch_emulated']})")
            for key in ("args_router", "config_router", "args_overlap", "config_overlap"):
                if res.get(key):
                    print(f"  {key}: " + ", ".join(f"{k}={v}" for k, v in res[key].items()))
    return rc


# --------------------------------------------------------------------------
# child side: stubs, patches, Megatron's steps
# --------------------------------------------------------------------------

def _install_stubs():
    import contextlib
    import importlib
    import types
    import typing

    def _stub_call(self, *a, **k):
        # decorator use (@stub.jit, @stub.autotune(...)(fn)): hand the function back
        return a[0] if len(a) == 1 and callable(a[0]) and not k else self

    class _StubModule(types.ModuleType):
        """Module whose unknown attributes are placeholder classes."""

        def __getattr__(self, attr):
            if attr.startswith("__"):
                raise AttributeError(attr)
            val = type(attr, (), {"__init__": lambda self, *a, **k: None,
                                  "__call__": _stub_call})
            setattr(self, attr, val)
            return val

    def stub(name, **attrs):
        mod = _StubModule(name)
        mod.__dict__.update(attrs)
        mod.__path__ = []
        mod.__file__ = f"<megatron_parse stub {name}>"
        sys.modules[name] = mod
        parent, _, leaf = name.rpartition(".")
        if parent and parent in sys.modules:
            setattr(sys.modules[parent], leaf, mod)
        return mod

    def stub_if_missing(name, replace_on_error=False):
        try:
            importlib.import_module(name)
        except ImportError:
            stub(name)
        except Exception:
            if not replace_on_error:
                raise
            stub(name)

    if not hasattr(typing, "override"):
        typing.override = lambda f: f

    import numpy
    stub_if_missing("numpy.dtypes")
    try:
        import triton  # noqa: F401
    except ImportError:
        # megatron.core.ssm.ops.common.determinism reads triton.__version__
        stub("triton", __version__="0.0.0")
        stub("triton.language")
        stub("triton.language.extra")

    import torch
    import torch.distributed
    import torch.optim.optimizer

    # torch 1.13's _shard raises ValueError (mutable dataclass default) on Python 3.11
    for name in ("torch.distributed._shard", "torch.distributed._shard.metadata",
                 "torch.distributed._shard.sharded_tensor",
                 "torch.distributed._shard.sharding_spec"):
        stub(name)
    for name in ("torch.distributed.checkpoint",
                 "torch.distributed.checkpoint._nested_dict",
                 "torch.distributed.checkpoint._traverse",
                 "torch.distributed.checkpoint.api",
                 "torch.distributed.checkpoint.default_planner",
                 "torch.distributed.checkpoint.filesystem",
                 "torch.distributed.checkpoint.metadata",
                 "torch.distributed.checkpoint.planner",
                 "torch.distributed.checkpoint.planner_helpers",
                 "torch.distributed.checkpoint.state_dict",
                 "torch.distributed.checkpoint.storage",
                 "torch.distributed.checkpoint.utils",
                 "torch.distributed.tensor",
                 "torch.distributed.tensor.placement_types",
                 "torch.distributed._tensor",
                 "torch.distributed.device_mesh",
                 "torch.distributed._symmetric_memory"):
        stub(name)

    if not hasattr(torch, "float8_e8m0fnu"):
        torch.float8_e8m0fnu = object()
    if not hasattr(torch, "compile"):
        def _compile(fn=None, *a, **k):
            return fn if fn is not None else (lambda f: f)
        torch.compile = _compile
    if not hasattr(torch.cuda, "MemPool"):
        torch.cuda.MemPool = type("MemPool", (), {})
    if not hasattr(torch.cuda.memory, "CUDAPluggableAllocator"):
        torch.cuda.memory.CUDAPluggableAllocator = type("CUDAPluggableAllocator", (), {})
    if not hasattr(torch.distributed, "DeviceMesh"):
        torch.distributed.DeviceMesh = type("DeviceMesh", (), {})
    if not hasattr(torch.distributed, "_coalescing_manager"):
        @contextlib.contextmanager
        def _coalescing_manager(*a, **k):
            yield None
        torch.distributed._coalescing_manager = _coalescing_manager
    optimizer_mod = sys.modules["torch.optim.optimizer"]  # torch.optim deletes the name
    if not hasattr(optimizer_mod, "ParamsT"):
        optimizer_mod.ParamsT = typing.Any


def _patch_cuda(major):
    import types
    import torch

    props = types.SimpleNamespace(major=major, minor=0, name=f"emulated sm{major}0",
                                  total_memory=80 * 2**30, multi_processor_count=132)
    torch.cuda.get_device_properties = lambda *a, **k: props
    torch.cuda.get_device_capability = lambda *a, **k: (major, 0)


def _fields(obj, names):
    out = {}
    for n in names:
        if hasattr(obj, n):
            v = getattr(obj, n)
            out[n] = v if isinstance(v, (bool, int, float, type(None))) else str(v)
    return out


def child(job_path):
    import traceback
    import warnings

    with open(job_path, encoding="utf-8") as f:
        job = json.load(f)
    sys.path.insert(0, job["megatron"])
    _install_stubs()
    _patch_cuda(job["gpu_major"])
    result = {}
    step = "import"
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            from megatron.training.arguments import parse_args, validate_args
            caught.clear()
            step = "parse_args"
            sys.argv = ["pretrain_gpt.py"] + job["argv"]
            import contextlib
            import io
            err = io.StringIO()
            try:
                with contextlib.redirect_stderr(err):
                    args = parse_args()
            except SystemExit as e:  # argparse error: its message went to stderr
                msg = err.getvalue().strip().splitlines()
                raise RuntimeError(f"argparse exit {e.code}: {msg[-1] if msg else ''}") from None
            sys.stderr.write(err.getvalue())
            step = "validate_args"
            validate_args(args, {"tokenizer_type": "GPT2BPETokenizer"})
            result["derived_by_validate_args"] = {k: str(getattr(args, k, None))
                                                  for k in DERIVED_FIELDS}
            result["args_router"] = _fields(args, ROUTER_FIELDS)
            result["args_attention_rope"] = _fields(args, ATTENTION_ROPE_FIELDS)
            result["args_overlap"] = _fields(args, OVERLAP_FIELDS)
            result["megatron_warnings"] = sorted({str(w.message) for w in caught})
            caught.clear()

            step = "gpt_config_from_args"
            from megatron.core.tokenizers.utils.build_tokenizer import vocab_size_with_padding
            import megatron.core.models.common.embeddings.rope_utils as rope_utils
            args.padded_vocab_size = vocab_size_with_padding(job["vocab_size"], args,
                                                             logging_enabled=False)
            if getattr(rope_utils, "fused_apply_rotary_pos_emb", None) is None:
                rope_utils.fused_apply_rotary_pos_emb = lambda *a, **k: None
            from megatron.training.argument_utils import (gpt_config_from_args,
                                                          pretrain_cfg_container_from_args)
            cfg = gpt_config_from_args(args)
            tcfg = cfg.transformer
            result["gpt_config_from_args"] = (f"ok ({type(cfg).__name__}, "
                                              f"transformer {type(tcfg).__name__})")
            result["config_router"] = _fields(tcfg, ROUTER_FIELDS)
            result["config_attention_rope"] = _fields(tcfg, ATTENTION_ROPE_FIELDS)
            result["config_overlap"] = _fields(tcfg, ["tp_comm_overlap", "sequence_parallel"])
            step = "pretrain_cfg_container_from_args"
            container = pretrain_cfg_container_from_args(args, cfg)
            result["pretrain_cfg_container_from_args"] = f"ok ({type(container).__name__})"
            result["config_warnings"] = sorted({str(w.message) for w in caught})
        result["outcome"] = "accepted"
    except Exception as e:  # noqa: BLE001 - the exception is the result
        result["outcome"] = f"rejected in {step}: {type(e).__name__}: {e}"
        result["traceback"] = traceback.format_exc().splitlines()[-12:]
    print(RESULT_MARK + json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--_child":
        sys.exit(child(sys.argv[2]))
    sys.exit(main())
