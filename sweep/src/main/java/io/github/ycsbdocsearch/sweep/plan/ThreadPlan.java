package io.github.ycsbdocsearch.sweep.plan;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Which client thread counts a sweep walks through: either an explicit list or automatic doubling
 * 1, 2, 4, ... up to a maximum (then the maximum itself, when not a power of two). Immutable.
 *
 * @param auto true for doubling
 * @param list the explicit list (empty when {@code auto})
 * @param maxThreads the last count of the doubling (ignored for a list)
 */
public record ThreadPlan(boolean auto, List<Integer> list, int maxThreads) {
  private static final String AUTO = "auto<=";

  public ThreadPlan {
    list = List.copyOf(list);
    if (!auto && list.isEmpty()) {
      throw new IllegalArgumentException("an explicit thread plan needs at least one count");
    }
  }

  public static ThreadPlan doubling(int maxThreads) {
    return new ThreadPlan(true, List.of(), maxThreads);
  }

  public static ThreadPlan of(List<Integer> counts) {
    return new ThreadPlan(false, counts, 0);
  }

  /** The thread counts in sweep order. */
  public List<Integer> counts() {
    if (!auto) {
      return list;
    }
    List<Integer> out = new ArrayList<>();
    for (int t = 1; t <= maxThreads; t *= 2) {
      out.add(t);
      if (t > Integer.MAX_VALUE / 2) {
        break;
      }
    }
    if (out.get(out.size() - 1) != maxThreads) {
      out.add(maxThreads);
    }
    return out;
  }

  /** How the run's plan records it: {@code 1,2,4}, or {@code auto<=64} for the doubling. */
  @JsonValue
  String text() {
    return auto ? AUTO + maxThreads : String.join(",", list.stream().map(String::valueOf).toList());
  }

  /** Reads {@link #text()} back. */
  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  static ThreadPlan ofText(String text) {
    return text.startsWith(AUTO)
        ? doubling(Integer.parseInt(text.substring(AUTO.length())))
        : of(Arrays.stream(text.split(",")).map(Integer::valueOf).toList());
  }
}
