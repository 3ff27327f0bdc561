#!/usr/bin/env bash
# Measures what the README's "Sweeps on a Spark cluster" section quotes: the wall time of one
# 64-point sweep run by the local runner (--jobs 2) and as a Spark job on local[2], and the
# Spark job's start-up cost (a one-run sweep through Spark minus the same through the CLI).
# Run it after ./mvnw -q -DskipTests package; it prints one line per measurement.
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -pl sim-spark dependency:build-classpath -Dmdep.includeScope=provided \
  -Dmdep.outputFile="$PWD/sim-spark/target/spark.classpath" >/dev/null
# Spark's own jars only: locksim comes from the shaded jar, as under spark-submit.
spark_cp=$(tr ':' '\n' < sim-spark/target/spark.classpath | grep -v '/org/locksim/' | paste -sd:)
opens="-XX:+IgnoreUnrecognizedVMOptions --add-opens=java.base/java.lang=ALL-UNNAMED
  --add-opens=java.base/java.lang.invoke=ALL-UNNAMED --add-opens=java.base/java.lang.reflect=ALL-UNNAMED
  --add-opens=java.base/java.io=ALL-UNNAMED --add-opens=java.base/java.net=ALL-UNNAMED
  --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/java.util=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED
  --add-opens=java.base/jdk.internal.ref=ALL-UNNAMED --add-opens=java.base/sun.nio.ch=ALL-UNNAMED
  --add-opens=java.base/sun.nio.cs=ALL-UNNAMED --add-opens=java.base/sun.security.action=ALL-UNNAMED
  --add-opens=java.base/sun.util.calendar=ALL-UNNAMED -Djdk.reflect.useDirectMethodHandle=false
  -Dio.netty.tryReflectionSetAccessible=true"
spark() {
  # shellcheck disable=SC2086
  java $opens -Dspark.master=local[2] -Dspark.ui.enabled=false -Dspark.driver.host=127.0.0.1 \
    -Dspark.driver.bindAddress=127.0.0.1 -cp "sim-spark/target/locksim-spark.jar:$spark_cp" \
    org.locksim.spark.SparkMain "$@"
}
local_cli() {
  java -jar sim-cli/target/locksim.jar "$@"
}
seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}
out=$(mktemp -d)
tasks=$(seq -s, 4 4 128)   # 32 values x 2 variants = 64 points
sweep=(sweep scenarios/v2-linux-adaptive-spin.json --set run.warmupMs=0 --set run.durationMs=20
  --vary "workload.tasks=$tasks" --figure ops -q)
one=(sweep scenarios/v2-linux-adaptive-spin.json --set run.warmupMs=0 --set run.durationMs=20
  --vary workload.tasks=4 --variant owner-spin --figure ops -q)
for i in 1 2; do
  echo "64 points, local runner --jobs 2: $(seconds local_cli "${sweep[@]}" --jobs 2 --csv "$out/local$i.csv") s"
  echo "64 points, Spark local[2], one task per run: $(seconds spark "${sweep[@]}" --csv "$out/spark$i.csv") s"
  cmp -s "$out/local$i.csv" "$out/spark$i.csv" && echo "  the two CSVs are byte-identical"
  echo "1 run, local runner: $(seconds local_cli "${one[@]}" --csv "$out/one-local$i.csv") s"
  echo "1 run, Spark local[2]: $(seconds spark "${one[@]}" --csv "$out/one-spark$i.csv") s"
done
rm -rf "$out"
