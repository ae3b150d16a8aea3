package io.github.ycsbdocsearch.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import io.github.ycsbdocsearch.common.SetupException;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.List;
import java.util.Properties;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Setup mistakes fail fast with one line naming the store, the address or the property: a port
 * where nothing listens, a wrong password against the real local server, malformed properties, and
 * a collection that already has another text index. Both the YCSB binding's {@code init()} and the
 * probe's {@code check()} are covered; a failed {@code init()} must not leak its client.
 */
class MongoDbSetupErrorsIT {
  private static final String AUTH_DB = "ycsb_authit";
  private static final String USER = "docsearch_it";
  private static final String PASSWORD = "right-password";

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private static SetupException initFails(Properties p) {
    MongoDbClient db = new MongoDbClient();
    db.setProperties(p);
    SetupException e = assertThrows(SetupException.class, db::init);
    assertEquals(0, MongoDbClient.CLIENTS.openClients(), "a failed init closes its client");
    return e;
  }

  private static void assertOneLine(SetupException e, String... parts) {
    assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
    for (String part : parts) {
      assertTrue(e.getMessage().contains(part), "'" + part + "' in: " + e.getMessage());
    }
  }

  private static long millis(Executable action) throws Throwable {
    long start = System.nanoTime();
    action.execute();
    return (System.nanoTime() - start) / 1_000_000;
  }

  private static int closedPort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  @Test
  void anUnreachablePortFailsWithinTheSelectionTimeout() throws Throwable {
    int port = closedPort();
    Properties p = props(MongoDbConfig.URL_PROPERTY, "mongodb://127.0.0.1:" + port + "/ycsb");
    long initMs =
        millis(
            () -> assertOneLine(initFails(p), "mongodb at 127.0.0.1:" + port, "no usable server"));
    long checkMs =
        millis(
            () ->
                assertOneLine(
                    assertThrows(SetupException.class, () -> new MongoDbProbe().check(p)),
                    "mongodb at 127.0.0.1:" + port));
    assertTrue(
        initMs < 8_000 && checkMs < 8_000, "init " + initMs + " ms, check " + checkMs + " ms");
  }

  @Test
  void aWrongPasswordIsNamedAsSuchAndTheRightOneWorks() throws Throwable {
    String server = "127.0.0.1:" + System.getenv().getOrDefault("MONGODB_PORT", "27017");
    try (MongoClient admin = MongoClients.create("mongodb://" + server)) {
      MongoDatabase db = admin.getDatabase(AUTH_DB);
      // Without --auth the server still verifies credentials that a client sends, so this needs no
      // auth setup.
      db.runCommand(new Document("dropAllUsersFromDatabase", 1));
      db.runCommand(
          new Document("createUser", USER)
              .append("pwd", PASSWORD)
              .append("roles", List.of("readWrite")));
      try {
        String wrong =
            "mongodb://" + USER + ":wrong-password@" + server + "/ycsb?authSource=" + AUTH_DB;
        SetupException e = initFails(props(MongoDbConfig.URL_PROPERTY, wrong));
        assertOneLine(e, "mongodb at " + server, "authentication failed");
        assertFalse(e.getMessage().contains("wrong-password"), "no password in: " + e.getMessage());
        assertOneLine(
            assertThrows(
                SetupException.class,
                () -> new MongoDbProbe().check(props(MongoDbConfig.URL_PROPERTY, wrong))),
            "authentication failed");

        MongoDbClient ok = new MongoDbClient();
        ok.setProperties(
            props(
                MongoDbConfig.URL_PROPERTY,
                "mongodb://" + USER + ":" + PASSWORD + "@" + server + "/" + AUTH_DB,
                "table",
                "authcheck"));
        ok.init();
        ok.cleanup();
      } finally {
        db.drop();
        db.runCommand(new Document("dropAllUsersFromDatabase", 1));
      }
    }
  }

  @Test
  void aCollectionWithAnotherTextIndexIsASetupError() {
    String table = "conflict" + System.nanoTime();
    try (MongoClient admin = MongoClients.create(MongoDbContractIT.singleUrl())) {
      MongoCollection<Document> docs = admin.getDatabase("ycsb").getCollection(table);
      docs.createIndex(
          Indexes.text("title"),
          new IndexOptions().name("english_title").defaultLanguage("english"));
      try {
        SetupException e =
            initFails(
                props(MongoDbConfig.URL_PROPERTY, MongoDbContractIT.singleUrl(), "table", table));
        assertOneLine(e, "ycsb." + table, "already has a text index", "IndexOptionsConflict");
      } finally {
        docs.drop();
      }
    }
  }

  @Test
  void malformedPropertiesAreNamedBeforeAnyConnection() {
    assertOneLine(
        initFails(props(MongoDbConfig.MAX_POOL_SIZE_PROPERTY, "many")),
        "mongodb.maxPoolSize='many'");
    assertOneLine(
        initFails(props(MongoDbConfig.WRITE_CONCERN_PROPERTY, "0")), "mongodb.writeConcern='0'");
    assertOneLine(
        initFails(props(MongoDbConfig.URL_PROPERTY, "mongodb://127.0.0.1:27017:1/ycsb")),
        "mongodb.url=");
    assertOneLine(
        initFails(props(MongoDbConfig.URL_PROPERTY, "redis://127.0.0.1")), "mongodb.url='redis://");
    assertOneLine(
        assertThrows(
            SetupException.class,
            () ->
                new MongoDbProbe()
                    .check(props(MongoDbConfig.READ_PREFERENCE_PROPERTY, "anywhere"))),
        "mongodb.readPreference");
  }
}
