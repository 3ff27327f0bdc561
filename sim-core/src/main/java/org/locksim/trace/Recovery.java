package org.locksim.trace;

/** What {@link TraceFile#open(java.nio.file.Path, Recovery)} does with a damaged file. */
public enum Recovery {
    /** Throw a {@link TraceFormatException} unless the whole file is intact. */
    STRICT,
    /**
     * Open the intact prefix: every block before the first truncated or corrupt one. The damage
     * is reported by {@link TraceFile#integrity()}. A file whose header is damaged still throws.
     */
    PREFIX
}
