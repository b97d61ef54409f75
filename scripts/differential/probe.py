# Differential probe: CPython urllib.parse. Reads "FUNC\tHEX" lines, writes "OK HEX" / "ERR x".
import sys
import urllib.parse as u

FUNCS = {
    "quote": lambda b: u.quote(b.decode("utf-8")),
    "quote_plus": lambda b: u.quote_plus(b.decode("utf-8")),
    "unquote": lambda b: u.unquote(b.decode("utf-8")),
    "unquote_plus": lambda b: u.unquote_plus(b.decode("utf-8")),
    "unquote_to_bytes": lambda b: u.unquote_to_bytes(b.decode("utf-8")),
}

out = []
for line in sys.stdin:
    func, hexed = line.rstrip("\n").split("\t")
    try:
        r = FUNCS[func](bytes.fromhex(hexed))
        r = r if isinstance(r, bytes) else r.encode("utf-8", "surrogatepass")
        out.append("OK " + r.hex())
    except Exception as e:  # noqa: BLE001 - any exception is the runtime's answer
        out.append("ERR " + type(e).__name__)
sys.stdout.write("\n".join(out) + ("\n" if out else ""))
