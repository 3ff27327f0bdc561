package org.locksim.validation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.locksim.run.Parallel;
import org.locksim.validation.ValidationReport.Result;

/**
 * Runs each reproduction again under every value of each of its {@link StandIn}s, set through
 * the scenario override machinery ({@code --set}). The runs are independent and each is
 * deterministic, so they run on {@code threads} threads and give the same rows for any count.
 */
public final class StandInRuns {
  private StandInRuns() { }

  /** The rows of one reproduction under each value of one stand-in, in value order. */
  public record Table(String reproduction, StandIn standIn, List<List<Row>> rows) { }

  /** One {@link Table} per stand-in of {@code results}' reproductions, in their order. */
  public static List<Table> run(List<Result> results, Path scenarios, int threads) {
    record Job(Result result, StandIn s, StandIn.Choice choice) { }
    List<Job> jobs = new ArrayList<>();
    for (Result r : results) {
      for (StandIn s : r.reproduction().standIns()) {
        for (StandIn.Choice c : s.choices()) {
          jobs.add(new Job(r, s, c));
        }
      }
    }
    List<List<Row>> rows = Parallel.map(jobs, threads, j -> j.result().reproduction()
        .run(ScenarioSource.of(scenarios).withThreads(threads).with(j.s().scenario(), j.choice().sets())));
    List<Table> out = new ArrayList<>();
    int k = 0;
    while (k < jobs.size()) {
      Job j = jobs.get(k);
      int n = j.s().choices().size();
      out.add(new Table(j.result().reproduction().id(), j.s(), List.copyOf(rows.subList(k, k + n))));
      k += n;
    }
    return out;
  }
}
