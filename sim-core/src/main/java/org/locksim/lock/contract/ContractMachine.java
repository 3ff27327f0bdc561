package org.locksim.lock.contract;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.locksim.cpu.Architecture;
import org.locksim.cpu.Cluster;
import org.locksim.cpu.CoherenceProtocol;
import org.locksim.cpu.CoherenceSpec;
import org.locksim.cpu.CostTable;
import org.locksim.cpu.CpuModel;
import org.locksim.cpu.Distance;
import org.locksim.cpu.IdleState;
import org.locksim.cpu.Instr;
import org.locksim.cpu.KernelCosts;
import org.locksim.cpu.MissRoute;
import org.locksim.cpu.SharedReads;
import org.locksim.cpu.Sourced;
import org.locksim.cpu.Topology;
import org.locksim.cpu.TransferTable;
import org.locksim.machine.FastPath;
import org.locksim.machine.KernelConfig;
import org.locksim.machine.Machine;
import org.locksim.machine.ReleaseStyle;

/**
 * The machine of the lock contract ({@link LockContract}, {@code locksim check-lock}, and the
 * project's own lock tests): a made-up amd64 server of 1 to 144 CPUs at 2.5 GHz in one to four
 * sockets, no SMT, with Haswell-class instruction costs and cache-line transfer latencies. The
 * numbers are rounded from the sources named beside them; they only need to be plausible, since
 * the contract checks promises (exclusion, progress, wakeups), not speed.
 */
public final class ContractMachine {
  private static final String AGNER = "Agner Fog, Instruction tables (Haswell), rounded";
  private static final String MOLKA =
      "order of magnitude of Molka et al., Cache coherence protocol and memory performance of"
          + " the Intel Haswell-EP architecture (ICPP 2015), rounded";
  private static final String ESTIMATE =
      "estimate: lmbench-class order of magnitude for a 2015 server kernel";

  private ContractMachine() { }

  /** An amd64 model with {@code cpus} CPUs split evenly over {@code sockets} sockets. */
  public static CpuModel amd64(int cpus, int sockets) {
    if (cpus < 1 || cpus > 144 || sockets < 1 || sockets > 4 || cpus % sockets != 0) {
      throw new IllegalArgumentException(cpus + " CPUs in " + sockets + " sockets");
    }
    Map<Instr, Sourced> c = new EnumMap<>(Instr.class);
    c.put(Instr.LOAD, new Sourced(4, AGNER));
    c.put(Instr.STORE, new Sourced(1, AGNER));
    c.put(Instr.PAUSE, new Sourced(9, AGNER));
    c.put(Instr.CMPXCHG, new Sourced(5, AGNER));
    c.put(Instr.LOCK_CMPXCHG, new Sourced(18, AGNER));
    c.put(Instr.XCHG, new Sourced(20, AGNER));
    c.put(Instr.LOCK_XADD, new Sourced(18, AGNER));
    c.put(Instr.LOCK_RMW, new Sourced(18, AGNER));
    c.put(Instr.MFENCE, new Sourced(33, AGNER));
    c.put(Instr.INTR_DISABLE, new Sourced(8, AGNER + " (pushf + cli)"));
    c.put(Instr.INTR_RESTORE, new Sourced(20, AGNER + " (popf)"));
    c.put(Instr.CALL, new Sourced(5, AGNER + " (call + ret + prologue)"));
    c.put(Instr.TEST, new Sourced(0.5, AGNER + " (test + jcc macro-fused)"));
    c.put(Instr.ALU, new Sourced(0.25, AGNER + " (four integer ALU ports: a register move costs its issue slot)"));
    Map<Distance, Sourced> t = new EnumMap<>(Distance.class);
    t.put(Distance.SAME_SOCKET, new Sourced(40, MOLKA));
    t.put(Distance.OTHER_SOCKET, new Sourced(110, MOLKA));
    KernelCosts k = new KernelCosts(new Sourced(1500, ESTIMATE), new Sourced(2000, ESTIMATE),
        new Sourced(100, ESTIMATE), new Sourced(1000, ESTIMATE),
        List.of(new IdleState("C1", 1, 1, ESTIMATE + ": hlt or mwait C1, whose exit wakeupIpi covers")));
    Topology topo = new Topology(sockets, List.of(
        new Cluster("core", cpus / sockets, new Sourced(2500,
            "estimate: a round clock within the 2.0 to 2.9 GHz base clocks of Haswell servers"),
            new Sourced(192, "Intel optimization reference manual: Haswell's 192-entry reorder buffer"))));
    return new CpuModel("contract-amd64-" + cpus + "x" + sockets, "the lock contract's machine",
        Architecture.AMD64, 2015, topo, new CostTable(c), new TransferTable(t),
        new CoherenceSpec(CoherenceProtocol.DIRECTORY, new Sourced(4, ESTIMATE
            + ": an LLC slice's pipeline is busy a few ns per request to one line"),
            SharedReads.HOME, ESTIMATE + ": a Haswell server's inclusive L3 holds shared lines",
            new Sourced(5, ESTIMATE + ": half of Haswell's ten line fill buffers"),
            MissRoute.SOCKET, CoherenceSpec.SOCKET_ROUTE_DEFAULT), k);
  }

  /** An SMP kernel with out-of-line lock calls, xchg spin release and HZ=1000. */
  public static KernelConfig smpKernel() {
    return new KernelConfig(true, FastPath.OUT_OF_LINE, ReleaseStyle.XCHG, 1000, true);
  }

  /**
   * {@code cpus} CPUs: four sockets above 64 when the count divides by four (144: four sockets of
   * 36, the size of a four-socket Haswell-EX box), else two when the count is even and above 8.
   */
  public static Machine machine(int cpus) {
    int sockets = cpus > 64 && cpus % 4 == 0 ? 4 : cpus > 8 && cpus % 2 == 0 ? 2 : 1;
    return new Machine(amd64(cpus, sockets), smpKernel());
  }
}
