package org.locksim.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.ui.fixture.LauncherProcess;
import org.locksim.ui.fixture.LauncherProcess.Result;

/**
 * Runs {@code locksim-ui} as a user does, in its own JVM with no display in its environment:
 * it must say so in one line and exit 2, and {@code --snapshot} must still write the picture.
 */
class LauncherProcessTest {
  @TempDir
  Path dir;

  private Result run(String... args) throws IOException, InterruptedException {
    return LauncherProcess.run(dir, args);
  }

  private Result runWithDisplay(String display, String... args) throws IOException, InterruptedException {
    return LauncherProcess.run(dir, display, args);
  }

  @Test
  void withoutADisplayItSaysSoInOneLineAndExits2() throws Exception {
    Result r = run();
    assertEquals(2, r.status(), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    assertTrue(r.err().startsWith("locksim-ui: no display"), r.err());
    assertTrue(r.err().contains("--snapshot"), r.err());
  }

  @Test
  void aDisplayThatCannotBeOpenedIsOneLineAndExit1() throws Exception {
    // No X server listens on display 97 of this host: GTK fails as it would without GTK.
    Result r = runWithDisplay(":97");
    assertEquals(1, r.status(), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    assertTrue(r.err().startsWith("locksim-ui: cannot open a window ("), r.err());
  }

  /**
   * One launch checks both: the picture is written without a display, at the size asked for,
   * and a window larger than Monocle's headless screen (1280x800 unless told otherwise), which
   * once overflowed it, writes it as quietly as any other. (Two launches, one per size, cost the
   * suite a JVM start each.)
   */
  @Test
  void aSnapshotIsWrittenWithoutADisplayQuietlyAtAnySize() throws Exception {
    Path png = dir.resolve("wide.png");
    Result r = run("../scenarios/v2-linux-adaptive-spin.json", "--variant", "owner-spin",
        "--set", "run.warmupMs=0", "--set", "run.durationMs=1", "--snapshot", png.toString(),
        "--size", "1600x900");
    assertEquals(0, r.status(), r.err());
    assertEquals("locksim-ui: wrote " + png, r.err().strip());
    java.awt.image.BufferedImage img = ImageIO.read(png.toFile());
    assertEquals(1600, img.getWidth());
    assertEquals(900, img.getHeight());
  }

  @Test
  void aBadVariantInASnapshotIsOneLineAndExit2() throws Exception {
    Result r = run("../scenarios/v2-linux-adaptive-spin.json", "--variant", "owner-spinn",
        "--set", "run.durationMs=1", "--snapshot", dir.resolve("x.png").toString());
    assertEquals(2, r.status(), r.err());
    assertEquals("locksim: --variant: no variant 'owner-spinn' (did you mean 'owner-spin'?);"
        + " the scenario has no-owner-spin, owner-spin", r.err().strip().lines().findFirst().orElse(""));
    assertFalse(Files.exists(dir.resolve("x.png")));
  }
}
