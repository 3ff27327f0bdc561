#!/usr/bin/env bash
# Peak heap of every bundled scenario, run with the CLI in a JVM capped at -Xmx256m (G1, the
# default collector), with and without --trace. Each scenario file runs all its variants once
# (--repeat 1), one after another (--jobs 1: the peak of one run, not of several at once), in one JVM. From the JVM's own GC log: the peak, the largest heap in use before any
# collection or at exit (what the heap reached, garbage included), and the largest heap left
# after a collection (what the run kept; "-" when no collection ran). Prints a Markdown table; exit status 1 if a run fails (an
# OutOfMemoryError included). Run from the project's root: sim-bench/peak-heap.sh [FILE...]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  files=(scenarios/*.json)
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# "PEAK MB | KEPT MB" from a GC log: the "before" side of every "A M->B M(C M)" and the heap used at
# exit for the peak, the "after" side for what was kept.
peak() {
  awk '
    { while (match($0, /[0-9]+M->[0-9]+M\(/)) { v = substr($0, RSTART, RLENGTH - 1); split(v, ab, "M->");
        if (ab[1] + 0 > p) p = ab[1] + 0; if (ab[2] + 0 > k) k = ab[2] + 0; seen = 1;
        $0 = substr($0, RSTART + RLENGTH) } }
    /garbage-first heap/ && /used/ { u = $0; sub(/.*used /, "", u); sub(/K.*/, "", u);
        if (u / 1024 > p) p = u / 1024 }
    END { printf "%.0f MB | %s", p, seen ? sprintf("%.0f MB", k) : "-" }' "$1"
}
run() {  # run FILE LOG [extra args]: prints "MB wall-s" or "failed"
  local file="$1" log="$2"; shift 2
  local t0 t1
  t0=$(date +%s.%N)
  if LOCKSIM_JAVA_OPTS="-Xmx256m -Xlog:gc:file=$log -Xlog:gc+heap+exit:file=$log.exit" \
      ./locksim run "$file" --repeat 1 --jobs 1 -q "$@" > "$work/out" 2> "$work/err"; then
    t1=$(date +%s.%N)
    cat "$log.exit" >> "$log"
    printf '%s | %.1f s' "$(peak "$log")" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')"
  else
    printf 'failed (%s)' "$(grep -m1 -o 'OutOfMemoryError\|Exception[^:]*' "$work/err" || echo "exit $?")"
    return 1
  fi
}
./locksim --help > /dev/null  # builds the CLI first, outside any measurement
status=0
echo "| scenario (all variants, --repeat 1) | peak heap | kept after GC | wall |\
 peak heap, --trace | kept after GC, --trace | wall, --trace |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for f in "${files[@]}"; do
  plain="$(run "$f" "$work/gc-plain.log")" || status=1
  traced="$(run "$f" "$work/gc-trace.log" --trace "$work/run.lst")" || status=1
  rm -f "$work"/gc-*.log* "$work"/run.lst*
  echo "| \`$f\` | $plain | $traced |"
done
exit $status
