package org.locksim.plugin;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.jar.JarFile;
import org.locksim.lock.LockProvider;
import org.locksim.lock.LockRegistry;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.Location;

/**
 * Loads plugin jars into a registry. Each jar gets a class loader of its own whose parent is
 * locksim's, so a plugin sees locksim's classes and its own; its {@link LockProvider}s are those
 * its {@code META-INF/services/org.locksim.lock.LockProvider} file names. What can go wrong is
 * bad input, reported in one line that names the jar and, where there is one, the class: a
 * missing or unreadable file, a file that is not a jar, a jar without the service file, a
 * provider class that is missing, is not a {@code LockProvider} or whose constructor throws, a
 * provider whose {@code register} throws, a name taken by a bundled algorithm or another
 * plugin's, and a class that uses a locksim type outside the {@link org.locksim.lock.LockApi}.
 */
public final class PluginJars {
  /** The start of a plugin class loader's name; the jar's path follows. */
  static final String LOADER = "plugin ";

  /** Where a plugin jar lists its providers. */
  public static final String SERVICE_FILE = "META-INF/services/" + LockProvider.class.getName();

  private PluginJars() { }

  /** The bundled algorithms and those of {@code jars}, in that order. */
  public static LockRegistry registry(List<Path> jars) {
    LockRegistry registry = LockRegistry.standard();
    for (Path jar : jars) {
      load(registry, jar);
    }
    return registry;
  }

  /** Adds the algorithms of {@code jar} to {@code registry}. */
  public static void load(LockRegistry registry, Path jar) {
    String where = jar.toString();
    checkJar(jar, where);
    URLClassLoader loader = new URLClassLoader(LOADER + where, new URL[] {url(jar, where)},
        LockProvider.class.getClassLoader());
    if (loader.findResource(SERVICE_FILE) == null) {
      throw error(where, "not a locksim plugin: the jar has no " + SERVICE_FILE
          + " naming its LockProvider classes");
    }
    ApiCheck.check(jar, where);
    int providers = 0;
    try {
      for (ServiceLoader.Provider<LockProvider> p
          : ServiceLoader.load(LockProvider.class, loader).stream().toList()) {
        if (p.type().getClassLoader() == loader) {
          add(registry, where, p);
          providers++;
        }
      }
    } catch (ServiceConfigurationError e) {
      throw error(where, describe(e));
    }
    if (providers == 0) {
      throw error(where, "not a locksim plugin: " + SERVICE_FILE + " names no class of the jar");
    }
  }

  /**
   * The error to report when {@code t}, or one of its causes, was thrown from a plugin's code
   * (a lock step that throws in the middle of a run): the jar, the class and method, and what
   * was thrown. Empty when no plugin code is on its stack.
   */
  public static Optional<InputError> blame(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      for (StackTraceElement f : c.getStackTrace()) {
        String loader = f.getClassLoaderName();
        if (loader != null && loader.startsWith(LOADER)) {
          return Optional.of(error(loader.substring(LOADER.length()), f.getClassName() + "."
              + f.getMethodName() + " threw " + thrown(c)));
        }
      }
    }
    return Optional.empty();
  }

  private static void add(LockRegistry registry, String where, ServiceLoader.Provider<LockProvider> p) {
    String cls = p.type().getName();
    LockProvider provider;
    try {
      provider = p.get();
    } catch (ServiceConfigurationError e) {
      throw error(where, cls + ": cannot be made: " + thrown(e.getCause() != null ? e.getCause() : e));
    }
    LockRegistry own = new LockRegistry(where);
    try {
      provider.register(own);
    } catch (RuntimeException | LinkageError e) {
      throw error(where, cls + ": register threw " + thrown(e));
    }
    for (LockRegistry.Entry e : own.entries()) {
      try {
        registry.add(new LockRegistry.Entry(e.name(), e.summary(), e.params(),
            new GuardedFactory(where, e.type().getName(), e.factory()), e.type(), where));
      } catch (IllegalArgumentException clash) {
        throw error(where, cls + ": " + clash.getMessage());
      }
    }
  }

  private static void checkJar(Path jar, String where) {
    if (!Files.isRegularFile(jar)) {
      throw error(where, Files.exists(jar) ? "cannot read plugin jar: not a file" : "cannot read plugin jar: no such file");
    }
    try (JarFile f = new JarFile(jar.toFile())) {
      f.size();
    } catch (IOException e) {
      throw error(where, "not a jar file (" + (e.getMessage() == null ? "unreadable" : e.getMessage()) + ")");
    }
  }

  private static URL url(Path jar, String where) {
    try {
      return jar.toUri().toURL();
    } catch (MalformedURLException e) {
      throw error(where, "cannot read plugin jar: " + e.getMessage());
    }
  }

  /** ServiceLoader's message without its "org.locksim.lock.LockProvider: " prefix. */
  private static String describe(ServiceConfigurationError e) {
    String m = String.valueOf(e.getMessage());
    String prefix = LockProvider.class.getName() + ": ";
    return m.startsWith(prefix) ? m.substring(prefix.length()) : m;
  }

  /** A throwable's class and message, for one line. */
  static String thrown(Throwable t) {
    return t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
  }

  static InputError error(String jar, String message) {
    return new InputError(Location.ofFile(jar), message, Optional.empty());
  }
}
