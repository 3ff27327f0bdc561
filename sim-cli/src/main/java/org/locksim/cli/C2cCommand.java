package org.locksim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.locksim.c2c.CoreToCore;
import org.locksim.cpu.CpuModel;
import org.locksim.cpu.ModelCatalog;
import org.locksim.metrics.LatencyMatrix;
import org.locksim.report.AtomicOutput;
import org.locksim.report.c2c.LatencyFormat;
import org.locksim.scenario.MachineReader;
import org.locksim.scenario.PlacementReader;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.Location;
import org.locksim.sched.CpuMask;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code locksim c2c MODEL}: the core-to-core latency table of a bundled CPU model, as the
 * core-to-core-latency tool prints it for a real machine: a CAS ping-pong between every pair
 * of CPUs (or of {@code --cpus}), on every core, the same table for any {@code --jobs}.
 */
@Command(name = "c2c", mixinStandardHelpOptions = true,
    description = "Core-to-core latency of a bundled CPU model: two pinned tasks bounce a cache line"
        + " with CAS for every pair of CPUs (round trip / 2, median of samples), then the summary"
        + " by SMT sibling, socket and cluster.")
final class C2cCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(paramLabel = "MODEL", description = "a bundled CPU model (locksim models lists them)")
  String model;

  @Option(names = "--cpus", paramLabel = "LIST", description = "only these CPUs, as taskset -c takes them (0-3,8)")
  String cpus;

  @Option(names = "--json", description = "prints the pairs and summary as JSON instead of the table")
  boolean json;

  @Option(names = {"-o", "--output", "--csv"}, paramLabel = "OUT.csv",
      description = "also writes one CSV row per pair (--csv is its older name)")
  Path csv;

  @Option(names = "--jobs", paramLabel = "N", description = "worker threads (default: one per core)")
  Integer jobs;

  @Option(names = "--samples", paramLabel = "N", defaultValue = "11",
      description = "samples per pair, of which the median is taken (default ${DEFAULT-VALUE})")
  int samples;

  @Option(names = "--round-trips", paramLabel = "N", defaultValue = "100",
      description = "round trips per sample (default ${DEFAULT-VALUE})")
  int roundTrips;

  private static final long PROGRESS_NS = 10_000_000_000L;
  private long lastProgress;

  @Override
  public Integer call() {
    ModelCatalog catalog = ModelCatalog.bundled();
    if (catalog.json(model).isEmpty()) {
      throw InputError.unknownName(new Location("MODEL", "", 0, 0), "CPU model", model, catalog.names());
    }
    CpuModel m = new MachineReader(catalog).bundled(model);
    int[] measured = cpus == null ? CpuMask.all(m.cpuCount()).cpus()
        : PlacementReader.parse(cpus, new Location("--cpus", "", 0, 0), m.cpuCount()).cpus();
    if (measured.length < 2) {
      throw new InputError(new Location(cpus == null ? "MODEL" : "--cpus", "", 0, 0),
          "a core-to-core table needs two CPUs or more; " + (cpus == null ? model + " has one" : "got " + cpus),
          Optional.empty());
    }
    csv = new OutputCheck().written("--output", csv);
    check("--samples", samples, 1, 100_000);
    check("--round-trips", roundTrips, 1, 1_000_000);
    int workers = jobs != null ? jobs : Runtime.getRuntime().availableProcessors();
    check("--jobs", workers, 1, 1024);
    PrintWriter err = spec.commandLine().getErr();
    int pairs = measured.length * (measured.length - 1) / 2;
    err.printf(Locale.ROOT, "locksim: c2c of %s: %d pair%s, %d worker%s%n", model, pairs,
        pairs == 1 ? "" : "s", workers, workers == 1 ? "" : "s");
    err.flush();
    lastProgress = System.nanoTime();
    LatencyMatrix table = CoreToCore.matrix(m, measured, samples, roundTrips, workers,
        (done, all) -> progress(err, done, all));
    if (csv != null) {
      try {
        AtomicOutput.write(csv, out -> LatencyFormat.csv(table, out));
      } catch (IOException e) {
        throw Recording.cannotWrite(csv, e);
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    out.print(json ? LatencyFormat.json(table) : LatencyFormat.text(table));
    out.flush();
    return 0;
  }

  private static void check(String option, int value, int min, int max) {
    if (value < min || value > max) {
      throw new InputError(new Location(option, "", 0, 0), option + " takes from " + min + " to "
          + max + ", got " + value, Optional.empty());
    }
  }

  /** Tells how far the table is, every few seconds, for tables long enough to wonder about. */
  private void progress(PrintWriter err, int done, int all) {
    synchronized (err) {
      long now = System.nanoTime();
      if (done < all && now - lastProgress > PROGRESS_NS) {
        lastProgress = now;
        err.printf(Locale.ROOT, "locksim: c2c: %d of %d pairs done%n", done, all);
        err.flush();
      }
    }
  }
}
