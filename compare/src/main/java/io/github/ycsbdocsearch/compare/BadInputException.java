package io.github.ycsbdocsearch.compare;

/**
 * The inputs cannot be compared: a folder that is not a results folder, a malformed file,
 * mismatched workloads. The message is one line naming the folder or file and what is wrong; the
 * CLIs map it to exit code 2. Immutable.
 */
public final class BadInputException extends Exception {
  private static final long serialVersionUID = 1L;

  public BadInputException(String message) {
    super(message);
  }

  public BadInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
