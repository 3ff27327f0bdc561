package org.locksim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.lock.LockRegistry;
import org.locksim.lock.contract.Check;
import org.locksim.lock.contract.ContractSetup;
import org.locksim.lock.contract.Failure;
import org.locksim.lock.contract.LockContract;
import org.locksim.lock.contract.Property;
import org.locksim.lock.contract.Shrink;
import org.locksim.plugin.PluginJar;
import org.locksim.plugin.PluginJars;

/**
 * Why: the smallest run check-lock prints is what a researcher traces; it must be no larger than
 * the failing run, still need two CPUs to race, and fail again when run again.
 */
class ShrinkTest {
  @TempDir
  Path dir;

  @Test
  void shrinksARaceToASmallerRunThatFailsAgain() throws IOException {
    Path jar = PluginJar.build(Path.of("src", "test", "plugins", "broken-locks"), dir.resolve("b.jar"));
    LockRegistry.Entry racy = PluginJars.registry(List.of(jar)).find("test.racy-tas").orElseThrow();
    Check sixteen = LockContract.checks(racy).stream()
        .filter(c -> c.workload() == Check.Workload.TWO_TASKS_PER_CPU && c.setup().cpus() == 16)
        .findFirst().orElseThrow();
    Failure f = LockContract.run(sixteen).stream()
        .filter(g -> g.property() == Property.MUTUAL_EXCLUSION).findFirst().orElseThrow();
    Failure small = Shrink.smallest(f);
    ContractSetup s = small.check().setup();
    assertEquals(Property.MUTUAL_EXCLUSION, small.property());
    assertTrue(s.cpus() < 16 && s.cpus() >= 2, s.toString());
    assertTrue(s.runPs() <= sixteen.setup().runPs() && s.seed() == sixteen.setup().seed(), s.toString());
    assertTrue(LockContract.run(small.check()).stream()
        .anyMatch(g -> g.property() == Property.MUTUAL_EXCLUSION && g.detail().equals(small.detail())), small.toString());
  }
}
