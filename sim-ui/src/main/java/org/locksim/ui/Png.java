package org.locksim.ui;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;

/** Writes what a node shows as a PNG file, atomically (a reader never sees half a picture). */
final class Png {
  private Png() { }

  /** Renders {@code node} (on the JavaFX thread) and writes it to {@code file}. */
  static void write(Node node, Path file) throws IOException {
    WritableImage image = node.snapshot(null, null);
    BufferedImage rgb = SwingFXUtils.fromFXImage(image, null);
    Path dir = file.toAbsolutePath().getParent();
    Path tmp = Files.createTempFile(dir, ".locksim-", ".png");
    try {
      if (!ImageIO.write(rgb, "png", tmp.toFile())) {
        throw new IOException("no PNG writer in this Java");
      }
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }
}
