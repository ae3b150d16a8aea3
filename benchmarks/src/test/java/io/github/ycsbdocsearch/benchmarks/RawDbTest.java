package io.github.ycsbdocsearch.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.github.ycsbdocsearch.common.SharedClients;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.http.HttpHost;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/** What the raw DBs do without a store; the benchmark script runs them against the real ones. */
class RawDbTest {

  private static Map<String, String> strings(Map<String, ByteIterator> fields) {
    Map<String, String> out = new TreeMap<>();
    fields.forEach((k, v) -> out.put(k, v.toString()));
    return out;
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void onlyReadAndUpdateAreImplemented() {
    for (ReadUpdateDB db :
        List.of(new RawRedisJsonDB(), new RawMongoDB(), new RawElasticsearchDB())) {
      assertEquals(Status.NOT_IMPLEMENTED, db.insert("t", "k", new HashMap<>()));
      assertEquals(Status.NOT_IMPLEMENTED, db.delete("t", "k"));
      assertEquals(Status.NOT_IMPLEMENTED, db.scan("t", "k", 1, null, new Vector<>()));
    }
  }

  @Test
  void copyFieldsLeavesOutTheHiddenFieldAndKeepsOnlyWantedOnes() {
    Map<String, Object> doc = Map.of("_id", "user1", "field0", "a", "rank", 42L);
    Map<String, ByteIterator> all = new HashMap<>();
    ReadUpdateDB.copyFields(doc, null, "_id", all);
    assertEquals(Map.of("field0", "a", "rank", "42"), strings(all));
    Map<String, ByteIterator> some = new HashMap<>();
    ReadUpdateDB.copyFields(doc, Set.of("rank"), "_id", some);
    assertEquals(Map.of("rank", "42"), strings(some));
  }

  @Test
  void redisReplyOfTheWholeDocument() throws Exception {
    Map<String, ByteIterator> out = new HashMap<>();
    RawRedisJsonDB.fromReply(utf8("{\"field0\":\"x \\\"y\\\"\",\"rank\":1000000007}"), null, out);
    assertEquals(Map.of("field0", "x \"y\"", "rank", "1000000007"), strings(out));
  }

  @Test
  void redisReplyOfOnePathIsAnArray() throws Exception {
    Map<String, ByteIterator> out = new HashMap<>();
    RawRedisJsonDB.fromReply(utf8("[\"v\"]"), Set.of("field3"), out);
    assertEquals(Map.of("field3", "v"), strings(out));
  }

  @Test
  void redisReplyOfSeveralPathsIsAnObjectOfArrays() throws Exception {
    Map<String, ByteIterator> out = new HashMap<>();
    Set<String> fields = new LinkedHashSet<>(List.of("field1", "field2", "missing"));
    RawRedisJsonDB.fromReply(
        utf8("{\"$.field1\":[\"a\"],\"$.field2\":[\"b\"],\"$.missing\":[]}"), fields, out);
    assertEquals(Map.of("field1", "a", "field2", "b"), strings(out));
  }

  @Test
  void redisUpdateValuesAreJsonStrings() throws Exception {
    assertEquals("$.field7", RawRedisJsonDB.path("field7"));
    assertEquals("\"a\\\"b\\\\c\"", RawRedisJsonDB.jsonString("a\"b\\c"));
  }

  @Test
  void mongoDatabaseFromTheUrlOrTheBindingsDefault() {
    assertEquals("bench", RawMongoDB.databaseName("mongodb://127.0.0.1:27017/bench"));
    assertEquals("ycsb", RawMongoDB.databaseName("mongodb://127.0.0.1:27017"));
  }

  @Test
  void elasticsearchIndexIsTheLowerCasedTableAndHostsAreUrls() {
    assertEquals("usertable", RawElasticsearchDB.index("UserTable"));
    assertArrayEquals(
        new HttpHost[] {new HttpHost("127.0.0.1", 9200, "http"), new HttpHost("h2", 9201, "https")},
        RawElasticsearchDB.hosts("http://127.0.0.1:9200, https://h2:9201"));
  }

  /** A stand-in resource for the reference counting only: no store is involved. */
  private static final class Counted implements AutoCloseable {
    final AtomicInteger closed = new AtomicInteger();

    @Override
    public void close() {
      closed.incrementAndGet();
    }
  }

  @Test
  void sharedClientIsOpenedOnceAndClosedByTheLastUser() throws Exception {
    AtomicInteger opened = new AtomicInteger();
    SharedClients<String, Counted> shared =
        new SharedClients<>(
            config -> {
              opened.incrementAndGet();
              return new Counted();
            },
            Counted::close);
    ReadUpdateDB one = new RawMongoDB();
    ReadUpdateDB other = new RawMongoDB();
    Counted first = one.acquire(shared, "config");
    assertSame(first, other.acquire(shared, "config"));
    assertEquals(1, opened.get());
    one.cleanup();
    assertEquals(0, first.closed.get());
    other.cleanup();
    assertEquals(1, first.closed.get());
    assertEquals(0, shared.openClients());
    other.cleanup();
    assertEquals(1, first.closed.get());
  }
}
