package org.locksim.validation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.locksim.run.Parallel;
import org.locksim.validation.ValidationReport.Result;

/**
 * Computes the sensitivity of every fitted parameter: each reproduction that has fit rows is
 * run again with each parameter at -10% and at +10% of its value, set through the scenario
 * override machinery ({@code --set}). The runs are independent and each is deterministic, so
 * they run on {@code threads} threads and give the same figures for any count.
 */
public final class SensitivityRuns {
  private SensitivityRuns() { }

  /** The fitted parameters named by {@code r}'s rows, in row order, each once. */
  public static List<FittedParameter> fits(Result r) {
    Set<FittedParameter> out = new LinkedHashSet<>();
    r.rows().stream().filter(x -> x.kind() == Row.Kind.FIT).forEach(x -> out.add(x.fitted()));
    return List.copyOf(out);
  }

  /** One {@link Sensitivity} per fitted parameter of {@code results}, in their order. */
  public static List<Sensitivity> run(List<Result> results, Path scenarios, int threads) {
    record Job(Result result, FittedParameter p, double factor) { }
    List<Job> jobs = new ArrayList<>();
    for (Result r : results) {
      for (FittedParameter p : fits(r)) {
        jobs.add(new Job(r, p, 1 - Sensitivity.STEP));
        jobs.add(new Job(r, p, 1 + Sensitivity.STEP));
      }
    }
    List<List<Row>> rows = Parallel.map(jobs, threads, j -> moved(j.result().reproduction(), scenarios, j.p(), j.factor(), threads));
    List<Sensitivity> out = new ArrayList<>();
    for (int k = 0; k < jobs.size(); k += 2) {
      Job j = jobs.get(k);
      List<Row> base = j.result().rows();
      List<Sensitivity.Move> moves = new ArrayList<>();
      for (int i = 0; i < base.size(); i++) {
        moves.add(new Sensitivity.Move(base.get(i), rows.get(k).get(i).measure(), rows.get(k + 1).get(i).measure()));
      }
      out.add(new Sensitivity(j.result().reproduction().id(), j.p(),
          ParameterValues.text(ParameterValues.read(scenarios, j.p())), moves));
    }
    return out;
  }

  private static List<Row> moved(Reproduction r, Path scenarios, FittedParameter p, double factor, int threads) {
    return r.run(ScenarioSource.of(scenarios).withThreads(threads).with(p.scenario(), ParameterValues.scaled(scenarios, p, factor)));
  }
}
