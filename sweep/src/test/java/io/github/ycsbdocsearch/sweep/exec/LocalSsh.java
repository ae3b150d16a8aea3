package io.github.ycsbdocsearch.sweep.exec;

import io.github.ycsbdocsearch.common.SshTarget;
import java.time.Duration;
import java.util.List;

/**
 * A stand-in for the OpenSSH client in tests: a shell that drops ssh's options and runs the remote
 * command line here with sh, as sshd would there, so Ssh's real process handling (files, time
 * limit, killing) is what runs.
 */
public final class LocalSsh {
  /** Keeps only the last argument (the remote command line) and runs it. */
  static final List<String> PROGRAM =
      List.of("bash", "-c", "shift $(($# - 1)); exec sh -c \"$1\"", "fake-ssh");

  private LocalSsh() {}

  public static Ssh to(SshTarget target, Duration timeout) {
    return new Ssh(target, PROGRAM, timeout);
  }
}
