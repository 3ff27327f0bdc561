package org.locksim.lock;

import java.util.ArrayList;
import java.util.List;
import org.locksim.lock.contract.ContractMachine;

/**
 * What an algorithm can serve beyond exclusive kernel use, asked of an instance made with its
 * defaults on the lock contract's 16-CPU machine ({@link ContractMachine}): whether readers may
 * share it ({@link Lock#readerWriter}, for a workload's {@code readers} or {@code readFraction})
 * and whether it runs in user space ({@link Lock#userSpace}, {@link Lock#userSpaceOnly}), so that
 * a listing can say so. (A scenario asks the same of its own locks on its own machine, with its
 * parameters, when it is read: ScenarioLoader's traits.)
 */
public final class LockCapabilities {
  private LockCapabilities() { }

  /** The tags of {@code e} ("reads", "user space", "user space only"); none if it cannot be made. */
  public static List<String> of(LockRegistry.Entry e) {
    Lock lock;
    try {
      lock = e.factory().create(new LockEnv("probe", ContractMachine.machine(16)),
          LockParams.defaults(e.params()));
    } catch (RuntimeException | LinkageError unusable) {
      // A plugin's lock that cannot be made here is reported when a scenario uses it.
      return List.of();
    }
    List<String> tags = new ArrayList<>();
    if (lock.readerWriter()) {
      tags.add("reads");
    }
    if (lock.userSpaceOnly()) {
      tags.add("user space only");
    } else if (lock.userSpace()) {
      tags.add("user space");
    }
    return tags;
  }
}
