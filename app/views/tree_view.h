// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - the decision tree of the search, drawn live.
//
// The tree is the per-layer parallel space (root -> pp -> tp -> ... -> strategy leaves). While the
// search runs, every pp subtree changes state as the planner's DP reaches its configurations
// (queued, being solved, solved with its best time, cut by the incumbent bound, no plan fits); rule-
// pruned nodes stay grey; the incumbent plan's path (its pp and the strategies its layers use) is
// highlighted as it improves.
//
// One QGraphicsItem paints all nodes (20,000 nodes stay smooth: no per-node QGraphicsItem, culling to
// the exposed rectangle, batched markers and lines when zoomed out, labels drawn in device pixels
// only where they are readable: boxes with label and status when zoomed in, degree names on the edges
// in between). Layout: layered by depth, leaves in arrival order, parents centred over their children;
// recomputed in O(n) at most every 150 ms while nodes stream in. A minimap shows where the view is.
#pragma once

#include "gx/cost_model.h"
#include "gx/planner.h"

#include <QGraphicsItem>
#include <QGraphicsView>
#include <QHash>
#include <QImage>
#include <QWidget>

#include <map>
#include <memory>
#include <vector>

class QTextBrowser;
class QLabel;
class QLineEdit;

namespace gx::app {

/// Live state of a node (its pp subtree's, for nodes below a pp node).
enum class NodeState : std::uint8_t { Queued, Solving, Solved, Cut, NoFit, Pruned };

/// What the DP did with the configurations of one pipeline degree.
struct PipelineRecord {
    int started = 0, solved = 0, cut = 0, feasible = 0;
    double best_per_sample = 0; ///< best time per sample of a feasible configuration (0 = none)
    double best_time = 0;       ///< its iteration time, s
    double best_memory = 0;
    double lowest_cut_bound = 0;    ///< for cut configurations: the incumbent bound they lost to
    double lowest_cut_lb = 0;       ///< ... and their lower bound
    std::vector<SearchEvent> tasks; ///< TaskSolved / TaskCut events, in order
    NodeState state() const;
};

/// Node storage + layout + live state, independent of painting (tested directly).
class TreeLayout {
public:
    struct Node {
        TreeNode node;
        int parent = -1; ///< index, -1 for roots
        std::vector<int> children;
        double x = 0, y = 0; ///< centre, scene coordinates
        int pp = 0;          ///< pipeline degree of the pp node above (0 = root)
        bool on_incumbent = false;
        QString text; ///< the label as shown (CoreText::treeLabel: in the current language)
    };
    static constexpr double kNodeW = 132, kNodeH = 34, kGapX = 10, kLevelH = 80;

    void clear();
    /// Adds or updates (same id) a node. Unknown parents make the node a root until the parent arrives.
    void add(const TreeNode& n);
    void layout();
    bool dirty() const { return dirty_; }
    int size() const { return static_cast<int>(nodes_.size()); }
    const Node& at(int i) const { return nodes_[static_cast<std::size_t>(i)]; }
    const std::vector<Node>& nodes() const { return nodes_; }
    int indexOf(std::int64_t id) const { return index_.value(id, -1); }
    QRectF bounds() const { return bounds_; }
    /// Index of the node whose box contains `scene_pos` (grown by `tolerance` scene units on every
    /// side; the nearest wins), or -1. Binary search in the depth row.
    int nodeAt(QPointF scene_pos, double tolerance = 0) const;
    int prunedCount() const { return pruned_; }
    /// Vertical distance between depth levels (grows with the tree's width), scene units.
    double levelHeight() const { return level_h_; }
    int maxDepth() const { return max_depth_; }
    /// Labels (as shown) from the root to node i.
    QStringList path(int i) const;
    /// Translates the shown labels again (after a language change).
    void retranslate();

    // --- live state
    /// Applies TaskStarted / TaskSolved / TaskCut events.
    void applyTask(const SearchEvent& ev);
    /// Marks the path of `plan` (its pp node and the leaves with the strategies its layers use).
    /// Returns the number of marked nodes.
    int setIncumbent(const Plan& plan);
    /// The search ended: nodes still queued keep that state (never reached), the root is solved.
    void setFinished(bool finished) { finished_ = finished; }
    bool finished() const { return finished_; }
    NodeState state(int i) const;
    /// Record of the pp degree node i belongs to (null above the pp level or before any task).
    const PipelineRecord* record(int i) const;
    const std::map<int, PipelineRecord>& records() const { return records_; }
    /// Incremented on every state change (repaint and minimap cache key).
    quint64 stateVersion() const { return state_version_; }
    /// Indices of nodes whose label or strategy contains `text` (case-insensitive), in x order.
    std::vector<int> find(const QString& text) const;

private:
    void assignPp(int i);
    std::vector<Node> nodes_;
    QHash<std::int64_t, int> index_;
    QHash<std::int64_t, std::vector<int>> orphans_; ///< parent id -> waiting children
    std::vector<std::vector<int>> rows_;            ///< per depth, indices sorted by x
    std::map<int, PipelineRecord> records_;         ///< by pp degree
    QRectF bounds_;
    bool dirty_ = false;
    bool finished_ = false;
    int pruned_ = 0;
    int max_depth_ = 0;
    double level_h_ = kLevelH;
    quint64 state_version_ = 0;
};

class TreeGraphicsItem : public QGraphicsItem {
public:
    explicit TreeGraphicsItem(const TreeLayout* layout);
    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    void setSelected(int index) {
        selected_ = index;
        update();
    }
    void setHovered(int index) {
        if (hovered_ == index)
            return;
        hovered_ = index;
        update();
    }
    void setMatches(std::vector<int> matches);
    void layoutChanged() {
        prepareGeometryChange();
        update();
    }
    static QColor stateColor(NodeState s);

private:
    const TreeLayout* layout_;
    int selected_ = -1, hovered_ = -1;
    std::vector<char> match_; ///< per node: matches the search text
};

class DecisionTreeView : public QGraphicsView {
    Q_OBJECT
public:
    explicit DecisionTreeView(QWidget* parent = nullptr);
    TreeLayout& layoutData() { return layout_; }
    void clear();
    void addNodes(const std::vector<TreeNode>& nodes);
    void applyTasks(const std::vector<SearchEvent>& tasks);
    void setIncumbent(const Plan& plan);
    void setFinished();
    /// Relayout now if nodes were added (also done on a timer while streaming).
    void flushLayout();
    void fitAll();
    void zoomBy(double factor);
    /// Scale of the view (1 = one scene unit per pixel).
    double zoom() const { return transform().m11(); }
    /// Scene position of node index i (for tests).
    QPointF nodePos(int i) const;
    void selectIndex(int i);
    /// Centres node i, zooming in to a readable scale when the view is zoomed far out.
    void focusNode(int i);
    void setMatches(std::vector<int> matches) { item_->setMatches(std::move(matches)); }
    /// True once the user zoomed or panned by hand (auto-fit then stops).
    bool userNavigated() const { return user_navigated_; }
    /// Tool tip of node i: label, dimension, state, pruning rule and reason, strategy.
    QString toolTipFor(int i) const;
    /// Minimap rectangle in viewport coordinates (empty when not shown).
    QRect minimapRect() const;

signals:
    void nodeClicked(int index);

protected:
    bool viewportEvent(QEvent* e) override;
    void wheelEvent(QWheelEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void drawForeground(QPainter* painter, const QRectF& rect) override;

private:
    /// Hit test with a few pixels of slack (markers are small when zoomed out).
    int hitTest(QPoint viewport_pos) const;
    /// y scale at which the tree's depth fills the view's height.
    double fitScaleY() const;
    void setScales(double sx);
    void minimapJump(QPoint viewport_pos);
    QGraphicsScene scene_;
    TreeLayout layout_;
    TreeGraphicsItem* item_;
    QTimer* relayout_timer_;
    QTimer* repaint_timer_;
    bool user_navigated_ = false;
    bool minimap_drag_ = false;
    QPoint press_pos_;
    QImage minimap_;
    quint64 minimap_version_ = ~0ull;
    QRectF minimap_bounds_;
};

/// Tree view + toolbar (fit, zoom, search) + details of the clicked node (path, state, rule/reason,
/// the DP configurations of its pipeline degree, strategy costs).
class TreePanel : public QWidget {
    Q_OBJECT
public:
    explicit TreePanel(QWidget* parent = nullptr);
    DecisionTreeView* view() const { return view_; }
    QLineEdit* searchEdit() const { return search_; }
    void clear();
    void addNodes(const std::vector<TreeNode>& nodes);
    void applyTasks(const std::vector<SearchEvent>& tasks);
    void setIncumbent(const Plan& plan);
    void setFinished();
    /// Cost model and reference plan used to cost a clicked node's strategy.
    void setCostContext(std::shared_ptr<const CostModel> cm, const Plan& reference);
    void showNode(int index);
    QString detailsText() const;
    void updateStats();
    /// Matches of the search text (indices), and the one shown last.
    const std::vector<int>& matches() const { return matches_; }

protected:
    void changeEvent(QEvent* e) override;

private:
    void showLegend();
    void search(const QString& text);
    void nextMatch();
    DecisionTreeView* view_;
    QTextBrowser* details_;
    QLabel* stats_;
    QLineEdit* search_;
    QLabel* legend_;
    std::vector<int> matches_;
    int match_pos_ = -1;
    int shown_ = -1;
    std::shared_ptr<const CostModel> cm_;
    Plan reference_;
    bool has_reference_ = false;
};

} // namespace gx::app
