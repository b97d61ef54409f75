import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.pctenc.Pctenc;

/**
 * The Java API against the JDK's URLEncoder / URLDecoder, per call on 64-byte values (not a
 * test; BENCHMARKS.md "Native" quotes it), on Harness's values (1000 of 64 UTF-8 bytes,
 * about one character in twelve outside ASCII), encoded by URLEncoder for the decode cases,
 * timed by Harness's loop. Results are checked equal to the JDK's first.
 *
 *   java -cp pctenc.jar:classes ApiBench [ROUNDS]
 */
public final class ApiBench {
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        String[] p = Harness.values();
        String[] e = new String[p.length];
        byte[][] pb = new byte[p.length][];
        byte[][] eb = new byte[p.length][];
        Pctenc spark = Pctenc.of("spark");
        for (int i = 0; i < p.length; i++) {
            e[i] = URLEncoder.encode(p[i], StandardCharsets.UTF_8);
            pb[i] = p[i].getBytes(StandardCharsets.UTF_8);
            eb[i] = e[i].getBytes(StandardCharsets.US_ASCII);
            if (!spark.encode(p[i]).equals(e[i]) || !spark.decode(e[i]).equals(p[i])) {
                throw new AssertionError("pctenc and the JDK differ on " + p[i]);
            }
        }
        byte[] empty = new byte[0];
        String[] names = {
            "URLEncoder.encode(String)", "Pctenc.encode(String)", "Pctenc.encode(byte[])",
            "URLDecoder.decode(String)", "Pctenc.decode(String)", "Pctenc.decode(byte[])",
            "native call on an empty value (byte[] run)", "native call on an empty value (runAt)",
            "String.getBytes(UTF_8) + new String(UTF_8)",
        };
        Harness.Case[] cases = {
            i -> Harness.sink += URLEncoder.encode(p[i], StandardCharsets.UTF_8).length(),
            i -> Harness.sink += spark.encode(p[i]).length(),
            i -> Harness.sink += spark.encode(pb[i]).length,
            i -> Harness.sink += URLDecoder.decode(e[i], StandardCharsets.UTF_8).length(),
            i -> Harness.sink += spark.decode(e[i]).length(),
            i -> Harness.sink += spark.decode(eb[i]).length,
            i -> Harness.sink += spark.transform(Pctenc.DECODE, empty, 0, 0) == null ? 1 : 0,
            i -> Harness.sink += spark.transformAt(Pctenc.DECODE, 0, 0, 0, 0),
            i -> Harness.sink += new String(p[i].getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8).length(),
        };
        System.out.printf("pctenc %s%n", Pctenc.version());
        double[] med = Harness.run(names, cases, p.length, rounds, "call");
        System.out.printf("encode String: %.2fx URLEncoder; byte[]: %.2fx%n", med[0] / med[1], med[0] / med[2]);
        System.out.printf("decode String: %.2fx URLDecoder; byte[]: %.2fx%n", med[3] / med[4], med[3] / med[5]);
    }
}
