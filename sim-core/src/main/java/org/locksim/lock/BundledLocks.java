package org.locksim.lock;

import org.locksim.lock.queued.AndersonLock;
import org.locksim.lock.queued.ClhLock;
import org.locksim.lock.queued.CnaLock;
import org.locksim.lock.queued.CnaMcsLock;
import org.locksim.lock.queued.CohortLock;
import org.locksim.lock.queued.CohortTicketLock;
import org.locksim.lock.queued.HmcsLock;
import org.locksim.lock.queued.McsLock;
import org.locksim.lock.queued.QSpinLock;
import org.locksim.lock.rw.FreeBsdRwLock;
import org.locksim.lock.rw.QRwLock;
import org.locksim.lock.rw.RwSem;
import org.locksim.lock.section.CriticalSection;
import org.locksim.lock.sleep.AdaptiveMutex;
import org.locksim.lock.sleep.BlockingMutex;
import org.locksim.lock.sleep.FreeBsdMutex;
import org.locksim.lock.sleep.FutexMutex;
import org.locksim.lock.sleep.LinuxMutex;
import org.locksim.lock.sleep.OsqMutex;
import org.locksim.lock.spin.MtxEnter;
import org.locksim.lock.spin.SpinMutex;
import org.locksim.lock.spin.HTicketLock;
import org.locksim.lock.spin.PTicketLock;
import org.locksim.lock.spin.HboLock;
import org.locksim.lock.spin.TasBackoffLock;
import org.locksim.lock.spin.TasLock;
import org.locksim.lock.spin.TicketLock;
import org.locksim.lock.spin.TtasLock;
import org.locksim.lock.spin.TwaLock;

/**
 * The lock algorithms locksim ships, one method per family, registered through the same
 * {@link LockProvider} interface as a plugin's: the list of bundled algorithms is this file.
 */
public final class BundledLocks implements LockProvider {
  @Override
  public void register(LockRegistry r) {
    registerSection(r);
    registerSpin(r);
    registerQueued(r);
    registerSleep(r);
    registerRw(r);
  }

  private static void registerSection(LockRegistry r) {
    r.add(CriticalSection.class, CriticalSection.PARAMS, CriticalSection::new);
  }

  private static void registerSpin(LockRegistry r) {
    r.add(SpinMutex.class, SpinMutex.PARAMS, SpinMutex::new);
    r.add(TasLock.class, TasLock.PARAMS, TasLock::new);
    r.add(TtasLock.class, TtasLock.PARAMS, TtasLock::new);
    r.add(TasBackoffLock.class, TasBackoffLock.PARAMS, TasBackoffLock::new);
    r.add(HboLock.class, HboLock.PARAMS, HboLock::new);
    r.add(TicketLock.class, TicketLock.PARAMS, TicketLock::new);
    r.add(HTicketLock.class, HTicketLock.PARAMS, HTicketLock::new);
    r.add(PTicketLock.class, PTicketLock.PARAMS, PTicketLock::new);
    r.add(TwaLock.class, TwaLock.PARAMS, TwaLock::new);
    r.add(MtxEnter.class, MtxEnter.PARAMS, MtxEnter::new);
  }

  private static void registerQueued(LockRegistry r) {
    r.add(McsLock.class, McsLock.PARAMS, McsLock::new);
    r.add(ClhLock.class, ClhLock.PARAMS, ClhLock::new);
    r.add(AndersonLock.class, AndersonLock.PARAMS, AndersonLock::new);
    r.add(QSpinLock.class, QSpinLock.PARAMS, QSpinLock::new);
    r.add(CnaLock.class, CnaLock.PARAMS, CnaLock::new);
    r.add(CnaMcsLock.class, CnaMcsLock.PARAMS, CnaMcsLock::new);
    r.add(CohortLock.class, CohortLock.PARAMS, CohortLock::new);
    r.add(CohortTicketLock.class, CohortTicketLock.PARAMS, CohortTicketLock::new);
    r.add(HmcsLock.class, HmcsLock.PARAMS, HmcsLock::new);
  }

  private static void registerSleep(LockRegistry r) {
    r.add(BlockingMutex.class, BlockingMutex.PARAMS, BlockingMutex::new);
    r.add(FreeBsdMutex.class, FreeBsdMutex.PARAMS, FreeBsdMutex::new);
    r.add(AdaptiveMutex.class, AdaptiveMutex.PARAMS, AdaptiveMutex::new);
    r.add(LinuxMutex.class, LinuxMutex.PARAMS, LinuxMutex::new);
    r.add(OsqMutex.class, OsqMutex.PARAMS, OsqMutex::new);
    r.add(FutexMutex.class, FutexMutex.PARAMS, FutexMutex::new);
  }

  private static void registerRw(LockRegistry r) {
    r.add(QRwLock.class, QRwLock.PARAMS, QRwLock::new);
    r.add(RwSem.class, RwSem.PARAMS, RwSem::new);
    r.add(FreeBsdRwLock.class, FreeBsdRwLock.PARAMS, FreeBsdRwLock::new);
  }
}
