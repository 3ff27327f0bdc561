package org.locksim.validation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.locksim.run.RunResult;
import org.locksim.scenario.Scenario;

/**
 * V6: the NUMA-aware queued spin lock (CNA) against Linux's qspinlock under locktorture on four
 * sockets (Alex Kogan, "[PATCH v15 0/6] Add NUMA-awareness to qspinlock", linux-arch, 14 May
 * 2021; stock kernel v5.12): total acquisitions of 1 to 142 writer threads. Rows: CNA / stock
 * at each thread count within 15% of the published ratio; stock at 142 threads 0% to 20% below
 * stock at 36; CNA at 72 and 142 threads within 10% of CNA at 36. No parameter is fitted to
 * them: every row is a prediction.
 */
public final class V6CnaLocktorture implements Reproduction {
  static final String FILE = "v6-cna-locktorture.json";
  /** Thread counts of the letter's table that V6 bands. */
  static final int[] THREADS = {1, 8, 36, 72, 142};
  /** Published totals (x10^7): stock, then CNA, by thread count. */
  static final double[][] PUBLISHED = {
      {2.695, 5.163, 6.374, 6.170, 5.784},
      {2.704, 7.017, 9.777, 9.922, 9.477}};

  @Override
  public String id() {
    return "V6";
  }

  @Override
  public String title() {
    return "NUMA-aware qspinlock (CNA) vs Linux's qspinlock, locktorture, 4 sockets (2021)";
  }

  @Override
  public String scenario() {
    return FILE;
  }

  /**
   * Runs per variant, seeds {@code run.seed} on: the letter's totals are each the mean of 25
   * runs, and one seed's CNA total moves by up to a tenth with the order in which its threads
   * first queue.
   */
  static final int REPEATS = 5;

  /**
   * Acquisitions in the window of each variant ({@code stock-8}, {@code cna-142}, ...): the
   * median of {@link #REPEATS} runs. Not the mean: a run that draws the 100 ms {@code mdelay}
   * spends most of its 36 ms window in it, where the letter's long runs meet it at its rate.
   */
  public static Map<String, Long> totals(ScenarioSource source) {
    List<Scenario> variants = source.load(FILE);
    Map<String, Long> out = new LinkedHashMap<>();
    for (Scenario s : variants) {
      long[] ops = new long[REPEATS];
      for (int i = 0; i < REPEATS; i++) {
        RunResult r = source.run(s, s.run().seed() + i);
        if (!r.violations().isEmpty()) {
          throw new IllegalStateException(s.label() + ": " + r.violations());
        }
        ops[i] = r.ops();
      }
      Arrays.sort(ops);
      out.put(s.variant(), ops[REPEATS / 2]);
    }
    return out;
  }

  @Override
  public List<Row> run(ScenarioSource source) {
    return rows(totals(source));
  }

  static List<Row> rows(Map<String, Long> t) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < THREADS.length; i++) {
      int n = THREADS[i];
      double pub = PUBLISHED[1][i] / PUBLISHED[0][i];
      double stock = t.get("stock-" + n);
      double cna = t.get("cna-" + n);
      double got = cna / stock;
      double err = 100 * (got / pub - 1);
      rows.add(Row.range("CNA / stock, " + n + (n == 1 ? " thread" : " threads"),
          String.format(Locale.ROOT, "%.3f / %.3f = %.2f", PUBLISHED[1][i], PUBLISHED[0][i], pub), err,
          String.format(Locale.ROOT, "%s / %s = %.2f (%+.1f%%)", Row.fmt(cna), Row.fmt(stock), got, err),
          -15, 15, "+/-15%"));
    }
    double s36 = t.get("stock-36");
    double s142 = t.get("stock-142");
    double fall = 100 * (s142 / s36 - 1);
    rows.add(Row.range("stock, 142 vs 36 threads", "6.374 -> 5.784 (-9.3%)", fall,
        String.format(Locale.ROOT, "%s -> %s (%+.1f%%)", Row.fmt(s36), Row.fmt(s142), fall),
        -20, 0, "-20% to 0%"));
    double c36 = t.get("cna-36");
    double c72 = 100 * (t.get("cna-72") / c36 - 1);
    double c142 = 100 * (t.get("cna-142") / c36 - 1);
    double worst = Math.abs(c72) > Math.abs(c142) ? c72 : c142;
    rows.add(Row.range("CNA, 72 and 142 vs 36 threads (largest change)",
        "9.777 -> 9.922, 9.477 (+1.5%, -3.1%)", worst,
        String.format(Locale.ROOT, "%s -> %s, %s (%+.1f%%, %+.1f%%)", Row.fmt(c36),
            Row.fmt(t.get("cna-72")), Row.fmt(t.get("cna-142")), c72, c142),
        -10, 10, "+/-10%"));
    return rows;
  }

  /**
   * The time of one acquisition the letter's totals imply, beside the model's
   * ({@link V6PerAcquisition}).
   */
  @Override
  public String findings(ScenarioSource source) {
    return V6PerAcquisition.markdown(source, totals(source));
  }

  /**
   * Haswell-EX has no published core-to-core table: its on-socket transfer is a guess. Nor does
   * the letter give its kernel's tick rate, which sets locktorture's stutter period.
   */
  @Override
  public List<StandIn> standIns() {
    return List.of(StandIn.ofValues(FILE, "machine.transfer.sameSocket.value", List.of("20", "36.7", "60"),
        "the on-socket transfer of the Xeon E7-8895 v3, ns, for which no core-to-core table is"
            + " published (the catalog's 36.7 is taken from the same-generation Broadwell-EP)",
        "CNA / stock"),
        StandIn.ofValues(FILE, "kernel.hz", List.of("250", "1000"),
            "the tick rate of the letter's kernel, which it does not give (250 and 1000 are the"
                + " common distribution choices; the scenario has 1000): locktorture's stutter of"
                + " 5 jiffies pauses and restarts the test about every 10 jiffies, so the 36 ms"
                + " window holds about four restarts at 1000 and one at 250",
            ""));
  }

  @Override
  public String notes() {
    return """
        Every row is a prediction: nothing in the machine, the locks or the workload is fitted
        to the letter's figures. The workload is locktorture's `spin_lock` test as Linux v5.12
        has it (kernel/locking/locktorture.c, kernel/torture.c): each writer thread takes the
        lock, updates the module's globals (one cache line that moves with the lock; the
        scenario gives it a line of its own, since the source leaves the layout to the linker)
        and its own counter (four writers to a line), holds the lock for a 2 us `udelay` with
        probability 1 / (4 n) and a 100 ms `mdelay` with probability 1 / (200,000 n) for n
        writers, releases it, and pauses with the rest of the test for 4 jiffies and a fuzz of
        up to one in every 9 to 10 (stutter = 5; the stutter kthread writes the flag every
        thread reads, and the last 2 jiffies of each pause the threads spin on it). Threads
        are placed by fork balancing (the emptiest socket, then core) and never pinned. The
        letter's runs last an unstated time and its totals are not banded; the simulated
        window is 36 ms at HZ=1000, after a 4 ms warm-up inside the test's first pause, and
        only ratios are compared. A 100 ms
        `mdelay` is rare in so short a window (at 1 thread about one run in six draws one, at
        8 threads one in twenty-five); each thread draws from its own seeded stream, so stock
        and CNA meet it at the same acquisition of the same thread.

        Each total is the median of five runs, seeds 1 to 5 (the letter's are means of 25):
        one seed's CNA total moves by up to a tenth with the order its threads first queue in,
        and a run that draws the 100 ms `mdelay` spends most of its window in it. Over the
        seeds, CNA / stock at 36 threads was 1.52, 1.69, 1.55, 1.59 and 1.60 before posted
        stores were ordered where they reach their line (1.40, 1.41, 1.41, 1.44 and 1.37
        before any request was).

        Where it misses, and why. At 36 threads CNA / stock is in band, 1.54 against the
        letter's 1.53, and at 8, 1.18 against 1.36, 13.3% under (the band 15%; over seed sets
        below); at 72 and 142 (one writer per core at 72, as at 8 and 36; both hyper-threads of
        every core at 142) 1.22 and 1.08 against 1.61 and 1.64, so CNA's curve falls by 19%
        from 36 to 72 threads where the letter's is flat. These are the figures since a request
        whose line leaves the socket it was going to is sent on to the socket that has it, when
        no copy is left there to answer it (docs/model.md, Coherence), with stock's time per
        acquisition 9%, 16%, 22% and 31% short of the letter's at 8, 36, 72 and 142 threads and
        CNA's 10% over, 15% short, 4% and 5% over: the rule moved each ratio by about what a seed
        moves it, and made stock 4 to 5 points faster at 36 and 72 threads, farther from the
        letter. Before it they were 1.11, 1.63, 1.21 and 1.12, stock's rise from 36 to 142
        threads 14.0% (now 7.9%), and stock 10%, 12%, 17% and 31% short; those were the figures
        since an upgrade of a shared copy is ordered at the line's home rather than at its
        issue. Before that rule they were 1.16, 1.68, 1.24 and 1.15, the 8-thread row
        in band at its edge (14.9% under), and stock 9%, 10%, 17% and 31% short; the rule took
        0.05 off CNA / stock at 8 threads, moving stock's total 0.7% up and CNA's 3.6% down,
        within what a seed moves them (below). Before posted stores, the releases among them,
        were ordered where they reach their line: 1.16, 1.59, 1.27 and 1.10, and stock 8%, 12%,
        18% and 33% short. Before any request was ordered where
        it reaches its line, they were 1.20, 1.41, 1.18 and 1.10, and stock's time per
        acquisition 5%, 8%, 15% and 26% short (which of the hand-off's requests moved the
        36-thread ratio was not traced). Over six seed sets (`./locksim validate --only V6
        --seeds 6`) the 8-thread ratio is 11% to 21% under the letter's, 15.6% +/- 3.5%,
        in band under three sets, so its pass with the bundled seeds is one seed set's luck;
        the 36-thread one 6% under to 6% over it, in band under all six; the other four
        failing rows fail under all six (before requests were sent on: 14% to 19% under,
        16.8% +/- 2.0%, in band under one set, and 1% to 11% over). Over six
        seed sets before the rules of the atomics and the posted stores (`./locksim
        validate --only V6 --seeds 6`: the bundled five seeds and five others at each shift)
        the 36-thread ratio stayed in band under all six (7% to 12% under the letter's) and
        the 8-thread one under four (12% to 17% under it); the four failing rows failed under
        all six. Before the
        writer's socket served its own CPUs' re-reads of a line first (docs/model.md,
        Coherence), the four ratios were 1.05, 1.38, 1.14 and 1.10, and the 8-thread row failed;
        CNA's time per acquisition at 8 threads went from 26% to 12% over the letter's. (1.09 at
        142 before a lock's set_locked, widened in its store buffer by the unlock, was kept
        visible to readers from under the buffer: docs/model.md, Coherence; the error had let
        a queue head take the lock its SMT sibling held, in one seed of a trial.) The
        traces and trials below were made before both rules.
        Since an owner keeps its line until a read's request reaches it (docs/model.md,
        Coherence) the ratios at 72 and 142 threads are 1.14 and 1.09 instead of 0.98 and 0.95,
        and the fall from 36 threads 15% instead of a quarter; at 8 threads 1.05 instead of
        1.08 and at 36 1.38 instead of 1.35. The counts, traces and trials below were made
        before that rule, as each says of the rules before it. (From seed 1 alone, before the new
        queue head's `prefetchw` of its successor, a read on this machine (docs/model.md,
        qspinlock), they were 1.03, 1.39, 0.97 and 0.94; over five seeds the prefetch moved
        each row within its seed-to-seed spread.) CNA moves a waiter of another socket only when a head of
        the queue finds the lock still held at its read of the lock word, and with an empty
        secondary queue only one head in 128 looks (patch 6/6's shuffle reduction). That read
        comes three transfers after the holder took the lock (the holder's store to the
        head's node, the head's re-read of it, the read of the lock word), while the holder's
        release comes one transfer and the section's work after it. x86's store order holds
        the release in the holder's store buffer until the section's stores have their lines,
        and a head that reads the lock word meanwhile takes the line from under the buffered
        release and reads the lock held (docs/model.md, Coherence); before the model had that
        rule, the head waited for the release and read the lock free. An arriving thread's
        exchange of the tail takes the line from under the release the same way, and pushes
        the release later by the line's round trip. In a 36-thread run before the atomics'
        rule (temporary counts, not kept), 25,689 heads looked (the secondary queue was not
        empty for most of them), 2,249 found the lock held (369 before the readers' rule) and
        304 waiters were moved (228 before). With both rules, the section's loads overlapped
        and a waiter's one re-read for the holder's three stores to its node (below), 76% of
        CNA's hand-offs stay on a socket at 36 threads against stock's 29%, and CNA / stock is
        1.39 (1.17 before the re-read rule, 1.15 before the overlap, 1.05 with the readers'
        rule alone, 0.99 with neither); at 8 threads 52% against 24%, 1.03 (1.20, 1.17, 1.11,
        0.89). The re-read rule: the holder hands the queue on with three stores to the next
        waiter's node (`numa_node`, `start_time`, `locked`), which become visible together
        behind its `set_locked`; the model had the waiter re-read its line once per store, one
        after another at the line's home, so it learned that it headed the queue two
        crossings late (563 ns after the take, in a traced two-socket hand-off); one re-read
        issued after the stores are visible brings all three (docs/model.md, queued.cna). At 8
        threads the secondary queue forms, but most heads still find the lock free and cannot
        keep the main queue on one socket. One stock hand-off at 36 threads, traced access by
        access before the overlap (a temporary print, not kept), from a CPU of socket 1 to one of socket 3: the
        holder sets the locked byte at 226 ns and writes the next waiter's node at once; that
        store needs the node's line from socket 3 and the waiter's re-read brings it back, so
        the waiter learns that it heads the queue at 488 ns, two crossings later; the
        holder's release, issued at 320 ns behind its store to its stats line (shared with
        writers on other sockets), is visible at about 420 ns, so the new head reads the lock
        free. A head on the holder's socket learns it two on-socket transfers (about 75 ns)
        after the hand-off and finds the lock held: a sorted queue stays sorted, and one that
        is not stays unsorted. At 72 threads, one writer on every core, only 45%
        of CNA's hand-offs stay on a socket (stock 26%): a hand-off that crosses sockets makes
        the next head later still, so the queue stays unsorted, and CNA / stock falls to 0.97
        (0.87 before the re-read rule, 0.88 before the overlap, and then 0.88, 0.87, 0.89,
        0.93 and 0.91 over seeds 1 to 5).
        At 142 threads, before the atomics' rule, 23,265 heads looked, 3,611 found the lock
        held and 701 waiters were moved, and the secondary queue was flushed back 11 times
        when its head had waited its 1 ms: the main queue stays mostly in arrival order, the
        moved waiters come back in batches (each thread's total ranged from 251 to 418,
        against stock's 387 to 391), and 51% of CNA's hand-offs stay on a socket now
        against stock's 40% (CNA / stock 0.94), which two hyper-threads queued side by side give (below).
        Without stutter the queue never restarts, and at 142 writers (before the overlap) no
        hand-off stays on a socket (0 of 72,166 for CNA, 0 of 68,494 for stock): the writers come back to the
        queue in the order they left it, one socket after another. One such hand-off,
        traced (a temporary print, not kept): the holder sets the locked byte, misses on
        the globals' line (112 ns), draws, and issues its release 168 ns after taking the
        lock; its successor learns that it heads the queue 335 ns after that take (the
        store to its node and its re-read, each a crossing, behind the arriving writers'
        `cmpxchg` and `xchg` at the lock line's home), when the release is already queued
        there ahead of its read. So no head finds the lock held and the unsorted queue is
        stable. Give the section data that crosses with the lock and the same CNA code
        sorts: `scenarios/numa-locks-4s.json` (docs/model.md,
        queued.cna) walks four shared lines under the lock, each reached through the one
        before, and there CNA keeps 90% of 142 threads' hand-offs on one socket and does
        2.04 times qspinlock's acquisitions; with the same four lines independent, whose
        misses the core overlaps within the half of its reorder window each of two busy
        hyper-threads keeps, 84% and 1.76 times (94% and 2.37, 83% and 1.85, when this
        paragraph was written).
        locktorture's own section has two loads that miss, of the globals and of the
        writer's counter (`n_lock_acquired++` reads it and writes it), and their addresses
        are known at once: the core issues both and runs on through the section's draws
        within Haswell's 192-entry reorder window, and the release, which x86's store order
        keeps after them, waits for their data (docs/model.md, "Misses under a lock"). Before
        that rule the globals' load stalled the holder and the counter was only written (a
        stalling read of it made stock 25% slower, a trial not kept): CNA / stock was 1.17,
        1.15, 0.88 and 0.83 at 8, 36, 72 and 142 threads, and stock rose 20.6% from 36 to
        142 threads; with the overlap, 1.20, 1.17, 0.87 and 0.90, and 10.4%; with the
        re-read rule too, 1.03, 1.39, 0.97 and 0.94 (stock unchanged: its hand-off is one
        store). The figures of trials in these notes that say so were measured before them.
        Sensitivity to `drawCycles` (the cycles of one random draw with its 64-bit division,
        40 by default, an estimate from the 32 to 96 cycles Agner Fog gives for Haswell's
        `div r64`), 36 writers, CNA / stock and CNA's share of on-socket hand-offs, with the
        readers' rule alone: 40 → 1.05 (46%), 80 → 1.13 (55%), 120 → 1.16 (51%): a longer
        section lets more heads sort. The real machine must sort most of the time: its
        figures are what a sorted queue gives. The variation a real iteration has (misses of
        other lines, branch mispredictions, interrupts), which the model lacks but for a
        spinner's loop phase, was not enough to explain it either: with every instruction
        path of the run stretched or shrunk at random by up to 20% (a temporary change,
        before the store-buffer rule, not kept), CNA / stock at 36 threads went from 0.99 to
        1.13, and at 142 threads nothing moved. What keeps the model's heads from sorting is
        found (they come to the lock word late), why the machine's do not is not. So V6's
        CNA ratios fail, and no value of `drawCycles` is fitted to pass them. Before the
        re-read rule, CNA / stock at 36 threads over seeds 1 to 5 was 1.15, 1.13, 1.17, 1.07
        and 1.19 (with the readers' rule alone 1.05, 1.17, 1.26, 1.18 and 1.16).
        Where the lock's memory is matters too: a remote hand-off whose line is homed on a
        third socket takes three crossings (docs/model.md, Coherence), which
        moved these ratios from 0.79, 0.97, 0.81 and 0.79 to 0.89, 0.99, 0.94 and 0.85
        (before the store-buffer rule) and
        brought CNA's curve from 36 to 142 threads within its band. The machine's on-socket
        transfer is an estimate (no core-to-core table is published for Haswell-EX: 36.7
        ns, from the same-generation Broadwell-EP); docs/calibration.md's stand-ins section
        gives the CNA / stock rows under 20, 36.7 and 60 ns: at 20 ns the 8- and 36-thread
        rows pass (1.42 and 1.64) and the 72- and 142-thread rows still fail (0.99 and 1.06);
        at 60 ns every row but the one-thread row fails. Nor does the letter give its
        kernel's tick rate, which sets how often stutter restarts the test: at HZ=250 instead
        of the scenario's 1000, CNA / stock is 1.00, 1.44, 1.19 and 1.04 at 8, 36, 72 and 142
        threads, so the misses do not hang on how often the queue restarts.
        Stock: a pause ends with one store that every thread spins on, and the threads re-read
        it in the order their requests reach the flag's home: its socket's first, the other
        three interleaved (docs/model.md, Coherence); they then queue on the lock, and a FIFO
        queue keeps the order they queue in until the next pause. So how many hand-offs
        stay on a socket is set at each restart and does not move until the next (seed 1,
        counted per millisecond with a temporary count, not kept): at 36 threads 33%, 19%, 11%
        and 36% in the window's four run periods, 25% over the window, what a random order
        gives; at 72 threads 32% to 38%, 34% over the window. At 142 threads it is 58% to 62%
        in every period, 60% over the window, and 11% of all hand-offs (7% to 16% by period)
        go to the holder's own core, against under 1% in a random order: the two
        hyper-threads of a core read the flag from their shared cache together and queue side
        by side. The sorting happens at the lock's line (seed 1, the four restarts traced with
        a temporary print, not kept): the flag's re-reads all come back within 0.3 us, in an
        order with 27% of neighbours on one socket (the flag's socket's threads first, the
        others interleaved) and 11% on one core; the threads' fast-path `cmpxchg` and tail
        exchanges then take the lock's line one after another for about 13 us, and while the
        line is on a socket, that socket's requests reach it first (Coherence), so the tail
        comes out in runs of one socket, 59% to 61% of neighbours on one socket, and the next
        round repeats the order exactly. From the holder's release to the next holder's
        acquisition, a hand-off takes 143 ns to the holder's sibling, 172 ns inside a socket
        and 270 ns between sockets at 142 threads (182 and 283 ns at 36): the mean hand-off
        falls from 257 ns at 36 threads to 208 ns at 142, and with 36 threads' mix of sockets
        it would be 245 ns at 142, so the order the restart leaves makes three quarters of the
        fall. Stock's throughput rises from 36 to 142 threads, where the letter's falls by
        9.3%, and that row fails. (A trial before the overlap priced the sibling transfer as
        an on-socket one, 36.7 ns instead of 0.3, with `--set`: stock at 142 threads still
        rose 12.9% from 36, 45,938 to 51,887 operations.) Without stutter, when every hand-off
        crosses sockets, stock is flat from 36 to 142 threads (68,533 to 68,494 operations,
        -0.1%): the fall the letter shows needs more than the model's SMT sharing (a
        spinning sibling takes nothing from its core in the model). Nor is that sharing
        enough: counting every spinning sibling as computing (a temporary trial, an upper
        bound on what a pause loop can take from its core) leaves stock at 142 threads at
        50,920 operations, still 13.6% above its 36-thread total.

        What one acquisition costs. The ratios above hide the absolute hand-off, so the table
        below turns the letter's totals into the time of one acquisition, beside the model's
        (the method is in `V6PerAcquisition`'s Javadoc: the one-thread total is mostly the
        2 us `udelay` that a lone writer takes every fourth time, and about half of a long
        one-thread run is spent inside the 100 ms `mdelay`, which the model's short window
        never draws, so the published times come out nearly twice what a plain ratio to the
        one-thread total would give). For stock qspinlock with one writer per core (8 and 36
        threads) the model's hand-off, from the catalog's transfer costs with nothing fitted,
        lands 10% and 12% short of the letter's. It falls short by 17% at 72 threads, still one
        writer per core, and by 31% at 142, where both hyper-threads of every core
        run a writer: there the letter's acquisitions get slower and the model's faster, for
        the reasons given above (at 72, not for the hyper-threads). CNA's published times are those of a queue kept on one socket; the model's
        CNA is 16% short of them at 36 threads and 16%, 10% and 1% over them at 8, 72 and 142. At 72
        and 142 its heads sort less often (60% and 63% of hand-offs on one socket with seed 1,
        against 79% at 36), and at 8 only 39% stay on a socket (stock: 19%). (Before the owner rule the
        model's CNA was 9% over the letter's times at 36 threads and 24% to 44% over at the
        others; 52%, 58%, 77% and 74% of its hand-offs stayed on a socket, and at 8 threads
        CNA gained 8%.) Why so few of the 8-writer hand-offs stay on a socket with the owner
        rule, traced with temporary prints (seed 1, not kept): a head now almost never finds
        itself alone in the main queue (3 hand-offs to the secondary queue's head in 42,503
        acquisitions, against 14,331 before), since the releaser's atomics that queue it
        again come first; but in two of the four run phases between stutter pauses the
        secondary queue is empty at every head's turn from start to end (4 to 9 ms and 24 to
        26 ms): with it empty only one head in 128 looks, and a head that looks reads the lock
        word with a read that brings the release if the release is seen before the read
        reaches the holder, so it finds the lock free, moves nobody, and the queue stays in
        arrival order. In the other two phases 84% and 65% of heads have waiters in the
        secondary queue (80% over the run before the rule). Before the rule: each socket has
        two writers. A writer that releases comes back to the
        lock word only once its release is visible, about 150 ns after its section's last
        instruction, behind the section's stores (the counter's upgrade among them,
        docs/model.md, locktorture); its socket's other writer, the queue's head, reads the
        release a transfer later and takes the lock, and when the writer has not queued
        again by then the head is alone in the main queue and passes it to the secondary
        queue's first waiter, on another socket. In a trial with temporary counters (seed 1,
        not kept) that happened in 14,331 of 45,558 acquisitions, the 26% that leave the
        socket; and a hand-off that stays costs about 190 ns from the release's issue to the
        next holder's read of it, of which the wait behind the stores is most.
        Traced access by access (seed 1, a temporary print, not kept), the writer that
        released lost the lock's line twice to the head's re-read on its way back into the
        queue, between its failed fast-path `cmpxchg` and its tail exchange (74 ns for the
        exchange, two on-socket transfers), so the head read the tail as its own and took the
        splice path: the race that led to the owner rule above. A trial of the rule for
        spinners' re-reads alone (not kept) gave CNA / stock 0.99, 1.33, 1.06 and 0.94 at 8,
        36, 72 and 142 writers; for every read, as kept, 1.05, 1.38, 1.14 and 1.09.
        """;
  }
}
