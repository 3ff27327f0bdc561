package org.locksim.ui.view;

import javafx.scene.paint.Color;
import org.locksim.trace.CpuState;
import org.locksim.trace.RowKind;
import org.locksim.trace.SummarySpan;
import org.locksim.trace.TaskState;

/**
 * The colour of every state a lane can show, from Okabe and Ito's palette for colour-blind
 * readers ("Color Universal Design", 2008): waiting that burns a CPU (spinning) is vermillion on
 * both CPU and task lanes, the one orange-red of the palette; useful work is dark blue (user) or
 * sky blue (kernel) on CPUs and bluish green on tasks; switching is reddish purple; idleness
 * and sleep are pale; so contention stands out for any colour vision. A lock hold takes its
 * owner's colour, so hand-offs between tasks show as changes of colour. A merged span (many
 * intervals in one pixel) is drawn stacked by state ({@link #stackOrder}); its single colour,
 * for a lock lane, is the mix of its states' colours weighted by the time each took.
 */
public final class Palette {
  /** The background of a lane where nothing was recorded. */
  public static final Color EMPTY = Color.WHITE;

  private static final Color[] CPU = new Color[CpuState.values().length];
  private static final Color[] TASK = new Color[TaskState.values().length];

  static {
    CPU[CpuState.IDLE.ordinal()] = Color.web("#eeeeee");
    CPU[CpuState.USER.ordinal()] = Color.web("#0072b2");
    CPU[CpuState.SYSTEM.ordinal()] = Color.web("#56b4e9");
    CPU[CpuState.SPINNING.ordinal()] = Color.web("#d55e00");
    CPU[CpuState.SWITCHING.ordinal()] = Color.web("#cc79a7");
    TASK[TaskState.RUNNING.ordinal()] = Color.web("#009e73");
    TASK[TaskState.RUNNABLE.ordinal()] = Color.web("#b3e0d2");
    TASK[TaskState.SPINNING.ordinal()] = Color.web("#d55e00");
    TASK[TaskState.BLOCKED.ordinal()] = Color.web("#7f7f7f");
    TASK[TaskState.SLEEPING.ordinal()] = Color.web("#e8e8f0");
  }

  private Palette() { }

  /** Returns the colour of state {@code ordinal} of {@code kind}; a lock's is its owner's. */
  public static Color of(RowKind kind, int ordinal, int detail) {
    return switch (kind) {
      case CPU -> CPU[ordinal];
      case TASK -> TASK[ordinal];
      case LOCK -> owner(detail);
    };
  }

  /** Returns the colour of a span: its state's, or for a merged span the time-weighted mix. */
  public static Color of(RowKind kind, SummarySpan span) {
    if (!span.merged()) {
      return of(kind, span.dominantState(), span.detail());
    }
    if (kind == RowKind.LOCK) {
      return mix(Color.web("#8c564b"), EMPTY, span.share(0));
    }
    double r = 0;
    double g = 0;
    double b = 0;
    double covered = 0;
    for (int s = 0; s < kind.stateCount(); s++) {
      double share = span.share(s);
      Color c = of(kind, s, -1);
      r += share * c.getRed();
      g += share * c.getGreen();
      b += share * c.getBlue();
      covered += share;
    }
    double rest = Math.max(0, 1 - covered);
    return Color.color(clamp(r + rest), clamp(g + rest), clamp(b + rest));
  }

  /** Returns a colour for lock owner {@code task}, spread around the hue circle by the golden angle. */
  public static Color owner(int task) {
    if (task < 0) {
      return Color.web("#8c564b");
    }
    return Color.hsb((task * 137.508) % 360, 0.55, 0.80);
  }

  /**
   * Returns the order in which the states of a merged span are stacked from the bottom of a
   * lane: spinning first, where the eye finds it, then the others in their file order.
   */
  public static int[] stackOrder(RowKind kind) {
    int spin = kind == RowKind.CPU ? CpuState.SPINNING.ordinal() : TaskState.SPINNING.ordinal();
    int[] order = new int[kind.stateCount()];
    order[0] = spin;
    for (int s = 0, i = 1; s < order.length; s++) {
      if (s != spin) {
        order[i++] = s;
      }
    }
    return order;
  }

  /**
   * Returns the share of a merged span's height each state takes, in {@link #stackOrder}: its
   * share of the span's time, scaled down if they ever add up to more than the whole, so that
   * the bar stays in its lane. (The index once carried a split span's time into a later span,
   * which then claimed more time than it lasted; sim-core's LodSummarizerTest keeps that fixed
   * where it arose, and this stays as a guard for whatever source a span comes from.)
   */
  public static double[] stackShares(RowKind kind, SummarySpan s) {
    int[] order = stackOrder(kind);
    double[] shares = new double[order.length];
    double total = 0;
    for (int i = 0; i < order.length; i++) {
      shares[i] = Math.max(0, s.share(order[i]));
      total += shares[i];
    }
    if (total > 1) {
      for (int i = 0; i < shares.length; i++) {
        shares[i] /= total;
      }
    }
    return shares;
  }

  /** Returns the colour of an arrow of kind ordinal {@code kind} (hand-off, wakeup, migration). */
  public static Color arrow(int kind) {
    return switch (kind) {
      case 0 -> Color.web("#1f1f1f");
      case 1 -> Color.web("#e69f00");
      default -> Color.web("#8c8c8c");
    };
  }

  private static Color mix(Color a, Color b, double share) {
    return a.interpolate(b, 1 - share);
  }

  private static double clamp(double v) {
    return Math.max(0, Math.min(1, v));
  }
}
