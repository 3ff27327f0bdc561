package org.locksim.sweep;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.Location;

/**
 * The journal of a sweep: a text file beside its output that gets one line per finished run
 * ({@code POINT REPEAT FIGURE...}, the figures as {@link Double#toString(double)} writes them,
 * which reads back to the same double), written and forced to the disk before the worker that
 * ran it starts another. A sweep that is killed loses at most the runs in progress; resuming
 * reads the journal, drops a last line cut short by the kill, and runs only what is missing,
 * so its table is the one an uninterrupted sweep prints.
 *
 * <p>The journal starts with a header, its {@link JournalIdentity}; a journal whose header is
 * not the sweep's is refused as bad input rather than mixed into another sweep's table.
 */
public final class SweepJournal implements Closeable {
  /** The journal's first line. */
  static final String FORMAT = "locksim-sweep-journal/1";
  private static final int HEADER_LINES = 4;

  private final Path path;
  private final FileChannel channel;
  private final int resumed;

  private SweepJournal(Path path, FileChannel channel, int resumed) {
    this.path = path;
    this.channel = channel;
    this.resumed = resumed;
  }

  /** The journal of a sweep whose table goes to {@code output}: {@code OUTPUT.journal}. */
  public static Path beside(Path output) {
    return output.resolveSibling(output.getFileName() + ".journal");
  }

  /**
   * Starts a new journal.
   *
   * @throws InputError if a journal is already there: its runs would be lost
   */
  public static SweepJournal create(Path path, JournalIdentity id) {
    if (Files.exists(path)) {
      throw new InputError(Location.ofFile(path.toString()), "a journal of an unfinished sweep is"
          + " here; add --resume to continue it, or delete it to start again", Optional.empty());
    }
    try {
      FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
      SweepJournal j = new SweepJournal(path, ch, 0);
      j.append(id.header());
      return j;
    } catch (IOException e) {
      throw cannotWrite(path, e);
    }
  }

  /**
   * Opens a journal to resume its sweep: checks its header against {@code id}, puts every
   * finished run's figures in {@code known[point][repeat]}, and cuts a last line that a kill
   * left unfinished, so that the next run appends after the last whole line.
   *
   * @param known the results, per point and repeat, null where not yet known; filled in here
   * @param figures how many figures each run has
   * @throws InputError if there is no journal, it is another sweep's or a line is malformed
   */
  public static SweepJournal resume(Path path, JournalIdentity id, double[][][] known, int figures) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(path);
    } catch (NoSuchFileException e) {
      throw new InputError(Location.ofFile(path.toString()), "no journal to resume from (a sweep"
          + " writes one beside its --csv output); run without --resume to start the sweep",
          Optional.empty());
    } catch (IOException e) {
      throw InputError.unreadable(path.toString(), e);
    }
    int whole = lastNewline(bytes) + 1;
    String text = new String(bytes, 0, whole, StandardCharsets.UTF_8);
    String[] lines = text.isEmpty() ? new String[0] : text.split("\n", -1);
    int complete = Math.max(0, lines.length - 1);
    String header = id.header();
    boolean rewriteHeader = complete < HEADER_LINES && header.startsWith(text);
    if (!rewriteHeader) {
      JournalCheck.header(path, lines, complete, id);
    }
    int count = 0;
    for (int i = HEADER_LINES; !rewriteHeader && i < complete; i++) {
      count += JournalCheck.entry(path, i + 1, lines[i], known, figures);
    }
    try {
      FileChannel ch = FileChannel.open(path, StandardOpenOption.WRITE);
      ch.truncate(rewriteHeader ? 0 : whole);
      ch.position(rewriteHeader ? 0 : whole);
      SweepJournal j = new SweepJournal(path, ch, count);
      if (rewriteHeader) {
        j.append(header);
      }
      return j;
    } catch (IOException e) {
      throw cannotWrite(path, e);
    }
  }

  /** How many runs the journal held when it was resumed. */
  public int resumed() {
    return resumed;
  }

  /** Records a finished run, on the disk, before returning; called from any worker. */
  public synchronized void finished(int point, int repeat, double[] figures) {
    StringBuilder line = new StringBuilder().append(point).append(' ').append(repeat);
    for (double f : figures) {
      line.append(' ').append(Double.toString(f));
    }
    try {
      append(line.append('\n').toString());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the sweep journal " + path, e);
    }
  }

  /** Deletes the journal, once the table it fed is safely written. */
  public void delete() throws IOException {
    close();
    Files.deleteIfExists(path);
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }

  private void append(String text) throws IOException {
    ByteBuffer b = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
    while (b.hasRemaining()) {
      channel.write(b);
    }
    channel.force(false);
  }

  private static int lastNewline(byte[] bytes) {
    for (int i = bytes.length - 1; i >= 0; i--) {
      if (bytes[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  private static InputError cannotWrite(Path path, IOException e) {
    return new InputError(Location.ofFile(path.toString()), "cannot write the sweep journal: "
        + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()), Optional.empty());
  }
}
