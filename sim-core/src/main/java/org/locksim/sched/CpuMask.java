package org.locksim.sched;

import java.util.Arrays;

/**
 * A set of CPU numbers: a task's allowed CPUs ({@code cpus_allowed}, what
 * {@code sched_setaffinity(2)} sets). It reads and prints the CPU-list format of
 * {@code taskset -c} and of {@code /sys/devices/system/cpu/online}: comma-separated entries,
 * each a CPU ({@code 8}), a range ({@code 0-3}) or a range with a stride ({@code 0-15:2}, every
 * second CPU, as util-linux's {@code cpulist_parse} reads it). Immutable.
 */
public final class CpuMask {
  private final long[] words;
  private final int size;

  private CpuMask(long[] words) {
    this.words = words;
    int n = 0;
    for (long w : words) {
      n += Long.bitCount(w);
    }
    this.size = n;
  }

  /** The set of {@code cpus}. */
  public static CpuMask of(int... cpus) {
    int max = -1;
    for (int c : cpus) {
      if (c < 0) {
        throw new IllegalArgumentException("negative CPU " + c);
      }
      max = Math.max(max, c);
    }
    long[] w = new long[max < 0 ? 0 : (max >>> 6) + 1];
    for (int c : cpus) {
      w[c >>> 6] |= 1L << c;
    }
    return new CpuMask(w);
  }

  /** CPUs {@code 0} to {@code count - 1}. */
  public static CpuMask all(int count) {
    int[] cpus = new int[count];
    Arrays.setAll(cpus, i -> i);
    return of(cpus);
  }

  /**
   * Parses a CPU list ({@code "0-3,8"}).
   *
   * @throws BadList naming the offending entry and its offset in {@code text}
   */
  public static CpuMask parse(String text) {
    if (text.isBlank()) {
      throw new BadList("an empty CPU list", 0);
    }
    java.util.List<Integer> cpus = new java.util.ArrayList<>();
    int at = 0;
    for (String entry : text.split(",", -1)) {
      cpus.addAll(entry(entry, at));
      at += entry.length() + 1;
    }
    return of(cpus.stream().mapToInt(Integer::intValue).toArray());
  }

  private static java.util.List<Integer> entry(String entry, int at) {
    String e = entry.strip();
    int lead = 0;
    while (lead < entry.length() && Character.isWhitespace(entry.charAt(lead))) {
      lead++;
    }
    int offset = at + lead;
    if (e.isEmpty()) {
      throw new BadList("an empty entry", offset);
    }
    int colon = e.indexOf(':');
    String range = colon < 0 ? e : e.substring(0, colon);
    int stride = colon < 0 ? 1 : number(e.substring(colon + 1), offset + colon + 1, "a stride");
    int dash = range.indexOf('-', 1);
    int lo = number(dash < 0 ? range : range.substring(0, dash), offset, "a CPU number");
    int hi = dash < 0 ? lo : number(range.substring(dash + 1), offset + dash + 1, "a CPU number");
    if (colon >= 0 && dash < 0) {
      throw new BadList("a stride needs a range (0-15:2)", offset + colon);
    }
    if (hi < lo) {
      throw new BadList("the range " + e + " runs backwards", offset);
    }
    if (stride < 1) {
      throw new BadList("a stride must be at least 1", offset + colon + 1);
    }
    java.util.List<Integer> out = new java.util.ArrayList<>();
    for (long c = lo; c <= hi; c += stride) {
      out.add((int) c);
    }
    return out;
  }

  private static int number(String s, int offset, String what) {
    if (s.isEmpty() || !s.chars().allMatch(Character::isDigit)) {
      throw new BadList("expected " + what + ", got \"" + s + "\"", offset);
    }
    if (s.length() > 6) {
      throw new BadList(s + " is not a CPU number this simulator can have", offset);
    }
    return Integer.parseInt(s);
  }

  /** A CPU list that cannot be read: what is wrong, and where in the text. */
  public static final class BadList extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final int offset;

    BadList(String message, int offset) {
      super(message);
      this.offset = offset;
    }

    /** The 0-based offset in the text of the entry that is wrong. */
    public int offset() {
      return offset;
    }
  }

  public boolean contains(int cpu) {
    int w = cpu >>> 6;
    return cpu >= 0 && w < words.length && (words[w] & (1L << cpu)) != 0;
  }

  /** How many CPUs the set holds. */
  public int size() {
    return size;
  }

  /** The largest CPU number in the set, or -1 when it is empty. */
  public int last() {
    for (int w = words.length - 1; w >= 0; w--) {
      if (words[w] != 0) {
        return w * 64 + 63 - Long.numberOfLeadingZeros(words[w]);
      }
    }
    return -1;
  }

  /** The CPUs in ascending order. */
  public int[] cpus() {
    int[] out = new int[size];
    int i = 0;
    for (int w = 0; w < words.length; w++) {
      long bits = words[w];
      while (bits != 0) {
        out[i++] = w * 64 + Long.numberOfTrailingZeros(bits);
        bits &= bits - 1;
      }
    }
    return out;
  }

  /** Whether every CPU of a machine of {@code count} CPUs is in the set. */
  public boolean coversAll(int count) {
    for (int c = 0; c < count; c++) {
      if (!contains(c)) {
        return false;
      }
    }
    return true;
  }

  /** The set as a CPU list, ranges joined: {@code 0-3,8}. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    int[] c = cpus();
    for (int i = 0; i < c.length; ) {
      int j = i;
      while (j + 1 < c.length && c[j + 1] == c[j] + 1) {
        j++;
      }
      if (sb.length() > 0) {
        sb.append(',');
      }
      sb.append(c[i]);
      if (j > i) {
        sb.append('-').append(c[j]);
      }
      i = j + 1;
    }
    return sb.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CpuMask m && Arrays.equals(trim(words), trim(m.words));
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(trim(words));
  }

  private static long[] trim(long[] w) {
    int n = w.length;
    while (n > 0 && w[n - 1] == 0) {
      n--;
    }
    return Arrays.copyOf(w, n);
  }
}
