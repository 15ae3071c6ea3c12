// SPDX-License-Identifier: Apache-2.0
#include "charts/chart_legend.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QTextDocument>
#include <QTimer>

#include <algorithm>
#include <cmath>

namespace gx::app {

WrappingLegend::WrappingLegend(QChartView* view) : QObject(view), view_(view) {
    QChart* chart = view->chart();
    chart->legend()->setVisible(false);
    base_bottom_margin_ = chart->margins().bottom();
    item_ = new QGraphicsTextItem(chart);
    item_->setAcceptHoverEvents(false);
    view->installEventFilter(this);
    refresh();
}

bool WrappingLegend::eventFilter(QObject* watched, QEvent* event) {
    if (watched == view_) {
        if (event->type() == QEvent::Resize || event->type() == QEvent::Show ||
            event->type() == QEvent::FontChange)
            QTimer::singleShot(0, this, &WrappingLegend::refresh);
        else if (event->type() == QEvent::LanguageChange) // series are renamed by then
            QTimer::singleShot(0, this, &WrappingLegend::refresh);
    }
    return QObject::eventFilter(watched, event);
}

void WrappingLegend::refresh() {
    QChart* chart = view_->chart();
    if (!chart)
        return;
    QString html;
    for (QLegendMarker* m : chart->legend()->markers()) {
        if (!m->series()->isVisible() || m->label().isEmpty())
            continue;
        QColor c = m->brush().style() != Qt::NoBrush ? m->brush().color() : m->pen().color();
        if (!c.isValid() || c.alpha() == 0)
            c = m->pen().color();
        // A non-breaking entry (marker + name); the spaces between entries are where lines wrap.
        html +=
            QStringLiteral("<span style='white-space:nowrap'><span style='color:%1'>&#x25A0;</span>&nbsp;%2"
                           "</span> &nbsp; ")
                .arg(c.name(), m->label().toHtmlEscaped());
    }
    item_->setFont(chart->legend()->font());
    item_->setDefaultTextColor(chart->legend()->labelColor());
    item_->setHtml(QStringLiteral("<div align='center'>%1</div>").arg(html));
    const QRectF area = chart->rect();
    const double width = std::max(80.0, area.width() - 20);
    item_->setTextWidth(width);
    const double h = html.isEmpty() ? 0 : item_->boundingRect().height();
    QMargins mg = chart->margins();
    mg.setBottom(base_bottom_margin_ + static_cast<int>(std::ceil(h)) + 4);
    if (mg != chart->margins())
        chart->setMargins(mg);
    item_->setPos(area.left() + 10, area.bottom() - h - 8);
}

QString WrappingLegend::text() const {
    return item_->toPlainText().simplified();
}

double WrappingLegend::height() const {
    return item_->boundingRect().height();
}

} // namespace gx::app

namespace gx::app {
QRectF WrappingLegend::geometry() const {
    return item_->mapRectToParent(item_->boundingRect());
}
} // namespace gx::app
