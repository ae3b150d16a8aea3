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

  /** The first line of a message (a driver's may go on for pages); "" for none. */
  public static String firstLine(String message) {
    return message == null ? "" : message.lines().findFirst().orElse("");
  }
}
