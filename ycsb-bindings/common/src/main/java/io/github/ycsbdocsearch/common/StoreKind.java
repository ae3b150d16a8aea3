package io.github.ycsbdocsearch.common;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The stores this suite compares, by the names users type, with the classes that implement each.
 */
public enum StoreKind {
  REDISJSON(
      "redisjson",
      "io.github.ycsbdocsearch.redisjson.RedisJsonClient",
      "io.github.ycsbdocsearch.redisjson.RedisJsonProbe"),
  MONGODB(
      "mongodb",
      "io.github.ycsbdocsearch.mongodb.MongoDbClient",
      "io.github.ycsbdocsearch.mongodb.MongoDbProbe"),
  ELASTICSEARCH(
      "elasticsearch",
      "io.github.ycsbdocsearch.elasticsearch.ElasticsearchClient",
      "io.github.ycsbdocsearch.elasticsearch.ElasticsearchProbe");

  private final String storeName;
  private final String dbClass;
  private final String probeClass;

  StoreKind(String storeName, String dbClass, String probeClass) {
    this.storeName = storeName;
    this.dbClass = dbClass;
    this.probeClass = probeClass;
  }

  /** The name users type ({@code redisjson}, {@code mongodb}, {@code elasticsearch}). */
  public String storeName() {
    return storeName;
  }

  /** The YCSB {@code DB} class, as passed to {@code -db}. */
  public String dbClass() {
    return dbClass;
  }

  /** A new probe for this store. */
  public StoreProbe newProbe() {
    try {
      return (StoreProbe) Class.forName(probeClass).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new SetupException(
          "binding for store '"
              + storeName
              + "' is not on the classpath ("
              + probeClass
              + "): build with './mvnw -q package -DskipTests'",
          e);
    }
  }

  /**
   * Looks a store up by name.
   *
   * @throws SetupException naming the unknown store and the known ones
   */
  public static StoreKind byName(String name) {
    String n = name.trim().toLowerCase(Locale.ROOT);
    for (StoreKind k : values()) {
      if (k.storeName.equals(n)) {
        return k;
      }
    }
    throw new SetupException("unknown store '" + name + "' (known: " + names() + ")");
  }

  public static String names() {
    return Arrays.stream(values()).map(StoreKind::storeName).collect(Collectors.joining(", "));
  }
}
