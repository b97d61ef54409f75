//! The lint: planted patterns are found at their exact span (G14), clean input has no
//! findings, URL components are checked in their own contexts, severities are the table of
//! docs/security.md, the renderers are safe and well formed, and the NFKC confusable table is
//! exactly what NFKC says.

#[path = "support/cases.rs"]
mod support;

use pctenc::lint::{
    check, check_lines, check_with, render_text, severity, to_json, Code, Context, Options,
    Severity,
};
use proptest::prelude::*;
use unicode_normalization::UnicodeNormalization;

use Code::*;

/// `(context, pattern, code, offset of the span in the pattern, span length)`.
const PLANTS: &[(Context, &str, Code, usize, usize)] = &[
    (Context::Path, "%2F", EncodedSlash, 0, 3),
    (Context::Path, "%5C", EncodedBackslash, 0, 3),
    (Context::Path, "%00", EncodedNul, 0, 3),
    (Context::Query, "%0D", EncodedCrlf, 0, 3),
    (Context::Path, "%07", EncodedControl, 0, 3),
    (Context::Path, "%41", EncodedUnreserved, 0, 3),
    (Context::Path, "%3F", EncodedDelimiter, 0, 3),
    (Context::Userinfo, "%40", EncodedDelimiter, 0, 3),
    (Context::Form, "%3d", LowercaseHex, 0, 3),
    (Context::Path, "%G", MalformedEscape, 0, 2),
    (Context::Fragment, "%u002e", Utf16Escape, 0, 6),
    (Context::Path, "%252F", DoubleEncoded, 0, 5),
    (Context::Query, "%%32%65", DoubleEncoded, 0, 7),
    (Context::Path, "%C0%AE", OverlongUtf8, 0, 6),
    (Context::Host, "%ED%A0%80", SurrogateUtf8, 0, 9),
    (Context::Path, "%FF", InvalidUtf8, 0, 3),
    (Context::Query, "%E2%80%AE", BidiControl, 0, 9),
    (Context::Path, "%EF%BC%8F", ConfusableDelimiter, 0, 9),
    (Context::Path, "<>", RawIllegalByte, 0, 2),
    (Context::Query, "+", PlusAmbiguity, 0, 1),
    (Context::Path, "/%2e%2e/", EncodedDotSegment, 1, 6),
    (Context::Path, "/.%2E/", EncodedDotSegment, 1, 4),
    (Context::Path, "//", EmptySegment, 0, 2),
    (Context::Path, "/%2F/", EmptySegment, 0, 5),
];

fn plain() -> impl Strategy<Value = String> {
    "[A-Za-z0-9_~-]{0,12}"
}

proptest! {
    #![proptest_config(ProptestConfig { cases: support::cases(200), ..ProptestConfig::default() })]

    #[test]
    fn planted_patterns_are_found_at_their_exact_span(pre in plain(), post in plain()) {
        for &(ctx, pattern, code, at, len) in PLANTS {
            let input = format!("{pre}{pattern}{post}");
            let found = check(&input, ctx);
            let hit = found.iter().any(|f| f.code == code && f.offset == pre.len() + at && f.len == len);
            prop_assert!(hit, "{code} not at {}+{len} in {input:?} ({}): {found:?}", pre.len() + at, ctx.as_str());
        }
    }

    #[test]
    fn unreserved_text_has_no_findings(s in "[A-Za-z0-9._~-]{0,40}") {
        for &ctx in Context::ALL {
            let found = check(&s, ctx);
            prop_assert!(found.is_empty(), "{s:?} as {}: {found:?}", ctx.as_str());
        }
    }

    #[test]
    fn findings_are_sorted_and_inside(data in prop::collection::vec(any::<u8>(), 0..64)) {
        for &ctx in Context::ALL {
            let found = check(&data, ctx);
            prop_assert!(found.windows(2).all(|w| w[0].offset <= w[1].offset));
            prop_assert!(found.iter().all(|f| f.len >= 1 && f.end() <= data.len()));
        }
    }
}

#[test]
fn url_components_are_checked_in_their_own_context() {
    let url = "http://us%40er@ex%00ample.com/a%2Fb/%2e%2e?q=%2F+1#%0a";
    let found = check(url, Context::Url);
    let at = |code: Code| found.iter().find(|f| f.code == code).map(|f| (f.offset, f.severity));
    assert_eq!(at(EncodedDelimiter), Some((9, Severity::Medium)));
    assert_eq!(at(EncodedNul), Some((17, Severity::Critical)));
    assert_eq!(at(EncodedDotSegment), Some((36, Severity::Critical)));
    assert_eq!(at(PlusAmbiguity), Some((48, Severity::Info)));
    assert_eq!(at(EncodedCrlf), Some((51, Severity::High)));
    let slashes: Vec<_> =
        found.iter().filter(|f| f.code == EncodedSlash).map(|f| (f.offset, f.severity)).collect();
    assert_eq!(slashes, [(31, Severity::High), (45, Severity::Info)]);
}

#[test]
fn a_malformed_escape_spans_what_a_strict_decoder_examined() {
    // The `%`, then bytes up to and including the first that is not a hex digit, at most
    // three, never another `%`.
    for (input, len) in [
        ("%", 1),
        ("%G", 2),
        ("%4", 2),
        ("%4G", 3),
        ("%Fz", 3),
        ("%fz", 3),
        ("%9 ", 3),
        ("%%41", 1),
        ("%4%41", 2),
    ] {
        let f = check(input, Context::Query);
        let m = f.iter().find(|f| f.code == MalformedEscape && f.offset == 0);
        assert_eq!(m.map(|f| f.len), Some(len), "{input:?}: {f:?}");
    }
}

#[test]
fn an_empty_segment_is_found_in_paths_only() {
    // Plain ASCII (the second pass's fast path) and with an escape (its decoded view); a
    // URL without a scheme or host is all path.
    for input in ["a//b", "a//b%41"] {
        for &ctx in Context::ALL {
            let found = check(input, ctx).iter().any(|f| f.code == EmptySegment);
            assert_eq!(
                found,
                matches!(ctx, Context::Path | Context::Segment | Context::Url),
                "{input:?} as {}",
                ctx.as_str()
            );
        }
    }
}

#[test]
fn a_dot_segment_has_one_or_two_dots() {
    let dot_segments = |s: &str| {
        let f = check(s, Context::Path);
        f.iter().filter(|f| f.code == EncodedDotSegment).count()
    };
    assert_eq!(dot_segments("/%2e/x/.%2E/x"), 2);
    for three in ["/%2e../x", "/.%2e./x", "/%2e%2e%2e/x"] {
        assert_eq!(dot_segments(three), 0, "{three}");
    }
    // Outside a dot segment an escaped dot is only an escape that was not needed; inside one
    // the segment's finding says it all.
    let unreserved = |s: &str| {
        let f = check(s, Context::Path);
        f.iter().filter(|f| f.code == EncodedUnreserved).map(|f| f.offset).collect::<Vec<_>>()
    };
    assert_eq!(unreserved("/a%2Eb/%2e"), [2]);
    assert_eq!(unreserved("/%2e%2e/%2e%2e%2e"), [8, 11, 14]);
}

#[test]
fn messages_name_the_character_a_finding_is_about() {
    let message = |s: &str, code: Code| {
        check(s, Context::Path).into_iter().find(|f| f.code == code).unwrap().message
    };
    assert_eq!(message("%2F", EncodedSlash), "%2F decodes to '/', a separator to some layers only");
    assert_eq!(message("%252e", DoubleEncoded), "decodes 2 times, to '.'");
    assert_eq!(message("%C0%AE", OverlongUtf8), "overlong UTF-8 for '.'");
    assert_eq!(message("%2541", DoubleEncoded), "decodes 2 times, to 'A'");
    // The UTF-8 faults that are neither overlong nor a surrogate, by their names.
    assert_eq!(message("%F4%90%80%80", InvalidUtf8), "invalid UTF-8 (too-large)");
    assert_eq!(message("%E2%82", InvalidUtf8), "invalid UTF-8 (truncated)");
    assert_eq!(message("%80", InvalidUtf8), "invalid UTF-8 (unexpected-byte)");
}

#[test]
fn a_raw_run_ends_where_control_bytes_start_or_stop() {
    let runs = |s: &str| -> Vec<(usize, usize, Severity, bool)> {
        let found = check(s, Context::Path).into_iter().filter(|f| f.code == RawIllegalByte);
        found.map(|f| (f.offset, f.len, f.severity, f.message.starts_with("raw control"))).collect()
    };
    let (high, plain) = (Severity::High, severity(RawIllegalByte, Context::Path));
    assert_ne!(plain, high);
    assert_eq!(
        runs("a<\x01\x7F>b"),
        [(1, 1, plain, false), (2, 2, high, true), (4, 1, plain, false)]
    );
    // A space is not a control byte.
    assert_eq!(runs("a \x1F b"), [(1, 1, plain, false), (2, 1, high, true), (3, 1, plain, false)]);
}

#[test]
fn a_raw_run_is_quoted_up_to_16_bytes_and_spans_all_of_them() {
    let raw = |s: &str| {
        let f = check(s, Context::Path).into_iter().find(|f| f.code == RawIllegalByte).unwrap();
        (f.offset, f.len, f.message)
    };
    let lt = |n: usize| "<".repeat(n);
    for n in [1, 15, 16] {
        let want = format!("raw '{}' is not allowed in a path", lt(n));
        assert_eq!(raw(&format!("a{}b", lt(n))), (1, n, want), "{n}");
    }
    // From 17 bytes on, the first 16 and `…`; the span still holds every byte.
    for n in [17, 40] {
        let want = format!("raw '{}…' is not allowed in a path", lt(16));
        assert_eq!(raw(&format!("a{}b", lt(n))), (1, n, want), "{n}");
    }
}

#[test]
fn double_encoding_reports_its_depth() {
    let f = check("/%25252e%25252e/", Context::Path);
    let d: Vec<_> =
        f.iter().filter(|f| f.code == DoubleEncoded).map(|f| (f.offset, f.len, f.depth)).collect();
    assert_eq!(d, [(1, 7, Some(3)), (8, 7, Some(3))]);
    let deep = format!("%{}41", "25".repeat(40));
    let f = check(&deep, Context::Query);
    let d = f.iter().find(|f| f.code == DoubleEncoded).unwrap();
    assert!(d.depth == Some(pctenc::lint::MAX_LAYERS) || d.message.contains("or more"), "{d:?}");
}

#[test]
fn only_an_escape_with_two_hex_digits_makes_another_layer() {
    // `%25GG` decodes once to `%GG`, which no decoder reads as an escape.
    let f = check("%25GG%25zz%2541", Context::Query);
    let d: Vec<_> =
        f.iter().filter(|f| f.code == DoubleEncoded).map(|f| (f.offset, f.len, f.depth)).collect();
    assert_eq!(d, [(10, 5, Some(2))]);
}

#[test]
fn limits_are_reported_not_buffered() {
    let opts = Options { max_params: Some(2), ..Options::new(Context::Query) };
    let f = check_with("a=1&b=2&c=3&d", &opts);
    let s = f.iter().find(|f| f.code == SizeLimit).unwrap();
    assert_eq!((s.offset, s.len), (7, 6));
    assert!(check_with("a=1&b=2", &opts).is_empty());
}

#[test]
fn the_length_limit_cuts_at_max_len_and_reports_the_rest() {
    let opts = Options { max_len: Some(4), ..Options::new(Context::Query) };
    let f = check_with("abcdefghij", &opts);
    assert_eq!(f.len(), 1);
    assert_eq!((f[0].code, f[0].offset, f[0].len), (SizeLimit, 4, 6));
    assert_eq!(f[0].severity, Severity::Medium);
    assert!(f[0].message.contains("10 bytes, over the limit of 4"), "{}", f[0].message);
    // Only the first `max_len` bytes are checked; an input of exactly that length is whole.
    let codes = |s: &str| check_with(s, &opts).iter().map(|f| f.code).collect::<Vec<_>>();
    assert_eq!(codes("abcd%2F"), [SizeLimit]);
    assert_eq!(codes("a%2F"), [EncodedSlash]);
    assert_eq!(codes("a%2"), [MalformedEscape]);
}

/// The severities are docs/security.md's table ("Lint codes"): its "path" column for the
/// path contexts, its "other contexts" column for the rest, with the contexts it names in
/// parentheses (`critical (host), high`).
#[test]
fn severities_are_the_documented_table() {
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/security.md"))
            .unwrap();
    let table = doc.split("### Lint codes").nth(1).unwrap().split("\n#").next().unwrap();
    let mut rows = 0;
    for line in table.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.split(" | ").map(str::trim).collect();
        let code = Code::by_name(cells[0].trim_start_matches("| ").trim_matches('`')).unwrap();
        // The base severity is the column's text up to any note after `;`.
        let path = cells[2].split(';').next().unwrap().trim();
        let other = cells[3].split(';').next().unwrap().trim();
        for &ctx in Context::ALL {
            let is_path = matches!(ctx, Context::Path | Context::Segment);
            let want = if is_path { path.to_string() } else { in_context(other, ctx) };
            if want == "—" {
                continue; // the code is not reported in this context
            }
            assert_eq!(severity(code, ctx).as_str(), want, "{code} in {ctx:?}");
        }
        rows += 1;
    }
    assert_eq!(rows, Code::ALL.len());
}

/// `medium (userinfo, host), info` in `ctx`: the severity whose parenthesis names `ctx`
/// (`authority` for userinfo and host), else the one without a parenthesis.
fn in_context(cell: &str, ctx: Context) -> String {
    let name = ctx.as_str();
    let mut plain = None;
    for part in cell.split("), ") {
        match part.split_once(" (") {
            Some((sev, ctxs)) => {
                let named = ctxs.trim_end_matches(')').split(", ").any(|c| {
                    c == name
                        || (c == "authority" && matches!(ctx, Context::Userinfo | Context::Host))
                });
                if named {
                    return sev.to_string();
                }
            }
            None => plain = Some(part.to_string()),
        }
    }
    plain.unwrap()
}

#[test]
fn codes_and_severities_display_as_their_names() {
    for &c in Code::ALL {
        assert_eq!(c.to_string(), c.as_str());
    }
    for &s in Severity::ALL {
        assert_eq!(s.to_string(), s.as_str());
    }
    assert_eq!(EncodedSlash.to_string(), "encoded-slash");
    assert_eq!(Severity::Critical.to_string(), "critical");
}

#[test]
fn lines_are_checked_on_their_own_with_absolute_offsets() {
    let f = check_lines("/a\r\n/%2e\n\n/x%00", &Options::new(Context::Path));
    let got: Vec<_> = f.iter().map(|(l, f)| (*l, f.code, f.offset)).collect();
    assert_eq!(got, [(2, EncodedDotSegment, 5), (2, LowercaseHex, 5), (4, EncodedNul, 12)]);
}

#[test]
fn json_is_valid_and_has_the_fixed_fields() {
    for input in ["%1B[2J\"\\", "%E2%80%AE", "/%252e", "a\u{202E}b"] {
        for f in check(input, Context::Path) {
            let line = to_json(&f, Some(7));
            assert!(line.is_ascii(), "{line}");
            let v: serde_json::Value = serde_json::from_str(&line).unwrap();
            assert_eq!(v["code"], f.code.as_str());
            assert_eq!(v["severity"], f.severity.as_str());
            assert_eq!(
                (v["offset"].as_u64(), v["len"].as_u64(), v["line"].as_u64()),
                (Some(f.offset as u64), Some(f.len as u64), Some(7))
            );
            assert_eq!(v["message"], f.message.as_str());
            assert_eq!(v["depth"].as_u64(), f.depth.map(|d| d as u64));
        }
    }
}

#[test]
fn json_escapes_exactly_what_json_and_ascii_need() {
    let f = pctenc::lint::Finding {
        code: EncodedSlash,
        severity: Severity::High,
        offset: 3,
        len: 3,
        message: "a \"b\" \\ c\u{7}\u{7f} é 😀 ~".to_string(),
        depth: None,
    };
    assert_eq!(
        to_json(&f, None),
        r#"{"code":"encoded-slash","severity":"high","offset":3,"len":3,"line":null,"message":"a \"b\" \\ c\u0007\u007f \u00e9 \ud83d\ude00 ~"}"#
    );
    let deep = pctenc::lint::Finding { code: DoubleEncoded, depth: Some(2), ..f };
    assert!(to_json(&deep, Some(9)).ends_with(
        r#","line":9,"message":"a \"b\" \\ c\u0007\u007f \u00e9 \ud83d\ude00 ~","depth":2}"#
    ));
}

#[test]
fn text_never_carries_raw_controls_and_carets_sit_under_the_span() {
    let input = "x\x1b[2J\u{202E}/%2F/%0D%0A\x07";
    for f in check(input, Context::Path) {
        let text = render_text(input.as_bytes(), &f, Some(1));
        assert!(
            !text.chars().any(|c| (c.is_control() && c != '\n') || c == '\u{202E}'),
            "{text:?}"
        );
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3);
        let caret = lines[2].find('^').unwrap();
        let shown: String = lines[1].chars().skip(caret).take(lines[2].len() - caret).collect();
        let span = pctenc::lint::escape_preview(&input.as_bytes()[f.offset..f.end()]);
        assert!(span.starts_with(&shown) || shown.starts_with(&span), "{text}");
    }
}

#[test]
fn text_shows_the_span_in_its_own_line_with_bounded_context() {
    let render = |input: &str, ctx: Context, code: Code| {
        let f = check(input, ctx).into_iter().find(|f| f.code == code).unwrap();
        render_text(input.as_bytes(), &f, Some(2))
    };
    let (x, y) = ("x".repeat(40), "y".repeat(40));
    // 32 bytes of context each side, within the span's line, `…` where more was left out.
    let text = render(&format!("first line\n{x}%2F{y}\nlast"), Context::Path, EncodedSlash);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("high encoded-slash line 2 bytes 51..54: "), "{text}");
    assert_eq!(lines[1], format!("  …{}%2F{}…", &x[..32], &y[..32]));
    assert_eq!(lines[2], format!("  {}^^^", " ".repeat(33)));
    assert_eq!(lines.len(), 3);
    // A short line shows whole, and nothing of the lines around it.
    let text = render("ab\n%2F\ncd", Context::Path, EncodedSlash);
    assert_eq!(text.lines().skip(1).collect::<Vec<_>>(), ["  %2F", "  ^^^"]);
    let text = render("ab\nc%2Fd\n", Context::Path, EncodedSlash);
    assert_eq!(text.lines().skip(1).collect::<Vec<_>>(), ["  c%2Fd", "   ^^^"]);
    // A span longer than 64 bytes is cut there, and nothing after it is shown.
    let long = format!("/{}/z", "<".repeat(70));
    let text = render(&long, Context::Path, RawIllegalByte);
    assert!(text.contains("bytes 1..71:"), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[1], format!("  /{}…", "<".repeat(64)));
    assert_eq!(lines[2], format!("   {}", "^".repeat(64)));
    // A span of exactly 64 bytes is whole, with what follows it.
    let text = render(&format!("/{}/z", "<".repeat(64)), Context::Path, RawIllegalByte);
    assert_eq!(text.lines().nth(1).unwrap(), format!("  /{}/z", "<".repeat(64)));
}

#[test]
fn names_round_trip() {
    for &c in Code::ALL {
        assert_eq!(Code::by_name(c.as_str()), Some(c));
    }
    assert_eq!(Code::ALL.len(), 21);
    for &c in Context::ALL {
        assert_eq!(Context::by_name(c.as_str()), Some(c));
    }
    for &s in Severity::ALL {
        assert_eq!(Severity::by_name(s.as_str()), Some(s));
    }
}

#[test]
fn confusable_table_is_exactly_nfkc() {
    let want: Vec<(char, char)> = (0x80u32..=0x10FFFF)
        .filter_map(char::from_u32)
        .filter_map(|c| {
            let n: String = c.nfkc().collect();
            n.chars().find(|d| "/\\.?#@:".contains(*d)).map(|d| (c, d))
        })
        .collect();
    assert_eq!(pctenc::lint::confusables(), want.as_slice());
}

/// test262's `decodeURIComponent` vectors as an oracle for "would a strict decoder reject
/// this": the lint reports a decode-breaking finding (malformed or `%u` escape, invalid
/// UTF-8 of any class) exactly when `decodeURIComponent` throws `URIError`, and a segment
/// policy that allows everything but bad escapes and bad UTF-8 rejects exactly then too.
/// The 9 inputs recorded as UTF-16 code units with lone surrogates are not byte strings and
/// are left out by name (`input_utf16`), counted below.
#[test]
fn test262_uri_errors_are_exactly_the_decode_breaking_findings() {
    use pctenc::segment::{decode_segment, SegmentPolicy};
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/testdata/test262/test262-uri-cases.json"
    );
    let data: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}")),
    )
    .unwrap();
    let breaking = [MalformedEscape, Utf16Escape, OverlongUtf8, SurrogateUtf8, InvalidUtf8];
    let only_utf8 = SegmentPolicy {
        malformed: pctenc::Malformed::Reject,
        utf8: pctenc::Utf8::Strict,
        ..SegmentPolicy::lenient()
    };
    let (mut checked, mut utf16_only) = (0, 0);
    for file in data["files"].as_array().unwrap() {
        for case in file["cases"].as_array().unwrap() {
            if case["fn"] != "decodeURIComponent" {
                continue;
            }
            let Some(input) = case["input"].as_str() else {
                assert!(case.get("input_utf16").is_some());
                utf16_only += 1;
                continue;
            };
            let throws = case.get("throws").is_some();
            let found = check(input, Context::Query);
            let broken = found.iter().any(|f| breaking.contains(&f.code));
            assert_eq!(broken, throws, "{input:?}: {found:?}");
            assert_eq!(decode_segment(input, &only_utf8).is_err(), throws, "{input:?}");
            checked += 1;
        }
    }
    assert_eq!((checked, utf16_only), (574, 9));
}

/// Found by the `lint` fuzz target: `%2Ee2E` was taken for `.` + `.` because the second
/// "escape" was not checked for its `%`.
#[test]
fn r6_only_real_escapes_make_an_encoded_dot_segment() {
    for s in ["%2Ee2E", "%2Ex2e", "x2e%2E", "%2E.e"] {
        let f = check(s, Context::Path);
        assert!(!f.iter().any(|f| f.code == EncodedDotSegment), "{s}: {f:?}");
    }
    assert!(check("%2E%2e", Context::Path).iter().any(|f| f.code == EncodedDotSegment));
}
