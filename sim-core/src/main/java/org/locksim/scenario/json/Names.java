package org.locksim.scenario.json;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * Helpers for talking about names in error messages: the closest valid name to a misspelt
 * one, quoting and listing.
 *
 * <p>Closeness is the optimal-string-alignment (restricted Damerau-Levenshtein) distance,
 * ignoring case, so a swapped pair of letters ({@code tsaks}) counts as one edit. A name is
 * suggested only when it is close relative to the length of what the user typed, so that
 * {@code "x"} never earns a suggestion of {@code "smp"}.
 */
public final class Names {

    private Names() {
    }

    /**
     * Returns the valid name closest to {@code given}, if one is close enough to be a likely
     * misspelling: at most {@code max(2, length / 3)} edits away and fewer edits than the
     * length of {@code given}. On a tie the first in {@code valid} wins; an exact match is
     * never suggested.
     */
    public static Optional<String> closest(String given, Collection<String> valid) {
        String lower = given.toLowerCase(Locale.ROOT);
        int limit = Math.min(Math.max(2, given.length() / 3), given.length() - 1);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : valid) {
            if (candidate.equals(given)) {
                continue;
            }
            int d = distance(lower, candidate.toLowerCase(Locale.ROOT));
            if (d <= limit && d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        return Optional.ofNullable(best);
    }

    /** Returns the optimal-string-alignment distance between two strings. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int best = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2)
                        && a.charAt(i - 2) == b.charAt(j - 1)) {
                    best = Math.min(best, d[i - 2][j - 2] + 1);
                }
                d[i][j] = best;
            }
        }
        return d[a.length()][b.length()];
    }

    /** Returns {@code s} in double quotes, with quotes, backslashes and control characters escaped. */
    public static String quote(String s) {
        StringBuilder out = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }

    /** Returns the names separated by {@code ", "}, or {@code (none)} when there are none. */
    public static String list(Collection<String> names) {
        return names.isEmpty() ? "(none)" : String.join(", ", names);
    }
}
