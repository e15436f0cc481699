// The one rule for layout names (io/layoutname.h): what it accepts and refuses, with a message
// that names the cause, and toLayoutName making a valid name of any text.

#include "io/layoutname.h"

#include <QString>
#include <QTest>

using namespace lx;
using namespace Qt::StringLiterals;

class TestLayoutName : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void rule_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("phrase"); // empty: accepted
        QTest::newRow("letter") << u"C"_s << u""_s;
        QTest::newRow("underscore first") << u"_mma1"_s << u""_s;
        QTest::newRow("kernel alias") << u"blocked2"_s << u""_s;
        QTest::newRow("64 characters") << QString(64, QLatin1Char('a')) << u""_s;
        QTest::newRow("soft keyword") << u"match"_s << u""_s;
        QTest::newRow("empty") << u""_s << u"a layout needs a name"_s;
        QTest::newRow("65 characters") << QString(65, QLatin1Char('a'))
                                       << u"has 65 characters; a layout name has at most 64"_s;
        QTest::newRow("space") << u"my layout"_s
                               << u"'my layout': a space at 3 cannot be in a layout name"_s;
        QTest::newRow("hyphen") << u"lds-b1"_s << u"'-' at 4"_s;
        QTest::newRow("dot") << u"mma.1"_s << u"'.' at 4"_s;
        QTest::newRow("digit first") << u"1C"_s << u"starts with a digit"_s;
        QTest::newRow("non-ASCII") << u"C\u00e9"_s << u"a non-ASCII or control character at 2"_s;
        QTest::newRow("newline") << u"C\nD"_s << u"a non-ASCII or control character at 2"_s;
        QTest::newRow("keyword") << u"class"_s << u"'class' is a Python keyword"_s;
        QTest::newRow("None") << u"None"_s << u"is a Python keyword"_s;
    }
    void rule()
    {
        QFETCH(QString, name);
        QFETCH(QString, phrase);
        const QString problem = QString::fromStdString(layoutNameProblem(name.toStdString()));
        if (phrase.isEmpty())
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
        else
            QVERIFY2(problem.contains(phrase), qPrintable(problem));
    }

    void toLayoutNameMakesAValidName_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("name");
        QTest::newRow("valid stays") << u"blocked1"_s << u"blocked1"_s;
        QTest::newRow("SSA number") << u"42"_s << u"_42"_s;
        QTest::newRow("dots and hashes") << u"x.1#2"_s << u"x_1_2"_s;
        QTest::newRow("empty") << u""_s << u"L"_s;
        QTest::newRow("keyword") << u"def"_s << u"def_"_s;
        QTest::newRow("long") << QString(80, QLatin1Char('b')) << QString(64, QLatin1Char('b'));
    }
    void toLayoutNameMakesAValidName()
    {
        QFETCH(QString, text);
        QFETCH(QString, name);
        const std::string made = toLayoutName(text.toStdString());
        QCOMPARE(QString::fromStdString(made), name);
        QVERIFY2(layoutNameProblem(made).empty(), layoutNameProblem(made).c_str());
    }
};

QTEST_MAIN(TestLayoutName)
#include "tst_layoutname.moc"
