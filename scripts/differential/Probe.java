// Differential probe: java.net.URLEncoder / URLDecoder with UTF-8.
// Reads "FUNC\tHEX" lines, writes "OK HEX" or "ERR x" per line.
import java.io.*;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

public class Probe {
    static byte[] unhex(String s) {
        byte[] b = new byte[s.length() / 2];
        for (int i = 0; i < b.length; i++) b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        return b;
    }

    static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (byte x : b) sb.append(String.format("%02x", x & 0xff));
        return sb.toString();
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.ISO_8859_1));
        PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.US_ASCII)));
        String line;
        while ((line = in.readLine()) != null) {
            String[] p = line.split("\t", -1);
            String s = new String(unhex(p[1]), StandardCharsets.UTF_8);
            try {
                String r = p[0].equals("encode") ? URLEncoder.encode(s, StandardCharsets.UTF_8)
                        : URLDecoder.decode(s, StandardCharsets.UTF_8);
                out.println("OK " + hex(r.getBytes(StandardCharsets.UTF_8)));
            } catch (IllegalArgumentException e) {
                out.println("ERR IllegalArgumentException");
            }
        }
        out.flush();
    }
}
