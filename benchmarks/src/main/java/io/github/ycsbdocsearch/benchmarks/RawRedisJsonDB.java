package io.github.ycsbdocsearch.benchmarks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbdocsearch.common.Props;
import io.github.ycsbdocsearch.common.SharedClients;
import io.github.ycsbdocsearch.redisjson.RedisJsonConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.commands.ProtocolCommand;
import redis.clients.jedis.json.JsonProtocol.JsonCommand;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * READ and UPDATE of the RedisJSON binding's documents ({@code <table>:<key>}) with jedis and
 * RedisJSON commands sent as they are: JSON.GET of the whole document or of {@code $.field} paths,
 * JSON.MSET of one path per updated field (the binding's partial update). Replies are parsed with
 * plain Jackson data binding. Connects with {@code redis.host} / {@code redis.port} (single server,
 * no authentication).
 */
public class RawRedisJsonDB extends ReadUpdateDB {
  private static final SharedClients<Server, UnifiedJedis> CLIENTS =
      new SharedClients<>(RawRedisJsonDB::open, UnifiedJedis::close);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final TypeReference<Map<String, Object>> DOCUMENT = new TypeReference<>() {};

  /** jedis has no constant for JSON.MSET (RedisJSON 2.6+). */
  private static final ProtocolCommand JSON_MSET =
      () -> "JSON.MSET".getBytes(StandardCharsets.US_ASCII);

  private UnifiedJedis jedis;

  /** A server and the size of the connection pool to it. */
  private record Server(HostAndPort node, int connections) {}

  @Override
  public void init() throws DBException {
    Properties p = getProperties();
    HostAndPort node =
        new HostAndPort(
            p.getProperty(RedisJsonConfig.HOST_PROPERTY, RedisJsonConfig.HOST_DEFAULT),
            Integer.parseInt(
                p.getProperty(
                    RedisJsonConfig.PORT_PROPERTY, String.valueOf(RedisJsonConfig.PORT_DEFAULT))));
    // jedis' default pool holds 8 connections; with more threads than that they would queue for
    // one.
    jedis =
        acquire(
            CLIENTS, new Server(node, Math.max(Props.threads(p), RedisJsonConfig.POOL_MAX_FLOOR)));
  }

  private static UnifiedJedis open(Server server) {
    ConnectionPoolConfig pool = new ConnectionPoolConfig();
    pool.setMaxTotal(server.connections());
    pool.setMaxIdle(server.connections());
    return RedisClient.builder().hostAndPort(server.node()).poolConfig(pool).build();
  }

  @Override
  public Status read(
      String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      CommandArguments get = new CommandArguments(JsonCommand.GET).key(table + ":" + key);
      if (fields != null) {
        for (String f : fields) {
          get.add(path(f));
        }
      }
      Object reply = jedis.executeCommand(get);
      if (reply == null) {
        return Status.NOT_FOUND;
      }
      fromReply((byte[]) reply, fields, result);
      return Status.OK;
    } catch (RuntimeException | IOException e) {
      return Status.ERROR;
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    try {
      CommandArguments mset = new CommandArguments(JSON_MSET);
      for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
        mset.key(table + ":" + key).add(path(e.getKey())).add(jsonString(e.getValue().toString()));
      }
      jedis.executeCommand(mset);
      return Status.OK;
    } catch (RuntimeException | JsonProcessingException e) {
      return Status.ERROR;
    }
  }

  /** The JSONPath of a top-level field (YCSB's field names need no bracket form). */
  static String path(String field) {
    return "$." + field;
  }

  /**
   * A value as JSON.MSET takes it: a JSON string. The benchmark's workloads update only YCSB's
   * string fields ({@code search.updateindexedfields=false}), never the numeric sort field.
   */
  static String jsonString(String value) throws JsonProcessingException {
    return JSON.writeValueAsString(value);
  }

  /**
   * Fills {@code out} from a JSON.GET reply: the whole document (no fields asked), the one-element
   * array of a single path, or an object of path to one-element array when several paths were
   * asked.
   */
  static void fromReply(byte[] reply, Set<String> fields, Map<String, ByteIterator> out)
      throws IOException {
    if (fields == null) {
      copyFields(JSON.readValue(reply, DOCUMENT), null, null, out);
      return;
    }
    Object parsed = JSON.readValue(reply, Object.class);
    for (String f : fields) {
      Object values = fields.size() == 1 ? parsed : ((Map<?, ?>) parsed).get(path(f));
      if (values instanceof List<?> list && !list.isEmpty()) {
        copyFields(Map.of(f, list.get(0)), null, null, out);
      }
    }
  }
}
