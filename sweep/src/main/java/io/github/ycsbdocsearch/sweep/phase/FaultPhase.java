package io.github.ycsbdocsearch.sweep.phase;

import io.github.ycsbdocsearch.resultsformat.FaultSummary;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.analysis.FaultAnalysis;
import io.github.ycsbdocsearch.sweep.cli.RunPlan;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import io.github.ycsbdocsearch.sweep.step.StepExecutor;
import io.github.ycsbdocsearch.sweep.step.StepResult;
import io.github.ycsbdocsearch.sweep.step.StoreSession;
import io.github.ycsbdocsearch.sweep.step.SweepContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A node lost under load ({@code --fault}): the control step (the fault step's rate and length, no
 * fault), then the fault step with its {@link FaultInjector}; then fault-summary.json from both.
 * The local cluster stores, or a hosts file's cluster taking faults over SSH (others refused).
 */
public record FaultPhase(SweepContext ctx, StepExecutor exec) implements SweepPhase {

  /** Runs both steps (the control, then the fault); says why the sweep ends if one did not end. */
  @Override
  public Optional<PhaseStop> run(List<StepSpec> steps, int total) {
    StoreSession s = exec.session();
    StepSpec control = steps.get(0);
    StepSpec faulty = steps.get(1);
    RunPlan.Fault f = ctx.options().fault();
    if (s.target().kind().isEmpty() || ctx.faults().isEmpty()) {
      ctx.progress().store(s.name(), "no fault: " + s.name() + " has no server to kill");
      return Optional.empty();
    }
    ctx.progress()
        .storef(
            s.name(),
            "fault: %s without a fault, then with %s at %s s, down %s s",
            control.label(),
            f.kind(),
            f.atS(),
            f.downS());
    // The control step carries the fault step's write stream too: same load, its own read-back.
    Optional<PhaseStop> end =
        PhaseStop.of(
            exec.runOrReuseWith(
                control, total, new ControlWrites(ctx, s, s.target().kind().get(), "control-")),
            true);
    if (end.isPresent()) {
      return end;
    }
    StepResult r =
        exec.runWith(
            faulty,
            total,
            new FaultInjector(
                ctx, s, s.target().kind().get(), ctx.faults().get(), control.dirName()));
    summarize(s, control, faulty);
    return PhaseStop.of(r, true);
  }

  /** fault-summary.json beside the store's steps, when the fault step's fault.json is there. */
  private void summarize(StoreSession s, StepSpec control, StepSpec faulty) {
    Path faultDir = s.stepsDir().resolve(faulty.dirName());
    if (!Files.isRegularFile(faultDir.resolve(RunLayout.FAULT_STEP))) {
      ctx.progress()
          .store(s.name(), "fault: no " + RunLayout.FAULT_STEP + " in " + faulty.dirName());
      return;
    }
    try {
      FaultSummary f = FaultAnalysis.of(faultDir, s.stepsDir().resolve(control.dirName()));
      f.writeTo(s.stepsDir().getParent());
      ctx.progress()
          .storef(
              s.name(),
              "fault: longest gap %d s, %s; %s",
              f.longestGapS(),
              f.recoveryS() == null
                  ? "p99 not back within 2x of before in the step"
                  : String.format(
                      Locale.ROOT,
                      "p99 back within 2x of before %.1f s after the kill",
                      f.recoveryS()),
              f.ackedWrites() == null
                  ? "acknowledged writes not checked"
                  : "acknowledged writes " + f.ackedWrites().lostInWords());
    } catch (IOException | RuntimeException e) {
      ctx.progress().store(s.name(), "fault summary not written: " + e.getMessage());
    }
  }
}
