package io.github.ycsbdocsearch.common.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class CanonicalTextTest {

  @Test
  void theDocumentedStepsOnTrickyText() {
    assertEquals("don t stop", CanonicalText.normalize("Don’t  STOP!"));
    assertEquals("node js 3 5mm jack", CanonicalText.normalize("Node.js 3.5mm-jack"));
    assertEquals("cafe creme strasse", CanonicalText.normalize("Café Crème STRASSE"));
    assertEquals("strasse", CanonicalText.normalize("Straße"));
    assertEquals("1 000 000 eur", CanonicalText.normalize("1,000,000 EUR"));
    assertEquals(
        "fine brandtm",
        CanonicalText.normalize("ﬁne Brand™"),
        "NFKC: ligature; ™ becomes TM, glued");
    assertEquals("line one line two", CanonicalText.normalize("line one\nline\ttwo"));
    assertEquals("mot cle", CanonicalText.normalize("mot—clé"), "em dash");
    assertEquals("i it", CanonicalText.normalize("I ❤️ it 😀"), "emoji are not letters");
    assertEquals("москва σοφια", CanonicalText.normalize("МОСКВА Σοφία"));
    assertEquals(
        "東 京 タワー abc", CanonicalText.normalize("東京タワーabc"), "Han alone, Katakana run apart");
    assertEquals("", CanonicalText.normalize(" !?— "));
  }

  @Test
  void idempotentAndTokensAreItsPieces() {
    for (String s :
        List.of("Don’t", "İstanbul ǅemal", "ǲ ﬀ ½ ⅷ", "Ångström x²", "Ⅻ ㎏", "ᏣᎳᎩ", "ŉ ΐ")) {
      String once = CanonicalText.normalize(s);
      assertEquals(once, CanonicalText.normalize(once), s);
      for (String t : CanonicalText.tokens(s)) {
        assertTrue(CanonicalText.isToken(t), t);
      }
    }
    assertEquals(List.of("a", "b", "a"), CanonicalText.tokens("A-b.a"));
    assertEquals(List.of(), CanonicalText.tokens("..."));
  }

  /**
   * Why a store's own case folding cannot change an answer on canonical text: RediSearch 2.10.5
   * (local) leaves non-ASCII capitals as they are, 2.10.13 and later (Redis 8 on AWS) fold them,
   * and the other engines fold by their own tables. Canonical text has nothing any of them could
   * fold, and no character any of them splits on.
   */
  @Test
  void canonicalTextLeavesNothingForAnEngineToFoldOrSplit() {
    for (String s :
        List.of(
            "ÁREA DE SERVICIO",
            "Đà Nẵng",
            "ΣΟΦΙΑ Σοφία",
            "МОСКВА",
            "İstanbul ǅemal",
            "ǲ Ǉ ǈ",
            "Ångström ΐ ŉ",
            "STRASSE Straße ẞ",
            "ⅫⅧ Ⓐ ＡＢＣ",
            "ᏣᎳᎩ ꭰ",
            "Node.js 3.5mm-jack",
            "a_b c'd")) {
      String n = CanonicalText.normalize(s);
      n.codePoints()
          .forEach(
              c -> {
                assertEquals(
                    c,
                    Character.toLowerCase(c),
                    () -> s + ": '" + Character.toString(c) + "' would be folded");
                assertTrue(
                    c == ' ' || Character.isLetterOrDigit(c),
                    () -> s + ": '" + Character.toString(c) + "' splits");
              });
      assertEquals(n, n.toLowerCase(Locale.ROOT), s);
      assertFalse(
          n.contains("_"), s + ": RediSearch keeps '_' inside a token, the others split on it");
    }
  }

  @Test
  void isTokenAcceptsOneCanonicalTokenOnly() {
    assertTrue(CanonicalText.isToken("rolo"));
    assertTrue(CanonicalText.isToken("5mm"));
    assertTrue(CanonicalText.isToken("中"));
    for (String no : List.of("", "Rolo", "café", "a b", "a-b", "中文", "ß")) {
      assertFalse(CanonicalText.isToken(no), no);
    }
  }
}
