package io.github.ycsbdocsearch.common;

import java.util.Properties;

/**
 * Which document fields the search uses, shared by the workload and every binding: the full-text
 * field, indexed as text, and the numeric sort field, stored as a JSON/BSON number (never a string)
 * and indexed for sorting. Every other field is a plain string, as in YCSB's CoreWorkload.
 */
public record SearchSchema(String textField, String sortField) {
  public static final String TEXT_FIELD_PROPERTY = "search.textfield";
  public static final String TEXT_FIELD_DEFAULT = "title";
  public static final String SORT_FIELD_PROPERTY = "search.sortfield";
  public static final String SORT_FIELD_DEFAULT = "rank";

  public SearchSchema {
    if (textField.equals(sortField)) {
      throw new SetupException(
          "properties %s and %s name the same field '%s'"
              .formatted(TEXT_FIELD_PROPERTY, SORT_FIELD_PROPERTY, textField));
    }
    checkName(TEXT_FIELD_PROPERTY, textField);
    checkName(SORT_FIELD_PROPERTY, sortField);
  }

  public static SearchSchema fromProperties(Properties p) {
    return new SearchSchema(
        Props.string(p, TEXT_FIELD_PROPERTY, TEXT_FIELD_DEFAULT),
        Props.string(p, SORT_FIELD_PROPERTY, SORT_FIELD_DEFAULT));
  }

  /** True when {@code field} must be stored as a number. */
  public boolean isNumeric(String field) {
    return sortField.equals(field);
  }

  /** The numeric sort field's value; IllegalArgumentException (BAD_REQUEST) when not an integer. */
  public static long number(String field, String value) {
    try {
      return Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "numeric field '" + field + "' got a non-integer value '" + value + "'", e);
    }
  }

  private static void checkName(String key, String name) {
    if (!name.matches("[A-Za-z][A-Za-z0-9_]*")) {
      throw Props.bad(key, name, "a field name of letters, digits and '_'");
    }
  }
}
