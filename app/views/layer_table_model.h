// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - per-layer table of a plan (strategy, stage, time and memory per layer).
#pragma once

#include "gx/cost_model.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace gx::app {

class LayerTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        ColLayer,
        ColStack,
        ColStage,
        ColStrategy,
        ColTp,
        ColDp,
        ColDpType,
        ColCkpt,
        ColTimePerMicro,
        ColCommPerMicro,
        ColStates,
        ColActivations,
        ColumnCount
    };
    /// Custom role: the raw number behind a cell (seconds or bytes) for sorting and tests.
    static constexpr int RawValueRole = Qt::UserRole + 1;

    explicit LayerTableModel(QObject* parent = nullptr);

    /// Shows `plan` costed by `cm` (null cm or empty plan clears the table).
    void setPlan(std::shared_ptr<const CostModel> cm, const Plan& plan);
    void clear();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        int layer = 0;
        QString stack;
        int stage = 0;
        LayerStrategy strategy;
        LayerCost cost;
    };
    std::vector<Row> rows_;
};

} // namespace gx::app
