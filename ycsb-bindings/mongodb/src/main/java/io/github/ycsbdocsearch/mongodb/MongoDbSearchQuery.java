package io.github.ycsbdocsearch.mongodb;

import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.TextSearchOptions;
import io.github.ycsbdocsearch.common.SearchQuery;
import io.github.ycsbdocsearch.common.text.CanonicalText;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.bson.conversions.Bson;

/**
 * Translates a {@link SearchQuery} into a MongoDB find: filter, sort, skip/limit and projection.
 *
 * <p>The filter is {@code $text} with every word quoted, ANDed with one case-insensitive whole-word
 * regex per word:
 *
 * <ul>
 *   <li>{@code $text} uses the text index (created with {@code default_language: "none"}, so no
 *       stemming and no stop words) to find candidates. Unquoted words would be an OR; quoted words
 *       ("phrases") must all be present, which gives the AND.
 *   <li>But MongoDB checks a phrase as a case-insensitive <em>substring</em> of the field, so
 *       {@code "red"} also accepts "reds shoe" and {@code "shoe"} accepts "shoes red". A regex per
 *       word (option {@code i}) keeps only whole words: the word, not preceded and not followed by
 *       a Unicode letter or digit ({@code (?<![\p{L}\p{N}])word(?![\p{L}\p{N}])}). That is exactly
 *       the canonical tokenizer's boundary ({@link
 *       io.github.ycsbdocsearch.common.text.CanonicalText}); PCRE's {@code \b} would not do,
 *       because it knows only ASCII word characters, so a word starting or ending with a non-ASCII
 *       letter would never match. It runs on documents the text stage has already fetched, so it
 *       costs CPU per candidate and no extra I/O.
 * </ul>
 *
 * Stateless: thread-safe.
 */
public final class MongoDbSearchQuery {
  /**
   * The query's language: "none" tokenizes without stemming or stop words, matching the index's
   * default language.
   */
  static final String LANGUAGE = "none";

  private MongoDbSearchQuery() {}

  /**
   * The {@code $search} string: each word in double quotes, e.g. {@code "red" "shoe"}; a {@code "}
   * or {@code \} inside a word is escaped with a backslash (a quoted word is never read as a
   * negation or an OR).
   */
  public static String textSearch(List<String> words) {
    return words.stream()
        .map(w -> '"' + w.replace("\\", "\\\\").replace("\"", "\\\"") + '"')
        .collect(Collectors.joining(" "));
  }

  /**
   * The whole-word pattern for one query word: no letter or digit on either side; the word itself
   * literal.
   */
  public static String wordPattern(String word) {
    return "(?<![\\p{L}\\p{N}])" + literal(word) + "(?![\\p{L}\\p{N}])";
  }

  /** A PCRE literal: every character that is not a letter or digit is backslash-escaped. */
  static String literal(String word) {
    return CanonicalText.backslashed(word, Character::isLetterOrDigit);
  }

  /**
   * The filter: {@code $text} over all words AND one whole-word regex per word on the text field.
   */
  public static Bson filter(SearchQuery q) {
    List<Bson> all = new ArrayList<>();
    all.add(Filters.text(textSearch(q.words()), new TextSearchOptions().language(LANGUAGE)));
    for (String w : q.words()) {
      all.add(Filters.regex(q.textField(), wordPattern(w), "i"));
    }
    return Filters.and(all);
  }

  /** Sort by the numeric field only: ranks are unique by construction, so the order is total. */
  public static Bson sort(SearchQuery q) {
    return q.ascending() ? Sorts.ascending(q.sortField()) : Sorts.descending(q.sortField());
  }

  /** {@code _id} only for keys-only pages; null (whole document) otherwise. */
  public static Bson projection(SearchQuery q) {
    return q.keysOnly() ? Projections.include(DocumentMapper.ID) : null;
  }
}
