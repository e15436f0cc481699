// `layout-explorer check PATH... [budgets] [--budgets FILE] [--json] [--junit FILE]`: a CI gate.
// Every kernel under the paths (TTGIR files, folders of them, Triton cache folders) is analysed
// and held to the budgets (core/request/check.h); the exit code says pass (0), a budget broken
// (1) or bad input (2), which are check's own codes (docs/check.md).

#include "command.h"
#include "output.h"
#include "render/qtext.h"

#include "request/check.h"
#include "request/checkinput.h"

#include <QTextStream>
#include <QXmlStreamWriter>

namespace {

using lx::qs;

void printSummary(QTextStream &out, const lx::CheckResult &r)
{
    int passed = 0, incomplete = 0, unreadable = 0;
    for (const lx::CheckKernel &k : r.kernels) {
        if (!k.error.empty()) {
            ++unreadable;
            // A parser's message starts with the file's name already ("path:1:1: ...").
            const QString error = qs(k.error);
            out << "ERROR "
                << (error.startsWith(qs(k.path) + u':') ? error
                                                        : qs(k.path) + QStringLiteral(": ") + error)
                << '\n';
            continue;
        }
        if (!k.incomplete.empty()) {
            ++incomplete;
            out << "SKIP  " << qs(k.path) << ": incomplete: " << qs(k.incomplete) << '\n';
            continue;
        }
        QStringList broken;
        for (const lx::CheckCase &c : k.cases)
            if (c.failed())
                broken << qs(c.budget);
        passed += broken.isEmpty() ? 1 : 0;
        out << (broken.isEmpty() ? "PASS  " : "FAIL  ") << qs(k.path) << " (" << qs(k.arch) << ')';
        if (!broken.isEmpty())
            out << ": " << broken.join(QStringLiteral(", "));
        out << '\n';
        for (const std::string &n : k.notModelled)
            out << "      not modelled: " << qs(n) << '\n';
        for (const lx::CheckCase &c : k.cases)
            for (const lx::CheckViolation &v : c.violations) {
                out << "      " << qs(k.path) << ':' << v.line << "  " << qs(v.op) << "  "
                    << qs(v.name) << "  " << qs(c.budget) << ": " << qs(v.reason);
                if (v.waived)
                    out << "  [waived: " << qs(v.waiver) << ']';
                out << '\n';
                if (!v.suggestion.empty())
                    out << "        suggest: " << qs(v.suggestion) << '\n';
            }
    }
    for (const std::string &e : r.errors)
        out << "ERROR " << qs(e) << '\n';
    out << r.kernels.size() << (r.kernels.size() == 1 ? " kernel: " : " kernels: ") << passed
        << " passed, " << r.failedKernels() << " failed, " << incomplete << " incomplete, "
        << (unreadable + int(r.errors.size())) << " unreadable\n";
}

// JUnit XML: <testsuites> of one <testsuite> per kernel, one <testcase> per budget (a
// <failure> naming each offending op), an incomplete kernel a skipped case, an unreadable one an
// error case.
std::string junitXml(const lx::CheckResult &r)
{
    QByteArray bytes;
    QXmlStreamWriter w(&bytes);
    w.setAutoFormatting(true);
    w.writeStartDocument();
    w.writeStartElement(QStringLiteral("testsuites"));
    w.writeAttribute(QStringLiteral("name"), QStringLiteral("layout-explorer check"));
    auto suite = [&](const QString &name, int tests, int failures, int errors, int skipped) {
        w.writeStartElement(QStringLiteral("testsuite"));
        w.writeAttribute(QStringLiteral("name"), name);
        w.writeAttribute(QStringLiteral("tests"), QString::number(tests));
        w.writeAttribute(QStringLiteral("failures"), QString::number(failures));
        w.writeAttribute(QStringLiteral("errors"), QString::number(errors));
        w.writeAttribute(QStringLiteral("skipped"), QString::number(skipped));
    };
    auto testcase = [&](const QString &cls, const QString &name) {
        w.writeStartElement(QStringLiteral("testcase"));
        w.writeAttribute(QStringLiteral("classname"), cls);
        w.writeAttribute(QStringLiteral("name"), name);
    };
    for (const lx::CheckKernel &k : r.kernels) {
        const QString path = qs(k.path);
        if (!k.error.empty() || !k.incomplete.empty()) {
            const bool error = !k.error.empty();
            suite(path, 1, 0, error ? 1 : 0, error ? 0 : 1);
            testcase(path, QStringLiteral("read"));
            w.writeStartElement(error ? QStringLiteral("error") : QStringLiteral("skipped"));
            w.writeAttribute(QStringLiteral("message"), qs(error ? k.error : k.incomplete));
            w.writeEndElement();
            w.writeEndElement();
            w.writeEndElement();
            continue;
        }
        int failures = 0;
        for (const lx::CheckCase &c : k.cases)
            failures += c.failed() ? 1 : 0;
        suite(path, int(k.cases.size()), failures, 0, 0);
        for (const lx::CheckCase &c : k.cases) {
            testcase(path, qs(c.budget));
            QString text;
            int broken = 0;
            for (const lx::CheckViolation &v : c.violations) {
                text += QStringLiteral("%1:%2 %3 %4: %5%6\n")
                            .arg(path)
                            .arg(v.line)
                            .arg(qs(v.op), qs(v.name), qs(v.reason),
                                 v.waived ? QStringLiteral(" [waived: %1]").arg(qs(v.waiver))
                                          : QString());
                broken += v.waived ? 0 : 1;
            }
            if (broken > 0) {
                w.writeStartElement(QStringLiteral("failure"));
                w.writeAttribute(QStringLiteral("type"), qs(c.budget));
                w.writeAttribute(
                    QStringLiteral("message"),
                    QStringLiteral("%1 op(s) over the budget %2").arg(broken).arg(qs(c.limit)));
                w.writeCharacters(text);
                w.writeEndElement();
            } else if (!text.isEmpty()) {
                w.writeTextElement(QStringLiteral("system-out"), text);
            }
            w.writeEndElement();
        }
        w.writeEndElement();
    }
    for (const std::string &e : r.errors) {
        suite(QStringLiteral("paths"), 1, 0, 1, 0);
        testcase(QStringLiteral("paths"), QStringLiteral("read"));
        w.writeStartElement(QStringLiteral("error"));
        w.writeAttribute(QStringLiteral("message"), qs(e));
        w.writeEndElement();
        w.writeEndElement();
        w.writeEndElement();
    }
    w.writeEndElement();
    w.writeEndDocument();
    return bytes.toStdString();
}

// The options of `check`: its paths, the budgets, the outputs.
void addCheckOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(QStringLiteral(
        "Holds every kernel under the paths (TTGIR files, folders of them, Triton cache folders) "
        "to LDS budgets, for CI. Exit codes (check's own): 0 every kernel within its budgets, "
        "1 a budget broken, 2 bad input (a path, module, assembly or budgets file that cannot be "
        "read, a bad option, no budget given). A kernel folder still being written is reported "
        "as incomplete and does not fail. See docs/check.md."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("PATH"),
                                 QStringLiteral("TTGIR files and folders (Triton cache folders)"),
                                 QStringLiteral("PATH..."));
    parser.addOption({QStringLiteral("max-ways"),
                      QStringLiteral("no access with a bank conflict worse than N-way"),
                      QStringLiteral("N")});
    parser.addOption(
        {QStringLiteral("no-fallback"),
         QStringLiteral("no local_load that could use a transposed load and does not")});
    parser.addOption({QStringLiteral("max-lds"),
                      QStringLiteral("at most BYTES of LDS per kernel (the compiler's metadata "
                                     "when there, else the sum of the allocations)"),
                      QStringLiteral("BYTES")});
    parser.addOption({QStringLiteral("no-partition-conflicts"),
                      QStringLiteral("no access with an LDS partition conflict (gfx1250)")});
    parser.addOption({QStringLiteral("budgets"),
                      QStringLiteral("budgets and waivers as JSON (docs/check.md); the options "
                                     "above replace its top-level budgets"),
                      QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("arch"),
                      QStringLiteral("architecture (default: each module's ttg.target)"),
                      QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("suggest"),
                      QStringLiteral("with every offending op, the shared layout to put back for "
                                     "its buffer (suggest op's answer)")});
    parser.addOption({QStringLiteral("json"), QStringLiteral("print JSON")});
    parser.addOption({QStringLiteral("junit"), QStringLiteral("also write JUnit XML to FILE"),
                      QStringLiteral("FILE")});
}

std::optional<std::string> checkOption(const QCommandLineParser &parser, const QString &name)
{
    if (!parser.isSet(name))
        return std::nullopt;
    return parser.value(name).toStdString();
}

// The budgets and waivers of --budgets FILE and the budget options into config
// (request/checkinput.h); the message when they cannot be read or none is given.
std::optional<QString> readCheckConfig(const QCommandLineParser &parser, lx::CheckConfig &config)
{
    lx::CheckFlags flags;
    flags.budgetsFile = checkOption(parser, QStringLiteral("budgets"));
    flags.maxWays = checkOption(parser, QStringLiteral("max-ways"));
    flags.maxLds = checkOption(parser, QStringLiteral("max-lds"));
    flags.noFallback = parser.isSet(QStringLiteral("no-fallback"));
    flags.noPartitionConflicts = parser.isSet(QStringLiteral("no-partition-conflicts"));
    lx::Expected<lx::CheckConfig> c = lx::checkConfigOf(flags);
    if (!c)
        return qs(c.message());
    config = std::move(*c);
    return std::nullopt;
}

// The JSON report on standard output, the unreadable inputs on standard error; check's exit code.
int writeCheckJson(const lx::CheckResult &result, QTextStream &err, const QString &prog)
{
    // The JSON carries the unreadable inputs; standard error names them too, as every
    // command names its bad input there (and Python raises LayoutError with these lines).
    for (const std::string &line : lx::checkErrorLines(result))
        err << prog << qs(line) << '\n';
    if (lx::app::writeJson(lx::checkJson(result), prog, 2) != lx::app::ExitOk)
        return lx::CheckBadInput;
    return result.exitCode();
}

int runCheck(const QStringList &args)
{
    QCommandLineParser parser;
    addCheckOptions(parser);
    lx::app::ErrorStream err;
    const QString prog = QStringLiteral("layout-explorer check: ");
    if (!parser.parse(args)) {
        err << prog << parser.errorText() << '\n';
        return lx::CheckBadInput;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        lx::app::OutStream() << lx::app::commandHelp(parser, prog);
        return lx::CheckPass;
    }
    auto bad = [&](const QString &message) {
        err << prog << message << '\n';
        return int(lx::CheckBadInput);
    };
    const QStringList pos = parser.positionalArguments();
    if (pos.isEmpty())
        return bad(QStringLiteral("expected at least one PATH"));
    lx::CheckConfig config;
    if (const std::optional<QString> problem = readCheckConfig(parser, config))
        return bad(*problem);
    const QString junit = parser.value(QStringLiteral("junit"));
    if (!junit.isEmpty())
        if (const QString e = lx::app::checkOutputFile(junit); !e.isEmpty())
            return bad(QStringLiteral("--junit: ") + e);

    std::vector<std::string> paths;
    for (const QString &p : pos)
        paths.push_back(p.toStdString());
    const lx::CheckResult result =
        lx::runCheck(paths, config, parser.value(QStringLiteral("arch")).toStdString(),
                     parser.isSet(QStringLiteral("suggest")));
    if (!junit.isEmpty())
        if (const QString e = lx::app::writeOutputFile(junit, junitXml(result)); !e.isEmpty())
            return bad(QStringLiteral("--junit: ") + e);
    if (parser.isSet(QStringLiteral("json")))
        return writeCheckJson(result, err, prog);
    QString text;
    QTextStream s(&text);
    printSummary(s, result);
    s.flush();
    if (lx::app::writeStdout(text.toStdString(), prog) != lx::app::ExitOk)
        return lx::CheckBadInput;
    return result.exitCode();
}

} // namespace

LX_REGISTER_COMMAND(check, "check",
                    "holds kernels to LDS budgets for CI (exit 0 pass, 1 broken, 2 bad input)",
                    runCheck);
