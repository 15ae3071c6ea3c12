// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - a chart legend that wraps.
//
// Qt Charts lays a bottom legend out on one line and elides every entry when the chart is narrow
// ("Evalua...", "Pareto..." at 1024 px, worse in German). WrappingLegend hides the chart's own legend
// and draws the same markers (colour and name of every visible legend marker) as rich text under the
// plot, wrapped to the chart's width; the chart's bottom margin grows by the text's height.
#pragma once

#include <QObject>
#include <QRectF>

class QChartView;
class QGraphicsTextItem;

namespace gx::app {

class WrappingLegend : public QObject {
    Q_OBJECT
public:
    /// Attaches to `view` (a child of it; follows its resizes, series names and language changes).
    explicit WrappingLegend(QChartView* view);
    /// Rebuilds the text from the chart's legend markers and lays it out for the current width (also
    /// on every resize and language change; call it after adding, removing or renaming series).
    void refresh();
    /// The legend as plain text (entries separated by two spaces), for tests.
    QString text() const;
    /// Height of the legend text in pixels.
    double height() const;
    /// Where the legend is, in chart coordinates.
    QRectF geometry() const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QChartView* view_;
    QGraphicsTextItem* item_;
    int base_bottom_margin_ = 0;
};

} // namespace gx::app
