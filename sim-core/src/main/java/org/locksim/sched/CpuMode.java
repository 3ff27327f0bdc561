package org.locksim.sched;

/** How a CPU's time is spent, for task-clock, time(1) and the spinning share. */
public enum CpuMode {
  IDLE,
  USER,
  SYSTEM,
  SPINNING,
  SWITCHING
}
