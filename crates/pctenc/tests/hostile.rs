//! Hostile input: every seed of the security research note (§7.3) with the finding the lint
//! must report and what the safe segment decoder must do; the lossy-UTF-8 vectors (G8);
//! linear time on adversarial patterns (G10); and a 64 KiB stack (no recursion).

use std::time::Duration;

use cpu_time::ThreadTime;

use pctenc::lint::{self, check, Code, Context, Severity, Utf8Problem};
use pctenc::profile::{rfc3986, whatwg};
use pctenc::segment::{decode_segment, split_path, SegmentErrorKind as K, SegmentPolicy};

/// What the strict segment decoder must do with a seed.
#[derive(Debug)]
enum Seg {
    /// Decode to these bytes.
    Ok(&'static str),
    /// Fail with this kind at this offset.
    Err(K, usize),
}

use Code::*;
use Seg::Err as E;

/// `(seed, findings its lint in a path must include, strict segment decoding)`.
const SEEDS: &[(&str, &[Code], Seg)] = &[
    ("%", &[MalformedEscape], E(K::MalformedEscape, 0)),
    ("a%", &[MalformedEscape], E(K::MalformedEscape, 1)),
    ("%4", &[MalformedEscape], E(K::MalformedEscape, 0)),
    ("%G1", &[MalformedEscape], E(K::MalformedEscape, 0)),
    ("%0G", &[MalformedEscape], E(K::MalformedEscape, 0)),
    ("%%", &[MalformedEscape], E(K::MalformedEscape, 0)),
    ("%%32%65", &[MalformedEscape, DoubleEncoded], E(K::MalformedEscape, 0)),
    ("%+a", &[MalformedEscape], E(K::MalformedEscape, 0)),
    ("%-1", &[MalformedEscape], E(K::MalformedEscape, 0)),
    ("% 1", &[MalformedEscape, RawIllegalByte], E(K::MalformedEscape, 0)),
    ("%0x41", &[MalformedEscape], E(K::MalformedEscape, 0)),
    ("%u002e", &[Utf16Escape], E(K::Utf16Escape, 0)),
    ("%u2215", &[Utf16Escape], E(K::Utf16Escape, 0)),
    ("%uff0e", &[Utf16Escape], E(K::Utf16Escape, 0)),
    ("%2e", &[EncodedDotSegment, LowercaseHex], E(K::DotSegment, 0)),
    ("%2E", &[EncodedDotSegment], E(K::DotSegment, 0)),
    (".%2e", &[EncodedDotSegment], E(K::DotSegment, 0)),
    ("%2e.", &[EncodedDotSegment], E(K::DotSegment, 0)),
    ("%2e%2e", &[EncodedDotSegment], E(K::DotSegment, 0)),
    ("%2E%2e", &[EncodedDotSegment], E(K::DotSegment, 0)),
    ("..%2f", &[EncodedSlash, LowercaseHex], E(K::EncodedSlash, 2)),
    ("..%2F", &[EncodedSlash], E(K::EncodedSlash, 2)),
    ("..%5c", &[EncodedBackslash], E(K::EncodedBackslash, 2)),
    ("%2F", &[EncodedSlash], E(K::EncodedSlash, 0)),
    ("%2f%2F", &[EncodedSlash, EmptySegment], E(K::EncodedSlash, 0)),
    ("%5C", &[EncodedBackslash], E(K::EncodedBackslash, 0)),
    ("%255c", &[DoubleEncoded], E(K::DoubleEncoding, 0)),
    ("%252e%252e%252f", &[DoubleEncoded], E(K::DoubleEncoding, 0)),
    ("%00", &[EncodedNul], E(K::EncodedNul, 0)),
    (".%00", &[EncodedNul], E(K::EncodedNul, 1)),
    ("%0D%0A", &[EncodedCrlf], E(K::EncodedCrLf, 0)),
    ("%0a", &[EncodedCrlf], E(K::EncodedCrLf, 0)),
    ("%09", &[EncodedControl], E(K::EncodedControl, 0)),
    ("%1B[2J", &[EncodedControl, RawIllegalByte], E(K::EncodedControl, 0)),
    ("%7F", &[EncodedControl], E(K::EncodedControl, 0)),
    ("%C0%AE", &[OverlongUtf8], E(K::InvalidUtf8(Utf8Problem::Overlong), 0)),
    ("%C0%AF", &[OverlongUtf8], E(K::InvalidUtf8(Utf8Problem::Overlong), 0)),
    ("%E0%80%AF", &[OverlongUtf8], E(K::InvalidUtf8(Utf8Problem::Overlong), 0)),
    ("%F0%80%80%AF", &[OverlongUtf8], E(K::InvalidUtf8(Utf8Problem::Overlong), 0)),
    ("%C0%80", &[OverlongUtf8], E(K::InvalidUtf8(Utf8Problem::Overlong), 0)),
    ("%ED%A0%80", &[SurrogateUtf8], E(K::InvalidUtf8(Utf8Problem::Surrogate), 0)),
    ("%ED%BF%BF", &[SurrogateUtf8], E(K::InvalidUtf8(Utf8Problem::Surrogate), 0)),
    ("%ED%A1%8C%ED%BE%B4", &[SurrogateUtf8], E(K::InvalidUtf8(Utf8Problem::Surrogate), 0)),
    ("%F4%90%80%80", &[InvalidUtf8], E(K::InvalidUtf8(Utf8Problem::TooLarge), 0)),
    ("%FF", &[InvalidUtf8], E(K::InvalidUtf8(Utf8Problem::Unexpected), 0)),
    ("%80", &[InvalidUtf8], E(K::InvalidUtf8(Utf8Problem::Unexpected), 0)),
    ("%E2%82", &[InvalidUtf8], E(K::InvalidUtf8(Utf8Problem::Truncated), 0)),
    ("%E2%82%AC", &[], Seg::Ok("€")),
    ("%3F", &[EncodedDelimiter], Seg::Ok("?")),
    ("%23", &[EncodedDelimiter], Seg::Ok("#")),
    ("%3B", &[EncodedDelimiter], Seg::Ok(";")),
    ("..;", &[], Seg::Ok("..;")),
    (".;x", &[], Seg::Ok(".;x")),
    (";x", &[], Seg::Ok(";x")),
    ("%61dmin", &[EncodedUnreserved], Seg::Ok("admin")),
    ("%7e", &[EncodedUnreserved, LowercaseHex], Seg::Ok("~")),
    ("%c3%a9", &[LowercaseHex], Seg::Ok("é")),
    ("a+b", &[], Seg::Ok("a+b")),
    ("%2B", &[], Seg::Ok("+")),
    ("%EF%BC%8F", &[ConfusableDelimiter], Seg::Ok("／")),
    ("%E2%84%80", &[ConfusableDelimiter], Seg::Ok("℀")),
    ("%E2%80%A8", &[BidiControl], Seg::Ok("\u{2028}")),
    ("%E2%80%AE", &[BidiControl], Seg::Ok("\u{202E}")),
];

/// Seeds where servlet6 differs from strict: Servlet 6 §3.5.2 path parameters.
const SERVLET6_REJECTS: &[&str] = &["%3B", "..;", ".;x", ";x"];

#[test]
fn every_seed_has_its_findings_and_segment_result() {
    for (seed, codes, seg) in SEEDS {
        let found = check(seed, Context::Path);
        for code in *codes {
            assert!(found.iter().any(|f| f.code == *code), "{seed}: no {code} in {found:?}");
        }
        if codes.is_empty() {
            assert!(found.is_empty(), "{seed}: {found:?}");
        }
        let got = decode_segment(seed, &SegmentPolicy::strict());
        match (seg, &got) {
            (Seg::Ok(want), Ok(out)) => assert_eq!(&out[..], want.as_bytes(), "{seed}"),
            (Seg::Err(kind, at), Err(e)) => assert_eq!((e.kind, e.offset), (*kind, *at), "{seed}"),
            _ => panic!("{seed}: want {seg:?}, got {got:?}"),
        }
        let servlet = decode_segment(seed, &SegmentPolicy::servlet6());
        if SERVLET6_REJECTS.contains(seed) {
            assert_eq!(servlet.map_err(|e| e.kind), Err(K::PathParameter), "{seed}");
        } else {
            assert_eq!(servlet, got, "{seed}");
        }
        assert!(decode_segment(seed, &SegmentPolicy::lenient()).is_ok(), "{seed}");
    }
}

#[test]
fn the_seed_table_is_the_fuzz_seed_corpus() {
    let file =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../fuzz/seeds.txt"))
            .unwrap();
    let listed: Vec<&str> = file.lines().filter(|l| !l.is_empty()).collect();
    let table: Vec<&str> = SEEDS.iter().map(|s| s.0).collect();
    assert_eq!(listed, table);
}

#[test]
fn severities_follow_the_danger() {
    let sev =
        |s: &str, ctx, code| check(s, ctx).into_iter().find(|f| f.code == code).unwrap().severity;
    assert_eq!(sev("%C0%AE", Context::Path, OverlongUtf8), Severity::Critical);
    assert_eq!(sev("%C0%AE", Context::Query, OverlongUtf8), Severity::High);
    assert_eq!(sev("%255c", Context::Path, DoubleEncoded), Severity::Critical);
    assert_eq!(sev("%2541", Context::Path, DoubleEncoded), Severity::High);
    assert_eq!(sev("%2F", Context::Path, EncodedSlash), Severity::High);
    assert_eq!(sev("%2F", Context::Query, EncodedSlash), Severity::Info);
    assert_eq!(sev("%09", Context::Path, EncodedControl), Severity::Low);
    assert_eq!(sev("%00", Context::Host, EncodedNul), Severity::Critical);
    assert_eq!(sev("a\rb", Context::Query, RawIllegalByte), Severity::High);
}

#[test]
fn lenient_lossy_utf8_replaces_maximal_subparts() {
    // G8: as String::from_utf8_lossy and the WHATWG decoder (Java differs: one U+FFFD).
    for (input, n) in [("%ED%A0%80", 3), ("%E0%80%AF", 3), ("%F4%90%80%80", 4), ("%C0%AE", 2)] {
        let out = decode_segment(input, &SegmentPolicy::lenient()).unwrap();
        let s = std::str::from_utf8(&out).unwrap();
        assert_eq!(s.chars().filter(|&c| c == '\u{FFFD}').count(), n, "{input}");
    }
    // G3: a failed escape consumes only the '%'.
    assert_eq!(whatwg::COMPONENT.decode("%%41").unwrap(), &b"%A"[..]);
    assert_eq!(whatwg::COMPONENT.decode("%4%41").unwrap(), &b"%4A"[..]);
    assert_eq!(whatwg::COMPONENT.decode("%%32%65").unwrap(), &b"%2e"[..]);
}

#[test]
fn strict_grammar_is_exactly_two_hex_digits() {
    // G2: all 65,536 two-byte tails after '%'.
    for a in 0..=255u8 {
        for b in 0..=255u8 {
            let input = [b'%', a, b];
            let hex = a.is_ascii_hexdigit() && b.is_ascii_hexdigit();
            let strict = rfc3986::RFC3986.decode(&input);
            assert_eq!(strict.is_ok(), hex, "{input:?}");
            let malformed = check(&input, Context::Query)
                .iter()
                .any(|f| f.code == MalformedEscape || f.code == Utf16Escape);
            assert_eq!(malformed, !hex, "{input:?}");
        }
    }
}

/// The adversarial patterns of the research note, and the deepest double-encoding chain
/// (`%` then `25` n times then `41`: one more decode per `25`).
const PATTERNS: &[&str] =
    &["%", "%4", "%%41", "%ZZ", "%C0", "%25", "%2e%2e/", "%E2%80%AE", "%2525..41"];

fn build(name: &str, n: usize) -> Vec<u8> {
    match name {
        "%2525..41" => {
            let mut v = b"%".to_vec();
            v.extend(b"25".repeat(n));
            v.extend(b"41");
            v
        }
        _ => name.repeat(n).into_bytes(),
    }
}

/// A named piece of work on an input.
type Work = (&'static str, Box<dyn Fn(&[u8])>);

/// The cheapest of `runs` runs of `work` on `input`, folded into `best`.
fn cheapest(best: &mut Duration, runs: usize, input: &[u8], work: &dyn Fn(&[u8])) {
    for _ in 0..runs {
        let t = ThreadTime::now();
        work(input);
        *best = (*best).min(t.elapsed());
    }
}

#[test]
fn adversarial_patterns_take_linear_time() {
    // G10: four times the input takes about four times the work; a quadratic step would
    // take sixteen. The bound of 10 leaves room for what caches, page faults and the
    // allocator add once the lint's spans and findings leave the caches (seen up to 6), and
    // still tells the two apart without trusting any absolute time. Time is this thread's CPU
    // time, so other processes on a shared machine do not count; each size keeps its
    // cheapest run, and more runs are added (up to 6 rounds) while the ratio is over the
    // bound: noise only ever adds time, a quadratic step stays over the bound every round.
    let works: Vec<Work> = vec![
        ("lint path", Box::new(|b| drop(check(b, Context::Path)))),
        ("lint url", Box::new(|b| drop(check(b, Context::Url)))),
        ("segment strict", Box::new(|b| drop(decode_segment(b, &SegmentPolicy::strict())))),
        ("segment lenient", Box::new(|b| drop(decode_segment(b, &SegmentPolicy::lenient())))),
        ("split_path", Box::new(|b| drop(split_path(b, &SegmentPolicy::lenient())))),
        ("normalize", Box::new(|b| drop(pctenc::normalize::normalize(b, Context::Path)))),
        ("decode strict", Box::new(|b| drop(rfc3986::RFC3986.decode(b)))),
        ("decode lenient", Box::new(|b| drop(whatwg::COMPONENT.decode(b)))),
        ("decode_repeat 8", Box::new(|b| drop(whatwg::COMPONENT.decode_repeat(b, 8)))),
    ];
    for &name in PATTERNS {
        // 256 KiB and 1 MiB: both past the caches, where the per-byte cost stops changing.
        let n = (1 << 18) / name.len();
        let small = build(name, n);
        let big = build(name, 4 * n);
        for (what, work) in &works {
            let (mut a, mut b) = (Duration::MAX, Duration::MAX);
            let mut ratio = f64::INFINITY;
            for _ in 0..6 {
                cheapest(&mut a, 3, &small, work.as_ref());
                cheapest(&mut b, 3, &big, work.as_ref());
                ratio = b.as_secs_f64() / a.as_secs_f64().max(1e-7);
                if ratio < 10.0 {
                    break;
                }
            }
            assert!(ratio < 10.0, "{what} on {name}: 4x the input took {ratio:.1}x the time");
        }
    }
}

#[test]
fn a_64_kib_stack_is_enough() {
    let mut big = Vec::new();
    for &name in PATTERNS {
        big.extend(build(name, 20_000));
        big.extend_from_slice(b"/a%2Fb/%c0%ae/?q=1+2&x=%252e#f\n");
    }
    let worker = std::thread::Builder::new()
        .stack_size(64 * 1024)
        .spawn(move || {
            let f = check(&big, Context::Url);
            let lines = lint::check_lines(&big, &lint::Options::new(Context::Path));
            let text = lint::render_text(&big, &f[0], Some(1));
            let json = lint::to_json(&f[0], None);
            let seg = decode_segment(&big, &SegmentPolicy::lenient()).unwrap().len();
            let _ = split_path(&big, &SegmentPolicy::strict());
            let norm = pctenc::normalize::normalize(&big, Context::Url).len();
            let rep = whatwg::COMPONENT.decode_repeat(&big, 20).unwrap().depth;
            (f.len(), lines.len(), text.len() + json.len(), seg, norm, rep)
        })
        .unwrap();
    let (findings, lines, rendered, seg, norm, depth) = worker.join().expect("no stack overflow");
    assert!(findings > 1000 && lines > 1000 && rendered > 0 && seg > 0 && norm > 0 && depth >= 2);
}
