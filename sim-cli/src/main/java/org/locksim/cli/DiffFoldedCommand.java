package org.locksim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.locksim.metrics.FoldedStacks;
import org.locksim.report.folded.FoldedDiff;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.Location;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code locksim diff-folded A B}: the differential form of two folded profiles, as
 * {@code difffolded.pl} prints it ({@code stack countA countB}), for {@code flamegraph.pl}.
 */
@Command(name = "diff-folded", mixinStandardHelpOptions = true,
    description = "Prints 'stack countA countB' for two folded stack files (difffolded.pl's form, for flamegraph.pl).")
final class DiffFoldedCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "A", description = "the baseline folded file")
  Path a;

  @Parameters(index = "1", paramLabel = "B", description = "the folded file to compare with it")
  Path b;

  @Option(names = {"-n", "--normalize"}, description = "scales A's counts to B's total, as difffolded.pl -n")
  boolean normalize;

  @Override
  public Integer call() throws IOException {
    FoldedStacks before = read(a);
    FoldedStacks after = read(b);
    PrintWriter out = spec.commandLine().getOut();
    FoldedDiff.of(before, after, normalize).write(out);
    out.flush();
    return 0;
  }

  private static FoldedStacks read(Path file) {
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return FoldedStacks.read(in, file.toString());
    } catch (IOException e) {
      throw InputError.unreadable(file.toString(), e);
    } catch (FoldedStacks.Malformed e) {
      throw new InputError(new Location(file.toString(), "", e.line(), 1), e.detail(), Optional.empty());
    }
  }
}
