package io.github.ycsbdocsearch.common.data;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The words product titles are made of: pronounceable made-up words (consonant-vowel syllables, 4
 * to 8 letters, a-z only) drawn with Zipf-like frequencies, word {@code i} having weight {@code 1 /
 * (i + 1)^exponent}.
 *
 * <p>Why made-up words: every store must tokenise them identically, so they contain no digits, no
 * punctuation, no upper case, and none is an English word that a stemmer or stop-word list could
 * treat specially. The letters {@code q} and {@code x} are never used, which leaves the {@code
 * qx...} namespace for freshness markers. Immutable and thread-safe.
 */
public final class Vocabulary {
  private static final String CONSONANTS = "bdfgklmnprstvz";
  private static final String VOWELS = "aeiou";

  private final List<String> words;
  private final double[] cumulative;

  /** {@code size} distinct words (at least 2), Zipf {@code exponent} 0 (uniform) or more. */
  public Vocabulary(long seed, int size, double exponent) {
    if (size < 2) {
      throw new IllegalArgumentException("a vocabulary needs at least 2 words, got " + size);
    }
    if (size > 200_000) {
      throw new IllegalArgumentException(
          "vocabulary size " + size + " is above the 200000 distinct words possible");
    }
    SplittableRandom rng = new SplittableRandom(Seeds.mix(seed, 0x766F6361L));
    Set<String> unique = new LinkedHashSet<>();
    while (unique.size() < size) {
      int syllables = 2 + rng.nextInt(3);
      StringBuilder sb = new StringBuilder(syllables * 2);
      for (int s = 0; s < syllables; s++) {
        sb.append(CONSONANTS.charAt(rng.nextInt(CONSONANTS.length())));
        sb.append(VOWELS.charAt(rng.nextInt(VOWELS.length())));
      }
      unique.add(sb.toString());
    }
    this.words = Collections.unmodifiableList(new ArrayList<>(unique));
    this.cumulative = new double[size];
    double sum = 0;
    for (int i = 0; i < size; i++) {
      sum += 1.0 / Math.pow(i + 1, exponent);
      cumulative[i] = sum;
    }
    for (int i = 0; i < size; i++) {
      cumulative[i] /= sum;
    }
  }

  public int size() {
    return words.size();
  }

  /** Word of rank {@code i} (0 is the most frequent). */
  public String word(int i) {
    return words.get(i);
  }

  /** Draws a word index with the Zipf-like frequencies. */
  public int sample(SplittableRandom rng) {
    double u = rng.nextDouble();
    int lo = 0;
    int hi = cumulative.length - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (cumulative[mid] < u) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
}
