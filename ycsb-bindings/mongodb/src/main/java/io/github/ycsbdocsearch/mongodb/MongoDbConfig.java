package io.github.ycsbdocsearch.mongodb;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.ReadConcern;
import com.mongodb.ReadConcernLevel;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import io.github.ycsbdocsearch.common.Props;
import io.github.ycsbdocsearch.common.SearchSchema;
import io.github.ycsbdocsearch.common.SetupException;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The MongoDB binding's settings, parsed once from the YCSB properties.
 *
 * <p>Precedence for every connection setting: a property that is set wins; an unset property takes
 * the option of the same meaning from {@code mongodb.url} when the URL has one; otherwise the
 * default below applies. Immutable; equal configs share one driver client ({@link
 * MongoDbClient#CLIENTS}).
 *
 * @param url the connection string as given (may hold credentials: show {@link #safeUrl()})
 * @param database the database named in the URL path, or {@value #DATABASE_DEFAULT}
 * @param writeConcernName the write concern as named (lower case; {@code url:...} when the URL set
 *     it)
 * @param readConcern {@code local} (the node's newest data, which a failover may roll back) or
 *     {@code majority} (only what a majority has, which no failover undoes)
 * @param maxPoolSize connections per server; never below the YCSB thread count
 * @param socketTimeoutMs read timeout on a socket, 0 = none
 */
public record MongoDbConfig(
    String url,
    String database,
    String writeConcernName,
    WriteConcern writeConcern,
    ReadPreference readPreference,
    ReadConcern readConcern,
    int maxPoolSize,
    int connectTimeoutMs,
    int serverSelectionTimeoutMs,
    int socketTimeoutMs,
    SearchSchema schema) {

  public static final String URL_PROPERTY = "mongodb.url";
  public static final String URL_DEFAULT = "mongodb://127.0.0.1:27017/ycsb";
  public static final String DATABASE_DEFAULT = "ycsb";

  /**
   * {@code auto}: {@code majority} when the URL names a replica set, else w=1 (MongoDB's own
   * implicit default since 5.0); {@code acknowledged} (w=1), {@code journaled} (w=1, j=true),
   * {@code majority}, or a member count N (w=N).
   */
  public static final String WRITE_CONCERN_PROPERTY = "mongodb.writeConcern";

  public static final String WRITE_CONCERN_DEFAULT = "auto";
  public static final String READ_PREFERENCE_PROPERTY = "mongodb.readPreference";
  public static final String READ_PREFERENCE_DEFAULT = "primary";
  public static final String READ_CONCERN_PROPERTY = "mongodb.readConcern";

  /** The server's own default for reads on a primary. */
  public static final String READ_CONCERN_DEFAULT = "local";

  /** Default: the larger of 100 (the driver's default) and the YCSB thread count. */
  public static final String MAX_POOL_SIZE_PROPERTY = "mongodb.maxPoolSize";

  public static final int MAX_POOL_SIZE_DEFAULT = 100;
  public static final String CONNECT_TIMEOUT_PROPERTY = "mongodb.connectTimeoutMs";
  public static final int CONNECT_TIMEOUT_DEFAULT = 2_000;
  public static final String SERVER_SELECTION_TIMEOUT_PROPERTY = "mongodb.serverSelectionTimeoutMs";
  public static final int SERVER_SELECTION_TIMEOUT_DEFAULT = 3_000;
  public static final String SOCKET_TIMEOUT_PROPERTY = "mongodb.socketTimeoutMs";
  public static final int SOCKET_TIMEOUT_DEFAULT = 60_000;

  private static final String[] READ_PREFERENCES = {
    "primary", "primarypreferred", "secondary", "secondarypreferred", "nearest"
  };

  public static MongoDbConfig fromProperties(Properties p) {
    String url = Props.string(p, URL_PROPERTY, URL_DEFAULT);
    ConnectionString cs = parseUrl(url);
    String database =
        cs.getDatabase() == null || cs.getDatabase().isEmpty()
            ? DATABASE_DEFAULT
            : cs.getDatabase();
    boolean wcFromUrl = !isSet(p, WRITE_CONCERN_PROPERTY) && cs.getWriteConcern() != null;
    String wcName =
        wcFromUrl
            ? "url:" + describe(cs.getWriteConcern())
            : Props.string(p, WRITE_CONCERN_PROPERTY, WRITE_CONCERN_DEFAULT)
                .toLowerCase(Locale.ROOT);
    WriteConcern wc =
        wcFromUrl
            ? cs.getWriteConcern()
            : parseWriteConcern(wcName, cs.getRequiredReplicaSetName() != null);
    ReadPreference rp =
        isSet(p, READ_PREFERENCE_PROPERTY) || cs.getReadPreference() == null
            // valueOf takes the lower-case names too
            ? ReadPreference.valueOf(
                Props.oneOf(p, READ_PREFERENCE_PROPERTY, READ_PREFERENCE_DEFAULT, READ_PREFERENCES))
            : cs.getReadPreference();
    ReadConcern rc =
        isSet(p, READ_CONCERN_PROPERTY) || cs.getReadConcern() == null
            ? new ReadConcern(
                ReadConcernLevel.fromString(
                    Props.oneOf(
                        p, READ_CONCERN_PROPERTY, READ_CONCERN_DEFAULT, "local", "majority")))
            : cs.getReadConcern();
    int threads = Props.threads(p);
    int pool =
        intSetting(
            p,
            MAX_POOL_SIZE_PROPERTY,
            cs.getMaxConnectionPoolSize(),
            Math.max(MAX_POOL_SIZE_DEFAULT, threads),
            1);
    if (pool < threads) {
      throw new SetupException(
          ("property %s=%s is below %s=%s: threads would queue for connections and the wait would"
                  + " count as store latency")
              .formatted(MAX_POOL_SIZE_PROPERTY, pool, Props.THREADS, threads));
    }
    return new MongoDbConfig(
        url,
        database,
        wcName,
        wc,
        rp,
        rc,
        pool,
        intSetting(p, CONNECT_TIMEOUT_PROPERTY, cs.getConnectTimeout(), CONNECT_TIMEOUT_DEFAULT, 1),
        intSetting(
            p,
            SERVER_SELECTION_TIMEOUT_PROPERTY,
            cs.getServerSelectionTimeout(),
            SERVER_SELECTION_TIMEOUT_DEFAULT,
            1),
        intSetting(p, SOCKET_TIMEOUT_PROPERTY, cs.getSocketTimeout(), SOCKET_TIMEOUT_DEFAULT, 0),
        SearchSchema.fromProperties(p));
  }

  /** Driver settings: the URL's options, then the effective values of this config on top. */
  public MongoClientSettings clientSettings() {
    return MongoClientSettings.builder()
        .applyConnectionString(new ConnectionString(url))
        .writeConcern(writeConcern)
        .readPreference(readPreference)
        .readConcern(readConcern)
        .applyToConnectionPoolSettings(b -> b.maxSize(maxPoolSize))
        .applyToClusterSettings(
            b -> b.serverSelectionTimeout(serverSelectionTimeoutMs, TimeUnit.MILLISECONDS))
        .applyToSocketSettings(
            b ->
                b.connectTimeout(connectTimeoutMs, TimeUnit.MILLISECONDS)
                    .readTimeout(socketTimeoutMs, TimeUnit.MILLISECONDS))
        .build();
  }

  /** The URL with any password replaced by {@code ***}, safe for messages and manifests. */
  public String safeUrl() {
    return redact(url);
  }

  /** The hosts of the URL, comma-separated, for one-line error messages. */
  public String address() {
    return String.join(",", new ConnectionString(url).getHosts());
  }

  static String redact(String url) {
    return url.replaceFirst("^(mongodb(?:\\+srv)?://[^:/@]*):[^@/]*@", "$1:***@");
  }

  private static ConnectionString parseUrl(String url) {
    try {
      return new ConnectionString(url);
    } catch (IllegalArgumentException e) {
      throw Props.bad(
          URL_PROPERTY,
          redact(url),
          "a MongoDB connection string such as %s (%s)"
              .formatted(URL_DEFAULT, SetupException.firstLine(e.getMessage())));
    }
  }

  static WriteConcern parseWriteConcern(String name, boolean replicaSet) {
    switch (name.toLowerCase(Locale.ROOT)) {
      case "auto":
        return replicaSet ? WriteConcern.MAJORITY : WriteConcern.W1;
      case "acknowledged":
        return WriteConcern.W1;
      case "journaled":
        return WriteConcern.JOURNALED;
      case "majority":
        return WriteConcern.MAJORITY;
      default:
        try {
          int w = Integer.parseInt(name);
          if (w >= 1) {
            return new WriteConcern(w);
          }
        } catch (NumberFormatException e) {
          // fall through to the one-line message below
        }
        // w=0 is refused on purpose: unacknowledged writes hide errors and make any comparison
        // meaningless.
        throw Props.bad(
            WRITE_CONCERN_PROPERTY,
            name,
            "auto, acknowledged, journaled, majority or a member count >= 1");
    }
  }

  private static String describe(WriteConcern wc) {
    return "w="
        + (wc.getWObject() == null ? "default" : wc.getWObject())
        + (wc.getJournal() == null ? "" : ",j=" + wc.getJournal());
  }

  private static int intSetting(Properties p, String key, Integer fromUrl, int def, int min) {
    return Props.integer(p, key, fromUrl == null ? def : fromUrl, min);
  }

  private static boolean isSet(Properties p, String key) {
    return !Props.string(p, key, "").isEmpty();
  }
}
