#include "views/tree_view.h"

#include "plan_utils.h"

#include "app_resources.h"

#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QSplitter>
#include <QStyleOptionGraphicsItem>
#include <QTextBrowser>
#include <QTimer>
#include <QToolBar>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace gx::app {

// ----- TreeLayout -----------------------------------------------------------------------------------
void TreeLayout::clear() {
    nodes_.clear();
    index_.clear();
    orphans_.clear();
    rows_.clear();
    bounds_ = {};
    dirty_ = false;
    pruned_ = 0;
    max_depth_ = 0;
}

void TreeLayout::add(const TreeNode& n) {
    const int existing = index_.value(n.id, -1);
    if (existing >= 0) { // update (e.g. expanded, later pruned)
        Node& e = nodes_[static_cast<std::size_t>(existing)];
        if (n.pruned && !e.node.pruned)
            ++pruned_;
        const int parent = e.parent;
        const auto children = e.children;
        e.node = n;
        e.parent = parent;
        e.children = children;
        dirty_ = true;
        return;
    }
    const int idx = static_cast<int>(nodes_.size());
    Node node;
    node.node = n;
    node.parent = n.parent >= 0 ? index_.value(n.parent, -1) : -1;
    nodes_.push_back(std::move(node));
    index_.insert(n.id, idx);
    if (n.pruned)
        ++pruned_;
    max_depth_ = std::max(max_depth_, n.depth);
    if (nodes_.back().parent >= 0)
        nodes_[static_cast<std::size_t>(nodes_.back().parent)].children.push_back(idx);
    else if (n.parent >= 0)
        orphans_[n.parent].push_back(idx);
    // Children that arrived before this node.
    auto it = orphans_.find(n.id);
    if (it != orphans_.end()) {
        for (int c : it.value()) {
            nodes_[static_cast<std::size_t>(c)].parent = idx;
            nodes_[static_cast<std::size_t>(idx)].children.push_back(c);
        }
        orphans_.erase(it);
    }
    dirty_ = true;
}

void TreeLayout::layout() {
    dirty_ = false;
    rows_.assign(static_cast<std::size_t>(max_depth_ + 1), {});
    if (nodes_.empty()) {
        bounds_ = {};
        return;
    }
    const double slot = kNodeW + kGapX;
    double next_leaf = 0;
    // Iterative post-order: leaves take the next slot, parents centre over their children.
    struct Frame {
        int node;
        std::size_t child;
    };
    std::vector<Frame> stack;
    double max_x = 0;
    for (int r = 0; r < static_cast<int>(nodes_.size()); ++r) {
        if (nodes_[static_cast<std::size_t>(r)].parent >= 0)
            continue;
        stack.push_back({r, 0});
        while (!stack.empty()) {
            Frame& f = stack.back();
            Node& n = nodes_[static_cast<std::size_t>(f.node)];
            if (f.child == 0) { // pre-order: rows keep left-to-right order
                const int d = std::clamp(n.node.depth, 0, max_depth_);
                rows_[static_cast<std::size_t>(d)].push_back(f.node);
            }
            if (f.child < n.children.size()) {
                const int c = n.children[f.child++];
                stack.push_back({c, 0});
                continue;
            }
            if (n.children.empty()) {
                n.x = next_leaf;
                next_leaf += slot;
            } else {
                n.x = (nodes_[static_cast<std::size_t>(n.children.front())].x +
                       nodes_[static_cast<std::size_t>(n.children.back())].x) /
                      2.0;
            }
            max_x = std::max(max_x, n.x);
            stack.pop_back();
        }
    }
    // Rows must be sorted by x for nodeAt(); pre-order gives that for a layered tree, but nodes whose
    // reported depth disagrees with their parent's could break it: sort to be safe.
    for (auto& row : rows_)
        std::sort(row.begin(), row.end(), [&](int a, int b) {
            return nodes_[static_cast<std::size_t>(a)].x < nodes_[static_cast<std::size_t>(b)].x;
        });
    // Wide trees get taller levels, so that the fitted overview keeps a readable fan shape
    // (about 0.45 : 1 height to width) instead of collapsing into a line.
    level_h_ = std::max(kLevelH, (max_x + kNodeW) * 0.45 / std::max(1, max_depth_));
    for (auto& n : nodes_)
        n.y = std::clamp(n.node.depth, 0, max_depth_) * level_h_;
    bounds_ =
        QRectF(-kNodeW / 2 - 20, -kNodeH / 2 - 20, max_x + kNodeW + 40, max_depth_ * level_h_ + kNodeH + 40);
}

int TreeLayout::nodeAt(QPointF p) const {
    const int d = static_cast<int>(std::lround(p.y() / level_h_));
    if (d < 0 || d >= static_cast<int>(rows_.size()) || std::abs(p.y() - d * level_h_) > kNodeH / 2)
        return -1;
    const auto& row = rows_[static_cast<std::size_t>(d)];
    auto it = std::lower_bound(row.begin(), row.end(), p.x() - kNodeW / 2,
                               [&](int i, double x) { return nodes_[static_cast<std::size_t>(i)].x < x; });
    if (it == row.end())
        return -1;
    const Node& n = nodes_[static_cast<std::size_t>(*it)];
    return std::abs(n.x - p.x()) <= kNodeW / 2 ? *it : -1;
}

QStringList TreeLayout::path(int i) const {
    QStringList out;
    for (int guard = 0; i >= 0 && guard < 1000; ++guard) {
        out.prepend(QString::fromStdString(nodes_[static_cast<std::size_t>(i)].node.label));
        i = nodes_[static_cast<std::size_t>(i)].parent;
    }
    return out;
}

// ----- TreeGraphicsItem -----------------------------------------------------------------------------
TreeGraphicsItem::TreeGraphicsItem(const TreeLayout* layout) : layout_(layout) {
    setFlag(QGraphicsItem::ItemUsesExtendedStyleOption);
}

QRectF TreeGraphicsItem::boundingRect() const {
    return layout_->bounds();
}

void TreeGraphicsItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) {
    const double lod = QStyleOptionGraphicsItem::levelOfDetailFromTransform(painter->worldTransform());
    const QRectF exposed = option->exposedRect.adjusted(-TreeLayout::kNodeW, -TreeLayout::kNodeH,
                                                        TreeLayout::kNodeW, TreeLayout::kNodeH);
    const auto& nodes = layout_->nodes();
    const QPalette pal = widget ? widget->palette() : QPalette();
    // Edges, batched.
    std::vector<QLineF> edges, pruned_edges;
    for (const auto& n : nodes) {
        if (n.parent < 0)
            continue;
        const auto& p = nodes[static_cast<std::size_t>(n.parent)];
        const double x0 = std::min(n.x, p.x), x1 = std::max(n.x, p.x);
        if (x1 < exposed.left() || x0 > exposed.right() || n.y < exposed.top() || p.y > exposed.bottom())
            continue;
        (n.node.pruned ? pruned_edges : edges)
            .emplace_back(QPointF(p.x, p.y + TreeLayout::kNodeH / 2),
                          QPointF(n.x, n.y - TreeLayout::kNodeH / 2));
    }
    QColor edge = pal.text().color();
    edge.setAlpha(110);
    painter->setPen(QPen(edge, 0));
    painter->drawLines(edges.data(), static_cast<int>(edges.size()));
    edge.setAlpha(45);
    // Dashes only when zoomed in: dashed cosmetic lines are slow to rasterise by the thousand.
    painter->setPen(QPen(edge, 0, lod >= 0.4 ? Qt::DashLine : Qt::SolidLine));
    painter->drawLines(pruned_edges.data(), static_cast<int>(pruned_edges.size()));

    const QColor inner(0xCF, 0xE3, 0xF7), leaf(0xC8, 0xEB, 0xD5), pruned(0xB4, 0xB4, 0xB4);
    const bool detailed = lod >= 0.4;
    const QTransform device = painter->worldTransform();
    const double mw = std::max(5.0, TreeLayout::kNodeW * lod), mh = std::max(5.0, TreeLayout::kNodeH * lod);
    std::vector<QRectF> inner_markers, leaf_markers, pruned_markers, marked;
    QFont f = painter->font();
    f.setPointSizeF(8.5);
    painter->setFont(f);
    const QFontMetrics fm(f);
    for (int i = 0; i < static_cast<int>(nodes.size()); ++i) {
        const auto& n = nodes[static_cast<std::size_t>(i)];
        const QRectF r(n.x - TreeLayout::kNodeW / 2, n.y - TreeLayout::kNodeH / 2, TreeLayout::kNodeW,
                       TreeLayout::kNodeH);
        if (!r.intersects(exposed))
            continue;
        const QColor fill = n.node.pruned ? pruned : (n.node.strategy ? leaf : inner);
        if (!detailed) {
            // Overview: markers in device pixels (at least 5 px, so single nodes stay visible, and no
            // large overdraw when zoomed far out), drawn in batches per colour after the loop.
            const QPointF c = device.map(QPointF(n.x, n.y));
            const QRectF marker(c.x() - mw / 2, c.y() - mh / 2, mw, mh);
            (i == selected_ || i == hovered_ ? marked
             : n.node.pruned                 ? pruned_markers
             : n.node.strategy               ? leaf_markers
                                             : inner_markers)
                .push_back(marker);
            continue;
        }
        QPen pen(i == selected_ ? QColor(255, 120, 0) : QColor(60, 60, 60),
                 i == selected_ ? 3 : (i == hovered_ ? 2 : 1));
        if (n.node.pruned)
            pen.setStyle(Qt::DashLine);
        painter->setPen(pen);
        painter->setBrush(fill);
        painter->drawRoundedRect(r, 5, 5);
        painter->setPen(n.node.pruned ? QColor(90, 90, 90) : QColor(15, 15, 15));
        painter->drawText(r.adjusted(4, 0, -4, 0), Qt::AlignCenter,
                          fm.elidedText(QString::fromStdString(n.node.label), Qt::ElideRight,
                                        static_cast<int>(TreeLayout::kNodeW - 8)));
    }
    if (!detailed) {
        painter->setWorldTransform(QTransform());
        painter->setPen(Qt::NoPen);
        const std::pair<const std::vector<QRectF>*, QColor> groups[] = {{&inner_markers, inner.darker(125)},
                                                                        {&leaf_markers, leaf.darker(125)},
                                                                        {&pruned_markers, pruned.darker(115)},
                                                                        {&marked, QColor(255, 140, 0)}};
        for (const auto& [rects, color] : groups) {
            painter->setBrush(color);
            painter->drawRects(rects->data(), static_cast<int>(rects->size()));
        }
        painter->setWorldTransform(device);
    }
}

// ----- DecisionTreeView -----------------------------------------------------------------------------
DecisionTreeView::DecisionTreeView(QWidget* parent)
    : QGraphicsView(parent), item_(new TreeGraphicsItem(&layout_)) {
    scene_.addItem(item_);
    scene_.setItemIndexMethod(QGraphicsScene::NoIndex);
    setScene(&scene_);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setViewportUpdateMode(QGraphicsView::MinimalViewportUpdate);
    setRenderHint(QPainter::Antialiasing, false);
    setMouseTracking(true);
    setBackgroundBrush(palette().base());
    relayout_timer_ = new QTimer(this);
    relayout_timer_->setInterval(150);
    relayout_timer_->setSingleShot(true);
    connect(relayout_timer_, &QTimer::timeout, this, &DecisionTreeView::flushLayout);
    setAccessibleName(tr("Decision tree"));
}

void DecisionTreeView::clear() {
    layout_.clear();
    item_->setSelected(-1);
    item_->setHovered(-1);
    item_->layoutChanged();
    scene_.setSceneRect(QRectF(0, 0, 1, 1));
    user_navigated_ = false;
    resetTransform();
}

void DecisionTreeView::addNodes(const std::vector<TreeNode>& nodes) {
    for (const auto& n : nodes)
        layout_.add(n);
    if (layout_.dirty() && !relayout_timer_->isActive())
        relayout_timer_->start();
}

void DecisionTreeView::flushLayout() {
    if (!layout_.dirty())
        return;
    layout_.layout();
    item_->layoutChanged();
    scene_.setSceneRect(layout_.bounds());
    if (!user_navigated_)
        fitAll();
    viewport()->update();
}

void DecisionTreeView::fitAll() {
    if (layout_.size() == 0)
        return;
    QRectF b = layout_.bounds();
    // Very wide trees: fit the height of a readable band instead of shrinking to nothing.
    fitInView(b, Qt::KeepAspectRatio);
}

void DecisionTreeView::zoomBy(double factor) {
    const double current = transform().m11();
    const double target = std::clamp(current * factor, 0.002, 8.0);
    scale(target / current, target / current);
}

QPointF DecisionTreeView::nodePos(int i) const {
    const auto& n = layout_.at(i);
    return {n.x, n.y};
}

void DecisionTreeView::selectIndex(int i) {
    item_->setSelected(i);
    if (i >= 0)
        emit nodeClicked(i);
}

void DecisionTreeView::wheelEvent(QWheelEvent* e) {
    user_navigated_ = true;
    zoomBy(std::pow(1.0015, e->angleDelta().y()));
    e->accept();
}

bool DecisionTreeView::viewportEvent(QEvent* e) {
    // Qt's tool-tip event (sent when the pointer rests) would reach the scene, which finds no item
    // tool tip and hides ours: answer it here with the node's tip.
    if (e->type() == QEvent::ToolTip) {
        auto* he = static_cast<QHelpEvent*>(e);
        const int i = layout_.nodeAt(mapToScene(he->pos()));
        if (i >= 0)
            QToolTip::showText(he->globalPos(), toolTipFor(i), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QGraphicsView::viewportEvent(e);
}

void DecisionTreeView::mouseMoveEvent(QMouseEvent* e) {
    QGraphicsView::mouseMoveEvent(e);
    const int i = layout_.nodeAt(mapToScene(e->position().toPoint()));
    item_->setHovered(i);
    if (i < 0) {
        QToolTip::hideText();
        return;
    }
    QToolTip::showText(e->globalPosition().toPoint(), toolTipFor(i), this);
}

QString DecisionTreeView::toolTipFor(int i) const {
    const auto& n = layout_.at(i).node;
    QString tip =
        tr("%1\ndimension: %2").arg(QString::fromStdString(n.label), QString::fromStdString(n.dimension));
    if (n.pruned)
        tip += tr("\npruned by rule '%1': %2")
                   .arg(QString::fromStdString(n.rule), QString::fromStdString(n.reason));
    if (n.strategy)
        tip += tr("\nstrategy: %1").arg(QString::fromStdString(n.strategy->label()));
    return tip;
}

void DecisionTreeView::mousePressEvent(QMouseEvent* e) {
    press_pos_ = e->pos();
    QGraphicsView::mousePressEvent(e);
}

void DecisionTreeView::mouseReleaseEvent(QMouseEvent* e) {
    QGraphicsView::mouseReleaseEvent(e);
    if ((e->pos() - press_pos_).manhattanLength() > 4) {
        user_navigated_ = true; // panned
        return;
    }
    const int i = layout_.nodeAt(mapToScene(e->pos()));
    if (i >= 0)
        selectIndex(i);
}

void DecisionTreeView::resizeEvent(QResizeEvent* e) {
    QGraphicsView::resizeEvent(e);
    if (!user_navigated_)
        fitAll();
}

// ----- TreePanel ------------------------------------------------------------------------------------
TreePanel::TreePanel(QWidget* parent) : QWidget(parent) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QToolBar(this);
    view_ = new DecisionTreeView(this);
    stats_ = new QLabel(this);
    auto* fit = bar->addAction(icon(QStringLiteral("fit")), tr("Fit"), view_, &DecisionTreeView::fitAll);
    fit->setToolTip(tr("Fit the whole tree (F)"));
    fit->setShortcut(QKeySequence(Qt::Key_F));
    fit->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    auto* zin = bar->addAction(tr("Zoom in"), this, [this] { view_->zoomBy(1.25); });
    zin->setShortcut(QKeySequence::ZoomIn);
    zin->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    auto* zout = bar->addAction(tr("Zoom out"), this, [this] { view_->zoomBy(0.8); });
    zout->setShortcut(QKeySequence::ZoomOut);
    zout->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    bar->addSeparator();
    bar->addWidget(stats_);
    lay->addWidget(bar);
    auto* split = new QSplitter(Qt::Horizontal, this);
    details_ = new QTextBrowser(this);
    details_->setPlaceholderText(tr("Click a node to see its strategy and costs. Grey dashed nodes were "
                                    "pruned; hover them for the rule and the reason."));
    split->addWidget(view_);
    split->addWidget(details_);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    split->setSizes({900, 260});
    lay->addWidget(split, 1);
    connect(view_, &DecisionTreeView::nodeClicked, this, &TreePanel::showNode);
    updateStats();
}

void TreePanel::clear() {
    view_->clear();
    details_->clear();
    updateStats();
}

void TreePanel::addNodes(const std::vector<TreeNode>& nodes) {
    view_->addNodes(nodes);
    updateStats();
}

void TreePanel::updateStats() {
    const auto& l = view_->layoutData();
    stats_->setText(tr("%1 nodes, %2 pruned, depth %3").arg(l.size()).arg(l.prunedCount()).arg(l.maxDepth()));
}

void TreePanel::setCostContext(std::shared_ptr<const CostModel> cm, const Plan& reference) {
    cm_ = std::move(cm);
    reference_ = reference;
    has_reference_ = true;
}

QString TreePanel::detailsText() const {
    return details_->toPlainText();
}

void TreePanel::showNode(int index) {
    const auto& l = view_->layoutData();
    if (index < 0 || index >= l.size())
        return;
    const TreeNode& n = l.at(index).node;
    QString html = QStringLiteral("<h3>%1</h3>").arg(QString::fromStdString(n.label).toHtmlEscaped());
    html += tr("<p><b>Path:</b> %1</p>").arg(l.path(index).join(QStringLiteral(" &rarr; ")));
    html += tr("<p><b>Dimension:</b> %1, depth %2, %3 children</p>")
                .arg(QString::fromStdString(n.dimension).toHtmlEscaped())
                .arg(n.depth)
                .arg(l.at(index).children.size());
    if (n.pruned)
        html += tr("<p><b>Pruned</b> by rule <code>%1</code>: %2</p>")
                    .arg(QString::fromStdString(n.rule).toHtmlEscaped(),
                         QString::fromStdString(n.reason).toHtmlEscaped());
    if (n.strategy) {
        const LayerStrategy& s = *n.strategy;
        html += tr("<p><b>Strategy:</b> %1</p>").arg(QString::fromStdString(s.label()).toHtmlEscaped());
        if (cm_ && cm_->model().layerCount() > 0) {
            try {
                StageShape shape;
                shape.stage_gpus = s.tp * s.dp;
                shape.first_rank = 0;
                shape.num_micro = has_reference_ ? std::max(1, reference_.num_micro) : 1;
                shape.micro_batch = has_reference_ ? std::max(s.dp, reference_.microBatch()) : s.dp;
                const LayerCost c = cm_->layer(cm_->model().layer(0), s, shape);
                html += tr("<p>Cost of one %1 layer for a micro-batch of %2 samples on %3 GPUs:</p>")
                            .arg(QString::fromStdString(cm_->model().layer(0).name).toHtmlEscaped())
                            .arg(shape.micro_batch)
                            .arg(shape.stage_gpus);
                html += QStringLiteral("<table>");
                auto row = [&](const QString& k, const QString& v) {
                    html += QStringLiteral("<tr><td>%1</td><td align=right>%2</td></tr>").arg(k, v);
                };
                row(tr("forward"), secondsText(c.fwd_compute));
                row(tr("backward (incl. recompute)"), secondsText(c.bwd_compute));
                row(tr("TP communication"), secondsText(c.tp_comm));
                row(tr("ZeRO-3 exposed"), secondsText(c.zero3_exposed));
                row(tr("gradient sync / iteration (exposed)"), secondsText(c.dp_exposed));
                row(tr("weights + grads + optimizer"), bytesText(c.states()));
                row(tr("activations / micro-batch"), bytesText(c.activations));
                html += QStringLiteral("</table>");
            } catch (const std::exception& e) {
                html += tr("<p>Cannot cost this strategy: %1</p>")
                            .arg(QString::fromUtf8(e.what()).toHtmlEscaped());
            }
        }
    }
    details_->setHtml(html);
}

} // namespace gx::app
