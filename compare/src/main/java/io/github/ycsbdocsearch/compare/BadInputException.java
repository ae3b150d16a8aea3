package io.github.ycsbdocsearch.compare;

/**
 * The inputs cannot be compared: a folder that is not a results folder, a malformed file,
 * mismatched workloads, too few runs for a baseline. The message is one line naming the folder or
 * file and what is wrong; the CLIs map it to exit code 2.
 *
 * <p>Immutable, so safe to share between threads.
 */
public final class BadInputException extends Exception {
  private static final long serialVersionUID = 1L;

  /**
   * @param message one line naming the path and the problem
   */
  public BadInputException(String message) {
    super(message);
  }

  /**
   * @param message one line naming the path and the problem
   * @param cause the underlying parse or I/O error
   */
  public BadInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
