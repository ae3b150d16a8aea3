package io.github.ycsbdocsearch.sweep.exec;

import java.time.Duration;

/**
 * How a child process ended. Immutable.
 *
 * @param exitCode its exit code (meaningless when it was killed)
 * @param timedOut killed because it ran past its time limit
 * @param interrupted killed because the run was interrupted
 * @param elapsed wall time from start to exit
 */
public record ChildResult(int exitCode, boolean timedOut, boolean interrupted, Duration elapsed) {}
