package org.pctenc;

import java.io.ByteArrayOutputStream;
import java.io.ObjectStreamException;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Query strings as data, in the native pctenc core: the first value of a key, every pair in
 * order, or a query string built from pairs; compiled once per operation and options.
 *
 * <pre>{@code
 * PctencQuery.forParam(null, null).param("https://h/s?q=caf%C3%A9+au+lait&n=1", "q"); // "café au lait"
 * PctencQuery.forParse(null, null).parse("a=1&b&a=2");       // [a=1, b=, a=2]
 * PctencQuery.forBuild("rfc3986", null).build(List.of(Map.entry("a b", "é")));  // "a%20b=%C3%A9"
 * }</pre>
 *
 * <p>The profile, options, words and defaults are the core's query operations'
 * ({@code query-param}, {@code query-parse}, {@code query-build}): the {@code form} profile by
 * default, {@code input} ({@code auto}, {@code url}, {@code query}, {@code form}) saying where
 * the query is in a value, {@code on_error} what a value that fails becomes. A malformed pair
 * other than the one picked is never an error.
 *
 * <p>Pairs cross into the native library as one byte array: a count ({@code int}, little
 * endian), each pair's name and value lengths ({@code int} each, -1 for null), then the bytes
 * of every name and value in order; a pair with a null name or value is left out of a built
 * query. Instances are immutable, thread-safe and serializable (compiled again on arrival);
 * their compiled options are kept for the JVM's life, as {@link Pctenc}'s are (about 2.5 KiB
 * per distinct set).
 */
public final class PctencQuery implements Serializable {
    private static final long serialVersionUID = 1L;

    /** {@code query-param}: the first value of a key. */
    public static final int PARAM = Native.QUERY_PARAM;
    /** {@code query-parse}: every pair. */
    public static final int PARSE = Native.QUERY_PARSE;
    /** {@code query-build}: pairs to a query string. */
    public static final int BUILD = Native.QUERY_BUILD;

    private final int op;
    private final String profile;
    private final String options;
    private final int flags;
    private final transient long handle;
    private final transient String name;

    private PctencQuery(int op, String profile, String options, int flags) {
        this.op = op;
        this.profile = profile;
        this.options = options == null ? "" : options;
        this.flags = flags;
        this.handle = Native.compileQuery(op, profile, this.options, flags);
        this.name = Native.queryProfileName(handle);
    }

    /**
     * {@code query-param} under {@code profile} (null: the options' or {@code form}) and
     * {@code options} (the compact text form; null for none).
     *
     * @throws IllegalArgumentException the core's message for options that do not apply
     */
    public static PctencQuery forParam(String profile, String options) {
        return new PctencQuery(PARAM, profile, options, 0);
    }

    /** {@code query-parse}; as {@link #forParam(String, String)}. */
    public static PctencQuery forParse(String profile, String options) {
        return new PctencQuery(PARSE, profile, options, 0);
    }

    /** {@code query-build}; as {@link #forParam(String, String)}. */
    public static PctencQuery forBuild(String profile, String options) {
        return new PctencQuery(BUILD, profile, options, 0);
    }

    /**
     * The codec an engine's SQL functions use: its strings are bytes Java reads as a
     * {@code String} (as {@link Pctenc#forEngineStrings}), an options text without {@code =}
     * is the {@code input} word, and with {@code tryMode} a row that fails is null.
     *
     * @param op {@link #PARAM}, {@link #PARSE} or {@link #BUILD}
     * @param profile a profile name or alias, or null
     * @param options the compact text form, or an input word, or null
     * @param tryMode whether a row that fails is null ({@code on_error=null})
     * @return the codec
     */
    public static PctencQuery forEngineStrings(int op, String profile, String options, boolean tryMode) {
        int flags = Native.FLAG_JAVA_STRING_INPUT | Native.FLAG_BARE_WORD_IS_INPUT
                | (tryMode ? Native.FLAG_TRY : 0);
        return new PctencQuery(op, profile, options, flags);
    }

    /** @return the profile's canonical name */
    public String profile() {
        return name;
    }

    /**
     * The first value of {@code key} in the query of {@code url}, decoded.
     *
     * @return the value ({@code ""} for a key present without one), or null when absent
     * @throws PctencException when the value does not decode and {@code on_error=raise}
     */
    public String param(String url, String key) {
        byte[] in = url.getBytes(StandardCharsets.UTF_8);
        byte[] out = param(in, 0, in.length, key.getBytes(StandardCharsets.UTF_8));
        return out == null ? null : new String(out, StandardCharsets.UTF_8);
    }

    /** The engine-facing {@link #param(String, String)} on {@code buf[from, from + len)}. */
    public byte[] param(byte[] buf, int from, int len, byte[] key) {
        check(PARAM);
        Native.checkRange(buf, from, len);
        Native.checkRange(key, 0, 0);
        return Native.queryParam(handle, buf, from, len, key, key.length);
    }

    /**
     * Every pair of the query of {@code url}, decoded, in order, repeated names kept.
     *
     * @return the pairs, or null for a value that failed under {@code on_error=null}
     * @throws PctencException when a pair does not decode and {@code on_error=raise}
     */
    public List<Map.Entry<String, String>> parse(String url) {
        byte[] in = url.getBytes(StandardCharsets.UTF_8);
        byte[] out = parse(in, 0, in.length);
        if (out == null) {
            return null;
        }
        ByteBuffer b = ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN);
        int n = b.getInt(0);
        int data = 4 + 8 * n;
        List<Map.Entry<String, String>> pairs = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int k = b.getInt(4 + 8 * i);
            int v = b.getInt(8 + 8 * i);
            String key = new String(out, data, k, StandardCharsets.UTF_8);
            String value = new String(out, data + k, v, StandardCharsets.UTF_8);
            data += k + v;
            pairs.add(new SimpleImmutableEntry<>(key, value));
        }
        return pairs;
    }

    /** The engine-facing {@link #parse(String)}: the pairs in the layout of the class comment. */
    public byte[] parse(byte[] buf, int from, int len) {
        check(PARSE);
        Native.checkRange(buf, from, len);
        return Native.queryParse(handle, buf, from, len);
    }

    /**
     * The query string of {@code pairs}, each name and value escaped by the profile; a pair
     * with a null name or value is left out.
     */
    public String build(List<? extends Map.Entry<String, String>> pairs) {
        Layout layout = new Layout(pairs.size());
        for (Map.Entry<String, String> e : pairs) {
            layout.add(e.getKey() == null ? null : e.getKey().getBytes(StandardCharsets.UTF_8),
                    e.getValue() == null ? null : e.getValue().getBytes(StandardCharsets.UTF_8));
        }
        return new String(build(layout.finish()), StandardCharsets.UTF_8);
    }

    /** The engine-facing {@link #build(List)}: pairs in the layout of the class comment. */
    public byte[] build(byte[] pairs) {
        check(BUILD);
        Native.checkRange(pairs, 0, 0);
        return Native.queryBuild(handle, pairs, pairs.length);
    }

    private void check(int wanted) {
        if (op != wanted) {
            throw new IllegalStateException("pctenc: a codec of query operation " + op + ", not " + wanted);
        }
    }

    /**
     * Pairs written in the layout of the class comment, one at a time: the lengths as they
     * come, the bytes after them.
     */
    public static final class Layout {
        private final ByteBuffer head;
        private final ByteArrayOutputStream data = new ByteArrayOutputStream();

        /** @param n how many pairs will be added */
        public Layout(int n) {
            head = ByteBuffer.allocate(4 + 8 * n).order(ByteOrder.LITTLE_ENDIAN);
            head.putInt(n);
        }

        /** Adds a pair; null for a null name or value. */
        public void add(byte[] key, byte[] value) {
            part(key);
            part(value);
        }

        /** Adds a pair of {@code kLen} bytes at {@code k[kFrom]} and {@code vLen} at {@code v[vFrom]}
         * ({@code k} or {@code v} null: a null name or value). */
        public void add(byte[] k, int kFrom, int kLen, byte[] v, int vFrom, int vLen) {
            head.putInt(k == null ? -1 : kLen);
            head.putInt(v == null ? -1 : vLen);
            if (k != null) {
                data.write(k, kFrom, kLen);
            }
            if (v != null) {
                data.write(v, vFrom, vLen);
            }
        }

        private void part(byte[] b) {
            head.putInt(b == null ? -1 : b.length);
            if (b != null) {
                data.write(b, 0, b.length);
            }
        }

        /** @return the layout's bytes */
        public byte[] finish() {
            if (head.hasRemaining()) {
                throw new IllegalStateException("pctenc: fewer pairs added than announced");
            }
            byte[] h = head.array();
            byte[] out = new byte[h.length + data.size()];
            System.arraycopy(h, 0, out, 0, h.length);
            byte[] d = data.toByteArray();
            System.arraycopy(d, 0, out, h.length, d.length);
            return out;
        }
    }

    private Object readResolve() throws ObjectStreamException {
        return new PctencQuery(op, profile, options, flags);
    }

    @Override
    public String toString() {
        return "PctencQuery(" + op + ", " + name + (options.isEmpty() ? "" : ", " + options) + ")";
    }
}
