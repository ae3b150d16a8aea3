package io.github.ycsbdocsearch.esnode;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.elasticsearch.common.logging.LogConfigurator;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.env.Environment;
import org.elasticsearch.node.ClasspathNode;
import org.elasticsearch.node.InternalSettingsPreparer;
import org.elasticsearch.node.Node;
import org.elasticsearch.plugins.ClasspathPluginsService;
import org.elasticsearch.plugins.Plugin;
import org.elasticsearch.plugins.PluginDescriptor;
import org.elasticsearch.transport.netty4.Netty4Plugin;

/**
 * Runs one real Elasticsearch node from the official server jars on the classpath, for machines
 * that cannot download a distribution. Settings come as {@code -Ekey=value} arguments, exactly as
 * for the distribution's {@code bin/elasticsearch}; {@code path.home} is required and receives
 * {@code config/log4j2.properties}.
 *
 * <pre>
 * java -Xms512m -Xmx512m -XX:+UseG1GC -cp 'launcher.jar:lib/*' io.github.ycsbdocsearch.esnode.EsNodeLauncher \
 *   -Epath.home=DIR -Enetwork.host=127.0.0.1 -Ehttp.port=9200 -Etransport.port=9300 -Ediscovery.type=single-node
 * </pre>
 *
 * <p>Differences from a distribution: no bootstrap checks, no entitlement agent or security
 * manager, no x-pack and only the Netty transport plus {@code GET /} as plugins (see {@link
 * RootInfoPlugin}). The node stops cleanly on SIGTERM. Exit code 1 with one line on stderr when the
 * node cannot start.
 */
public final class EsNodeLauncher {

  private static final String LOG_CONFIG = "log4j2.properties";

  private EsNodeLauncher() {}

  /** Starts the node and blocks until the JVM is asked to stop. */
  public static void main(String[] args) {
    try {
      Settings settings = parseArgs(args);
      Node node = start(settings);
      awaitShutdown(node);
    } catch (Exception e) {
      System.err.println("elasticsearch-node: cannot start: " + e);
      System.exit(1);
    }
  }

  static Settings parseArgs(String[] args) {
    Settings.Builder b = Settings.builder();
    for (String arg : args) {
      int eq = arg.indexOf('=');
      if (!arg.startsWith("-E") || eq < 3) {
        throw new IllegalArgumentException("expected -Ekey=value, got '" + arg + "'");
      }
      b.put(arg.substring(2, eq), arg.substring(eq + 1));
    }
    Settings settings = b.build();
    if (settings.get("path.home") == null) {
      throw new IllegalArgumentException("-Epath.home=DIR is required");
    }
    return settings;
  }

  private static Node start(Settings settings) throws Exception {
    Path config = Path.of(settings.get("path.home")).resolve("config");
    writeLogConfig(config);
    // Same order as the distribution's bootstrap: ES logging facade first, then log4j from the
    // config dir.
    LogConfigurator.registerErrorListener();
    LogConfigurator.configureESLogging();
    Environment env =
        InternalSettingsPreparer.prepareEnvironment(settings, Map.of(), config, () -> "node");
    LogConfigurator.setNodeName(env.settings().get("node.name", "node"));
    LogConfigurator.configure(env, true);
    Map<Class<? extends Plugin>, PluginDescriptor> plugins = new LinkedHashMap<>();
    plugins.put(
        Netty4Plugin.class,
        ClasspathPluginsService.bundledDescriptor(Netty4Plugin.class, "transport-netty4"));
    plugins.put(RootInfoPlugin.class, RootInfoPlugin.DESCRIPTOR);
    Node node = new ClasspathNode(env, plugins);
    node.start();
    return node;
  }

  private static void writeLogConfig(Path config) throws IOException {
    Files.createDirectories(config);
    try (InputStream in = EsNodeLauncher.class.getResourceAsStream(LOG_CONFIG)) {
      if (in == null) {
        throw new IOException("resource " + LOG_CONFIG + " missing from the launcher jar");
      }
      Files.copy(in, config.resolve(LOG_CONFIG), StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /**
   * Keeps the JVM alive (node threads are daemons) until a signal runs the shutdown hook, which
   * closes the node.
   */
  private static void awaitShutdown(Node node) throws InterruptedException {
    CountDownLatch closed = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  try {
                    node.prepareForClose();
                    node.close();
                    node.awaitClose(30, TimeUnit.SECONDS);
                  } catch (IOException | InterruptedException | RuntimeException e) {
                    System.err.println("elasticsearch-node: unclean shutdown: " + e);
                  } finally {
                    closed.countDown();
                  }
                },
                "es-node-shutdown"));
    closed.await();
  }
}
