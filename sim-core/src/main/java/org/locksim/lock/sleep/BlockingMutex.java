package org.locksim.lock.sleep;

import java.util.List;
import org.locksim.cpu.Instr;
import org.locksim.lock.FastPaths;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;
import org.locksim.lock.spin.SpinMutex;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.WaitQueue;

/**
 * FreeBSD's sleep mutex without adaptive spinning ({@code mtx_lock}, {@code __mtx_lock_sleep},
 * {@code mtx_unlock}, {@code __mtx_unlock_sleep} in sys/kern/kern_mutex.c, with turnstiles of
 * sys/kern/subr_turnstile.c). The fast path CASes the lock word from {@code MTX_UNOWNED} to the
 * thread. On failure the sleep path locks the turnstile chain (a spin mutex), reads the word,
 * retries if it is free, sets {@code MTX_CONTESTED} with a CAS, and sleeps on the turnstile,
 * dropping the chain lock. The release CASes the thread back to {@code MTX_UNOWNED}; if that
 * fails the word is contested, and the unlocker takes the chain lock, stores
 * {@code MTX_UNOWNED} and wakes every waiter ({@code turnstile_broadcast}).
 */
@LockSpec(name = "mutex.blocking", summary = "FreeBSD sleep mutex: CAS, else sleep on a turnstile; unlock wakes all")
public final class BlockingMutex extends Lock {
  public static final List<ParamSpec> PARAMS = List.of();
  static final long CONTESTED = 1L << 40;

  private final WaitQueue turnstile;
  private final SpinMutex chain;

  private final Routine acquire = new Routine() {
    @Override
    public void step(Kernel k) {
      switch (k.pc()) {
        case 0 -> {
          FastPaths.enter(k);
          k.cas(line, 0, UNOWNED, tid(k.task()));
          k.next(1);
        }
        case 1 -> {
          if (k.result() == UNOWNED) {
            acquired(k);
            k.ret(0);
          } else {
            contended(k);
            k.exec(Instr.CALL, 1);
            k.call(chain.acquire());
            k.next(2);
          }
        }
        case 2 -> {
          k.load(line, 0);
          k.next(3);
        }
        case 3 -> {
          long v = k.result();
          if (v == UNOWNED) {
            k.call(chain.release());
            k.next(6);
          } else if ((v & CONTESTED) == 0) {
            k.setLocal(0, v);
            k.cas(line, 0, v, v | CONTESTED);
            k.next(4);
          } else {
            k.next(5);
          }
        }
        case 4 -> {
          if (k.result() != k.local(0)) {
            k.call(chain.release());
            k.next(6);
          } else {
            k.next(5);
          }
        }
        case 5 -> {
          k.prepareToWait(turnstile);
          k.call(chain.release());
          k.next(7);
        }
        case 7 -> {
          k.schedule();
          k.next(6);
        }
        case 6 -> {
          k.cas(line, 0, UNOWNED, tid(k.task()));
          k.next(1);
        }
        default -> throw new IllegalStateException("pc " + k.pc());
      }
    }

    @Override
    public String function() {
      return "mtx_lock";
    }
  };

  private final Routine release = new Routine() {
    @Override
    public void step(Kernel k) {
      switch (k.pc()) {
        case 0 -> {
          FastPaths.enter(k);
          released(k);
          k.cas(line, 0, tid(k.task()), UNOWNED);
          k.next(1);
        }
        case 1 -> {
          if (k.result() == tid(k.task())) {
            k.ret(0);
          } else {
            k.exec(Instr.CALL, 1);
            k.call(chain.acquire());
            k.next(2);
          }
        }
        case 2 -> {
          k.storeRelease(line, 0, UNOWNED);
          k.next(3);
        }
        case 3 -> {
          k.wake(turnstile, Integer.MAX_VALUE);
          k.call(chain.release());
          k.next(4);
        }
        case 4 -> k.ret(0);
        default -> throw new IllegalStateException("pc " + k.pc());
      }
    }

    @Override
    public String function() {
      return "mtx_unlock";
    }
  };

  public BlockingMutex(LockEnv env, LockParams params) {
    super(env, "mutex.blocking", 1);
    this.turnstile = new WaitQueue(env.name() + " turnstile");
    this.chain = new SpinMutex(new LockEnv(env.name() + " turnstile chain", env.machine()),
        LockParams.defaults(SpinMutex.PARAMS));
  }

  @Override
  protected List<WaitQueue> waitQueues() {
    return List.of(turnstile);
  }

  @Override
  public Routine acquire() {
    return acquire;
  }

  @Override
  public Routine release() {
    return release;
  }
}
