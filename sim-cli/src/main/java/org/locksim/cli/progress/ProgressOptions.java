package org.locksim.cli.progress;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The {@code -q} option of a long command, and the progress it then shows: a bar when standard
 * error is a terminal, plain lines every few seconds (the {@code locksim.progress.seconds}
 * system property, 5 by default) otherwise, nothing with {@code -q}.
 */
public final class ProgressOptions {
  /** Whether the command's standard error is a terminal; the top command says. */
  public interface Console {
    boolean errIsTerminal();
  }

  @Spec(Spec.Target.MIXEE)
  CommandSpec mixee;

  @Option(names = {"-q", "--quiet"}, description = "no progress on standard error")
  boolean quiet;

  /** Whether {@code -q} asked for silence on standard error (but for errors). */
  public boolean quiet() {
    return quiet;
  }

  /** Starts showing the progress of {@code total} units of {@code unit} ("runs"). */
  public Progress start(String task, long total, String unit) {
    return start(task, total, unit, 0);
  }

  /** As {@link #start(String, long, String)}, with {@code initial} units done before. */
  public Progress start(String task, long total, String unit, long initial) {
    if (quiet) {
      return Progress.NONE;
    }
    Object root = mixee.root().userObject();
    if (root instanceof Console c && c.errIsTerminal()) {
      return new BarProgress(System.err, task, total, unit, initial);
    }
    long seconds = Long.getLong("locksim.progress.seconds", 5);
    return new LineProgress(mixee.commandLine().getErr(), task, total, unit, initial,
        System::nanoTime, seconds * 1_000_000_000L);
  }

  /**
   * Whether this process's standard error is a terminal: on Linux, whether descriptor 2 is a
   * tty device; elsewhere, whether the process has a console at all.
   */
  public static boolean stderrIsTerminal() {
    Path fd2 = Path.of("/proc/self/fd/2");
    if (Files.isSymbolicLink(fd2)) {
      try {
        String target = Files.readSymbolicLink(fd2).toString();
        return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
      } catch (java.io.IOException | SecurityException e) {
        return false;
      }
    }
    return System.console() != null;
  }
}
