package org.locksim.ui.timeline;

import java.util.ArrayList;
import java.util.List;

/**
 * The visible window of a timeline: which picoseconds map to which pixels. The window stays
 * inside the trace's bounds and never gets narrower than one picosecond per pixel; zooming keeps
 * the time under the pointer where it is, as in Perfetto and Trace Compass. Two views that share
 * one viewport scroll and zoom together, which is how the app compares two runs.
 */
public final class Viewport {
  private final List<Runnable> listeners = new ArrayList<>();
  private long minPs;
  private long maxPs;
  private long startPs;
  private long spanPs;
  private double widthPx = 1;

  /** A viewport over {@code [minPs, maxPs)}, showing all of it. */
  public Viewport(long minPs, long maxPs) {
    setBounds(minPs, maxPs);
  }

  /** Sets the trace's bounds (an empty range is widened to 1 ps) and shows all of it. */
  public void setBounds(long minPs, long maxPs) {
    if (maxPs < minPs) {
      throw new IllegalArgumentException("bounds [" + minPs + ", " + maxPs + ") are reversed");
    }
    this.minPs = minPs;
    this.maxPs = Math.max(maxPs, minPs + 1);
    fit();
  }

  /** Sets how many pixels wide the time area is; the window keeps its times. */
  public void setWidth(double px) {
    widthPx = Math.max(1, px);
    spanPs = clampSpan(spanPs);
    startPs = clampStart(startPs);
    changed();
  }

  /** Shows the whole trace. */
  public void fit() {
    startPs = minPs;
    spanPs = maxPs - minPs;
    changed();
  }

  /** Shows {@code [fromPs, toPs)} as closely as the bounds and the resolution allow. */
  public void show(long fromPs, long toPs) {
    spanPs = clampSpan(toPs - fromPs);
    startPs = clampStart(fromPs);
    changed();
  }

  /**
   * Zooms by {@code factor} (above 1 zooms in) around pixel {@code x}: the time under
   * {@code x} stays under it.
   */
  public void zoomAt(double x, double factor) {
    if (!(factor > 0)) {
      throw new IllegalArgumentException("zoom factor " + factor + " is not positive");
    }
    long anchor = ps(x);
    long span = clampSpan(Math.round(spanPs / factor));
    spanPs = span;
    startPs = clampStart(anchor - Math.round(x / widthPx * span));
    changed();
  }

  /** Moves the window by {@code dx} pixels (positive moves the content right: earlier times). */
  public void panPx(double dx) {
    startPs = clampStart(startPs - Math.round(dx * spanPs / widthPx));
    changed();
  }

  /**
   * Returns a copy whose bounds and window are this one's moved by {@code deltaPs}, at the same
   * width and resolution, listened to by nobody: the window of a trace moved along a shared axis.
   */
  public Viewport shiftedBy(long deltaPs) {
    Viewport v = new Viewport(minPs + deltaPs, maxPs + deltaPs);
    v.widthPx = widthPx;
    v.startPs = startPs + deltaPs;
    v.spanPs = spanPs;
    return v;
  }

  /** Calls {@code r} after every change of the window or the width. */
  public void addListener(Runnable r) {
    listeners.add(r);
  }

  /** Stops calling {@code r}. */
  public void removeListener(Runnable r) {
    listeners.remove(r);
  }

  public long minPs() {
    return minPs;
  }

  public long maxPs() {
    return maxPs;
  }

  /** Returns the first visible picosecond. */
  public long startPs() {
    return startPs;
  }

  /** Returns the end of the visible window (exclusive). */
  public long endPs() {
    return startPs + spanPs;
  }

  public long spanPs() {
    return spanPs;
  }

  public double widthPx() {
    return widthPx;
  }

  /** Returns the picoseconds one pixel covers, at least 1: the resolution to summarise rows at. */
  public long psPerPixel() {
    return Math.max(1, (long) Math.floor(spanPs / widthPx));
  }

  /** Returns the pixel of time {@code ps}, which may lie outside {@code [0, width]}. */
  public double x(long ps) {
    return (ps - startPs) * widthPx / spanPs;
  }

  /** Returns the time at pixel {@code x}. */
  public long ps(double x) {
    return startPs + Math.round(x * spanPs / widthPx);
  }

  private long clampSpan(long span) {
    long least = (long) Math.ceil(widthPx);
    return Math.min(maxPs - minPs, Math.max(least, span));
  }

  private long clampStart(long start) {
    return Math.max(minPs, Math.min(maxPs - spanPs, start));
  }

  private void changed() {
    for (Runnable r : List.copyOf(listeners)) {
      r.run();
    }
  }
}
