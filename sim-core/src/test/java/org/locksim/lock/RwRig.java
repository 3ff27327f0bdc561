package org.locksim.lock;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.locksim.engine.Simulation;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;
import org.locksim.sched.Kernel;
import org.locksim.sched.SchedConfig;
import org.locksim.sched.Task;

/**
 * A reader-writer lock of the registry on a four-CPU machine, with the order in which tasks
 * took it ({@code worker1/W}, {@code worker2/R}), for the reader-writer behaviour tests.
 */
record RwRig(Simulation sim, Kernel kernel, Lock lock, List<String> order) {
  /** {@code algorithm} with its default parameters, {@code overrides} applied. */
  static RwRig of(String algorithm, Map<String, Object> overrides) {
    Simulation sim = new Simulation();
    Machine m = new Machine(TestMachines.amd64(4, 1), TestMachines.smpKernel());
    Kernel kernel = new Kernel(sim, m, SchedConfig.defaults(), null);
    LockRegistry.Entry e = LockRegistry.standard().find(algorithm).orElseThrow();
    Map<String, Object> params = new HashMap<>(LockParams.defaults(e.params()).asMap());
    params.putAll(overrides);
    Lock lock = e.factory().create(new LockEnv("rw", m), new LockParams(params));
    List<String> order = new ArrayList<>();
    lock.observe(new LockObserver() {
      @Override
      public void acquired(Lock l, Task t, long now) {
        order.add(t.name() + (l.readSide(t) ? "/R" : "/W"));
      }
    });
    return new RwRig(sim, kernel, lock, order);
  }

  /** A task on {@code cpu} that takes the lock for reading at {@code at} for {@code hold}. */
  void reader(int cpu, long at, long hold) {
    LockWorkers.start(kernel, lock.readAcquire(), lock.readRelease(), cpu, at, hold, 1, 0);
  }
}
