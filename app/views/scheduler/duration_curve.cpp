// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - a job's duration by GPU count (see duration_curve.h).
#include "views/scheduler/duration_curve.h"

#include <QPainter>

#include <algorithm>

namespace gx::app {

namespace {
QString shortTime(double s) {
    if (s < 120)
        return DurationCurve::tr("%1 s").arg(s, 0, 'f', 0);
    if (s < 7200)
        return DurationCurve::tr("%1 min").arg(s / 60, 0, 'f', 1);
    return DurationCurve::tr("%1 h").arg(s / 3600, 0, 'f', 1);
}
} // namespace

DurationCurve::DurationCurve(QWidget* parent) : QWidget(parent) {
    setAccessibleName(tr("Job duration by GPU count"));
}

void DurationCurve::setJob(const QString& name, const std::vector<JobOption>& options, int chosen) {
    name_ = name;
    options_ = options;
    chosen_ = chosen;
    update();
}

void DurationCurve::clear() {
    name_.clear();
    options_.clear();
    chosen_ = 0;
    update();
}

QString DurationCurve::title() const {
    if (options_.empty())
        return tr("Click a job in the chart or the table to see why it got its GPU count.");
    return tr("%1 on %2 GPUs: duration (bar) and GPU-hours (below) for each GPU count. More GPUs finish "
              "sooner but cost more GPU-hours when scaling is imperfect; the schedule trades one against "
              "the other to finish all jobs soonest.")
        .arg(name_)
        .arg(chosen_);
}

void DurationCurve::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    p.fillRect(rect(), pal.base());
    const QFontMetrics fm = p.fontMetrics();
    const QRectF head(6, 4, width() - 12, fm.height() * 3 + 4);
    p.setPen(pal.color(QPalette::Text));
    p.drawText(head, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, title());
    if (options_.empty())
        return;
    const double top = head.bottom() + fm.height() + 4, bottom = height() - 2.5 * fm.height() - 6;
    if (bottom - top < 20)
        return;
    double longest = 0;
    for (const auto& o : options_)
        longest = std::max(longest, o.duration);
    const double n = static_cast<double>(options_.size());
    const double slot = (width() - 24.0) / n;
    const double bw = std::min(60.0, slot * 0.6);
    for (std::size_t i = 0; i < options_.size(); ++i) {
        const auto& o = options_[i];
        const double cx = 12 + slot * (static_cast<double>(i) + 0.5);
        const double h = (bottom - top) * o.duration / std::max(1e-12, longest);
        const QRectF bar(cx - bw / 2, bottom - h, bw, h);
        const bool chosen = o.gpus == chosen_;
        p.setPen(QPen(chosen ? QColor(20, 90, 200) : pal.color(QPalette::Mid), chosen ? 2 : 1));
        p.setBrush(chosen ? QColor(120, 170, 240) : pal.color(QPalette::Button));
        p.drawRect(bar);
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRectF(cx - slot / 2, bar.top() - fm.height() - 1, slot, fm.height()), Qt::AlignCenter,
                   shortTime(o.duration));
        p.drawText(QRectF(cx - slot / 2, bottom + 2, slot, fm.height()), Qt::AlignCenter,
                   tr("%n GPU(s)", nullptr, o.gpus));
        p.drawText(
            QRectF(cx - slot / 2, bottom + 2 + fm.height(), slot, fm.height()), Qt::AlignCenter,
            tr("%1 GPU·h").arg(o.gpus * o.duration / 3600.0, 0, 'f', o.gpus * o.duration < 36000 ? 1 : 0));
    }
}

} // namespace gx::app
