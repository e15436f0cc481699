#pragma once

// The command-line test harness shared by tests/app/tst_*.cpp (header-only: tests include it,
// they do not compile another folder's .cpp). It runs the real executable named by the
// environment variable LX_APP (set by ctest), feeds standard input from bytes or a file, and
// returns the exit code, standard output and standard error; a crash or a timeout is reported
// as such, never mistaken for an exit code.

#include <QByteArray>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTest>

namespace lx::test {

// Exit codes the harness reports for runs that did not exit normally.
inline constexpr int kCrashed = -2;  // killed by a signal (SIGSEGV, SIGABRT, SIGFPE, ...)
inline constexpr int kTimedOut = -3; // still running after the timeout; killed
inline constexpr int kNotStarted = -4;

struct CliResult
{
    int exitCode = kNotStarted;
    QByteArray out;
    QByteArray err;

    [[nodiscard]] QString outText() const { return QString::fromUtf8(out); }
    [[nodiscard]] QString errText() const { return QString::fromUtf8(err); }
    [[nodiscard]] bool crashed() const { return exitCode == kCrashed; }
};

struct CliOptions
{
    QByteArray input;       // written to standard input (then closed)
    QString stdinFile;      // or standard input read from this file (e.g. /dev/zero)
    QString stdoutFile;     // standard output written to this file instead (e.g. /dev/full)
    bool headless = false;  // remove DISPLAY, WAYLAND_DISPLAY, QT_QPA_PLATFORM, XDG_RUNTIME_DIR
    int timeoutMs = 120000; // then the process is killed and kTimedOut returned
    QString workingDirectory;
};

// The executable under test ($LX_APP).
[[nodiscard]] inline QString appPath()
{
    return qEnvironmentVariable("LX_APP");
}

[[nodiscard]] inline CliResult runCli(const QString &program, const QStringList &args,
                                      const CliOptions &options = {})
{
    QProcess p;
    if (options.headless) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        env.remove(QStringLiteral("XDG_RUNTIME_DIR")); // as in a container or CI job
        p.setProcessEnvironment(env);
    }
    if (!options.stdinFile.isEmpty())
        p.setStandardInputFile(options.stdinFile);
    if (!options.stdoutFile.isEmpty())
        p.setStandardOutputFile(options.stdoutFile);
    if (!options.workingDirectory.isEmpty())
        p.setWorkingDirectory(options.workingDirectory);
    p.start(program, args);
    CliResult r;
    if (!p.waitForStarted(30000))
        return r;
    if (options.stdinFile.isEmpty()) {
        if (!options.input.isEmpty())
            p.write(options.input);
        p.closeWriteChannel();
    }
    if (!p.waitForFinished(options.timeoutMs)) {
        p.kill();
        p.waitForFinished(5000);
        r.exitCode = kTimedOut;
    } else {
        r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : kCrashed;
    }
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

// Runs $LX_APP with `args`.
[[nodiscard]] inline CliResult runApp(const QStringList &args, const CliOptions &options = {})
{
    return runCli(appPath(), args, options);
}

[[nodiscard]] inline CliResult runApp(const QStringList &args, const QByteArray &input)
{
    CliOptions options;
    options.input = input;
    return runApp(args, options);
}

// For initTestCase(): fails the test when LX_APP does not name an executable.
inline bool appIsSet()
{
    return !appPath().isEmpty() && QFile::exists(appPath());
}

// Whole-file helpers for test setup and checks.
inline bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

[[nodiscard]] inline QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace lx::test

// In initTestCase(): stop with a clear message when the executable is missing.
#define LX_REQUIRE_APP()                                                                           \
    QVERIFY2(::lx::test::appIsSet(), "LX_APP must name the layout-explorer executable (run "       \
                                     "through ctest)")
