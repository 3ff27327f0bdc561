package org.locksim.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns a JMH result file ({@code -rf json}) into the Markdown tables of docs/performance.md:
 * {@code queue} for {@code EventQueueBench} (hold operations per second and each queue's ratio to
 * SSJ's event lists at the same number of pending events), {@code runs} for the end-to-end
 * benchmarks (wall seconds per run, simulated seconds per wall second, events per acquisition,
 * wall microseconds per acquisition, read from {@code RunFigures}' counters), {@code frame} for
 * {@code FrameBench} (milliseconds per frame of the timeline, reading every interval per frame
 * beside reading the level-of-detail index, per size of trace and view). Usage:
 * {@code java -cp sim-bench/target/benchmarks.jar org.locksim.bench.report.JmhTables queue|runs|frame FILE.json}.
 */
public final class JmhTables {
  private JmhTables() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 2 || !List.of("queue", "runs", "frame").contains(args[0])) {
      System.err.println("usage: JmhTables queue|runs|frame RESULT.json");
      System.exit(2);
    }
    JsonNode rows = new ObjectMapper().readTree(Path.of(args[1]).toFile());
    System.out.print(switch (args[0]) {
      case "queue" -> queue(rows);
      case "runs" -> runs(rows);
      default -> frame(rows);
    });
  }

  static String frame(JsonNode rows) {
    Map<Long, Map<String, Map<String, JsonNode>>> bySize = new TreeMap<>();
    List<String> views = new ArrayList<>();
    for (JsonNode r : rows) {
      if (r.get("benchmark").asText().endsWith("FrameBench.frame")) {
        JsonNode p = r.get("params");
        String view = p.get("view").asText();
        if (!views.contains(view)) {
          views.add(view);
        }
        bySize.computeIfAbsent(p.get("records").asLong(), k -> new TreeMap<>())
            .computeIfAbsent(view, k -> new TreeMap<>()).put(p.get("lod").asText(), r.get("primaryMetric"));
      }
    }
    StringBuilder out = new StringBuilder("| records (about) | view | ms per frame, per-frame reading"
        + " (± 99.9%) | ms per frame, index (± 99.9%) | x faster |\n|---:|---|---:|---:|---:|\n");
    bySize.forEach((records, byView) -> views.stream().filter(byView::containsKey).forEach(v -> {
      Map<String, JsonNode> m = byView.get(v);
      JsonNode before = m.get("per-frame");
      JsonNode after = m.get("index");
      out.append(String.format(Locale.ROOT, "| %,d | %s | %s | %s | %s |%n", records, v,
          before == null ? "" : plusMinus(before, 1, ""), after == null ? "" : plusMinus(after, 1, ""),
          before == null || after == null ? "" : ratio(before, after)));
    }));
    return out.toString();
  }

  static String queue(JsonNode rows) {
    Map<Integer, Map<String, JsonNode>> byPending = new TreeMap<>();
    for (JsonNode r : rows) {
      if (r.get("benchmark").asText().endsWith("EventQueueBench.hold")) {
        byPending.computeIfAbsent(r.get("params").get("pending").asInt(), k -> new TreeMap<>())
            .put(r.get("params").get("queue").asText(), r.get("primaryMetric"));
      }
    }
    StringBuilder out = new StringBuilder(
        "| pending | queue | holds per s (± 99.9%) | x ssj-splay-tree | x ssj-henriksen |\n"
            + "|---:|---|---:|---:|---:|\n");
    byPending.forEach((pending, queues) -> queues.forEach((name, m) -> out.append(String.format(
        Locale.ROOT, "| %,d | %s | %s | %s | %s |%n", pending, name, plusMinus(m, 1e6, "M"),
        ratio(m, queues.get("ssj-splay-tree")), ratio(m, queues.get("ssj-henriksen"))))));
    return out.toString();
  }

  static String runs(JsonNode rows) {
    StringBuilder out = new StringBuilder(
        "| benchmark | parameters | wall s per run (± 99.9%) | simulated s per wall s | events per acquisition"
            + " | wall us per acquisition |\n|---|---|---:|---:|---:|---:|\n");
    for (JsonNode r : rows) {
      String name = r.get("benchmark").asText();
      JsonNode sec = r.get("secondaryMetrics");
      if (sec == null || !sec.has("simulatedSeconds")) {
        continue;
      }
      // AverageTime reports each counter as wall seconds per unit counted.
      double wallPerSimulated = sec.get("simulatedSeconds").get("score").asDouble();
      double wallPerEvent = sec.get("events").get("score").asDouble();
      double wallPerAcquisition = sec.get("acquisitions").get("score").asDouble();
      List<String> params = new ArrayList<>();
      r.get("params").fields().forEachRemaining(e -> params.add(e.getKey() + "=" + e.getValue().asText()));
      out.append(String.format(Locale.ROOT, "| %s | %s | %s | %.3f | %.1f | %.2f |%n",
          name.substring(name.lastIndexOf('.', name.lastIndexOf('.') - 1) + 1), String.join(" ", params),
          plusMinus(r.get("primaryMetric"), 1, ""), 1 / wallPerSimulated, wallPerAcquisition / wallPerEvent,
          wallPerAcquisition * 1e6));
    }
    return out.toString();
  }

  private static String plusMinus(JsonNode metric, double unit, String suffix) {
    double score = metric.get("score").asDouble() / unit;
    double error = metric.get("scoreError").asDouble() / unit;
    return Double.isNaN(error)
        ? String.format(Locale.ROOT, "%.2f%s", score, suffix)
        : String.format(Locale.ROOT, "%.2f%s ± %.2f%s", score, suffix, error, suffix);
  }

  private static String ratio(JsonNode metric, JsonNode peer) {
    return peer == null ? "" : String.format(Locale.ROOT, "%.1f",
        metric.get("score").asDouble() / peer.get("score").asDouble());
  }
}
