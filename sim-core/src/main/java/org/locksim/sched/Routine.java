package org.locksim.sched;

/**
 * Code a task runs, as a state machine. The kernel calls {@link #step} with the task's current
 * frame; the step reads the result of the previous action ({@link Kernel#result()}), chooses
 * what to do, adds the cost of any private instructions ({@link Kernel#exec}), issues at most
 * one timed action and sets the program counter for the next step ({@link Kernel#next}).
 * Results of an action are only visible in the following step, because an action takes effect
 * when it is issued and the step runs before that.
 *
 * <p>The kernel function a routine stands for and whether its time is user time are fields,
 * which the kernel reads on every step; a routine that stands for different functions as it
 * goes (a compile job in a system call) renames itself with {@link #function(String)}.
 */
public abstract class Routine {
  private String function;
  private final boolean user;

  /** A kernel routine: its time is system time. */
  protected Routine(String function) {
    this(function, false);
  }

  /** A routine whose time is user time when {@code user} (false: system time). */
  protected Routine(String function, boolean user) {
    this.function = function;
    this.user = user;
  }

  /** Runs one step of the current frame. */
  public abstract void step(Kernel k);

  /** The kernel function this routine stands for, as it appears in profiles. */
  public final String function() {
    return function;
  }

  /** From the next step on, this routine stands for {@code name}. */
  protected final void function(String name) {
    this.function = name;
  }

  /** Whether time spent in this routine is user time (false: system time). */
  public final boolean user() {
    return user;
  }

  /** A kernel routine called {@code function} whose steps are {@code step}. */
  public static Routine named(String function, java.util.function.Consumer<Kernel> step) {
    return new Routine(function) {
      @Override
      public void step(Kernel k) {
        step.accept(k);
      }
    };
  }
}
