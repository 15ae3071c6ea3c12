// Galvatron Explorer - the decision tree of the search, drawn live.
//
// One QGraphicsItem paints all nodes (10,000+ nodes stay smooth: no per-node QGraphicsItem, culling to
// the exposed rectangle, level-of-detail: boxes with labels when zoomed in, dots and lines when zoomed
// out). Layout: layered by depth, leaves in arrival order, parents centred over their children; it is
// recomputed in O(n) at most every 150 ms while nodes stream in.
#pragma once

#include "gx/cost_model.h"
#include "gx/planner.h"

#include <QGraphicsItem>
#include <QGraphicsView>
#include <QHash>
#include <QWidget>

#include <memory>
#include <vector>

class QTextBrowser;
class QLabel;
class QElapsedTimer;

namespace gx::app {

/// Node storage + layout, independent of painting (tested directly).
class TreeLayout {
public:
    struct Node {
        TreeNode node;
        int parent = -1; ///< index, -1 for roots
        std::vector<int> children;
        double x = 0, y = 0; ///< centre, scene coordinates
    };
    static constexpr double kNodeW = 132, kNodeH = 30, kGapX = 10, kLevelH = 80;

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
    /// Index of the node whose box contains `scene_pos`, or -1 (binary search in its depth row).
    int nodeAt(QPointF scene_pos) const;
    int prunedCount() const { return pruned_; }
    /// Vertical distance between depth levels (grows with the tree's width), scene units.
    double levelHeight() const { return level_h_; }
    int maxDepth() const { return max_depth_; }
    /// Labels from the root to node i.
    QStringList path(int i) const;

private:
    std::vector<Node> nodes_;
    QHash<std::int64_t, int> index_;
    QHash<std::int64_t, std::vector<int>> orphans_; ///< parent id -> waiting children
    std::vector<std::vector<int>> rows_;            ///< per depth, indices sorted by x
    QRectF bounds_;
    bool dirty_ = false;
    int pruned_ = 0;
    int max_depth_ = 0;
    double level_h_ = kLevelH;
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
        hovered_ = index;
        update();
    }
    void layoutChanged() {
        prepareGeometryChange();
        update();
    }

private:
    const TreeLayout* layout_;
    int selected_ = -1, hovered_ = -1;
};

class DecisionTreeView : public QGraphicsView {
    Q_OBJECT
public:
    explicit DecisionTreeView(QWidget* parent = nullptr);
    TreeLayout& layoutData() { return layout_; }
    void clear();
    void addNodes(const std::vector<TreeNode>& nodes);
    /// Relayout now if nodes were added (also done on a timer while streaming).
    void flushLayout();
    void fitAll();
    void zoomBy(double factor);
    /// Scene position of node index i (for tests).
    QPointF nodePos(int i) const;
    void selectIndex(int i);
    /// True once the user zoomed or panned by hand (auto-fit then stops).
    bool userNavigated() const { return user_navigated_; }

signals:
    void nodeClicked(int index);

protected:
    void wheelEvent(QWheelEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    QGraphicsScene scene_;
    TreeLayout layout_;
    TreeGraphicsItem* item_;
    QTimer* relayout_timer_;
    bool user_navigated_ = false;
    QPoint press_pos_;
};

/// Tree view + toolbar (fit, zoom) + details of the clicked node (path, rule/reason, strategy costs).
class TreePanel : public QWidget {
    Q_OBJECT
public:
    explicit TreePanel(QWidget* parent = nullptr);
    DecisionTreeView* view() const { return view_; }
    void clear();
    void addNodes(const std::vector<TreeNode>& nodes);
    /// Cost model and reference plan used to cost a clicked node's strategy.
    void setCostContext(std::shared_ptr<const CostModel> cm, const Plan& reference);
    void showNode(int index);
    QString detailsText() const;
    void updateStats();

private:
    DecisionTreeView* view_;
    QTextBrowser* details_;
    QLabel* stats_;
    std::shared_ptr<const CostModel> cm_;
    Plan reference_;
    bool has_reference_ = false;
};

} // namespace gx::app
