package org.locksim.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.locksim.plugin.ClassFileRefs;

/**
 * Why: the lock API that plugins are held to must be the one the bundled algorithms use, or it
 * rots. Every class of the bundled families may name only {@link LockApi} types and bundled
 * algorithms (which compose one another: qrwlock wraps a qspinlock), and call only the
 * {@link LockApi#KERNEL_PRIMITIVES} of the kernel; anything else it needs belongs in the API or
 * is a sign that it reaches into the scheduler or the engine.
 */
class LockApiTest {
  private static final Path CLASSES = Path.of("target", "classes", "org", "locksim", "lock");
  private static final List<String> FAMILIES = List.of("section", "spin", "queued", "sleep", "rw");
  private static final Pattern TYPE = Pattern.compile("org/locksim/[A-Za-z0-9_/$]+");

  private static boolean bundledAlgorithm(String type) {
    return FAMILIES.stream().anyMatch(f -> type.startsWith("org/locksim/lock/" + f + "/"));
  }

  @Test
  void bundledAlgorithmsUseOnlyTheLockApi() throws IOException {
    TreeSet<String> outside = new TreeSet<>();
    int classes = 0;
    for (String family : FAMILIES) {
      try (Stream<Path> s = Files.list(CLASSES.resolve(family))) {
        for (Path c : s.filter(p -> p.toString().endsWith(".class")).toList()) {
          classes++;
          byte[] bytes = Files.readAllBytes(c);
          for (String call : ClassFileRefs.methods(bytes)) {
            int dot = call.lastIndexOf('.');
            String owner = call.substring(0, dot).replace('/', '.');
            if (LockApi.allows(owner) && !LockApi.allows(owner, call.substring(dot + 1))) {
              outside.add(c.getFileName() + " calls " + call);
            }
          }
          Matcher m = TYPE.matcher(new String(bytes, StandardCharsets.ISO_8859_1));
          while (m.find()) {
            String t = m.group();
            if (!bundledAlgorithm(t) && !LockApi.allows(t.replace('/', '.'))) {
              outside.add(c.getFileName() + " uses " + t);
            }
          }
        }
      }
    }
    assertTrue(classes > 20, "bundled lock classes found: " + classes);
    assertEquals(new TreeSet<>(), outside);
  }

  @Test
  void theApiNamesItsNestedTypesAndTheContractButNotTheInternals() {
    assertTrue(LockApi.allows("org.locksim.lock.ParamSpec$Kind"));
    assertTrue(LockApi.allows("org.locksim.lock.contract.LockContract"));
    assertFalse(LockApi.allows("org.locksim.sched.Scheduler"));
    assertFalse(LockApi.allows("org.locksim.machine.Coherence"));
    assertFalse(LockApi.allows("org.locksim.engine.Simulation"));
    assertFalse(LockApi.allows("org.locksim.lock.spin.TasLock"));
    assertTrue(LockApi.allows("org.locksim.sched.Kernel", "xchg"));
    assertFalse(LockApi.allows("org.locksim.sched.Kernel", "startTicks"));
    assertTrue(LockApi.allows("org.locksim.machine.Machine", "newLine"));
  }
}
