package org.locksim.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.locksim.cli.SweepBackend;
import org.locksim.cli.SweepPlan;
import org.locksim.scenario.json.InputError;
import org.locksim.sweep.Axis;
import org.locksim.sweep.SweepPoint;
import org.locksim.sweep.SweepRunner;
import scala.jdk.javaapi.CollectionConverters;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;
import scala.runtime.AbstractFunction2;
import scala.runtime.BoxedUnit;

/**
 * A sweep's runs as one Spark job: one task per (point, repeat) still to run, or
 * {@code partitions} tasks each running a share of them. Each task's outcomes come back to the
 * driver as it ends (Spark's result handler, one at a time), where they are journalled and put
 * in their slot; so the table is the same for any partitioning and any order of completion,
 * and a killed job resumes from the journal as a local sweep does.
 */
public final class SparkSweeps implements SweepBackend {
  /** The Spark setting that groups runs into fewer tasks: {@code spark.locksim.partitions}. */
  public static final String PARTITIONS = "spark.locksim.partitions";

  private final Supplier<JavaSparkContext> context;
  private final String master;
  private final Integer partitions;

  /**
   * @param context gives the Spark context when the first run is due (not for bad input)
   * @param master the master's URL, for the line a sweep starts with
   * @param partitions how many tasks to split the runs into, or null for one task per run
   */
  public SparkSweeps(Supplier<JavaSparkContext> context, String master, Integer partitions) {
    this.context = context;
    this.master = master;
    this.partitions = partitions;
  }

  @Override
  public String describe(SweepPlan plan) {
    return "Spark master " + master + ", "
        + (partitions == null ? "one task per run" : partitions + " tasks");
  }

  @Override
  public double[][][] run(SweepPlan plan, SweepRunner.Finished finished, SweepRunner.Progress progress) {
    double[][][] out = plan.known();
    List<RunTask> tasks = tasks(plan);
    if (tasks.isEmpty()) {
      return out;
    }
    JavaSparkContext sc = context.get();
    Broadcast<SweepSource> source = sc.broadcast(source(plan));
    int slices = partitions == null ? tasks.size() : Math.min(partitions, tasks.size());
    JavaRDD<RunTask> rdd = sc.parallelize(tasks, slices);
    int total = plan.runs();
    int[] done = {SweepRunner.done(out)};
    List<Object> all = new ArrayList<>();
    for (int i = 0; i < slices; i++) {
      all.add(i);
    }
    @SuppressWarnings("unchecked")
    ClassTag<ArrayList<RunTask.Outcome>> tag =
        (ClassTag<ArrayList<RunTask.Outcome>>) (ClassTag<?>) ClassTag$.MODULE$.apply(ArrayList.class);
    sc.sc().runJob(rdd.rdd(), new RunPartition(source), CollectionConverters.asScala(all).toSeq(),
        new AbstractFunction2<Object, ArrayList<RunTask.Outcome>, BoxedUnit>() {
          @Override
          public BoxedUnit apply(Object partition, ArrayList<RunTask.Outcome> outcomes) {
            for (RunTask.Outcome o : outcomes) {
              finished.finished(o.point(), o.repeat(), o.figures());
              out[o.point()][o.repeat()] = o.figures();
              progress.finished(++done[0], total);
            }
            return BoxedUnit.UNIT;
          }
        }, tag);
    source.destroy();
    return out;
  }

  /** The runs the plan still lacks, point by point, repeat by repeat. */
  static List<RunTask> tasks(SweepPlan plan) {
    List<RunTask> tasks = new ArrayList<>();
    for (int p = 0; p < plan.points().size(); p++) {
      SweepPoint point = plan.points().get(p);
      List<String> assignments = new ArrayList<>(plan.sets());
      for (int k = 0; k < plan.axes().size(); k++) {
        Axis a = plan.axes().get(k);
        assignments.add(a.path() + "=" + point.values().get(k));
      }
      for (int r = 0; r < plan.repeat(); r++) {
        if (plan.known()[p][r] == null) {
          tasks.add(new RunTask(p, r, SweepRunner.seed(point, plan.seed(), r), assignments,
              point.scenario().variant()));
        }
      }
    }
    return tasks;
  }

  private static SweepSource source(SweepPlan plan) {
    List<SweepSource.PluginBytes> jars = new ArrayList<>();
    for (Path jar : plan.plugins()) {
      try {
        jars.add(new SweepSource.PluginBytes(jar.toString(), Files.readAllBytes(jar)));
      } catch (IOException e) {
        throw InputError.unreadable(jar.toString(), e);
      }
    }
    try {
      return new SweepSource(plan.file().toString(), Files.readString(plan.file()), plan.figures(),
          jars);
    } catch (IOException e) {
      throw InputError.unreadable(plan.file().toString(), e);
    }
  }
}
