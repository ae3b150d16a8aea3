package io.github.ycsbdocsearch.redisjson;

import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * The masters of a Redis OSS cluster (from {@code CLUSTER NODES}) and the per-master search index
 * names.
 *
 * <p>Why per-master names: without the search coordinator, RediSearch on a cluster node indexes
 * only that node's keys, and Redis routes FT.* commands by their index-name argument like a key (a
 * node answers MOVED for a name in another node's slot). So each master gets its own index, named
 * {@code <table>-idx{<tag>}} where the hash tag {@code <tag>} is the smallest decimal number whose
 * slot that master serves. Immutable, thread-safe; a resharding after init is not followed (restart
 * the client).
 *
 * @param masters the masters that serve slots, in CLUSTER NODES order
 * @param replicas the number of replica nodes
 */
record ClusterLayout(List<Master> masters, int replicas) {

  /** One master, its address and the slot ranges it serves. */
  record Master(HostAndPort address, List<SlotRange> slots, String tag) {}

  /** Slots {@code from..to}, inclusive. */
  record SlotRange(int from, int to) {
    boolean contains(int slot) {
      return slot >= from && slot <= to;
    }
  }

  /**
   * Every server of a {@code CLUSTER NODES} reply, masters and replicas, in its order; those marked
   * failed, without an address or still in the handshake are left out.
   */
  static List<HostAndPort> servers(String clusterNodes) {
    List<HostAndPort> servers = new ArrayList<>();
    for (String[] f : nodeLines(clusterNodes)) {
      List<String> flags = List.of(f[2].split(","));
      if (!flags.contains("fail") && !flags.contains("noaddr") && !flags.contains("handshake")) {
        servers.add(address(f[1]));
      }
    }
    return List.copyOf(servers);
  }

  /**
   * Parses the text reply of {@code CLUSTER NODES}; masters without slots (or failed) are left out.
   */
  static ClusterLayout parse(String clusterNodes) {
    List<Master> masters = new ArrayList<>();
    int replicas = 0;
    for (String[] f : nodeLines(clusterNodes)) {
      List<String> flags = List.of(f[2].split(","));
      if (flags.contains("slave") || flags.contains("replica")) {
        replicas++;
        continue;
      }
      if (!flags.contains("master") || flags.contains("fail") || flags.contains("noaddr")) {
        continue;
      }
      List<SlotRange> slots = new ArrayList<>();
      for (int i = 8; i < f.length; i++) {
        if (!f[i].startsWith("[")) { // a slot being migrated: [slot->-node]
          String[] range = f[i].split("-");
          slots.add(
              new SlotRange(Integer.parseInt(range[0]), Integer.parseInt(range[range.length - 1])));
        }
      }
      if (!slots.isEmpty()) {
        masters.add(new Master(address(f[1]), List.copyOf(slots), tagFor(slots)));
      }
    }
    return new ClusterLayout(List.copyOf(masters), replicas);
  }

  /** The fields of each line of a {@code CLUSTER NODES} reply that has them all. */
  private static List<String[]> nodeLines(String clusterNodes) {
    return clusterNodes.lines().map(l -> l.trim().split(" ")).filter(f -> f.length >= 8).toList();
  }

  /** {@code ip:port@cport[,hostname]} to ip and port. */
  private static HostAndPort address(String field) {
    String hostPort = field.split("[@,]")[0];
    int colon = hostPort.lastIndexOf(':');
    return new HostAndPort(
        hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)));
  }

  /** The smallest decimal number whose hash slot lies in {@code slots}. */
  static String tagFor(List<SlotRange> slots) {
    for (int i = 0; i < 10_000_000; i++) {
      int slot = JedisClusterCRC16.getSlot(Integer.toString(i));
      for (SlotRange r : slots) {
        if (r.contains(slot)) {
          return Integer.toString(i);
        }
      }
    }
    throw new IllegalStateException("no hash tag found for slots " + slots);
  }

  /** The index name on each master, in {@link #masters} order. */
  List<String> indexNames(String table) {
    return masters.stream().map(m -> RedisKeys.index(table) + "{" + m.tag() + "}").toList();
  }
}
