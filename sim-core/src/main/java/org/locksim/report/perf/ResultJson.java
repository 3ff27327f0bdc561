package org.locksim.report.perf;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.locksim.run.RunResult;
import org.locksim.sched.CpuMode;

/** The machine-readable form of run results ({@code locksim run --json}). */
public final class ResultJson {
  private static final ObjectMapper MAPPER = new ObjectMapper()
      .enable(SerializationFeature.INDENT_OUTPUT)
      .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

  private ResultJson() { }

  /** One object per scenario label, each with its runs. */
  public static String format(List<List<RunResult>> scenarios) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("format", "locksim-result/1");
    ArrayNode list = root.putArray("scenarios");
    for (List<RunResult> runs : scenarios) {
      ObjectNode s = list.addObject();
      s.put("label", runs.get(0).label());
      s.put("opName", runs.get(0).opName());
      ArrayNode rs = s.putArray("runs");
      for (RunResult r : runs) {
        ObjectNode o = rs.addObject();
        o.put("seed", r.seed());
        o.put("elapsedSeconds", r.elapsedSeconds());
        o.put("taskClockMs", r.taskClockMs());
        o.put("contextSwitches", r.counters().contextSwitches());
        o.put("involuntarySwitches", r.counters().involuntarySwitches());
        o.put("cpuMigrations", r.counters().migrations());
        o.put("cycles", r.cycles());
        o.put("instructions", r.instructions());
        o.put("branches", r.branches());
        o.put("ops", r.ops());
        o.put("opsPerSecond", r.opsPerSecond());
        o.put("cyclesPerOp", r.ops() == 0 ? null : r.cyclesPerOp());
        o.put("userMs", r.ms(CpuMode.USER));
        o.put("sysMs", r.sysMs());
        o.put("spinningMs", r.ms(CpuMode.SPINNING));
        o.put("idleMs", r.ms(CpuMode.IDLE));
        o.put("pageFaults", r.pageFaults());
        o.put("finite", r.finite());
        ObjectNode byFn = o.putObject("spinningMsByFunction");
        r.spinMsByFunction().forEach(byFn::put);
        o.put("events", r.events());
        o.put("lineTransfers", r.lineTransfers());
        if (!r.lockEvents().isEmpty()) {
          ObjectNode events = o.putObject("lockEvents");
          r.lockEvents().forEach(events::put);
        }
        if (!r.taskCounts().isEmpty()) {
          ArrayNode groups = o.putArray("taskGroups");
          for (var c : r.taskCounts()) {
            ObjectNode g = groups.addObject();
            g.put("title", c.title());
            g.put("total", c.total());
            g.put("max", c.max());
            g.put("min", c.min());
            g.put("fails", c.fails());
            ArrayNode per = g.putArray("perTask");
            for (long a : c.acquired()) {
              per.add(a);
            }
          }
        }
        ArrayNode v = o.putArray("violations");
        r.violations().forEach(v::add);
      }
    }
    try {
      return MAPPER.writeValueAsString(root) + "\n";
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
