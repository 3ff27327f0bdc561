package org.locksim.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.plugin.PluginJar;
import org.locksim.ui.fixture.LauncherProcess;
import org.locksim.ui.fixture.LauncherProcess.Result;

/**
 * Why: {@code locksim-ui --plugin PATH.jar} must load a plugin exactly as {@code locksim run
 * --plugin} does (one loader, in sim-core): a scenario that names the plugin's lock runs and is
 * drawn, and a jar that cannot be loaded is one line naming the jar and exit 2 before any
 * window, never a stack trace. Runs the launcher in its own JVM with no display, as a user
 * does; the plugin is the worked example of docs/extending.md (examples/clh-lock), and the bad
 * ones the CLI's test plugins (a clashing name, a throwing constructor), all built here.
 */
class PluginLaunchTest {
  @TempDir
  static Path dir;
  static String clh;
  static final String SCENARIO = Path.of("..", "examples", "clh-lock", "clh-vs-mcs.json").toString();

  @BeforeAll
  static void buildJar() throws IOException {
    Path example = Path.of("..", "examples", "clh-lock", "src", "main");
    clh = PluginJar.build(example.resolve("java"), example.resolve("resources"),
        dir.resolve("clh.jar")).toString();
  }

  private static Result run(String... args) throws IOException, InterruptedException {
    return LauncherProcess.run(dir, args);
  }


  private static void assertOneLine(Result r, String expected) {
    assertEquals(2, r.status(), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    assertEquals(expected, r.err().strip());
  }

  @Test
  void aScenarioNamingThePluginsLockIsRunAndDrawn() throws Exception {
    Path png = dir.resolve("clh.png");
    Result r = run(SCENARIO, "--plugin", clh, "--variant", "clh", "--set", "run.warmupMs=0",
        "--set", "run.durationMs=1", "--snapshot", png.toString(), "--size", "1280x720");
    assertEquals(0, r.status(), r.err());
    assertFalse(r.err().contains("Exception"), r.err());
    assertEquals(1280, ImageIO.read(png.toFile()).getWidth());
  }

  @Test
  void withoutThePluginTheScenarioIsBadInput() throws Exception {
    Path png = dir.resolve("none.png");
    Result r = run(SCENARIO, "--variant", "clh", "--set", "run.durationMs=1", "--snapshot",
        png.toString());
    assertEquals(2, r.status(), r.err());
    assertTrue(r.err().startsWith("locksim: " + SCENARIO + ":"), r.err());
    assertTrue(r.err().contains("example.clh"), r.err());
    assertFalse(Files.exists(png));
  }

  @Test
  void aMissingJarIsOneLineAndExit2() throws Exception {
    String jar = dir.resolve("nowhere.jar").toString();
    assertOneLine(run(SCENARIO, "--plugin", jar),
        "locksim-ui: " + jar + ": cannot read plugin jar: no such file");
  }

  @Test
  void aJarWithoutTheServiceFileIsOneLineAndExit2() throws Exception {
    Path jar = dir.resolve("plain.jar");
    try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out)) {
      j.putNextEntry(new JarEntry("readme.txt"));
      j.write("not a plugin".getBytes(StandardCharsets.UTF_8));
      j.closeEntry();
    }
    // Loaded before the display is looked for: the error is the jar's, not the missing display's.
    assertOneLine(run("--plugin", jar.toString()), "locksim-ui: " + jar + ": not a locksim plugin:"
        + " the jar has no META-INF/services/org.locksim.lock.LockProvider naming its LockProvider"
        + " classes");
  }

  /** One of the CLI's test plugins (sim-cli/src/test/plugins), built here. */
  private static String cliTestPlugin(String name) throws IOException {
    return PluginJar.build(Path.of("..", "sim-cli", "src", "test", "plugins", name),
        dir.resolve(name + ".jar")).toString();
  }

  @Test
  void aNameTakenByABundledAlgorithmIsOneLineAndExit2() throws Exception {
    String jar = cliTestPlugin("clashing-name");
    assertOneLine(run(SCENARIO, "--plugin", jar), "locksim-ui: " + jar + ": "
        + "org.locksim.testplugins.clashing.MyTas: the name spin.tas of "
        + "org.locksim.testplugins.clashing.MyTas$Lock is taken by org.locksim.lock.spin.TasLock (bundled)");
  }

  @Test
  void aProviderWhoseConstructorThrowsIsOneLineAndExit2() throws Exception {
    String jar = cliTestPlugin("throwing-provider");
    assertOneLine(run(SCENARIO, "--plugin", jar, "--snapshot", dir.resolve("t.png").toString()),
        "locksim-ui: " + jar + ": org.locksim.testplugins.throwing.ThrowingProvider: cannot be made:"
            + " IllegalStateException: no configuration");
    assertFalse(Files.exists(dir.resolve("t.png")));
  }
}
