/**
 * {@code locksim sweep} as an Apache Spark job: the same arguments, parsed and checked by the
 * CLI's own sweep command, with each (point, repeat) run as one Spark task on the cluster's
 * executors. {@link org.locksim.spark.SparkMain} is what {@code spark-submit} starts,
 * {@link org.locksim.spark.SparkSweeps} hands the runs to Spark, {@link org.locksim.spark.RunTask}
 * is one run as a task carries it and {@link org.locksim.spark.RunPartition} runs a partition's
 * tasks on an executor. Results come back to the driver as tasks end, are journalled there as
 * the local sweep journals them, and land in the slot of their point and repeat, so the table
 * and CSV are the local sweep's whatever the partitioning.
 */
package org.locksim.spark;
