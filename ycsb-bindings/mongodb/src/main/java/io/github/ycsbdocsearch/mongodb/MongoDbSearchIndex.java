package io.github.ycsbdocsearch.mongodb;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import io.github.ycsbdocsearch.common.SearchSchema;
import io.github.ycsbdocsearch.common.SetupException;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;

/**
 * Creates and describes the search index of a collection: one text index on the text field with
 * {@code default_language: "none"} (no stemming, no stop words, same tokens as the other stores).
 *
 * <p>Creation is idempotent (same name, same options), so every client thread may call {@link
 * #ensure} from {@code init()}. Stateless: thread-safe.
 */
public final class MongoDbSearchIndex {
  /**
   * Name of the text index; a text index of another name or with other options is a setup error.
   */
  public static final String TEXT_INDEX_NAME = "docsearch_text";

  /**
   * The per-document language field. MongoDB lets a field (by default named {@code language})
   * override the index language per document; pointing the override at a field name no record uses
   * keeps every document on "none".
   */
  static final String LANGUAGE_OVERRIDE_FIELD = "_docsearchLanguage";

  /** Server error codes for "an index with this key or name exists with other options". */
  private static final int INDEX_OPTIONS_CONFLICT = 85;

  private static final int INDEX_KEY_SPECS_CONFLICT = 86;

  private MongoDbSearchIndex() {}

  /** The options of the text index this binding needs. */
  static IndexOptions textIndexOptions() {
    return new IndexOptions()
        .name(TEXT_INDEX_NAME)
        .defaultLanguage(MongoDbSearchQuery.LANGUAGE)
        .languageOverride(LANGUAGE_OVERRIDE_FIELD);
  }

  /**
   * Creates the text index unless it exists with the same options; SetupException when the
   * collection has a conflicting one (MongoDB allows only one).
   */
  public static void ensure(MongoCollection<Document> collection, SearchSchema schema) {
    try {
      collection.createIndex(Indexes.text(schema.textField()), textIndexOptions());
    } catch (MongoCommandException e) {
      if (e.getErrorCode() != INDEX_OPTIONS_CONFLICT
          && e.getErrorCode() != INDEX_KEY_SPECS_CONFLICT) {
        throw e;
      }
      throw new SetupException(
          ("mongodb: collection %s already has a text index with other fields or options (%s;"
                  + " only one is allowed): drop that index or the collection")
              .formatted(collection.getNamespace(), e.getErrorCodeName()),
          e);
    }
  }

  /**
   * Every index of the collection as the server reports it (name, key, options), for the results
   * manifest.
   */
  public static List<Document> describe(MongoCollection<Document> collection) {
    return collection.listIndexes().into(new ArrayList<>());
  }
}
