//! The encoder's paths that only some profiles take (`encode.rs`): input that is not UTF-8
//! under the `bytes` policy in every unit, a chunk's output in a stream, non-ASCII text kept
//! as it is, the Latin-1 unit's edge, and the UTF-16 unit's long runs. Each test runs every profile that takes the path, so a change to one arm
//! shows; mutation testing found these arms pinned by no test (docs/mutants.md).

use pctenc::profile::js::ESCAPE;
use pctenc::profile::protocols::MULTIPART_NAME;
use pctenc::profile::runtimes::PERL_URI_ESCAPE_DECODED;
use pctenc::profile::ALL;
use pctenc::stream::Encoder;
use pctenc::Utf8;

/// Under the `bytes` policy a byte that is not UTF-8 is escaped as itself (`%FF`), never
/// replaced by U+FFFD, whatever the profile's unit: the byte kernel's profiles, the ones that
/// keep valid escapes or non-ASCII text (a byte of no character is still escaped), UTF-16
/// units (`js-escape`, where `%FF` reads back as U+00FF) and Latin-1.
#[test]
fn the_bytes_policy_escapes_each_invalid_byte_as_itself_in_every_unit() {
    for p in ALL {
        let p = p.with_input_utf8(Utf8::Bytes);
        let out = p.encode(b"a\xFFb\xC3").to_ascii_uppercase();
        assert!(out.contains("%FF") && out.ends_with("%C3"), "{}: {out}", p.name());
        assert!(!out.contains("%EF%BF%BD") && !out.contains("FFFD"), "{}: {out}", p.name());
    }
}

/// A chunk's output is written at once, all but an unfinished tail (a UTF-8 sequence cut
/// short, and, for profiles that keep valid escapes, an escape cut short): a lone `%` at a
/// chunk's end is written with its chunk wherever the profile escapes it.
#[test]
fn a_chunk_is_written_at_once_but_for_an_unfinished_tail() {
    for &p in ALL {
        let whole = p.encode("50%").into_owned();
        let mut e = Encoder::new(p);
        let mut out = Vec::new();
        e.push(b"50%", &mut out).unwrap();
        let held = if p.keeps_valid_escapes() { "50" } else { whole.as_str() };
        assert_eq!(String::from_utf8_lossy(&out), held, "{}", p.name());
        e.finish(&mut out).unwrap();
        assert_eq!(String::from_utf8_lossy(&out), whole, "{}", p.name());
    }
}

/// A profile that keeps non-ASCII text writes it as it is on every path: one-shot, appended,
/// and in a stream cut inside a character.
#[test]
fn kept_non_ascii_text_is_written_as_it_is_on_every_path() {
    let text = "é \"中\"\r\n😀%";
    let want = "é %22中%22%0D%0A😀%";
    assert_eq!(MULTIPART_NAME.encode(text), want);
    let mut s = String::from(">");
    MULTIPART_NAME.encode_append(text, &mut s);
    assert_eq!(s, format!(">{want}"));
    for cut in 0..=text.len() {
        let mut e = Encoder::new(MULTIPART_NAME);
        let mut out = Vec::new();
        e.push(&text.as_bytes()[..cut], &mut out).unwrap();
        e.push(&text.as_bytes()[cut..], &mut out).unwrap();
        e.finish(&mut out).unwrap();
        assert_eq!(out, want.as_bytes(), "cut at {cut}");
    }
}

/// The Latin-1 unit ends at U+00FF: that is one `%FF`, and U+0100 is no Latin-1 byte (an
/// error for `try_encode`, its UTF-8 from the infallible methods), never the byte 0x00.
#[test]
fn the_latin1_unit_ends_at_u00ff() {
    let p = PERL_URI_ESCAPE_DECODED;
    assert_eq!(p.try_encode("a\u{FF}").unwrap(), "a%FF");
    assert_eq!(p.try_encode("a\u{100}").unwrap_err().offset, 1);
    assert_eq!(p.encode("a\u{100}\u{FF}"), "a%C4%80%FF");
}

/// `escape` writes a run of non-ASCII characters of any length, in pieces through a small
/// buffer: every character as the spec says (U+0080..U+00FF as `%XX`, above as `%uXXXX` per
/// UTF-16 unit), runs long enough to fill that buffer many times, in each width.
#[test]
fn escape_writes_long_non_ascii_runs_whole() {
    for c in ['\u{E9}', '\u{20AC}', '\u{1F600}'] {
        for n in [1, 21, 22, 42, 43, 85, 86, 87, 300] {
            let text: String = std::iter::repeat_n(c, n).chain(['a']).collect();
            let mut want = String::new();
            for c in text.chars() {
                if c.is_ascii() {
                    want.push(c);
                } else if (c as u32) < 0x100 {
                    want += &format!("%{:02X}", c as u32);
                } else {
                    for u in c.encode_utf16(&mut [0; 2]) {
                        want += &format!("%u{u:04X}");
                    }
                }
            }
            assert_eq!(ESCAPE.encode(&text), want, "{c:?} x {n}");
        }
    }
}

/// The lazy display writes the encoding under `{}` and `{:?}` alike (a `Display` in a
/// `dbg!` or an assertion message shows the encoding, not a struct).
#[test]
fn the_lazy_display_debugs_as_it_displays() {
    let d = ESCAPE.display("a b€");
    assert_eq!(format!("{d}"), "a%20b%u20AC");
    assert_eq!(format!("{d:?}"), "a%20b%u20AC");
}

/// A profile that keeps valid escapes keeps each `%` HEXDIG HEXDIG wherever it stands and
/// escapes every other `%`; in a stream it holds back only a `%` or `%X` at a chunk's end,
/// never a `%` that cannot start an escape.
#[test]
fn valid_escapes_are_kept_wherever_they_stand() {
    let kept: Vec<_> = ALL.iter().filter(|p| p.keeps_valid_escapes()).collect();
    assert!(kept.len() >= 2, "uri-template-reserved and iri");
    for p in kept {
        for (input, want) in [
            ("%41", "%41"),
            ("a%41b%7e%2F", "a%41b%7e%2F"),
            ("xyz%41", "xyz%41"),
            ("%4g%%2%", "%254g%25%252%25"),
            ("ab%41%g", "ab%41%25g"),
        ] {
            assert_eq!(p.encode(input), want, "{} {input:?}", p.name());
        }
        let mut e = Encoder::new(p);
        let mut out = Vec::new();
        e.push(b"a%g", &mut out).unwrap();
        assert_eq!(out, b"a%25g", "{}: a % that starts no escape is written at once", p.name());
        e.push(b"%4", &mut out).unwrap();
        assert_eq!(out, b"a%25g", "{}: %4 waits", p.name());
        e.push(b"1", &mut out).unwrap();
        e.finish(&mut out).unwrap();
        assert_eq!(out, b"a%25g%41", "{}", p.name());
    }
}
