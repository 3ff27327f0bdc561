package org.locksim.plugin;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.List;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.locksim.lock.LockApi;

/**
 * Refuses a plugin whose classes use locksim's internals: every locksim type a class file names
 * (in its constant pool: classes, field and method descriptors, signatures) must belong to the
 * {@link LockApi}, and every method of {@code Kernel} it calls must be a lock primitive. Type
 * names are ASCII in a class file, so they are found in its bytes as they are; a plugin's own
 * classes and the JDK's are not locksim's and pass.
 */
final class ApiCheck {
  private static final Pattern LOCKSIM_TYPE = Pattern.compile("org/locksim/[A-Za-z0-9_/$]+");

  private ApiCheck() { }

  static void check(Path jar, String where) {
    try (JarFile f = new JarFile(jar.toFile())) {
      TreeSet<String> own = new TreeSet<>();
      for (Enumeration<JarEntry> e = f.entries(); e.hasMoreElements(); ) {
        String n = e.nextElement().getName();
        if (n.endsWith(".class")) {
          own.add(n.substring(0, n.length() - ".class".length()));
        }
      }
      for (String cls : own) {
        byte[] bytes;
        try (InputStream in = f.getInputStream(f.getEntry(cls + ".class"))) {
          bytes = in.readAllBytes();
        }
        List<String> calls;
        try {
          calls = ClassFileRefs.methods(bytes);
        } catch (IOException | RuntimeException e) {
          throw PluginJars.error(where, cls.replace('/', '.') + ": not a readable class file ("
              + e.getMessage() + ")");
        }
        for (String call : calls) {
          int dot = call.lastIndexOf('.');
          String owner = call.substring(0, dot).replace('/', '.');
          if (call.startsWith("org/locksim/") && LockApi.allows(owner)
              && !LockApi.allows(owner, call.substring(dot + 1))) {
            throw PluginJars.error(where, cls.replace('/', '.') + " calls " + owner + "."
                + call.substring(dot + 1) + ", which is not a lock primitive; a lock may call only"
                + " the lock API (org.locksim.lock.LockApi, docs/extending.md)");
          }
        }
        Matcher m = LOCKSIM_TYPE.matcher(new String(bytes, StandardCharsets.ISO_8859_1));
        while (m.find()) {
          String used = m.group();
          if (!own.contains(used) && !LockApi.allows(used.replace('/', '.'))) {
            throw PluginJars.error(where, cls.replace('/', '.') + " uses " + used.replace('/', '.')
                + ", which is internal to locksim; a lock may use only the lock API (org.locksim.lock.LockApi,"
                + " docs/extending.md)");
          }
        }
      }
    } catch (IOException e) {
      throw PluginJars.error(where, "not a jar file (" + e.getMessage() + ")");
    }
  }
}
