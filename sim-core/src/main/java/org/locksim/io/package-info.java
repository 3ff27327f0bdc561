/**
 * File plumbing below every other package of locksim: it imports only the JDK, so that the
 * trace format and the report writers, which may import nothing else of locksim, can share it.
 */
package org.locksim.io;
