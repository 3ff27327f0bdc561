package org.locksim.report.c2c;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.Writer;
import java.util.Locale;
import org.locksim.metrics.LatencyMatrix;

/**
 * Writes a {@link LatencyMatrix}. The text is the core-to-core-latency tool's layout: a
 * heading, the lower triangle of the matrix (one row per CPU, one column per lower CPU,
 * nanoseconds with one decimal), then the summary: each group's pairs, median, least and
 * greatest, and the table's least, greatest and mean pair. CSV has one row per pair, JSON
 * the same pairs and the summary.
 */
public final class LatencyFormat {
  private static final ObjectMapper MAPPER = new ObjectMapper()
      .enable(SerializationFeature.INDENT_OUTPUT);

  private LatencyFormat() { }

  /** The heading, matrix and summary. */
  public static String text(LatencyMatrix m) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "%s: CAS ping-pong, one way (round trip / 2) in ns,"
        + " median of %d samples of %d round trips%n%n", m.model(), m.samples(), m.roundTrips()));
    int[] cpus = m.cpus();
    int width = Math.max(6, 2 + Integer.toString(cpus[cpus.length - 1]).length());
    for (int j = 0; j < cpus.length - 1; j++) {
      sb.append(String.format(Locale.ROOT, j == 0 ? "%" + (width + 5) + "d" : "%" + width + "d", cpus[j]));
    }
    sb.append('\n');
    for (int i = 1; i < cpus.length; i++) {
      sb.append(String.format(Locale.ROOT, "%5d", cpus[i]));
      for (int j = 0; j < i; j++) {
        sb.append(String.format(Locale.ROOT, "%" + width + ".1f", m.ns()[i][j]));
      }
      sb.append('\n');
    }
    sb.append(String.format(Locale.ROOT, "%n%-20s %7s %9s %9s %9s%n", "", "pairs", "median", "min", "max"));
    for (LatencyMatrix.Group g : m.summary()) {
      sb.append(String.format(Locale.ROOT, "%-20s %7d %9.1f %9.1f %9.1f%n", g.label(), g.pairs(),
          g.median(), g.min(), g.max()));
    }
    LatencyMatrix.Pair min = m.min();
    LatencyMatrix.Pair max = m.max();
    sb.append(String.format(Locale.ROOT, "%nMin  latency: %.1f ns, CPUs (%d,%d), %s%n", min.ns(),
        min.ping(), min.pong(), min.kind().label()));
    sb.append(String.format(Locale.ROOT, "Max  latency: %.1f ns, CPUs (%d,%d), %s%n", max.ns(),
        max.ping(), max.pong(), max.kind().label()));
    sb.append(String.format(Locale.ROOT, "Mean latency: %.1f ns%n", m.mean()));
    return sb.toString();
  }

  /** One row per pair: {@code ping,pong,pair,one_way_ns}. */
  public static void csv(LatencyMatrix m, Writer out) throws IOException {
    out.write("ping,pong,pair,one_way_ns\n");
    for (LatencyMatrix.Pair p : m.pairs()) {
      out.write(String.format(Locale.ROOT, "%d,%d,%s,%.3f%n", p.ping(), p.pong(), p.kind().label(),
          p.ns()));
    }
  }

  /** The pairs and the summary as JSON ({@code locksim-c2c/1}). */
  public static String json(LatencyMatrix m) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("format", "locksim-c2c/1");
    root.put("model", m.model());
    root.put("samples", m.samples());
    root.put("roundTrips", m.roundTrips());
    ArrayNode cpus = root.putArray("cpus");
    for (int c : m.cpus()) {
      cpus.add(c);
    }
    ArrayNode pairs = root.putArray("pairs");
    for (LatencyMatrix.Pair p : m.pairs()) {
      ObjectNode o = pairs.addObject();
      o.put("ping", p.ping());
      o.put("pong", p.pong());
      o.put("pair", p.kind().label());
      o.put("oneWayNs", round(p.ns()));
    }
    ArrayNode summary = root.putArray("summary");
    for (LatencyMatrix.Group g : m.summary()) {
      ObjectNode o = summary.addObject();
      o.put("group", g.label().strip());
      o.put("pairs", g.pairs());
      o.put("medianNs", round(g.median()));
      o.put("minNs", round(g.min()));
      o.put("maxNs", round(g.max()));
    }
    extreme(root.putObject("min"), m.min());
    extreme(root.putObject("max"), m.max());
    root.put("meanNs", round(m.mean()));
    try {
      return MAPPER.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void extreme(ObjectNode o, LatencyMatrix.Pair p) {
    o.put("ping", p.ping());
    o.put("pong", p.pong());
    o.put("pair", p.kind().label());
    o.put("oneWayNs", round(p.ns()));
  }

  /** Picosecond resolution, so that JSON shows no binary fractions. */
  private static double round(double ns) {
    return Math.round(ns * 1000) / 1000.0;
  }
}
