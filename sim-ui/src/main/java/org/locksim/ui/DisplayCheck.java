package org.locksim.ui;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Says, before JavaFX tries and fails with a stack trace, why the window cannot open: on Linux
 * and the BSDs JavaFX draws through GTK 3 on an X11 or Wayland display, which the environment
 * names in {@code DISPLAY} or {@code WAYLAND_DISPLAY}. Windows and macOS always have one.
 */
final class DisplayCheck {
  static final String HOW = "render a picture instead with --snapshot OUT.png, or run it on a"
      + " desktop (on Linux JavaFX also needs GTK 3: apt-get install libgtk-3-0)";

  private DisplayCheck() { }

  /** Returns why no window can open under {@code env} on {@code osName}, or empty if it can. */
  static Optional<String> missing(Map<String, String> env, String osName) {
    String os = osName.toLowerCase(Locale.ROOT);
    if (os.startsWith("windows") || os.startsWith("mac")) {
      return Optional.empty();
    }
    if (blank(env.get("DISPLAY")) && blank(env.get("WAYLAND_DISPLAY"))) {
      return Optional.of("no display (DISPLAY and WAYLAND_DISPLAY are not set): " + HOW);
    }
    return Optional.empty();
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }
}
