package org.locksim.examples.clh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.locksim.lock.LockRegistry;
import org.locksim.lock.contract.Check;
import org.locksim.lock.contract.LockContract;

/** Why: the CLH lock must keep the promises locksim's own locks keep, checked the same way. */
class ClhContractTest {
  static Stream<Check> checks() {
    LockRegistry r = new LockRegistry("clh-lock");
    new ClhProvider().register(r);
    return LockContract.checks(r.find("example.clh").orElseThrow()).stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("checks")
  void keepsItsPromises(Check c) {
    assertEquals(List.of(), LockContract.run(c), c + " (" + c.setup() + ")");
  }
}
