package org.locksim.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Why: v5.3 to v5.10's rwsem let a reader spin on a running writer through the osq
 * ("locking/rwsem: Enable readers spinning on writer"), which v5.11 removed; {@code version}
 * {@code 5.10} is that rwsem. Readers that come while a running writer holds it must then get
 * it without sleeping, where v5.12's queue and are woken; and a writer that had to sleep
 * behind readers that held it too long must stop the next readers spinning
 * ({@code rwsem_disable_reader_optspin}: {@code RWSEM_RD_NONSPINNABLE}), so they sleep.
 */
class RwSemReaderSpinTest {
  private static final long US = 1_000_000;

  private static long wakeups(RwRig r, long at) {
    return r.kernel().counters().snapshot(at).wakeups();
  }

  private static RwRig readersBehindARunningWriter(String version) {
    RwRig r = RwRig.of("rw.rwsem", Map.of("version", version));
    LockWorkers.start(r.kernel(), r.lock(), 0, 0, 30 * US, 1, 0);
    r.reader(1, 2 * US, 20 * US);
    r.reader(2, 3 * US, 20 * US);
    r.reader(3, 4 * US, 20 * US);
    r.sim().runUntil(200 * US);
    return r;
  }

  @Test
  void v510ReadersSpinOnARunningWriterAndShareItWithoutSleeping() {
    RwRig r = readersBehindARunningWriter("v5.10");
    assertEquals("worker0/W", r.order().get(0));
    assertEquals(3, r.lock().maxReaders(), "the three spinning readers held it together");
    assertEquals(0, wakeups(r, 200 * US), "nobody slept");
    assertEquals(List.of(), r.lock().verify(r.kernel()));
  }

  @Test
  void v512ReadersBehindARunningWriterSleep() {
    RwRig r = readersBehindARunningWriter("v5.12");
    assertEquals(3, r.lock().maxReaders());
    assertEquals(3, wakeups(r, 200 * US), "each queued reader was woken");
  }

  @Test
  void v510AWriterThatSleptBehindReadersStopsTheNextReaderSpinning() {
    // A reader holds it for 200 us: the writer spins on it past its threshold (10 us plus half
    // a microsecond per reader), sets both NONSPINNABLE bits and sleeps; when it has the lock it
    // sets RD_NONSPINNABLE, so a reader that comes while it holds sleeps too.
    RwRig r = RwRig.of("rw.rwsem", Map.of("version", "v5.10"));
    r.reader(0, 0, 200 * US);
    LockWorkers.start(r.kernel(), r.lock(), 1, 2 * US, 100 * US, 1, 0);
    r.reader(2, 250 * US, 5 * US);
    r.sim().runUntil(600 * US);
    assertEquals(List.of("worker0/R", "worker1/W", "worker2/R"), r.order());
    assertEquals(2, wakeups(r, 600 * US), "the writer and the reader after it slept");

    // Without the sleep (a writer that took it at once) the same reader spins.
    RwRig quick = RwRig.of("rw.rwsem", Map.of("version", "v5.10"));
    LockWorkers.start(quick.kernel(), quick.lock(), 1, 2 * US, 100 * US, 1, 0);
    quick.reader(2, 50 * US, 5 * US);
    quick.sim().runUntil(600 * US);
    assertEquals(List.of("worker1/W", "worker2/R"), quick.order());
    assertEquals(0, wakeups(quick, 600 * US));
    assertTrue(quick.lock().verify(quick.kernel()).isEmpty());
  }
}
