package org.locksim.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.Properties;
import org.locksim.cli.progress.ProgressOptions;
import org.locksim.plugin.PluginJars;
import org.locksim.scenario.json.InputError;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of the {@code locksim} command. */
@Command(
    name = "locksim",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    description = "Simulates kernel locks on multi-CPU machines.",
    subcommands = {RunCommand.class, SweepCommand.class, CompareCommand.class, ValidateCommand.class, ExportCommand.class,
        C2cCommand.class,
        DiffFoldedCommand.class, ModelsCommand.class, LocksCommand.class, CheckLockCommand.class,
        CommandLine.HelpCommand.class})
public final class Main implements Runnable, ProgressOptions.Console {
  /** Exit status for bad input. */
  public static final int BAD_INPUT = 2;
  /** Exit status for an internal fault. */
  public static final int INTERNAL = 1;

  public static void main(String[] args) {
    StandardOutput stdout = new StandardOutput(new FileOutputStream(FileDescriptor.out));
    PrintWriter out = stdout.writer();
    PrintWriter err = new PrintWriter(System.err, true);
    System.exit(stdout.finish(out,
        execute(args, out, err, SweepBackend.LOCAL, ProgressOptions.stderrIsTerminal()), err));
  }

  /** Runs the command line with the given streams and returns its exit status. */
  public static int execute(String[] args, PrintWriter out, PrintWriter err) {
    return execute(args, out, err, SweepBackend.LOCAL);
  }

  /** As {@link #execute(String[], PrintWriter, PrintWriter)}, with sweeps run by {@code sweeps}. */
  public static int execute(String[] args, PrintWriter out, PrintWriter err, SweepBackend sweeps) {
    return execute(args, out, err, sweeps, false);
  }

  /**
   * As {@link #execute(String[], PrintWriter, PrintWriter, SweepBackend)}; with
   * {@code errIsTerminal}, long commands draw a progress bar on the process's standard error
   * instead of writing progress lines to {@code err}.
   */
  public static int execute(String[] args, PrintWriter out, PrintWriter err, SweepBackend sweeps,
      boolean errIsTerminal) {
    CommandLine.IFactory factory = new CommandLine.IFactory() {
      @Override
      public <K> K create(Class<K> cls) throws Exception {
        return cls == SweepCommand.class ? cls.cast(new SweepCommand(sweeps))
            : CommandLine.defaultFactory().create(cls);
      }
    };
    Main main = new Main();
    main.errIsTerminal = errIsTerminal;
    CommandLine cl = new CommandLine(main, factory);
    cl.setOut(out);
    cl.setErr(err);
    cl.setExecutionExceptionHandler((e, cmd, parsed) -> {
      if (e instanceof InputError ie) {
        err.println("locksim: " + ie.format());
        return BAD_INPUT;
      }
      var plugin = PluginJars.blame(e);
      if (plugin.isPresent()) {
        err.println("locksim: " + plugin.get().format());
        return BAD_INPUT;
      }
      err.println("locksim: internal error: " + e);
      if (System.getenv("LOCKSIM_DEBUG") != null) {
        e.printStackTrace(err);
      } else {
        err.println("(set LOCKSIM_DEBUG=1 for the stack trace, and please report it)");
      }
      return INTERNAL;
    });
    cl.setParameterExceptionHandler((e, a) -> {
      err.println("locksim: " + ArgumentErrors.message(e));
      return BAD_INPUT;
    });
    int rc;
    try {
      rc = cl.execute(args);
    } catch (Throwable t) {
      // Errors (out of memory, a broken jar) escape picocli's handler: still no stack trace.
      err.println("locksim: internal error: " + t);
      rc = INTERNAL;
    }
    out.flush();
    err.flush();
    return rc;
  }

  private boolean errIsTerminal;

  @Override
  public boolean errIsTerminal() {
    return errIsTerminal;
  }

  @picocli.CommandLine.Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** The version Maven wrote into the jar, as in {@code locksim 0.1.0}. */
  public static String version() {
    try {
      return new Version().getVersion()[0];
    } catch (IOException e) {
      return "locksim unknown";
    }
  }

  /** Reads the version Maven wrote into the jar. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() throws IOException {
      Properties p = new Properties();
      try (InputStream in = Main.class.getResourceAsStream("version.properties")) {
        if (in != null) {
          p.load(in);
        }
      }
      return new String[] {"locksim " + p.getProperty("version", "unknown")};
    }
  }
}
