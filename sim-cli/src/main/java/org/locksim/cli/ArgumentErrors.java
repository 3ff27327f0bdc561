package org.locksim.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.locksim.scenario.json.Names;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Turns picocli's complaints about the command line into one line that says what was wrong and,
 * for a misspelt command, option or option value, the closest valid one, as the scenario
 * readers do for misspelt names ({@link Names#closest}); then where the full list is.
 */
final class ArgumentErrors {
  private ArgumentErrors() {
  }

  /** The message for {@code e}, without the {@code locksim: } prefix, and the hint after it. */
  static String message(ParameterException e) {
    CommandLine cl = e.getCommandLine();
    String command = cl.getCommandSpec().qualifiedName();
    String help = "'" + command + " --help' lists " + (isTop(cl) ? "the commands" : "its options");
    if (e instanceof UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
      return unmatched(cl, u.getUnmatched().get(0)) + "; " + help;
    }
    Optional<String> value = enumValue(e);
    return e.getMessage() + value.map(v -> " (did you mean " + Names.quote(v) + "?)").orElse("") + "; " + help;
  }

  private static String unmatched(CommandLine cl, String arg) {
    CommandSpec spec = cl.getCommandSpec();
    if (arg.startsWith("-")) {
      String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
      List<String> names = new ArrayList<>();
      for (OptionSpec o : spec.options()) {
        if (!o.hidden()) {
          names.addAll(Arrays.asList(o.names()));
        }
      }
      return "unknown option " + Names.quote(name) + " for " + spec.qualifiedName() + suggestion(name, names);
    }
    if (!spec.subcommands().isEmpty()) {
      List<String> commands = new ArrayList<>(spec.subcommands().keySet());
      return "unknown command " + Names.quote(arg) + "; expected one of " + Names.list(commands)
          + suggestion(arg, commands);
    }
    return "unexpected argument " + Names.quote(arg) + " for " + spec.qualifiedName();
  }

  /** The closest valid value of an enum-valued option that was given an unknown one. */
  private static Optional<String> enumValue(ParameterException e) {
    ArgSpec arg = e.getArgSpec();
    String given = e.getValue();
    if (arg == null || given == null) {
      return Optional.empty();
    }
    // A list option (sweep --figure) names its element type among the auxiliary types.
    Class<?> type = arg.type().isEnum() ? arg.type() : arg.auxiliaryTypes()[arg.auxiliaryTypes().length - 1];
    if (!type.isEnum()) {
      return Optional.empty();
    }
    List<String> values = Arrays.stream(type.getEnumConstants()).map(c -> ((Enum<?>) c).name()).toList();
    return Names.closest(given, values);
  }

  private static String suggestion(String given, List<String> valid) {
    return Names.closest(given, valid).map(s -> " (did you mean " + Names.quote(s) + "?)").orElse("");
  }

  private static boolean isTop(CommandLine cl) {
    return cl.getParent() == null;
  }
}
