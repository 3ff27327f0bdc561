package org.locksim.lock;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Names a lock algorithm; the name's prefix is its family and package ({@code spin.ttas}). */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface LockSpec {
  /** The name scenarios use. */
  String name();

  /** One line for {@code locksim locks} and the docs. */
  String summary();
}
