package org.locksim.lock.sleep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.locksim.cpu.CpuModel;
import org.locksim.cpu.Instr;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;

/**
 * Why: {@code kernel.fastPath} {@code asm-call} prices, for {@code mutex.linux-2009}, the
 * register work of Linux 3.10's {@code mutex_lock} and {@code mutex_unlock} that the asm-goto
 * patch removed (seed 003, V5): on an uncontended loop of the catalog's
 * {@code amd64-8cpu-2013}, the pair must cost exactly the instructions its frames list more
 * than with {@code asm-goto}, priced by that model's cost table, and neither asm form may pay
 * the C fast path's {@code test}.
 */
class LinuxMutexAsmFrameTest {
  static Scenario scenario(String style) {
    List<Scenario> s = ScenarioLoader.standard().load(Path.of("..", "scenarios", "v1-pentium4.json"),
        List.of("machine=\"amd64-8cpu-2013\"", "locks[0].algorithm=mutex.linux-2009", "kernel.fastPath=" + style));
    return s.stream().filter(x -> x.variant().equals("sleep-smp")).findFirst().orElseThrow();
  }

  static double instructionsPerOp(RunResult r) {
    return (double) r.instructions() / r.ops();
  }

  static List<Instr> frames() {
    return Stream.concat(LinuxMutex.LOCK_FRAME.asmCall().stream(), LinuxMutex.UNLOCK_FRAME.asmCall().stream())
        .toList();
  }

  @Test
  void theFramesAreThePatchsSevenInstructions() {
    // mutex_lock: sub rsp, save r12, mov rbx->rdi, restore r12; mutex_unlock: push, mov, pop rbp.
    assertEquals(List.of(Instr.ALU, Instr.STORE, Instr.ALU, Instr.LOAD, Instr.STORE, Instr.ALU, Instr.LOAD), frames());
  }

  @Test
  void asmCallCostsTheFramesOverAsmGotoOnAmd64Of2013() {
    Scenario call = scenario("asm-call");
    CpuModel m = call.machine();
    assertEquals("amd64-8cpu-2013", m.name());
    double frameCycles = frames().stream().mapToDouble(i -> m.costs().cyclesOf(i)).sum();
    int frameInstructions = frames().stream().mapToInt(Instr::instructions).sum();
    // alu 0.5 + store 1 + alu 0.5 + load 4, then store 1 + alu 0.5 + load 4 on that model.
    assertEquals(11.5, frameCycles, 1e-9);
    RunResult asmCall = Simulator.run(call, 1);
    RunResult asmGoto = Simulator.run(scenario("asm-goto"), 1);
    // (The window cuts one pair short at its ends, and each instruction is rounded to a
    // picosecond: allow a hundredth.)
    assertEquals(frameCycles, asmCall.cyclesPerOp() - asmGoto.cyclesPerOp(), 0.01 * frameCycles);
    assertEquals(frameInstructions, instructionsPerOp(asmCall) - instructionsPerOp(asmGoto), 0.01);
  }

  @Test
  void inlineTestsBothAtomicsAndAsmGotoNeither() {
    RunResult inline = Simulator.run(scenario("inline"), 1);
    RunResult asmGoto = Simulator.run(scenario("asm-goto"), 1);
    double test = scenario("inline").machine().costs().cyclesOf(Instr.TEST);
    assertEquals(2 * test, inline.cyclesPerOp() - asmGoto.cyclesPerOp(), 0.01);
    assertEquals(2, instructionsPerOp(inline) - instructionsPerOp(asmGoto), 0.01);
  }
}
