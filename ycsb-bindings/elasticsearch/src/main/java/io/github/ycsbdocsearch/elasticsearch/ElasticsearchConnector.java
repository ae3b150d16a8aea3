package io.github.ycsbdocsearch.elasticsearch;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import co.elastic.clients.json.jackson.JacksonJsonpMapper;
import co.elastic.clients.transport.TransportException;
import co.elastic.clients.transport.rest_client.RestClientTransport;
import io.github.ycsbdocsearch.common.SetupException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Base64;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;
import org.apache.http.Header;
import org.apache.http.HttpHost;
import org.apache.http.ProtocolException;
import org.apache.http.message.BasicHeader;
import org.elasticsearch.client.ResponseException;
import org.elasticsearch.client.RestClient;
import org.elasticsearch.client.RestClientBuilder;

/**
 * Opens an {@link ElasticsearchClient} (low-level REST client + transport + JSON mapper) for one
 * {@link ElasticsearchConfig.Connection} and checks that the cluster answers, turning every setup
 * failure into a one-line {@link SetupException}. Stateless; the returned client is thread-safe and
 * must be closed by the caller through {@code client._transport().close()}.
 */
final class ElasticsearchConnector {
  private static final String STORE = "elasticsearch";

  private ElasticsearchConnector() {}

  /** Opens a client and sends one {@code GET /} to prove the address and the credentials. */
  static ElasticsearchClient open(ElasticsearchConfig.Connection c) {
    RestClient rest = restClient(c);
    ElasticsearchClient client =
        new ElasticsearchClient(new RestClientTransport(rest, new JacksonJsonpMapper()));
    try {
      client.info();
      return client;
    } catch (IOException | RuntimeException e) {
      closeQuietly(rest);
      throw setupFailure(c, e);
    }
  }

  /**
   * Closes the client's transport (and its HTTP connections). A failure is only logged: the answers
   * and results the client gave are had already, and nothing is left to save.
   */
  static void close(ElasticsearchClient client) {
    try {
      client._transport().close();
    } catch (IOException | RuntimeException e) {
      System.getLogger(ElasticsearchConnector.class.getName())
          .log(System.Logger.Level.WARNING, STORE + ": closing the client failed: " + e);
    }
  }

  private static RestClient restClient(ElasticsearchConfig.Connection c) {
    HttpHost[] hosts =
        c.hosts().stream().map(ElasticsearchConnector::httpHost).toArray(HttpHost[]::new);
    RestClientBuilder builder = RestClient.builder(hosts);
    Header auth = authorization(c);
    if (auth != null) {
      builder.setDefaultHeaders(new Header[] {auth});
    }
    SSLContext ssl = c.caFile() == null ? null : sslContext(c);
    int perNode = c.maxConnections();
    builder.setHttpClientConfigCallback(
        http -> {
          // Synchronous calls: each busy YCSB thread holds one connection, so the pool must be >=
          // the thread count.
          http.setMaxConnPerRoute(perNode).setMaxConnTotal(perNode * hosts.length);
          if (ssl != null) {
            http.setSSLContext(ssl);
          }
          return http;
        });
    return builder.build();
  }

  private static HttpHost httpHost(URI uri) {
    return new HttpHost(uri.getHost(), uri.getPort(), uri.getScheme());
  }

  /**
   * Preemptive credentials as a default header: no 401 challenge round trip on the first request.
   */
  private static Header authorization(ElasticsearchConfig.Connection c) {
    if (!c.apiKey().isEmpty()) {
      return new BasicHeader("Authorization", "ApiKey " + c.apiKey());
    }
    if (!c.username().isEmpty()) {
      String pair = c.username() + ":" + c.password();
      return new BasicHeader(
          "Authorization",
          "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8)));
    }
    return null;
  }

  /** Trusts exactly the certificates of the configured CA file. */
  private static SSLContext sslContext(ElasticsearchConfig.Connection c) {
    try (InputStream in = Files.newInputStream(c.caFile())) {
      KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
      trust.load(null, null);
      int i = 0;
      for (Certificate cert : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
        trust.setCertificateEntry("ca" + i++, cert);
      }
      if (i == 0) {
        throw new GeneralSecurityException("no certificate in the file");
      }
      TrustManagerFactory tmf =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(trust);
      SSLContext ctx = SSLContext.getInstance("TLS");
      ctx.init(null, tmf.getTrustManagers(), null);
      return ctx;
    } catch (IOException | GeneralSecurityException e) {
      throw new SetupException(
          "elasticsearch: property %s='%s' is not a usable PEM CA certificate: %s"
              .formatted(ElasticsearchConfig.CA_FILE_PROPERTY, c.caFile(), e.getMessage()),
          e);
    }
  }

  /** One line that says what went wrong when talking to the cluster at setup time. */
  static SetupException setupFailure(ElasticsearchConfig.Connection c, Exception e) {
    return new SetupException(STORE + " at " + c.addresses() + ": " + reason(e), e);
  }

  private static String reason(Throwable e) {
    int status = httpStatus(e);
    if (status == 401) {
      return "authentication failed (HTTP 401): check %s/%s or %s"
          .formatted(
              ElasticsearchConfig.USERNAME_PROPERTY,
              ElasticsearchConfig.PASSWORD_PROPERTY,
              ElasticsearchConfig.APIKEY_PROPERTY);
    }
    if (status == 403) {
      return "the user is not allowed to do this (HTTP 403)";
    }
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ConnectException) {
        return "cannot connect (" + t.getMessage() + "): is the server running?";
      }
      if (t instanceof UnknownHostException) {
        return "unknown host " + t.getMessage();
      }
      if (t instanceof ProtocolException) {
        return "the port does not answer HTTP ("
            + t.getMessage()
            + "): is it the HTTP port, not transport?";
      }
      if (t instanceof SSLException) {
        return "TLS handshake failed (%s): check https and %s"
            .formatted(t.getMessage(), ElasticsearchConfig.CA_FILE_PROPERTY);
      }
    }
    return status > 0
        ? "HTTP " + status + ": " + SetupException.firstLine(e.getMessage())
        : SetupException.firstLine(String.valueOf(rootCause(e)));
  }

  private static Throwable rootCause(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t;
  }

  /** The HTTP status the cluster answered, or 0 when there was no answer. */
  static int httpStatus(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ElasticsearchException ee) {
        return ee.status();
      }
      if (t instanceof TransportException te && te.statusCode() > 0) {
        return te.statusCode();
      }
      if (t instanceof ResponseException re) {
        return re.getResponse().getStatusLine().getStatusCode();
      }
    }
    return 0;
  }

  private static void closeQuietly(RestClient rest) {
    try {
      rest.close();
    } catch (IOException ignored) {
      // The connection failed already; that failure is the one worth reporting.
    }
  }
}
