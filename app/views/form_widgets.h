// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - small form-building helpers shared by the profile editors and the search settings.
#pragma once

#include "app_resources.h"

#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QString>
#include <QToolButton>

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

inline QToolButton* toolButton(const QString& icon_name, const QString& tip, QWidget* parent) {
    auto* b = new QToolButton(parent);
    b->setIcon(gx::app::icon(icon_name));
    b->setToolTip(tip);
    b->setAutoRaise(true);
    return b;
}

} // namespace gx::app
