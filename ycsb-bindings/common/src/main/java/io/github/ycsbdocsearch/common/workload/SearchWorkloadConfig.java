package io.github.ycsbdocsearch.common.workload;

import io.github.ycsbdocsearch.common.Props;
import io.github.ycsbdocsearch.common.SearchSchema;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.data.Dataset;
import io.github.ycsbdocsearch.common.data.DocumentGenerator;
import io.github.ycsbdocsearch.common.data.DocumentSource;
import io.github.ycsbdocsearch.common.data.KeyNames;
import io.github.ycsbdocsearch.common.data.Vocabulary;
import java.util.Properties;

/**
 * Every setting of the data generator and the SEARCH / FRESHNESS operations, parsed and checked
 * once. The sweep and the verification call {@link #fromProperties} before any store is touched, so
 * a bad value is one clear line before work starts (YCSB's own Client exits 0 on a workload init
 * error). Immutable.
 */
public record SearchWorkloadConfig(
    long seed,
    int vocabularySize,
    double vocabularyZipf,
    int minTitleWords,
    int maxTitleWords,
    SearchSchema schema,
    String fieldPrefix,
    int fieldCount,
    int fieldLength,
    long recordCount,
    KeyNames keyNames,
    double searchProportion,
    double freshnessProportion,
    boolean ascending,
    int pageSize,
    int maxPageSize,
    int maxPage,
    String pageDistribution,
    boolean keysOnly,
    boolean updateIndexedFields,
    long freshnessTimeoutMs,
    String table,
    Dataset.Spec dataset,
    double pastEndProportion,
    String queryStatsDir) {

  public static final String SEED = "data.seed";
  public static final long SEED_DEFAULT = 20211122L;
  public static final String VOCABULARY_SIZE = "data.vocabulary.size";
  public static final int VOCABULARY_SIZE_DEFAULT = 2000;
  public static final String VOCABULARY_ZIPF = "data.vocabulary.zipf";
  public static final double VOCABULARY_ZIPF_DEFAULT = 1.0;
  public static final String TITLE_MIN_WORDS = "data.title.minwords";
  public static final int TITLE_MIN_WORDS_DEFAULT = 6;
  public static final String TITLE_MAX_WORDS = "data.title.maxwords";
  public static final int TITLE_MAX_WORDS_DEFAULT = 10;
  public static final String SEARCH_PROPORTION = "searchproportion";
  public static final String FRESHNESS_PROPORTION = "freshnessproportion";
  public static final String SORT_ORDER = "search.sortorder";
  public static final String SORT_ORDER_DEFAULT = "asc";
  public static final String PAGE_SIZE = "search.pagesize";
  public static final int PAGE_SIZE_DEFAULT = 10;
  public static final String MAX_PAGE_SIZE = "search.maxpagesize";
  public static final String MAX_PAGE = "search.maxpage";
  public static final int MAX_PAGE_DEFAULT = 10;
  public static final String PAGE_DISTRIBUTION = "search.pagedistribution";
  public static final String PAGE_DISTRIBUTION_DEFAULT = "zipfian";

  /** Share of questions that ask for the page right after the last one (always empty). */
  public static final String PAST_END_PROPORTION = "search.pastend.proportion";

  /**
   * Directory the workload writes {@code querystats.json} into at cleanup (page mix and hit counts
   * asked).
   */
  public static final String QUERY_STATS_DIR = "docsearch.querystats.dir";

  public static final String KEYS_ONLY = "search.keysonly";
  public static final String UPDATE_INDEXED = "search.updateindexedfields";
  public static final String FRESHNESS_TIMEOUT_MS = "search.freshness.timeout.ms";
  public static final long FRESHNESS_TIMEOUT_MS_DEFAULT = 30_000L;

  public static SearchWorkloadConfig fromProperties(Properties p) {
    double search = Props.decimal(p, SEARCH_PROPORTION, 0, 0, 1);
    double freshness = Props.decimal(p, FRESHNESS_PROPORTION, 0, 0, 1);
    String text = p.getProperty(SearchSchema.TEXT_FIELD_PROPERTY);
    if ((search > 0 || freshness > 0) && text != null && text.isBlank()) {
      throw new SetupException(
          String.format(
              "%s=%s but %s is empty: the search needs a text field",
              SEARCH_PROPORTION, search, SearchSchema.TEXT_FIELD_PROPERTY));
    }
    SearchSchema schema = SearchSchema.fromProperties(p);
    String prefix = Props.string(p, "fieldnameprefix", "field");
    int fieldCount = Props.integer(p, "fieldcount", 10, 0);
    for (String f : new String[] {schema.textField(), schema.sortField()}) {
      if (f.startsWith(prefix)
          && f.substring(prefix.length()).matches("\\d+")
          && Integer.parseInt(f.substring(prefix.length())) < fieldCount) {
        throw new SetupException(
            String.format(
                "search field '%s' is one of YCSB's string fields (%s0..%s%s), not the generated"
                    + " %s",
                f,
                prefix,
                prefix,
                fieldCount - 1,
                f.equals(schema.sortField())
                    ? "numeric sort field: the sort field does not exist as a number"
                    : "text field"));
      }
    }
    int minWords = Props.integer(p, TITLE_MIN_WORDS, TITLE_MIN_WORDS_DEFAULT, 2);
    int maxWords =
        Props.integer(p, TITLE_MAX_WORDS, Math.max(minWords, TITLE_MAX_WORDS_DEFAULT), minWords);
    int pageSize = Props.integer(p, PAGE_SIZE, PAGE_SIZE_DEFAULT, 1);
    long records = Props.longValue(p, "recordcount", 1000, 0);
    long inserts = Props.longValue(p, "insertcount", 0, 0);
    if (records + Math.max(0, inserts) >= DocumentGenerator.MAX_RECORDS) {
      throw Props.bad(
          "recordcount", String.valueOf(records), "fewer than " + DocumentGenerator.MAX_RECORDS);
    }
    KeyNames keys;
    try {
      keys = KeyNames.fromProperties(p);
    } catch (NumberFormatException e) {
      throw Props.bad("zeropadding", p.getProperty("zeropadding"), "an integer");
    }
    Dataset.Spec dataset = Dataset.specOf(p, schema);
    if (dataset != null) {
      records =
          Dataset.open(dataset, keys).size(); // the file decides; a recordcount property is ignored
    }
    return new SearchWorkloadConfig(
        Props.longValue(p, SEED, SEED_DEFAULT, Long.MIN_VALUE),
        Props.integer(p, VOCABULARY_SIZE, VOCABULARY_SIZE_DEFAULT, 2),
        Props.decimal(p, VOCABULARY_ZIPF, VOCABULARY_ZIPF_DEFAULT, 0, 10),
        minWords,
        maxWords,
        schema,
        prefix,
        fieldCount,
        Props.integer(p, "fieldlength", 100, 1),
        records,
        keys,
        search,
        freshness,
        "asc".equals(Props.oneOf(p, SORT_ORDER, SORT_ORDER_DEFAULT, "asc", "desc")),
        pageSize,
        Props.integer(p, MAX_PAGE_SIZE, pageSize, pageSize),
        Props.integer(p, MAX_PAGE, MAX_PAGE_DEFAULT, 1),
        Props.oneOf(
            p,
            PAGE_DISTRIBUTION,
            PAGE_DISTRIBUTION_DEFAULT,
            "zipfian",
            "uniform",
            "first",
            "zipfian-fixed"),
        Props.bool(p, KEYS_ONLY, false),
        Props.bool(p, UPDATE_INDEXED, true),
        Props.longValue(p, FRESHNESS_TIMEOUT_MS, FRESHNESS_TIMEOUT_MS_DEFAULT, 1),
        Props.table(p),
        dataset,
        Props.decimal(p, PAST_END_PROPORTION, 0, 0, 1),
        Props.string(p, QUERY_STATS_DIR, ""));
  }

  /** Where the documents come from: the dataset file when one is named, else the generator. */
  public DocumentSource newSource() {
    return dataset == null
        ? DocumentSource.generated(newGenerator(), keyNames, recordCount)
        : Dataset.open(dataset, keyNames);
  }

  /** Whether questions need the hit count of each word pair (every page rule but the fixed one). */
  public boolean pageMixNeedsHitCounts() {
    return !"zipfian-fixed".equals(pageDistribution);
  }

  /**
   * The generator these settings describe (builds the vocabulary: not free, keep one per workload).
   */
  public DocumentGenerator newGenerator() {
    return new DocumentGenerator(
        seed,
        new Vocabulary(seed, vocabularySize, vocabularyZipf),
        schema,
        fieldPrefix,
        fieldCount,
        fieldLength,
        minTitleWords,
        maxTitleWords);
  }
}
