package org.locksim.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;

/**
 * Why: the kernel's fast-path style is a setting that changes instruction and cycle counts:
 * an out-of-line fast path pays a call per lock and unlock, an inline one the test of the
 * atomic's result, an asm-goto one neither (it branches on the atomic's flags). What asm goto
 * saved Linux's mutex in seed 003 is not the test: {@code LinuxMutexAsmFrameTest}.
 */
class FastPathStyleTest {
  static RunResult run(String variant, String style) {
    List<Scenario> s = ScenarioLoader.standard().load(Path.of("..", "scenarios", "v1-pentium4.json"),
        List.of("kernel.fastPath=" + style));
    Scenario v = s.stream().filter(x -> x.variant().equals(variant)).findFirst().orElseThrow();
    return Simulator.run(v, 1);
  }

  @ParameterizedTest
  @ValueSource(strings = {"sleep-smp", "spin-store-smp"})
  void callCostsMoreThanInlineWhichCostsMoreThanAsmGoto(String variant) {
    RunResult call = run(variant, "call");
    RunResult inline = run(variant, "inline");
    RunResult asmGoto = run(variant, "asm-goto");
    assertTrue(call.cyclesPerOp() > inline.cyclesPerOp());
    assertTrue(inline.cyclesPerOp() > asmGoto.cyclesPerOp());
    double instrPerOp = (double) inline.instructions() / inline.ops();
    double asmInstrPerOp = (double) asmGoto.instructions() / asmGoto.ops();
    // One test per fast-path atomic: two for the sleep mutex (lock and unlock), one for the
    // spin mutex (its release is a store).
    int tests = variant.startsWith("sleep") ? 2 : 1;
    // (The window cuts one pair short at its ends: allow a hundredth.)
    assertEquals(tests, instrPerOp - asmInstrPerOp, 0.01);
  }
}
