package org.locksim.cli.progress;

/** How far a long command is; every method may be called from any thread. */
public interface Progress extends AutoCloseable {
  /** Says that {@code done} units of the whole are done. */
  void stepTo(long done);

  /** Says that one more unit is done. */
  void step();

  /** Ends the report (a bar draws its last state); results may follow on standard output. */
  @Override
  void close();

  /** The progress that says nothing, for {@code -q}. */
  Progress NONE = new Progress() {
    @Override
    public void stepTo(long done) {
    }

    @Override
    public void step() {
    }

    @Override
    public void close() {
    }
  };
}
