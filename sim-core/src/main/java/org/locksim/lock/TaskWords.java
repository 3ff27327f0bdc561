package org.locksim.lock;

import java.util.Arrays;
import org.locksim.sched.Task;

/**
 * One word per task that a lock keeps outside simulated memory: what its source keeps in a
 * thread's own variable between its lock and its unlock or from one acquisition to the next
 * (the socket whose queue it joined, a backoff limit), which no other CPU reads and which
 * therefore moves no line. A task that never wrote its word reads 0.
 */
public final class TaskWords {
  private long[] words = new long[0];

  /** {@code t}'s word, or 0 if it never wrote one. */
  public long get(Task t) {
    int id = t.id();
    return id < words.length ? words[id] : 0;
  }

  /** Sets {@code t}'s word. */
  public void set(Task t, long value) {
    int id = t.id();
    if (id >= words.length) {
      words = Arrays.copyOf(words, Math.max(id + 1, 2 * words.length));
    }
    words[id] = value;
  }
}
