package org.locksim.validation;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.locksim.report.ministat.Summary;
import org.locksim.run.RunResult;
import org.locksim.scenario.Scenario;

/**
 * V3: test before CAS in FreeBSD's sleep mutex (seed 002, Mateusz Guzik, Nov 2015): 40
 * {@code find} processes on tmpfs contending on the mount mutex; mean elapsed time of
 * vanilla, patched and patched2 over the scenario's repeats (9, as in the post), seeds
 * {@code run.seed}, {@code run.seed + 1}, ...
 */
public final class V3TestBeforeCas implements Reproduction {
  private static final String FILE = "v3-freebsd-test-before-cas.json";
  /** The lookup work around each take of the mount mutex, fitted to the first row. */
  static final FittedParameter LOOKUP = new FittedParameter(FILE, "workload.lookup.cycles.mean",
      "lookup work around each take of the mount mutex, cycles");
  @Override
  public String id() {
    return "V3";
  }

  @Override
  public String title() {
    return "Test before CAS in FreeBSD's sleep mutex (seed 002, 2015)";
  }

  @Override
  public String scenario() {
    return "v3-freebsd-test-before-cas.json";
  }

  /**
   * Elapsed seconds of every run: {@code [variant][repeat]}, variants vanilla, patched,
   * patched2. A run that breaks a lock invariant is an error.
   */
  public static double[][] elapsed(Path scenarios) {
    return elapsed(ScenarioSource.of(scenarios));
  }

  static double[][] elapsed(ScenarioSource source) {
    List<Scenario> v = source.load(FILE);
    double[][] out = new double[v.size()][];
    for (int i = 0; i < v.size(); i++) {
      Scenario s = v.get(i);
      out[i] = new double[s.run().repeats()];
      for (int r = 0; r < out[i].length; r++) {
        RunResult result = source.run(s, s.run().seed() + r);
        if (!result.violations().isEmpty()) {
          throw new IllegalStateException(result.label() + ": " + result.violations());
        }
        out[i][r] = result.elapsedSeconds();
      }
    }
    return out;
  }

  static double mean(double[] xs) {
    return Summary.of(xs).mean();
  }

  /** Sample standard deviation relative to the mean, in percent (ministat's Stddev / Avg). */
  static double spreadPct(double[] xs) {
    Summary s = Summary.of(xs);
    return 100 * s.stddev() / s.mean();
  }

  @Override
  public List<Row> run(ScenarioSource source) {
    double[][] e = elapsed(source);
    double[] m = {mean(e[0]), mean(e[1]), mean(e[2])};
    double p = 100 * (m[1] / m[0] - 1);
    double p2 = 100 * (m[2] / m[1] - 1);
    return List.of(
        Row.range("patched vs vanilla", "15.13 -> 9.06 s (-40.1%)", p,
            String.format(Locale.ROOT, "%.4f -> %.4f s (%+.1f%%)", m[0], m[1], p), -50, -30, "-30% to -50%")
            .fit(LOOKUP),
        Row.range("patched2 vs patched", "9.06 -> 8.53 s (-5.9%)", p2,
            String.format(Locale.ROOT, "%.4f -> %.4f s (%+.1f%%)", m[1], m[2], p2), -12, 0, "0% to -12%"),
        Row.range("spread of vanilla over patched", "5.0% vs 3.8% of the mean (x1.3)",
            spreadPct(e[0]) / spreadPct(e[1]),
            String.format(Locale.ROOT, "%.1f%% vs %.1f%% (x%.1f)", spreadPct(e[0]), spreadPct(e[1]),
                spreadPct(e[0]) / spreadPct(e[1])), 1, Double.POSITIVE_INFINITY, "vanilla wider").input());
  }

  @Override
  public List<FittedParameter> fits() {
    return List.of(LOOKUP);
  }

  @Override
  public Map<String, String> kneeNotes() {
    String knee = """
        the fitted lookup work sits on the knee of vanilla's collapse: below it vanilla \
        stays in its CAS storm, above it it hardly falls in, and in between it falls in and \
        out of it from one seed to the next (docs/validation.md, V3, gives the sweep that \
        locates it and docs/model.md, `pathwalk`, why). The fitted row therefore predicts \
        nothing, and is marked a fit.""";
    return Map.of("patched vs vanilla", knee,
        "spread of vanilla over patched", "vanilla's spread comes from its falling in and out "
            + "of collapse near the knee (the row above), so it moves with the work as the "
            + "mean does; it is an input, a row the project added.");
  }

  @Override
  public String notes() {
    return """
        One figure of the scenario is fitted, and it sets the first row: the lookup work
        around each take of the mount mutex (50,000 cycles, 16.7 us at the model's 3.0 GHz on a
        core of its own; 40 processes on 20 hyper-threaded cores share them, so most of it runs
        at 0.625 of that speed), chosen for -40% because the post gives neither the tree nor
        the cost of an entry. Since a CPU's stores are seen in program order in the model
        (docs/model.md, Coherence), the same value gave -47.0%, since the threads of a core
        share its caches -44.2%, and since an owner keeps its line until a read reaches it
        -46.6%, still in the band. Since requests are ordered where they reach their line
        (docs/model.md, Coherence), the 55,500 cycles of the earlier fit gave -6.7%: vanilla
        no longer collapsed there. The work was fitted again, to 50,000 cycles (-42.4% +-
        2.3% over the nine seeds; 48,500 gave -50.1%, 51,500 -28.4%); since an upgrade of a
        shared copy is ordered at the line's home rather than at its issue (docs/model.md,
        Coherence), the same 50,000 cycles give -44.0%, and nothing was fitted again. The
        second row is what the model predicts from there. The spread row is one the project
        added (the post gives the spreads but bands only the means), so it is shown as an
        input. docs/calibration.md gives the three rows with the lookup work 10% lower and
        higher: the fitted row sits on a knee, and a fit there predicts nothing.

        The model's vanilla mutex collapses under load. Every change of owner sends every
        spinner to its CAS at once; the losers read the winner (the load after a failed
        CAS finds the line the CAS left) and spin on it, so the next release meets the same
        storm, and the winner's release queues behind it: a storm of N spinners costs N
        line transfers, and while it lasts more processes arrive and join it. With the
        patch a loser's `v` is still `MTX_UNOWNED`, so it goes on to `turnstile_trywait`
        and queues on the turnstile chain lock, which thins out the spinners on the mount
        mutex, and the mutex never collapses. How often vanilla collapses depends on the
        load (`./locksim sweep scenarios/v3-freebsd-test-before-cas.json --variant vanilla
        --variant patched --vary workload.lookup.cycles.mean=... --repeat 9`): at 47,000
        cycles of lookup work or less it stays collapsed (-55%; -62% at 40,000 with one
        seed), from about 53,000 it hardly does (-22%; -6% at 55,500), and in between it
        falls in and out of collapse (48,500: -50%, 50,000: -42%, 51,500: -28% +- 4%).
        Before requests were ordered where they reach the line it stayed collapsed to
        50,000 (-62%) and the knee lay at 55,000 to 56,000 (55,000: -49%, 55,500: -47%,
        56,000: -41% +- 19%, with 5 seeds); why the collapse now needs more load was not
        traced. The knee moves with the machine: before the home queue it lay at 20.5 us of
        lookup, with every broadcast probe leaving the socket at 33 us, with the socket's own
        cache answering for its cores at 23.7 us, since a read of a line just written blocks
        the line's home until the writer has forwarded it at 25.8 us, and since the two
        hyper-threads of a core share it while both compute (each at 0.625) at 18.5 us of a
        core's own time, about 30 us while the sibling computes too. The fit follows the knee
        wherever the model puts it, which is why it is a fit and not evidence. Vanilla's run-to-run spread near the knee is wide (2.6%
        at the fit over the nine seeds, patched's 0.4%; 10.0% and 0.5% at an earlier fit), as the post's is (5.0% against 3.8%): the real
        system sits near its own knee too.

        patched2 comes out no faster instead of 6% faster. The fast path's read
        before its CAS costs an extra transfer when the lock is free, as it does on x86 (a
        read brings the line shared, the CAS must then upgrade it), and it saves a stolen
        line only when an arriving process finds the lock held, which at this load is one
        take in four. The extra transfer is not the whole story: with the upgrade after the
        read made free (as if the CAS's request for the line overlapped the read's miss, a
        what-if the model does not make), patched2 and patched take the same time (+0.0%).
        At this load the stolen lines the read saves are worth nothing measurable. Over 30
        seeds (`./locksim compare scenarios/v3-freebsd-test-before-cas.json --variant patched
        --variant patched2 --repeat 30 --figure elapsed`) patched2 is 0.19% slower, no
        difference proven at 95%: the model's interval, about -0.2% to +0.6%, does not meet
        the post's, -5.9% +/- 4.3% (-1.6% to -10.2%). So the row's verdict is not noise in
        the model; the model predicts no gain (before hyper-threads shared their cores, it
        predicted a 0.7% loss). The post's author did not defend that part of the patch.
        """;
  }
}
