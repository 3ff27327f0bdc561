package org.locksim.sweep;

import java.nio.file.Path;
import java.util.Optional;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.Location;

/** Reads a journal's header and entries back, refusing what does not belong to the sweep. */
final class JournalCheck {
  private JournalCheck() {
  }

  /** Checks the four header lines against the sweep's identity. */
  static void header(Path path, String[] lines, int complete, JournalIdentity id) {
    if (complete < 1 || !lines[0].equals(SweepJournal.FORMAT)) {
      throw error(path, 1, "not a locksim sweep journal: expected its first line to be "
          + SweepJournal.FORMAT);
    }
    String args = complete > 1 ? JournalIdentity.field(lines[1], JournalIdentity.ARGUMENTS) : null;
    if (args == null || !args.equals(id.arguments())) {
      throw error(path, 2, "the journal is of a sweep with other arguments (" + args
          + "; this sweep has " + id.arguments() + "); resume with its arguments, or delete"
          + " the journal to start again");
    }
    String sha = complete > 2 ? JournalIdentity.field(lines[2], JournalIdentity.SCENARIO) : null;
    if (sha == null || !sha.equals(id.scenario())) {
      throw error(path, 3, "the journal is of another version of the scenario file (SHA-256 "
          + sha + ", the file now has " + id.scenario() + "); delete the journal to start again");
    }
    String version = complete > 3 ? JournalIdentity.field(lines[3], JournalIdentity.VERSION) : null;
    if (version == null || !version.equals(id.version())) {
      throw error(path, 4, "the journal was written by locksim " + version + ", this is locksim "
          + id.version() + "; delete the journal to start again");
    }
  }

  /** Reads an entry into {@code known}; returns 1 if it was new, 0 if it repeated one. */
  static int entry(Path path, int lineNo, String line, double[][][] known, int figures) {
    String[] f = line.split(" ", -1);
    if (f.length != 2 + figures) {
      throw error(path, lineNo, "expected POINT REPEAT and " + figures + " figure"
          + (figures == 1 ? "" : "s") + " separated by spaces, got \"" + line + "\"");
    }
    int point = index(path, lineNo, f[0], known.length, "point");
    int repeat = index(path, lineNo, f[1], known[point].length, "repeat");
    double[] v = new double[figures];
    for (int i = 0; i < figures; i++) {
      try {
        v[i] = Double.parseDouble(f[2 + i]);
      } catch (NumberFormatException e) {
        throw error(path, lineNo, "expected a number for figure " + (i + 1) + ", got \""
            + f[2 + i] + "\"");
      }
    }
    boolean fresh = known[point][repeat] == null;
    known[point][repeat] = v;
    return fresh ? 1 : 0;
  }

  private static int index(Path path, int lineNo, String text, int bound, String what) {
    try {
      int i = Integer.parseInt(text);
      if (i >= 0 && i < bound) {
        return i;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw error(path, lineNo, "expected a " + what + " from 0 to " + (bound - 1) + ", got \""
        + text + "\"");
  }

  private static InputError error(Path path, int line, String message) {
    return new InputError(new Location(path.toString(), "", line, 1), message, Optional.empty());
  }
}
