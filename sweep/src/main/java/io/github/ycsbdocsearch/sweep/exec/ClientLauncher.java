package io.github.ycsbdocsearch.sweep.exec;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * How a YCSB client JVM is started: {@code [taskset -c CPUS] java FLAGS -cp CLASSPATH
 * site.ycsb.Client ...}, with the runner's own classpath (bindings, YCSB core and the search
 * workload are all on it). Immutable.
 *
 * @param javaBin the java executable (the one running the runner)
 * @param jvmFlags flags of the client JVM
 * @param classpath the client's classpath
 * @param cpus CPU list for taskset, empty = not pinned
 */
public record ClientLauncher(
    Path javaBin, List<String> jvmFlags, String classpath, Optional<String> cpus) {
  /** Environment variable with the client JVM's flags. */
  public static final String JVM_OPTS_ENV = "SWEEP_CLIENT_JVM_OPTS";

  /** System property that overrides the classpath handed to clients (default: java.class.path). */
  public static final String CLASSPATH_PROPERTY = "sweep.classpath";

  /** YCSB's entry point, unmodified. */
  public static final String YCSB_MAIN = "site.ycsb.Client";

  public ClientLauncher {
    jvmFlags = List.copyOf(jvmFlags);
  }

  /**
   * The launcher for this JVM: same java, flags from the environment (or the default), given CPU
   * pinning.
   */
  public static ClientLauncher forThisJvm(String jvmOpts, Optional<String> cpus) {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    List<String> flags =
        jvmOpts.isBlank() ? List.of() : Arrays.asList(jvmOpts.trim().split("\\s+"));
    String cp = System.getProperty(CLASSPATH_PROPERTY, System.getProperty("java.class.path"));
    return new ClientLauncher(java, flags, cp, cpus);
  }

  /**
   * The command for another client machine, where the project lives at {@code remoteRepo}: its own
   * {@code java}, the same flags, no pinning (the machine is the client's alone), and this
   * classpath with every entry inside {@code localRepo} moved to {@code remoteRepo}.
   */
  public List<String> remoteCommand(List<String> ycsbArgs, Path localRepo, Path remoteRepo) {
    String local = localRepo.toString() + File.separator;
    String cp =
        Arrays.stream(classpath.split(File.pathSeparator))
            .map(
                e ->
                    e.startsWith(local)
                        ? remoteRepo.resolve(e.substring(local.length())).toString()
                        : e)
            .collect(Collectors.joining(File.pathSeparator));
    return java("java", cp, ycsbArgs);
  }

  public List<String> command(List<String> ycsbArgs) {
    List<String> cmd = new ArrayList<>();
    cpus.ifPresent(c -> cmd.addAll(List.of("taskset", "-c", c)));
    cmd.addAll(java(javaBin.toString(), classpath, ycsbArgs));
    return cmd;
  }

  private List<String> java(String java, String cp, List<String> ycsbArgs) {
    List<String> cmd = new ArrayList<>(List.of(java));
    cmd.addAll(jvmFlags);
    cmd.addAll(List.of("-cp", cp, YCSB_MAIN));
    cmd.addAll(ycsbArgs);
    return cmd;
  }
}
