// SPDX-License-Identifier: Apache-2.0
// The runtime profile editor (issue 11): every RuntimeProfile field editable and grouped, errors that
// name the field, atomic JSON saves, and the edited profile used by the next search.
#include "views/profile_editors.h"
#include "views/runtime_editor.h"
#include "views/search_settings.h"

#include "gx/presets.h"
#include "gx/profile_io.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include <nlohmann/json.hpp>

using namespace gx;
using namespace gx::app;

class TestRuntimeEditor : public QObject {
    Q_OBJECT
private slots:
    void everyFieldHasAGroupedWidget() {
        // Every preset comes back unchanged: the boxes had fixed ranges, and DeepSpeed's
        // zero3_max_live_params (1e9) showed, and would have been saved, as 1e7.
        for (const auto& name : runtimePresetNames()) {
            RuntimeEditor ed(runtimePreset(name));
            QCOMPARE(toJson(ed.profile()).dump(), toJson(runtimePreset(name)).dump());
        }
        const RuntimeProfile rt = runtimePreset("torchtitan");
        RuntimeEditor ed(rt);
        nlohmann::json j = toJson(rt);
        j.erase("provenance");
        int n = 0;
        for (const auto& [key, v] : j.items()) {
            const QString k = QString::fromStdString(key);
            QVERIFY2(ed.fieldWidget(k), key.c_str());
            QVERIFY2(!ed.groupOf(k).isEmpty() && ed.groupOf(k) != QStringLiteral("Other"), key.c_str());
            ++n;
        }
        QCOMPARE(ed.keys().size(), n);
        // Identity + the five groups of the brief + compute (grouped expert GEMMs) + FP8.
        QCOMPARE(ed.tabs()->count(), 8);
        // Unchanged values give back the profile, provenance included and not marked edited.
        const RuntimeProfile back = ed.profile();
        QCOMPARE(toJson(back).dump(), toJson(rt).dump());
        QVERIFY(ed.error().isEmpty());
        QVERIFY(ed.useButton()->isEnabled());
    }

    void editsReachTheProfile() {
        RuntimeEditor ed(runtimePreset("megatron-core"));
        qobject_cast<QDoubleSpinBox*>(ed.fieldWidget(QStringLiteral("layer_overhead_us")))->setValue(1234.5);
        qobject_cast<QCheckBox*>(ed.fieldWidget(QStringLiteral("keep_pipeline_outputs")))->setChecked(true);
        qobject_cast<QSpinBox*>(ed.fieldWidget(QStringLiteral("grad_bytes")))->setValue(2);
        auto* att = qobject_cast<QComboBox*>(ed.fieldWidget(QStringLiteral("attention")));
        att->setCurrentIndex(att->findData(QStringLiteral("eager")));
        qobject_cast<QLineEdit*>(ed.fieldWidget(QStringLiteral("name")))
            ->setText(QStringLiteral("my-runtime"));
        const RuntimeProfile rt = ed.profile();
        QCOMPARE(rt.layer_overhead_us, 1234.5);
        QVERIFY(rt.keep_pipeline_outputs);
        QCOMPARE(rt.grad_bytes, 2);
        QVERIFY(rt.attention == AttentionKernel::Eager);
        QCOMPARE(rt.name, std::string("my-runtime"));
        QVERIFY(rt.provenance.count("edited")); // calibrated values changed by hand
    }

    void errorsNameTheField() {
        RuntimeEditor ed(runtimePreset("torchtitan"));
        auto* tp = qobject_cast<QDoubleSpinBox*>(ed.fieldWidget(QStringLiteral("tp_overlap")));
        tp->setValue(1.5);
        QVERIFY2(ed.error().contains(QStringLiteral("runtime.tp_overlap")), qPrintable(ed.error()));
        QVERIFY(!ed.useButton()->isEnabled());
        QVERIFY(!ed.saveButton()->isEnabled());
        QVERIFY(!tp->styleSheet().isEmpty()); // the field is highlighted
        QVERIFY_EXCEPTION_THROWN(ed.profile(), InputError);
        tp->setValue(0.5);
        QVERIFY(ed.error().isEmpty());
        QVERIFY(ed.useButton()->isEnabled());
        QVERIFY(tp->styleSheet().isEmpty());
        qobject_cast<QDoubleSpinBox*>(ed.fieldWidget(QStringLiteral("memory_headroom")))->setValue(0.7);
        QVERIFY2(ed.error().contains(QStringLiteral("memory_headroom")), qPrintable(ed.error()));
        qobject_cast<QDoubleSpinBox*>(ed.fieldWidget(QStringLiteral("memory_headroom")))->setValue(0.05);
        qobject_cast<QLineEdit*>(ed.fieldWidget(QStringLiteral("name")))->clear();
        QVERIFY2(ed.error().contains(QStringLiteral("runtime.name")), qPrintable(ed.error()));
    }

    void savesLoadableJsonAtomically() {
        QTemporaryDir dir;
        RuntimeEditor ed(runtimePreset("deepspeed"));
        qobject_cast<QDoubleSpinBox*>(ed.fieldWidget(QStringLiteral("fragmentation")))->setValue(0.125);
        const QString path = dir.path() + QStringLiteral("/rt.json");
        QString why;
        QVERIFY2(ed.saveTo(path, &why), qPrintable(why));
        const RuntimeProfile loaded = loadRuntimeFile(path.toStdString());
        QCOMPARE(loaded.fragmentation, 0.125);
        QCOMPARE(toJson(loaded).dump(), toJson(ed.profile()).dump());
        // A failed save says why and leaves the previous file as it was.
        QVERIFY(!ed.saveTo(dir.path() + QStringLiteral("/no/such/dir/rt.json"), &why));
        QVERIFY(!why.isEmpty());
        qobject_cast<QDoubleSpinBox*>(ed.fieldWidget(QStringLiteral("tp_overlap")))->setValue(3);
        QVERIFY(!ed.saveTo(path, &why));
        QVERIFY2(why.contains(QStringLiteral("tp_overlap")), qPrintable(why));
        QCOMPARE(loadRuntimeFile(path.toStdString()).fragmentation, 0.125);
    }

    void theNextSearchUsesTheEditedProfile() {
        SearchSettings s;
        QVERIFY(s.editRuntimeButton());
        QSignalSpy changed(&s, &SearchSettings::changed);
        RuntimeEditor ed(s.options().cost.runtime);
        qobject_cast<QDoubleSpinBox*>(ed.fieldWidget(QStringLiteral("iteration_overhead_s")))->setValue(7.25);
        s.useRuntime(ed.profile());
        QCOMPARE(changed.count(), 1);
        const SearchOptions o = s.options();
        QCOMPARE(o.cost.runtime.iteration_overhead_s, 7.25);
        QCOMPARE(o.cost.runtime.name, std::string("megatron-core"));
        // Editing again replaces the entry instead of adding another one.
        qobject_cast<QDoubleSpinBox*>(ed.fieldWidget(QStringLiteral("iteration_overhead_s")))->setValue(1.5);
        s.useRuntime(ed.profile());
        QCOMPARE(s.options().cost.runtime.iteration_overhead_s, 1.5);
    }
};

QTEST_MAIN(TestRuntimeEditor)
#include "test_runtime_editor.moc"
