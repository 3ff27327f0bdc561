package org.locksim.machine;

/**
 * How a spin mutex writes the unlocked value: with {@code xchg}, which on x86 always carries an
 * implicit lock, or with a plain store, which x86's ordering makes a release already (FreeBSD's
 * {@code atomic_store_rel_int} change of 2004, seed 004).
 */
public enum ReleaseStyle {
  XCHG("xchg"),
  STORE("store");

  private final String jsonName;

  ReleaseStyle(String jsonName) {
    this.jsonName = jsonName;
  }

  public String jsonName() {
    return jsonName;
  }
}
