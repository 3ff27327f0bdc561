package org.locksim.lock.spin;

import java.util.List;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;
import org.locksim.machine.CacheLine;
import org.locksim.machine.Machine;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;

/**
 * The partitioned ticket lock of D. Dice ("Brief announcement: a partitioned ticket lock",
 * SPAA 2011), as the LiTL lock library has it ({@code partitioned.c}): a ticket lock whose
 * {@code now serving} is spread over an array of grant slots, each on a cache line of its own,
 * so that a release invalidates only the waiters of one slot.
 *
 * <pre>
 * lock:    t = fetch_and_add(request, 1);
 *          while (grants[t % SLOTS].grant != t) pause;
 *          owner_ticket = t;
 * unlock:  n = owner_ticket + 1;
 *          grants[n % SLOTS].grant = n;
 * </pre>
 *
 * <p>{@code request} and {@code owner_ticket} share the lock's first line, as in LiTL's
 * {@code struct partitioned_ticket_lock}: the holder's store of its ticket and its release's
 * read of it meet the arrivals' {@code fetch_and_add}s on that line. Each grant slot is a line of
 * its own. With one slot the lock is a ticket lock whose grant is on a line apart from its
 * requests; with a slot per waiter each release moves one line to one waiter, as Anderson's
 * array lock does. LiTL sizes the array by the NUMA nodes ({@code PTL_SLOTS = NUMA_NODES}; the
 * paper asks for at least as many slots as nodes), which is the default here: the machine's
 * sockets. Waiters of one slot all re-read it at each of its releases, as a ticket lock's do.
 */
@LockSpec(name = "spin.pticket", summary = "partitioned ticket lock (Dice, SPAA 2011; LiTL partitioned.c): a ticket lock whose grant is spread over slots on lines of their own")
public final class PTicketLock extends Lock {
  public static final List<ParamSpec> PARAMS = List.of(
      ParamSpec.integer("slots", 0, 0, 4096,
          "grant slots, each on a line of its own; 0: one per socket, as LiTL's PTL_SLOTS ="
              + " NUMA_NODES"));

  private static final int REQUEST = 0;
  private static final int OWNER_TICKET = 1;
  private static final int GRANT = 0;

  private final CacheLine[] grants;

  public PTicketLock(LockEnv env, LockParams params) {
    super(env, "spin.pticket", 2);
    routines(Routine.named("partitioned_mutex_lock", this::acquireStep),
        Routine.named("partitioned_mutex_unlock", this::releaseStep));
    Machine m = env.machine();
    int slots = (int) params.integer("slots");
    if (slots == 0) {
      slots = m.socketCount();
    }
    this.grants = new CacheLine[slots];
    for (int i = 0; i < slots; i++) {
      // Zeroed, as LiTL's memset: ticket 0 finds its slot granted, every other ticket waits.
      grants[i] = m.newLine("ptl grant " + env.name() + "[" + i + "]", 1);
    }
  }

  /** A user-space library's lock (LiTL) as well: lines and no per-CPU state, never sleeps. */
  @Override
  public boolean userSpace() {
    return true;
  }

  private CacheLine grantOf(long ticket) {
    return grants[(int) Math.floorMod(ticket, (long) grants.length)];
  }

  private void acquireStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        Spin.enter(k);
        k.fetchAdd(line, REQUEST, 1);
        k.next(1);
      }
      case 1 -> {
        k.setLocal(0, k.result());
        k.load(grantOf(k.local(0)), GRANT);
        k.next(2);
      }
      case 2 -> {
        long ticket = k.local(0);
        if (k.result() == ticket) {
          k.store(line, OWNER_TICKET, ticket);
          k.next(4);
        } else {
          contended(k);
          // Each release of this slot costs its waiters a re-read; the one whose ticket comes
          // up goes on.
          k.spinUntil(grantOf(ticket), GRANT, ticket, 0, null, false);
          k.next(3);
        }
      }
      case 3 -> {
        k.store(line, OWNER_TICKET, k.local(0));
        k.next(4);
      }
      case 4 -> {
        acquired(k);
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  private void releaseStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        k.load(line, OWNER_TICKET);
        k.next(1);
      }
      case 1 -> {
        long next = k.result() + 1;
        released(k);
        k.storeRelease(grantOf(next), GRANT, next);
        k.next(2);
      }
      case 2 -> {
        Spin.exit(k);
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }
}
