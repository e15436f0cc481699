#pragma once

// The builder dialog's table (internal to ui/widgets): one page per layout kind, one row per
// field with its MLIR key, row label, widget type, Gluon keyword, tooltip, default and the form
// checks the #ttg reader cannot make (the tensor rank, the widget's list length, powers of two
// for the swizzle parameters Triton leaves unchecked). Everything else about an attribute is
// checked by the reader's own constructors (core/io/attrform), which the dialog hands the
// parsed values to by their key.

#include "base/expected.h"
#include "layout/builders.h"
#include "layout/linearlayout.h"
#include "widgets/builderdialog.h"

#include <QString>

#include <vector>

class QFormLayout;
class QLabel;
class QWidget;

namespace lx::builder {

enum class FieldType
{
    Int,     // QSpinBox
    Bool,    // QCheckBox
    Choice,  // QComboBox, item data = the value
    IntList, // QLineEdit: "1, 4" or "[1, 4]"
    Bases,   // QLineEdit: "[[0, 1], [1, 0]]", one component per tensor dim
    Pairs,   // QLineEdit: "512:+16, 1024:+32" (interval:+padding)
};

enum Rule : unsigned
{
    NoRule = 0,
    Pow2 = 1,      // a spin box value that must be a power of two >= 1
    RankSized = 4, // one entry per tensor dim
    Selector = 8,  // chooses the attribute or its form; not an attribute key
};

struct Choice
{
    const char *value;
    const char *text;
};

struct FieldSpec
{
    const char *key;   // MLIR key path
    const char *label; // row label
    FieldType type;
    const char *gluon; // Gluon keyword
    const char *help;  // what the field means
    const char *def;   // default value, as setField() takes it
    unsigned rules = NoRule;
    int minCount = 0, maxCount = 0; // list lengths (0 = any)
    int min = 0, max = 0;           // Int range
    std::vector<Choice> choices = {};
};

struct PageSpec
{
    BuilderDialog::Kind kind;
    const char *id;
    const char *title;    // kind selector entry
    const char *heading;  // shown above the fields
    const char *baseName; // layout name suggestion
    const char *shape;    // default tensor shape
    std::vector<FieldSpec> fields;
    const char *mnemonic = nullptr; // the #ttg attribute built; null: the same as id
    // Fields keyed "<subAttr>.key" build a nested attribute (a dot operand's parent, a
    // partitioned layout's inner layout) that the outer one takes under that key.
    const char *subAttr = nullptr;
};

// Every page, in the order of the kind selector.
[[nodiscard]] const std::vector<PageSpec> &pageSpecs();
[[nodiscard]] const PageSpec &pageSpec(BuilderDialog::Kind kind);

// The field text parsers: whole numbers in [0, 2^30), with messages for a person typing.
[[nodiscard]] Expected<IntList> parseIntList(const QString &text);
[[nodiscard]] Expected<IntervalPadding> parsePairs(const QString &text);
// The tensor shape as the command line reads it (core/request's parseShape), powers of two,
// at most 8 dims and 2^kMaxAnalysisBits elements.
[[nodiscard]] Expected<IntList> parseFormShape(const QString &text);
// The last component of a key path ("ctaLayout.warp" -> "warp").
[[nodiscard]] QString lastComponent(const char *key);
// Whether `word` occurs in `text` as a whole word (not inside an identifier).
[[nodiscard]] bool mentions(const QString &text, const QString &word);
[[nodiscard]] QString errorStyle();
[[nodiscard]] bool isPow2(qint64 v);

} // namespace lx::builder

namespace lx {

// One field of the dialog: its row in the table, its widgets and its parsed value.
struct BuilderDialog::Field
{
    builder::FieldSpec spec;
    QWidget *editor = nullptr;
    QLabel *label = nullptr;
    QLabel *error = nullptr;
    QWidget *row = nullptr; // editor + error, the form's field column
    // Parsed value (valid when the field has no message).
    int32_t intValue = 0;
    bool boolValue = false;
    QString choice;
    IntList list;
    BasisList bases;
    IntervalPadding pairs;
    QString message;
};

struct BuilderDialog::Page
{
    Kind kind = Kind::Blocked;
    QWidget *widget = nullptr;
    QFormLayout *form = nullptr;
    QString shapeText;
    std::vector<std::unique_ptr<Field>> fields;
};

} // namespace lx
