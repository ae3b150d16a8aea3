package io.github.ycsbdocsearch.sweep.step;

import io.github.ycsbdocsearch.resultsformat.AtomicFiles;
import io.github.ycsbdocsearch.resultsformat.HdrChecksums;
import io.github.ycsbdocsearch.resultsformat.Mm1Stalls;
import io.github.ycsbdocsearch.resultsformat.OpenLoop;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.StartedAt;
import io.github.ycsbdocsearch.resultsformat.StepClients;
import io.github.ycsbdocsearch.resultsformat.StepEvents;
import io.github.ycsbdocsearch.resultsformat.StepRecord;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.summarizer.StepHistograms;
import io.github.ycsbdocsearch.resultsformat.summarizer.StepSummarizer;
import io.github.ycsbdocsearch.sweep.exec.ChildResult;
import io.github.ycsbdocsearch.sweep.exec.CpuWindow;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * Writes what a step's folder records about it, and publishes the folder: {@code step.json} (with
 * the CPU both sides used), {@code clients.json} for several clients, {@code summary.json} from the
 * logs read once, {@code events.json}, the checksums of its HDR logs ({@code hdr.sha256}), then the
 * hidden partial folder forced to disk and swapped in under its name, so a step folder with a name
 * is always whole. It records; {@link StepEnding} decides. Not thread-safe; one per step.
 *
 * @param tmp the step's hidden partial folder, where the clients wrote
 */
public record StepPublisher(SweepContext ctx, StoreSession session, StepSpec step, Path tmp) {

  /** The step's logs as read once, and why they could not be, if so. */
  record Measured(
      Optional<StepHistograms> logs, Optional<StepSummary> summary, Optional<String> unreadable) {}

  /** The record of the step's run, CPU summed over the clients, written into the partial folder. */
  StepRecord record(
      StepTiming timing,
      StepStatus status,
      String error,
      Instant started,
      Instant ended,
      ChildResult child,
      List<ClientRun> runs,
      OpenLoop openLoop) {
    // Client 0 runs here, and its window also sampled the server.
    Optional<CpuWindow> first = Optional.ofNullable(runs.get(0).window());
    Double server = first.flatMap(CpuWindow::serverCores).orElse(null);
    StepRecord record =
        new StepRecord(
            StepRecord.FORMAT,
            session.name(),
            ctx.options().workload().name(),
            step.index(),
            step.threads(),
            step.targetOps(),
            timing.warmupS(),
            timing.durationS(),
            status,
            StepTiming.utc(started),
            StepTiming.utc(ended),
            child.timedOut() || child.interrupted() ? null : child.exitCode(),
            error,
            step.phase(),
            step.offeredFraction(),
            sumOver(runs, ClientRun::cores),
            // The clients' CPUs: the local clients' shared set once, plus each other machine's.
            ctx.pinning().clientCpuCount()
                + runs.stream().filter(r -> !r.local()).mapToInt(ClientRun::cpus).sum(),
            server,
            server == null ? null : first.get().serverSource(),
            sumOver(runs, ClientRun::jitCores),
            openLoop);
    record.writeTo(tmp);
    return record;
  }

  /**
   * Reads the step's logs once, and with several clients writes {@code clients.json} (saying when
   * they started too far apart); the summary is of {@code record}.
   */
  Measured measure(StepRecord record, List<ClientRun> runs, long startAtEpochMs) {
    Optional<StepHistograms> logs = Optional.empty();
    try {
      logs = Optional.of(StepHistograms.forStep(tmp));
      if (runs.size() > 1) {
        StepClients who = clients(runs, startAtEpochMs, logs.get());
        who.writeTo(tmp);
        if (Boolean.TRUE.equals(who.startedApart())) {
          ctx.progress()
              .storef(
                  session.name(),
                  "%s: its clients started %s ms apart (more than %s ms; clients.json"
                      + " started_apart)",
                  step.dirName(),
                  who.startSpreadMs(),
                  StepClients.START_SPREAD_LIMIT_MS);
        }
      }
      StepSummary summary = StepSummarizer.summarize(tmp, record, step.dirName(), logs.get());
      return new Measured(logs, Optional.of(summary), Optional.empty());
    } catch (IOException | RuntimeException e) {
      return new Measured(logs, Optional.empty(), Optional.of(String.valueOf(e.getMessage())));
    }
  }

  /**
   * Writes the final record and its summary (from the logs read once), the store's background
   * events over the step, and renames the partial folder to {@code dir}; returns the summary.
   */
  Optional<StepSummary> publish(
      StepRecord record,
      Optional<StepHistograms> logs,
      List<BackgroundEvents.Sample> samples,
      Path dir) {
    record.writeTo(tmp);
    Optional<StepSummary> summary =
        logs.map(h -> StepSummarizer.summarize(tmp, record, step.dirName(), h));
    summary.ifPresent(s -> s.writeTo(tmp));
    try {
      writeEvents(samples);
    } catch (IOException | RuntimeException e) {
      // The events are a record beside the numbers, not a measurement: the step stands alone.
      ctx.progress().store(session.name(), "background events not recorded: " + e.getMessage());
    }
    try {
      // What a resume checks before it reuses the step (HdrChecksums).
      HdrChecksums.write(tmp);
    } catch (RuntimeException e) {
      ctx.progress()
          .store(
              session.name(),
              "HDR log checksums not written (a resume reuses the step unverified): "
                  + e.getMessage());
    }
    AtomicFiles.publish(tmp, dir);
    return summary;
  }

  /**
   * events.json and sampling.json, when the store was sampled and the step's logs started; for the
   * simulated mm1 store, which runs inside the client, the stalls it reported ({@link Mm1Stalls}).
   */
  private void writeEvents(List<BackgroundEvents.Sample> samples) throws IOException {
    String store = session.name();
    OptionalLong start = StepEvents.measurementStartMs(tmp);
    if (start.isEmpty()) {
      return;
    }
    if (!samples.isEmpty()) {
      StepEvents.write(tmp, BackgroundEvents.events(samples, store, start.getAsLong()));
      BackgroundEvents.sampling(samples, start.getAsLong()).write(tmp);
      return;
    }
    Optional<Mm1Stalls> stalls = Mm1Stalls.readOptional(tmp);
    if (stalls.isPresent()) {
      List<StepEvents.Event> events = new ArrayList<>();
      for (long ms : stalls.get().startsEpochMs()) {
        events.add(
            new StepEvents.Event(
                (ms - start.getAsLong()) / 1000.0, store, Mm1Stalls.STALL_KIND, "stall"));
      }
      StepEvents.write(tmp, events);
    }
  }

  /** The clients, their shares, their logs' starts after the earliest, their barrier spread. */
  private StepClients clients(List<ClientRun> runs, long startAtEpochMs, StepHistograms logs) {
    List<Long> starts = logs.clientStartsMs();
    long first =
        starts.stream().filter(Objects::nonNull).mapToLong(Long::longValue).min().orElse(0);
    List<StepClients.Client> clients = new ArrayList<>();
    List<Long> left = new ArrayList<>();
    for (ClientRun r : runs) {
      int i = r.share().index();
      Long start = i < starts.size() ? starts.get(i) : null;
      ChildResult c = r.child();
      clients.add(
          new StepClients.Client(
              i,
              r.host(),
              r.share().step().threads(),
              r.share().step().targetOps(),
              r.share().openLoop() == null ? null : r.share().openLoop().seed(),
              start == null ? null : start - first,
              r.clockOffsetMs(),
              c.timedOut() || c.interrupted() ? null : c.exitCode(),
              r.out().totalOperations(),
              r.cores(),
              r.jitCores(),
              r.cpus()));
      // When it left the start barrier, in this machine's clock; null when it did not note it.
      OptionalLong leftAt = StartedAt.read(RunLayout.clientDir(tmp, i));
      left.add(leftAt.isPresent() ? leftAt.getAsLong() - r.clockOffsetMs() : null);
    }
    return StepClients.withStarts(startAtEpochMs, left, clients);
  }

  /**
   * A CPU figure summed over the clients (local clients share the client's CPUs, so their sum is
   * what those CPUs did); null when any client's is unknown.
   */
  private static Double sumOver(List<ClientRun> runs, Function<ClientRun, Double> figure) {
    double sum = 0;
    for (ClientRun r : runs) {
      Double v = figure.apply(r);
      if (v == null) {
        return null;
      }
      sum += v;
    }
    return Math.round(sum * 1000.0) / 1000.0;
  }

  /** Empties a step's (or the load's) partial folder; {@code withHdr} also makes its hdr/. */
  public static void prepare(Path tmp, boolean withHdr) {
    try {
      AtomicFiles.deleteTree(tmp);
      Files.createDirectories(withHdr ? tmp.resolve(RunLayout.HDR_DIR) : tmp);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + tmp, e);
    }
  }
}
