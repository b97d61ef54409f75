//! Seed vectors padded with 0..=[`PAD`] inert bytes before and after, under every kernel
//! (STYLE.md §7): a block-wise kernel then meets each seed at every offset of its blocks,
//! and with every tail length.
//!
//! A seed is `(profile, input, expected)`, taken from the specs and runtimes the profiles
//! reproduce. The inert byte `x` is kept by every encoder and decoder and is not a hex digit,
//! so a padded seed expects the padded result, and an error moves by the length of the
//! prefix; an escape that the end of the input cut short is, with bytes after it, invalid.

use pctenc::{by_name, DecodeError, Profile};

use crate::gen::for_each_kernel;

/// The most inert bytes on each side: more than one 64-byte block.
const PAD: usize = 67;

/// Encode seeds: `(profile, input, encoded)`.
const ENCODE: &[(&str, &[u8], &str)] = &[
    ("rfc3986", "a b/ü~".as_bytes(), "a%20b%2F%C3%BC~"),
    ("rfc3986", b"\x00\xff%", "%00%FF%25"),
    ("rfc3986-segment", b"a/b c:@!", "a%2Fb%20c:@!"),
    ("rfc3986-query", b"a=1&b=2 3?/#", "a=1&b=2%203?/%23"),
    ("url-query", b"a b#c`", "a%20b%23c`"),
    ("url-fragment", b"a b`#", "a%20b%60#"),
    ("url-path", b"/a b?{x}^", "/a%20b%3F%7Bx%7D%5E"),
    ("url-userinfo", "Say what‽".as_bytes(), "Say%20what%E2%80%BD"),
    ("url-c0", "\t€\x7f".as_bytes(), "%09%E2%82%AC%7F"),
    ("form", "a b+c~&=é".as_bytes(), "a+b%2Bc%7E%26%3D%C3%A9"),
    ("form", b"\xff", "%EF%BF%BD"),
    ("js-uri", "/a b?q=€#f".as_bytes(), "/a%20b?q=%E2%82%AC#f"),
    ("js-component", "a&b=c d/é".as_bytes(), "a%26b%3Dc%20d%2F%C3%A9"),
    ("js-escape", "é€😀 +@*_-./~".as_bytes(), "%E9%u20AC%uD83D%uDE00%20+@*_-./%7E"),
    ("js-escape", b"\x00\x7f", "%00%7F"),
];

/// A decode seed: `(profile, input, decoded or error)`.
type DecodeSeed = (&'static str, &'static [u8], Result<&'static [u8], DecodeError>);

/// Decode seeds.
const DECODE: &[DecodeSeed] = &[
    ("rfc3986", b"a%20b%2f", Ok(b"a b/")),
    ("rfc3986", b"100%", Err(DecodeError::TruncatedEscape { offset: 3 })),
    ("rfc3986", b"%4", Err(DecodeError::TruncatedEscape { offset: 0 })),
    ("rfc3986", b"%zz", Err(DecodeError::InvalidEscape { offset: 0 })),
    ("rfc3986", b"%FF%00", Ok(b"\xff\x00")),
    ("url-component", b"%25%s%1G", Ok(b"%%s%1G")),
    ("url-query", b"100%", Ok(b"100%")),
    ("url-query", b"%E2%82%AC+", Ok("€+".as_bytes())),
    ("form", b"a+b%2Bc%zz", Ok(b"a b+c%zz")),
    ("form", b"%C0%80%E2%82", Ok("\u{FFFD}\u{FFFD}\u{FFFD}".as_bytes())),
    ("js-component", b"%E2%82%AC", Ok("€".as_bytes())),
    ("js-component", b"%E2%82", Err(DecodeError::InvalidUtf8 { offset: 0 })),
    ("js-component", b"ab%ED%A0%80", Err(DecodeError::InvalidUtf8 { offset: 2 })),
    ("js-component", b"%", Err(DecodeError::TruncatedEscape { offset: 0 })),
    ("js-component", b"%2B+", Ok(b"++")),
    ("js-uri", b"%2f%20%E2%82%AC%25", Ok("%2f €%".as_bytes())),
    ("js-uri", b"%23%2523", Ok(b"%23%23")),
    ("js-escape", b"%E9%u20ac%zz%uD83D%uDE00", Ok("é€%zz😀".as_bytes())),
    ("js-escape", b"%uD800x", Ok("\u{FFFD}x".as_bytes())),
    ("js-escape", b"%E2%82%AC", Ok("â\u{82}¬".as_bytes())),
];

fn profile(name: &str) -> &'static Profile {
    by_name(name).unwrap_or_else(|| panic!("no profile {name}"))
}

/// The seed's error in the padded input.
fn padded(e: DecodeError, before: usize, after: usize) -> DecodeError {
    match e.shifted(before) {
        DecodeError::TruncatedEscape { offset } if after > 0 => {
            DecodeError::InvalidEscape { offset }
        }
        e => e,
    }
}

#[test]
fn padded_seeds_under_every_kernel() {
    let mut checked = 0usize;
    for_each_kernel(|kernel| {
        for before in 0..=PAD {
            for after in 0..=PAD {
                let (pre, post) = ("x".repeat(before), "x".repeat(after));
                for &(name, input, want) in ENCODE {
                    let p = profile(name);
                    let input = [pre.as_bytes(), input, post.as_bytes()].concat();
                    let want = format!("{pre}{want}{post}");
                    assert_eq!(p.encode(&input), want, "{kernel:?} {name} pad {before}/{after}");
                    checked += 1;
                }
                for &(name, input, want) in DECODE {
                    let p = profile(name);
                    let input = [pre.as_bytes(), input, post.as_bytes()].concat();
                    let want = want
                        .map(|w| [pre.as_bytes(), w, post.as_bytes()].concat())
                        .map_err(|e| padded(e, before, after));
                    let got = p.decode(&input).map(|c| c.into_owned());
                    assert_eq!(got, want, "{kernel:?} {name} pad {before}/{after}");
                    checked += 1;
                }
            }
        }
    });
    let per_kernel = (PAD + 1) * (PAD + 1) * (ENCODE.len() + DECODE.len());
    assert_eq!(checked, per_kernel * pctenc::Kernel::available().len());
    println!("padded_seeds_under_every_kernel: {checked} padded seeds");
}
