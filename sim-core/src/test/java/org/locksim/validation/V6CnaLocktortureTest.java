package org.locksim.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;
import org.locksim.workload.LockTorture;

/**
 * Why: row V6 of VALIDATION.md (CNA against qspinlock, locktorture, 4 sockets). The bands must
 * be VALIDATION.md's: the published totals themselves pass every row, and a stock curve that
 * does not fall from 36 to 142 threads, or a CNA curve that moves by more than 10%, fails its
 * row. The bundled scenario must run both locks at the letter's five thread counts with
 * locktorture's spin_lock delays. (Whether the simulated rows pass is docs/validation.md's
 * business, checked by ValidationPageTest.)
 */
class V6CnaLocktortureTest {
  private static Map<String, Long> published(double scale) {
    Map<String, Long> t = new LinkedHashMap<>();
    for (int i = 0; i < V6CnaLocktorture.THREADS.length; i++) {
      int n = V6CnaLocktorture.THREADS[i];
      t.put("stock-" + n, Math.round(V6CnaLocktorture.PUBLISHED[0][i] * scale));
      t.put("cna-" + n, Math.round(V6CnaLocktorture.PUBLISHED[1][i] * scale));
    }
    return t;
  }

  @Test
  void thePublishedTotalsPassEveryRow() {
    List<Row> rows = V6CnaLocktorture.rows(published(1e7));
    assertEquals(7, rows.size());
    for (Row r : rows) {
      assertTrue(r.pass(), r.figure() + ": " + r.simulatedText() + ", band " + r.band());
    }
    assertEquals(0, rows.get(1).simulated(), 0.01, "the 8-thread ratio is the published one");
  }

  @Test
  void aStockCurveThatDoesNotFallFailsAndSoDoesACnaCurveThatMoves() {
    Map<String, Long> t = published(1e7);
    t.put("stock-142", t.get("stock-36") + 1);
    t.put("cna-142", Math.round(t.get("cna-36") * 1.2));
    List<Row> rows = V6CnaLocktorture.rows(t);
    assertFalse(rows.get(5).pass(), rows.get(5).simulatedText());
    assertFalse(rows.get(6).pass(), rows.get(6).simulatedText());
  }

  @Test
  void theScenarioRunsBothLocksAtTheLettersThreadCounts() {
    // The variants' locks and machine are overridden so that the names they use need not
    // exist for this check; the run's variants and workload are what is checked.
    List<Scenario> v = ScenarioLoader.standard().load(Path.of("..", "scenarios").resolve(V6CnaLocktorture.FILE),
        List.of("machine=amd64-2015-2s40t", "locks[0].algorithm=queued.mcs"));
    assertEquals(10, v.size());
    for (int i = 0; i < 10; i++) {
      int n = V6CnaLocktorture.THREADS[i % 5];
      assertEquals((i < 5 ? "stock-" : "cna-") + n, v.get(i).variant());
      LockTorture w = (LockTorture) v.get(i).workload();
      assertEquals(n, w.writers());
      assertEquals("spin_lock", w.type().kernelName());
      assertEquals(2, w.shortDelayUs());
      assertEquals(100, w.longDelayMs());
    }
  }
}
