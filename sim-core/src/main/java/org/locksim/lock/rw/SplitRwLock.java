package org.locksim.lock.rw;

import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.sched.Kernel;

/**
 * A reader-writer lock whose read and write sides are routines of classes of their own in this
 * package ({@link RwSemReader}, {@link RwSemWriter}, {@link FreeBsdRwReader},
 * {@link FreeBsdRwWriter}): what the sides report to the lock's observers goes through here.
 */
abstract class SplitRwLock extends Lock {
  SplitRwLock(LockEnv env, String algorithm, int words) {
    super(env, algorithm, words);
  }

  final void writerContended(Kernel k) {
    contended(k);
  }

  final void writerAcquired(Kernel k) {
    acquired(k);
  }

  final void readerContended(Kernel k) {
    readContended(k);
  }

  final void readerAcquired(Kernel k) {
    readAcquired(k);
  }

  final void readerReleased(Kernel k) {
    readReleased(k);
  }
}
