package org.locksim.sweep;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * What a sweep's journal belongs to: the arguments that decide its results (axes, variants,
 * figures, repeats, seed, overrides; not the number of workers nor where the table goes), the
 * scenario file's contents and the locksim version. A journal is resumed only by a sweep with
 * the same identity, so results of two different sweeps are never mixed in one table.
 *
 * @param arguments the deciding arguments, quoted and joined on one line
 * @param scenario the SHA-256 of the scenario file's bytes, in hex
 * @param version the locksim version that wrote the journal
 */
public record JournalIdentity(String arguments, String scenario, String version) {
  public JournalIdentity {
    for (String s : List.of(arguments, scenario, version)) {
      if (s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0) {
        throw new IllegalArgumentException("a journal header field is one line: " + s);
      }
    }
  }

  /** The identity of a sweep of a file with these bytes and deciding arguments. */
  public static JournalIdentity of(List<String> arguments, byte[] scenarioBytes, String version) {
    StringBuilder line = new StringBuilder();
    for (String a : arguments) {
      if (line.length() > 0) {
        line.append(' ');
      }
      line.append(quote(a));
    }
    return new JournalIdentity(line.toString(), sha256(scenarioBytes), version);
  }

  /** {@code s} in double quotes, with backslashes, quotes and line ends escaped. */
  static String quote(String s) {
    StringBuilder b = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\\', '"' -> b.append('\\').append(c);
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        default -> b.append(c);
      }
    }
    return b.append('"').toString();
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  /** The journal's header lines, each ending in a newline. */
  String header() {
    return SweepJournal.FORMAT + "\n" + ARGUMENTS + arguments + "\n" + SCENARIO + scenario + "\n"
        + VERSION + version + "\n";
  }

  static final String ARGUMENTS = "arguments: ";
  static final String SCENARIO = "scenario-sha256: ";
  static final String VERSION = "locksim: ";

  /** Decodes a header line as {@link #header()} wrote it, or null if it is not of that kind. */
  static String field(String line, String prefix) {
    return line.startsWith(prefix) ? line.substring(prefix.length()) : null;
  }
}
