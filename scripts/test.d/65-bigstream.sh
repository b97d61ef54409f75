#!/usr/bin/env bash
# A multi-GB stream through the CLI in bounded memory (issue 6, "hostile input"):
#   generate BYTES of random data | pctenc encode --whole | pctenc decode --whole --utf8 bytes
# checks that the bytes come back exactly (SHA-256 of what went in and what came out) and
# that each pctenc's peak RSS (GNU time -v, "Maximum resident set size") stays under
# RSS_LIMIT_KIB. Random bytes are the worst case for size: most of them are escaped, so the
# encoded stream in the middle is about 2.7 times the input. Decoding gives text unless asked
# for bytes (the options model's default), and random bytes are not text: --utf8 bytes.
#
# BIGSTREAM_BYTES (default 1.5 GiB) and BIGSTREAM_RSS_KIB (default 65536 = 64 MiB) change the
# size and the bound. The data comes from `openssl enc` (AES-CTR over zeros: fast) when
# openssl is there, else /dev/urandom.
set -uo pipefail
cd "$(dirname "$0")/../.."
bytes=${BIGSTREAM_BYTES:-$((3 << 29))}
rss_limit=${BIGSTREAM_RSS_KIB:-65536}
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok: $*"; }
bad() { failed=$((failed + 1)); echo "FAILED: $*"; }

cargo build --release -q -p pctenc-cli || { echo "0 passed, 1 failed"; exit 1; }
bin="${CARGO_TARGET_DIR:-target}/release/pctenc"
[ -x /usr/bin/time ] || { echo "FAILED: /usr/bin/time missing (scripts/deps.d/65-time.sh)"; echo "0 passed, 1 failed"; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

generate() {
  if command -v openssl >/dev/null; then
    openssl enc -aes-128-ctr -nosalt -K 000102030405060708090a0b0c0d0e0f \
      -iv 00000000000000000000000000000000 </dev/zero 2>/dev/null | head -c "$bytes"
  else
    head -c "$bytes" /dev/urandom
  fi
}

echo "== $bytes bytes: generate | pctenc encode --whole | pctenc decode --whole --utf8 bytes"
start=$(date +%s.%N)
generate \
  | tee >(sha256sum | cut -d' ' -f1 >"$tmp/in.sum") \
  | /usr/bin/time -v -o "$tmp/encode.time" "$bin" encode --whole \
  | tee >(wc -c >"$tmp/encoded.len") \
  | /usr/bin/time -v -o "$tmp/decode.time" "$bin" decode --whole --utf8 bytes \
  | sha256sum | cut -d' ' -f1 >"$tmp/out.sum"
status=("${PIPESTATUS[@]}") # generate tee encode tee decode sha256sum cut
end=$(date +%s.%N)
# The process substitutions finish on their own; wait for their files.
for _ in $(seq 50); do [ -s "$tmp/in.sum" ] && [ -s "$tmp/encoded.len" ] && break; sleep 0.1; done
seconds=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
echo "   pipeline exit statuses: ${status[*]}; ${seconds}s"

if [ "${status[2]}" = 0 ] && [ "${status[4]}" = 0 ]; then ok "encode and decode exit 0"; else bad "exit statuses ${status[*]}"; fi
in_sum=$(cat "$tmp/in.sum") out_sum=$(cat "$tmp/out.sum")
if [ -n "$in_sum" ] && [ "$in_sum" = "$out_sum" ]; then
  ok "round trip: sha256 $in_sum both ways"
else
  bad "round trip: in $in_sum, out $out_sum"
fi
encoded=$(tr -d ' ' <"$tmp/encoded.len")
if [ "$encoded" -gt "$bytes" ]; then
  ok "encoded stream: $encoded bytes ($(awk -v a="$encoded" -v b="$bytes" 'BEGIN { printf "%.2f", a / b }')x)"
else
  bad "encoded stream is $encoded bytes, not more than the $bytes in"
fi
for step in encode decode; do
  rss=$(sed -n 's/^\s*Maximum resident set size (kbytes): //p' "$tmp/$step.time")
  if [ -n "$rss" ] && [ "$rss" -le "$rss_limit" ]; then
    ok "$step peak RSS ${rss} KiB <= ${rss_limit} KiB"
  else
    bad "$step peak RSS '${rss}' KiB > ${rss_limit} KiB"
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
