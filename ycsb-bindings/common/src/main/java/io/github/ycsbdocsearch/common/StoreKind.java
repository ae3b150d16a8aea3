package io.github.ycsbdocsearch.common;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The stores this suite compares, by the names users type, with the classes that implement each.
 */
public enum StoreKind {
  REDISJSON("RedisJson"),
  MONGODB("MongoDb"),
  ELASTICSEARCH("Elasticsearch");

  /** Each binding's classes are {@code io.github.ycsbdocsearch.<store>.<Prefix>Client / Probe}. */
  private final String classPrefix;

  StoreKind(String classPrefix) {
    this.classPrefix = "io.github.ycsbdocsearch." + storeName() + "." + classPrefix;
  }

  /** The name users type ({@code redisjson}, {@code mongodb}, {@code elasticsearch}). */
  public String storeName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The YCSB {@code DB} class, as passed to {@code -db}. */
  public String dbClass() {
    return classPrefix + "Client";
  }

  /** A new probe for this store. */
  public StoreProbe newProbe() {
    String probeClass = classPrefix + "Probe";
    try {
      return (StoreProbe) Class.forName(probeClass).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new SetupException(
          ("binding for store '%s' is not on the classpath (%s): build with"
                  + " './mvnw -q package -DskipTests'")
              .formatted(storeName(), probeClass),
          e);
    }
  }

  /** Looks a store up by name; SetupException names an unknown one and the known ones. */
  public static StoreKind byName(String name) {
    String n = name.trim().toLowerCase(Locale.ROOT);
    for (StoreKind k : values()) {
      if (k.storeName().equals(n)) {
        return k;
      }
    }
    throw new SetupException("unknown store '" + name + "' (known: " + names() + ")");
  }

  public static String names() {
    return Arrays.stream(values()).map(StoreKind::storeName).collect(Collectors.joining(", "));
  }
}
