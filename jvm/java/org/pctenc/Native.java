package org.pctenc;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Properties;

/**
 * The native library ({@code libpctenc_jvm.so}, built from crates/pctenc-jvm) and its calls.
 *
 * <p>Loading: the jar carries the library as a resource per platform,
 * {@code org/pctenc/native/linux-x86_64/libpctenc_jvm.so}. The first use of this class in a
 * class loader copies it to a new temporary file and loads that, then deletes the file (the
 * mapping stays). Each class loader gets a copy of its own: the JVM refuses to load one file
 * into two class loaders, and Spark makes several (executors, {@code userClassPathFirst},
 * Spark Connect sessions). System properties:
 * <ul>
 *   <li>{@code pctenc.library.path}: load this file instead (then one class loader only);</li>
 *   <li>{@code pctenc.tmpdir}: where the copy goes, when {@code java.io.tmpdir} is mounted
 *       {@code noexec}.</li>
 * </ul>
 * The library must report the jar's version, or loading fails.
 */
final class Native {
    static final int MODE_ENCODE = 0;
    static final int MODE_DECODE = 1;
    static final int MODE_TRY_DECODE = 2;

    /** Flag of {@link #compile}: the values are Java strings held as bytes (Spark). */
    static final int FLAG_JAVA_STRING_INPUT = 1;

    /** Flag of {@link #compile}: the profile applies only when the options name none. */
    static final int FLAG_DEFAULT_PROFILE = 2;

    /** The version the jar was built with (the workspace's Cargo.toml). */
    static final String VERSION = readVersion();

    static {
        load();
        String lib = version();
        if (!VERSION.equals(lib)) {
            throw new UnsatisfiedLinkError(
                    "pctenc: the native library is version " + lib + ", the jar " + VERSION
                            + " (a stale pctenc.library.path?)");
        }
    }

    private Native() {}

    /** The handle of the codec of {@code mode} for {@code profile} (null: the options' or
     * the default) and {@code options} (the core's compact text form, null for none); throws
     * IllegalArgumentException with the core's message for options that do not apply. */
    static native long compile(int mode, String profile, String options, int flags);

    /** Whether the codec decodes to bytes that need not be UTF-8 ({@code utf8=bytes}). */
    static native boolean decodesToBytes(long handle);

    /** The canonical name of the codec's profile. */
    static native String profileName(long handle);

    static final int QUERY_PARAM = 0;
    static final int QUERY_PARSE = 1;
    static final int QUERY_BUILD = 2;

    /** Flag of {@link #compileQuery}: an options text without {@code =} is the input word. */
    static final int FLAG_BARE_WORD_IS_INPUT = 4;

    /** Flag of {@link #compileQuery}: a row that fails is null ({@code on_error=null}). */
    static final int FLAG_TRY = 8;

    /** The handle of the query codec of {@code op} ({@code QUERY_*}); as {@link #compile}. */
    static native long compileQuery(int op, String profile, String options, int flags);

    /** The canonical name of the query codec's profile. */
    static native String queryProfileName(long handle);

    /** The first value of {@code key} in the query of {@code input[from, from + len)}, or
     * null when there is none; throws PctencException in raise mode. */
    static native byte[] queryParam(long handle, byte[] input, int from, int len, byte[] key, int keyLen);

    /** The pairs of the query of {@code input[from, from + len)} (the layout of
     * {@link PctencQuery}), or null for a row that failed under {@code on_error=null}. */
    static native byte[] queryParse(long handle, byte[] input, int from, int len);

    /** The query string of {@code pairs} (the layout of {@link PctencQuery}). */
    static native byte[] queryBuild(long handle, byte[] pairs, int len);

    /** The native library's version. */
    static native String version();

    /**
     * Runs the codec on {@code input[from, from + len)}: null when the output is the input
     * unchanged, {@code input} itself when the value is null (a try-decode that failed), else
     * a new array with the output. Throws PctencException in raise mode.
     */
    static native byte[] run(long handle, byte[] input, int from, int len);

    /** {@link #runInto}: the output is the input unchanged. */
    static final int UNCHANGED = -1;
    /** {@link #runInto}: the value is null. */
    static final int NULL_VALUE = -2;
    /** {@link #runInto}: the output is longer than {@code out}; nothing was written. */
    static final int DOES_NOT_FIT = -3;

    /**
     * {@link #run} with the output written into {@code out} (allocated by Java, which is
     * cheaper than an allocation from native code): its length, or {@link #UNCHANGED},
     * {@link #NULL_VALUE}, {@link #DOES_NOT_FIT}.
     */
    static native int runInto(long handle, byte[] input, int from, int len, byte[] out, int room);

    /** {@link #runAt}: the value failed (raise mode): call {@link #run} for the exception. */
    static final int FAILED = -4;

    /**
     * The per-row call: the codec on the {@code len} bytes at address {@code input}, the
     * output written to the {@code room} bytes at address {@code out} (native memory the
     * caller owns: a thread's {@link Scratch}, or an engine's off-heap value). Its length, or
     * {@link #UNCHANGED}, {@link #NULL_VALUE}, {@link #DOES_NOT_FIT}, {@link #FAILED}.
     * Primitives only, and the native side calls no JNI function: the cheapest crossing.
     */
    static native int runAt(long handle, long input, int len, long out, int room);

    /** {@link #runUtf16}: a length of UTF-16 units, not of ASCII bytes. */
    static final int WIDE = 1 << 30;

    /**
     * The {@code String} call: the codec on the UTF-8 of the {@code len} native-order UTF-16
     * units at address {@code input} (a String's characters; the UTF-8 is what
     * {@code getBytes(UTF_8)} gives, an unpaired surrogate being {@code ?}), the result
     * written to the {@code room} bytes at address {@code out} in a form a String keeps its
     * characters in: ASCII bytes (returns their count), or native-order UTF-16 units
     * (returns their count | {@link #WIDE}). Or {@link #UNCHANGED}, {@link #NULL_VALUE},
     * {@link #DOES_NOT_FIT} (nothing written: call {@link #run}), {@link #FAILED} (call
     * {@link #run}, which throws why). Primitives only, as {@link #runAt}.
     */
    static native int runUtf16(long handle, long input, int len, long out, int room);

    /** {@link #runUtf16} on the {@code len} UTF-8 bytes at address {@code input}. */
    static native int runUtf8(long handle, long input, int len, long out, int room);

    /** The address of a direct buffer's memory (0 if it is not direct). */
    static native long address(java.nio.ByteBuffer direct);

    /**
     * Checks {@code from, len} against {@code array} before a native call, which trusts the
     * ranges it is given (the native side reads them without asking the VM for the array's
     * length, a call that costs a tenth of a short value's work). Every native method taking
     * a range is called after this check.
     */
    static void checkRange(byte[] array, int from, int len) {
        if (array == null) {
            throw new IllegalArgumentException("pctenc: the value is null");
        }
        if (from < 0 || len < 0 || from > array.length - len) {
            throw new IllegalArgumentException("pctenc: value range outside the array");
        }
    }

    private static String readVersion() {
        Properties p = new Properties();
        try (InputStream in = Native.class.getResourceAsStream("pctenc.properties")) {
            if (in == null) {
                throw new IllegalStateException("pctenc: org/pctenc/pctenc.properties missing from the jar");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p.getProperty("version");
    }

    /** The platform's directory name in the jar, such as {@code linux-x86_64}. */
    static String platform() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        if (os.startsWith("linux")) {
            os = "linux";
        }
        if (arch.equals("amd64") || arch.equals("x86_64")) {
            arch = "x86_64";
        } else if (arch.equals("arm64")) {
            arch = "aarch64";
        }
        return os + "-" + arch;
    }

    private static void load() {
        String path = System.getProperty("pctenc.library.path");
        if (path != null && !path.isEmpty()) {
            System.load(new File(path).getAbsolutePath());
            return;
        }
        String resource = "native/" + platform() + "/libpctenc_jvm.so";
        try (InputStream in = Native.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new UnsatisfiedLinkError(
                        "pctenc: this jar has no native library for " + platform()
                                + " (org/pctenc/" + resource + "); build one with scripts/build/jvm.sh"
                                + " or name one with -Dpctenc.library.path=...");
            }
            String dir = System.getProperty("pctenc.tmpdir", System.getProperty("java.io.tmpdir"));
            File copy = File.createTempFile("libpctenc_jvm-" + VERSION + "-", ".so", new File(dir));
            try {
                Files.copy(in, copy.toPath(), StandardCopyOption.REPLACE_EXISTING);
                System.load(copy.getAbsolutePath());
            } catch (UnsatisfiedLinkError e) {
                UnsatisfiedLinkError why = new UnsatisfiedLinkError(
                        "pctenc: could not load " + copy + " (a noexec temporary directory? set"
                                + " -Dpctenc.tmpdir=DIR): " + e.getMessage());
                why.initCause(e);
                throw why;
            } finally {
                // Loaded (or not): the mapping does not need the file.
                copy.delete();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("pctenc: could not copy the native library out of the jar", e);
        }
    }
}
