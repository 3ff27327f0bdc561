package org.locksim.cpu;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The bundled CPU models: JSON resources under {@code org/locksim/cpu/models/}, listed in
 * display order by {@code index.txt}. This class hands out their names and text; the scenario
 * loader parses them, so a bundled model and an inline one go through the same checks.
 */
public final class ModelCatalog {
  private static final String BASE = "/org/locksim/cpu/models/";
  private final List<String> names;

  private ModelCatalog(List<String> names) {
    this.names = List.copyOf(names);
  }

  /** The catalog bundled with this build. */
  public static ModelCatalog bundled() {
    String index = resource(BASE + "index.txt")
        .orElseThrow(() -> new IllegalStateException("the bundled model index is missing"));
    List<String> names = new ArrayList<>();
    for (String line : index.split("\n")) {
      String n = line.strip();
      if (!n.isEmpty() && !n.startsWith("#")) {
        names.add(n);
      }
    }
    return new ModelCatalog(names);
  }

  /** Model names in display order. */
  public List<String> names() {
    return names;
  }

  /** The JSON text of the named model, or empty when there is no such model. */
  public Optional<String> json(String name) {
    if (!names.contains(name)) {
      return Optional.empty();
    }
    return resource(BASE + name + ".json");
  }

  /** Where a model's text comes from, for error messages. */
  public static String resourceName(String name) {
    return "models/" + name + ".json";
  }

  private static Optional<String> resource(String path) {
    try (InputStream in = ModelCatalog.class.getResourceAsStream(path)) {
      if (in == null) {
        return Optional.empty();
      }
      return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
