package org.locksim.lock;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.locksim.lock.queued.CnaLock;
import org.locksim.lock.queued.McsLock;
import org.locksim.lock.queued.QSpinLock;
import org.locksim.lock.rw.QRwLock;
import org.locksim.lock.section.CriticalSection;
import org.locksim.lock.sleep.AdaptiveMutex;
import org.locksim.lock.sleep.BlockingMutex;
import org.locksim.lock.sleep.FreeBsdMutex;
import org.locksim.lock.sleep.LinuxMutex;
import org.locksim.lock.sleep.OsqMutex;
import org.locksim.lock.spin.MtxEnter;
import org.locksim.lock.spin.SpinMutex;
import org.locksim.lock.spin.TasBackoffLock;
import org.locksim.lock.spin.TasLock;
import org.locksim.lock.spin.TicketLock;
import org.locksim.lock.spin.TtasLock;

/**
 * Every lock algorithm by name. Families register explicitly, one method each (no classpath
 * scanning), so the list of algorithms is this file.
 */
public final class LockRegistry {
  /**
   * One registered algorithm.
   *
   * @param name scenario name, from the class's {@link LockSpec}
   * @param summary one line
   * @param params its parameters
   * @param factory makes instances
   */
  public record Entry(String name, String summary, List<ParamSpec> params, LockFactory factory) { }

  private final Map<String, Entry> entries = new LinkedHashMap<>();

  /** The registry of every algorithm locksim has. */
  public static LockRegistry standard() {
    LockRegistry r = new LockRegistry();
    r.registerSection();
    r.registerSpin();
    r.registerQueued();
    r.registerSleep();
    r.registerRw();
    return r;
  }

  private void registerSection() {
    add(CriticalSection.class, CriticalSection.PARAMS, CriticalSection::new);
  }

  private void registerSpin() {
    add(SpinMutex.class, SpinMutex.PARAMS, SpinMutex::new);
    add(TasLock.class, TasLock.PARAMS, TasLock::new);
    add(TtasLock.class, TtasLock.PARAMS, TtasLock::new);
    add(TasBackoffLock.class, TasBackoffLock.PARAMS, TasBackoffLock::new);
    add(TicketLock.class, TicketLock.PARAMS, TicketLock::new);
    add(MtxEnter.class, MtxEnter.PARAMS, MtxEnter::new);
  }

  private void registerQueued() {
    add(McsLock.class, McsLock.PARAMS, McsLock::new);
    add(QSpinLock.class, QSpinLock.PARAMS, QSpinLock::new);
    add(CnaLock.class, CnaLock.PARAMS, CnaLock::new);
  }

  private void registerSleep() {
    add(BlockingMutex.class, BlockingMutex.PARAMS, BlockingMutex::new);
    add(FreeBsdMutex.class, FreeBsdMutex.PARAMS, FreeBsdMutex::new);
    add(AdaptiveMutex.class, AdaptiveMutex.PARAMS, AdaptiveMutex::new);
    add(LinuxMutex.class, LinuxMutex.PARAMS, LinuxMutex::new);
    add(OsqMutex.class, OsqMutex.PARAMS, OsqMutex::new);
  }

  private void registerRw() {
    add(QRwLock.class, QRwLock.PARAMS, QRwLock::new);
  }

  /** Registers {@code type} under the name of its {@link LockSpec}. */
  public void add(Class<? extends Lock> type, List<ParamSpec> params, LockFactory factory) {
    LockSpec spec = type.getAnnotation(LockSpec.class);
    if (spec == null) {
      throw new IllegalArgumentException(type + " has no @LockSpec");
    }
    if (entries.putIfAbsent(spec.name(), new Entry(spec.name(), spec.summary(), params, factory)) != null) {
      throw new IllegalArgumentException("two algorithms named " + spec.name());
    }
  }

  public Optional<Entry> find(String name) {
    return Optional.ofNullable(entries.get(name));
  }

  /** Names in registration order. */
  public List<String> names() {
    return Collections.unmodifiableList(new ArrayList<>(entries.keySet()));
  }

  public List<Entry> entries() {
    return List.copyOf(entries.values());
  }
}
