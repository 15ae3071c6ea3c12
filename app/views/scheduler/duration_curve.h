// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - "why this GPU count": a job's duration and GPU-hours on every GPU count the
// scheduler considered, with the chosen count highlighted (custom QPainter bar chart).
#pragma once

#include "gx/scheduler.h"

#include <QWidget>

namespace gx::app {

class DurationCurve : public QWidget {
    Q_OBJECT
public:
    explicit DurationCurve(QWidget* parent = nullptr);
    /// Shows `options` of job `name`; `chosen` is the scheduled GPU count (0 = none).
    void setJob(const QString& name, const std::vector<JobOption>& options, int chosen);
    void clear();
    QString title() const;
    int barCount() const { return static_cast<int>(options_.size()); }

    QSize sizeHint() const override { return {600, 200}; }
    QSize minimumSizeHint() const override { return {260, 140}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QString name_;
    std::vector<JobOption> options_;
    int chosen_ = 0;
};

} // namespace gx::app
