package org.locksim.workload;

import org.locksim.cpu.CpuSlot;
import org.locksim.machine.Machine;

/**
 * Where the kernel puts new threads on an idle machine. Linux's fork balancing
 * ({@code select_task_rq_fair} with {@code SD_BALANCE_FORK}, {@code find_idlest_cpu}) walks the
 * scheduling domains from the top and picks the least loaded group at each level: NUMA node
 * (here the socket), then core, then hardware thread.
 */
final class ForkBalance {
  private ForkBalance() { }

  /** CPUs for {@code n} new threads started one after the other, each on the emptiest place. */
  static int[] spread(Machine m, int n) {
    int cpus = m.cpuCount();
    int[] onCpu = new int[cpus];
    int sockets = 0;
    int cores = 0;
    for (int c = 0; c < cpus; c++) {
      CpuSlot s = m.cpu(c).slot();
      sockets = Math.max(sockets, s.socket() + 1);
      cores = Math.max(cores, s.core() + 1);
    }
    int[] onSocket = new int[sockets];
    int[] onCore = new int[cores];
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      int best = 0;
      for (int c = 1; c < cpus; c++) {
        if (emptier(m.cpu(c).slot(), m.cpu(best).slot(), onSocket, onCore, onCpu)) {
          best = c;
        }
      }
      CpuSlot s = m.cpu(best).slot();
      onSocket[s.socket()]++;
      onCore[s.core()]++;
      onCpu[best]++;
      out[i] = best;
    }
    return out;
  }

  private static boolean emptier(CpuSlot a, CpuSlot b, int[] onSocket, int[] onCore, int[] onCpu) {
    if (onSocket[a.socket()] != onSocket[b.socket()]) {
      return onSocket[a.socket()] < onSocket[b.socket()];
    }
    if (onCore[a.core()] != onCore[b.core()]) {
      return onCore[a.core()] < onCore[b.core()];
    }
    return onCpu[a.id()] < onCpu[b.id()];
  }
}
