package org.locksim.workload;

import java.util.Objects;

/**
 * A shared cache line a workload's critical sections touch, made once per run by name: a list
 * head, a global counter, a field of a shared structure. It has a line of its own, or sits
 * beside a lock, on that lock's cache line, as OpenBSD's page-queue heads share the first line
 * of {@code struct uvm} with {@code uvm.pageqlock}: an access to it then moves the lock's line.
 *
 * @param name how touches refer to it
 * @param beside the lock on whose line it sits, or null for a line of its own
 */
public record DataLine(String name, String beside) {
  public DataLine {
    Objects.requireNonNull(name);
  }
}
