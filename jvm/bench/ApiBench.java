import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.pctenc.Pctenc;

/**
 * The Java API against the JDK's URLEncoder / URLDecoder, per call on 64-byte values (not a
 * test; BENCHMARKS.md "Data engines" quotes it). JMH is not available here, so: a warmed,
 * interleaved harness like npm/bench.mjs. 1000 values of 64 UTF-8 bytes (ASCII letters and
 * digits, URL punctuation with spaces, about one character in twelve outside ASCII), encoded
 * by URLEncoder for the decode cases. Every round runs each case over all values in turn;
 * the first rounds warm the JIT and are dropped; the median of the rest is reported, in ns of
 * this thread's CPU time per call. Results are checked equal to the JDK's first.
 *
 *   java -cp pctenc.jar:classes ApiBench [ROUNDS]
 */
public final class ApiBench {
    static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    static long sink;

    interface Case {
        void run(int i);
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        int warm = 10;
        long seed = 0x9e3779b9L;
        String ascii = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        String punct = " ./-_?=&:;,+!*()~@#%";
        String[] wide = {"é", "ü", "€", "中", "😀"};
        List<String> plain = new ArrayList<>();
        java.util.Random r = new java.util.Random(seed);
        while (plain.size() < 1000) {
            StringBuilder s = new StringBuilder();
            int n = 0;
            while (true) {
                int k = r.nextInt(12);
                String ch = k == 0 ? wide[r.nextInt(wide.length)]
                        : k < 3 ? String.valueOf(punct.charAt(r.nextInt(punct.length())))
                        : String.valueOf(ascii.charAt(r.nextInt(ascii.length())));
                int b = ch.getBytes(StandardCharsets.UTF_8).length;
                if (n + b > 64) {
                    break;
                }
                s.append(ch);
                n += b;
            }
            if (n == 64) {
                plain.add(s.toString());
            }
        }
        String[] p = plain.toArray(new String[0]);
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
        Case[] cases = {
            i -> sink += URLEncoder.encode(p[i], StandardCharsets.UTF_8).length(),
            i -> sink += spark.encode(p[i]).length(),
            i -> sink += spark.encode(pb[i]).length,
            i -> sink += URLDecoder.decode(e[i], StandardCharsets.UTF_8).length(),
            i -> sink += spark.decode(e[i]).length(),
            i -> sink += spark.decode(eb[i]).length,
            i -> sink += spark.transform(Pctenc.DECODE, empty, 0, 0) == null ? 1 : 0,
            i -> sink += spark.transformAt(Pctenc.DECODE, 0, 0, 0, 0),
            i -> sink += new String(p[i].getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8).length(),
        };
        int reps = 20;
        double[][] ns = new double[cases.length][rounds];
        for (int round = 0; round < warm + rounds; round++) {
            for (int c = 0; c < cases.length; c++) {
                long t0 = CPU.getCurrentThreadCpuTime();
                for (int k = 0; k < reps; k++) {
                    for (int i = 0; i < p.length; i++) {
                        cases[c].run(i);
                    }
                }
                long t = CPU.getCurrentThreadCpuTime() - t0;
                if (round >= warm) {
                    ns[c][round - warm] = (double) t / (reps * p.length);
                }
            }
        }
        System.out.printf("pctenc %s, %s, %d values of 64 bytes, median of %d rounds (%d warm-up)%n",
                Pctenc.version(), System.getProperty("java.vm.version"), p.length, rounds, warm);
        double[] med = new double[cases.length];
        for (int c = 0; c < cases.length; c++) {
            double[] v = ns[c].clone();
            Arrays.sort(v);
            med[c] = v[v.length / 2];
            System.out.printf("%-45s %8.1f ns/call  (rounds %.1f .. %.1f)%n", names[c], med[c], v[0], v[v.length - 1]);
        }
        System.out.printf("encode String: %.2fx URLEncoder; byte[]: %.2fx%n", med[0] / med[1], med[0] / med[2]);
        System.out.printf("decode String: %.2fx URLDecoder; byte[]: %.2fx%n", med[3] / med[4], med[3] / med[5]);
        if (sink == 42) {
            System.out.println();
        }
    }
}
