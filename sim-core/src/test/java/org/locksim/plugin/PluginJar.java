package org.locksim.plugin;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.locksim.cpu.Instr;
import org.locksim.lock.Lock;

/**
 * Builds a plugin jar for a test: compiles a source tree against locksim's classes (sim-core
 * and sim-cpu-models, where the test finds them) and packs the classes with the tree's other
 * files (its {@code META-INF/services} file). The plugins' sources live under
 * {@code src/test/plugins}, off the test class path, so that only their jar can load them, as
 * only a jar can load a real plugin. The tests of sim-cli and sim-ui share it through
 * sim-core's test jar.
 */
public final class PluginJar {
  private PluginJar() { }

  /** Compiles {@code sources} (a tree of .java and other files) into {@code jar}. */
  public static Path build(Path sources, Path jar) throws IOException {
    return build(sources, sources, jar);
  }

  /**
   * Compiles the .java files under {@code sources} into {@code jar}, with the files under
   * {@code resources} that are not .java files.
   */
  public static Path build(Path sources, Path resources, Path jar) throws IOException {
    Path classes = Files.createTempDirectory(jar.getParent(), "classes");
    List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "--release", "17",
        "-classpath", where(Lock.class) + java.io.File.pathSeparator + where(Instr.class)));
    try (Stream<Path> s = Files.walk(sources)) {
      s.filter(p -> p.toString().endsWith(".java")).forEach(p -> args.add(p.toString()));
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    if (javac.run(null, null, null, args.toArray(String[]::new)) != 0) {
      throw new IllegalStateException("javac failed on " + sources + " (its messages are above)");
    }
    try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out)) {
      add(j, classes, p -> true);
      add(j, resources, p -> !p.toString().endsWith(".java"));
    }
    return jar;
  }

  private static void add(JarOutputStream j, Path root, java.util.function.Predicate<Path> keep)
      throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.walk(root)) {
      files = s.filter(Files::isRegularFile).filter(keep).sorted().toList();
    }
    for (Path f : files) {
      j.putNextEntry(new JarEntry(root.relativize(f).toString().replace('\\', '/')));
      j.write(Files.readAllBytes(f));
      j.closeEntry();
    }
  }

  private static String where(Class<?> c) {
    try {
      return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
