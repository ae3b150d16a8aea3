package io.github.ycsbdocsearch.sweep.plan;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One planned measurement step of one store: its position in the sweep, the client thread count and the target rate
 * (0 = unthrottled). Its folder is {@code steps/<NN>-t<threads>[-r<target>]}. Immutable.
 */
public record StepSpec(int index, int threads, int targetOps) {
  private static final Pattern DIR_NAME = Pattern.compile("(\\d{2,})-t(\\d+)(?:-r(\\d+))?");

  public StepSpec {
    if (index < 1 || threads < 1 || targetOps < 0) {
      throw new IllegalArgumentException("bad step: index " + index + ", threads " + threads + ", target "
          + targetOps);
    }
  }

  /** The step's folder name, e.g. {@code 03-t4} or {@code 02-t16-r6000}. */
  public String dirName() {
    String base = String.format(Locale.ROOT, "%02d-t%d", index, threads);
    return targetOps > 0 ? base + "-r" + targetOps : base;
  }

  /** Reads a folder name written by {@link #dirName()}; empty for anything else. */
  public static Optional<StepSpec> fromDirName(String name) {
    Matcher m = DIR_NAME.matcher(name);
    if (!m.matches()) {
      return Optional.empty();
    }
    try {
      int target = m.group(3) == null ? 0 : Integer.parseInt(m.group(3));
      return Optional.of(new StepSpec(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), target));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /** Short label for progress lines: {@code t=4} or {@code t=16 @6000/s}. */
  public String label() {
    return targetOps > 0 ? "t=" + threads + " @" + targetOps + "/s" : "t=" + threads;
  }
}
