package org.pctenc;

/**
 * A value that does not decode (or encode) under its profile: what the error is, where in
 * the value, and under which profile.
 *
 * <pre>{@code
 * try {
 *     Pctenc.of("rfc3986").decode("100%");
 * } catch (PctencException e) {
 *     e.code();    // "truncated-escape"
 *     e.offset();  // 3, the byte offset of the '%' in the value's UTF-8
 *     e.profile(); // "rfc3986"
 * }
 * }</pre>
 *
 * <p>The code, offset and message are the core library's, the same in every pctenc front end.
 */
public class PctencException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String code;
    private final long offset;
    private final String profile;
    private final String snippet;

    /**
     * An error as the native library reports it.
     *
     * @param message the whole message (profile, byte offset, code, snippet, why)
     * @param code the stable code, such as {@code invalid-escape}
     * @param offset the byte offset in the value
     * @param profile the profile's name
     * @param snippet up to 8 bytes of the value from the offset on, quoted and escaped
     */
    public PctencException(String message, String code, long offset, String profile, String snippet) {
        super(message);
        this.code = code;
        this.offset = offset;
        this.profile = profile;
        this.snippet = snippet;
    }

    /**
     * The same error, its message prefixed by where it happened (such as a SQL function's
     * name), this exception as its cause.
     *
     * @param where what to put before the message
     * @return the new exception
     */
    public PctencException in(String where) {
        PctencException e = new PctencException(where + ": " + getMessage(), code, offset, profile, snippet);
        e.initCause(this);
        return e;
    }

    /** @return the stable code, such as {@code invalid-escape}, {@code invalid-utf8} */
    public String code() {
        return code;
    }

    /** @return the byte offset in the value (in its UTF-8 bytes for a {@code String}) */
    public long offset() {
        return offset;
    }

    /** @return the profile's name */
    public String profile() {
        return profile;
    }

    /** @return up to 8 bytes of the value from the offset on, quoted and escaped */
    public String snippet() {
        return snippet;
    }
}
