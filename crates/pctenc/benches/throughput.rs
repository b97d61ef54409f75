//! Throughput of pctenc beside its anchors, per corpus, in MB/s of input.
//!
//! One criterion group per (direction, input size, corpus) holds every row of one table in
//! BENCHMARKS.md: `memcpy` of the same bytes (the physical limit), the `percent-encoding`
//! crate (the anchor the goals are stated against), `urlencoding`, `form_urlencoded`, and one
//! pctenc row per output shape and per kernel of [`Kernel::available`] (forced in turn), so
//! SIMD kernels appear here as soon as they exist. The rows of a group run back to back, so
//! their ratios come from one stretch of machine time; `scripts/bench/run.sh` repeats the
//! whole run and `scripts/bench/table.py` reports the median of the per-run ratios.
//!
//! Sizes: `16MiB` is one call on a 16 MiB corpus (its encoding, for the `enc-*` decode
//! corpora); `64B` is one call per 64-byte piece of the corpus's first MiB.
//!
//! Environment: `PCTENC_BENCH_QUICK=1` for a smoke run (1 MiB corpora, short measurements).
//! Criterion's own filter works as usual: `cargo bench -p pctenc -- 'encode-16MiB/urls'`.
//!
//! Before measuring, every row's output is checked against the others on the whole corpus:
//! the rows must do the same work for their ratios to mean anything.

mod corpus;

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, SamplingMode, Throughput};
use pctenc::profile::rfc3986::RFC3986;
use pctenc::{Kernel, Malformed, Profile};
use percent_encoding::{percent_decode, percent_encode, NON_ALPHANUMERIC};

/// The lenient byte decoder: RFC 3986 escapes, malformed ones kept (the WHATWG percent-decode,
/// which is what the anchors implement).
const LENIENT: &Profile = &RFC3986.with_malformed(Malformed::PassThrough);

/// The percent-encoding crate's equivalent of RFC 3986's unreserved set.
const PE_UNRESERVED: &percent_encoding::AsciiSet =
    &NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');

/// Run settings: sizes and measurement times.
struct Settings {
    big: usize,
    big_label: &'static str,
    small: usize,
    small_span: usize,
    big_time: (Duration, Duration),
    small_time: (Duration, Duration),
}

impl Settings {
    fn from_env() -> Settings {
        let quick = std::env::var_os("PCTENC_BENCH_QUICK").is_some_and(|v| v != "0");
        let ms = Duration::from_millis;
        if quick {
            Settings {
                big: 1 << 20,
                big_label: "1MiB",
                small: 64,
                small_span: 64 << 10,
                big_time: (ms(50), ms(200)),
                small_time: (ms(50), ms(200)),
            }
        } else {
            Settings {
                big: 16 << 20,
                big_label: "16MiB",
                small: 64,
                small_span: 1 << 20,
                big_time: (ms(500), ms(2000)),
                small_time: (ms(300), ms(1000)),
            }
        }
    }
}

fn group<'c>(
    c: &'c mut Criterion,
    name: String,
    inputs: &[&[u8]],
    (warm, measure): (Duration, Duration),
) -> BenchmarkGroup<'c, WallTime> {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Bytes(inputs.iter().map(|x| x.len() as u64).sum()));
    g.sampling_mode(SamplingMode::Flat);
    g.sample_size(10);
    g.warm_up_time(warm);
    g.measurement_time(measure);
    g
}

/// Runs `f` with each available kernel forced, naming the row `pctenc-<kernel>-<shape>`.
fn per_kernel(shape: &str, mut f: impl FnMut(String)) {
    for &k in Kernel::available() {
        Kernel::force(Some(k));
        f(format!("pctenc-{}-{shape}", k.name()));
    }
    Kernel::force(None);
}

fn check_encode(name: &str, data: &[u8]) {
    let expect: String = percent_encode(data, PE_UNRESERVED).collect();
    per_kernel("check", |row| {
        let mut s = String::new();
        RFC3986.encode_append(data, &mut s);
        assert!(s == expect, "{row} encode differs from percent-encoding on {name}");
        assert!(RFC3986.encode(data) == expect, "{row} Cow encode differs on {name}");
    });
}

/// Checks the decoders; returns whether strict decoding accepts the corpus.
fn check_decode(name: &str, data: &[u8]) -> bool {
    let expect: Vec<u8> = percent_decode(data).collect();
    assert!(urlencoding::decode_binary(data) == expect, "urlencoding differs on {name}");
    let mut strict_ok = true;
    per_kernel("check", |row| {
        let mut v = Vec::new();
        LENIENT.decode_append(data, &mut v).expect("lenient byte decoding never fails");
        assert!(v == expect, "{row} lenient decode differs from percent-encoding on {name}");
        v.clear();
        strict_ok = RFC3986.decode_append(data, &mut v).is_ok();
        assert!(!strict_ok || v == expect, "{row} strict decode differs on {name}");
    });
    strict_ok
}

fn encode_rows(g: &mut BenchmarkGroup<'_, WallTime>, inputs: &[&[u8]]) {
    let max = inputs.iter().map(|x| x.len()).max().unwrap_or(0);
    let mut v: Vec<u8> = Vec::with_capacity(max);
    let mut s = String::with_capacity(3 * max);
    g.bench_function("memcpy", |b| {
        b.iter(|| {
            for x in inputs {
                v.clear();
                v.extend_from_slice(x);
                black_box(&v);
            }
        })
    });
    g.bench_function("percent-encoding", |b| {
        b.iter(|| {
            for x in inputs {
                s.clear();
                s.extend(percent_encode(x, PE_UNRESERVED));
                black_box(&s);
            }
        })
    });
    per_kernel("append", |row| {
        g.bench_function(row, |b| {
            b.iter(|| {
                for x in inputs {
                    s.clear();
                    RFC3986.encode_append(black_box(*x), &mut s);
                    black_box(&s);
                }
            })
        });
    });
    per_kernel("cow", |row| {
        g.bench_function(row, |b| {
            b.iter(|| {
                for x in inputs {
                    black_box(RFC3986.encode(black_box(*x)));
                }
            })
        });
    });
    g.bench_function("urlencoding-append", |b| {
        b.iter(|| {
            for x in inputs {
                s.clear();
                urlencoding::Encoded(*x).append_to(&mut s);
                black_box(&s);
            }
        })
    });
    g.bench_function("form_urlencoded", |b| {
        b.iter(|| {
            for x in inputs {
                s.clear();
                s.extend(form_urlencoded::byte_serialize(x));
                black_box(&s);
            }
        })
    });
}

fn decode_rows(g: &mut BenchmarkGroup<'_, WallTime>, inputs: &[&[u8]], strict: bool) {
    let max = inputs.iter().map(|x| x.len()).max().unwrap_or(0);
    let mut v: Vec<u8> = Vec::with_capacity(max);
    g.bench_function("memcpy", |b| {
        b.iter(|| {
            for x in inputs {
                v.clear();
                v.extend_from_slice(x);
                black_box(&v);
            }
        })
    });
    g.bench_function("percent-encoding", |b| {
        b.iter(|| {
            for x in inputs {
                v.clear();
                v.extend(percent_decode(x));
                black_box(&v);
            }
        })
    });
    per_kernel("lenient", |row| {
        g.bench_function(row, |b| {
            b.iter(|| {
                for x in inputs {
                    v.clear();
                    black_box(LENIENT.decode_append(black_box(*x), &mut v)).ok();
                    black_box(&v);
                }
            })
        });
    });
    if strict {
        per_kernel("strict", |row| {
            g.bench_function(row, |b| {
                b.iter(|| {
                    for x in inputs {
                        v.clear();
                        black_box(RFC3986.decode_append(black_box(*x), &mut v)).ok();
                        black_box(&v);
                    }
                })
            });
        });
    }
    g.bench_function("urlencoding", |b| {
        b.iter(|| {
            for x in inputs {
                black_box(urlencoding::decode_binary(x));
            }
        })
    });
    g.bench_function("form_urlencoded", |b| {
        b.iter(|| {
            for x in inputs {
                let mut n = 0usize;
                for (k, val) in form_urlencoded::parse(x) {
                    n += k.len() + val.len();
                }
                black_box(n);
            }
        })
    });
}

fn main() {
    let set = Settings::from_env();
    let mut c = Criterion::default().configure_from_args();
    let small = set.small;
    for corpus in corpus::encode_corpora(set.big) {
        let data = corpus.data.as_slice();
        check_encode(corpus.name, data);
        let big = [data];
        let mut g =
            group(&mut c, format!("encode-{}/{}", set.big_label, corpus.name), &big, set.big_time);
        encode_rows(&mut g, &big);
        g.finish();
        let pieces = corpus::pieces(data, small, set.small_span, false);
        let mut g =
            group(&mut c, format!("encode-{small}B/{}", corpus.name), &pieces, set.small_time);
        encode_rows(&mut g, &pieces);
        g.finish();
    }
    for corpus in corpus::decode_corpora(set.big) {
        let data = corpus.data.as_slice();
        let strict = check_decode(corpus.name, data);
        let big = [data];
        let mut g =
            group(&mut c, format!("decode-{}/{}", set.big_label, corpus.name), &big, set.big_time);
        decode_rows(&mut g, &big, strict);
        g.finish();
        let pieces = corpus::pieces(data, small, set.small_span, true);
        let strict = strict && pieces.iter().all(|x| RFC3986.decode(x).is_ok());
        let mut g =
            group(&mut c, format!("decode-{small}B/{}", corpus.name), &pieces, set.small_time);
        decode_rows(&mut g, &pieces, strict);
        g.finish();
    }
    c.final_summary();
}
