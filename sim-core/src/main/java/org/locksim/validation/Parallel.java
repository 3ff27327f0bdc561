package org.locksim.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * Runs independent, deterministic simulations on several threads and returns their results in
 * the order of their inputs, so that the figures do not depend on the thread count.
 */
public final class Parallel {
  private Parallel() { }

  /** {@code f} of each of {@code in}, in order, on {@code threads} threads. */
  public static <T, R> List<R> map(List<T> in, int threads, Function<T, R> f) {
    if (threads <= 1 || in.size() <= 1) {
      return in.stream().map(f).toList();
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, in.size()));
    try {
      List<Callable<R>> jobs = new ArrayList<>();
      in.forEach(x -> jobs.add(() -> f.apply(x)));
      List<R> out = new ArrayList<>();
      for (Future<R> r : pool.invokeAll(jobs)) {
        out.add(r.get());
      }
      return out;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException re) {
        throw re;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  /** Every core. */
  public static int cores() {
    return Runtime.getRuntime().availableProcessors();
  }
}
