package org.locksim.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.zip.GZIPOutputStream;
import org.locksim.cli.progress.Progress;
import org.locksim.cli.progress.ProgressOptions;
import org.locksim.report.AtomicOutput;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.Location;
import org.locksim.trace.Recovery;
import org.locksim.trace.TraceFile;
import org.locksim.trace.TraceFormatException;
import org.locksim.trace.export.ChromeTraceExporter;
import org.locksim.trace.export.CsvExporter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code locksim export --format chrome|csv TRACE [-o OUT] [--recover]}: converts a recorded
 * trace. A damaged trace is bad input (status 2) with what could be read; {@code --recover}
 * exports its intact prefix instead, with a warning.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
    description = "Exports a trace recorded with 'run --trace' as Chrome Trace Event JSON (Perfetto) or CSV.")
final class ExportCommand implements Callable<Integer> {
  enum Format {
    chrome, csv
  }

  @Spec
  CommandSpec spec;

  @Mixin
  ProgressOptions progress;

  @Parameters(paramLabel = "TRACE", description = "the trace file")
  Path file;

  @Option(names = "--format", required = true, description = "chrome or csv")
  Format format;

  @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "output file (default: standard output);"
      + " compressed with gzip when it ends in .gz (Perfetto opens trace.json.gz as it is)")
  Path output;

  @Option(names = "--recover", description = "exports the intact prefix of a truncated or corrupt trace")
  boolean recover;

  @Override
  public Integer call() {
    output = new OutputCheck(file).written("--output", output);
    TraceFile trace = open();
    try (trace; Progress shown = progress.start("export", trace.blockCount(), "blocks")) {
      trace.onBlockScanned(shown::stepTo);
      if (!trace.integrity().ok()) {
        spec.commandLine().getErr().println("locksim: warning: " + file + ": " + trace.integrity().message()
            + "; exporting the intact prefix");
      }
      if (output == null) {
        PrintWriter out = spec.commandLine().getOut();
        export(trace, out);
        if (format == Format.chrome) {
          out.println();
        }
        out.flush();
      } else if (gzip()) {
        AtomicOutput.writeBytes(output, bytes -> {
          GZIPOutputStream zip = new GZIPOutputStream(bytes, 1 << 16);
          Writer w = new BufferedWriter(new OutputStreamWriter(zip, StandardCharsets.UTF_8), 1 << 16);
          export(trace, w);
          w.flush();
          zip.finish();
        });
      } else {
        AtomicOutput.write(output, w -> export(trace, w));
      }
    } catch (UncheckedIOException e) {
      throw damaged(e.getCause());
    } catch (IOException e) {
      throw output == null ? damaged(e) : Recording.cannotWrite(output, e);
    }
    return 0;
  }

  /** An output named {@code *.gz} is compressed: Perfetto opens gzip'd JSON as it is. */
  private boolean gzip() {
    return output.getFileName().toString().endsWith(".gz");
  }

  private TraceFile open() {
    try {
      return TraceFile.open(file, recover ? Recovery.PREFIX : Recovery.STRICT);
    } catch (TraceFormatException e) {
      String hint = e.integrity() != null && !recover ? "; --recover exports the intact prefix" : "";
      throw new InputError(Location.ofFile(file.toString()), "not a usable trace: " + e.getMessage() + hint,
          Optional.empty());
    } catch (IOException e) {
      throw InputError.unreadable(file.toString(), e);
    }
  }

  private void export(TraceFile trace, Writer out) throws IOException {
    switch (format) {
      case chrome -> ChromeTraceExporter.write(trace, out);
      case csv -> CsvExporter.write(trace, out);
      default -> throw new IllegalStateException(format.name());
    }
  }

  private InputError damaged(IOException e) {
    return new InputError(Location.ofFile(file.toString()), "cannot read trace: " + e.getMessage(), Optional.empty());
  }
}
