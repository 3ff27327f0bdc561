package org.locksim.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command that starts a JVM of the tests' own class path, for tests that run locksim as a
 * user does, in a process of its own (an exit status, what a launcher prints without a
 * display, a sweep killed halfway). The child runs with the flags of the build's
 * {@code locksim.test.childJvm} property (C1 alone and the serial collector: a snapshot launch
 * took 3.9 CPU-s instead of 6.7 with them); what the tests check (exit status, output, files)
 * does not depend on them.
 */
public final class ChildJvm {
  private ChildJvm() { }

  /** {@code java [flags] -cp <the tests' class path> mainClass}. */
  public static List<String> command(String mainClass) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    String flags = System.getProperty("locksim.test.childJvm", "").trim();
    if (!flags.isEmpty()) {
      cmd.addAll(List.of(flags.split("\\s+")));
    }
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(mainClass);
    return cmd;
  }
}
