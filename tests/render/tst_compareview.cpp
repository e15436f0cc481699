// The compare view: its panels are the ownership views of both layouts and the diff view's
// panel, its table has a row per architecture and access carrying the record's numbers, its
// figures are the record's, and it declares the options it reads ("other", "archs").

#include "io/scene.h"
#include "render/comparediagram.h"
#include "render/viewregistry.h"
#include "request/compareinput.h"

#include <QTest>

using namespace Qt::StringLiterals;

namespace {

lx::ViewRequest request(const std::string &kind, const std::string &layout,
                        nlohmann::json options = nlohmann::json::object())
{
    auto scene = lx::loadPreset("lds-c1");
    if (!scene)
        qFatal("%s", scene.message().c_str());
    auto req = lx::sceneRequest(*scene);
    if (!req)
        qFatal("%s", req.message().c_str());
    req->kind = kind;
    req->layout = layout;
    req->options = std::move(options);
    return *req;
}

} // namespace

class TestCompareView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void panelsAreTheOwnershipAndDiffViews()
    {
        auto d = lx::buildView(request("compare", "read", {{"other", "xor"}}));
        QVERIFY2(d, d ? "" : d.message().c_str());
        QCOMPARE(d->panels.size(), size_t(3));
        auto ownA = lx::buildView(request("ownership", "read"));
        auto ownB = lx::buildView(request("ownership", "xor"));
        auto diff = lx::buildView(request("diff", "read", {{"other", "xor"}}));
        QVERIFY(ownA && ownB && diff);
        for (auto [mine, theirs] :
             {std::pair{0, &*ownA}, std::pair{1, &*ownB}, std::pair{2, &*diff}}) {
            lx::DiagramPanel p = d->panels.at(size_t(mine));
            p.title = theirs->panels.front().title; // the compare view titles its panels
            QVERIFY2(p == theirs->panels.front(), qPrintable(QString::number(mine)));
        }
        QVERIFY(d->panels[0].title.contains(u"read"_s));
        QVERIFY(d->panels[1].title.contains(u"xor"_s));
    }

    void tableRowsCarryTheRecord()
    {
        const lx::ViewRequest req = request("compare", "read", {{"other", "xor"}});
        auto in = lx::resolveCompare(req);
        QVERIFY(in);
        auto d = lx::buildView(req);
        QVERIFY(d);
        const lx::DiagramTable &t = d->tables.at(0);
        // 3 architectures x store, load, and gfx1250's note (lds-c1 reads with 64 lanes).
        QCOMPARE(t.rows.size(), size_t(7));
        const int nway = int(t.header.indexOf(u"n-way"_s));
        QVERIFY(nway > 0);
        size_t row = 0;
        for (const lx::CompareArch &a : in->archs) {
            for (const lx::CompareAccess &c : a.accesses) {
                QCOMPARE(t.rows[row][0], QString::fromStdString(a.arch));
                QCOMPARE(t.rows[row][1], QString::fromStdString(c.access));
                QVERIFY(t.rows[row][nway].startsWith(
                    QString::fromStdString(lx::accessFigure(c, "nway")->text)));
                ++row;
            }
            if (!a.note.empty()) {
                QCOMPARE(t.rows[row][0], QString::fromStdString(a.arch));
                QVERIFY(t.rows[row].join(u' ').contains(QString::fromStdString(a.note)));
                ++row;
            }
        }
        QCOMPARE(row, t.rows.size());
        // The figures are the record's, in order.
        const std::vector<lx::Figure> f = lx::compareFigures(*in);
        QCOMPARE(d->figures.size(), f.size());
        for (size_t i = 0; i < f.size(); ++i) {
            QCOMPARE(d->figures[i].key, QString::fromStdString(f[i].key));
            QCOMPARE(d->figures[i].number, f[i].value);
        }
    }

    void declaresItsOptions()
    {
        const std::vector<lx::OptionUse> uses =
            lx::viewOptions(request("compare", "read", {{"other", "xor"}}));
        bool other = false, archs = false;
        for (const lx::OptionUse &u : uses) {
            other |= u.key == "other" && u.kind == lx::OptionUse::Layout;
            archs |= u.key == "archs" && u.kind == lx::OptionUse::StringList;
            QVERIFY2(u.key != "reg" && u.key != "write", u.key.c_str()); // the inner bank views'
        }
        QVERIFY(other);
        QVERIFY(archs);
    }

    void withoutOtherNamesTheOption()
    {
        auto d = lx::buildView(request("compare", "read"));
        QVERIFY(!d);
        QVERIFY2(d.message().find("\"other\"") != std::string::npos, d.message().c_str());
    }
};

QTEST_MAIN(TestCompareView)
#include "tst_compareview.moc"
