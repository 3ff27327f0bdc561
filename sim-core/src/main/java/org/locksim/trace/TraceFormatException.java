package org.locksim.trace;

import java.io.IOException;

/**
 * A trace file that is not a locksim trace, has an unsupported version, or is truncated or
 * corrupt. The message says what is wrong and how much could be read; {@link #integrity()} gives
 * the same as data when the header was readable.
 */
public final class TraceFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    private final transient Integrity integrity;

    /** Creates an exception for damage found after the header, described by {@code integrity}. */
    public TraceFormatException(Integrity integrity) {
        super(integrity.message());
        this.integrity = integrity;
    }

    /** Creates an exception for a file whose header cannot be used. */
    public TraceFormatException(String message) {
        super(message);
        this.integrity = null;
    }

    /** Returns what could be read, or {@code null} when not even the header was usable. */
    public Integrity integrity() {
        return integrity;
    }
}
