package org.locksim.sched;

/**
 * Code a task runs, as a state machine. The kernel calls {@link #step} with the task's current
 * frame; the step reads the result of the previous action ({@link Kernel#result()}), chooses
 * what to do, adds the cost of any private instructions ({@link Kernel#exec}), issues at most
 * one timed action and sets the program counter for the next step ({@link Kernel#next}).
 * Results of an action are only visible in the following step, because an action takes effect
 * when it is issued and the step runs before that.
 */
public interface Routine {
  /** Runs one step of the current frame. */
  void step(Kernel k);

  /** The kernel function this routine stands for, as it appears in profiles. */
  String function();

  /** Whether time spent in this routine is user time (false: system time). */
  default boolean user() {
    return false;
  }

  /** A kernel routine called {@code function} whose steps are {@code step}. */
  static Routine named(String function, java.util.function.Consumer<Kernel> step) {
    return new Routine() {
      @Override
      public void step(Kernel k) {
        step.accept(k);
      }

      @Override
      public String function() {
        return function;
      }
    };
  }
}
