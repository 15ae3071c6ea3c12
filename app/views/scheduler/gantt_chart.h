// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - Gantt chart of a multi-job schedule: GPUs (rows, grouped by node, NVLink islands
// marked) x time; a job's bar covers the rows of its GPUs.
#pragma once

#include "gx/cluster.h"
#include "gx/scheduler.h"

#include <QColor>
#include <QStringList>
#include <QWidget>

#include <string>
#include <vector>

namespace gx::app {

class GanttChart : public QWidget {
    Q_OBJECT
public:
    explicit GanttChart(QWidget* parent = nullptr);

    /// `names` (the panel's job list) gives each job its colour; `now` >= 0 draws the re-planning time.
    void setSchedule(const ScheduleResult& schedule, const ClusterProfile& cluster,
                     const std::vector<std::string>& names = {}, double now = -1);
    void clear();
    const ScheduleResult& schedule() const { return schedule_; }

    /// Colour of job `index` (index into the job list): golden-ratio hues, stable across edits.
    static QColor jobColor(int index);
    /// Colour index of a bar's job (its position in the names given to setSchedule).
    int colorIndex(int bar) const;
    /// Time (seconds) under an x coordinate.
    double timeAt(double x) const;
    /// Label drawn for a bar ("" when nothing fits), for tests.
    QString labelFor(int bar) const { return bar >= 0 && bar < labels_.size() ? labels_[bar] : QString(); }
    /// Index into schedule().jobs of the bar under a widget position, or -1.
    int barAt(const QPoint& pos) const;
    /// "node 1", "node 0, NVLink island 1", "nodes 0-3": where a slot lies (translated).
    static QString placementText(const GpuSlot& slot, const ClusterProfile& cluster);
    /// Tooltip text for a bar (job, GPUs, ids, placement, start, end, plan).
    QString tooltipFor(int bar) const;
    /// Rectangle of a bar in widget coordinates.
    QRectF barRect(int bar) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    /// The user marked a job as finished (done or failed) at `time` (context menu on its bar).
    void jobMarked(const QString& name, double time, bool failed);
    /// A bar was clicked (index into schedule().jobs).
    void barClicked(int bar);

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    QRectF plotArea() const;
    double xOf(double t) const;
    double rowHeight() const;

    ScheduleResult schedule_;
    ClusterProfile cluster_;
    std::vector<std::string> names_;
    double now_ = -1;
    mutable QStringList labels_; ///< as last painted
};

} // namespace gx::app
