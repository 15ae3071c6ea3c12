// SPDX-License-Identifier: Apache-2.0
#include "views/layer_table_model.h"

#include "plan_utils.h"

#include <QBrush>
#include <QFont>

namespace gx::app {

LayerTableModel::LayerTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void LayerTableModel::clear() {
    beginResetModel();
    rows_.clear();
    endResetModel();
}

void LayerTableModel::setPlan(std::shared_ptr<const CostModel> cm, const Plan& plan) {
    beginResetModel();
    rows_.clear();
    if (cm && !plan.layers.empty() && static_cast<int>(plan.layers.size()) == cm->model().layerCount()) {
        const auto costs = cm->layerCosts(plan);
        rows_.reserve(costs.size());
        for (std::size_t i = 0; i < costs.size(); ++i) {
            const int l = static_cast<int>(i);
            Row r;
            r.layer = l;
            r.stack = QString::fromStdString(cm->model().layer(l).name);
            r.stage = plan.stageOfLayer(l);
            r.strategy = plan.layers[i];
            r.cost = costs[i];
            rows_.push_back(std::move(r));
        }
    }
    endResetModel();
}

int LayerTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int LayerTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LayerTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() < 0 || index.row() >= rowCount() || index.column() < 0 ||
        index.column() >= ColumnCount)
        return {};
    const Row& r = rows_[static_cast<std::size_t>(index.row())];
    const LayerCost& c = r.cost;
    const double comm = c.tp_comm + c.cp_comm + c.ep_comm + c.zero3_exposed;
    if (role == RawValueRole) {
        switch (index.column()) {
        case ColLayer:
            return r.layer;
        case ColStage:
            return r.stage;
        case ColTp:
            return r.strategy.tp;
        case ColDp:
            return r.strategy.dp;
        case ColTimePerMicro:
            return c.perMicro();
        case ColCommPerMicro:
            return comm;
        case ColStates:
            return c.states();
        case ColActivations:
            return c.activations;
        default:
            return data(index, Qt::DisplayRole);
        }
    }
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case ColLayer:
            return r.layer;
        case ColStack:
            return r.stack;
        case ColStage:
            return r.stage;
        case ColStrategy:
            return QString::fromStdString(r.strategy.label());
        case ColTp:
            return r.strategy.sp ? QStringLiteral("%1 +SP").arg(r.strategy.tp)
                                 : QString::number(r.strategy.tp);
        case ColDp:
            return r.strategy.dp;
        case ColDpType:
            return QString::fromLatin1(toString(r.strategy.dp_type));
        case ColCkpt:
            return QString::fromLatin1(toString(r.strategy.ckpt));
        case ColTimePerMicro:
            return secondsText(c.perMicro());
        case ColCommPerMicro:
            return secondsText(comm);
        case ColStates:
            return bytesText(c.states());
        case ColActivations:
            return bytesText(c.activations);
        default:
            return {};
        }
    }
    if (role == Qt::TextAlignmentRole) {
        if (index.column() == ColStack || index.column() == ColStrategy)
            return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    }
    if (role == Qt::ToolTipRole) {
        return tr("Layer %1 (%2) on stage %3\nforward %4, backward %5 (recompute %6)\nTP/CP/EP comm %7, "
                  "ZeRO-3 "
                  "exposed %8, gradient sync per iteration %9\nweights %10, grads %11, optimizer %12")
            .arg(r.layer)
            .arg(r.stack)
            .arg(r.stage)
            .arg(secondsText(c.fwd_compute), secondsText(c.bwd_compute), secondsText(c.recompute),
                 secondsText(c.tp_comm + c.cp_comm + c.ep_comm), secondsText(c.zero3_exposed),
                 secondsText(c.dp_exposed), bytesText(c.weights), bytesText(c.grads), bytesText(c.optimizer));
    }
    if (role == Qt::BackgroundRole && r.stage % 2 == 1)
        return QBrush(QColor(128, 128, 128, 28));
    return {};
}

QVariant LayerTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role == Qt::ToolTipRole && orientation == Qt::Horizontal && section == ColStrategy)
        return notationHelp(false);
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return section;
    switch (section) {
    case ColLayer:
        return tr("Layer");
    case ColStack:
        return tr("Stack");
    case ColStage:
        return tr("Stage");
    case ColStrategy:
        return tr("Strategy");
    case ColTp:
        return tr("TP");
    case ColDp:
        return tr("DP");
    case ColDpType:
        return tr("DP type");
    case ColCkpt:
        return tr("Checkpoint");
    case ColTimePerMicro:
        return tr("Time / micro-batch");
    case ColCommPerMicro:
        return tr("Exposed comm");
    case ColStates:
        return tr("Model states");
    case ColActivations:
        return tr("Activations / micro-batch");
    default:
        return {};
    }
}

} // namespace gx::app
