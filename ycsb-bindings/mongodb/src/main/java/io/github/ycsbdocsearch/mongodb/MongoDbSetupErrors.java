package io.github.ycsbdocsearch.mongodb;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.client.MongoClient;
import io.github.ycsbdocsearch.common.SetupException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.Document;

/**
 * Turns the driver's connection failures into one-line {@link SetupException}s that name the store,
 * the address and what is wrong, and runs the connectivity check that surfaces them. Stateless:
 * thread-safe.
 */
final class MongoDbSetupErrors {
  /** MongoDB's error code for a failed authentication. */
  private static final int AUTHENTICATION_FAILED = 18;

  /** One server's error inside the driver's description of the cluster. */
  private static final Pattern SERVER_ERROR =
      Pattern.compile("(?:caused by |exception=)\\{([\\w.$]+): ([^}]*)}");

  private MongoDbSetupErrors() {}

  /**
   * Pings the server through {@code client}; with no usable server this fails after the
   * server-selection timeout.
   */
  static void ping(MongoClient client, MongoDbConfig config) {
    try {
      client.getDatabase(config.database()).runCommand(new Document("ping", 1));
    } catch (MongoException e) {
      throw translate(config, e);
    }
  }

  static SetupException translate(MongoDbConfig config, MongoException e) {
    String where =
        "mongodb at %s (%s=%s)"
            .formatted(config.address(), MongoDbConfig.URL_PROPERTY, config.safeUrl());
    if (isAuthFailure(e)) {
      return new SetupException(
          where + ": authentication failed, check the user and password in the URL", e);
    }
    if (e instanceof MongoTimeoutException) {
      return new SetupException(
          "%s: no usable server within %s ms (%s)"
              .formatted(where, config.serverSelectionTimeoutMs(), serverError(e.getMessage())),
          e);
    }
    return new SetupException(where + ": " + firstLine(e), e);
  }

  private static boolean isAuthFailure(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      boolean authCode =
          t instanceof MongoCommandException
              && ((MongoCommandException) t).getErrorCode() == AUTHENTICATION_FAILED;
      if (t instanceof MongoSecurityException || authCode) {
        return true;
      }
    }
    return false;
  }

  /**
   * The innermost server error from the driver's timeout message, e.g. {@code ConnectException:
   * Connection refused} out of {@code ... exception={...}, caused by {java.net.ConnectException:
   * Connection refused}}.
   */
  static String serverError(String timeoutMessage) {
    Matcher m = SERVER_ERROR.matcher(timeoutMessage == null ? "" : timeoutMessage);
    String last = null;
    while (m.find()) {
      String type = m.group(1);
      last = type.substring(type.lastIndexOf('.') + 1) + ": " + m.group(2);
    }
    return last != null
        ? last
        : "no server answered; for a replica set check the replicaSet name in the URL";
  }

  private static String firstLine(Throwable t) {
    String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    // The driver's timeout message embeds a long cluster description: keep the part before it.
    int cut = m.indexOf(". Client view of cluster state");
    return SetupException.firstLine(cut > 0 ? m.substring(0, cut) : m);
  }
}
