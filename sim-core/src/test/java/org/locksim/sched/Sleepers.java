package org.locksim.sched;

import java.util.function.Consumer;

/** Test tasks that sleep on a wait queue: for the tests of wakeups. */
final class Sleepers {
  private Sleepers() { }

  /** Sleeps on {@code q} once; woken, runs {@code woken} (on its CPU, at its time), and exits. */
  static Routine once(WaitQueue q, Consumer<Kernel> woken) {
    return new Routine("sleeper") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.prepareToWait(q);
            k.schedule();
            k.next(1);
          }
          case 1 -> {
            woken.accept(k);
            k.finishWait(q);
            k.exit();
          }
          default -> throw new IllegalStateException("pc " + k.pc());
        }
      }
    };
  }
}
