// Galvatron Explorer - forwarding header: the planner API lives in gx/planner.h.
#pragma once
#include "gx/planner.h"
