package org.locksim.machine;

import org.locksim.cpu.CpuModel;
import org.locksim.lock.contract.ContractMachine;

/**
 * The machine of the lock contract ({@link ContractMachine}), under the name the tests have
 * always used: a made-up amd64 server of 1 to 144 CPUs, no SMT, with Haswell-class costs.
 */
public final class TestMachines {
  private TestMachines() { }

  /** An amd64 model with {@code cpus} CPUs split evenly over {@code sockets} sockets. */
  public static CpuModel amd64(int cpus, int sockets) {
    return ContractMachine.amd64(cpus, sockets);
  }

  /** An SMP kernel with out-of-line lock calls, xchg spin release and HZ=1000. */
  public static KernelConfig smpKernel() {
    return ContractMachine.smpKernel();
  }

  /** {@code cpus} CPUs, as {@link ContractMachine#machine(int)} places them in sockets. */
  public static Machine machine(int cpus) {
    return ContractMachine.machine(cpus);
  }
}
