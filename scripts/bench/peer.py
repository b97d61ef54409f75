"""Python's urllib.parse.quote / unquote_to_bytes as a streaming command, for the
whole-process benchmark (scripts/bench/whole.sh): stdin -> stdout in 256 KiB reads; on decode
an escape cut by a read waits for the next one. usage: python3 peer.py encode|decode"""
import sys
from urllib.parse import quote, unquote_to_bytes

op = sys.argv[1]
src, dst = sys.stdin.buffer, sys.stdout.buffer
carry = b""
while True:
    chunk = src.read(256 << 10)
    data = carry + chunk
    if op == "encode":
        dst.write(quote(data, safe="-._~").encode("ascii"))
        carry = b""
    else:
        cut = len(data)
        p = data.rfind(b"%", max(0, len(data) - 2))
        if chunk and p >= 0:
            cut = p
        dst.write(unquote_to_bytes(data[:cut]))
        carry = data[cut:]
    if not chunk:
        break
dst.flush()
