// Galvatron Explorer - Gantt chart of a multi-job schedule: GPUs (rows, grouped by node) x time.
#pragma once

#include "gx/cluster.h"
#include "gx/scheduler.h"

#include <QColor>
#include <QWidget>

namespace gx::app {

class GanttChart : public QWidget {
    Q_OBJECT
public:
    explicit GanttChart(QWidget* parent = nullptr);

    void setSchedule(const ScheduleResult& schedule, const ClusterProfile& cluster);
    void clear();
    const ScheduleResult& schedule() const { return schedule_; }

    /// Colour of job `index` (index into the job list): golden-ratio hues, stable across edits.
    static QColor jobColor(int index);
    /// Index into schedule().jobs of the bar under a widget position, or -1.
    int barAt(const QPoint& pos) const;
    /// Tooltip text for a bar (job, GPUs, ids, start, end, plan).
    QString tooltipFor(int bar) const;
    /// Rectangle of a bar in widget coordinates.
    QRectF barRect(int bar) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    QRectF plotArea() const;
    double xOf(double t) const;
    double rowHeight() const;

    ScheduleResult schedule_;
    ClusterProfile cluster_;
};

} // namespace gx::app
