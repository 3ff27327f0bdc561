package org.locksim.io;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The partial file an output is written to before it is renamed over its target, so that a
 * reader never sees half of it: shared by every writer of atomic outputs (reports, traces).
 */
public final class PartialFiles {
  private PartialFiles() {
  }

  /**
   * Creates an empty hidden {@code .NAME.<random>.partial} file next to {@code target} with the
   * default permissions (subject to the umask, unlike {@code Files.createTempFile}'s owner-only
   * ones), so that the renamed result is readable as any new file would be.
   */
  public static Path create(Path target) throws IOException {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    for (int attempt = 0; ; attempt++) {
      Path p = target.resolveSibling("." + target.getFileName() + "."
          + Long.toUnsignedString(random.nextLong(), 36) + ".partial");
      try {
        return Files.createFile(p);
      } catch (FileAlreadyExistsException e) {
        if (attempt > 100) {
          throw e;
        }
      }
    }
  }
}
