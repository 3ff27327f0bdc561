package org.locksim.metrics;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The contention points of one lock class, as lockdep keeps them in
 * {@code struct lock_class_stats} ({@code contention_point[]} and {@code contending_point[]}):
 * interned code-site labels, and per site how often a waiter there found the lock held and how
 * often a holder that took the lock there made someone wait. Ids are dense, from 0, in the
 * order of interning; recording allocates nothing.
 */
final class ContentionPoints {
    private final Map<String, Integer> ids = new HashMap<>();
    private String[] labels = new String[4];
    private long[] contentionCounts = new long[4];
    private long[] contendingCounts = new long[4];
    private int count;

    /** The id of {@code label}, interning it on first sight. */
    int intern(String label) {
        Integer id = ids.get(Objects.requireNonNull(label, "label"));
        if (id != null) {
            return id;
        }
        if (label.isEmpty() || label.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("contention point label must be one non-empty line: '" + label + "'");
        }
        if (count == labels.length) {
            int capacity = count * 2;
            labels = Arrays.copyOf(labels, capacity);
            contentionCounts = Arrays.copyOf(contentionCounts, capacity);
            contendingCounts = Arrays.copyOf(contendingCounts, capacity);
        }
        labels[count] = label;
        ids.put(label, count);
        return count++;
    }

    /** A waiter at {@code point} found the lock held by a holder that took it at {@code holderPoint}. */
    void contended(int point, int holderPoint) {
        if (point != LockStats.NO_POINT) {
            contentionCounts[check(point)]++;
        }
        if (holderPoint != LockStats.NO_POINT) {
            contendingCounts[check(holderPoint)]++;
        }
    }

    /** Clears the counts; labels keep their ids. */
    void reset() {
        Arrays.fill(contentionCounts, 0);
        Arrays.fill(contendingCounts, 0);
    }

    int count() {
        return count;
    }

    String label(int point) {
        return labels[check(point)];
    }

    long contentionCount(int point) {
        return contentionCounts[check(point)];
    }

    long contendingCount(int point) {
        return contendingCounts[check(point)];
    }

    private int check(int point) {
        if (point < 0 || point >= count) {
            throw new IllegalArgumentException("unknown contention point id " + point + " (" + count + " interned)");
        }
        return point;
    }
}
