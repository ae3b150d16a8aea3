package io.github.ycsbdocsearch.sweep.step;

import io.github.ycsbdocsearch.resultsformat.ObjectiveVerdict;
import io.github.ycsbdocsearch.resultsformat.ResultsFormatException;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.StepEvents;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.sweep.search.BackgroundCycles;
import io.github.ycsbdocsearch.sweep.search.RateWindow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A fixed-rate step as the capacity estimate reads it ({@link BackgroundCycles.Observed}): its
 * window's counts second by second from its summary's objective, who decided it (its {@code
 * client_limit}), and the store's background events from its {@code events.json}. Stateless.
 */
public final class StepWindows {
  private StepWindows() {}

  /**
   * The step's window.
   *
   * <ul>
   *   <li>A complete step (or one that passed the error bound: its failures count as over the
   *       bound) gives its objective's counts, each second as recorded, and the requests never sent
   *       added to its last second, over the bound, as the objective counts them.
   *   <li>A step that failed without numbers (a crash) is the store's failure at that rate: every
   *       request it was offered counts as over the bound.
   * </ul>
   */
  public static BackgroundCycles.Observed observed(StepResult r, Path stepDir, StepTiming timing) {
    double rate = r.spec().targetOps();
    StepSummary s = r.summary().filter(x -> x.objective() != null).orElse(null);
    long offered = Math.max(1, Math.round(rate * timing.durationS()));
    RateWindow w =
        new RateWindow(
            r.spec().dirName(),
            rate,
            s != null && s.windowS() > 0 ? s.windowS() : timing.durationS(),
            s == null
                ? List.of(
                    new RateWindow.OpSeconds("ALL", new long[] {offered}, new long[] {offered}))
                : ops(s.objective()),
            s != null && r.status() == StepStatus.COMPLETE ? s.clientLimit() : null);
    return new BackgroundCycles.Observed(w, timing.runSeconds(), events(stepDir));
  }

  /** Each operation's seconds, the unsent requests added to the last, over the bound. */
  private static List<RateWindow.OpSeconds> ops(ObjectiveVerdict o) {
    List<RateWindow.OpSeconds> out = new ArrayList<>();
    for (ObjectiveVerdict.Operation op : o.operations()) {
      long[] n;
      long[] k;
      if (op.perSecond() == null || op.perSecond().requests().length == 0) {
        // A summary written before the seconds were kept: the window as one second.
        n = new long[] {op.requests()};
        k = new long[] {op.over()};
      } else {
        n = op.perSecond().requests();
        k = op.perSecond().over();
        n[n.length - 1] += o.unsent();
        k[k.length - 1] += o.unsent();
      }
      out.add(new RateWindow.OpSeconds(op.op(), n, k));
    }
    return out;
  }

  /** The step's background events, or null when the store was not sampled (no events.json). */
  private static List<BackgroundCycles.Event> events(Path stepDir) {
    if (!Files.isRegularFile(stepDir.resolve(RunLayout.EVENTS))) {
      return null;
    }
    try {
      return StepEvents.read(stepDir).stream()
          .map(e -> new BackgroundCycles.Event(e.kind(), e.tS()))
          .toList();
    } catch (ResultsFormatException e) {
      return null;
    }
  }
}
