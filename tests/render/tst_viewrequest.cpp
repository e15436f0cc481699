// The request layer (core/request): one shape parser, one defaults policy for the element type
// and the architecture, and one boundary that turns a JSON type error in a view's options into a
// message naming the option (checked through buildView, as the window and `render` call it, and
// through the resolvers, as the `analyze` commands call them).

#include "io/scene.h"
#include "render/viewregistry.h"
#include "request/analysisinputs.h"
#include "request/defaults.h"
#include "request/shape.h"

#include <QTest>

using namespace lx;

namespace {

ViewRequest fig10Cta()
{
    auto scene = loadPreset("fig10");
    if (!scene)
        qFatal("%s", scene.message().c_str());
    auto r = sceneRequest(*scene);
    if (!r)
        qFatal("%s", r.message().c_str());
    r->kind = "cta-tiles";
    r->layout = scene->layouts.front().name;
    return *r;
}

} // namespace

class TestViewRequest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void shapes_data();
    void shapes();
    void elementTypePolicy();
    void defaultArch();
    void wrongOptionTypeNamesTheOption_data();
    void wrongOptionTypeNamesTheOption();
};

void TestViewRequest::shapes_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("powerOfTwo");
    QTest::addColumn<QList<int>>("expected"); // empty: an error
    QTest::addColumn<QString>("message");
    QTest::newRow("MxN") << "128x64" << false << QList<int>{128, 64} << QString();
    QTest::newRow("spaces and X") << " 16 X 8 " << false << QList<int>{16, 8} << QString();
    QTest::newRow("commas, 3 dims") << "2,64,64" << false << QList<int>{2, 64, 64} << QString();
    QTest::newRow("not a number") << "16by64" << false << QList<int>{} << "'16by64'";
    QTest::newRow("zero") << "0x8" << false << QList<int>{} << "'0'";
    QTest::newRow("empty part") << "8x" << false << QList<int>{} << "''";
    QTest::newRow("too large") << "99999999999x8" << false << QList<int>{} << "'99999999999'";
    QTest::newRow("not a power of two")
        << "48x8" << true << QList<int>{} << "48 is not a power of two";
}

void TestViewRequest::shapes()
{
    QFETCH(QString, text);
    QFETCH(bool, powerOfTwo);
    QFETCH(QList<int>, expected);
    QFETCH(QString, message);
    ShapeRules rules;
    rules.powerOfTwo = powerOfTwo;
    const Expected<std::vector<int32_t>> s = parseShape(text.toStdString(), rules);
    if (expected.isEmpty()) {
        QVERIFY(!s);
        QVERIFY2(QString::fromStdString(s.message()).contains(message), s.message().c_str());
        return;
    }
    QVERIFY2(s, s ? "" : s.message().c_str());
    QCOMPARE(QList<int>(s->begin(), s->end()), expected);
}

// Option "dtype", then the request's dtype, then the layouts in order, then the default.
void TestViewRequest::elementTypePolicy()
{
    ViewRequest r = fig10Cta();
    ResolvedLayout &c = r.layouts.front();
    bool defaulted = true;
    c.dtype = "bf16";
    QCOMPARE(*r.elementType({&c}, &defaulted), std::string("bf16"));
    QVERIFY(!defaulted);
    r.dtype = "f8";
    QCOMPARE(*r.elementType({&c}), std::string("f8"));
    r.options["dtype"] = "i8";
    QCOMPARE(*r.elementType({&c}), std::string("i8"));
    r.options.erase("dtype");
    r.dtype.clear();
    c.dtype.clear();
    QCOMPARE(*r.elementType({&c}, &defaulted), std::string(kDefaultDtype));
    QVERIFY(defaulted);
    r.options["dtype"] = "q7";
    QVERIFY(!r.elementType({&c}));
    r.options["dtype"] = 16;
    const auto wrong = r.elementType({&c});
    QVERIFY(!wrong);
    QVERIFY2(QString::fromStdString(wrong.message()).contains(u"option 'dtype' must be a string"),
             wrong.message().c_str());

    // The ctaLayout analysis of the layout without any dtype: the default, said to be one.
    r.options = nlohmann::json::object();
    const Expected<CtaInput> in = resolveCta(r);
    QVERIFY2(in, in ? "" : in.message().c_str());
    QCOMPARE(in->dtype, std::string(kDefaultDtype));
    QVERIFY(in->dtypeDefaulted);
}

void TestViewRequest::defaultArch()
{
    Scene scene = *loadPreset("fig10");
    scene.arch.clear();
    const Expected<ViewRequest> r = sceneRequest(scene);
    QVERIFY(r);
    QCOMPARE(r->arch, std::string(kDefaultArch));
    QCOMPARE(ViewRequest{}.arch, std::string(kDefaultArch));
}

void TestViewRequest::wrongOptionTypeNamesTheOption_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("options");
    QTest::addColumn<QString>("option");
    // kpack.operand is read as a string inside the kpack object; a number there throws inside
    // nlohmann, and the boundary names the top-level option that holds it.
    QTest::newRow("kpack operand a number")
        << "bank-table"
        << R"({"kpack": {"perfConfig": "v4:96,256,8,96,32,32,4,1,2,0,0,4,1,1", "operand": 7}})"
        << "kpack";
    QTest::newRow("typed reader: warp a string")
        << "bank-table"
        << R"({"warp": "zero", "kpack": {"perfConfig": "v4:96,256,8,96,32,32,4,1,2,0,0,4,1,1"}})"
        << "warp";
}

void TestViewRequest::wrongOptionTypeNamesTheOption()
{
    QFETCH(QString, kind);
    QFETCH(QString, options);
    QFETCH(QString, option);
    ViewRequest r;
    r.arch = "gfx942";
    r.kind = kind.toStdString();
    r.options = nlohmann::json::parse(options.toStdString());
    const Expected<Diagram> d = buildView(r);
    QVERIFY(!d);
    const QString m = QString::fromStdString(d.message());
    QVERIFY2(m.contains(u"option '%1'"_qs.arg(option)), qPrintable(m));
    QVERIFY2(m.contains(u"view '%1'"_qs.arg(kind)), qPrintable(m));
    const Expected<BankViewInput> in = resolveBankView(r); // the analyze commands' path
    QVERIFY(!in);
    QVERIFY2(QString::fromStdString(in.message()).contains(u"option '%1'"_qs.arg(option)),
             in.message().c_str());
}

QTEST_GUILESS_MAIN(TestViewRequest)
#include "tst_viewrequest.moc"
