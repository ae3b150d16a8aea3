package io.github.ycsbdocsearch.elasticsearch;

import io.github.ycsbdocsearch.common.Props;
import io.github.ycsbdocsearch.common.SearchSchema;
import io.github.ycsbdocsearch.common.SetupException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * Every {@code es.*} property of the binding, parsed once per client thread from the YCSB
 * properties. Immutable. A malformed value throws {@link SetupException} naming the key and the
 * value. Defaults are for one local node; the README lists every key.
 *
 * @param index the YCSB table in lower case (Elasticsearch index names are lower case)
 * @param refresh write refresh policy: {@code false}, {@code wait_for} or {@code true}
 * @param shards primary shards of a new index (and {@code replicas}, replicas of each)
 * @param translogDurability {@code async} (fsync every sync interval) or {@code request} (fsync
 *     before every ack)
 * @param waitForActiveShards copies of a shard that must be active before a write proceeds
 */
public record ElasticsearchConfig(
    Connection connection,
    String index,
    SearchSchema schema,
    String refresh,
    int shards,
    int replicas,
    String refreshInterval,
    String translogDurability,
    String translogSyncInterval,
    int maxResultWindow,
    int retryOnConflict,
    String waitForActiveShards) {

  public static final String HOSTS_PROPERTY = "es.hosts";
  public static final String HOSTS_DEFAULT = "http://127.0.0.1:9200";
  public static final String USERNAME_PROPERTY = "es.username";
  public static final String PASSWORD_PROPERTY = "es.password";
  public static final String APIKEY_PROPERTY = "es.apikey";
  public static final String CA_FILE_PROPERTY = "es.ssl.ca";
  public static final String MAX_CONNECTIONS_PROPERTY = "es.max_connections";
  public static final String REFRESH_PROPERTY = "es.refresh";
  public static final String REFRESH_DEFAULT = "false";
  public static final String SHARDS_PROPERTY = "es.shards";
  public static final int SHARDS_DEFAULT = 1;
  public static final String REPLICAS_PROPERTY = "es.replicas";
  public static final int REPLICAS_DEFAULT = 0;
  public static final String REFRESH_INTERVAL_PROPERTY = "es.refresh_interval";
  public static final String REFRESH_INTERVAL_DEFAULT = "1s";
  public static final String TRANSLOG_DURABILITY_PROPERTY = "es.translog.durability";

  /**
   * Comparable with Redis {@code appendfsync everysec} and MongoDB {@code w=1} (acknowledged before
   * fsync).
   */
  public static final String TRANSLOG_DURABILITY_DEFAULT = "async";

  public static final String TRANSLOG_SYNC_INTERVAL_PROPERTY = "es.translog.sync_interval";

  /** One second, like Redis {@code everysec}; Elasticsearch's own default is 5s. */
  public static final String TRANSLOG_SYNC_INTERVAL_DEFAULT = "1s";

  public static final String MAX_RESULT_WINDOW_PROPERTY = "es.max_result_window";

  /** Elasticsearch's default (10,000) would refuse the deep pages the search workloads ask for. */
  public static final int MAX_RESULT_WINDOW_DEFAULT = 1_000_000;

  public static final String RETRY_ON_CONFLICT_PROPERTY = "es.retry_on_conflict";

  /**
   * A partial update is get + merge + reindex on the primary shard, guarded by the document's
   * sequence number, so two updates of a hot key race and one gets HTTP 409. Retrying on the server
   * gives last-writer-wins, what the other stores' in-place field updates do; 5 retries made 409s
   * disappear under zipfian keys with 8 threads.
   */
  public static final int RETRY_ON_CONFLICT_DEFAULT = 5;

  public static final String WAIT_FOR_ACTIVE_SHARDS_PROPERTY = "es.wait_for_active_shards";

  /**
   * Elasticsearch's default: a write proceeds once the primary is active. {@code all} (the strict
   * cluster profile) makes it wait until every copy is, so no write is acknowledged by a lone
   * primary that could then crash.
   */
  public static final String WAIT_FOR_ACTIVE_SHARDS_DEFAULT = "1";

  private static final Pattern ACTIVE_SHARDS = Pattern.compile("all|[1-9][0-9]*");

  private static final Pattern TIME_VALUE = Pattern.compile("-1|[0-9]+(nanos|micros|ms|s|m|h|d)");
  private static final int MIN_CONNECTIONS = 10;

  /**
   * How to reach the cluster; equal connections share one client. Unset credentials are empty; an
   * unset {@code caFile} (the nodes' CA, PEM) is null: the JVM's trust store.
   *
   * @param hosts the HTTP(S) address of every node to send requests to (round robin)
   * @param maxConnections connections per node
   */
  public record Connection(
      List<URI> hosts,
      String username,
      String password,
      String apiKey,
      Path caFile,
      int maxConnections) {
    public Connection {
      hosts = List.copyOf(hosts);
    }

    /** The addresses, for error messages. */
    public String addresses() {
      return String.join(",", hosts.stream().map(URI::toString).toList());
    }

    @Override
    public String toString() {
      // Never print secrets: this record may end up in a log line or an exception message.
      return ("Connection[hosts=%s, username=%s, password=%s, apiKey=%s, caFile=%s,"
              + " maxConnections=%d]")
          .formatted(
              addresses(),
              username,
              password.isEmpty() ? "" : "***",
              apiKey.isEmpty() ? "" : "***",
              caFile,
              maxConnections);
    }
  }

  public static ElasticsearchConfig fromProperties(Properties p) {
    return new ElasticsearchConfig(
        connection(p),
        Props.table(p).toLowerCase(Locale.ROOT),
        SearchSchema.fromProperties(p),
        Props.oneOf(p, REFRESH_PROPERTY, REFRESH_DEFAULT, "false", "wait_for", "true"),
        Props.integer(p, SHARDS_PROPERTY, SHARDS_DEFAULT, 1),
        Props.integer(p, REPLICAS_PROPERTY, REPLICAS_DEFAULT, 0),
        timeValue(p, REFRESH_INTERVAL_PROPERTY, REFRESH_INTERVAL_DEFAULT),
        Props.oneOf(
            p, TRANSLOG_DURABILITY_PROPERTY, TRANSLOG_DURABILITY_DEFAULT, "async", "request"),
        timeValue(p, TRANSLOG_SYNC_INTERVAL_PROPERTY, TRANSLOG_SYNC_INTERVAL_DEFAULT),
        Props.integer(p, MAX_RESULT_WINDOW_PROPERTY, MAX_RESULT_WINDOW_DEFAULT, 1),
        Props.integer(p, RETRY_ON_CONFLICT_PROPERTY, RETRY_ON_CONFLICT_DEFAULT, 0),
        Props.matching(
            p,
            WAIT_FOR_ACTIVE_SHARDS_PROPERTY,
            WAIT_FOR_ACTIVE_SHARDS_DEFAULT,
            ACTIVE_SHARDS,
            "a number of shard copies >= 1, or all"));
  }

  static Connection connection(Properties p) {
    String username = Props.string(p, USERNAME_PROPERTY, "");
    String password = Props.string(p, PASSWORD_PROPERTY, "");
    String apiKey = Props.string(p, APIKEY_PROPERTY, "");
    if (username.isEmpty() != password.isEmpty()) {
      throw new SetupException(
          "elasticsearch: properties %s and %s go together (only one is set)"
              .formatted(USERNAME_PROPERTY, PASSWORD_PROPERTY));
    }
    if (!username.isEmpty() && !apiKey.isEmpty()) {
      throw new SetupException(
          "elasticsearch: set either %s/%s or %s, not both"
              .formatted(USERNAME_PROPERTY, PASSWORD_PROPERTY, APIKEY_PROPERTY));
    }
    // At least one connection a thread, so no thread waits for a socket.
    int maxConnections =
        Props.integer(p, MAX_CONNECTIONS_PROPERTY, Math.max(Props.threads(p), MIN_CONNECTIONS), 1);
    return new Connection(hosts(p), username, password, apiKey, caFile(p), maxConnections);
  }

  static List<URI> hosts(Properties p) {
    String raw = Props.string(p, HOSTS_PROPERTY, HOSTS_DEFAULT);
    List<URI> hosts = new ArrayList<>();
    for (String part : raw.split(",", -1)) {
      hosts.add(host(raw, part.trim()));
    }
    return hosts;
  }

  private static URI host(String raw, String part) {
    String expected = "comma-separated http(s)://host:port addresses";
    try {
      URI uri = new URI(part);
      boolean schemeOk = "http".equals(uri.getScheme()) || "https".equals(uri.getScheme());
      boolean plain =
          uri.getRawPath() == null || uri.getRawPath().isEmpty() || "/".equals(uri.getRawPath());
      if (!schemeOk
          || uri.getHost() == null
          || uri.getPort() < 1
          || !plain
          || uri.getRawQuery() != null
          || uri.getUserInfo() != null) {
        throw Props.bad(HOSTS_PROPERTY, raw, expected);
      }
      return new URI(uri.getScheme(), null, uri.getHost(), uri.getPort(), null, null, null);
    } catch (URISyntaxException e) {
      throw Props.bad(HOSTS_PROPERTY, raw, expected);
    }
  }

  private static Path caFile(Properties p) {
    String file = Props.string(p, CA_FILE_PROPERTY, "");
    if (file.isEmpty()) {
      return null;
    }
    Path path = Path.of(file);
    if (!Files.isReadable(path)) {
      throw Props.bad(
          CA_FILE_PROPERTY, file, "a readable PEM file of the cluster's CA certificate");
    }
    return path;
  }

  private static String timeValue(Properties p, String key, String def) {
    return Props.matching(
        p, key, def, TIME_VALUE, "an Elasticsearch time value such as 1s, 500ms or -1");
  }
}
