//! Throughput of every kernel this CPU has, per corpus, beside `memcpy` and the
//! `percent-encoding` crate in the same criterion group (MB/s of input).
//!
//! Corpora are deterministic (splitmix64, fixed seeds), as in the research notes
//! (`shared/research/performance.md`): English-like text with 17% spaces, multilingual
//! UTF-8, random bytes, text with nothing to escape (`slug`), their RFC 3986 encodings, sparse
//! escapes (one per ~200 B) and malformed escapes. Each runs at 16 MiB (out of cache:
//! memory-bound) and at 64 B (the short-input path; many calls on consecutive slices).
//!
//! `cargo bench -p pctenc --bench kernels` (all) or `-- 'encode/ascii-clean'` (one group).
//! `PCTENC_BENCH_QUICK=1` shortens the measurement for a smoke run.

#![allow(missing_docs)] // criterion_group! generates an undocumented pub fn

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use pctenc::profile::{rfc3986::RFC3986, whatwg};
use pctenc::Kernel;

#[path = "kernels/corpus.rs"]
mod corpus;
use corpus::{binary, malformed, sparse, words, INTL, WORDS};

const BIG: usize = 16 << 20;
const SMALL: usize = 64;

fn config() -> Criterion {
    let quick = std::env::var_os("PCTENC_BENCH_QUICK").is_some();
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(if quick { 200 } else { 1000 }))
        .measurement_time(Duration::from_millis(if quick { 500 } else { 3000 }))
}

/// Runs `f` on consecutive `size`-byte slices of `input` (all of it when `size` is the
/// input length), so that a 64-byte benchmark is many short calls.
fn over<'a>(input: &'a [u8], size: usize) -> impl Iterator<Item = &'a [u8]> + 'a {
    input.chunks(size.min(input.len()).max(1)).take(if size >= input.len() { 1 } else { 4096 })
}

fn sized(input: &[u8], size: usize) -> u64 {
    over(input, size).map(|s| s.len() as u64).sum()
}

/// The percent-encoding crate's spelling of the RFC 3986 unreserved set.
const PE_UNRESERVED: &percent_encoding::AsciiSet =
    &percent_encoding::NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');

fn bench_encode(c: &mut Criterion) {
    let corpora: [(&str, Vec<u8>); 4] = [
        ("ascii-clean", words(1, BIG, WORDS, " ")),
        ("utf8-mixed", words(2, BIG, INTL, " ")),
        ("binary", binary(3, BIG)),
        ("slug", words(4, BIG, WORDS, "-")),
    ];
    for (name, input) in &corpora {
        for size in [BIG, SMALL] {
            let mut g = c.benchmark_group(format!("encode/{name}/{size}"));
            g.throughput(Throughput::Bytes(sized(input, size)));
            let mut out: Vec<u8> = Vec::with_capacity(3 * input.len());
            g.bench_function("memcpy", |b| {
                b.iter(|| {
                    for s in over(input, size) {
                        out.clear();
                        out.extend_from_slice(black_box(s));
                    }
                })
            });
            g.bench_function("percent-encoding", |b| {
                b.iter(|| {
                    for s in over(input, size) {
                        out.clear();
                        for piece in percent_encoding::percent_encode(black_box(s), PE_UNRESERVED) {
                            out.extend_from_slice(piece.as_bytes());
                        }
                    }
                })
            });
            for &k in Kernel::available() {
                Kernel::force(Some(k));
                g.bench_function(BenchmarkId::new("pctenc", k.name()), |b| {
                    b.iter(|| {
                        for s in over(input, size) {
                            out.clear();
                            RFC3986.encode_append_vec(black_box(s), &mut out);
                        }
                    })
                });
            }
            Kernel::force(None);
            g.finish();
        }
    }
}

fn bench_decode(c: &mut Criterion) {
    let enc = |name: &str| corpus::by_name(name, BIG).expect("known corpus");
    // WHATWG percent-decode (lenient, bytes), as the percent-encoding crate decodes; and the
    // strict RFC 3986 decoder on valid input (bulk validation).
    let lenient = whatwg::COMPONENT;
    let corpora: [(&str, Vec<u8>, &pctenc::Profile, &[usize]); 6] = [
        ("slug", words(4, BIG, WORDS, "-"), lenient, &[BIG, SMALL]),
        ("enc-ascii-clean", enc("enc-ascii-clean"), lenient, &[BIG, SMALL]),
        ("enc-ascii-clean-strict", enc("enc-ascii-clean"), RFC3986, &[BIG]),
        ("enc-binary", enc("enc-binary"), lenient, &[BIG, SMALL]),
        ("sparse", sparse(5, BIG), lenient, &[BIG, SMALL]),
        ("malformed", malformed(6, BIG), lenient, &[BIG, SMALL]),
    ];
    for (name, input, profile, sizes) in &corpora {
        for &size in *sizes {
            let mut g = c.benchmark_group(format!("decode/{name}/{size}"));
            g.throughput(Throughput::Bytes(sized(input, size)));
            let mut out: Vec<u8> = Vec::with_capacity(input.len());
            g.bench_function("memcpy", |b| {
                b.iter(|| {
                    for s in over(input, size) {
                        out.clear();
                        out.extend_from_slice(black_box(s));
                    }
                })
            });
            g.bench_function("percent-encoding", |b| {
                b.iter(|| {
                    for s in over(input, size) {
                        out.clear();
                        out.extend(percent_encoding::percent_decode(black_box(s)));
                    }
                })
            });
            for &k in Kernel::available() {
                Kernel::force(Some(k));
                g.bench_function(BenchmarkId::new("pctenc", k.name()), |b| {
                    b.iter(|| {
                        for s in over(input, size) {
                            out.clear();
                            let r = profile.decode_append(black_box(s), &mut out);
                            debug_assert!(r.is_ok());
                        }
                    })
                });
            }
            Kernel::force(None);
            g.finish();
        }
    }
}

criterion_group! { name = benches; config = config(); targets = bench_encode, bench_decode }
criterion_main!(benches);
