/**
 * Regression detection between results folders written by {@code ./run-sweep.sh}, read only through
 * the results-format module ({@code io.github.ycsbdocsearch.resultsformat}: the run-level {@code
 * summary.json}, the current format: bin/docsearch migrate upgrades an older one).
 *
 * <p>Reading: {@link io.github.ycsbdocsearch.compare.ResultsSet} loads one run folder or a folder
 * of run folders (one per workload) into {@link io.github.ycsbdocsearch.compare.ResultsRun}s;
 * {@link io.github.ycsbdocsearch.compare.StepRows} selects and aligns the rows that are compared,
 * {@link io.github.ycsbdocsearch.compare.Headline} the store's capacity and peak. Judging: {@link
 * io.github.ycsbdocsearch.compare.ResultsComparer} judges each aligned number against a threshold
 * from the two runs' own recorded 95 % intervals under the multiple-comparison rule of {@link
 * io.github.ycsbdocsearch.compare.NoisePolicy}. Output formats (text, JSON, Markdown) are separate
 * classes over the immutable {@link io.github.ycsbdocsearch.compare.Comparison}.
 */
package io.github.ycsbdocsearch.compare;
