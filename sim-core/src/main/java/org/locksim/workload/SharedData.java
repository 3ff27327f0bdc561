package org.locksim.workload;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.locksim.lock.Lock;
import org.locksim.machine.CacheLine;
import org.locksim.machine.Machine;

/**
 * The shared lines of one run, made by name when the workload starts: each a word of its own,
 * on a new cache line or on a lock's line ({@link Machine#newLineOn}), so that the coherence
 * model moves it with the lock's words.
 */
final class SharedData {
  private final Map<String, CacheLine> byName = new HashMap<>();

  SharedData(Machine machine, List<DataLine> lines, Map<String, Lock> locks) {
    for (DataLine d : lines) {
      CacheLine home = d.beside() == null ? null : locks.get(d.beside()).line();
      byName.put(d.name(), machine.newLineOn(home, "data " + d.name(), 1));
    }
  }

  /** The accesses of {@code w}'s touches, in order: one line per load or store. */
  Section.Plan plan(Work w) {
    int n = w.accesses();
    CacheLine[] line = new CacheLine[n];
    boolean[] write = new boolean[n];
    boolean[] chained = new boolean[n];
    int i = 0;
    for (Work.Touch t : w.touches()) {
      CacheLine l = byName.get(t.line());
      if (l == null) {
        throw new IllegalArgumentException("no line named " + t.line());
      }
      for (int k = 0; k < t.reads() + t.writes(); k++, i++) {
        line[i] = l;
        write[i] = k >= t.reads();
        chained[i] = t.chained() && k == 0;
      }
    }
    return new Section.Plan(w, line, write, chained);
  }
}
