package org.locksim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Regenerates the examples of docs/outputs.md: the prose is written by hand, every command line
 * and every output under it is filled in by running the command. An HTML comment on a line of its
 * own says what fills the fenced block right after it:
 *
 * <ul>
 *   <li>{@code <!-- command: ARGS -->} shows {@code ./locksim ARGS} and runs it, from the
 *       repository root as the page says: a path to a repository file is given as it is, a bare
 *       file name ({@code small.lst}) is a file of a scratch folder;
 *   <li>{@code <!-- command+status: ARGS -->} the same, shown with {@code ; echo "exit status $?"};
 *   <li>{@code <!-- output: WHAT -->} shows what the last command gave: {@code stdout},
 *       {@code stdout from REGEX} (from the first line that matches), {@code stderr},
 *       {@code status} (the exit status line, then standard error), {@code file NAME} with
 *       optionally {@code head N} (then a line {@code ...}) or {@code lines 1,100,...}, {@code file
 *       NAME events SELECTOR;...} (a Chrome trace's first event matching each selector, one per
 *       line; a selector is {@code otherData} or {@code key=value,...}), {@code repo PATH} (a
 *       file of the repository), {@code size TRACE CSV} (the trace's bytes per interval, the
 *       intervals counted as the lines of its CSV export), {@code bytes FILE...} (their sizes),
 *       {@code chart NAME} (what a chart of {@code --plot} shows: an SVG's panels with their
 *       titles, axes and series, a PNG's size);
 *   <li>{@code <!-- do: truncate FROM BYTES TO -->} cuts a scratch file (as {@code head -c}),
 *       and fills no block.
 * </ul>
 */
final class OutputsPage {
  /**
   * The page's text as it stands, after checking that it equals what its directives generate
   * today (under {@code -Dlocksim.golden.update=true}, first writing the generated text to it);
   * {@code testName} is the test that regenerates it.
   */
  static String checked(Path page, Path scratch, String testName) throws IOException {
    String text = Files.readString(page, StandardCharsets.UTF_8);
    String expected = new OutputsPage(Path.of(".."), scratch).generate(text);
    if (Boolean.getBoolean("locksim.golden.update")) {
      Files.writeString(page, expected, StandardCharsets.UTF_8);
      text = expected;
    }
    assertEquals(expected, text, "docs/" + page.getFileName()
        + " is stale; regenerate it with ./mvnw -q -pl sim-cli test -Dtest=" + testName
        + " -Dlocksim.golden.update=true and review the diff");
    return text;
  }

  private static final Pattern DIRECTIVE = Pattern.compile("^<!-- (command|command\\+status|output|do): (.*) -->$");
  private static final Pattern FILE_NAME = Pattern.compile("[\\w.-]+\\.(lst|csv|json|folded|gz|svg|png)");

  private final Path repo;
  private final Path scratch;
  private Outcome last;

  record Outcome(int status, String out, String err) { }

  OutputsPage(Path repo, Path scratch) {
    this.repo = repo;
    this.scratch = scratch;
  }

  /** The page {@code template} with every directive's block filled in anew. */
  String generate(String template) throws IOException {
    List<String> lines = new ArrayList<>(Arrays.asList(template.split("\n", -1)));
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      out.append(line).append('\n');
      Matcher m = DIRECTIVE.matcher(line);
      if (!m.matches()) {
        if (DIRECTIVE.matcher(line.strip()).matches()) {
          // An indented directive (inside a list item) would be left as it is, unchecked.
          throw new IllegalStateException("line " + (i + 1) + ": a directive must start its line: " + line);
        }
        continue;
      }
      String body = fill(m.group(1), m.group(2).trim());
      if (body == null) {
        continue;
      }
      if (i + 1 >= lines.size() || !lines.get(i + 1).startsWith("```")) {
        throw new IllegalStateException("line " + (i + 2) + ": a fenced block must follow " + line);
      }
      out.append(lines.get(++i)).append('\n');
      while (++i < lines.size() && !lines.get(i).equals("```")) {
        // the old content goes
      }
      out.append(body.endsWith("\n") ? body : body + "\n").append("```\n");
    }
    out.setLength(out.length() - 1);
    return out.toString();
  }

  /**
   * The words of a command as a POSIX shell splits them: at spaces, except inside single
   * quotes, which are removed (so that a page can show {@code --vary 'locks[0]={"a":1}'} as a
   * reader would type it).
   */
  static String[] shellWords(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder w = new StringBuilder();
    boolean quoted = false;
    boolean any = false;
    for (char c : line.toCharArray()) {
      if (c == '\'') {
        quoted = !quoted;
        any = true;
      } else if (c == ' ' && !quoted) {
        if (any) {
          words.add(w.toString());
          w.setLength(0);
          any = false;
        }
      } else {
        w.append(c);
        any = true;
      }
    }
    if (quoted) {
      throw new IllegalArgumentException("unbalanced single quote in: " + line);
    }
    if (any) {
      words.add(w.toString());
    }
    return words.toArray(new String[0]);
  }

  private String fill(String kind, String arg) throws IOException {
    switch (kind) {
      case "command", "command+status" -> {
        last = run(shellWords(arg));
        if (kind.equals("command") && last.status() != 0) {
          // A page shows a failing command only on purpose, with its status (command+status).
          throw new IllegalStateException("exit status " + last.status() + " from " + arg + ": " + last.err());
        }
        return "./locksim " + arg + (kind.equals("command") ? "" : "; echo \"exit status $?\"");
      }
      case "do" -> {
        String[] w = arg.split(" +");
        if (!w[0].equals("truncate") || w.length != 4) {
          throw new IllegalArgumentException("unknown action: " + arg);
        }
        byte[] all = Files.readAllBytes(scratch.resolve(w[1]));
        Files.write(scratch.resolve(w[3]), Arrays.copyOf(all, Integer.parseInt(w[2])));
        return null;
      }
      default -> {
        return output(arg);
      }
    }
  }

  private String output(String what) throws IOException {
    String[] w = what.split(" +", 3);
    switch (w[0]) {
      case "stdout" -> {
        if (w.length == 1) {
          return last.out();
        }
        Matcher m = Pattern.compile("(?m)^.*" + w[2]).matcher(last.out());
        if (!m.find()) {
          throw new IllegalStateException("no line matches " + w[2] + " in\n" + last.out());
        }
        return last.out().substring(m.start());
      }
      case "stderr" -> {
        return last.err();
      }
      case "status" -> {
        return "exit status " + last.status() + "\n" + last.err();
      }
      case "size" -> {
        long bytes = Files.size(scratch.resolve(w[1]));
        long intervals = Files.readAllLines(scratch.resolve(w[2].trim())).size() - 1;
        return String.format(java.util.Locale.ROOT, "%s: %,d bytes for %,d intervals (the lines of %s):"
            + " %.2f bytes per interval, every record included%n", w[1], bytes, intervals, w[2].trim(),
            (double) bytes / intervals);
      }
      case "bytes" -> {
        StringBuilder sizes = new StringBuilder();
        for (String f : what.substring("bytes".length()).trim().split(" +")) {
          sizes.append(String.format(java.util.Locale.ROOT, "%-12s %,11d bytes%n", f, Files.size(scratch.resolve(f))));
        }
        return sizes.toString();
      }
      case "chart" -> {
        return chart(scratch.resolve(w[1]));
      }
      case "repo" -> {
        return Files.readString(repo.resolve(w[1]), StandardCharsets.UTF_8);
      }
      case "file" -> {
        String text = Files.readString(scratch.resolve(w[1]), StandardCharsets.UTF_8);
        return w.length == 2 ? text : select(text, w[2]);
      }
      default -> throw new IllegalArgumentException("unknown output: " + what);
    }
  }

  private static String select(String text, String how) throws IOException {
    String[] w = how.split(" +", 2);
    List<String> lines = Arrays.asList(text.split("\n"));
    StringBuilder out = new StringBuilder();
    switch (w[0]) {
      case "head" -> {
        lines.subList(0, Integer.parseInt(w[1])).forEach(l -> out.append(l).append('\n'));
        out.append("...\n");
      }
      case "lines" -> {
        for (String n : w[1].split(",")) {
          out.append(lines.get(Integer.parseInt(n) - 1)).append('\n');
        }
      }
      case "events" -> {
        ObjectMapper json = new ObjectMapper();
        JsonNode root = json.readTree(text);
        for (String selector : w[1].split(";")) {
          out.append(json.writeValueAsString(selector.equals("otherData") ? root.get("otherData")
              : first(root.get("traceEvents"), selector))).append('\n');
        }
      }
      default -> throw new IllegalArgumentException("unknown selection: " + how);
    }
    return out.toString();
  }

  /** A chart in words: an SVG's panels, each its title and description, or a PNG's size. */
  static String chart(Path file) throws IOException {
    if (file.toString().endsWith(".png")) {
      java.awt.image.BufferedImage image = javax.imageio.ImageIO.read(file.toFile());
      return String.format(java.util.Locale.ROOT, "%s: PNG, %d x %d pixels%n", file.getFileName(),
          image.getWidth(), image.getHeight());
    }
    try {
      StringBuilder sb = new StringBuilder();
      for (org.w3c.dom.Element panel : PlotTest.panels(PlotTest.xml(file))) {
        sb.append(PlotTest.child(panel, "title")).append('\n');
        for (String line : PlotTest.child(panel, "desc").split("\n")) {
          sb.append("  ").append(line).append('\n');
        }
      }
      return sb.toString();
    } catch (Exception e) {
      throw new IOException("cannot read the chart " + file + ": " + e.getMessage(), e);
    }
  }

  private static JsonNode first(JsonNode events, String selector) {
    Map<String, String> want = new LinkedHashMap<>();
    for (String kv : selector.split(",")) {
      want.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
    }
    for (JsonNode e : events) {
      if (want.entrySet().stream().allMatch(kv -> e.has(kv.getKey()) && e.get(kv.getKey()).asText().equals(kv.getValue()))) {
        return e;
      }
    }
    throw new IllegalStateException("no event has " + selector);
  }

  /** Runs the command as from the repository root, and shows its outputs as from there. */
  private Outcome run(String[] shown) {
    String[] args = new String[shown.length];
    Map<String, String> back = new LinkedHashMap<>();
    for (int i = 0; i < shown.length; i++) {
      String a = shown[i];
      if (a.contains("/") && Files.exists(repo.resolve(a))) {
        args[i] = repo.resolve(a).toString();
        back.put(args[i], a);
      } else if (FILE_NAME.matcher(a).matches()) {
        args[i] = scratch.resolve(a).toString();
      } else {
        args[i] = a;
      }
    }
    back.put(scratch.toString() + scratch.getFileSystem().getSeparator(), "");
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int status = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
    return new Outcome(status, unmap(out.toString(), back), unmap(err.toString(), back));
  }

  private static String unmap(String text, Map<String, String> back) {
    for (Map.Entry<String, String> e : back.entrySet()) {
      text = text.replace(e.getKey(), e.getValue());
    }
    return text;
  }
}
