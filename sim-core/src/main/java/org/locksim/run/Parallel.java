package org.locksim.run;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Runs independent, deterministic simulations on several threads and hands back their results
 * in the order of their inputs, so that what is printed does not depend on the thread count.
 */
public final class Parallel {
  private Parallel() { }

  /** {@code f} of each of {@code in}, in order, on {@code threads} threads. */
  public static <T, R> List<R> map(List<T> in, int threads, Function<T, R> f) {
    List<R> out = new ArrayList<>();
    forEachInOrder(in, threads, f, out::add);
    return out;
  }

  /**
   * {@code f} of each of {@code in} on {@code threads} threads, each result handed to
   * {@code inOrder} on the calling thread, in the order of the inputs, as soon as it and every
   * result before it are done: a command can print the first results while later ones run.
   * The inputs start in their order, so the first ones are done first.
   */
  public static <T, R> void forEachInOrder(List<T> in, int threads, Function<T, R> f,
      Consumer<R> inOrder) {
    if (threads <= 1 || in.size() <= 1) {
      in.forEach(x -> inOrder.accept(f.apply(x)));
      return;
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, in.size()));
    try {
      List<Future<R>> futures = new ArrayList<>();
      in.forEach(x -> futures.add(pool.submit(() -> f.apply(x))));
      for (Future<R> r : futures) {
        inOrder.accept(r.get());
      }
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
