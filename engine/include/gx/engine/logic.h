// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - the GPU-free half, one include for all of it:
//   collective_fit.h   collective names, nccl-tests bus-bandwidth factors, alpha-beta fit
//   gemm_fit.h         dense peak tables, GEMM saturation fit, GEMM timing sizes
//   device_topology.h  PCI bus ids, NVLink pairs, sticky CUDA errors
//   layer_shapes.h     layer shard GEMM shapes, dimensions, buffer layout, predicted layer time
//   profile_results.h  results -> gx::ClusterProfile, results JSON
// Everything here is tested without a GPU (tests/engine/test_engine_logic.cpp).
#pragma once

#include "gx/engine/collective_fit.h"
#include "gx/engine/device_topology.h"
#include "gx/engine/gemm_fit.h"
#include "gx/engine/layer_shapes.h"
#include "gx/engine/profile_results.h"
