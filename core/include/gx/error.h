// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - errors that name the offending field.
#pragma once

#include <stdexcept>
#include <string>

namespace gx {

/// Thrown for invalid input: broken JSON, impossible values, unsupported configs.
/// `field()` is a JSON-pointer-like path ("cluster.gpu.memory_gib", "layers[3].tp") that a UI can
/// highlight; `what()` is "<field>: <reason>".
class InputError : public std::runtime_error {
public:
    InputError(std::string field, std::string reason)
        : std::runtime_error(field.empty() ? reason : field + ": " + reason), field_(std::move(field)),
          reason_(std::move(reason)) {}
    const std::string& field() const noexcept { return field_; }
    const std::string& reason() const noexcept { return reason_; }

private:
    std::string field_;
    std::string reason_;
};

} // namespace gx
