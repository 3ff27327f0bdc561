/**
 * Two timelines compared at an event rather than at time 0 ({@code --align KIND:NAME}): {@link
 * org.locksim.ui.align.AlignAt} says which event (the first acquisition or hand-off of a lock,
 * the first wakeup or migration of a task), {@link org.locksim.ui.align.FirstEvent} finds when it
 * happens in a trace, and the second trace is shifted by the difference so that its event sits
 * under the first's. No JavaFX.
 */
package org.locksim.ui.align;
