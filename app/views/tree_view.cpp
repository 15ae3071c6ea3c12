// SPDX-License-Identifier: Apache-2.0
#include "views/tree_view.h"

#include "core_text.h"
#include "plan_utils.h"

#include "app_resources.h"

#include <QHBoxLayout>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
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

namespace {

int ppOfLabel(const std::string& label) {
    const auto at = label.find("pp=");
    return at == std::string::npos ? 0 : std::atoi(label.c_str() + at + 3);
}

QString scheduleName(const TaskInfo& t) {
    QString s = QString::fromLatin1(toString(t.schedule));
    if (t.schedule == Schedule::Interleaved)
        s += QStringLiteral(" v=%1").arg(t.virtual_stages);
    return s;
}

QString stateName(NodeState s) {
    switch (s) {
    case NodeState::Queued:
        return DecisionTreeView::tr("queued");
    case NodeState::Solving:
        return DecisionTreeView::tr("being solved");
    case NodeState::Solved:
        return DecisionTreeView::tr("solved");
    case NodeState::Cut:
        return DecisionTreeView::tr("cut by the bound");
    case NodeState::NoFit:
        return DecisionTreeView::tr("no plan fits");
    case NodeState::Pruned:
        return DecisionTreeView::tr("pruned by a rule");
    }
    return {};
}

} // namespace

NodeState PipelineRecord::state() const {
    if (started > solved)
        return NodeState::Solving;
    if (feasible > 0)
        return NodeState::Solved;
    if (cut > 0)
        return NodeState::Cut;
    if (solved > 0)
        return NodeState::NoFit;
    return NodeState::Queued;
}

// ----- TreeLayout -----------------------------------------------------------------------------------
void TreeLayout::clear() {
    nodes_.clear();
    index_.clear();
    orphans_.clear();
    rows_.clear();
    records_.clear();
    bounds_ = {};
    dirty_ = false;
    finished_ = false;
    pruned_ = 0;
    max_depth_ = 0;
    ++state_version_;
}

void TreeLayout::assignPp(int i) {
    Node& n = nodes_[static_cast<std::size_t>(i)];
    n.pp = n.node.dimension == "pp" ? ppOfLabel(n.node.label)
                                    : (n.parent >= 0 ? nodes_[static_cast<std::size_t>(n.parent)].pp : 0);
}

void TreeLayout::add(const TreeNode& n) {
    const int existing = index_.value(n.id, -1);
    if (existing >= 0) { // update (e.g. expanded, later pruned)
        Node& e = nodes_[static_cast<std::size_t>(existing)];
        if (n.pruned && !e.node.pruned)
            ++pruned_;
        e.node = n;
        e.text = CoreText::treeLabel(n);
        dirty_ = true;
        return;
    }
    const int idx = static_cast<int>(nodes_.size());
    Node node;
    node.node = n;
    node.text = CoreText::treeLabel(n);
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
    assignPp(idx);
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

void TreeLayout::retranslate() {
    for (Node& n : nodes_)
        n.text = CoreText::treeLabel(n.node);
    ++state_version_;
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
            if (f.child == 0) { // pre-order: rows keep left-to-right order; pp flows down
                const int d = std::clamp(n.node.depth, 0, max_depth_);
                rows_[static_cast<std::size_t>(d)].push_back(f.node);
                assignPp(f.node);
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
    // Fixed level height: the view stretches the depth axis to fill its height when zoomed out
    // (DecisionTreeView::zoomBy), so zoomed in the levels stay close together.
    level_h_ = kLevelH;
    for (auto& n : nodes_)
        n.y = std::clamp(n.node.depth, 0, max_depth_) * level_h_;
    bounds_ =
        QRectF(-kNodeW / 2 - 20, -kNodeH / 2 - 20, max_x + kNodeW + 40, max_depth_ * level_h_ + kNodeH + 40);
    ++state_version_;
}

int TreeLayout::nodeAt(QPointF p, double tol) const {
    const int d = static_cast<int>(std::lround(p.y() / level_h_));
    if (d < 0 || d >= static_cast<int>(rows_.size()) || std::abs(p.y() - d * level_h_) > kNodeH / 2 + tol)
        return -1;
    const auto& row = rows_[static_cast<std::size_t>(d)];
    const double reach = kNodeW / 2 + tol;
    auto it = std::lower_bound(row.begin(), row.end(), p.x() - reach,
                               [&](int i, double x) { return nodes_[static_cast<std::size_t>(i)].x < x; });
    int best = -1;
    double best_dx = reach;
    for (; it != row.end(); ++it) {
        const double dx = std::abs(nodes_[static_cast<std::size_t>(*it)].x - p.x());
        if (nodes_[static_cast<std::size_t>(*it)].x > p.x() + reach)
            break;
        if (dx <= best_dx) {
            best_dx = dx;
            best = *it;
        }
    }
    return best;
}

QStringList TreeLayout::path(int i) const {
    QStringList out;
    for (int guard = 0; i >= 0 && guard < 1000; ++guard) {
        out.prepend(nodes_[static_cast<std::size_t>(i)].text);
        i = nodes_[static_cast<std::size_t>(i)].parent;
    }
    return out;
}

void TreeLayout::applyTask(const SearchEvent& ev) {
    PipelineRecord& r = records_[ev.task.pp];
    switch (ev.kind) {
    case SearchEvent::Kind::TaskStarted:
        ++r.started;
        break;
    case SearchEvent::Kind::TaskSolved:
        ++r.solved;
        if (ev.task.feasible) {
            ++r.feasible;
            const double ps = ev.time / std::max(1, ev.task.batch);
            if (r.best_per_sample <= 0 || ps < r.best_per_sample) {
                r.best_per_sample = ps;
                r.best_time = ev.time;
                r.best_memory = ev.memory;
            }
        }
        r.tasks.push_back(ev);
        break;
    case SearchEvent::Kind::TaskCut:
        ++r.cut;
        if (r.lowest_cut_bound <= 0 || ev.task.bound < r.lowest_cut_bound) {
            r.lowest_cut_bound = ev.task.bound;
            r.lowest_cut_lb = ev.task.lower_bound;
        }
        r.tasks.push_back(ev);
        break;
    default:
        return;
    }
    ++state_version_;
}

int TreeLayout::setIncumbent(const Plan& plan) {
    for (auto& n : nodes_)
        n.on_incumbent = false;
    int marked = 0;
    auto mark = [&](int i) {
        for (int guard = 0; i >= 0 && guard < 1000 && !nodes_[static_cast<std::size_t>(i)].on_incumbent;
             ++guard) {
            nodes_[static_cast<std::size_t>(i)].on_incumbent = true;
            ++marked;
            i = nodes_[static_cast<std::size_t>(i)].parent;
        }
    };
    for (int i = 0; i < static_cast<int>(nodes_.size()); ++i) {
        const Node& n = nodes_[static_cast<std::size_t>(i)];
        if (n.pp != plan.pp || n.node.pruned)
            continue;
        if (n.node.dimension == "pp")
            mark(i);
        else if (n.node.strategy &&
                 std::find(plan.layers.begin(), plan.layers.end(), *n.node.strategy) != plan.layers.end())
            mark(i);
    }
    ++state_version_;
    return marked;
}

NodeState TreeLayout::state(int i) const {
    const Node& n = nodes_[static_cast<std::size_t>(i)];
    if (n.node.pruned)
        return NodeState::Pruned;
    if (n.pp == 0) { // root: the whole search
        if (records_.empty())
            return NodeState::Queued;
        if (!finished_)
            return NodeState::Solving;
        for (const auto& [pp, r] : records_)
            if (r.feasible > 0)
                return NodeState::Solved;
        return NodeState::NoFit;
    }
    auto it = records_.find(n.pp);
    return it == records_.end() ? NodeState::Queued : it->second.state();
}

const PipelineRecord* TreeLayout::record(int i) const {
    auto it = records_.find(nodes_[static_cast<std::size_t>(i)].pp);
    return it == records_.end() ? nullptr : &it->second;
}

std::vector<int> TreeLayout::find(const QString& text) const {
    std::vector<int> out;
    const QString t = text.trimmed();
    if (t.isEmpty())
        return out;
    for (int i = 0; i < static_cast<int>(nodes_.size()); ++i) {
        const Node& n = nodes_[static_cast<std::size_t>(i)];
        if (n.text.contains(t, Qt::CaseInsensitive) ||
            QString::fromStdString(n.node.label).contains(t, Qt::CaseInsensitive) ||
            (n.node.strategy &&
             QString::fromStdString(n.node.strategy->label()).contains(t, Qt::CaseInsensitive)))
            out.push_back(i);
    }
    std::sort(out.begin(), out.end(), [&](int a, int b) {
        const Node &na = nodes_[static_cast<std::size_t>(a)], &nb = nodes_[static_cast<std::size_t>(b)];
        return na.y != nb.y ? na.y < nb.y : na.x < nb.x;
    });
    return out;
}

// ----- TreeGraphicsItem -----------------------------------------------------------------------------
TreeGraphicsItem::TreeGraphicsItem(const TreeLayout* layout) : layout_(layout) {
    setFlag(QGraphicsItem::ItemUsesExtendedStyleOption);
}

QRectF TreeGraphicsItem::boundingRect() const {
    return layout_->bounds();
}

void TreeGraphicsItem::setMatches(std::vector<int> matches) {
    match_.assign(static_cast<std::size_t>(layout_->size()), 0);
    for (int i : matches)
        if (i >= 0 && i < layout_->size())
            match_[static_cast<std::size_t>(i)] = 1;
    update();
}

QColor TreeGraphicsItem::stateColor(NodeState s) {
    switch (s) {
    case NodeState::Queued:
        return {0xDD, 0xE4, 0xEC};
    case NodeState::Solving:
        return {0xF6, 0xC3, 0x4A};
    case NodeState::Solved:
        return {0x8E, 0xD1, 0x9F};
    case NodeState::Cut:
        return {0xF0, 0xA8, 0x9E};
    case NodeState::NoFit:
        return {0xC9, 0x9A, 0xB8};
    case NodeState::Pruned:
        return {0xB4, 0xB4, 0xB4};
    }
    return Qt::gray;
}

namespace {
/// a * (1 - t) + b * t, channel by channel.
QColor mix(const QColor& a, const QColor& b, double t) {
    return QColor::fromRgbF(static_cast<float>(a.redF() * (1 - t) + b.redF() * t),
                            static_cast<float>(a.greenF() * (1 - t) + b.greenF() * t),
                            static_cast<float>(a.blueF() * (1 - t) + b.blueF() * t));
}

/// Edge rectangles in device pixels: plain edges, edges to pruned children, the best plan's path.
struct EdgeRects {
    std::vector<QRect> edges, pruned, path;
};

/// The edges of the nodes near `exposed` (scene units; `exposed_rect` is the exposed part itself).
EdgeRects edgeRects(const std::vector<TreeLayout::Node>& nodes, const QTransform& device,
                    const QRectF& exposed_rect, const QRectF& exposed) {
    EdgeRects out;
    const QRect clip = device.mapRect(exposed_rect).toAlignedRect().adjusted(-4, -4, 4, 4);
    const double half_h = TreeLayout::kNodeH / 2;
    for (const auto& p : nodes) {
        if (p.children.empty())
            continue;
        const auto& first = nodes[static_cast<std::size_t>(p.children.front())];
        const auto& last = nodes[static_cast<std::size_t>(p.children.back())];
        const double x0 = std::min(first.x, p.x), x1 = std::max(last.x, p.x);
        if (x1 < exposed.left() || x0 > exposed.right() || first.y < exposed.top() || p.y > exposed.bottom())
            continue;
        const QPointF top = device.map(QPointF(p.x, p.y + half_h));
        const double child_top = device.map(QPointF(first.x, first.y - half_h)).y();
        const int bar_y = static_cast<int>(std::lround((top.y() + child_top) / 2));
        const int py = static_cast<int>(std::lround(top.y()));
        const int cy = static_cast<int>(std::lround(child_top));
        const int px = static_cast<int>(std::lround(top.x()));
        const int bx0 = static_cast<int>(std::lround(device.map(QPointF(first.x, 0)).x()));
        const int bx1 = static_cast<int>(std::lround(device.map(QPointF(last.x, 0)).x()));
        out.edges.emplace_back(px, py, 1, std::max(1, bar_y - py));
        out.edges.push_back(
            QRect(QPoint(std::max(bx0, clip.left()), bar_y), QPoint(std::min(bx1, clip.right()), bar_y)));
        for (int c : p.children) {
            const auto& n = nodes[static_cast<std::size_t>(c)];
            const int x = static_cast<int>(std::lround(device.map(QPointF(n.x, 0)).x()));
            const bool visible = x >= clip.left() && x <= clip.right();
            if (n.on_incumbent) { // the bar is drawn even when the child is off screen: it leads there
                if (visible)
                    out.path.emplace_back(x - 1, bar_y - 1, 3, std::max(1, cy - bar_y + 1));
                out.path.emplace_back(px - 1, py, 3, std::max(1, bar_y - py + 1));
                out.path.push_back(QRect(QPoint(std::max(std::min(px, x), clip.left()) - 1, bar_y - 1),
                                         QPoint(std::min(std::max(px, x), clip.right()) + 1, bar_y + 1)));
            } else if (visible) {
                (n.node.pruned ? out.pruned : out.edges).emplace_back(x, bar_y, 1, std::max(1, cy - bar_y));
            }
        }
    }
    return out;
}

/// Draws the edges in device pixels (the painter's world transform is restored).
void drawEdges(QPainter* painter, const EdgeRects& e, const QPalette& pal, const QColor& highlight) {
    const QColor base = pal.base().color(), ink = pal.text().color();
    const QTransform device = painter->worldTransform();
    painter->setWorldTransform(QTransform());
    painter->setPen(Qt::NoPen);
    painter->setBrush(mix(base, ink, 0.45));
    painter->drawRects(e.edges.data(), static_cast<int>(e.edges.size()));
    painter->setBrush(mix(base, ink, 0.2));
    painter->drawRects(e.pruned.data(), static_cast<int>(e.pruned.size()));
    painter->setBrush(highlight);
    painter->drawRects(e.path.data(), static_cast<int>(e.path.size()));
    painter->setWorldTransform(device);
}

/// Overview markers in device pixels: per state, and the frames of the selected / hovered node, of the
/// search matches and of the best plan's path.
struct Markers {
    static constexpr int kStates = 6;
    std::vector<QRectF> by_state[kStates], marked, path, match;
};

/// Draws the markers, the frames below the state colours.
void drawMarkers(QPainter* painter, const Markers& m, const QColor& highlight, const QColor& match_color) {
    painter->setPen(Qt::NoPen);
    for (const auto& [rects, color] : {std::pair{&m.path, highlight}, std::pair{&m.match, match_color},
                                       std::pair{&m.marked, QColor(255, 140, 0)}}) {
        painter->setBrush(color);
        painter->drawRects(rects->data(), static_cast<int>(rects->size()));
    }
    for (int s = 0; s < Markers::kStates; ++s) {
        painter->setBrush(TreeGraphicsItem::stateColor(static_cast<NodeState>(s)).darker(s == 0 ? 110 : 120));
        painter->drawRects(m.by_state[s].data(), static_cast<int>(m.by_state[s].size()));
    }
}

/// A label in device pixels: a node's name (and second line), or a degree name on an edge.
struct NodeText {
    QRectF rect;
    QString text, sub;
    bool dim;
};

/// The fonts of the labels: names, and the smaller second lines.
struct LabelFonts {
    explicit LabelFonts(const QFont& painter_font)
        : f(sized(painter_font, 8.5)), fm(f), fs(sized(f, 7.5)), fms(fs) {}
    static QFont sized(QFont font, double points) {
        font.setPointSizeF(points);
        return font;
    }
    QFont f;
    QFontMetrics fm;
    QFont fs;
    QFontMetrics fms;
};

/// The degree name of node `n` on the edge from its parent: centred between the two.
NodeText edgeLabel(const std::vector<TreeLayout::Node>& nodes, const TreeLayout::Node& n,
                   const QTransform& device, double sx, const QFontMetrics& fm) {
    const auto& p = nodes[static_cast<std::size_t>(n.parent)];
    const QPointF pc = device.map(QPointF(p.x, p.y + TreeLayout::kNodeH / 2));
    const QPointF nc = device.map(QPointF(n.x, n.y - TreeLayout::kNodeH / 2));
    const QPointF mid = pc * 0.35 + nc * 0.65;
    const double w = (TreeLayout::kNodeW + TreeLayout::kGapX) * sx - 4;
    return {QRectF(mid.x() - w / 2, mid.y() - fm.height() / 2.0, w, fm.height()),
            fm.elidedText(n.text, Qt::ElideRight, static_cast<int>(w)), QString(), n.node.pruned};
}

/// Second line of node i's box: a pp node's best time or why it has none, a pruned node's rule, the
/// root's best time per sample once the search finished.
QString nodeSubLabel(const TreeLayout& layout, int i, NodeState st) {
    const auto& n = layout.at(i);
    QString sub;
    if (const PipelineRecord* rec = layout.record(i); rec && !n.node.pruned && n.node.dimension == "pp") {
        if (rec->feasible > 0)
            sub = secondsText(rec->best_time);
        else if (st == NodeState::Cut)
            sub = DecisionTreeView::tr("cut: bound %1/sample").arg(secondsText(rec->lowest_cut_bound));
        else
            sub = stateName(st);
    } else if (n.node.pruned) {
        sub = QString::fromStdString(n.node.rule);
    } else if (n.pp == 0 && layout.finished()) {
        double best = 0;
        for (const auto& [pp, rec] : layout.records())
            if (rec.feasible > 0 && (best <= 0 || rec.best_per_sample < best))
                best = rec.best_per_sample;
        if (best > 0)
            sub = DecisionTreeView::tr("best %1/sample").arg(secondsText(best));
    }
    return sub;
}

/// A box in device pixels: opaque fill and a `fw` px frame of rectangles (fast raster fills).
void drawBox(QPainter* painter, const QRect& d, const QColor& fill, const QColor& frame, int fw) {
    const QTransform device = painter->worldTransform();
    painter->setWorldTransform(QTransform());
    painter->fillRect(d, fill);
    painter->fillRect(QRect(d.left(), d.top(), d.width(), fw), frame);
    painter->fillRect(QRect(d.left(), d.bottom() - fw + 1, d.width(), fw), frame);
    painter->fillRect(QRect(d.left(), d.top(), fw, d.height()), frame);
    painter->fillRect(QRect(d.right() - fw + 1, d.top(), fw, d.height()), frame);
    painter->setWorldTransform(device);
}

/// Draws the labels inside `exposed_device` (device pixels; the painter has no world transform).
/// Boxes (`detailed`) with room for two lines get the second line in the smaller font.
void drawTexts(QPainter* painter, const std::vector<NodeText>& texts, const LabelFonts& fonts, bool detailed,
               const QColor& text, const QRectF& exposed_device) {
    const QFontMetrics &fm = fonts.fm, &fms = fonts.fms;
    QColor dim = text;
    dim.setAlpha(150);
    for (const auto& t : texts) {
        if (!t.rect.intersects(exposed_device))
            continue;
        painter->setPen(t.dim ? dim : text);
        if (detailed && !t.sub.isEmpty() && t.rect.height() >= fm.height() + fms.height()) {
            painter->setFont(fonts.f);
            const QRectF top(t.rect.left(), t.rect.center().y() - fm.height(), t.rect.width(), fm.height());
            painter->drawText(top, Qt::AlignCenter,
                              fm.elidedText(t.text, Qt::ElideRight, static_cast<int>(t.rect.width())));
            painter->setFont(fonts.fs);
            const QRectF bottom(t.rect.left(), t.rect.center().y(), t.rect.width(), fms.height());
            painter->drawText(bottom, Qt::AlignCenter,
                              fms.elidedText(t.sub, Qt::ElideRight, static_cast<int>(t.rect.width())));
        } else {
            painter->setFont(fonts.f);
            painter->drawText(t.rect, Qt::AlignCenter,
                              fm.elidedText(t.text, Qt::ElideRight, static_cast<int>(t.rect.width())));
        }
    }
}
} // namespace

void TreeGraphicsItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) {
    // The view may stretch y more than x (zoomed out): sizes follow the x scale, never more than y.
    const double lod =
        std::min(std::abs(painter->worldTransform().m11()), std::abs(painter->worldTransform().m22()));
    const double sx = std::abs(painter->worldTransform().m11());
    const QRectF exposed = option->exposedRect.adjusted(-TreeLayout::kNodeW, -TreeLayout::kNodeH,
                                                        TreeLayout::kNodeW, TreeLayout::kNodeH);
    const auto& nodes = layout_->nodes();
    const QPalette pal = widget ? widget->palette() : QPalette();
    const QColor highlight(0xE8, 0x6A, 0x10);
    const QColor match_color(0x1F, 0x6F, 0xD1);
    const bool matches = match_.size() == nodes.size();
    // Edges as orthogonal elbows (parent stub, a bar over the children, child stubs) made of 1-3 px
    // rectangles in opaque colours, in device pixels. Opaque axis-aligned rectangles take the raster
    // engine's direct fill; diagonal or translucent lines go through span blending, which Qt 6 hands
    // to its thread pool every 64+ spans - thousands of round trips per frame at 20,000 nodes.
    const QTransform device = painter->worldTransform();
    const bool detailed = TreeLayout::kNodeW * sx >= 84 && TreeLayout::kNodeH * lod >= 18; // readable boxes
    const bool edge_labels = !detailed && (TreeLayout::kNodeW + TreeLayout::kGapX) * sx >= 44;
    drawEdges(painter, edgeRects(nodes, device, option->exposedRect, exposed), pal, highlight);

    const double mw = std::max(5.0, TreeLayout::kNodeW * sx), mh = std::max(5.0, TreeLayout::kNodeH * lod);
    // Markers per state (overview) and per-node boxes (zoomed in).
    Markers markers;
    std::vector<NodeText> texts;
    const LabelFonts fonts(painter->font());
    for (int i = 0; i < static_cast<int>(nodes.size()); ++i) {
        const auto& n = nodes[static_cast<std::size_t>(i)];
        const QRectF r(n.x - TreeLayout::kNodeW / 2, n.y - TreeLayout::kNodeH / 2, TreeLayout::kNodeW,
                       TreeLayout::kNodeH);
        if (!r.intersects(exposed))
            continue;
        const NodeState st = layout_->state(i);
        const bool is_match = matches && match_[static_cast<std::size_t>(i)];
        if (!detailed) {
            // Overview: markers in device pixels (at least 5 px, so single nodes stay visible, and no
            // large overdraw when zoomed far out), drawn in batches per colour after the loop.
            const QPointF c = device.map(QPointF(n.x, n.y));
            const QRectF marker(c.x() - mw / 2, c.y() - mh / 2, mw, mh);
            if (i == selected_ || i == hovered_)
                markers.marked.push_back(marker.adjusted(-2, -2, 2, 2));
            else if (is_match)
                markers.match.push_back(marker.adjusted(-2, -2, 2, 2));
            else if (n.on_incumbent)
                markers.path.push_back(marker.adjusted(-1, -1, 1, 1));
            markers.by_state[static_cast<int>(st)].push_back(marker);
            if (edge_labels && n.parent >= 0) // degree names on the edges
                texts.push_back(edgeLabel(nodes, n, device, sx, fonts.fm));
            continue;
        }
        // Box: opaque fill and a 1-3 px frame of rectangles in device pixels (fast raster fills).
        const QColor frame = i == selected_   ? QColor(255, 120, 0)
                             : is_match       ? match_color
                             : n.on_incumbent ? highlight
                             : n.node.pruned  ? QColor(150, 150, 150)
                                              : QColor(60, 60, 60);
        const int fw = i == selected_ || is_match ? 3 : (n.on_incumbent || i == hovered_ ? 2 : 1);
        const QPointF dc = device.map(QPointF(n.x, n.y));
        drawBox(painter, QRectF(dc.x() - mw / 2, dc.y() - mh / 2, mw, mh).toAlignedRect(), stateColor(st),
                frame, fw);
        // Labels in device pixels (readable at any zoom where boxes are drawn).
        texts.push_back(
            {device.mapRect(r).adjusted(4, 1, -4, -1), n.text, nodeSubLabel(*layout_, i, st), n.node.pruned});
    }
    painter->setWorldTransform(QTransform());
    if (!detailed)
        drawMarkers(painter, markers, highlight, match_color);
    drawTexts(painter, texts, fonts, detailed, detailed ? QColor(15, 15, 15) : pal.text().color(),
              device.mapRect(option->exposedRect));
    painter->setWorldTransform(device);
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
    setFocusPolicy(Qt::StrongFocus);
    setBackgroundBrush(palette().base());
    relayout_timer_ = new QTimer(this);
    relayout_timer_->setInterval(150);
    relayout_timer_->setSingleShot(true);
    connect(relayout_timer_, &QTimer::timeout, this, &DecisionTreeView::flushLayout);
    // State changes arrive in batches every ~30 ms; repaint at most every 50 ms.
    repaint_timer_ = new QTimer(this);
    repaint_timer_->setInterval(50);
    repaint_timer_->setSingleShot(true);
    connect(repaint_timer_, &QTimer::timeout, this, [this] {
        item_->update();
        viewport()->update();
    });
    setAccessibleName(tr("Decision tree"));
    setToolTip(QString()); // tips come from toolTipFor()
}

void DecisionTreeView::clear() {
    layout_.clear();
    item_->setSelected(-1);
    item_->setHovered(-1);
    item_->setMatches({});
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

void DecisionTreeView::applyTasks(const std::vector<SearchEvent>& tasks) {
    for (const auto& ev : tasks)
        layout_.applyTask(ev);
    if (!tasks.empty() && !repaint_timer_->isActive())
        repaint_timer_->start();
}

void DecisionTreeView::setIncumbent(const Plan& plan) {
    if (layout_.dirty())
        flushLayout();
    layout_.setIncumbent(plan);
    if (!repaint_timer_->isActive())
        repaint_timer_->start();
}

void DecisionTreeView::setFinished() {
    layout_.setFinished(true);
    item_->update();
    viewport()->update();
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

double DecisionTreeView::fitScaleY() const {
    const QRectF b = layout_.bounds();
    return b.height() > 0 ? std::max(1, viewport()->height() - 4) / b.height() : 1.0;
}

void DecisionTreeView::setScales(double sx) {
    // x follows the zoom; y never shrinks below what fits the tree's depth into the view, so a wide
    // tree fills the view as a fan when zoomed out and has compact levels when zoomed in.
    sx = std::clamp(sx, 0.002, 8.0);
    const double sy = std::max(sx, std::min(fitScaleY(), 1.2));
    const QTransform t = transform();
    scale(sx / t.m11(), sy / t.m22());
}

void DecisionTreeView::fitAll() {
    if (layout_.size() == 0)
        return;
    const QRectF b = layout_.bounds();
    const double fx = std::max(1, viewport()->width() - 4) / b.width();
    setScales(std::min({fx, fitScaleY(), 1.2}));
    centerOn(b.center());
}

void DecisionTreeView::zoomBy(double factor) {
    setScales(transform().m11() * factor);
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

void DecisionTreeView::focusNode(int i) {
    if (i < 0 || i >= layout_.size())
        return;
    user_navigated_ = true;
    if (zoom() < 0.7)
        zoomBy(0.7 / zoom());
    centerOn(nodePos(i));
}

int DecisionTreeView::hitTest(QPoint pos) const {
    // A few device pixels of slack: zoomed out, nodes are 5 px markers.
    const double tol = 4.0 / std::max(1e-6, std::min(zoom(), transform().m22()));
    return layout_.nodeAt(mapToScene(pos), tol);
}

bool DecisionTreeView::viewportEvent(QEvent* e) {
    // Qt's tool-tip event (sent when the pointer rests) would reach the scene, which finds no item
    // tool tip and hides ours: answer it here with the node's tip.
    if (e->type() == QEvent::ToolTip) {
        auto* he = static_cast<QHelpEvent*>(e);
        const int i = hitTest(he->pos());
        if (i >= 0)
            QToolTip::showText(he->globalPos(), toolTipFor(i), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QGraphicsView::viewportEvent(e);
}

void DecisionTreeView::wheelEvent(QWheelEvent* e) {
    user_navigated_ = true;
    zoomBy(std::pow(1.0015, e->angleDelta().y()));
    e->accept();
}

void DecisionTreeView::keyPressEvent(QKeyEvent* e) {
    const int step_x = viewport()->width() / 8, step_y = viewport()->height() / 8;
    auto pan = [&](int dx, int dy) {
        user_navigated_ = true;
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() + dx);
        verticalScrollBar()->setValue(verticalScrollBar()->value() + dy);
    };
    const QGraphicsView::ViewportAnchor anchor = transformationAnchor();
    switch (e->key()) {
    case Qt::Key_Left:
        pan(-step_x, 0);
        break;
    case Qt::Key_Right:
        pan(step_x, 0);
        break;
    case Qt::Key_Up:
        pan(0, -step_y);
        break;
    case Qt::Key_Down:
        pan(0, step_y);
        break;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
    case Qt::Key_Minus:
        user_navigated_ = true;
        setTransformationAnchor(QGraphicsView::AnchorViewCenter);
        zoomBy(e->key() == Qt::Key_Minus ? 0.8 : 1.25);
        setTransformationAnchor(anchor);
        break;
    case Qt::Key_Home:
    case Qt::Key_0:
        user_navigated_ = false;
        fitAll();
        break;
    default:
        QGraphicsView::keyPressEvent(e);
        return;
    }
    e->accept();
}

void DecisionTreeView::mouseMoveEvent(QMouseEvent* e) {
    if (minimap_drag_) {
        minimapJump(e->pos());
        return;
    }
    QGraphicsView::mouseMoveEvent(e);
    const int i = hitTest(e->position().toPoint());
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
        tr("%1\ndimension: %2, %3")
            .arg(layout_.at(i).text, QString::fromStdString(n.dimension), stateName(layout_.state(i)));
    if (n.pruned) {
        tip += tr("\npruned by rule '%1': %2")
                   .arg(QString::fromStdString(n.rule), CoreText::pruneReason(n.reason));
        if (const QString d = CoreText::ruleDescription(n.rule); !d.isEmpty())
            tip += tr("\n(the rule: %1)").arg(d);
    }
    if (const PipelineRecord* r = layout_.record(i); r && !n.pruned) {
        if (r->feasible > 0)
            tip += tr("\nbest of pp=%1: %2 per iteration, %3")
                       .arg(layout_.at(i).pp)
                       .arg(secondsText(r->best_time), bytesText(r->best_memory));
        if (r->cut > 0)
            tip += tr("\nconfigurations cut by the bound: %1 (lower bound %2/sample > incumbent %3/sample)")
                       .arg(r->cut)
                       .arg(secondsText(r->lowest_cut_lb), secondsText(r->lowest_cut_bound));
    }
    if (layout_.at(i).on_incumbent)
        tip += tr("\non the best plan's path");
    if (n.strategy)
        tip += tr("\nstrategy: %1").arg(QString::fromStdString(n.strategy->label()));
    return tip;
}

QRect DecisionTreeView::minimapRect() const {
    if (layout_.size() < 200)
        return {};
    const QRectF b = layout_.bounds();
    const QRectF visible = mapToScene(viewport()->rect()).boundingRect();
    if (visible.contains(b) || b.width() <= 0 || b.height() <= 0)
        return {}; // everything is in view: no minimap needed
    const int w = std::min(220, viewport()->width() / 4);
    const int h = std::max(40, static_cast<int>(w * b.height() / b.width()));
    const int hh = std::min(h, viewport()->height() / 3);
    return {viewport()->width() - w - 10, viewport()->height() - hh - 10, w, hh};
}

void DecisionTreeView::drawForeground(QPainter* painter, const QRectF& rect) {
    QGraphicsView::drawForeground(painter, rect);
    const QRect mm = minimapRect();
    if (mm.isEmpty())
        return;
    const QRectF b = layout_.bounds();
    if (minimap_version_ != layout_.stateVersion() || minimap_.size() != mm.size() || minimap_bounds_ != b) {
        // Cached overview: one pixel-ish dot per node in its state colour.
        minimap_ = QImage(mm.size(), QImage::Format_RGB32); // opaque: drawn by a plain copy
        minimap_.fill(palette().base().color());
        const double sx = mm.width() / b.width(), sy = mm.height() / b.height();
        QPainter p(&minimap_);
        std::vector<QRectF> dots[6], path;
        for (int i = 0; i < layout_.size(); ++i) {
            const auto& n = layout_.at(i);
            const QRectF d((n.x - b.left()) * sx - 1, (n.y - b.top()) * sy - 1, 2, 2);
            (n.on_incumbent ? path : dots[static_cast<int>(layout_.state(i))]).push_back(d);
        }
        p.setPen(Qt::NoPen);
        for (int s = 0; s < 6; ++s) {
            p.setBrush(TreeGraphicsItem::stateColor(static_cast<NodeState>(s)).darker(130));
            p.drawRects(dots[s].data(), static_cast<int>(dots[s].size()));
        }
        p.setBrush(QColor(0xE8, 0x6A, 0x10));
        p.drawRects(path.data(), static_cast<int>(path.size()));
        minimap_version_ = layout_.stateVersion();
        minimap_bounds_ = b;
    }
    painter->save();
    painter->setWorldTransform(QTransform());
    painter->drawImage(mm.topLeft(), minimap_);
    painter->setPen(QPen(palette().text().color(), 1));
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(mm.adjusted(0, 0, -1, -1));
    const QRectF visible = mapToScene(viewport()->rect()).boundingRect();
    const double sx = mm.width() / b.width(), sy = mm.height() / b.height();
    QRectF v((visible.left() - b.left()) * sx + mm.left(), (visible.top() - b.top()) * sy + mm.top(),
             visible.width() * sx, visible.height() * sy);
    painter->setPen(QPen(QColor(0xE8, 0x6A, 0x10), 2));
    painter->drawRect(v.intersected(QRectF(mm)).adjusted(1, 1, -1, -1));
    painter->restore();
}

void DecisionTreeView::minimapJump(QPoint pos) {
    const QRect mm = minimapRect();
    if (mm.isEmpty())
        return;
    const QRectF b = layout_.bounds();
    const double fx = std::clamp((pos.x() - mm.left()) / double(mm.width()), 0.0, 1.0);
    const double fy = std::clamp((pos.y() - mm.top()) / double(mm.height()), 0.0, 1.0);
    user_navigated_ = true;
    centerOn(b.left() + fx * b.width(), b.top() + fy * b.height());
    viewport()->update();
}

void DecisionTreeView::mousePressEvent(QMouseEvent* e) {
    press_pos_ = e->pos();
    if (e->button() == Qt::LeftButton && minimapRect().contains(e->pos())) {
        minimap_drag_ = true;
        minimapJump(e->pos());
        e->accept();
        return;
    }
    QGraphicsView::mousePressEvent(e);
}

void DecisionTreeView::mouseReleaseEvent(QMouseEvent* e) {
    if (minimap_drag_) {
        minimap_drag_ = false;
        e->accept();
        return;
    }
    QGraphicsView::mouseReleaseEvent(e);
    if ((e->pos() - press_pos_).manhattanLength() > 4) {
        user_navigated_ = true; // panned
        viewport()->update();   // the minimap's frame
        return;
    }
    const int i = hitTest(e->pos());
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
    lay->setSpacing(2);
    auto* bar = new QToolBar(this);
    bar->setIconSize(QSize(16, 16));
    view_ = new DecisionTreeView(this);
    stats_ = new QLabel(this);
    auto* fit = bar->addAction(icon(QStringLiteral("fit")), tr("Fit"), view_, &DecisionTreeView::fitAll);
    fit->setToolTip(tr("Fit the whole tree (F, Home)"));
    fit->setShortcut(QKeySequence(Qt::Key_F));
    fit->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    auto* zin = bar->addAction(tr("Zoom in"), this, [this] { view_->zoomBy(1.25); });
    zin->setToolTip(tr("Zoom in (Ctrl++, +, mouse wheel); pan with the arrow keys or by dragging"));
    zin->setShortcut(QKeySequence::ZoomIn);
    zin->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    auto* zout = bar->addAction(tr("Zoom out"), this, [this] { view_->zoomBy(0.8); });
    zout->setToolTip(tr("Zoom out (Ctrl+-, -, mouse wheel)"));
    zout->setShortcut(QKeySequence::ZoomOut);
    zout->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    bar->addSeparator();
    search_ = new QLineEdit(this);
    search_->setPlaceholderText(tr("Find a strategy, e.g. tp4-sp"));
    search_->setToolTip(tr("Highlights the nodes whose label or strategy contains the text; Enter goes "
                           "to the next match (Ctrl+F)"));
    search_->setClearButtonEnabled(true);
    search_->setMaximumWidth(220);
    search_->setMinimumWidth(120);
    bar->addWidget(search_);
    auto* find = new QAction(this);
    find->setShortcut(QKeySequence::Find);
    find->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(find, &QAction::triggered, this, [this] {
        search_->setFocus();
        search_->selectAll();
    });
    addAction(find);
    lay->addWidget(bar);
    // The counts on a line of their own: in the toolbar they fell behind its overflow menu at 1024 px.
    stats_->setWordWrap(true);
    stats_->setContentsMargins(6, 0, 6, 0);
    stats_->setObjectName(QStringLiteral("tree_stats"));
    lay->addWidget(stats_);
    // Legend of the node colours.
    legend_ = new QLabel(this);
    legend_->setWordWrap(true);
    showLegend();
    legend_->setContentsMargins(6, 0, 6, 0);
    lay->addWidget(legend_);
    auto* split = new QSplitter(Qt::Horizontal, this);
    details_ = new QTextBrowser(this);
    details_->setPlaceholderText(tr("Click a node to see its state, the DP configurations of its pipeline "
                                    "degree and its strategy's costs. Grey dashed nodes were pruned; hover "
                                    "them for the rule and the reason."));
    details_->setMinimumWidth(200);
    split->addWidget(view_);
    split->addWidget(details_);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    split->setSizes({900, 280});
    split->setCollapsible(0, false);
    lay->addWidget(split, 1);
    connect(view_, &DecisionTreeView::nodeClicked, this, &TreePanel::showNode);
    connect(search_, &QLineEdit::textChanged, this, &TreePanel::search);
    connect(search_, &QLineEdit::returnPressed, this, &TreePanel::nextMatch);
    updateStats();
}

void TreePanel::clear() {
    view_->clear();
    details_->clear();
    matches_.clear();
    match_pos_ = -1;
    shown_ = -1;
    updateStats();
}

void TreePanel::addNodes(const std::vector<TreeNode>& nodes) {
    view_->addNodes(nodes);
    updateStats();
}

void TreePanel::applyTasks(const std::vector<SearchEvent>& tasks) {
    view_->applyTasks(tasks);
    updateStats();
    if (shown_ >= 0 && shown_ < view_->layoutData().size() && view_->layoutData().at(shown_).pp > 0)
        showNode(shown_); // keep the details of a pp subtree current
}

void TreePanel::setIncumbent(const Plan& plan) {
    view_->setIncumbent(plan);
}

void TreePanel::setFinished() {
    view_->setFinished();
    updateStats();
    if (!search_->text().isEmpty())
        search(search_->text());
}

void TreePanel::search(const QString& text) {
    view_->flushLayout();
    matches_ = view_->layoutData().find(text);
    view_->setMatches(matches_);
    match_pos_ = -1;
    if (!matches_.empty())
        nextMatch();
    updateStats();
}

void TreePanel::nextMatch() {
    if (matches_.empty())
        return;
    match_pos_ = (match_pos_ + 1) % static_cast<int>(matches_.size());
    const int i = matches_[static_cast<std::size_t>(match_pos_)];
    view_->focusNode(i);
    view_->selectIndex(i);
}

void TreePanel::showLegend() {
    QString html;
    const std::pair<NodeState, QString> states[] = {
        {NodeState::Queued, tr("queued")},      {NodeState::Solving, tr("being solved")},
        {NodeState::Solved, tr("solved")},      {NodeState::Cut, tr("cut by the bound")},
        {NodeState::NoFit, tr("no plan fits")}, {NodeState::Pruned, tr("pruned by a rule")}};
    for (const auto& [s, name] : states)
        html +=
            QStringLiteral("<span style='background:%1'>&nbsp;&nbsp;&nbsp;&nbsp;</span>&nbsp;%2&nbsp;&nbsp; ")
                .arg(TreeGraphicsItem::stateColor(s).name(), name.toHtmlEscaped());
    html += QStringLiteral("<span style='color:#e86a10'><b>&#x2501;&#x2501;</b></span>&nbsp;%1")
                .arg(tr("best plan so far").toHtmlEscaped());
    legend_->setText(html);
}

void TreePanel::changeEvent(QEvent* e) {
    QWidget::changeEvent(e);
    if (e->type() == QEvent::LanguageChange) {
        showLegend();
        updateStats();
        view_->layoutData().retranslate();
        view_->viewport()->update();
        if (shown_ >= 0)
            showNode(shown_);
    }
}

void TreePanel::updateStats() {
    const auto& l = view_->layoutData();
    int solving = 0, solved = 0, cut = 0;
    for (const auto& [pp, r] : l.records()) {
        solving += r.started - r.solved;
        solved += r.solved;
        cut += r.cut;
    }
    QString s = tr("%1 nodes, %2 pruned, depth %3").arg(l.size()).arg(l.prunedCount()).arg(l.maxDepth());
    if (!l.records().empty())
        s += tr("; DP: %1 solved, %2 cut, %3 running").arg(solved).arg(cut).arg(solving);
    if (!search_->text().trimmed().isEmpty())
        s += tr("; matches: %1").arg(matches_.size());
    stats_->setText(s);
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
    shown_ = index;
    const TreeNode& n = l.at(index).node;
    const NodeState st = l.state(index);
    QString html = QStringLiteral("<h3>%1</h3>").arg(l.at(index).text.toHtmlEscaped());
    html += tr("<p><b>Path:</b> %1</p>").arg(l.path(index).join(QStringLiteral(" &rarr; ")));
    html += tr("<p><b>Dimension:</b> %1, depth %2, %3 children</p>")
                .arg(QString::fromStdString(n.dimension).toHtmlEscaped())
                .arg(n.depth)
                .arg(l.at(index).children.size());
    html += tr("<p><b>State:</b> <span style='background:%1'>&nbsp;%2&nbsp;</span>%3</p>")
                .arg(TreeGraphicsItem::stateColor(st).name(), stateName(st).toHtmlEscaped(),
                     l.at(index).on_incumbent ? tr(" &mdash; on the best plan's path") : QString());
    if (n.pruned)
        html += tr("<p><b>Pruned</b> by rule <code>%1</code>: %2</p>")
                    .arg(QString::fromStdString(n.rule).toHtmlEscaped(),
                         CoreText::pruneReason(n.reason).toHtmlEscaped()) +
                tr("<p><i>The rule:</i> %1</p>").arg(CoreText::ruleDescription(n.rule).toHtmlEscaped());
    if (const PipelineRecord* r = l.record(index); r && !n.pruned) {
        // The DP at this node: every configuration of its pipeline degree, fastest first.
        html += tr("<p><b>DP configurations for pp=%1:</b> %2 solved (%3 fit), %4 cut by the bound, %5 "
                   "running</p>")
                    .arg(l.at(index).pp)
                    .arg(r->solved)
                    .arg(r->feasible)
                    .arg(r->cut)
                    .arg(r->started - r->solved);
        std::vector<const SearchEvent*> rows;
        for (const auto& ev : r->tasks)
            rows.push_back(&ev);
        std::stable_sort(rows.begin(), rows.end(), [](const SearchEvent* a, const SearchEvent* b) {
            auto key = [](const SearchEvent* e) {
                if (e->kind == SearchEvent::Kind::TaskSolved && e->task.feasible)
                    return e->time / std::max(1, e->task.batch);
                return 1e300;
            };
            return key(a) < key(b);
        });
        html += tr("<table cellspacing=4><tr><th align=left>schedule</th><th>batch</th><th>micro</th>"
                   "<th align=right>result</th></tr>");
        int shown = 0;
        for (const SearchEvent* e : rows) {
            if (++shown > 40) {
                html += tr("<tr><td colspan=4>... %1 more</td></tr>").arg(rows.size() - 40);
                break;
            }
            QString result;
            if (e->kind == SearchEvent::Kind::TaskCut)
                result = tr("cut: &ge; %1 &gt; %2 per sample")
                             .arg(secondsText(e->task.lower_bound), secondsText(e->task.bound));
            else if (e->task.feasible)
                result = tr("%1, %2").arg(secondsText(e->time), bytesText(e->memory));
            else
                result = tr("no plan fits");
            html += QStringLiteral("<tr><td>%1</td><td align=right>%2</td><td align=right>%3</td>"
                                   "<td align=right>%4</td></tr>")
                        .arg(scheduleName(e->task).toHtmlEscaped())
                        .arg(e->task.batch)
                        .arg(e->task.micro)
                        .arg(result);
        }
        html += QStringLiteral("</table>");
    }
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
                if (c.cp_comm > 0)
                    row(tr("context-parallel exchange"), secondsText(c.cp_comm));
                if (c.ep_comm > 0)
                    row(tr("expert all-to-alls"), secondsText(c.ep_comm));
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
    const int scroll = details_->verticalScrollBar()->value();
    details_->setHtml(html);
    details_->verticalScrollBar()->setValue(scroll);
}

} // namespace gx::app
