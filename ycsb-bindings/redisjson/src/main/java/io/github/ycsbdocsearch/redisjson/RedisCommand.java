package io.github.ycsbdocsearch.redisjson;

import java.nio.charset.StandardCharsets;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.commands.ProtocolCommand;

/**
 * The Redis, RedisJSON and RediSearch commands this binding sends, as raw protocol commands.
 *
 * <p>Why not jedis' typed helpers: the binding needs JSON.MSET, WITHSORTKEYS and per-query TIMEOUT,
 * and parses replies itself so a read costs one JSON parse and nothing else. Immutable, so
 * thread-safe.
 */
enum RedisCommand implements ProtocolCommand {
  JSON_SET("JSON.SET"),
  JSON_GET("JSON.GET"),
  JSON_MSET("JSON.MSET"),
  FT_CREATE("FT.CREATE"),
  FT_SEARCH("FT.SEARCH"),
  FT_EXPLAIN("FT.EXPLAIN"),
  FT_INFO("FT.INFO"),
  FT_DROPINDEX("FT.DROPINDEX"),
  FT_LIST("FT._LIST"),
  FT_CONFIG("FT.CONFIG"),
  ZADD("ZADD"),
  ZREM("ZREM"),
  ZRANGEBYLEX("ZRANGEBYLEX"),
  DEL("DEL"),
  UNLINK("UNLINK"),
  SCAN("SCAN"),
  PING("PING"),
  INFO("INFO"),
  MODULE("MODULE"),
  CLUSTER("CLUSTER"),
  COMMAND("COMMAND"),
  CONFIG("CONFIG"),
  WAITAOF("WAITAOF");

  private final byte[] raw;

  RedisCommand(String name) {
    this.raw = name.getBytes(StandardCharsets.US_ASCII);
  }

  @Override
  public byte[] getRaw() {
    return raw;
  }

  /** New arguments for this command. */
  CommandArguments args() {
    return new CommandArguments(this);
  }
}
