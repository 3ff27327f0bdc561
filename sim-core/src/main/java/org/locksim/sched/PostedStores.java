package org.locksim.sched;

import java.util.ArrayDeque;
import org.locksim.machine.CacheLine;
import org.locksim.machine.Coherence;
import org.locksim.machine.RequestWays;

/**
 * Per CPU, the posted stores on their way to their lines. A store the CPU does not wait for (it
 * goes on after the instruction while the store waits in its store buffer) is still ordered
 * against other CPUs' requests where it reaches its line ({@link RequestWays#reachPs}), as a load
 * or an atomic is; so a lock's release that must fetch the lock word from a waiter on the other
 * socket is served after the requests that waiter's socket-mates had already sent, not before
 * them.
 *
 * <p>A CPU's stores are ordered in program order (x86-TSO: Intel SDM vol. 3A, 8.2.2, "stores are
 * not reordered with other stores"), so each is ordered no earlier than the one before it; an
 * atomic, which drains the store buffer, is ordered after all of them ({@link #drainedAt}).
 * Each CPU's stores wait in a first-in first-out queue; finished entries are reused.
 */
final class PostedStores {
  /** One store on its way: what {@link MemoryOps#performStore} needs, and when it is ordered. */
  private static final class Store {
    CacheLine line;
    int word;
    int kind;
    long value;
    long mask;
    long cost;
    boolean release;
    long issued;
    long reached;
    /** The socket whose last-level cache it goes to, or -1 ({@link RequestWays#orderingSocket}). */
    int via;
  }

  private final ArrayDeque<Store>[] queue;
  private final ArrayDeque<Store> free = new ArrayDeque<>();

  @SuppressWarnings("unchecked")
  PostedStores(int cpus) {
    queue = new ArrayDeque[cpus];
    for (int i = 0; i < cpus; i++) {
      queue[i] = new ArrayDeque<>(4);
    }
  }

  /** Whether {@code cpu} has stores on their way. */
  boolean pending(int cpu) {
    return !queue[cpu].isEmpty();
  }

  /** When the last of {@code cpu}'s stores on their way is ordered; valid when {@link #pending}. */
  long drainedAt(int cpu) {
    return queue[cpu].peekLast().reached;
  }

  /** When {@code cpu}'s first queued store is ordered; valid when {@link #pending}. */
  long firstReached(int cpu) {
    return queue[cpu].peekFirst().reached;
  }

  /** Whether one of {@code cpu}'s queued stores goes to {@code l}'s coherence line. */
  boolean goesTo(int cpu, CacheLine l) {
    for (Store s : queue[cpu]) {
      if (s.line.home() == l.home()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Queues a store of {@code cpu} issued at {@code issue} that reaches its line at
   * {@code reach}; it is ordered no earlier than the store before it. Returns when it is
   * ordered.
   */
  long add(int cpu, CacheLine l, int w, int k, long value, long mask, long ps, boolean release,
      long issue, long reach, int via) {
    long at = pending(cpu) ? Math.max(reach, drainedAt(cpu)) : reach;
    Store s = free.isEmpty() ? new Store() : free.poll();
    s.line = l;
    s.word = w;
    s.kind = k;
    s.value = value;
    s.mask = mask;
    s.cost = ps;
    s.release = release;
    s.issued = issue;
    s.reached = at;
    s.via = via;
    queue[cpu].addLast(s);
    return at;
  }

  /**
   * {@code cpu}'s first queued store gets, at {@code now}, to the socket whose last-level cache
   * was to order it; when its line has left that socket, it is sent on to the one that has it
   * ({@link RequestWays#forwardPs}), and the stores behind it, ordered no earlier, wait with it.
   * Returns how much later it gets there (0: it is ordered now).
   */
  long forwardFirst(int cpu, Coherence coherence, long now) {
    Store first = queue[cpu].peekFirst();
    if (first.via < 0) {
      return 0;
    }
    int to = coherence.ways().orderingSocket(cpu, first.line, now, true);
    long extra = coherence.ways().forwardPs(first.line, first.via, to);
    if (extra > 0) {
      first.via = to;
      long at = now + extra;
      for (Store s : queue[cpu]) {
        s.reached = Math.max(s.reached, at);
      }
    }
    return extra;
  }

  /** Performs {@code cpu}'s first queued store, priced from its issue, and removes it. */
  void performFirst(int cpu, MemoryOps ops, Coherence coherence) {
    Store s = queue[cpu].pollFirst();
    ops.performStore(cpu, s.line, s.word, s.kind, s.value, s.mask, true, s.release, s.issued,
        s.cost, coherence);
    s.line = null;
    free.push(s);
  }

  /** Performs, now, {@code cpu}'s queued stores up to the last one to {@code l}'s line. */
  void performThrough(int cpu, CacheLine l, MemoryOps ops, Coherence coherence) {
    int through = 0;
    int i = 0;
    for (Store s : queue[cpu]) {
      i++;
      if (s.line.home() == l.home()) {
        through = i;
      }
    }
    for (; through > 0; through--) {
      performFirst(cpu, ops, coherence);
    }
  }
}
