package io.github.ycsbdocsearch.esnode;

import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.apache.lucene.util.SetOnce;
import org.elasticsearch.Build;
import org.elasticsearch.client.internal.node.NodeClient;
import org.elasticsearch.cluster.metadata.IndexNameExpressionResolver;
import org.elasticsearch.cluster.node.DiscoveryNodes;
import org.elasticsearch.cluster.service.ClusterService;
import org.elasticsearch.common.io.stream.NamedWriteableRegistry;
import org.elasticsearch.common.settings.ClusterSettings;
import org.elasticsearch.common.settings.IndexScopedSettings;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.common.settings.SettingsFilter;
import org.elasticsearch.features.NodeFeature;
import org.elasticsearch.index.IndexVersion;
import org.elasticsearch.plugins.ActionPlugin;
import org.elasticsearch.plugins.Plugin;
import org.elasticsearch.plugins.PluginDescriptor;
import org.elasticsearch.rest.RestChannel;
import org.elasticsearch.rest.RestController;
import org.elasticsearch.rest.RestHandler;
import org.elasticsearch.rest.RestRequest;
import org.elasticsearch.rest.RestResponse;
import org.elasticsearch.rest.RestStatus;
import org.elasticsearch.xcontent.XContentBuilder;

/**
 * Answers {@code GET /} and {@code HEAD /} as the distribution's {@code rest-root} module does
 * (that module is not published on Maven Central). Clients read the server version from here, and
 * the official Java client refuses a server whose {@code GET /} it cannot parse.
 *
 * <p>Thread-safety: the cluster service is set once during node construction; the handler only
 * reads it.
 */
public final class RootInfoPlugin extends Plugin implements ActionPlugin {

  /** Descriptor reported for this plugin in node info. */
  static final PluginDescriptor DESCRIPTOR =
      new PluginDescriptor(
          "ycsb-docsearch-root",
          "GET / for a node launched from the classpath",
          Build.current().version(),
          Build.current().version(),
          "17",
          RootInfoPlugin.class.getName(),
          null,
          List.of(),
          false,
          false,
          false,
          false);

  private final SetOnce<ClusterService> clusterService = new SetOnce<>();

  @Override
  public Collection<?> createComponents(PluginServices services) {
    clusterService.set(services.clusterService());
    return List.of();
  }

  @Override
  public Collection<RestHandler> getRestHandlers(
      Settings settings,
      NamedWriteableRegistry namedWriteableRegistry,
      RestController restController,
      ClusterSettings clusterSettings,
      IndexScopedSettings indexScopedSettings,
      SettingsFilter settingsFilter,
      IndexNameExpressionResolver indexNameExpressionResolver,
      Supplier<DiscoveryNodes> nodesInCluster,
      Predicate<NodeFeature> clusterSupportsFeature) {
    return List.of(
        new RestHandler() {
          @Override
          public List<Route> routes() {
            return List.of(
                new Route(RestRequest.Method.GET, "/"), new Route(RestRequest.Method.HEAD, "/"));
          }

          @Override
          public void handleRequest(RestRequest request, RestChannel channel, NodeClient client)
              throws IOException {
            channel.sendResponse(new RestResponse(RestStatus.OK, rootInfo(channel.newBuilder())));
          }
        });
  }

  private XContentBuilder rootInfo(XContentBuilder b) throws IOException {
    ClusterService cs = clusterService.get();
    Build build = Build.current();
    b.startObject();
    b.field("name", cs.localNode().getName());
    b.field("cluster_name", cs.getClusterName().value());
    b.field("cluster_uuid", cs.state().metadata().clusterUUID());
    b.startObject("version")
        .field("number", build.qualifiedVersion())
        .field("build_flavor", build.flavor())
        .field("build_type", build.type().displayName())
        .field("build_hash", build.hash())
        .field("build_date", build.date())
        .field("build_snapshot", build.isSnapshot())
        .field("lucene_version", IndexVersion.current().luceneVersion().toString())
        .field("minimum_wire_compatibility_version", build.minWireCompatVersion())
        .field("minimum_index_compatibility_version", build.minIndexCompatVersion())
        .endObject();
    b.field("tagline", "You Know, for Search");
    return b.endObject();
  }
}
