/**
 * Regression detection between results folders written by {@code ./run-sweep.sh} (format v1, see
 * {@code docs/results-format.md}).
 *
 * <p>Reading: {@link io.github.ycsbdocsearch.compare.ResultsSet} loads one run folder or a folder of run folders
 * (one per workload) into immutable {@link io.github.ycsbdocsearch.compare.ResultsRun}s. Judging:
 * {@link io.github.ycsbdocsearch.compare.ResultsComparer} aligns two sets by store, workload, operation, latency
 * kind and step, and judges each change against a {@link io.github.ycsbdocsearch.compare.NoiseModel} read from the
 * baseline's {@code noise.json}. Baselines: {@link io.github.ycsbdocsearch.compare.BaselineBuilder} picks the median
 * of several repeated runs and writes {@code noise.json} from their spread
 * ({@link io.github.ycsbdocsearch.compare.NoiseEstimator}). Output formats (text, JSON, Markdown) are separate
 * classes over the immutable {@link io.github.ycsbdocsearch.compare.Comparison}.
 */
package io.github.ycsbdocsearch.compare;
