package io.github.ycsbdocsearch.common.text;

import java.text.Normalizer;
import java.util.List;
import java.util.Locale;
import java.util.function.IntPredicate;

/**
 * The one normalization of real text that all three engines tokenize alike, and the tokenizer of
 * the oracle.
 *
 * <p>{@link #normalize} applies, in order:
 *
 * <ol>
 *   <li>Unicode NFKC (compatibility forms folded: ligatures, full-width letters, superscripts,
 *       {@code ™} to {@code TM});
 *   <li>case folding: upper case then lower case with {@link Locale#ROOT} (Unicode full case
 *       mapping, so {@code ß} becomes {@code ss}, final sigma {@code σ}; no locale rule such as
 *       Turkish dotless i);
 *   <li>accents removed: NFD, then every non-spacing mark (category Mn) dropped, then NFC;
 *   <li>every code point that is not a letter or a digit ({@link Character#isLetterOrDigit(int)})
 *       becomes a space;
 *   <li>ideographic and syllabic characters that engines split one by one (Han ideographs,
 *       Hiragana) stand alone, and a run of Katakana is its own token (Unicode word boundaries
 *       break where Katakana meets other letters);
 *   <li>runs of spaces collapse to one; no leading or trailing space.
 * </ol>
 *
 * The result is a sequence of tokens (letter/digit runs) separated by single spaces. Every engine
 * splits such text on the spaces and nowhere else, and has nothing left to lowercase or strip, so
 * they index the same tokens. Idempotent: {@code normalize(normalize(s)).equals(normalize(s))}.
 * Stateless and thread-safe.
 */
public final class CanonicalText {
  private CanonicalText() {}

  /**
   * The canonical form: tokens separated by single spaces (empty when the text has no letter or
   * digit).
   */
  public static String normalize(String text) {
    if (isAscii(text)) {
      return ascii(text);
    }
    String s = Normalizer.normalize(text, Normalizer.Form.NFKC);
    s = s.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
    s = Normalizer.normalize(s, Normalizer.Form.NFD);
    StringBuilder stripped = new StringBuilder(s.length());
    s.codePoints()
        .filter(c -> Character.getType(c) != Character.NON_SPACING_MARK)
        .forEach(stripped::appendCodePoint);
    s = Normalizer.normalize(stripped, Normalizer.Form.NFC);
    StringBuilder out = new StringBuilder(s.length());
    int previous = ' ';
    for (int i = 0; i < s.length(); ) {
      int c = s.codePointAt(i);
      i += Character.charCount(c);
      if (!Character.isLetterOrDigit(c)) {
        c = ' ';
      } else if (previous != ' ' && breaksBetween(previous, c)) {
        appendSpace(out);
      }
      if (c == ' ') {
        appendSpace(out);
      } else {
        out.appendCodePoint(c);
      }
      previous = c;
    }
    int end = out.length();
    if (end > 0 && out.charAt(end - 1) == ' ') {
      out.setLength(end - 1);
    }
    return out.toString();
  }

  /** The canonical tokens of a text, in order (repeats kept). */
  public static List<String> tokens(String text) {
    String n = normalize(text);
    return n.isEmpty() ? List.of() : List.of(n.split(" "));
  }

  /**
   * True when {@code word} is one canonical token: non-empty, and its own canonical form without a
   * space.
   */
  public static boolean isToken(String word) {
    return !word.isEmpty() && word.indexOf(' ') < 0 && normalize(word).equals(word);
  }

  private static boolean isAscii(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) >= 0x80) {
        return false;
      }
    }
    return true;
  }

  /**
   * The same function on ASCII text (no normalization form or accent changes it): a fast path for
   * speed.
   */
  private static String ascii(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= 'A' && c <= 'Z') {
        out.append((char) (c + ('a' - 'A')));
      } else if (c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
        out.append(c);
      } else {
        appendSpace(out);
      }
    }
    int end = out.length();
    if (end > 0 && out.charAt(end - 1) == ' ') {
      out.setLength(end - 1);
    }
    return out.toString();
  }

  private static void appendSpace(StringBuilder out) {
    if (out.length() > 0 && out.charAt(out.length() - 1) != ' ') {
      out.append(' ');
    }
  }

  /** Whether a token boundary falls between two adjacent letters/digits. */
  private static boolean breaksBetween(int a, int b) {
    if (standsAlone(a) || standsAlone(b)) {
      return true;
    }
    return isKatakana(a) != isKatakana(b);
  }

  private static boolean standsAlone(int c) {
    Character.UnicodeScript s = Character.UnicodeScript.of(c);
    return s == Character.UnicodeScript.HAN || s == Character.UnicodeScript.HIRAGANA;
  }

  /**
   * Katakana letters and the prolonged sound mark U+30FC (script Common, but Katakana for word
   * boundaries).
   */
  private static boolean isKatakana(int c) {
    return c == 0x30FC || Character.UnicodeScript.of(c) == Character.UnicodeScript.KATAKANA;
  }

  /**
   * {@code word} with a backslash before every code point {@code plain} refuses: a literal for a
   * query syntax that reads punctuation as operators (RediSearch's terms, PCRE).
   */
  public static String backslashed(String word, IntPredicate plain) {
    StringBuilder sb = new StringBuilder(word.length() + 4);
    word.codePoints()
        .forEach(
            c -> {
              if (!plain.test(c)) {
                sb.append('\\');
              }
              sb.appendCodePoint(c);
            });
    return sb.toString();
  }
}
