package org.locksim.spark;

import java.io.PrintWriter;
import java.util.Optional;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.locksim.cli.Main;
import org.locksim.cli.progress.ProgressOptions;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.Location;

/**
 * What {@code spark-submit --class org.locksim.spark.SparkMain locksim-spark.jar sweep FILE
 * --vary ... --csv OUT} starts: the locksim command line, with its sweeps run as Spark jobs on
 * the master spark-submit names ({@code local[*]} when started without one). Every other
 * command runs as it does in the CLI. The Spark context starts only when a sweep has runs to
 * do, so bad input is reported (exit 2) in a second, not after Spark's start-up.
 */
public final class SparkMain {
  /** The Spark setting for Spark's log level once the context is up (default WARN). */
  public static final String LOG_LEVEL = "spark.locksim.logLevel";

  private SparkMain() {
  }

  public static void main(String[] args) {
    // spark-submit passes its settings as spark.* system properties, which SparkConf reads;
    // they are read here without SparkConf, whose logging would precede a bad-input message.
    String master = System.getProperty("spark.master", "local[*]");
    String setting = System.getProperty(SparkSweeps.PARTITIONS);
    Integer partitions = partitions(setting);
    if (partitions != null && partitions < 1) {
      System.err.println("locksim: " + new InputError(new Location(SparkSweeps.PARTITIONS, "", 1, 1),
          "expected a number of tasks from 1 up, got \"" + setting + "\"", Optional.empty()).format());
      System.exit(Main.BAD_INPUT);
    }
    JavaSparkContext[] started = {null};
    SparkSweeps sweeps = new SparkSweeps(() -> {
      if (started[0] == null) {
        SparkConf conf = new SparkConf().setAppName("locksim " + String.join(" ", args))
            .setIfMissing("spark.master", master);
        started[0] = new JavaSparkContext(conf);
        // Spark logs every task at INFO; the sweep's own progress says how far it is.
        started[0].setLogLevel(conf.get(LOG_LEVEL, "WARN"));
      }
      return started[0];
    }, master, partitions);
    int rc = Main.execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true),
        sweeps, ProgressOptions.stderrIsTerminal());
    if (started[0] != null) {
      started[0].stop();
    }
    System.exit(rc);
  }

  /** The setting's number, null when unset, 0 when it is not a number. */
  private static Integer partitions(String setting) {
    if (setting == null) {
      return null;
    }
    try {
      return Integer.valueOf(setting.strip());
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
