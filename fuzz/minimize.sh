#!/usr/bin/env bash
# Minimizes the corpus kept in the repository: for every target (or FUZZ_TARGETS), libFuzzer's
# merge (-merge=1) keeps, from fuzz/corpus/TARGET/ and a campaign's OUT/corpus/TARGET/, the
# smallest set of inputs that reaches all the coverage (edges and features) of both, and that
# set replaces fuzz/corpus/TARGET/. Inputs over MAX_BYTES (default 1024) are left out.
#
#   bash fuzz/minimize.sh OUT       # OUT as given to fuzz/campaign.sh
set -euo pipefail
cd "$(dirname "$0")"
out=$(realpath "${1:?usage: minimize.sh OUT}")
read -r -a targets <<<"${FUZZ_TARGETS:-$(bash ./targets.sh)}"
cargo +nightly fuzz build -O >/dev/null 2>&1
for t in "${targets[@]}"; do
  fresh=$(mktemp -d)
  mkdir -p "corpus/$t"
  nice -n 19 target/x86_64-unknown-linux-gnu/release/"$t" -merge=1 -max_len="${MAX_BYTES:-1024}" \
    "$fresh" "corpus/$t" "$out/corpus/$t" >"$out/$t.merge.log" 2>&1
  rm -rf "corpus/$t"
  mv "$fresh" "corpus/$t"
  chmod 755 "corpus/$t"
  echo "$t: $(find "corpus/$t" -type f | wc -l) inputs, $(du -sb "corpus/$t" | cut -f1) bytes"
done
