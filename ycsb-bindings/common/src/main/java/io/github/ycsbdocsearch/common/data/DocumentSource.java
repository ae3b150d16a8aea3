package io.github.ycsbdocsearch.common.data;

import io.github.ycsbdocsearch.common.verify.SearchOracle;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Where documents come from: the seeded {@link DocumentGenerator} (default) or a user's {@link
 * Dataset} file (which is its own source). The workload, the loader and the verification see only
 * this. Implementations are immutable and thread-safe.
 */
public interface DocumentSource {

  /** Records the load phase inserts ({@code 0..recordCount-1}). */
  long recordCount();

  /** The record key of a record number (loaded or inserted during a run). */
  String key(long recordNumber);

  /** The whole document of a record at a version (0 = as loaded). */
  Map<String, String> document(long recordNumber, long version);

  /** The indexed fields only (text and sort value) at a version, for updates. */
  Map<String, String> searchFields(long recordNumber, long version);

  /**
   * Two different canonical tokens of one uniformly chosen loaded record's text (so the pair has
   * hits).
   */
  List<String> twoWords(SplittableRandom rng);

  /** The oracle over the loaded records (builds an index: call once and keep it). */
  SearchOracle buildOracle();

  /** The generator's records. */
  static DocumentSource generated(
      DocumentGenerator generator, KeyNames keyNames, long recordCount) {
    return new DocumentSource() {
      @Override
      public long recordCount() {
        return recordCount;
      }

      @Override
      public String key(long recordNumber) {
        return keyNames.key(recordNumber);
      }

      @Override
      public Map<String, String> document(long recordNumber, long version) {
        return generator.document(recordNumber, version);
      }

      @Override
      public Map<String, String> searchFields(long recordNumber, long version) {
        return generator.searchFields(recordNumber, version);
      }

      @Override
      public List<String> twoWords(SplittableRandom rng) {
        for (int attempt = 0; attempt < 1000; attempt++) {
          int[] title = generator.titleWords(rng.nextLong(recordCount), 0);
          int first = title[rng.nextInt(title.length)];
          int start = rng.nextInt(title.length);
          for (int k = 0; k < title.length; k++) {
            int second = title[(start + k) % title.length];
            if (second != first) {
              return List.of(
                  generator.vocabulary().word(first), generator.vocabulary().word(second));
            }
          }
        }
        throw new IllegalStateException(
            "no title with two different words in 1000 draws: vocabulary too small?");
      }

      @Override
      public SearchOracle buildOracle() {
        return SearchOracle.build(generator, keyNames, Math.toIntExact(recordCount));
      }
    };
  }
}
