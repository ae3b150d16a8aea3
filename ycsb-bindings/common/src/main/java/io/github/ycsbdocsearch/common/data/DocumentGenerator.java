package io.github.ycsbdocsearch.common.data;

import io.github.ycsbdocsearch.common.SearchSchema;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Makes every record's document from (seed, record number, version) alone, so every store is given
 * byte-identical documents and the oracle can recompute any of them without reading a store.
 *
 * <p>A document has YCSB's string fields ({@code field0..}), a title of lowercase made-up words
 * from a {@link Vocabulary}, and a numeric rank {@code price * 10^9 + recordNumber}: the price part
 * is random, the low nine digits are the record number, so no two records ever share a rank (ties
 * are impossible, and a sort on the rank alone is a total order — RediSearch's SORTBY takes a
 * single field). Ranks stay below 2^53 so they are exact in RediSearch's double-precision NUMERIC
 * fields. Version 0 is the loaded document; updates use other versions. Immutable and thread-safe.
 */
public record DocumentGenerator(
    long seed,
    Vocabulary vocabulary,
    SearchSchema schema,
    String fieldPrefix,
    int fieldCount,
    int fieldLength,
    int minTitleWords,
    int maxTitleWords) {
  /** Record numbers must fit in the rank's low nine digits. */
  public static final long MAX_RECORDS = 1_000_000_000L;

  /** Price part bound: 9,000,000 x 10^9 + 10^9 stays below 2^53 (about 9.007 x 10^15). */
  public static final long PRICE_BOUND = 9_000_000L;

  private static final char[] FIELD_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789".toCharArray();

  /** Digits of a version in base 36 (any 64-bit version fits): the head of a written field. */
  static final int VERSION_DIGITS = 13;

  public DocumentGenerator {
    if (minTitleWords < 2 || maxTitleWords < minTitleWords) {
      throw new IllegalArgumentException(
          "title length must be 2 <= min <= max, got " + minTitleWords + ".." + maxTitleWords);
    }
  }

  /**
   * The whole document: YCSB fields in order, then the title, then the rank (as its decimal
   * string).
   */
  public Map<String, String> document(long recordNumber, long version) {
    Map<String, String> doc = new LinkedHashMap<>();
    SplittableRandom fields = new SplittableRandom(Seeds.mix(seed, recordNumber, version, 2));
    for (int i = 0; i < fieldCount; i++) {
      doc.put(fieldPrefix + i, fieldValue(fields, version));
    }
    doc.putAll(searchFields(recordNumber, version));
    return doc;
  }

  /** Only the indexed fields (title and rank), e.g. for an update that rewrites them. */
  public Map<String, String> searchFields(long recordNumber, long version) {
    Map<String, String> doc = new LinkedHashMap<>();
    doc.put(schema.textField(), title(recordNumber, version));
    doc.put(schema.sortField(), Long.toString(rank(recordNumber, version)));
    return doc;
  }

  /** One YCSB string field's value for an update of that single field. */
  public String fieldValue(long recordNumber, long version, int field) {
    return fieldValue(
        new SplittableRandom(Seeds.mix(seed, recordNumber, version, 3, field)), version);
  }

  /** The title's word indexes into the vocabulary, in order (words may repeat). */
  public int[] titleWords(long recordNumber, long version) {
    SplittableRandom rng = new SplittableRandom(Seeds.mix(seed, recordNumber, version, 1));
    int n = minTitleWords + rng.nextInt(maxTitleWords - minTitleWords + 1);
    int[] words = new int[n];
    for (int i = 0; i < n; i++) {
      words[i] = vocabulary.sample(rng);
    }
    return words;
  }

  public String title(long recordNumber, long version) {
    int[] idx = titleWords(recordNumber, version);
    StringBuilder sb = new StringBuilder(idx.length * 8);
    for (int i = 0; i < idx.length; i++) {
      if (i > 0) {
        sb.append(' ');
      }
      sb.append(vocabulary.word(idx[i]));
    }
    return sb.toString();
  }

  public long rank(long recordNumber, long version) {
    if (recordNumber < 0 || recordNumber >= MAX_RECORDS) {
      throw new IllegalArgumentException(
          "record number " + recordNumber + " outside 0.." + (MAX_RECORDS - 1));
    }
    SplittableRandom rng = new SplittableRandom(Seeds.mix(seed, recordNumber, version, 4));
    return rng.nextLong(PRICE_BOUND) * MAX_RECORDS + recordNumber;
  }

  /**
   * Random characters; a version other than 0 (a write's) leads them, in base 36, when the field is
   * long enough: two writes of different versions then never write the same value, so the
   * durability check tells by a field's value which write it holds. The loaded documents (version
   * 0) are random throughout, as before.
   */
  private String fieldValue(SplittableRandom rng, long version) {
    char[] c = new char[fieldLength];
    for (int i = 0; i < fieldLength; i++) {
      c[i] = FIELD_CHARS[rng.nextInt(FIELD_CHARS.length)];
    }
    if (version != 0 && fieldLength >= VERSION_DIGITS) {
      String digits = Long.toUnsignedString(version, 36);
      Arrays.fill(c, 0, VERSION_DIGITS - digits.length(), '0');
      digits.getChars(0, digits.length(), c, VERSION_DIGITS - digits.length());
    }
    return new String(c);
  }
}
