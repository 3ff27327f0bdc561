package org.locksim.lock.section;

import java.util.List;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;

/**
 * A critical section used as a lock: {@code critical_enter()} to take it, {@code
 * critical_exit()} to let go (FreeBSD 5, seed 004's "crit section" column). It excludes only
 * tasks of the same CPU, so the cross-CPU mutual-exclusion check does not apply.
 */
@LockSpec(name = "section.critical", summary = "FreeBSD critical_enter/critical_exit (preemption and interrupts off on one CPU)")
public final class CriticalSection extends Lock {
  public static final List<ParamSpec> PARAMS = List.of();

  public CriticalSection(LockEnv env, LockParams params) {
    super(env, "section.critical", 1);
    routines(Routine.named("critical_enter", this::acquireStep),
        Routine.named("critical_exit", this::releaseStep));
  }

  @Override
  public boolean exclusive() {
    return false;
  }

  private void acquireStep(Kernel k) {
    Critical.enter(k);
    acquired(k);
    k.ret(0);
  }

  private void releaseStep(Kernel k) {
    released(k);
    Critical.exit(k);
    k.ret(0);
  }
}
