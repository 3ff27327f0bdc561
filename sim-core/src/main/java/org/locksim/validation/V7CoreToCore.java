package org.locksim.validation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.locksim.c2c.CoreToCore;
import org.locksim.cpu.CpuModel;
import org.locksim.cpu.CpuSlot;
import org.locksim.cpu.ModelCatalog;
import org.locksim.metrics.PairKind;
import org.locksim.scenario.MachineReader;

/**
 * V7: the core-to-core latency tables the core-to-core-latency tool (nviennot) publishes in its
 * README for four server CPUs: one way (round trip / 2) between SMT siblings, cores of one
 * socket (for the EPYC, inside an 8-core CCX and between CCXs) and sockets; each cell within
 * 15% (VALIDATION.md, V7). The model's figure for a group is the median, over CPU 0 and every
 * other CPU of that group, of {@code locksim c2c}'s ping-pong (11 samples of 100 round trips).
 * These rows calibrate the transfer costs: they check that the ping-pong and the transfer
 * table mean the same thing. A model the catalog lacks gets a row saying so, not a failure.
 */
public final class V7CoreToCore implements Reproduction {
  static final int SAMPLES = 11;
  static final int ROUND_TRIPS = 100;
  static final double BAND_PCT = 15;

  /** Published one-way ns by catalog model and pair group, in the README's column order. */
  static final Map<String, Map<PairKind, Double>> PUBLISHED = new LinkedHashMap<>();

  static {
    PUBLISHED.put("xeon-e5-2695v4-2s", published(44, 0, 118, 7.6));
    PUBLISHED.put("xeon-gold-6242-2s", published(48, 0, 136, 7.4));
    PUBLISHED.put("xeon-8375c-2s", published(51, 0, 108, 8.1));
    PUBLISHED.put("epyc-7r13-2s", published(23, 107, 197, 9.8));
  }

  /** Same socket (within a CCX when {@code otherCluster} is given), other socket, SMT. */
  private static Map<PairKind, Double> published(double sameSocket, double otherCluster,
      double otherSocket, double smt) {
    Map<PairKind, Double> m = new EnumMap<>(PairKind.class);
    if (otherCluster > 0) {
      m.put(PairKind.SAME_CLUSTER, sameSocket);
      m.put(PairKind.OTHER_CLUSTER, otherCluster);
    } else {
      m.put(PairKind.SAME_SOCKET, sameSocket);
    }
    m.put(PairKind.OTHER_SOCKET, otherSocket);
    m.put(PairKind.SMT_SIBLING, smt);
    return m;
  }

  @Override
  public String id() {
    return "V7";
  }

  @Override
  public String title() {
    return "Core-to-core latency tables (nviennot/core-to-core-latency README)";
  }

  @Override
  public String scenario() {
    return "";
  }

  @Override
  public List<Row> run(ScenarioSource source) {
    ModelCatalog catalog = ModelCatalog.bundled();
    MachineReader reader = new MachineReader(catalog);
    List<Row> rows = new ArrayList<>();
    for (var e : PUBLISHED.entrySet()) {
      if (catalog.json(e.getKey()).isEmpty()) {
        for (var p : e.getValue().entrySet()) {
          rows.add(Row.skipped(e.getKey() + " " + p.getKey().label() + ", ns",
              Row.fmt(p.getValue()), "model not in the catalog"));
        }
        continue;
      }
      rows.addAll(rows(reader.bundled(e.getKey()), e.getValue()));
    }
    return rows;
  }

  /** The rows of one model against its published figures. */
  static List<Row> rows(CpuModel model, Map<PairKind, Double> published) {
    Map<PairKind, Double> sim = fromCpuZero(model);
    List<Row> rows = new ArrayList<>();
    for (var p : published.entrySet()) {
      String figure = model.name() + " " + p.getKey().label() + ", ns";
      Double got = sim.get(p.getKey());
      if (got == null) {
        rows.add(Row.range(figure, Row.fmt(p.getValue()), Double.NaN,
            "no such pair in the model", p.getValue() * (1 - BAND_PCT / 100),
            p.getValue() * (1 + BAND_PCT / 100), "+/-15%").input());
      } else {
        // The models' transfer costs were derived from these tables: the rows hold by
        // construction, and show that the ping-pong and the transfer costs mean the same thing.
        rows.add(Row.within(figure, p.getValue(), Math.round(got * 10) / 10.0, BAND_PCT).input());
      }
    }
    return rows;
  }

  /** Per pair group, the median one-way ns between CPU 0 and every other CPU of the group. */
  static Map<PairKind, Double> fromCpuZero(CpuModel model) {
    List<CpuSlot> slots = model.topology().cpus();
    Map<PairKind, List<Double>> byKind = new EnumMap<>(PairKind.class);
    for (int c = 1; c < slots.size(); c++) {
      PairKind k = CoreToCore.kind(model, slots.get(0), slots.get(c));
      byKind.computeIfAbsent(k, x -> new ArrayList<>())
          .add(CoreToCore.oneWayNs(model, c, 0, SAMPLES, ROUND_TRIPS));
    }
    Map<PairKind, Double> out = new EnumMap<>(PairKind.class);
    byKind.forEach((k, v) -> {
      double[] s = v.stream().mapToDouble(Double::doubleValue).sorted().toArray();
      int n = s.length;
      out.put(k, n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2);
    });
    return out;
  }

  @Override
  public String notes() {
    return """
        The published figures are the core-to-core-latency tool's (a CAS ping-pong between two
        pinned threads; round trip / 2, the median of 300 samples of 1,000 round trips), from
        its README; the EPYC 7R13's same-socket figure is split as the README gives it: 23 ns
        inside an 8-core CCX, 107 ns between CCXs. The model runs the same ping-pong
        (`locksim c2c MODEL`): with one line and two CPUs, each one-way trip is the line's
        transfer to the CPU whose CAS takes it, plus that CAS, so these rows check the
        transfer costs of each model together with its CAS cost. They are calibration rows:
        the transfer costs of these models are chosen from the same tables. A model the
        catalog does not hold yet is listed as skipped.
        """;
  }

  @Override
  public String toString() {
    return id() + " " + Arrays.toString(PUBLISHED.keySet().toArray());
  }
}
