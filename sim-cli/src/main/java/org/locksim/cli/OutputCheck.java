package org.locksim.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.Location;

/**
 * Checks a command's output files before any work is done, so that a mistake costs no
 * simulation and destroys nothing: each output's folder must exist and be writable, an output
 * must not be one of the command's inputs ({@code run s.json --trace s.json}) nor another of its
 * outputs ({@code --trace X --folded X}), and a file named after a variant must stay in the
 * folder it was given in. Each refusal is bad input, located at the option that named the file.
 * An output that is a symbolic link is checked, and written, as the file it links to.
 */
final class OutputCheck {
  private final List<Path> inputs = new ArrayList<>();
  private final Map<Path, String> outputs = new LinkedHashMap<>();

  /** A check of outputs against {@code inputs} (null ones are ignored). */
  OutputCheck(Path... inputs) {
    for (Path p : inputs) {
      if (p != null) {
        this.inputs.add(p);
      }
    }
  }

  /** Checks {@code out}, named by {@code option}; nothing when it is null. */
  OutputCheck add(String option, Path out) {
    written(option, out);
    return this;
  }

  /**
   * Checks {@code out}, named by {@code option}, and returns the file to write: {@code out}, or
   * the file it links to when it is a symbolic link, as Unix tools write through a link rather
   * than replace it; null when {@code out} is.
   */
  Path written(String option, Path out) {
    if (out == null) {
      return null;
    }
    out = followLinks(option, out);
    Path abs = out.toAbsolutePath().normalize();
    Path folder = abs.getParent();
    if (folder == null || !Files.isDirectory(folder)) {
      throw refused(option, out + ": cannot write file: no such folder " + folder);
    }
    if (!Files.isWritable(folder)) {
      throw refused(option, out + ": cannot write file: the folder " + folder + " is not writable");
    }
    if (Files.isDirectory(abs)) {
      throw refused(option, out + " is a folder; expected a file name");
    }
    for (Path in : inputs) {
      if (same(abs, in)) {
        throw refused(option, out + " is an input of this command; writing it would destroy it");
      }
    }
    for (Map.Entry<Path, String> e : outputs.entrySet()) {
      if (same(abs, e.getKey())) {
        throw refused(option, out + " is also the output of " + e.getValue() + "; one would overwrite the other");
      }
    }
    outputs.put(abs, option);
    return out;
  }

  private static Path followLinks(String option, Path out) {
    Path p = out;
    for (int hops = 0; Files.isSymbolicLink(p); hops++) {
      if (hops == 40) {
        throw refused(option, out + ": cannot write file: too many levels of symbolic links");
      }
      try {
        Path parent = p.toAbsolutePath().getParent();
        p = parent.resolve(Files.readSymbolicLink(p));
      } catch (IOException e) {
        throw refused(option, out + ": cannot write file: " + e.getMessage());
      }
    }
    return p;
  }

  /**
   * Checks the file {@code option} names for one variant: {@code perVariant}, which must be in
   * the folder of {@code given} (a variant named {@code ../x} or {@code a/b} would move it).
   */
  OutputCheck addForVariant(String option, Path given, Path perVariant, String variant) {
    if (given == null) {
      return this;
    }
    Path folder = given.toAbsolutePath().normalize().getParent();
    Path placed = perVariant.toAbsolutePath().normalize();
    if (folder == null || !folder.equals(placed.getParent())) {
      throw refused(option, "variant \"" + variant + "\" would place its file at " + perVariant
          + ", outside the folder of " + given + "; pick one variant with --variant, whose file takes the name given");
    }
    return add(option, perVariant);
  }

  private static boolean same(Path a, Path b) {
    Path bAbs = b.toAbsolutePath().normalize();
    if (a.equals(bAbs)) {
      return true;
    }
    try {
      return Files.exists(a) && Files.exists(bAbs) && Files.isSameFile(a, bAbs);
    } catch (IOException e) {
      return false;
    }
  }

  private static InputError refused(String option, String why) {
    return new InputError(new Location(option, "", 0, 0), why, Optional.empty());
  }
}
