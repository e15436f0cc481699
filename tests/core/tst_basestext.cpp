// The bases text a person types in the editor: accepted forms and a message for each mistake.

#include "io/basestext.h"

#include <QTest>

class TestBasesText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void lists()
    {
        auto r = lx::parseBasesText(" [[0, 1],[1,0] , ] ", 2);
        QVERIFY2(r, r ? "" : r.message().c_str());
        QCOMPARE(*r, (std::vector<lx::Basis>{{0, 1}, {1, 0}}));
        QVERIFY(lx::parseBasesText("[]")->empty());
        QCOMPARE(*lx::parseBasisComponent(" 15 ", 16), 15);
    }

    // formatBasesText writes what #ttg writes and parseBasesText reads it back.
    void formatRoundTrips()
    {
        const std::vector<lx::Basis> bases{{0, 1}, {2, 0}, {16, 8}};
        QCOMPARE(lx::formatBasesText(bases), std::string("[[0, 1], [2, 0], [16, 8]]"));
        QCOMPARE(*lx::parseBasesText(lx::formatBasesText(bases), 2), bases);
        QCOMPARE(lx::formatBasesText({}), std::string("[]"));
    }

    void mistakes_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("components");
        QTest::addColumn<QString>("message");
        QTest::newRow("no bracket")
            << QStringLiteral("0, 1") << -1 << QStringLiteral("column 1: expected '['");
        QTest::newRow("unclosed") << QStringLiteral("[[0, 1]") << -1
                                  << QStringLiteral("missing ']'");
        QTest::newRow("negative") << QStringLiteral("[[0, -1]]") << -1
                                  << QStringLiteral("column 6: negative");
        QTest::newRow("letters") << QStringLiteral("[[0, x]]") << -1
                                 << QStringLiteral("expected a whole number");
        QTest::newRow("arity") << QStringLiteral("[[0, 1], [2]]") << 2
                               << QStringLiteral("basis 1 has 1 components, expected 2");
        QTest::newRow("huge") << QStringLiteral("[[99999999999999999999]]") << -1
                              << QStringLiteral("too large");
        QTest::newRow("trailing") << QStringLiteral("[[1]] x") << -1
                                  << QStringLiteral("unexpected text");
        QTest::newRow("missing comma")
            << QStringLiteral("[[1 2]]") << -1 << QStringLiteral("expected ',' or ']'");
        QTest::newRow("too many bases")
            << QStringLiteral("[") + QStringLiteral("[0],").repeated(65) + QStringLiteral("]") << -1
            << QStringLiteral("more than 64 bases");
    }

    void mistakes()
    {
        QFETCH(QString, text);
        QFETCH(int, components);
        QFETCH(QString, message);
        auto r = lx::parseBasesText(text.toStdString(), components);
        QVERIFY(!r);
        QVERIFY2(QString::fromStdString(r.message()).contains(message), r.message().c_str());
    }

    void componentRange()
    {
        auto r = lx::parseBasisComponent("16", 16);
        QVERIFY(!r);
        QVERIFY(QString::fromStdString(r.message()).contains(QStringLiteral("at most 15")));
        QVERIFY(!lx::parseBasisComponent("", 4));
        QVERIFY(!lx::parseBasisComponent("1.5", 4));
    }
};

QTEST_GUILESS_MAIN(TestBasesText)
#include "tst_basestext.moc"
