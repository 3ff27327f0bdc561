package org.locksim.spark;

import java.io.Serializable;
import java.util.ArrayList;
import org.apache.spark.TaskContext;
import org.apache.spark.broadcast.Broadcast;
import scala.collection.Iterator;
import scala.runtime.AbstractFunction2;

/** Runs the tasks of one partition on an executor, and returns their outcomes to the driver. */
final class RunPartition extends AbstractFunction2<TaskContext, Iterator<RunTask>, ArrayList<RunTask.Outcome>>
    implements Serializable {
  private static final long serialVersionUID = 1L;

  private final Broadcast<SweepSource> source;

  RunPartition(Broadcast<SweepSource> source) {
    this.source = source;
  }

  @Override
  public ArrayList<RunTask.Outcome> apply(TaskContext context, Iterator<RunTask> tasks) {
    SweepSource s = source.value();
    ArrayList<RunTask.Outcome> out = new ArrayList<>();
    while (tasks.hasNext()) {
      RunTask t = tasks.next();
      out.add(new RunTask.Outcome(t.point(), t.repeat(), t.run(s)));
    }
    return out;
  }
}
