// SPDX-License-Identifier: Apache-2.0
#include "i18n.h"

#include "app_resources.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QHash>
#include <QLabel>
#include <QLibraryInfo>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QMenu>
#include <QMutex>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableWidget>
#include <QTextEdit>
#include <QToolBox>
#include <QTranslator>
#include <QTreeWidget>

#include <memory>
#include <optional>

namespace gx::app {

namespace {

struct Source {
    QByteArray context, text, disambiguation;
    int n = -1;
};

/// The one translator the explorer installs: it forwards to the loaded translation (none for English)
/// and remembers which source produced each text it returned.
class RecordingTranslator : public QTranslator {
public:
    using QTranslator::QTranslator;

    QString translate(const char* context, const char* source, const char* disambiguation,
                      int n) const override {
        if (!source)
            return {};
        QString out = inner_ ? inner_->translate(context, source, disambiguation, n) : QString();
        if (out.isEmpty() && qt_) // Qt's own texts: standard buttons, file dialogs
            out = qt_->translate(context, source, disambiguation, n);
        const QString shown = out.isEmpty() ? QString::fromUtf8(source) : out;
        QMutexLocker lock(&mutex_);
        if (!seen_.contains(shown))
            seen_.insert(shown, Source{context, source, disambiguation, n});
        return out;
    }
    bool isEmpty() const override { return false; }

    /// Installs `next` (may be null: source texts) and `qt`, Qt's own translation (may be null). The
    /// texts remembered so far become `previous`.
    void swap(std::unique_ptr<QTranslator> next, std::unique_ptr<QTranslator> qt) {
        QMutexLocker lock(&mutex_);
        inner_ = std::move(next);
        qt_ = std::move(qt);
        previous_ = std::move(seen_);
        seen_.clear();
    }
    bool hasTranslation() const { return inner_ != nullptr; }

    /// The current language's text for `text`, a text of the previous language; nullopt if unknown.
    std::optional<QString> again(const QString& text) const {
        Source s;
        {
            QMutexLocker lock(&mutex_);
            auto it = previous_.constFind(text);
            if (it == previous_.constEnd())
                return std::nullopt;
            s = *it;
        }
        return QCoreApplication::translate(
            s.context.constData(), s.text.constData(),
            s.disambiguation.isEmpty() ? nullptr : s.disambiguation.constData(), s.n);
    }

private:
    std::unique_ptr<QTranslator> inner_, qt_;
    mutable QMutex mutex_;
    mutable QHash<QString, Source> seen_;
    QHash<QString, Source> previous_;
};

RecordingTranslator* recorder() {
    static RecordingTranslator* r = [] {
        auto* t = new RecordingTranslator(qApp);
        QCoreApplication::installTranslator(t);
        return t;
    }();
    return r;
}

/// Applies `set` to the retranslation of `text` when `text` came from tr().
template <class Set> void redo(const QString& text, Set&& set) {
    if (text.isEmpty())
        return;
    if (auto t = recorder()->again(text); t && *t != text)
        set(*t);
}

void retranslateActions(const QList<QAction*>& actions) {
    for (QAction* a : actions) {
        redo(a->text(), [a](const QString& t) { a->setText(t); });
        redo(a->iconText(), [a](const QString& t) { a->setIconText(t); });
        redo(a->toolTip(), [a](const QString& t) { a->setToolTip(t); });
        redo(a->statusTip(), [a](const QString& t) { a->setStatusTip(t); });
        if (QMenu* m = a->menu())
            retranslateActions(m->actions());
    }
}

void retranslateItems(QAbstractItemView* view) {
    QAbstractItemModel* model = view->model();
    if (!model)
        return;
    auto fix = [](auto* item) {
        if (!item)
            return;
        redo(item->text(), [item](const QString& t) { item->setText(t); });
        redo(item->toolTip(), [item](const QString& t) { item->setToolTip(t); });
    };
    if (auto* list = qobject_cast<QListWidget*>(view)) {
        const QSignalBlocker block(list);
        for (int i = 0; i < list->count(); ++i)
            fix(list->item(i));
    } else if (auto* table = qobject_cast<QTableWidget*>(view)) {
        const QSignalBlocker block(table);
        for (int c = 0; c < table->columnCount(); ++c)
            fix(table->horizontalHeaderItem(c));
        for (int r = 0; r < table->rowCount(); ++r) {
            fix(table->verticalHeaderItem(r));
            for (int c = 0; c < table->columnCount(); ++c)
                fix(table->item(r, c));
        }
    } else if (auto* tree = qobject_cast<QTreeWidget*>(view)) {
        const QSignalBlocker block(tree);
        if (QTreeWidgetItem* h = tree->headerItem())
            for (int c = 0; c < h->columnCount(); ++c)
                redo(h->text(c), [h, c](const QString& t) { h->setText(c, t); });
        for (QTreeWidgetItemIterator it(tree); *it; ++it)
            for (int c = 0; c < (*it)->columnCount(); ++c)
                redo((*it)->text(c), [item = *it, c](const QString& t) { item->setText(c, t); });
    } else if (auto* sm = qobject_cast<QStandardItemModel*>(model)) {
        for (int c = 0; c < sm->columnCount(); ++c)
            fix(sm->horizontalHeaderItem(c));
        for (int r = 0; r < sm->rowCount(); ++r)
            for (int c = 0; c < sm->columnCount(); ++c)
                fix(sm->item(r, c));
    } else if (model->rowCount() >= 0) {
        // Models that call tr() in data()/headerData(): ask the views to read them again.
        const int rows = model->rowCount(), cols = model->columnCount();
        if (cols > 0)
            emit model->headerDataChanged(Qt::Horizontal, 0, cols - 1);
        if (rows > 0 && cols > 0)
            emit model->dataChanged(model->index(0, 0), model->index(rows - 1, cols - 1));
    }
}

void retranslateChart(QChart* chart) {
    redo(chart->title(), [chart](const QString& t) { chart->setTitle(t); });
    for (QAbstractAxis* axis : chart->axes()) {
        redo(axis->titleText(), [axis](const QString& t) { axis->setTitleText(t); });
        if (auto* cat = qobject_cast<QBarCategoryAxis*>(axis)) {
            QStringList c = cat->categories();
            bool changed = false;
            for (QString& s : c)
                redo(s, [&](const QString& t) {
                    s = t;
                    changed = true;
                });
            if (changed)
                cat->setCategories(c);
        }
    }
    for (QAbstractSeries* s : chart->series()) {
        redo(s->name(), [s](const QString& t) { s->setName(t); });
        if (auto* bars = qobject_cast<QAbstractBarSeries*>(s))
            for (QBarSet* set : bars->barSets())
                redo(set->label(), [set](const QString& t) { set->setLabel(t); });
    }
}

void retranslateWidget(QWidget* w) {
    redo(w->windowTitle(), [w](const QString& t) { w->setWindowTitle(t); });
    redo(w->toolTip(), [w](const QString& t) { w->setToolTip(t); });
    redo(w->statusTip(), [w](const QString& t) { w->setStatusTip(t); });
    redo(w->whatsThis(), [w](const QString& t) { w->setWhatsThis(t); });
    retranslateActions(w->actions());
    if (auto* l = qobject_cast<QLabel*>(w)) {
        redo(l->text(), [l](const QString& t) { l->setText(t); });
    } else if (auto* b = qobject_cast<QAbstractButton*>(w)) {
        redo(b->text(), [b](const QString& t) { b->setText(t); });
    } else if (auto* g = qobject_cast<QGroupBox*>(w)) {
        redo(g->title(), [g](const QString& t) { g->setTitle(t); });
    } else if (auto* e = qobject_cast<QLineEdit*>(w)) {
        redo(e->placeholderText(), [e](const QString& t) { e->setPlaceholderText(t); });
    } else if (auto* pe = qobject_cast<QPlainTextEdit*>(w)) {
        redo(pe->placeholderText(), [pe](const QString& t) { pe->setPlaceholderText(t); });
    } else if (auto* te = qobject_cast<QTextEdit*>(w)) {
        redo(te->placeholderText(), [te](const QString& t) { te->setPlaceholderText(t); });
    } else if (auto* c = qobject_cast<QComboBox*>(w)) {
        const QSignalBlocker block(c); // a new item text is no new choice
        for (int i = 0; i < c->count(); ++i) {
            redo(c->itemText(i), [c, i](const QString& t) { c->setItemText(i, t); });
            redo(c->itemData(i, Qt::ToolTipRole).toString(),
                 [c, i](const QString& t) { c->setItemData(i, t, Qt::ToolTipRole); });
        }
        redo(c->placeholderText(), [c](const QString& t) { c->setPlaceholderText(t); });
    } else if (auto* tabs = qobject_cast<QTabWidget*>(w)) {
        for (int i = 0; i < tabs->count(); ++i) {
            redo(tabs->tabText(i), [tabs, i](const QString& t) { tabs->setTabText(i, t); });
            redo(tabs->tabToolTip(i), [tabs, i](const QString& t) { tabs->setTabToolTip(i, t); });
        }
    } else if (auto* box = qobject_cast<QToolBox*>(w)) {
        for (int i = 0; i < box->count(); ++i)
            redo(box->itemText(i), [box, i](const QString& t) { box->setItemText(i, t); });
    } else if (auto* bar = qobject_cast<QProgressBar*>(w)) {
        redo(bar->format(), [bar](const QString& t) { bar->setFormat(t); });
    } else if (auto* cv = qobject_cast<QChartView*>(w)) {
        if (cv->chart())
            retranslateChart(cv->chart());
    }
    if (auto* spin = qobject_cast<QAbstractSpinBox*>(w)) {
        redo(spin->specialValueText(), [spin](const QString& t) { spin->setSpecialValueText(t); });
        if (auto* s = qobject_cast<QSpinBox*>(w)) {
            redo(s->suffix(), [s](const QString& t) { s->setSuffix(t); });
            redo(s->prefix(), [s](const QString& t) { s->setPrefix(t); });
        } else if (auto* d = qobject_cast<QDoubleSpinBox*>(w)) {
            redo(d->suffix(), [d](const QString& t) { d->setSuffix(t); });
            redo(d->prefix(), [d](const QString& t) { d->setPrefix(t); });
        }
    }
    if (auto* view = qobject_cast<QAbstractItemView*>(w))
        retranslateItems(view);
}

} // namespace

void retranslateWidgetTree(QWidget* root) {
    if (!root)
        return;
    retranslateWidget(root);
    for (QWidget* w : root->findChildren<QWidget*>())
        retranslateWidget(w);
}

QString retranslated(const QString& text) {
    return recorder()->again(text).value_or(text);
}

bool installTranslation(const QString& locale) {
    const QLocale loc = locale.isEmpty() ? QLocale::system() : QLocale(locale);
    auto t = std::make_unique<QTranslator>();
    // Qt looks for galvatron_<lang>_<territory>.qm, then galvatron_<lang>.qm.
    const bool loaded =
        t->load(loc, QStringLiteral("galvatron"), QStringLiteral("_"), QStringLiteral(":/i18n"));
    // Qt's own texts ("Cancel", "OK" of standard buttons) from Qt's translations when installed
    // (Debian: qt6-translations-l10n); before, the German dialogs had English buttons.
    std::unique_ptr<QTranslator> qt;
    if (loaded) {
        qt = std::make_unique<QTranslator>();
        if (!qt->load(loc, QStringLiteral("qtbase"), QStringLiteral("_"),
                      QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            qt.reset();
    }
    recorder()->swap(loaded ? std::move(t) : nullptr, std::move(qt));
    return loaded;
}

bool switchLanguage(const QString& locale) {
    const bool loaded = installTranslation(locale);
    const QWidgetList tops = QApplication::topLevelWidgets();
    for (QWidget* w : tops)
        retranslateWidgetTree(w);
    for (QWidget* w : tops) {
        QEvent ev(QEvent::LanguageChange);
        QCoreApplication::sendEvent(w, &ev);
    }
    return loaded;
}

} // namespace gx::app
