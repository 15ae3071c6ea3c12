// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - forwarding header: the planner API lives in gx/planner.h.
#pragma once
#include "gx/planner.h"
