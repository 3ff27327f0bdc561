package org.locksim.lock.rw;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.machine.TestMachines;

/**
 * Why: FreeBSD 13 sizes its rwlock spinning from the CPU count at boot
 * ({@code lock_delay_default_init}, {@code locks_delay_init} in sys/kern/subr_lock.c):
 * {@code delay_max} is 256 times {@code lock_roundup_2(mp_ncpus)}, which is the least power of
 * two above the count (not at or above it), capped at 32678; {@code delay_loops} is at least
 * 10,000. A model that rounded to the count's own power of two or dropped the floor would spin
 * half or a fraction as long.
 */
class FreeBsdRwBackoffTest {
  @Test
  void delayMaxIsTheNextPowerOfTwoAboveTheCpuCountTimes256Capped() {
    assertEquals(512, FreeBsdRwLock.defaultDelayMax(1));
    assertEquals(1024, FreeBsdRwLock.defaultDelayMax(2));
    assertEquals(2048, FreeBsdRwLock.defaultDelayMax(4));
    assertEquals(2048, FreeBsdRwLock.defaultDelayMax(7));
    assertEquals(8192, FreeBsdRwLock.defaultDelayMax(16));
    assertEquals(16384, FreeBsdRwLock.defaultDelayMax(32));
    assertEquals(32678, FreeBsdRwLock.defaultDelayMax(64));
    assertEquals(32678, FreeBsdRwLock.defaultDelayMax(144));
  }

  @Test
  void delayLoopsIsAtLeastTenThousandAndDelayDoublesToItsMax() {
    FreeBsdRwLock small = lock(16);
    assertEquals(10_000, small.spinLoops());
    assertEquals(10, small.spinTries());
    FreeBsdRwLock big = lock(144);
    assertEquals(32678, big.spinLoops());
    assertEquals(2, big.nextDelay(1), "lock_delay shifts before it spins: base 1 spins 2");
    assertEquals(32678, big.nextDelay(20_000));
  }

  private static FreeBsdRwLock lock(int cpus) {
    return new FreeBsdRwLock(new LockEnv("rw", TestMachines.machine(cpus)),
        LockParams.defaults(FreeBsdRwLock.PARAMS));
  }
}
