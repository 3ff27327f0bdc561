package org.locksim.validation;

import java.util.List;

/**
 * How far each row of a reproduction moves when one fitted parameter moves by
 * {@value #STEP} of itself either way. A row that moves by more than {@value #KNEE} times the
 * parameter's relative change sits on a knee: a few percent of the parameter swing it by tens
 * of percent, so the fit says little about the model.
 *
 * @param reproduction the reproduction's id
 * @param parameter the parameter moved
 * @param value its value, as shown
 * @param moves one per row, in the reproduction's order
 */
public record Sensitivity(String reproduction, FittedParameter parameter, String value, List<Move> moves) {
  /** The relative change of the parameter. */
  public static final double STEP = 0.10;
  /** A row's relative move above this many times {@link #STEP} is a knee. */
  public static final double KNEE = 3;

  public Sensitivity {
    moves = List.copyOf(moves);
  }

  /**
   * One row's measure at the parameter's value and at -10% and +10% of it.
   *
   * @param row the row at the fitted value
   * @param down the measure with the parameter at {@code 1 - STEP} of its value
   * @param up the measure at {@code 1 + STEP}
   */
  public record Move(Row row, double down, double up) {
    /** The move at -10%, as a fraction of the row's {@link Row#scale() scale}. */
    public double relDown() {
      return rel(down);
    }

    public double relUp() {
      return rel(up);
    }

    private double rel(double moved) {
      double base = row.measure();
      if (moved == base) {
        return 0;
      }
      return row.scale() == 0 ? Double.POSITIVE_INFINITY : (moved - base) / row.scale();
    }

    /** True when either move exceeds {@link #KNEE} times {@link #STEP}. */
    public boolean knee() {
      return Math.max(Math.abs(relDown()), Math.abs(relUp())) > KNEE * STEP;
    }

    /** True when the row moves at all. */
    public boolean moves() {
      return down != row.measure() || up != row.measure();
    }
  }
}
