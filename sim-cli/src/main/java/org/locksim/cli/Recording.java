package org.locksim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import org.locksim.report.AtomicOutput;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.run.record.FoldedRecorder;
import org.locksim.run.record.TraceRun;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.Location;

/**
 * One run of {@code locksim run} with its timeline and profiles recorded: the trace streams to a
 * temporary file renamed onto its target when the run ends; the folded files are written the
 * same way. A file that cannot be written is bad input (exit status 2), and leaves no partial
 * file behind.
 */
final class Recording {
  private final PrintWriter err;

  Recording(PrintWriter err) {
    this.err = err;
  }

  /** {@code out.lst} for variant {@code v} becomes {@code out.v.lst}; null stays null. */
  static Path perVariant(Path out, Scenario s) {
    if (out == null || s.variant().isEmpty()) {
      return out;
    }
    String name = out.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String renamed = dot > 0 ? name.substring(0, dot) + "." + s.variant() + name.substring(dot)
        : name + "." + s.variant();
    return out.resolveSibling(renamed);
  }

  RunResult run(Scenario s, long seed, Path trace, Path onCpu, Path offCpu) {
    FoldedRecorder profile = onCpu != null || offCpu != null ? new FoldedRecorder() : null;
    RunResult r;
    if (trace == null) {
      r = Simulator.run(s, seed, profile);
    } else {
      try {
        TraceRun run = TraceRun.record(s, seed, trace, profile);
        r = run.result();
        err.printf(Locale.ROOT, "locksim: %s: trace written to %s (%,d bytes)%n", s.label(), trace,
            run.traceBytes());
      } catch (IOException e) {
        throw cannotWrite(trace, e);
      }
    }
    if (onCpu != null) {
      write(onCpu, profile.onCpu()::write);
    }
    if (offCpu != null) {
      write(offCpu, profile.offCpu()::write);
    }
    return r;
  }

  private static void write(Path target, AtomicOutput.Content content) {
    try {
      AtomicOutput.write(target, content);
    } catch (IOException e) {
      throw cannotWrite(target, e);
    }
  }

  static InputError cannotWrite(Path file, IOException e) {
    String why = e instanceof java.nio.file.NoSuchFileException ? "no such directory"
        : e instanceof java.nio.file.AccessDeniedException ? "permission denied"
        : e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return new InputError(Location.ofFile(file.toString()), "cannot write file: " + why, Optional.empty());
  }
}
