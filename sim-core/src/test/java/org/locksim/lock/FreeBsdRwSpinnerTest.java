package org.locksim.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.locksim.cpu.Instr;

/**
 * Why: FreeBSD 13's rwlock (r334023, "rw: decrease writer starvation") keeps
 * {@code RW_LOCK_WRITE_SPINNER} when the last reader leaves, so the drained word is
 * {@code READ | WRITE_SPINNER}: the writer spinning on the readers takes it and readers that
 * find it so spin until it has, never sleeping on it (the 2008 lock cleared the bit, so a
 * reader coming at that moment could take the lock from the spinner, and readers behind a
 * spinning writer slept). A writer spins on readers {@code delay_retries} times
 * {@code delay_loops} pauses, no longer 100 times 100,000, and gives up the bit when it sleeps.
 */
class FreeBsdRwSpinnerTest {
  private static final long US = 1_000_000;

  @Test
  void theLastReaderLeavesTheLockToTheSpinningWriterAndReadersBehindItSpin() {
    RwRig r = RwRig.of("rw.freebsd", Map.of());
    r.reader(0, 0, 20 * US);
    LockWorkers.start(r.kernel(), r.lock(), 1, 2 * US, 5 * US, 1, 0);
    r.reader(2, 4 * US, 5 * US);
    r.reader(3, 5 * US, 5 * US);
    r.sim().runUntil(200 * US);
    assertEquals("worker0/R", r.order().get(0));
    assertEquals("worker1/W", r.order().get(1), "the spinning writer, not a spinning reader, "
        + "takes the word the last reader left as READ | WRITE_SPINNER: " + r.order());
    assertEquals(4, r.order().size());
    assertEquals(2, r.lock().maxReaders(), "the two readers behind the writer hold it together");
    assertEquals(0, r.kernel().counters().snapshot(200 * US).wakeups(),
        "nobody slept: the readers spun behind the spinner and then on the running writer");
    assertEquals(List.of(), r.lock().verify(r.kernel()));
  }

  @Test
  void aWriterSpinsOnReadersForItsTriesOnlyAndTradesWriteSpinnerForWriteWaiters() {
    // 2 tries of 1000 pauses: some microseconds of spinning, then the turnstile
    RwRig r = RwRig.of("rw.freebsd", Map.of("spinTries", 2L, "spinLoops", 1000L));
    r.reader(0, 0, 2000 * US);
    LockWorkers.start(r.kernel(), r.lock(), 1, 2 * US, 5 * US, 1, 0);
    long pause = r.kernel().machine().cpu(1).ps(Instr.PAUSE);
    long spin = 2 * 1000 * pause;
    r.sim().runUntil(2 * US + 2 * spin + 50 * US);
    long word = r.lock().line().peek(0);
    assertEquals(0x04, word & 0x0c, "WRITE_WAITERS set, WRITE_SPINNER clear: 0x" + Long.toHexString(word));
    assertEquals(1, word >>> 5, "still one reader");
    assertEquals(List.of("worker0/R"), r.order());
    r.sim().runUntil(3000 * US);
    assertEquals(List.of("worker0/R", "worker1/W"), r.order());
    assertEquals(1, r.kernel().counters().snapshot(3000 * US).wakeups(), "the writer slept once");
    assertTrue(spin < 100 * US, "the spin budget is microseconds: " + spin + " ps");
    assertEquals(List.of(), r.lock().verify(r.kernel()));
  }
}
