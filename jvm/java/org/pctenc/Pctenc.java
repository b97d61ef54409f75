package org.pctenc;

import java.io.ObjectStreamException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A percent-encoding dialect with its options, compiled once: encode, decode and tryDecode on
 * {@code String} and {@code byte[]} values, in the native pctenc core.
 *
 * <pre>{@code
 * Pctenc form = Pctenc.of("form");
 * form.encode("a b&c");            // "a+b%26c"
 * form.decode("caf%C3%A9+au+lait"); // "café au lait"
 * Pctenc.of("rfc3986").tryDecode("100%");                   // null: a '%' that is not an escape
 * Pctenc.of("rfc3986", "malformed=pass-through").decode("100%"); // "100%"
 * Pctenc.of("spark").decode("a+b%2B");  // "a b+", exactly as Spark's url_decode
 * }</pre>
 *
 * <p>Profiles are the core's (names and aliases, ASCII case ignored: {@code rfc3986},
 * {@code form}, {@code js-component}, {@code spark}, {@code duckdb}...; the CLI's
 * {@code pctenc profiles} lists them). Options are the core's words, {@code key=value}
 * separated by commas: {@code hex} ({@code upper}, {@code lower}), {@code malformed}
 * ({@code pass-through}, {@code reject}, {@code reject-signed}), {@code utf8}
 * ({@code strict}, {@code lossy}, {@code bytes}, {@code lossy-java}) and {@code on_error}
 * ({@code raise}, {@code null}, {@code keep}, {@code replace}: what {@code decode} does with
 * a value that does not decode). An unknown profile or option is an
 * {@link IllegalArgumentException} naming it, at {@code of}.
 *
 * <p>Instances are immutable and thread-safe; make one per dialect and reuse it. A call
 * allocates its result and nothing else, and returns its argument itself when nothing
 * changes (for {@code byte[]}, the same array: copy it before writing to it). Strings are
 * coded as their UTF-8 bytes; error offsets count those bytes.
 *
 * <p>Serializable: a deserialized instance compiles its profile again in the receiving JVM
 * (the native handle never travels).
 */
public final class Pctenc implements Serializable {
    private static final long serialVersionUID = 1L;

    /** {@link #transform} mode: percent-encode. */
    public static final int ENCODE = Native.MODE_ENCODE;
    /** {@link #transform} mode: decode to UTF-8 text, under {@code on_error}. */
    public static final int DECODE = Native.MODE_DECODE;
    /** {@link #transform} mode: decode to bytes, under {@code on_error}. */
    public static final int DECODE_BYTES = Native.MODE_DECODE_BYTES;
    /** {@link #transform} mode: decode to UTF-8 text, null where a value does not decode. */
    public static final int TRY_DECODE = Native.MODE_TRY_DECODE;
    /** {@link #transform} mode: decode to bytes, null where a value does not decode. */
    public static final int TRY_DECODE_BYTES = Native.MODE_TRY_DECODE_BYTES;

    private final String profile;
    private final String options;
    private final int flags;
    private final transient long handle;
    private final transient String name;

    private Pctenc(String profile, String options, int flags) {
        this.profile = Objects.requireNonNull(profile, "profile");
        this.options = options == null ? "" : options;
        this.flags = flags;
        this.handle = Native.compile(this.profile, this.options, flags);
        this.name = Native.profileName(handle);
    }

    /**
     * The profile called {@code profile}, with its own defaults.
     *
     * @param profile a profile name or alias
     * @return the codec
     * @throws IllegalArgumentException for an unknown profile (with "did you mean")
     */
    public static Pctenc of(String profile) {
        return new Pctenc(profile, "", 0);
    }

    /**
     * The profile called {@code profile} with {@code options} (see the class comment).
     *
     * @param profile a profile name or alias
     * @param options {@code key=value} pairs separated by commas; null or empty for none
     * @return the codec
     * @throws IllegalArgumentException for an unknown profile, option or option value
     */
    public static Pctenc of(String profile, String options) {
        return new Pctenc(profile, options, 0);
    }

    /**
     * As {@link #of(String, String)}, for an engine whose strings are bytes that Java reads
     * as a {@code String} (Spark's {@code UTF8String}, which may hold bytes that are not
     * UTF-8 after {@code CAST(binary AS STRING)}): under Java's own profile ({@code spark},
     * {@code java-urlencoder}) such bytes are replaced first as Java replaces them, so that
     * the result is that of Spark's {@code url_encode} / {@code url_decode}. Other profiles
     * see the bytes as they are.
     *
     * @param profile a profile name or alias
     * @param options as in {@link #of(String, String)}
     * @return the codec
     */
    public static Pctenc forEngineStrings(String profile, String options) {
        return new Pctenc(profile, options, Native.FLAG_JAVA_STRING_INPUT);
    }

    /** @return the version of pctenc (the jar's and its native library's) */
    public static String version() {
        return Native.VERSION;
    }

    /** @return the profile's canonical name (an alias given to {@code of} is resolved) */
    public String profile() {
        return name;
    }

    /** @return the options as given to {@code of} */
    public String options() {
        return options;
    }

    /**
     * Percent-encodes the UTF-8 bytes of {@code value}.
     *
     * @param value the text
     * @return the encoding ({@code value} itself when nothing needs escaping)
     */
    public String encode(String value) {
        return text(ENCODE, value);
    }

    /**
     * Percent-encodes {@code value}.
     *
     * @param value the bytes
     * @return the encoding, ASCII ({@code value} itself when nothing needs escaping)
     */
    public byte[] encode(byte[] value) {
        return bytes(ENCODE, value);
    }

    /**
     * Decodes {@code value} to text, under the profile's policy and {@code on_error}.
     *
     * @param value the encoded text
     * @return the decoded text ({@code value} itself when nothing changes); null only with
     *     {@code on_error=null}
     * @throws PctencException when the value does not decode and {@code on_error} is
     *     {@code raise} (the default)
     */
    public String decode(String value) {
        return text(DECODE, value);
    }

    /**
     * Decodes {@code value} to bytes, under the profile's UTF-8 policy and {@code on_error}.
     *
     * @param value the encoded bytes
     * @return the decoded bytes ({@code value} itself when nothing changes)
     * @throws PctencException as {@link #decode(String)}
     */
    public byte[] decode(byte[] value) {
        return bytes(DECODE_BYTES, value);
    }

    /**
     * Decodes {@code value} to text, or returns null where it does not decode.
     *
     * @param value the encoded text
     * @return the decoded text, or null
     */
    public String tryDecode(String value) {
        return text(TRY_DECODE, value);
    }

    /**
     * Decodes {@code value} to bytes, or returns null where it does not decode.
     *
     * @param value the encoded bytes
     * @return the decoded bytes, or null
     */
    public byte[] tryDecode(byte[] value) {
        return bytes(TRY_DECODE_BYTES, value);
    }

    /**
     * The engine-facing call, for values held in a shared buffer (a row of Spark's
     * {@code UTF8String}): runs {@code mode} on {@code buf[from, from + len)}.
     *
     * @param mode {@link #ENCODE}, {@link #DECODE}, {@link #DECODE_BYTES}, {@link #TRY_DECODE}
     *     or {@link #TRY_DECODE_BYTES}
     * @param buf the buffer
     * @param from where the value starts
     * @param len the value's length in bytes
     * @return null when the output is the value unchanged; {@code buf} itself when the result
     *     is null (a try-decode, or {@code on_error=null}); else a new array holding exactly
     *     the output
     * @throws PctencException in raise mode, for a value that does not decode
     * @throws IllegalArgumentException for a mode or range that is not valid
     */
    public byte[] transform(int mode, byte[] buf, int from, int len) {
        return Native.run(handle, mode, buf, from, len);
    }

    private String text(int mode, String value) {
        byte[] in = value.getBytes(StandardCharsets.UTF_8);
        byte[] out = Native.run(handle, mode, in, 0, in.length);
        if (out == null) {
            return value;
        }
        if (out == in) {
            return null;
        }
        return new String(out, StandardCharsets.UTF_8);
    }

    private byte[] bytes(int mode, byte[] value) {
        byte[] out = Native.run(handle, mode, value, 0, value.length);
        if (out == null) {
            return value;
        }
        if (out == value) {
            return null;
        }
        return out;
    }

    /** Deserialization compiles the profile again in this JVM. */
    private Object readResolve() throws ObjectStreamException {
        return new Pctenc(profile, options, flags);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Pctenc && ((Pctenc) o).handle == handle;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(handle);
    }

    @Override
    public String toString() {
        return options.isEmpty() ? "Pctenc(" + name + ")" : "Pctenc(" + name + ", " + options + ")";
    }
}
