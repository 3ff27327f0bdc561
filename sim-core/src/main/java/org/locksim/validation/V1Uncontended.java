package org.locksim.validation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.locksim.run.RunResult;
import org.locksim.scenario.Scenario;

/**
 * V1: uncontended lock cost, FreeBSD, Pentium III and Pentium 4 (seed 004, Robert Watson's
 * revised table of Nov 2004): cycles per acquire plus release, every cell within 15%, the UP
 * saving of the store release over {@code xchg} within 25%.
 */
public final class V1Uncontended implements Reproduction {
  /** Published cycles: PIII, P4. */
  static final Map<String, double[]> PUBLISHED = new LinkedHashMap<>();

  static {
    PUBLISHED.put("sleep-up", new double[] {21, 39});
    PUBLISHED.put("sleep-smp", new double[] {81, 260});
    PUBLISHED.put("crit-up", new double[] {83, 120});
    PUBLISHED.put("crit-smp", new double[] {81, 119});
    PUBLISHED.put("spin-xchg-up", new double[] {112, 274});
    PUBLISHED.put("spin-xchg-smp", new double[] {141, 342});
    PUBLISHED.put("spin-store-up", new double[] {95, 132});
    PUBLISHED.put("spin-store-smp", new double[] {141, 231});
  }

  @Override
  public String id() {
    return "V1";
  }

  @Override
  public String title() {
    return "Uncontended lock cost, FreeBSD, Pentium III and Pentium 4 (seed 004, 2004)";
  }

  @Override
  public String scenario() {
    return "v1-pentium3.json, v1-pentium4.json";
  }

  /**
   * The costs fitted to cells of {@code cpu}'s scenario, by the variant whose cell each was
   * solved from (docs/cpu-models.md, "V1 fit"). The interrupt toggles are fitted as a sum;
   * their split is an estimate, and they move together.
   */
  static Map<String, FittedParameter> fits(String cpu) {
    String file = "v1-" + cpu + ".json";
    Map<String, FittedParameter> m = new LinkedHashMap<>();
    m.put("sleep-up", new FittedParameter(file, "machine.costs.cmpxchg.value", "`cmpxchg`, cycles"));
    m.put("sleep-smp", new FittedParameter(file, "machine.costs.lockCmpxchg.value", "`lock cmpxchg`, cycles"));
    m.put("crit-up", new FittedParameter(file,
        List.of("machine.costs.intrDisable.value", "machine.costs.intrRestore.value"),
        "`pushfl; cli` and `popfl`, cycles (their sum is fitted, the split is an estimate)"));
    m.put("spin-xchg-up", new FittedParameter(file, "machine.costs.xchg.value", "`xchg`, cycles"));
    return m;
  }

  /** Simulated cycles per pair by variant, for {@code cpu} ({@code pentium3}, {@code pentium4}). */
  public static Map<String, Double> cycles(Path scenarios, String cpu) {
    return cycles(ScenarioSource.of(scenarios), cpu);
  }

  static Map<String, Double> cycles(ScenarioSource source, String cpu) {
    Map<String, Double> out = new LinkedHashMap<>();
    for (Scenario s : source.load("v1-" + cpu + ".json")) {
      RunResult r = source.run(s, s.run().seed());
      if (!r.violations().isEmpty()) {
        throw new IllegalStateException(s.label() + ": " + r.violations());
      }
      out.put(s.variant(), r.cyclesPerOp());
    }
    return out;
  }

  @Override
  public List<Row> run(ScenarioSource source) {
    List<Row> rows = new ArrayList<>();
    String[] cpus = {"pentium3", "pentium4"};
    for (int col = 0; col < 2; col++) {
      Map<String, Double> sim = cycles(source, cpus[col]);
      Map<String, FittedParameter> fits = fits(cpus[col]);
      for (var e : PUBLISHED.entrySet()) {
        Row row = Row.within(cpus[col] + " " + e.getKey(), e.getValue()[col], sim.get(e.getKey()), 15);
        rows.add(fits.containsKey(e.getKey()) ? row.fit(fits.get(e.getKey())) : row);
      }
      double pub = PUBLISHED.get("spin-xchg-up")[col] - PUBLISHED.get("spin-store-up")[col];
      double got = sim.get("spin-xchg-up") - sim.get("spin-store-up");
      rows.add(Row.within(cpus[col] + " UP saving, store vs xchg release", pub, got, 25));
    }
    return rows;
  }

  @Override
  public List<FittedParameter> fits() {
    List<FittedParameter> out = new ArrayList<>(fits("pentium3").values());
    out.addAll(fits("pentium4").values());
    return out;
  }

  @Override
  public String notes() {
    return """
        Every cell adds up cost-table entries along the FreeBSD code path, on an inline fast
        path. The sleep mutex is two `cmpxchg` (locked on SMP), each with the fast path's test
        of its result; the critical section is
        `critical_enter` + `critical_exit` (a call, a load and a store of `td_critnest` each,
        plus `pushfl; cli` and `popfl`); the spin mutex is the critical section plus a
        `cmpxchg` and its test, the recursion check (a load) and the release, an `xchg` (locked on UP and
        SMP alike: its lock is implicit) or a plain store. The PIII and P4 costs of `cmpxchg`,
        `lock cmpxchg` and `xchg` are fitted to three cells each (sleep UP, sleep SMP, spin
        xchg UP) and the critical-section UP cell fixes the interrupt-toggle pair; the other
        cells are predictions.

        Residuals, not closed on purpose: the P4 SMP spin mutex with `xchg` release (+12.4%:
        the real CPU overlaps two back-to-back locked operations, the model adds them), and
        the PIII SMP spin mutex with store release (-9.6%: the thread notes this cell did not
        move with the change; no per-instruction cost explains it). The SMP critical-section
        cells equal the UP ones; the measurements differ by one or two cycles, within their
        stated 0 to 3 cycles of standard deviation.
        """;
  }
}
