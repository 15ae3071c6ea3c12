// SPDX-License-Identifier: Apache-2.0
#include "views/plan_widgets.h"
#include "gx/units.h"

#include <QHelpEvent>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <QResizeEvent>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace gx::app {

namespace {

/// A "nice" axis step (1, 2, 5 x 10^k) giving about `ticks` ticks up to `max`.
double niceStep(double max, int ticks) {
    if (max <= 0)
        return 1;
    const double raw = max / ticks;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (raw <= m * mag)
            return m * mag;
    return 10 * mag;
}

/// Lines drawLegend needs for `names` in `max_width` (same wrapping).
int legendLines(const QFontMetrics& fm, const QStringList& names, double max_width) {
    int lines = names.isEmpty() ? 0 : 1;
    double x = 0;
    for (const QString& n : names) {
        const double w = 14 + fm.horizontalAdvance(n) + 14;
        if (x + w > max_width && x > 0) {
            x = 0;
            ++lines;
        }
        x += w;
    }
    return lines;
}

void drawLegend(QPainter& p, const QStringList& names, const std::vector<QColor>& colors, QPointF at,
                double max_width) {
    const QFontMetrics fm(p.font());
    double x = at.x(), y = at.y();
    for (int i = 0; i < names.size(); ++i) {
        const double w = 14 + fm.horizontalAdvance(names[i]) + 14;
        if (x + w > at.x() + max_width && x > at.x()) {
            x = at.x();
            y += fm.height() + 4;
        }
        p.fillRect(QRectF(x, y + (fm.height() - 10) / 2.0, 10, 10), colors[static_cast<std::size_t>(i)]);
        p.drawText(QPointF(x + 14, y + fm.ascent()), names[i]);
        x += w;
    }
}
} // namespace

// ---------------------------------------------------------------------------------------------------
MemoryBarsWidget::MemoryBarsWidget(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setAccessibleName(tr("Memory per stage"));
}

QStringList MemoryBarsWidget::partNames() {
    return {tr("Weights"),   tr("Gradients"),      tr("Optimizer"), tr("Activations"),
            tr("Transient"), tr("Embedding/head"), tr("Reserved")};
}

std::vector<double> MemoryBarsWidget::parts(const MemoryBreakdown& m) {
    return {m.weights, m.grads, m.optimizer, m.activations, m.transient, m.embedding, m.reserved};
}

void MemoryBarsWidget::setCost(const PlanCost& cost, double gpu_capacity_bytes) {
    stages_.clear();
    params_.clear();
    for (const auto& s : cost.stages) {
        stages_.push_back(s.memory);
        params_.push_back(s.params);
    }
    capacity_ = gpu_capacity_bytes;
    budget_ = cost.memory_budget;
    update();
}

void MemoryBarsWidget::clear() {
    stages_.clear();
    params_.clear();
    update();
}

double MemoryBarsWidget::legendHeight() const {
    // As many legend lines as the names need at this width (narrow Compare charts, German names).
    const QFontMetrics fm(font());
    const double left = fm.horizontalAdvance(QStringLiteral("000 GiB")) + 12;
    return legendLines(fm, partNames(), std::max(10.0, width() - left - 16)) * (fm.height() + 4) + 8;
}

QSize MemoryBarsWidget::minimumSizeHint() const {
    const QFontMetrics fm(font());
    return {240,
            static_cast<int>(std::ceil(fm.height() * 2.0 + 16.0 + fm.height() + 8 + 100 + legendHeight()))};
}

void MemoryBarsWidget::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    const QFontMetrics fm(font());
    const int lines = static_cast<int>(std::lround((legendHeight() - 8) / (fm.height() + 4)));
    if (lines != legend_lines_) { // the legend wraps differently: ask the layout for room again
        legend_lines_ = lines;
        updateGeometry();
    }
}

QRectF MemoryBarsWidget::plotRect() const {
    const QFontMetrics fm(font());
    const double left = fm.horizontalAdvance(QStringLiteral("000 GiB")) + 12;
    const double legend_h = legendHeight();
    return QRectF(left, fm.height() + 8, std::max(10.0, width() - left - 16),
                  std::max(10.0, height() - fm.height() * 2.0 - 16.0 - legend_h));
}

QRectF MemoryBarsWidget::barRect(int stage, const QRectF& plot) const {
    const int n = std::max<int>(1, static_cast<int>(stages_.size()));
    const double slot = plot.width() / n;
    const double w = std::min(80.0, slot * 0.6);
    return QRectF(plot.left() + slot * stage + (slot - w) / 2, plot.top(), w, plot.height());
}

void MemoryBarsWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    p.fillRect(rect(), pal.base());
    p.setPen(pal.text().color());
    if (stages_.empty()) {
        p.drawText(rect(), Qt::AlignCenter, tr("No plan yet: run a search or evaluate a plan."));
        return;
    }
    const QRectF plot = plotRect();
    double ymax = std::max(capacity_, budget_);
    for (const auto& s : stages_)
        ymax = std::max(ymax, s.total());
    ymax *= 1.08;
    const double step = niceStep(ymax / kGiB, 5);
    const QFontMetrics fm(font());
    auto ypos = [&](double bytes) { return plot.bottom() - plot.height() * bytes / ymax; };
    // grid + axis labels
    QColor grid = pal.text().color();
    grid.setAlpha(40);
    for (double g = 0; g * kGiB <= ymax; g += step) {
        const double y = ypos(g * kGiB);
        p.setPen(grid);
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        p.setPen(pal.text().color());
        p.drawText(QRectF(0, y - fm.height() / 2.0, plot.left() - 6, fm.height()),
                   Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("%1 GiB").arg(g));
    }
    p.drawText(QRectF(6, 2, width() - 12, fm.height()), Qt::AlignLeft,
               fm.elidedText(tr("Peak memory per GPU, by pipeline stage"), Qt::ElideRight, width() - 12));
    const auto names = partNames();
    std::vector<QColor> colors;
    for (int i = 0; i < names.size(); ++i)
        colors.push_back(seriesColor(i));
    const int n = static_cast<int>(stages_.size());
    const LabelLayout lay = labelLayout(plot);
    for (int s = 0; s < n; ++s) {
        const QRectF bar = barRect(s, plot);
        double acc = 0;
        const auto v = parts(stages_[static_cast<std::size_t>(s)]);
        for (std::size_t k = 0; k < v.size(); ++k) {
            const double y0 = ypos(acc), y1 = ypos(acc + v[k]);
            p.fillRect(QRectF(bar.left(), y1, bar.width(), y0 - y1), colors[k]);
            acc += v[k];
        }
        const bool over = budget_ > 0 && acc > budget_;
        p.setPen(QPen(over ? QColor(220, 30, 30) : pal.text().color(), over ? 2.5 : 1));
        p.drawRect(QRectF(bar.left(), ypos(acc), bar.width(), plot.bottom() - ypos(acc)));
        p.setPen(pal.text().color());
        // The value sits above the bar, or just inside its top when that would touch the capacity or
        // budget line's label.
        const QString value = QString::number(acc / kGiB, 'f', 1);
        QRectF label(bar.left() - 30, ypos(acc) - fm.height() - 2, bar.width() + 60, fm.height());
        for (double line : {capacity_, budget_})
            if (line > 0 && label.bottom() > ypos(line) - fm.height() - 2 && label.top() < ypos(line) + 2)
                label.moveTop(ypos(acc) + 3);
        const bool show_value = valueShown(lay, s);
        if (show_value && label.top() > ypos(acc)) {
            const double w = fm.horizontalAdvance(value) + 6;
            QColor bg = pal.base().color();
            bg.setAlpha(220);
            p.fillRect(QRectF(label.center().x() - w / 2, label.top(), w, fm.height()), bg);
        }
        if (show_value)
            p.drawText(label, Qt::AlignHCenter | Qt::AlignBottom, value);
        if (s % lay.name_every == 0)
            p.drawText(QRectF(bar.left() - 30, plot.bottom() + 2, bar.width() + 60, fm.height()),
                       Qt::AlignHCenter, lay.words ? tr("stage %1").arg(s) : QString::number(s));
    }
    auto hline = [&](double bytes, const QColor& c, const QString& label, bool below) {
        if (bytes <= 0)
            return;
        const double y = ypos(bytes);
        p.setPen(QPen(c, 1.5, Qt::DashLine));
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        p.drawText(
            QRectF(plot.left() + 4, below ? y + 1 : y - fm.height() - 1, plot.width() - 8, fm.height()),
            Qt::AlignRight, label);
    };
    hline(capacity_, QColor(220, 30, 30), tr("GPU capacity %1").arg(bytesText(capacity_)), false);
    // A budget close under the capacity (small charts) labels below its line, not over the capacity's.
    if (std::abs(budget_ - capacity_) > 1e6)
        hline(budget_, QColor(230, 140, 0), tr("budget %1").arg(bytesText(budget_)),
              capacity_ > 0 && std::abs(ypos(budget_) - ypos(capacity_)) < fm.height() + 2);
    p.setPen(pal.text().color());
    drawLegend(p, names, colors, QPointF(plot.left(), plot.bottom() + fm.height() + 8), plot.width());
}

// Labels that fit the bars' pitch: "stage N", else N alone, else every 2nd, 4th... (16 or 32 stages at
// 1024 px ran "stage 0stage 1..." together); the values above the bars likewise, the peak's always.
MemoryBarsWidget::LabelLayout MemoryBarsWidget::labelLayout(const QRectF& plot) const {
    LabelLayout l;
    const int n = static_cast<int>(stages_.size());
    if (n == 0)
        return l;
    const QFontMetrics fm(font());
    const double pitch = n > 1 ? barRect(1, plot).center().x() - barRect(0, plot).center().x() : plot.width();
    auto everyFor = [&](double text_w) {
        int every = 1;
        while (every < n && text_w + 6 > pitch * every)
            every *= 2;
        return every;
    };
    l.words = fm.horizontalAdvance(tr("stage %1").arg(n - 1)) + 6 <= pitch;
    l.name_every = l.words ? 1 : everyFor(fm.horizontalAdvance(QString::number(n - 1)));
    l.value_every = everyFor(fm.horizontalAdvance(QStringLiteral("000.0")));
    for (int s = 1; s < n; ++s)
        if (stages_[static_cast<std::size_t>(s)].total() > stages_[static_cast<std::size_t>(l.peak)].total())
            l.peak = s;
    return l;
}

bool MemoryBarsWidget::valueShown(const LabelLayout& l, int s) const {
    const bool over = budget_ > 0 && stages_[static_cast<std::size_t>(s)].total() > budget_;
    return s == l.peak || over || (s % l.value_every == 0 && std::abs(s - l.peak) >= l.value_every);
}

QStringList MemoryBarsWidget::stageLabels() const {
    const LabelLayout l = labelLayout(plotRect());
    QStringList out;
    for (int s = 0; s < static_cast<int>(stages_.size()); ++s)
        out << (s % l.name_every != 0 ? QString() : l.words ? tr("stage %1").arg(s) : QString::number(s));
    return out;
}

std::vector<int> MemoryBarsWidget::valuesShown() const {
    const LabelLayout l = labelLayout(plotRect());
    std::vector<int> out;
    for (int s = 0; s < static_cast<int>(stages_.size()); ++s)
        if (valueShown(l, s))
            out.push_back(s);
    return out;
}

bool MemoryBarsWidget::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip) {
        auto* he = static_cast<QHelpEvent*>(e);
        const QRectF plot = plotRect();
        for (int s = 0; s < static_cast<int>(stages_.size()); ++s) {
            if (barRect(s, plot).contains(he->pos())) {
                const auto v = parts(stages_[static_cast<std::size_t>(s)]);
                const auto names = partNames();
                QString text =
                    tr("Stage %1: %2").arg(s).arg(bytesText(stages_[static_cast<std::size_t>(s)].total()));
                for (std::size_t k = 0; k < v.size(); ++k)
                    text += QStringLiteral("\n  %1: %2").arg(names[static_cast<int>(k)], bytesText(v[k]));
                // (the exact count, as Megatron-LM logs it per tensor/pipeline rank)
                if (static_cast<std::size_t>(s) < params_.size() && params_[static_cast<std::size_t>(s)] > 0)
                    text += QLatin1Char('\n') + tr("Parameters per GPU: %1")
                                                    .arg(QLocale().toString(static_cast<qlonglong>(
                                                        std::llround(params_[static_cast<std::size_t>(s)]))));
                QToolTip::showText(he->globalPos(), text, this);
                return true;
            }
        }
        QToolTip::hideText();
        e->ignore();
        return true;
    }
    return QWidget::event(e);
}

// ---------------------------------------------------------------------------------------------------
TimeBreakdownWidget::TimeBreakdownWidget(QWidget* parent) : QWidget(parent) {
    setAccessibleName(tr("Time breakdown"));
}

QStringList TimeBreakdownWidget::partNames() {
    return {tr("Compute"),       tr("Recompute"), tr("TP comm"),       tr("CP exchange"),
            tr("EP all-to-all"), tr("DP sync"),   tr("ZeRO-3 gather"), tr("PP send/recv"),
            tr("Layout switch"), tr("Bubble"),    tr("Optimizer")};
}

std::vector<double> TimeBreakdownWidget::parts(const TimeBreakdown& t) {
    return {t.compute,   t.recompute, t.tp_comm,     t.cp_comm, t.ep_comm,  t.dp_comm,
            t.zero_comm, t.pp_comm,   t.switch_comm, t.bubble,  t.optimizer};
}

void TimeBreakdownWidget::setBreakdown(const TimeBreakdown& t, double iteration_time) {
    t_ = t;
    total_ = iteration_time;
    valid_ = true;
    updateGeometry();
    update();
}

void TimeBreakdownWidget::clear() {
    valid_ = false;
    update();
}

void TimeBreakdownWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const QPalette pal = palette();
    p.fillRect(rect(), pal.base());
    p.setPen(pal.text().color());
    if (!valid_) {
        p.drawText(rect(), Qt::AlignCenter, tr("No plan yet"));
        return;
    }
    const QFontMetrics fm(font());
    const auto v = parts(t_);
    double sum = 0;
    for (double x : v)
        sum += x;
    p.drawText(QRectF(8, 4, width() - 16, fm.height()), Qt::AlignLeft,
               tr("Iteration time %1 on the bottleneck stage").arg(secondsText(total_)));
    const QRectF bar(8, fm.height() + 10, width() - 16, 26);
    double x = bar.left();
    for (std::size_t k = 0; k < v.size(); ++k) {
        if (sum <= 0)
            break;
        const double w = bar.width() * v[k] / sum;
        p.fillRect(QRectF(x, bar.top(), w, bar.height()), seriesColor(static_cast<int>(k)));
        x += w;
    }
    p.setPen(pal.text().color());
    p.drawRect(bar);
    std::vector<QColor> colors;
    const QStringList names = legendNames(&colors);
    drawLegend(p, names, colors, QPointF(8, bar.bottom() + 8), width() - 16);
}

QStringList TimeBreakdownWidget::legendNames(std::vector<QColor>* colors) const {
    // with values, only the parts that are present
    QStringList names;
    if (!valid_)
        return names;
    const auto v = parts(t_);
    double sum = 0;
    for (double x : v)
        sum += x;
    const auto all = partNames();
    for (std::size_t k = 0; k < v.size(); ++k) {
        if (v[k] <= 0)
            continue;
        names << QStringLiteral("%1 %2 (%3%)")
                     .arg(all[static_cast<int>(k)], secondsText(v[k]))
                     .arg(sum > 0 ? 100.0 * v[k] / sum : 0.0, 0, 'f', 1);
        if (colors)
            colors->push_back(seriesColor(static_cast<int>(k)));
    }
    return names;
}

QSize TimeBreakdownWidget::minimumSizeHint() const {
    // The title, the bar and as many legend lines as the parts need at this width (up to 11 parts:
    // a plan with context- and expert-parallel communication, German names, a narrow window).
    const QFontMetrics fm(font());
    const int lines = std::max(1, legendLines(fm, legendNames(), std::max(10, width() - 16)));
    return {240, fm.height() + 10 + 26 + 8 + lines * (fm.height() + 4) + 4};
}

QSize TimeBreakdownWidget::sizeHint() const {
    return {520, std::max(150, minimumSizeHint().height())};
}

void TimeBreakdownWidget::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    updateGeometry(); // (the legend wraps into more or fewer lines)
}

// ---------------------------------------------------------------------------------------------------
TimelineWidget::TimelineWidget(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setAccessibleName(tr("Pipeline timeline"));
}

void TimelineWidget::setPlan(const Plan& plan, const PlanCost& cost) {
    plan_ = plan;
    cost_ = cost;
    ops_ = simulatePipeline(plan, cost, &makespan_);
    tail_ = 0;
    for (const auto& s : cost.stages)
        tail_ = std::max(tail_, s.per_iteration);
    update();
}

void TimelineWidget::clear() {
    ops_.clear();
    makespan_ = 0;
    update();
}

double TimelineWidget::bubbleFraction() const {
    if (ops_.empty() || makespan_ <= 0)
        return 0;
    double busy = 0;
    for (const auto& o : ops_)
        busy += o.end - o.start;
    const double area = makespan_ * std::max(1, plan_.pp);
    return std::max(0.0, 1.0 - busy / area);
}

/// The legend's names and colours: forward/backward or one colour per model chunk (interleaved).
void TimelineWidget::legendItems(QStringList& names, std::vector<QColor>& colors) const {
    QColor idle = palette().text().color();
    idle.setAlpha(18);
    names = {tr("forward"), tr("backward"), tr("gradient sync + optimizer"), tr("idle (bubble)")};
    colors = {seriesColor(0).lighter(150), seriesColor(0).darker(115), QColor(150, 150, 150), idle};
    if (plan_.schedule == Schedule::Interleaved && plan_.virtual_stages > 1) {
        // Interleaved: one colour per model chunk (light = forward, dark = backward).
        names = {tr("light: forward, dark: backward")};
        colors = {QColor(0, 0, 0, 0)};
        for (int c = 0; c < std::min(plan_.virtual_stages, 8); ++c) {
            names << tr("model chunk %1").arg(c + 1);
            colors.push_back(seriesColor(c % 8 == 6 ? 7 : c % 8));
        }
        names << tr("gradient sync + optimizer") << tr("idle (bubble)");
        colors.push_back(QColor(150, 150, 150));
        colors.push_back(idle);
    }
}

QRectF TimelineWidget::plotRect() const {
    const QFontMetrics fm(font());
    const double left = fm.horizontalAdvance(tr("stage 00")) + 14;
    // (as many legend lines as the names need: German 1F1B names take two at 1024 px, the second was cut)
    QStringList names;
    std::vector<QColor> colors;
    legendItems(names, colors);
    const double width_left = std::max(10.0, width() - left - 12);
    const int lines = std::max(1, legendLines(fm, names, width_left));
    return QRectF(left, fm.height() * 2 + 10, width_left,
                  std::max(10.0, height() - fm.height() * (3.0 + lines) - 20.0 - 4.0 * lines));
}

void TimelineWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const QPalette pal = palette();
    p.fillRect(rect(), pal.base());
    p.setPen(pal.text().color());
    if (ops_.empty()) {
        p.drawText(rect(), Qt::AlignCenter, tr("No pipeline to show yet."));
        return;
    }
    const QFontMetrics fm(font());
    const QRectF plot = plotRect();
    const int stages = std::max(1, plan_.pp);
    const double total = makespan_ + tail_;
    const double row_h = std::min(plot.height() / stages, 64.0); // readable bars for few stages
    auto xpos = [&](double t) { return plot.left() + plot.width() * t / total; };
    // Title over the whole width, wrapped onto the two lines above the plot (never cut off).
    p.drawText(QRectF(6, 2, width() - 12, fm.height() * 2 + 4), Qt::AlignLeft | Qt::TextWordWrap,
               tr("%1 schedule, %2 stages x %3 micro-batches: pipeline %4 + sync/optimizer %5; bubble %6%")
                   .arg(QString::fromLatin1(toString(plan_.schedule)))
                   .arg(stages)
                   .arg(plan_.num_micro)
                   .arg(secondsText(makespan_), secondsText(tail_))
                   .arg(bubbleFraction() * 100.0, 0, 'f', 1));
    // idle background per row (bubbles show through)
    QColor idle = pal.text().color();
    idle.setAlpha(18);
    for (int s = 0; s < stages; ++s) {
        const QRectF row(plot.left(), plot.top() + s * row_h + 2, plot.width(), row_h - 4);
        p.fillRect(row, idle);
        p.drawText(QRectF(0, row.top(), plot.left() - 6, row.height()), Qt::AlignRight | Qt::AlignVCenter,
                   tr("stage %1").arg(s));
    }
    const bool labels = ops_.size() < 400;
    QFont small = font();
    small.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.8));
    p.setFont(small);
    const QFontMetrics sfm(small);
    for (const auto& o : ops_) {
        QColor c = seriesColor(o.chunk % 8 == 6 ? 7 : o.chunk % 8);
        if (o.forward)
            c = c.lighter(150);
        else
            c = c.darker(115);
        const QRectF r(xpos(o.start), plot.top() + o.stage * row_h + 4,
                       std::max(1.0, xpos(o.end) - xpos(o.start)), row_h - 8);
        p.fillRect(r, c);
        p.setPen(QPen(pal.base().color(), 1));
        p.drawRect(r);
        const QString t =
            QStringLiteral("%1%2").arg(o.forward ? QStringLiteral("F") : QStringLiteral("B")).arg(o.micro);
        if (labels && sfm.horizontalAdvance(t) + 2 < r.width()) {
            p.setPen(o.forward ? QColor(20, 20, 20) : QColor(250, 250, 250));
            p.drawText(r, Qt::AlignCenter, t);
        }
    }
    // tail: gradient sync + optimizer per stage
    for (int s = 0; s < stages; ++s) {
        const double e = cost_.stages[static_cast<std::size_t>(s)].per_iteration;
        if (e <= 0)
            continue;
        const QRectF r(xpos(makespan_), plot.top() + s * row_h + 4, xpos(makespan_ + e) - xpos(makespan_),
                       row_h - 8);
        p.fillRect(r, QBrush(QColor(150, 150, 150), Qt::BDiagPattern));
        p.setPen(pal.text().color());
        p.drawRect(r);
    }
    p.setFont(font());
    p.setPen(pal.text().color());
    // time axis under the last row
    const QRectF rows(plot.left(), plot.top(), plot.width(), row_h * stages);
    const double step = niceStep(total * 1000.0, 6);
    for (double t = 0; t <= total * 1000.0 + 1e-9; t += step) {
        const double x = xpos(t / 1000.0);
        p.drawLine(QPointF(x, rows.bottom()), QPointF(x, rows.bottom() + 4));
        // Plain numbers (never "1e+04 ms"): seconds from 1 s steps up, else ms with the step's decimals.
        const QString label =
            step >= 1000.0
                ? QStringLiteral("%1 s").arg(t / 1000.0, 0, 'f', std::fmod(step, 1000.0) == 0 ? 0 : 1)
                : QStringLiteral("%1 ms").arg(t, 0, 'f', step >= 10 ? 0 : (step >= 1 ? 1 : 2));
        p.drawText(QRectF(x - 40, rows.bottom() + 4, 80, fm.height()), Qt::AlignHCenter, label);
    }
    QStringList names;
    std::vector<QColor> colors;
    legendItems(names, colors);
    drawLegend(p, names, colors, QPointF(plot.left(), rows.bottom() + fm.height() + 8), plot.width());
}

bool TimelineWidget::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip && !ops_.empty()) {
        auto* he = static_cast<QHelpEvent*>(e);
        const QRectF plot = plotRect();
        const double total = makespan_ + tail_;
        const int stages = std::max(1, plan_.pp);
        const double row_h = std::min(plot.height() / stages, 64.0); // readable bars for few stages
        const int s = static_cast<int>((he->pos().y() - plot.top()) / row_h);
        const double t = (he->pos().x() - plot.left()) / plot.width() * total;
        for (const auto& o : ops_) {
            if (o.stage == s && t >= o.start && t <= o.end) {
                QToolTip::showText(he->globalPos(),
                                   tr("%1 of micro-batch %2 (chunk %3) on stage %4\n%5 - %6")
                                       .arg(o.forward ? tr("Forward") : tr("Backward"))
                                       .arg(o.micro)
                                       .arg(o.chunk)
                                       .arg(o.stage)
                                       .arg(secondsText(o.start), secondsText(o.end)),
                                   this);
                return true;
            }
        }
        QToolTip::hideText();
        return true;
    }
    return QWidget::event(e);
}

} // namespace gx::app
