// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - Gantt chart widget (custom QPainter drawing with hover tooltips).
#include "views/scheduler/gantt_chart.h"
#include "gx/units.h"

#include <QContextMenuEvent>
#include <QCoreApplication>
#include <QHelpEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace gx::app {

namespace {
constexpr double kLeft = 84, kRight = 16, kTop = 10, kBottom = 34;

/// "Nice" tick step (1, 2, 5 x 10^k) for about `target` ticks over `span`.
double niceStep(double span, int target) {
    if (!(span > 0))
        return 1;
    const double raw = span / std::max(1, target);
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (raw <= m * p)
            return m * p;
    return 10 * p;
}

QString timeText(double s) {
    if (s < 120)
        return QCoreApplication::translate("gx::app::GanttChart", "%1 s").arg(s, 0, 'f', s < 10 ? 1 : 0);
    if (s < 7200)
        return QCoreApplication::translate("gx::app::GanttChart", "%1 min").arg(s / 60, 0, 'f', 1);
    if (s < 3 * 86400)
        return QCoreApplication::translate("gx::app::GanttChart", "%1 h").arg(s / 3600, 0, 'f', 1);
    return QCoreApplication::translate("gx::app::GanttChart", "%1 d").arg(s / 86400, 0, 'f', 1);
}
} // namespace

GanttChart::GanttChart(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setAccessibleName(tr("Schedule Gantt chart"));
}

void GanttChart::setSchedule(const ScheduleResult& schedule, const ClusterProfile& cluster,
                             const std::vector<std::string>& names, double now) {
    schedule_ = schedule;
    cluster_ = cluster;
    names_ = names;
    now_ = now;
    updateGeometry();
    update();
}

void GanttChart::clear() {
    schedule_ = {};
    update();
}

QColor GanttChart::jobColor(int index) {
    const double hue = std::fmod(0.08 + index * 0.6180339887, 1.0);
    return QColor::fromHsvF(static_cast<float>(hue), 0.50f, 0.93f);
}

int GanttChart::colorIndex(int bar) const {
    if (bar < 0 || bar >= static_cast<int>(schedule_.jobs.size()))
        return 0;
    const auto& j = schedule_.jobs[static_cast<std::size_t>(bar)];
    const auto it = std::find(names_.begin(), names_.end(), j.name);
    return it != names_.end() ? static_cast<int>(it - names_.begin()) : std::max(0, j.job);
}

double GanttChart::timeAt(double x) const {
    const QRectF a = plotArea();
    const double span = schedule_.makespan > 0 ? schedule_.makespan : 1.0;
    return std::clamp((x - a.left()) / a.width(), 0.0, 1.0) * span;
}

void GanttChart::mousePressEvent(QMouseEvent* e) {
    const int bar = barAt(e->pos());
    if (bar >= 0 && e->button() == Qt::LeftButton)
        emit barClicked(bar);
    QWidget::mousePressEvent(e);
}

void GanttChart::contextMenuEvent(QContextMenuEvent* e) {
    const int bar = barAt(e->pos());
    if (bar < 0)
        return;
    const auto& j = schedule_.jobs[static_cast<std::size_t>(bar)];
    if (j.status == JobStatus::Done || j.status == JobStatus::Failed)
        return;
    // The job ends where the user clicked (at least a little after its start).
    const double t = std::clamp(timeAt(e->pos().x()), j.start + 1e-3 * (j.end - j.start), j.end);
    const QString name = QString::fromStdString(j.name);
    QMenu menu(this);
    QAction* done = menu.addAction(tr("Mark “%1” done at %2").arg(name, timeText(t)));
    QAction* failed = menu.addAction(tr("Mark “%1” failed at %2").arg(name, timeText(t)));
    menu.addSeparator();
    menu.addAction(tr("Jobs that started before then keep running; the others are planned again."))
        ->setEnabled(false);
    QAction* chosen = menu.exec(e->globalPos());
    if (chosen == done || chosen == failed)
        emit jobMarked(name, t, chosen == failed);
}

QSize GanttChart::sizeHint() const {
    return {700, static_cast<int>(kTop + kBottom) + std::clamp(cluster_.totalGpus() * 18, 160, 360)};
}

QSize GanttChart::minimumSizeHint() const {
    return {320, 120};
}

QRectF GanttChart::plotArea() const {
    return QRectF(kLeft, kTop, std::max(10.0, width() - kLeft - kRight),
                  std::max(10.0, height() - kTop - kBottom));
}

double GanttChart::rowHeight() const {
    return plotArea().height() / std::max(1, cluster_.totalGpus());
}

double GanttChart::xOf(double t) const {
    const QRectF a = plotArea();
    const double span = schedule_.makespan > 0 ? schedule_.makespan : 1.0;
    return a.left() + a.width() * t / span;
}

QRectF GanttChart::barRect(int bar) const {
    if (bar < 0 || bar >= static_cast<int>(schedule_.jobs.size()))
        return {};
    const auto& j = schedule_.jobs[static_cast<std::size_t>(bar)];
    const double rh = rowHeight();
    const double y = plotArea().top() + j.slot.first * rh;
    return QRectF(QPointF(xOf(j.start), y + 1), QPointF(xOf(j.end), y + j.slot.count * rh - 1));
}

int GanttChart::barAt(const QPoint& pos) const {
    for (int i = 0; i < static_cast<int>(schedule_.jobs.size()); ++i)
        if (barRect(i).contains(pos))
            return i;
    return -1;
}

QString GanttChart::placementText(const GpuSlot& slot, const ClusterProfile& c) {
    const auto nodes = nodesOf(slot, c);
    if (nodes.empty())
        return {};
    if (nodes.size() > 1)
        return tr("nodes %1-%2").arg(nodes.front()).arg(nodes.back());
    const int isl = c.islandSize();
    if (isl <= 0 || isl >= c.gpus_per_node || c.gpus_per_node % isl != 0)
        return tr("node %1").arg(nodes.front());
    const auto islands = islandsOf(slot, c);
    const int per_node = c.gpus_per_node / isl;
    if (islands.size() == 1)
        return tr("node %1, NVLink island %2").arg(nodes.front()).arg(islands.front() % per_node);
    return tr("node %1, NVLink islands %2-%3")
        .arg(nodes.front())
        .arg(islands.front() % per_node)
        .arg(islands.back() % per_node);
}

QString GanttChart::tooltipFor(int bar) const {
    if (bar < 0 || bar >= static_cast<int>(schedule_.jobs.size()))
        return {};
    const auto& j = schedule_.jobs[static_cast<std::size_t>(bar)];
    QString plan = QString::fromStdString(j.estimate.label).toHtmlEscaped();
    if (j.status == JobStatus::Done || j.status == JobStatus::Failed || j.status == JobStatus::Running) {
        const QString st = j.status == JobStatus::Done     ? tr("done")
                           : j.status == JobStatus::Failed ? tr("failed")
                                                           : tr("running (keeps its GPUs)");
        return tr("<b>%1</b> (%2)<br>%3 GPUs (ids %4-%5)<br>start %6, end %7")
                   .arg(QString::fromStdString(j.name).toHtmlEscaped(), st)
                   .arg(j.gpus)
                   .arg(j.slot.first)
                   .arg(j.slot.first + j.slot.count - 1)
                   .arg(timeText(j.start), timeText(j.end)) +
               QStringLiteral("<br>") + placementText(j.slot, cluster_);
    }
    return tr("<b>%1</b><br>%2 GPUs (ids %3-%4)<br>start %5, end %6<br>iteration %7 s, peak memory %8 "
              "GiB<br>%9")
               .arg(QString::fromStdString(j.name).toHtmlEscaped())
               .arg(j.gpus)
               .arg(j.slot.first)
               .arg(j.slot.first + j.slot.count - 1)
               .arg(timeText(j.start), timeText(j.end))
               .arg(j.estimate.iteration_time, 0, 'f', 3)
               .arg(j.estimate.memory / kGiB, 0, 'f', 1)
               .arg(plan) +
           QStringLiteral("<br>") + placementText(j.slot, cluster_);
}

bool GanttChart::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip) {
        auto* he = static_cast<QHelpEvent*>(e);
        const int bar = barAt(he->pos());
        if (bar >= 0)
            QToolTip::showText(he->globalPos(), tooltipFor(bar), this, barRect(bar).toAlignedRect());
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(e);
}

void GanttChart::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    p.fillRect(rect(), pal.base());
    const QRectF a = plotArea();
    const int G = cluster_.totalGpus();
    if (G <= 0 || schedule_.jobs.empty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No schedule yet: add jobs to plan them."));
        return;
    }
    const double rh = rowHeight();
    // Node bands and GPU rows.
    const int n = std::max(1, cluster_.gpus_per_node);
    for (int node = 0; node < cluster_.nodes; ++node) {
        const QRectF band(a.left(), a.top() + node * n * rh, a.width(), n * rh);
        if (node % 2)
            p.fillRect(band, pal.alternateBase());
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRectF(0, band.top(), kLeft - (rh >= 11 ? 26 : 6), band.height()),
                   Qt::AlignRight | Qt::AlignVCenter, tr("node %1").arg(node));
    }
    // Row lines: solid between nodes, dashed between the NVLink islands of a node, faint between GPUs.
    const int isl = cluster_.islandSize() > 0 && n % cluster_.islandSize() == 0 ? cluster_.islandSize() : n;
    for (int g = 1; g < G; ++g) {
        const double y = a.top() + g * rh;
        if (g % n == 0)
            p.setPen(QPen(pal.color(QPalette::Dark), 1.2));
        else if (g % isl == 0)
            p.setPen(QPen(pal.color(QPalette::Dark), 0.9, Qt::DashLine));
        else
            p.setPen(QPen(pal.color(QPalette::Midlight), 0.5));
        p.drawLine(QPointF(a.left(), y), QPointF(a.right(), y));
    }
    // GPU ids beside the rows when they are tall enough to read.
    if (rh >= 11) {
        QFont small = font();
        small.setPointSizeF(std::max(6.0, small.pointSizeF() - 2));
        p.setFont(small);
        p.setPen(pal.color(QPalette::PlaceholderText));
        for (int g = 0; g < G; ++g)
            p.drawText(QRectF(a.left() - 22, a.top() + g * rh, 19, rh), Qt::AlignRight | Qt::AlignVCenter,
                       QString::number(g));
        p.setFont(font());
    }
    // Time axis.
    const double step = niceStep(schedule_.makespan, std::max(2, static_cast<int>(a.width() / 90)));
    p.setPen(pal.color(QPalette::Text));
    for (double t = 0; t <= schedule_.makespan * (1 + 1e-9); t += step) {
        const double x = xOf(t);
        p.setPen(QPen(pal.color(QPalette::Midlight), 0.5, Qt::DotLine));
        p.drawLine(QPointF(x, a.top()), QPointF(x, a.bottom()));
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRectF(x - 45, a.bottom() + 2, 90, 16), Qt::AlignHCenter | Qt::AlignTop, timeText(t));
    }
    // Bars.
    QFont f = font();
    f.setPointSizeF(std::max(6.0, f.pointSizeF() - 1));
    p.setFont(f);
    labels_.clear();
    const QFontMetrics fm = p.fontMetrics();
    std::vector<QRectF> rects;
    for (int i = 0; i < static_cast<int>(schedule_.jobs.size()); ++i)
        rects.push_back(barRect(i));
    std::vector<QRectF> outside; // labels placed right of their bars
    for (int i = 0; i < static_cast<int>(schedule_.jobs.size()); ++i) {
        const auto& j = schedule_.jobs[static_cast<std::size_t>(i)];
        const QRectF r = rects[static_cast<std::size_t>(i)];
        const bool ended = j.status == JobStatus::Done || j.status == JobStatus::Failed;
        QColor c = jobColor(colorIndex(i));
        if (ended)
            c = c.lighter(125);
        p.setPen(QPen(j.status == JobStatus::Failed ? QColor(176, 0, 32) : c.darker(160), ended ? 1.5 : 1));
        p.setBrush(j.estimate.spilled ? QBrush(c, Qt::Dense3Pattern) : QBrush(c));
        p.drawRoundedRect(r, 3, 3);
        if (ended) {
            p.setBrush(QBrush(QColor(0, 0, 0, 60), Qt::BDiagPattern));
            p.drawRoundedRect(r, 3, 3);
        }
        p.setPen(Qt::black);
        QString label = QString::fromStdString(j.name);
        if (j.status == JobStatus::Done)
            label = tr("%1 (done)").arg(label);
        else if (j.status == JobStatus::Failed)
            label = tr("%1 (failed)").arg(label);
        // Inside the bar when the name fits (elided when most of it does); else right of the bar if that
        // space is free; else a short prefix; so that short jobs are never unlabelled slivers.
        const double inner = r.width() - 6;
        QString shown;
        if (r.height() > 9 && (fm.horizontalAdvance(label) <= inner || inner >= 60)) {
            shown = fm.elidedText(label, Qt::ElideRight, static_cast<int>(inner));
            p.drawText(r.adjusted(3, 0, -3, 0), Qt::AlignVCenter | Qt::AlignLeft, shown);
        } else if (r.height() > 9) {
            const QRectF out(r.right() + 3, r.center().y() - fm.height() / 2.0,
                             fm.horizontalAdvance(label) + 2, fm.height());
            bool free = out.right() <= a.right();
            for (std::size_t k = 0; k < rects.size() && free; ++k)
                free = static_cast<int>(k) == i || !rects[k].intersects(out);
            for (const auto& o : outside)
                free = free && !o.intersects(out);
            if (free) {
                shown = label;
                outside.push_back(out);
                p.setPen(pal.color(QPalette::Text));
                p.drawText(out, Qt::AlignVCenter | Qt::AlignLeft, label);
            } else if (inner >= 8) {
                shown = fm.elidedText(label, Qt::ElideRight, static_cast<int>(inner));
                p.drawText(r.adjusted(3, 0, -3, 0), Qt::AlignVCenter | Qt::AlignLeft, shown);
            }
        }
        labels_ << shown;
    }
    // Re-planning time.
    if (now_ >= 0) {
        const double x = xOf(now_);
        p.setPen(QPen(QColor(20, 90, 200), 1.5));
        p.drawLine(QPointF(x, a.top()), QPointF(x, a.bottom()));
        p.drawText(QRectF(x - 60, a.bottom() + 16, 120, 16), Qt::AlignHCenter | Qt::AlignTop, tr("now"));
    }
    // Lower bound marker.
    if (schedule_.lower_bound > 0 && schedule_.lower_bound < schedule_.makespan) {
        const double x = xOf(schedule_.lower_bound);
        p.setPen(QPen(QColor(200, 40, 40), 1.2, Qt::DashLine));
        p.drawLine(QPointF(x, a.top()), QPointF(x, a.bottom()));
        p.drawText(QRectF(x - 60, a.bottom() + 16, 120, 16), Qt::AlignHCenter | Qt::AlignTop,
                   tr("lower bound"));
    }
    p.setPen(pal.color(QPalette::Text));
    p.setBrush(Qt::NoBrush);
    p.drawRect(a);
}

} // namespace gx::app
