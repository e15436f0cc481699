#include "models/glossary.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace lx {

namespace {

struct Term
{
    const char *name;
    const char *pattern; // what marks the term in a label or value
    const char *text;
};

// QT_TRANSLATE_NOOP keeps the texts translatable while they live in a table.
constexpr Term kTerms[] = {
    {"n-way", R"(\b(\d+|n)-way\b)",
     QT_TRANSLATE_NOOP("Glossary",
                       "n-way conflict: n lanes of the same phase want different addresses in "
                       "the same LDS bank, so the bank serves them one after another and the "
                       "access takes n times as long as a conflict-free one.")},
    {"phase", R"(\bphases?\b)",
     QT_TRANSLATE_NOOP("Glossary",
                       "Phase: the group of lanes the LDS serves together (for a 128-bit load, "
                       "8 lanes at a time). Bank conflicts only count between lanes of the "
                       "same phase.")},
    {"cycles", R"(\bcycles?\b)",
     QT_TRANSLATE_NOOP("Glossary",
                       "Cycles: how long the LDS is busy with one instruction in the model. The "
                       "ideal is one cycle per phase; every extra way of a conflict adds one.")},
    {"cvt", R"(\bcvt\b)",
     QT_TRANSLATE_NOOP("Glossary",
                       "cvt: a layout conversion (ttg.convert_layout) that moves a tensor from "
                       "one register layout to another, here through shared memory (LDS).")},
    {"divideLeft", R"(\bdivideLeft\b)",
     QT_TRANSLATE_NOOP("Glossary",
                       "divideLeft: splits a layout into the instruction-sized tile on the left "
                       "and what repeats it; the remainder says how many instructions the copy "
                       "needs and where each one goes.")},
};

} // namespace

QList<QPair<QString, QString>> glossaryEntries()
{
    QList<QPair<QString, QString>> out;
    for (const Term &t : kTerms)
        out.append({QString::fromLatin1(t.name), QCoreApplication::translate("Glossary", t.text)});
    return out;
}

QString glossaryFor(const QString &text)
{
    QStringList lines;
    for (const Term &t : kTerms) {
        const QRegularExpression re(QString::fromLatin1(t.pattern),
                                    QRegularExpression::CaseInsensitiveOption);
        if (re.match(text).hasMatch())
            lines << QCoreApplication::translate("Glossary", t.text);
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace lx
