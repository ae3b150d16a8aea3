/**
 * Regression detection between results folders written by {@code ./run-sweep.sh}, read only through
 * the results-format module ({@code io.github.ycsbdocsearch.resultsformat}: the run-level {@code
 * summary.json}, the current format: bin/docsearch migrate upgrades an older one).
 *
 * <p>Reading: {@link ResultsSet} loads one run folder or a folder of run folders (one per workload)
 * into {@link ResultsRun}s; {@link StepRows} selects and aligns the rows that are compared, {@link
 * Headline} the store's capacity and peak. Judging: {@link ResultsComparer} judges each aligned
 * number against a threshold from the two runs' own recorded 95 % intervals under the
 * multiple-comparison rule of {@link NoisePolicy}. Output formats (text, JSON, Markdown) are
 * separate classes over the immutable {@link Comparison}.
 */
package io.github.ycsbdocsearch.compare;
