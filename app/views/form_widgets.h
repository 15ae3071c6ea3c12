// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - small form-building helpers shared by the profile editors and the search settings.
#pragma once

#include "app_resources.h"

#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QString>
#include <QToolButton>

#include <algorithm>
#include <cmath>

namespace gx::app {

inline QSpinBox* intBox(int lo, int hi, QWidget* parent) {
    auto* b = new QSpinBox(parent);
    b->setRange(lo, hi);
    b->setAccelerated(true);
    return b;
}

inline QDoubleSpinBox* dblBox(double lo, double hi, int decimals, const QString& suffix, QWidget* parent) {
    auto* b = new QDoubleSpinBox(parent);
    b->setRange(lo, hi);
    b->setDecimals(decimals);
    b->setSuffix(suffix);
    b->setAccelerated(true);
    return b;
}

/// Shows `v` as it is: a loaded profile may hold a value outside the box's range or with more decimals
/// than it shows, and a clamped or rounded box would also be written back by the next edit (found by
/// fuzzing: 4,097 heads showed as 4,096 while the search used 4,097). The range widens, and the decimals
/// grow up to 6, only for such values.
template <class Box, class T> void widenAndSet(Box* b, T v) {
    if (v < b->minimum())
        b->setMinimum(v);
    if (v > b->maximum())
        b->setMaximum(v);
    b->setValue(v);
}

inline void showExactly(QSpinBox* b, int v) {
    widenAndSet(b, v);
}

inline void showExactly(QDoubleSpinBox* b, double v) {
    int d = b->decimals();
    auto exact = [&](int digits) {
        const double scale = std::pow(10.0, digits);
        return std::abs(v * scale - std::round(v * scale)) <= 1e-6 * std::max(1.0, std::abs(v * scale));
    };
    while (d < 6 && !exact(d))
        ++d;
    if (d != b->decimals())
        b->setDecimals(d);
    widenAndSet(b, v);
}

inline QToolButton* toolButton(const QString& icon_name, const QString& tip, QWidget* parent) {
    auto* b = new QToolButton(parent);
    b->setIcon(gx::app::icon(icon_name));
    b->setToolTip(tip);
    b->setAutoRaise(true);
    return b;
}

} // namespace gx::app
