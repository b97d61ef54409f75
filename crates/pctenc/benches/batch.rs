//! The batch API (`pctenc::batch`) on a column of URL-sized rows, beside the same rows
//! decoded and encoded one call each into one output buffer: what one call per batch saves,
//! and the rate `pctenc.arrow` can reach at most (it adds only the Arrow hand-over).
//!
//! 200 000 rows of 33 to ~200 bytes, built from the same pools as
//! `scripts/bench/gen_urls.py` (a deterministic generator, not Python's: the bench needs no
//! Python). Throughput is MB/s of input values.
//!
//! `cargo bench -p pctenc --bench batch`; `PCTENC_BENCH_QUICK=1` for a smoke run.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput};
use pctenc::batch::{self, Decode, OnError, Output, Rows};
use pctenc::profile::runtimes::PY_QUOTE;

const HOSTS: &[&str] = &["example.com", "www.example.org", "api.shop.example", "cdn.example.net"];
const SEGMENTS: &[&str] = &[
    "index.html",
    "a%20b",
    "caf%C3%A9",
    "%E2%82%AC",
    "docs",
    "v1",
    "users",
    "12345",
    "img%2Fthumb",
    "%E6%97%A5%E6%9C%AC",
    "na%C3%AFve%20file.txt",
    "report%202024.pdf",
    "~list",
];
const KEYS: &[&str] = &["q", "id", "lang", "utm_source", "page", "sort", "ref", "name"];
const VALUES: &[&str] = &[
    "hello+world",
    "42",
    "en-US",
    "price%3Adesc",
    "a%26b%3Dc",
    "%E2%9C%93",
    "John%20Smith",
    "https%3A%2F%2Fexample.com%2Fnext%3Fa%3D1",
    "",
    "r%C3%A9sum%C3%A9",
    "100%25",
];

/// `(offsets, values)` of `n` URL rows, from a fixed xorshift seed.
fn column(n: usize) -> (Vec<i32>, Vec<u8>) {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut pick = |pool: &[&'static str]| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        pool[(state % pool.len() as u64) as usize]
    };
    let (mut offsets, mut values) = (vec![0i32], Vec::new());
    for _ in 0..n {
        let row = format!(
            "https://{}/{}/{}?{}={}&{}={}",
            pick(HOSTS),
            pick(SEGMENTS),
            pick(SEGMENTS),
            pick(KEYS),
            pick(VALUES),
            pick(KEYS),
            pick(VALUES)
        );
        values.extend_from_slice(row.as_bytes());
        offsets.push(i32::try_from(values.len()).expect("bench column under 2 GiB"));
    }
    (offsets, values)
}

fn main() {
    let quick = std::env::var_os("PCTENC_BENCH_QUICK").is_some();
    let (offsets, values) = column(if quick { 20_000 } else { 200_000 });
    let rows = Rows::new(&offsets, &values);
    let decode = Decode::new(PY_QUOTE).text();
    let mut c = Criterion::default()
        .measurement_time(Duration::from_secs(if quick { 1 } else { 5 }))
        .warm_up_time(Duration::from_millis(if quick { 200 } else { 1000 }))
        .configure_from_args();

    // The per-row loop must write what the batch writes, or the ratio means nothing.
    let per_row_decode = |out: &mut Vec<u8>, ends: &mut Vec<i32>| {
        for w in offsets.windows(2) {
            let row = &values[w[0] as usize..w[1] as usize];
            out.extend_from_slice(PY_QUOTE.decode_str(row).expect("lossy").as_bytes());
            ends.push(out.len() as i32);
        }
    };
    let out: Output<i32> = decode.run(&rows, OnError::Raise).expect("decodes");
    let (mut v, mut e) = (Vec::new(), vec![0]);
    per_row_decode(&mut v, &mut e);
    assert_eq!((out.values.as_slice(), out.offsets.as_slice()), (v.as_slice(), e.as_slice()));

    let mut g = c.benchmark_group("batch-decode/urls");
    g.throughput(Throughput::Bytes(values.len() as u64));
    g.bench_function("batch::Decode::run (py-quote, text)", |b| {
        b.iter(|| black_box(decode.run::<i32, i32>(black_box(&rows), OnError::Raise).unwrap()))
    });
    g.bench_function("decode_str per row", |b| {
        b.iter(|| {
            let (mut v, mut e) =
                (Vec::with_capacity(values.len()), Vec::with_capacity(offsets.len()));
            per_row_decode(&mut v, &mut e);
            black_box((v, e))
        })
    });
    g.finish();

    let mut g = c.benchmark_group("batch-encode/urls");
    g.throughput(Throughput::Bytes(values.len() as u64));
    g.bench_function("batch::encode (py-quote)", |b| {
        b.iter(|| {
            black_box(
                batch::encode::<i32, i32>(PY_QUOTE, black_box(&rows), OnError::Raise).unwrap(),
            )
        })
    });
    g.bench_function("encode_append_vec per row", |b| {
        b.iter(|| {
            let mut out = Vec::with_capacity(values.len() * 2);
            let mut ends = Vec::with_capacity(offsets.len());
            for w in offsets.windows(2) {
                PY_QUOTE.encode_append_vec(&values[w[0] as usize..w[1] as usize], &mut out);
                ends.push(out.len() as i32);
            }
            black_box((out, ends))
        })
    });
    g.finish();
    c.final_summary();
}
