package org.locksim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Why: commands print what several threads computed; the order must be the inputs', whatever
 * the thread count and whichever job ends first, and a job's failure must reach the caller.
 */
class ParallelTest {
  /** A job that takes longer the earlier its input, so later inputs tend to end first. */
  private static int slowFirst(int x) {
    try {
      Thread.sleep(2L * (8 - x));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return x * x;
  }

  @Test
  void resultsComeInTheOrderOfTheInputs() {
    List<Integer> in = IntStream.range(0, 8).boxed().toList();
    List<Integer> squares = in.stream().map(x -> x * x).toList();
    for (int threads : new int[] {1, 3, 8}) {
      List<Integer> seen = new ArrayList<>();
      Parallel.forEachInOrder(in, threads, ParallelTest::slowFirst, seen::add);
      assertEquals(squares, seen, threads + " threads");
      assertEquals(squares, Parallel.map(in, threads, ParallelTest::slowFirst));
    }
  }

  @Test
  void aFailingJobThrowsItsOwnException() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Parallel.map(List.of(1, 2, 3), 3, x -> {
          if (x == 2) {
            throw new IllegalArgumentException("job 2");
          }
          return x;
        }));
    assertEquals("job 2", e.getMessage());
  }
}
