import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.pctenc.Pctenc;
import org.pctenc.PctencException;
import org.pctenc.PctencQuery;
import org.pctenc.Scratch;

/**
 * The Java API of the pctenc jar, tested with plain Java (scripts/test.d/46-jvm.sh):
 *
 * <pre>java -cp pctenc.jar:classes -Dpctenc.expected.version=V ApiTest JAR VALUES_FILE CASES_FILE</pre>
 *
 * VALUES_FILE holds the shared test strings (the engine suites' probes, conformance strings
 * and seeded random strings), one per line as hex of their UTF-8. CASES_FILE is the
 * conformance table as jvm/tests/conformance.py writes it. Prints each failure, the
 * conformance line, then "api: N passed, N failed"; exits 1 on any failure.
 */
public final class ApiTest {
    private static int passed;
    private static final List<String> failures = new ArrayList<>();

    static void check(String what, boolean ok) {
        if (ok) {
            passed++;
        } else {
            failures.add(what);
            System.out.println("FAIL " + what);
        }
    }

    static void eq(String what, Object want, Object got) {
        boolean same = want instanceof byte[] && got instanceof byte[]
                ? Arrays.equals((byte[]) want, (byte[]) got)
                : java.util.Objects.equals(want, got);
        check(what + ": want " + show(want) + ", got " + show(got), same);
    }

    static String show(Object o) {
        return o instanceof byte[] ? HexFormat.of().formatHex((byte[]) o) : String.valueOf(o);
    }

    interface Body {
        void run() throws Exception;
    }

    /** `body` must throw `type` with a message containing `text`; returns the exception. */
    static <T extends Throwable> T throwsWith(String what, Class<T> type, String text, Body body) {
        try {
            body.run();
            check(what + ": did not throw", false);
        } catch (Throwable t) {
            boolean ok = type.isInstance(t) && String.valueOf(t.getMessage()).contains(text);
            check(what + ": threw " + t, ok);
            if (ok) {
                return type.cast(t);
            }
        }
        return null;
    }

    public static void main(String[] args) throws Exception {
        Path jar = Path.of(args[0]);
        List<String> values = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(args[1]))) {
            values.add(new String(HexFormat.of().parseHex(line), StandardCharsets.UTF_8));
        }
        check("at least 2000 shared values (" + values.size() + ")", values.size() >= 2000);

        knownValues();
        errors();
        bytesAndRanges();
        queries();
        againstTheJdk(values);
        strings();
        serialization();
        threads(values);
        twoClassLoaders(jar);
        conformance(Path.of(args[2]));
        eq("version", System.getProperty("pctenc.expected.version"), Pctenc.version());

        System.out.println("api: " + passed + " passed, " + failures.size() + " failed");
        System.exit(failures.isEmpty() ? 0 : 1);
    }

    static void knownValues() {
        Pctenc form = Pctenc.of("form");
        eq("form encode", "a+b%26c%C3%A9", form.encode("a b&cé"));
        eq("form decode", "café au lait", form.decode("caf%C3%A9+au+lait"));
        eq("form profile name", "form", form.profile());
        eq("spark is java-urlencoder", "java-urlencoder", Pctenc.of("SPARK").profile());
        eq("spark decode", "a b+\uFFFD", Pctenc.of("spark").decode("a+b%2B%C3"));
        eq("spark %+1", "\u0001", Pctenc.of("spark").decode("%+1"));
        eq("spark encode", "a+b%7E*", Pctenc.of("spark").encode("a b~*"));
        eq("rfc3986 tryDecode 100%", null, Pctenc.of("rfc3986").tryDecode("100%"));
        eq("rfc3986 lenient", "100%", Pctenc.of("rfc3986", "malformed=lenient").decode("100%"));
        eq("hex=lower", "a%2fb", Pctenc.of("rfc3986", "hex=lower").encode("a/b"));
        eq("on_error=keep", "%zz", Pctenc.of("rfc3986", "on_error=keep").decode("%zz"));
        eq("on_error=null", null, Pctenc.of("rfc3986", "on_error=null").decode("%zz"));
        eq("on_error=replace", "\uFFFD%zz", Pctenc.of("rfc3986", "on_error=replace").decode("%FF%zz"));
        eq("utf8=lossy", "a\uFFFD", Pctenc.of("rfc3986", "utf8=lossy").decode("a%FF"));
        eq("duckdb keeps +", "a+b %zz", Pctenc.of("duckdb").decode("a+b%20%zz"));
        eq("js-component", "\u20ac", Pctenc.of("js-component").decode("%E2%82%AC"));
        eq("empty encode", "", form.encode(""));
        eq("empty decode", "", form.decode(""));
        String clean = "plain-text";
        check("unchanged String is returned as is", form.encode(clean) == clean && form.decode(clean) == clean);
        String astral = "\uD83D\uDE00";
        eq("astral round trip", astral, form.decode(form.encode(astral)));
        eq("toString", "Pctenc(form, hex=lower)", Pctenc.of("form", "hex=lower").toString());
        check("equal codecs", Pctenc.of("spark").equals(Pctenc.of("urlencoder")));
        // A value far larger than the per-thread buffer the library keeps.
        String big = "a b/".repeat(1 << 19);
        String enc = Pctenc.of("rfc3986").encode(big);
        eq("2 MiB encode length", 4 << 20, enc.length());
        eq("2 MiB round trip", big, Pctenc.of("rfc3986").decode(enc));
    }

    static void errors() {
        PctencException e = throwsWith("strict decode throws", PctencException.class,
                "profile rfc3986, byte 2: invalid-escape at \"%zz\"", () -> Pctenc.of("rfc3986").decode("ab%zz"));
        if (e != null) {
            eq("code", "invalid-escape", e.code());
            eq("offset", 2L, e.offset());
            eq("profile", "rfc3986", e.profile());
            eq("snippet", "\"%zz\"", e.snippet());
            eq("in()", "pct_decode: " + e.getMessage(), e.in("pct_decode").getMessage());
        }
        PctencException u = throwsWith("strict UTF-8 offset counts bytes", PctencException.class,
                "invalid-utf8", () -> Pctenc.of("rfc3986").decode("é%FF"));
        if (u != null) {
            eq("utf8 offset", 2L, u.offset());
        }
        throwsWith("an option that does not apply to encode", IllegalArgumentException.class, "malformed",
                () -> Pctenc.of("form", "malformed=strict").encode("a"));
        eq("... applies to decode", "a b", Pctenc.of("form", "malformed=strict").decode("a+b"));
        throwsWith("unknown profile", IllegalArgumentException.class,
                "unknown profile 'sprak'; did you mean spark?", () -> Pctenc.of("sprak"));
        throwsWith("unknown option", IllegalArgumentException.class, "colour",
                () -> Pctenc.of("form", "colour=red"));
        throwsWith("unknown option value", IllegalArgumentException.class,
                "unknown hex 'small'", () -> Pctenc.of("form", "hex=small"));
        throwsWith("null value", NullPointerException.class, "", () -> Pctenc.of("form").encode((String) null));
        throwsWith("null profile", NullPointerException.class, "profile", () -> Pctenc.of(null));
        eq("options name the profile", "a b", Pctenc.of(null, "profile=form").decode("a+b"));
        eq("default profile rfc3986", "rfc3986", Pctenc.of(null, "").profile());
    }

    /** PctencQuery: the core's query operations, with their defaults (form, input=auto). */
    static void queries() {
        PctencQuery param = PctencQuery.forParam(null, null);
        eq("query param", "café au lait", param.param("https://h/s?x=%zz&q=caf%C3%A9+au+lait#f", "q"));
        eq("query param present and empty", "", param.param("/p?q=&r", "q"));
        eq("query param absent", null, param.param("/p?r=1", "q"));
        eq("query param profile", "form", param.profile());
        eq("query param options", null, PctencQuery.forParam("form", "input=url").param("q=1", "q"));
        PctencException e = throwsWith("query param error", PctencException.class, "byte 5",
                () -> PctencQuery.forParam("rfc3986", null).param("/p?q=%zz", "q"));
        if (e != null) {
            eq("query param error code", "invalid-escape", e.code());
            eq("query param error offset", 5L, e.offset());
        }
        eq("query param on_error=null", null,
                PctencQuery.forParam("rfc3986", "on_error=null").param("/p?q=%zz", "q"));
        eq("query parse", List.of(Map.entry("a", "1"), Map.entry("b", ""), Map.entry("a", "é")),
                PctencQuery.forParse(null, null).parse("/p?a=1&b&a=%C3%A9#x"));
        eq("query build", "a+b=%C3%A9&k=",
                PctencQuery.forBuild(null, null).build(List.of(Map.entry("a b", "é"), Map.entry("k", ""))));
        java.util.List<Map.Entry<String, String>> withNull = new ArrayList<>();
        withNull.add(new java.util.AbstractMap.SimpleEntry<>("a", null));
        withNull.add(Map.entry("b", "1"));
        eq("query build leaves out a null value", "b=1",
                PctencQuery.forBuild("rfc3986", null).build(withNull));
        throwsWith("query unknown profile", IllegalArgumentException.class, "did you mean form",
                () -> PctencQuery.forParam("frm", null));
        throwsWith("query option of another operation", IllegalArgumentException.class, "hex",
                () -> PctencQuery.forParse(null, "hex=lower"));
        throwsWith("query range", IllegalArgumentException.class, "outside the array",
                () -> PctencQuery.forParam(null, null).param(new byte[2], 1, 2, new byte[0]));
    }

    static void bytesAndRanges() {
        Pctenc rfc = Pctenc.of("rfc3986");
        byte[] raw = {(byte) 0xff, ' '};
        eq("bytes encode", "%FF%20".getBytes(StandardCharsets.US_ASCII), rfc.encode(raw));
        eq("bytes decode with utf8=bytes keeps bytes", raw, Pctenc.of("rfc3986", "utf8=bytes").decode("%FF%20".getBytes(StandardCharsets.US_ASCII)));
        throwsWith("decoding gives text", PctencException.class, "invalid-utf8", () -> rfc.decode("%FF".getBytes(StandardCharsets.US_ASCII)));
        throwsWith("utf8=bytes needs byte[]", IllegalArgumentException.class, "decode(byte[])", () -> Pctenc.of("rfc3986", "utf8=bytes").decode("%FF"));
        eq("bytes tryDecode", null, rfc.tryDecode("%".getBytes(StandardCharsets.US_ASCII)));
        byte[] clean = "abc".getBytes(StandardCharsets.US_ASCII);
        check("unchanged byte[] is returned as is", rfc.encode(clean) == clean && rfc.decode(clean) == clean);
        byte[] buf = "xxa%20byy".getBytes(StandardCharsets.US_ASCII);
        eq("transform a slice", "a b".getBytes(StandardCharsets.US_ASCII), rfc.transform(Pctenc.DECODE, buf, 2, 5));
        check("transform unchanged is null", rfc.transform(Pctenc.DECODE, buf, 0, 2) == null);
        check("transform null row is the buffer", rfc.transform(Pctenc.TRY_DECODE, "%zz".getBytes(), 0, 3) != null);
        byte[] bad = "%zz".getBytes(StandardCharsets.US_ASCII);
        check("transform null row is the same array", rfc.transform(Pctenc.TRY_DECODE, bad, 0, 3) == bad);
        throwsWith("range past the end", IllegalArgumentException.class, "outside the array",
                () -> rfc.transform(Pctenc.DECODE, buf, 5, 5));
        throwsWith("negative offset", IllegalArgumentException.class, "outside the array",
                () -> rfc.transform(Pctenc.DECODE, buf, -1, 2));
        throwsWith("overflowing range", IllegalArgumentException.class, "outside the array",
                () -> rfc.transform(Pctenc.DECODE, buf, 1, Integer.MAX_VALUE));
        throwsWith("null buffer", IllegalArgumentException.class, "the value is null",
                () -> rfc.transform(Pctenc.DECODE, null, 0, 0));
        throwsWith("unknown mode", IllegalArgumentException.class, "unknown mode",
                () -> rfc.transform(9, buf, 0, 1));
        addresses(rfc);
        // Longer than a thread's scratch buffer (input and room past Scratch.MAX): the array path.
        byte[] big = new byte[Scratch.MAX / 2];
        Arrays.fill(big, (byte) ' ');
        byte[] bigEncoded = rfc.encode(big);
        check("a value past the scratch buffer encodes", bigEncoded.length == 3 * big.length
                && bigEncoded[0] == '%' && bigEncoded[bigEncoded.length - 1] == '0');
        eq("and decodes back", big, rfc.decode(bigEncoded));
        throwsWith("a long value that fails still names its offset", PctencException.class, "byte " + big.length,
                () -> rfc.decode((new String(big, StandardCharsets.US_ASCII) + "%zz").getBytes(StandardCharsets.US_ASCII)));
    }

    /** The engines' call on native memory: the row copied into a thread's scratch buffer. */
    static void addresses(Pctenc rfc) {
        Scratch s = Scratch.of(64);
        byte[] in = "a%20b".getBytes(StandardCharsets.US_ASCII);
        s.buffer.put(0, in);
        int n = rfc.transformAt(Pctenc.DECODE, s.address, in.length, s.address + 32, 32);
        byte[] got = new byte[Math.max(0, n)];
        s.buffer.get(32, got);
        eq("transformAt writes the output", "a b".getBytes(StandardCharsets.US_ASCII), got);
        eq("transformAt: unchanged", Pctenc.UNCHANGED, rfc.transformAt(Pctenc.DECODE, s.address, 1, s.address + 32, 32));
        s.buffer.put(0, "%zz".getBytes(StandardCharsets.US_ASCII));
        eq("transformAt: null row", Pctenc.NULL_VALUE, rfc.transformAt(Pctenc.TRY_DECODE, s.address, 3, s.address + 32, 32));
        eq("transformAt: failed (raise)", Pctenc.FAILED, rfc.transformAt(Pctenc.DECODE, s.address, 3, s.address + 32, 32));
        s.buffer.put(0, "  ".getBytes(StandardCharsets.US_ASCII));
        eq("transformAt: does not fit", Pctenc.DOES_NOT_FIT, rfc.transformAt(Pctenc.ENCODE, s.address, 2, s.address + 32, 5));
        eq("transformAt: fits exactly", 6, rfc.transformAt(Pctenc.ENCODE, s.address, 2, s.address + 32, 6));
        eq("transformAt: an empty value", Pctenc.UNCHANGED, rfc.transformAt(Pctenc.ENCODE, 0, 0, 0, 0));
        throwsWith("transformAt: negative length", IllegalArgumentException.class, "negative",
                () -> rfc.transformAt(Pctenc.DECODE, s.address, -1, s.address, 0));
        check("a thread keeps its scratch buffer", Scratch.of(16) == s && Scratch.of(Scratch.MAX + 1) == null);
    }

    /** `spark` is Java's own URLEncoder / URLDecoder (UTF-8): compare on every shared value. */
    static void againstTheJdk(List<String> values) {
        Pctenc spark = Pctenc.of("spark");
        int enc = 0, dec = 0, rejected = 0;
        for (String v : values) {
            String want = URLEncoder.encode(v, StandardCharsets.UTF_8);
            if (want.equals(spark.encode(v))) {
                enc++;
            } else {
                check("encode " + v + ": URLEncoder " + want + ", pctenc " + spark.encode(v), false);
            }
            String jdk;
            try {
                jdk = URLDecoder.decode(v, StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                jdk = null;
                rejected++;
            }
            String ours = spark.tryDecode(v);
            if (java.util.Objects.equals(jdk, ours)) {
                dec++;
            } else {
                check("decode " + v + ": URLDecoder " + jdk + ", pctenc " + ours, false);
            }
        }
        eq("URLEncoder agrees on every value", values.size(), enc);
        eq("URLDecoder agrees on every value", values.size(), dec);
        check("URLDecoder rejects some values (" + rejected + ")", rejected > 100);
    }

    /**
     * The String calls, which convert on the native side: the same results as the byte[]
     * calls on {@code getBytes(UTF_8)} made into a String with {@code new String(UTF_8)}
     * (the API's contract), for what the conversion meets: text beyond ASCII and beyond
     * Latin-1, supplementary characters, unpaired surrogates (which {@code getBytes} writes
     * as {@code ?}), NUL, empty values, values past the thread's scratch memory, errors and
     * their offsets (in UTF-8 bytes).
     */
    static void strings() {
        Pctenc rfc = Pctenc.of("rfc3986");
        Pctenc spark = Pctenc.of("spark");
        eq("encode beyond Latin-1", "a%20%C3%A9%E2%82%AC%F0%9F%98%80", rfc.encode("a \u00e9\u20ac\uD83D\uDE00"));
        eq("decode to Latin-1", "caf\u00e9\u00ff", rfc.decode("caf%C3%A9%C3%BF"));
        eq("decode beyond Latin-1", "\u20ac \uD83D\uDE00\u4e2d", rfc.decode("%E2%82%AC%20%F0%9F%98%80%E4%B8%AD"));
        eq("decode keeps raw text beyond ASCII", "\u4e2d\u00e9 \uD83D\uDE00", rfc.decode("\u4e2d\u00e9%20\uD83D\uDE00"));
        eq("encode a lone high surrogate as ?", "a%3Fb", rfc.encode("a\uD800b"));
        eq("encode a lone low surrogate as ?", "%3F%3F", rfc.encode("\uDC00\uD800"));
        eq("encode a high surrogate before a pair", "%3F%F0%9F%98%80", rfc.encode("\uD83D\uD83D\uDE00"));
        eq("spark encodes a lone surrogate as URLEncoder", URLEncoder.encode("x\uDBFF y", StandardCharsets.UTF_8),
                spark.encode("x\uDBFF y"));
        eq("decode leaves a lone surrogate as ? (unchanged input kept)", "\uD800%", Pctenc.of("rfc3986", "malformed=lenient").decode("\uD800%"));
        eq("decode a surrogate beside an escape", "?/", rfc.decode("\uD800%2F"));
        // Encoding by the same rule: "a?b?c" (the UTF-8 getBytes gives) is left as it is by a
        // profile that keeps '?', so the value itself comes back, its lone surrogate kept.
        String lone = "a\uD800b?c";
        check("encode leaves a lone surrogate as ? (unchanged input kept)", Pctenc.of("js-uri").encode(lone) == lone);
        eq("encode NUL", "a%00b", rfc.encode("a\u0000b"));
        eq("decode NUL", "a\u0000b", rfc.decode("a%00b"));
        eq("decode NUL beyond Latin-1", "\u0000\u20ac", rfc.decode("%00%E2%82%AC"));
        String empty = "";
        check("empty encode is the value", rfc.encode(empty) == empty && rfc.decode(empty) == empty);
        eq("empty tryDecode", "", rfc.tryDecode(""));
        // The offsets count UTF-8 bytes of the value: e-acute is two, the pair four, and a
        // lone surrogate one (its '?').
        long[] at = {2, 4, 1, 6};
        String[] bad = {"\u00e9%zz", "\uD83D\uDE00%zz", "\uD800%zz", "\u20ac\u00e9\uDC00%zz"};
        for (int i = 0; i < bad.length; i++) {
            String v = bad[i];
            PctencException e = throwsWith("decode error in " + units(v), PctencException.class, "invalid-escape",
                    () -> rfc.decode(v));
            if (e != null) {
                eq("offset of the error in " + units(v), at[i], e.offset());
                eq("profile of the error in " + units(v), "rfc3986", e.profile());
            }
            eq("tryDecode " + units(v), null, rfc.tryDecode(v));
            eq("on_error=keep " + units(v), v, Pctenc.of("rfc3986", "on_error=keep").decode(v));
        }
        PctencException u = throwsWith("strict UTF-8 after a supplementary character", PctencException.class,
                "invalid-utf8", () -> rfc.decode("\uD83D\uDE00%FF"));
        if (u != null) {
            eq("its offset", 4L, u.offset());
        }
        // Long values: one that fits the thread's scratch memory, one past it.
        for (int n : new int[] {50_000, 400_000}) {
            StringBuilder b = new StringBuilder();
            while (b.length() < n) {
                b.append("a \u00e9\u20ac\uD83D\uDE00\uD800/");
            }
            String v = b.toString();
            String want = URLEncoder.encode(v, StandardCharsets.UTF_8);
            eq("spark encode of " + n + " characters", want, spark.encode(v));
            eq("spark decode of " + n + " characters", URLDecoder.decode(want, StandardCharsets.UTF_8), spark.decode(want));
        }
        // Seeded random strings over a pool of the characters above: the String calls
        // against the byte[] calls on getBytes(UTF_8) (the contract), and spark against the JDK.
        String[] pool = {"a", "Z", "0", " ", "%", "+", "/", "~", "\u0000", "\u007f", "\u0080", "\u00e9",
            "\u00ff", "\u0100", "\u20ac", "\u4e2d", "\uffff", "\uD83D\uDE00", "\uDBFF\uDFFF", "\uD800",
            "\uDC00", "%41", "%C3%A9", "%E2%82%AC", "%F0%9F%98%80", "%FF", "%ED%A0%80", "%2"};
        java.util.Random r = new java.util.Random(25);
        Pctenc lossy = Pctenc.of("rfc3986", "utf8=lossy, malformed=lenient");
        int same = 0, runs = 3000;
        for (int i = 0; i < runs; i++) {
            StringBuilder b = new StringBuilder();
            int k = r.nextInt(40);
            for (int j = 0; j < k; j++) {
                b.append(pool[r.nextInt(pool.length)]);
            }
            String v = b.toString();
            byte[] utf8 = v.getBytes(StandardCharsets.UTF_8);
            // The byte[] calls on getBytes(UTF_8), read back as the String calls promise:
            // the value itself where the output is the input unchanged.
            String encoded = text(v, utf8, rfc.encode(utf8));
            String decoded = text(v, utf8, lossy.decode(utf8));
            String tried = text(v, utf8, rfc.tryDecode(utf8));
            boolean ok = encoded.equals(rfc.encode(v)) && decoded.equals(lossy.decode(v))
                    && java.util.Objects.equals(tried, rfc.tryDecode(v))
                    && URLEncoder.encode(v, StandardCharsets.UTF_8).equals(spark.encode(v));
            // URLDecoder keeps a lone surrogate as it is where pctenc decodes getBytes(UTF_8),
            // which has '?' for it (the contract: a String is coded as its UTF-8 bytes): the
            // one expected difference, checked on its own below.
            if (!hasLoneSurrogate(v)) {
                String jdk;
                try {
                    jdk = URLDecoder.decode(v, StandardCharsets.UTF_8);
                } catch (IllegalArgumentException e) {
                    jdk = null;
                }
                ok &= java.util.Objects.equals(jdk, spark.tryDecode(v));
            }
            if (ok) {
                same++;
            } else if (i + 1 - same <= 5) {
                check("random String " + units(v) + ": encode " + rfc.encode(v) + " / " + encoded + ", decode "
                        + lossy.decode(v) + " / " + decoded + ", spark " + spark.encode(v) + " / "
                        + spark.tryDecode(v), false);
            }
        }
        eq("random Strings: the String calls agree with byte[] and the JDK", runs, same);
        eq("the expected difference: a lone surrogate is '?' to pctenc", "?A", spark.decode("\uD800%41"));
        eq("... and itself to URLDecoder", "\uD800A", URLDecoder.decode("\uD800%41", StandardCharsets.UTF_8));
    }

    /** What a String call returns for the byte[] call's {@code out} on {@code in}, the UTF-8 of {@code v}. */
    static String text(String v, byte[] in, byte[] out) {
        return out == null ? null : out == in ? v : new String(out, StandardCharsets.UTF_8);
    }

    static boolean hasLoneSurrogate(String v) {
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < v.length() && Character.isLowSurrogate(v.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }

    /** A value with its UTF-16 units spelled out (lone surrogates do not print). */
    static String units(String v) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : v.toCharArray()) {
            b.append(c >= 0x20 && c < 0x7f ? String.valueOf(c) : String.format("\\u%04x", (int) c));
        }
        return b.append('"').toString();
    }

    static void serialization() throws Exception {
        Pctenc p = Pctenc.of("urlencoder", "hex=lower");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ObjectOutputStream o = new ObjectOutputStream(out)) {
            o.writeObject(p);
        }
        Pctenc back;
        try (ObjectInputStream i = new ObjectInputStream(new ByteArrayInputStream(out.toByteArray()))) {
            back = (Pctenc) i.readObject();
        }
        eq("deserialized codec works", "a%2f+b", back.encode("a/ b"));
        eq("deserialized codec keeps options", "hex=lower", back.options());
        check("deserialized codec equals the original", back.equals(p));
    }

    static void threads(List<String> values) throws Exception {
        Pctenc form = Pctenc.of("form");
        List<String> want = new ArrayList<>();
        for (String v : values) {
            want.add(form.encode(v));
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<Integer>> jobs = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            jobs.add(pool.submit(() -> {
                int same = 0;
                for (int round = 0; round < 5; round++) {
                    for (int i = 0; i < values.size(); i++) {
                        String e = form.encode(values.get(i));
                        same += e.equals(want.get(i)) && form.tryDecode(e) != null ? 1 : 0;
                    }
                }
                return same;
            }));
        }
        int total = 0;
        for (Future<Integer> f : jobs) {
            total += f.get();
        }
        pool.shutdown();
        eq("4 threads agree with one", 4 * 5 * values.size(), total);
    }

    /** Every encode, decode and try-decode case of the conformance table, through the byte[] API. */
    static void conformance(Path cases) throws Exception {
        List<String> lines = Files.readAllLines(cases);
        String excluded = lines.get(0).replace("#excluded ", "");
        int run = 0, bad = 0;
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split("\t", -1);
            String id = f[0];
            int mode = f[1].equals("encode") ? Pctenc.ENCODE : f[1].equals("decode") ? Pctenc.DECODE : Pctenc.TRY_DECODE;
            String options = new String(HexFormat.of().parseHex(f[2]), StandardCharsets.UTF_8);
            byte[] input = HexFormat.of().parseHex(f[3]);
            String kind = f[4];
            String got;
            try {
                Pctenc p = Pctenc.of(null, options).check(mode);
                byte[] out = mode == Pctenc.ENCODE ? p.encode(input)
                        : mode == Pctenc.DECODE ? p.decode(input) : p.tryDecode(input);
                got = out == null ? "null" : "out " + HexFormat.of().formatHex(out);
            } catch (PctencException e) {
                got = "err " + e.code() + " " + e.offset();
            } catch (IllegalArgumentException e) {
                got = "opterr " + e.getMessage();
            }
            String want;
            boolean same;
            if (kind.equals("opterr")) {
                String message = new String(HexFormat.of().parseHex(f[5]), StandardCharsets.UTF_8);
                want = "opterr containing " + message;
                same = got.startsWith("opterr ") && got.contains(message);
            } else {
                want = kind.equals("out") ? "out " + f[5] : kind.equals("err") ? "err " + f[5] + " " + f[6] : "null";
                same = got.equals(want);
            }
            run++;
            if (!same) {
                bad++;
                if (bad <= 20) {
                    System.out.println("FAIL conformance " + id + " (" + f[1] + ", " + options + "): want " + want + ", got " + got);
                }
            }
        }
        System.out.println("conformance (jvm): " + run + " cases run, " + excluded
                + " cannot express (conformance/cannot-express/jvm.txt)");
        check("conformance: " + bad + " of " + run + " cases differ", bad == 0);
    }

    /** Two class loaders that each define org.pctenc: each loads its own copy of the library. */
    static void twoClassLoaders(Path jar) throws Exception {
        for (int i = 0; i < 2; i++) {
            try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()},
                    ClassLoader.getPlatformClassLoader())) {
                Class<?> c = loader.loadClass("org.pctenc.Pctenc");
                check("loader " + i + " defines its own class", c != Pctenc.class);
                Object codec = c.getMethod("of", String.class).invoke(null, "form");
                Method encode = c.getMethod("encode", String.class);
                eq("loader " + i + " encodes", "a+b", encode.invoke(codec, "a b"));
            }
        }
    }
}
