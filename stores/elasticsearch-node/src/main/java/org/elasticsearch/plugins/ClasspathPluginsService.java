package org.elasticsearch.plugins;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.elasticsearch.action.admin.cluster.node.info.PluginsAndModules;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.env.Environment;

/**
 * A plugin service whose plugins are classes already on the launcher's classpath, instead of
 * bundles unpacked under {@code plugins/} and {@code modules/} of a distribution (which cannot be
 * downloaded here).
 *
 * <p>It lives in {@code org.elasticsearch.plugins} because {@link PluginsService.LoadedPlugin}'s
 * constructor and {@link PluginsService#loadPlugin} are package-private: this is the one seam the
 * server offers for classpath plugins (its own test framework uses the same one). Pinned to the
 * server version in the root pom.
 *
 * <p>Thread-safety: built once while the node is constructed, read-only afterwards.
 */
public final class ClasspathPluginsService extends PluginsService {

  private final List<LoadedPlugin> classpathPlugins;

  /** Instantiates each plugin class (with its descriptor) with the node's settings. */
  public ClasspathPluginsService(
      Settings settings,
      Environment environment,
      Map<Class<? extends Plugin>, PluginDescriptor> plugins) {
    // No module or plugin bundles on disk. The last argument (false) stops the loader from trying
    // to build a
    // module layer for the server itself, which only exists in a distribution.
    super(
        settings,
        environment.configDir(),
        PluginsLoader.createPluginsLoader(Set.of(), Set.of(), Map.of(), false));
    List<LoadedPlugin> loaded = new ArrayList<>();
    for (Map.Entry<Class<? extends Plugin>, PluginDescriptor> e : plugins.entrySet()) {
      Plugin instance = loadPlugin(e.getKey(), settings, environment.configDir());
      loaded.add(new LoadedPlugin(e.getValue(), instance, e.getKey().getClassLoader()));
    }
    this.classpathPlugins = List.copyOf(loaded);
  }

  /**
   * Reads the descriptor that an official plugin jar carries for itself ({@code
   * META-INF/es-plugins/<name>/plugin-descriptor.properties}).
   */
  public static PluginDescriptor bundledDescriptor(
      Class<? extends Plugin> pluginClass, String name) {
    String resource = "/META-INF/es-plugins/" + name + "/plugin-descriptor.properties";
    try (InputStream in = pluginClass.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("no " + resource + " next to " + pluginClass.getName());
      }
      return PluginDescriptor.readInternalDescriptorFromStream(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resource, e);
    }
  }

  @Override
  protected List<LoadedPlugin> plugins() {
    return classpathPlugins;
  }

  @Override
  public PluginsAndModules info() {
    // Reported as modules: in a distribution these plugins ship as modules, not as user-installed
    // plugins.
    return new PluginsAndModules(
        List.of(), classpathPlugins.stream().map(LoadedPlugin::descriptor).toList());
  }
}
