package io.github.ycsbdocsearch.common;

/**
 * A user or setup mistake (unreachable host, wrong password, malformed property, unknown store):
 * its message is one line that names what is wrong, and is shown as is, without a stack trace.
 */
public class SetupException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public SetupException(String message) {
    super(message);
  }

  public SetupException(String message, Throwable cause) {
    super(message, cause);
  }
}
