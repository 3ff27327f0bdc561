package org.locksim.cli;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the bundled scenarios wherever {@code locksim} is started from: the {@code scenarios}
 * folder of the installation the command runs from (the launcher's folder, which it passes as
 * {@code locksim.home}, or the checkout whose {@code sim-cli/target} holds the jar), else the
 * copy packed into the jar itself. The working directory plays no part, so {@code validate}
 * gives the same table from any directory.
 */
final class BundledScenarios {
  /** The system property the launcher sets to its own folder. */
  static final String HOME = "locksim.home";
  /** Where the build packs the scenarios inside the jar (and the test classpath). */
  static final String RESOURCE = "/scenarios";
  /** A file every bundled scenarios folder holds. */
  static final String MARKER = "reference.json";

  private BundledScenarios() {
  }

  /** The bundled scenarios folder: next to the installation, else inside the jar. */
  static Path folder() {
    return nextToInstallation().or(BundledScenarios::packed)
        .orElseThrow(() -> new IllegalStateException("no bundled scenarios next to the installation or in the jar"));
  }

  /**
   * {@code HOME/scenarios}; else the scenarios beside the jar, or the checkout's when the jar (or
   * the classes) is in {@code sim-cli/target}.
   */
  static Optional<Path> nextToInstallation() {
    String home = System.getProperty(HOME);
    if (home != null && !home.isBlank()) {
      Optional<Path> p = holding(Path.of(home).resolve("scenarios"));
      if (p.isPresent()) {
        return p;
      }
    }
    return codeLocation().flatMap(code -> {
      Path dir = code.getParent();
      Optional<Path> beside = holding(dir.resolve("scenarios"));
      // A build in a checkout: sim-cli/target/locksim.jar, or sim-cli/target/classes.
      boolean inCheckout = dir.getFileName() != null && dir.getFileName().toString().equals("target")
          && dir.getParent() != null && dir.getParent().getFileName() != null
          && dir.getParent().getFileName().toString().equals("sim-cli");
      return beside.isPresent() || !inCheckout ? beside : holding(dir.getParent().resolveSibling("scenarios"));
    });
  }

  /** The scenarios packed as resources: a folder on the test classpath, a folder of the jar otherwise. */
  static Optional<Path> packed() {
    URL url = BundledScenarios.class.getResource(RESOURCE + "/" + MARKER);
    if (url == null) {
      return Optional.empty();
    }
    try {
      URI uri = url.toURI();
      if (uri.getScheme().equals("jar")) {
        return Optional.of(jarFileSystem(uri).getPath(RESOURCE));
      }
      return Optional.of(Path.of(uri).getParent());
    } catch (URISyntaxException | IOException e) {
      return Optional.empty();
    }
  }

  private static FileSystem jarFileSystem(URI uri) throws IOException {
    try {
      return FileSystems.newFileSystem(uri, Map.of());
    } catch (FileSystemAlreadyExistsException e) {
      return FileSystems.getFileSystem(uri);
    }
  }

  private static Optional<Path> codeLocation() {
    try {
      CodeSource src = BundledScenarios.class.getProtectionDomain().getCodeSource();
      return src == null ? Optional.empty() : Optional.of(Path.of(src.getLocation().toURI()).toAbsolutePath());
    } catch (URISyntaxException | IllegalArgumentException | SecurityException e) {
      return Optional.empty();
    }
  }

  private static Optional<Path> holding(Path dir) {
    return Files.isRegularFile(dir.resolve(MARKER)) ? Optional.of(dir) : Optional.empty();
  }
}
