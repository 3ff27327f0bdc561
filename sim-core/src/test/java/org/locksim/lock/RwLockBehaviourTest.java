package org.locksim.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Why: what sets Linux's rwsem and FreeBSD's rwlock apart from qrwlock is who waits how. An
 * rwsem's readers that queue behind a writer are woken together when it lets go
 * ({@code rwsem_mark_wake} takes every reader of the list), and a writer that finds a running
 * writer owner spins on it through the osq rather than sleeping. FreeBSD's rwlock keeps new
 * readers out while a writer spins on the readers ({@code RW_LOCK_WRITE_SPINNER}), so a reader
 * that comes after that writer gets the lock after it.
 */
class RwLockBehaviourTest {
  private static final long US = 1_000_000;

  @Test
  void rwsemReadersQueuedBehindAWriterAreWokenTogether() {
    RwRig r = RwRig.of("rw.rwsem", Map.of());
    LockWorkers.start(r.kernel(), r.lock(), 0, 0, 30 * US, 1, 0);
    r.reader(1, 2 * US, 20 * US);
    r.reader(2, 3 * US, 20 * US);
    r.reader(3, 4 * US, 20 * US);
    long wakeupsBefore = r.kernel().counters().snapshot(0).wakeups();
    r.sim().runUntil(200 * US);
    assertEquals("worker0/W", r.order().get(0));
    assertEquals(3, r.lock().maxReaders(), "the three queued readers held it together");
    assertEquals(3, r.kernel().counters().snapshot(200 * US).wakeups() - wakeupsBefore,
        "one wake-up per reader, from one unlock");
    assertEquals(List.of(), r.lock().verify(r.kernel()));
  }

  @Test
  void rwsemWriterSpinsOnARunningWriterInsteadOfSleeping() {
    RwRig r = RwRig.of("rw.rwsem", Map.of());
    LockWorkers.start(r.kernel(), r.lock(), 0, 0, 10 * US, 1, 0);
    LockWorkers.start(r.kernel(), r.lock(), 1, 1 * US, 10 * US, 1, 0);
    r.sim().runUntil(100 * US);
    assertEquals(List.of("worker0/W", "worker1/W"), r.order());
    assertEquals(0, r.kernel().counters().snapshot(100 * US).wakeups(), "nobody slept");
    assertEquals(List.of(), r.lock().verify(r.kernel()));
  }

  @Test
  void freebsdWriterSpinningOnReadersKeepsANewReaderOut() {
    RwRig r = RwRig.of("rw.freebsd", Map.of());
    r.reader(0, 0, 20 * US);
    LockWorkers.start(r.kernel(), r.lock(), 1, 2 * US, 5 * US, 1, 0);
    r.reader(2, 4 * US, 5 * US);
    r.sim().runUntil(200 * US);
    assertEquals(List.of("worker0/R", "worker1/W", "worker2/R"), r.order());
    assertEquals(1, r.lock().maxReaders());
    assertEquals(List.of(), r.lock().verify(r.kernel()));
  }

  @Test
  void freebsdReadersShareItWhenNoWriterWaits() {
    RwRig r = RwRig.of("rw.freebsd", Map.of());
    r.reader(0, 0, 20 * US);
    r.reader(2, 4 * US, 5 * US);
    r.sim().runUntil(200 * US);
    assertEquals(2, r.lock().maxReaders());
  }
}
