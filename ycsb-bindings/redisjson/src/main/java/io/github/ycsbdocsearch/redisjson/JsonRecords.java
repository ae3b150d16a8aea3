package io.github.ycsbdocsearch.redisjson;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Connection;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.util.JedisClusterCRC16;
import site.ycsb.ByteIterator;

/**
 * The record I/O of the binding: one JSON document per record, plus the optional per-table key set
 * that YCSB SCAN reads (see {@link RedisKeys}). Methods throw jedis exceptions; the caller maps
 * them to a status.
 *
 * <p>Key set consistency: on a single server the record write and the key-set update go in one
 * pipeline (one round trip); on a cluster they usually live on different masters and are two
 * commands. Neither is a transaction, so a failure between the two can leave the key set one entry
 * off; SCAN skips keys whose record is gone. Thread-safe: holds only thread-safe collaborators.
 *
 * @param waitAofReplicas replicas that must have fsynced each write (WAITAOF); 0 = do not wait
 * @param waitAofTimeoutMs how long WAITAOF waits on the server
 */
record JsonRecords(
    UnifiedJedis jedis,
    boolean cluster,
    boolean keySet,
    JsonDocumentMapper mapper,
    int waitAofReplicas,
    int waitAofTimeoutMs) {

  boolean scanSupported() {
    return keySet;
  }

  /**
   * Reads all fields ({@code fields == null}) or the given ones; false when the record does not
   * exist.
   */
  boolean read(String table, String key, Set<String> fields, Map<String, ByteIterator> out) {
    CommandArguments get = RedisCommand.JSON_GET.args().key(RedisKeys.record(table, key));
    List<String> wanted = fields == null || fields.isEmpty() ? null : new ArrayList<>(fields);
    if (wanted != null) {
      for (String f : wanted) {
        get.add(JsonDocumentMapper.path(f));
      }
    }
    Object reply = jedis.executeCommand(get);
    if (reply == null) {
      return false;
    }
    if (wanted == null) {
      mapper.readDocument((byte[]) reply, fields, out);
    } else {
      mapper.readPaths((byte[]) reply, wanted, out);
    }
    return true;
  }

  /** Writes the whole record (replacing any previous one) and adds its key to the key set. */
  void insert(String table, String key, Map<String, ByteIterator> values) {
    CommandArguments set =
        RedisCommand.JSON_SET
            .args()
            .key(RedisKeys.record(table, key))
            .add("$")
            .add(mapper.toJson(values));
    withKeySet(
        set,
        RedisKeys.record(table, key),
        RedisCommand.ZADD.args().key(RedisKeys.keySet(table)).add(0).add(key),
        RedisKeys.keySet(table));
  }

  /** Changes only the given fields, atomically (JSON.MSET); false when the record is missing. */
  boolean update(String table, String key, Map<String, ByteIterator> values) {
    String recordKey = RedisKeys.record(table, key);
    CommandArguments mset = RedisCommand.JSON_MSET.args();
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      mset.key(recordKey)
          .add(JsonDocumentMapper.path(e.getKey()))
          .add(mapper.jsonValue(e.getKey(), e.getValue().toString()));
    }
    try {
      write(mset, recordKey);
      return true;
    } catch (JedisDataException e) {
      // RedisJSON refuses a path below a missing key: "new objects must be created at the root".
      if (String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT).contains("at the root")) {
        return false;
      }
      throw e;
    }
  }

  /** Deletes the record and its key-set entry; false when the record did not exist. */
  boolean delete(String table, String key) {
    CommandArguments del = RedisCommand.DEL.args().key(RedisKeys.record(table, key));
    Object deleted =
        withKeySet(
            del,
            RedisKeys.record(table, key),
            RedisCommand.ZREM.args().key(RedisKeys.keySet(table)).add(key),
            RedisKeys.keySet(table));
    return ((Long) deleted) > 0;
  }

  /** Up to {@code count} YCSB keys {@code >= startKey} in byte order, from the key set. */
  List<String> keysFrom(String table, String startKey, int count) {
    CommandArguments range =
        RedisCommand.ZRANGEBYLEX.args().key(RedisKeys.keySet(table)).add("[" + startKey).add("+");
    List<?> members = (List<?>) jedis.executeCommand(range.add("LIMIT").add(0).add(count));
    return members.stream().map(RedisConnector::text).toList();
  }

  /**
   * The records of {@code keys}, in order, in one pipeline (one round trip per master); a missing
   * record gives null at its position.
   */
  List<Map<String, ByteIterator>> fetch(String table, List<String> keys, Set<String> fields) {
    List<Response<Object>> replies = new ArrayList<>(keys.size());
    try (AbstractPipeline p = jedis.pipelined()) {
      for (String k : keys) {
        replies.add(p.sendCommand(RedisCommand.JSON_GET.args().key(RedisKeys.record(table, k))));
      }
      p.sync();
    }
    List<Map<String, ByteIterator>> out = new ArrayList<>(keys.size());
    for (Response<Object> r : replies) {
      Object json = r.get();
      Map<String, ByteIterator> doc = null;
      if (json != null) {
        doc = new HashMap<>();
        mapper.readDocument((byte[]) json, fields, doc);
      }
      out.add(doc);
    }
    return out;
  }

  /**
   * One write. With {@code redis.waitaof} (cluster only) it runs on a connection to its key's
   * master, followed on that same connection by {@code WAITAOF 1 N timeout} (WAITAOF counts the
   * writes of its own connection), and fails unless the master and N replicas have the write in
   * their fsynced AOF.
   */
  private Object write(CommandArguments command, String key) {
    if (waitAofReplicas == 0) {
      return jedis.executeCommand(command);
    }
    try (Connection c =
        ((RedisClusterClient) jedis).getConnectionFromSlot(JedisClusterCRC16.getSlot(key))) {
      Object reply = c.executeCommand(command);
      List<?> acks =
          (List<?>)
              c.executeCommand(
                  RedisCommand.WAITAOF.args().add(1).add(waitAofReplicas).add(waitAofTimeoutMs));
      long local = (Long) acks.get(0);
      long replicas = (Long) acks.get(1);
      if (local < 1 || replicas < waitAofReplicas) {
        throw new JedisException(
            String.format(
                "WAITAOF: the write is fsynced on %s master and %s of %s replica(s) after %s ms",
                local, replicas, waitAofReplicas, waitAofTimeoutMs));
      }
      return reply;
    }
  }

  /**
   * Runs the record command and, when the key set is on, the key-set command; returns the record
   * command's reply.
   */
  private Object withKeySet(
      CommandArguments record, String recordKey, CommandArguments keySetUpdate, String keySetKey) {
    if (!keySet) {
      return write(record, recordKey);
    }
    if (cluster) {
      Object reply = write(record, recordKey);
      write(keySetUpdate, keySetKey);
      return reply;
    }
    Response<Object> reply;
    Response<Object> keySetReply;
    try (AbstractPipeline p = jedis.pipelined()) {
      reply = p.sendCommand(record);
      keySetReply = p.sendCommand(keySetUpdate);
      p.sync();
    }
    keySetReply.get();
    return reply.get();
  }
}
