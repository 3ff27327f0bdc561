package org.locksim.sched;

/**
 * The timer tick of every CPU ({@code scheduler_tick}), every {@code 1 / HZ}, staggered across
 * CPUs as real timers are not synchronised. A compute burst under way pays the tick's cost
 * ({@code timerTick}) and ends that much later; a task that has run its slice
 * ({@link SchedConfig#slicePs}) while others wait gets need_resched; every
 * {@link SchedConfig#balanceTicks} ticks the CPU runs the periodic balance.
 */
final class SchedTick {
  private final Scheduler sched;
  private final Kernel k;
  private final SchedConfig cfg;
  private final LoadBalancer balancer;
  private final long tickPs;
  private final long tickCostPs;
  private final int hTick;
  private long[] tickCount = new long[0];

  SchedTick(Scheduler sched, Kernel k, SchedConfig cfg, LoadBalancer balancer, long tickCostPs) {
    this.sched = sched;
    this.k = k;
    this.cfg = cfg;
    this.balancer = balancer;
    this.tickPs = k.machine.kernel().tickPs();
    this.tickCostPs = tickCostPs;
    this.hTick = k.sim.register((cpu, unused) -> tick(cpu));
  }

  /** Starts the ticks of {@code cpus} CPUs, the first half a tick from now and staggered. */
  void start(int cpus) {
    tickCount = new long[cpus];
    for (int c = 0; c < cpus; c++) {
      long offset = tickPs * c / cpus;
      k.sim.schedule(k.sim.now() + offset + tickPs / 2, hTick, c, 0);
    }
  }

  private void tick(int cpu) {
    long now = k.sim.now();
    sched.updateMin(cpu, now);
    k.sim.schedule(now + tickPs, hTick, cpu, 0);
    Task t = sched.runningNow(cpu);
    if (t != null) {
      if (t.computeEnd > now) {
        k.loop.smt.pause(cpu, now, tickCostPs);
        t.computeEnd += tickCostPs;
        k.loop.bump(cpu);
        k.loop.scheduleStep(cpu, t.computeEnd);
      }
      int waiting = sched.queued(cpu);
      if (waiting > 0 && now - t.sliceStart >= cfg.slicePs(waiting + 1)) {
        // The slice is used up: the same need_resched a wakeup sets.
        sched.reschedNow(cpu, now);
      }
    }
    if (++tickCount[cpu] % cfg.balanceTicks() == 0) {
      balancer.periodic(cpu, now);
    }
  }
}
