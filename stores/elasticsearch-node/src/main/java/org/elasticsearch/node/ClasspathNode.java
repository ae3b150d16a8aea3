package org.elasticsearch.node;

import java.util.Map;
import java.util.Set;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.env.Environment;
import org.elasticsearch.plugins.ClasspathPluginsService;
import org.elasticsearch.plugins.Plugin;
import org.elasticsearch.plugins.PluginDescriptor;
import org.elasticsearch.plugins.PluginsLoader;
import org.elasticsearch.plugins.PluginsService;

/**
 * An Elasticsearch node whose plugins (the Netty HTTP/transport layer and the launcher's own {@code
 * GET /}) come from the classpath.
 *
 * <p>It lives in {@code org.elasticsearch.node} because {@link NodeConstruction} and {@link
 * NodeServiceProvider}, the only way to swap the plugin service, are package-private. Everything
 * else is the stock node.
 *
 * <p>Thread-safety: as {@link Node}.
 */
public final class ClasspathNode extends Node {

  /** Builds (does not start) a node; {@code environment} from {@code prepareEnvironment}. */
  public ClasspathNode(
      Environment environment, Map<Class<? extends Plugin>, PluginDescriptor> plugins) {
    super(
        NodeConstruction.prepareConstruction(
            environment, emptyLoader(), serviceProvider(plugins), true));
  }

  private static PluginsLoader emptyLoader() {
    return PluginsLoader.createPluginsLoader(Set.of(), Set.of(), Map.of(), false);
  }

  private static NodeServiceProvider serviceProvider(
      Map<Class<? extends Plugin>, PluginDescriptor> plugins) {
    return new NodeServiceProvider() {
      @Override
      PluginsService newPluginService(Environment environment, PluginsLoader pluginsLoader) {
        Settings settings = environment.settings();
        return new ClasspathPluginsService(settings, environment, plugins);
      }
    };
  }
}
