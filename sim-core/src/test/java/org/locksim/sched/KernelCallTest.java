package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.engine.Simulation;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;

/**
 * Why: lock code calls sub-routines as {@code k.call(chain.acquire()); k.next(2);}, meaning
 * "run the callee from its start, then resume me at 2". The program counter and locals a step
 * sets must be its own frame's even after it pushed a callee; the callee starts at 0.
 */
class KernelCallTest {
  @Test
  void nextAfterCallSetsTheCallersResumePointAndTheCalleeStartsAtZero() {
    List<String> trace = new ArrayList<>();
    Routine callee = new Routine("callee") {
      @Override
      public void step(Kernel k) {
        trace.add("callee@" + k.pc() + " local0=" + k.local(0));
        k.ret(42);
      }
    };
    Routine caller = new Routine("caller") {
      @Override
      public void step(Kernel k) {
        trace.add("caller@" + k.pc() + " local0=" + k.local(0));
        switch (k.pc()) {
          case 0 -> {
            k.setLocal(0, 7);
            k.call(callee);
            k.setLocal(0, 8);
            k.next(5);
          }
          case 5 -> {
            trace.add("result=" + k.result());
            k.exit();
          }
          default -> throw new IllegalStateException("resumed at " + k.pc());
        }
      }
    };
    Simulation sim = new Simulation();
    Machine m = TestMachines.machine(1);
    Kernel k = new Kernel(sim, m, SchedConfig.defaults(), null);
    Task t = k.newTask("t", caller);
    k.start(t, 0);
    sim.runUntil(SchedConfig.MS);
    assertEquals(List.of("caller@0 local0=0", "callee@0 local0=0", "caller@5 local0=8",
        "result=42"), trace);
    assertEquals(TaskState.EXITED, t.state());
  }
}
