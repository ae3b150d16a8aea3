/**
 * The thread-sweep runner behind {@code ./run-sweep.sh}: runs one YCSB workload against each store
 * in turn, one unmodified YCSB 0.17.0 client JVM per step, until throughput stops growing, and
 * writes a results folder (docs/results-format.md).
 *
 * <p>Packages, split by role as JMH splits its runner:
 *
 * <ul>
 *   <li>{@code cli}: options, defaults, help text, the manifest's {@code parameters} (read back by
 *       --resume);
 *   <li>{@code plan}: workload files and the steps of a store (folder names {@code NN-tT[-rR]});
 *   <li>{@code targets}: the stores (or YCSB's no-op BasicDB), the local stores through
 *       scripts/stores.sh, CPU pinning;
 *   <li>{@code exec}: starting YCSB children, reading their output without trusting their exit
 *       code, Ctrl-C;
 *   <li>{@code step}: one measured step: its clients (here or over SSH), the start barrier, how it
 *       ended, its folder published, reuse on resume, the error bound and the ramp's peak;
 *   <li>{@code phase}: the phases a store runs, each made of steps: the data load, the ramp, the
 *       latency curve and capacity search (and capacity.json), the harness floor, soak, fault and
 *       the loss drill with its write checker;
 *   <li>{@code run}: the sweep itself: each store in turn, its lifecycle and the order of its
 *       phases, and the manifest's sections. Arrows point run &rarr; phase &rarr; step, never back;
 *   <li>{@code results}: files written atomically: step.json, manifest.json;
 *   <li>{@code report}: the door to the report module (summaries and the HTML report);
 *   <li>{@code progress}: the human-readable progress on stderr.
 * </ul>
 */
package io.github.ycsbdocsearch.sweep;
