package io.github.ycsbdocsearch.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoClientSettings;
import com.mongodb.ReadConcern;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import io.github.ycsbdocsearch.common.SetupException;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class MongoDbConfigTest {

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void defaultsAreAPrimaryOnlyAcknowledgedLocalConnection() {
    MongoDbConfig c = MongoDbConfig.fromProperties(props());
    assertEquals(MongoDbConfig.URL_DEFAULT, c.url());
    assertEquals("ycsb", c.database());
    assertEquals(WriteConcern.W1, c.writeConcern());
    assertEquals("auto", c.writeConcernName());
    assertEquals(ReadPreference.primary(), c.readPreference());
    assertEquals(100, c.maxPoolSize());
    assertEquals(2_000, c.connectTimeoutMs());
    assertEquals(3_000, c.serverSelectionTimeoutMs());
    assertEquals(60_000, c.socketTimeoutMs());
    assertEquals("title", c.schema().textField());
    assertEquals("rank", c.schema().sortField());
  }

  @Test
  void aUrlWithoutDatabaseUsesYcsb() {
    assertEquals(
        "ycsb",
        MongoDbConfig.fromProperties(props("mongodb.url", "mongodb://h1:1,h2:2")).database());
    assertEquals(
        "other",
        MongoDbConfig.fromProperties(props("mongodb.url", "mongodb://h1/other")).database());
  }

  @Test
  void writeConcernNames() {
    assertEquals(WriteConcern.MAJORITY, config("mongodb.writeConcern", "majority").writeConcern());
    assertEquals(WriteConcern.MAJORITY, config("mongodb.writeConcern", "MAJORITY").writeConcern());
    assertEquals(
        WriteConcern.JOURNALED, config("mongodb.writeConcern", "journaled").writeConcern());
    assertEquals(new WriteConcern(2), config("mongodb.writeConcern", "2").writeConcern());
  }

  @Test
  void autoWriteConcernIsMajorityForAReplicaSetUrlAndW1Otherwise() {
    MongoDbConfig rs =
        MongoDbConfig.fromProperties(
            props("mongodb.url", "mongodb://h:1,h:2,h:3/ycsb?replicaSet=rs0"));
    assertEquals(WriteConcern.MAJORITY, rs.writeConcern());
    assertEquals("auto", rs.writeConcernName());
    assertEquals(WriteConcern.W1, config("mongodb.url", "mongodb://h:1,h:2/ycsb").writeConcern());
    assertEquals(
        WriteConcern.W1,
        MongoDbConfig.fromProperties(
                props(
                    "mongodb.url",
                    "mongodb://h:1/ycsb?replicaSet=rs0",
                    "mongodb.writeConcern",
                    "acknowledged"))
            .writeConcern());
  }

  @Test
  void unacknowledgedAndUnknownWriteConcernsAreRefusedNamingTheProperty() {
    for (String bad : new String[] {"0", "unacknowledged", "fast", "-1"}) {
      SetupException e =
          assertThrows(SetupException.class, () -> config("mongodb.writeConcern", bad));
      assertTrue(e.getMessage().contains("mongodb.writeConcern='" + bad + "'"), e.getMessage());
    }
  }

  @Test
  void readConcerns() {
    assertEquals(ReadConcern.LOCAL, MongoDbConfig.fromProperties(props()).readConcern());
    assertEquals(ReadConcern.MAJORITY, config("mongodb.readConcern", "majority").readConcern());
    assertEquals(
        ReadConcern.MAJORITY,
        MongoDbConfig.fromProperties(
                props("mongodb.url", "mongodb://h1:1/ycsb?readConcernLevel=majority"))
            .readConcern(),
        "the URL's when no property is set");
    assertEquals(
        ReadConcern.LOCAL,
        MongoDbConfig.fromProperties(
                props(
                    "mongodb.url",
                    "mongodb://h1:1/ycsb?readConcernLevel=majority",
                    "mongodb.readConcern",
                    "local"))
            .readConcern(),
        "a property that is set wins");
    SetupException e =
        assertThrows(SetupException.class, () -> config("mongodb.readConcern", "snapshot"));
    assertTrue(e.getMessage().contains("mongodb.readConcern"), e.getMessage());
  }

  @Test
  void readPreferences() {
    assertEquals(
        ReadPreference.secondaryPreferred(),
        config("mongodb.readPreference", "secondaryPreferred").readPreference());
    assertEquals(
        ReadPreference.nearest(), config("mongodb.readPreference", "nearest").readPreference());
    SetupException e =
        assertThrows(SetupException.class, () -> config("mongodb.readPreference", "closest"));
    assertTrue(e.getMessage().contains("mongodb.readPreference"), e.getMessage());
  }

  @Test
  void urlOptionsApplyUnlessAPropertyIsSet() {
    String url =
        "mongodb://h:1/db?w=majority&readPreference=secondary&maxPoolSize=7&connectTimeoutMS=11"
            + "&serverSelectionTimeoutMS=12&socketTimeoutMS=13";
    MongoDbConfig fromUrl = MongoDbConfig.fromProperties(props("mongodb.url", url));
    assertEquals(WriteConcern.MAJORITY, fromUrl.writeConcern());
    assertEquals("url:w=majority", fromUrl.writeConcernName());
    assertEquals(ReadPreference.secondary(), fromUrl.readPreference());
    assertEquals(7, fromUrl.maxPoolSize());
    assertEquals(11, fromUrl.connectTimeoutMs());
    assertEquals(12, fromUrl.serverSelectionTimeoutMs());
    assertEquals(13, fromUrl.socketTimeoutMs());

    MongoDbConfig overridden =
        MongoDbConfig.fromProperties(
            props(
                "mongodb.url",
                url,
                "mongodb.writeConcern",
                "1",
                "mongodb.readPreference",
                "primary",
                "mongodb.maxPoolSize",
                "9",
                "mongodb.serverSelectionTimeoutMs",
                "500"));
    assertEquals(WriteConcern.W1, overridden.writeConcern());
    assertEquals(ReadPreference.primary(), overridden.readPreference());
    assertEquals(9, overridden.maxPoolSize());
    assertEquals(500, overridden.serverSelectionTimeoutMs());
  }

  @Test
  void poolCoversEveryYcsbThread() {
    assertEquals(256, config("threadcount", "256").maxPoolSize());
    assertEquals(100, config("threadcount", "8").maxPoolSize());
    SetupException e =
        assertThrows(
            SetupException.class,
            () ->
                MongoDbConfig.fromProperties(
                    props("threadcount", "64", "mongodb.maxPoolSize", "32")));
    assertTrue(
        e.getMessage().contains("mongodb.maxPoolSize=32")
            && e.getMessage().contains("threadcount=64"),
        e.getMessage());
  }

  @Test
  void malformedNumbersNameTheProperty() {
    SetupException e =
        assertThrows(SetupException.class, () -> config("mongodb.maxPoolSize", "lots"));
    assertEquals(
        "property mongodb.maxPoolSize='lots' is malformed: expected an integer >= 1",
        e.getMessage());
    e = assertThrows(SetupException.class, () -> config("mongodb.connectTimeoutMs", "0"));
    assertTrue(e.getMessage().contains("mongodb.connectTimeoutMs"), e.getMessage());
  }

  @Test
  void malformedUrlIsOneLineNamingThePropertyWithoutThePassword() {
    SetupException e =
        assertThrows(
            SetupException.class,
            () -> config("mongodb.url", "mongodb://alice:s3cret@h:notaport/ycsb"));
    assertTrue(
        e.getMessage()
            .startsWith("property mongodb.url='mongodb://alice:***@h:notaport/ycsb' is malformed"),
        e.getMessage());
    assertFalse(e.getMessage().contains("s3cret"), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
    assertThrows(SetupException.class, () -> config("mongodb.url", "http://127.0.0.1:27017"));
  }

  @Test
  void safeUrlHidesOnlyThePassword() {
    assertEquals(
        "mongodb://bob:***@h1:1,h2:2/db?authSource=admin",
        MongoDbConfig.redact("mongodb://bob:pw@h1:1,h2:2/db?authSource=admin"));
    assertEquals("mongodb://h:1/db", MongoDbConfig.redact("mongodb://h:1/db"));
    assertEquals("h1:1,h2:2", config("mongodb.url", "mongodb://bob:pw@h1:1,h2:2/db").address());
  }

  @Test
  void clientSettingsCarryTheEffectiveValues() {
    MongoClientSettings s =
        MongoDbConfig.fromProperties(
                props(
                    "mongodb.writeConcern",
                    "majority",
                    "mongodb.maxPoolSize",
                    "150",
                    "mongodb.serverSelectionTimeoutMs",
                    "1234"))
            .clientSettings();
    assertEquals(WriteConcern.MAJORITY, s.getWriteConcern());
    assertEquals(150, s.getConnectionPoolSettings().getMaxSize());
    assertEquals(1234, s.getClusterSettings().getServerSelectionTimeout(TimeUnit.MILLISECONDS));
    assertEquals(2_000, s.getSocketSettings().getConnectTimeout(TimeUnit.MILLISECONDS));
    assertEquals(60_000, s.getSocketSettings().getReadTimeout(TimeUnit.MILLISECONDS));
  }

  @Test
  void equalPropertiesGiveEqualConfigsSoThreadsShareOneClient() {
    assertEquals(
        config("mongodb.writeConcern", "majority"), config("mongodb.writeConcern", "majority"));
  }

  private static MongoDbConfig config(String key, String value) {
    return MongoDbConfig.fromProperties(props(key, value));
  }
}
