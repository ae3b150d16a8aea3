package io.github.ycsbdocsearch.sweep.step;

/**
 * Starts one client JVM of a step and waits for its end. A step's clients run on this machine
 * ({@link LocalClientRunner}) or on the hosts file's other client machines ({@link
 * SshClientRunner}); the step does not care which, and judges and publishes both alike.
 */
interface ClientRunner {
  /** Runs the client to its end; tells {@code job.start()} when it is ready, or never starts. */
  ClientRun run(ClientJob job);
}
