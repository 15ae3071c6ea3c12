# SPDX-License-Identifier: Apache-2.0
# Compiler warnings for every C++ target of the project (CUDA sources keep nvcc's defaults).
# GX_WERROR=ON turns them into errors; CI's sanitizer build (preset "asan") sets it, so a new warning in
# core or its tests fails CI without a third full build.
option(GX_WERROR "Treat compiler warnings as errors" OFF)

if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  set(GX_WARNINGS -Wall -Wextra -Wpedantic)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    # GCC 12 reports std::string concatenation in libstdc++ as overlapping memcpy (GCC bug 105329).
    list(APPEND GX_WARNINGS -Wno-restrict)
  endif()
  if(GX_WERROR)
    list(APPEND GX_WARNINGS -Werror)
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
      # Under -fsanitize, GCC 12 flags std::regex's own std::function members as maybe-uninitialized
      # (GCC bug 105562): kept visible as a warning, not an error.
      list(APPEND GX_WARNINGS -Wno-error=maybe-uninitialized)
    endif()
  endif()
  add_compile_options("$<$<COMPILE_LANGUAGE:CXX>:${GX_WARNINGS}>")
endif()
