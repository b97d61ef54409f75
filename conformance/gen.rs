//! The conformance table's generator: the cases (operation, options, input) are listed here,
//! and the library's [`Options::run`] gives each its expected result. `conformance/README.md`
//! defines the format; `cargo run -p pctenc --example conformance > conformance/cases.jsonl`
//! writes the table, and `crates/pctenc/tests/contract.rs` fails when the committed table is
//! not what this writes.
//!
//! Included by path from the example and the test, so that both run the same code.

use std::collections::HashSet;
use std::fmt::Write;

use pctenc::options::{Op, Options, Output};

/// What a case runs on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    /// Bytes (every operation but `form-serialize`, `query-build`, `query-param(-all)`).
    Bytes(Vec<u8>),
    /// `(name, value)` pairs (`form-serialize`, `query-build`).
    Pairs(Vec<(String, String)>),
    /// Bytes and the name to pick (`query-param`, `query-param-all`).
    Keyed(Vec<u8>, String),
}

/// One case: the operation, its options in the compact text form as a user would write
/// them, and the input.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Case {
    pub op: Op,
    pub options: String,
    pub input: Input,
}

/// Inputs of encode, decode and try-decode: text to escape, escapes well and badly formed,
/// bytes that are not UTF-8, and every probe of `../shared/testdata/runtimes/*.json`.
const CODEC: &[&[u8]] = &[
    b"",
    b"a",
    b"a b",
    b"a+b",
    b"a b+c",
    b"~-._",
    b"!*'()",
    b";/?:@&=+$,#",
    b"[]<>\"{}|\\^`",
    b"\t\n\r",
    b"\x00\x1f\x7f",
    b"100%",
    b"%",
    b"%4",
    b"%G1",
    b"%zz",
    b"%%41",
    b"%41%4a",
    b"%2f",
    b"%2F",
    b"%25",
    b"%252e",
    b"%2B",
    b"+",
    b"%20",
    b"%C3%A9",
    b"%c3%a9",
    "é".as_bytes(),
    "café au lait".as_bytes(),
    "€".as_bytes(),
    "日本語".as_bytes(),
    "😀".as_bytes(),
    b"%E2%82%AC",
    b"%E2%82",
    b"%FF",
    b"\xff",
    b"a\xffb",
    b"%C3\xa9",
    b"%C0%80",
    b"%C0%AE",
    b"%ED%A0%80",
    b"\xed\xa0\x80",
    b"%F0%9F%98%80",
    b"%F4%90%80%80",
    b"%u00e9",
    b"%uD83D%uDE00",
    b"%uD800",
    b"%+1",
    b"%-1",
    b"%-0",
    b"a%2",
    b"%0D%0A",
    b"%00",
    b"%E9",
    "\u{202E}\u{2028}\u{FEFF}".as_bytes(),
    b"%E2%80%AE",
    b"http://ex.com/a b?q=1&r=2#f",
    b"a=1;b=2",
    b"&&",
    b"=x",
    b"UTF-8''na%C3%AFve",
    b"iso-8859-1'en'%A3%20rates",
];

/// Probes of the recorded runtimes, decoded to bytes in every profile too (`utf8=bytes`),
/// so the review can compare them with what the runtimes returned.
const PROBES: &[&[u8]] = &[
    b"%",
    b"%%41",
    b"%+1",
    b"%-1",
    b"%2B",
    b"%2f",
    b"%4",
    b"%41%4a",
    b"%C0%80",
    b"%E2%82",
    b"%E2%82%AC",
    b"%ED%A0%80",
    b"%F4%90%80%80",
    b"%FF",
    b"%G1",
    b"%u00e9",
    b"%uD83D%uDE00",
    b"%zz",
    b"&&",
    b"+",
    b"=x",
    b"a",
    b"a%2",
    b"a=1;b=2",
];

/// What `try-decode` runs on: values that fail under some profile, and some that do not.
const TRY: &[&[u8]] = &[
    b"a%20b",
    b"100%",
    b"%zz",
    b"%4",
    b"%FF",
    b"\xff",
    b"%E2%82",
    b"%C0%AE",
    b"%ED%A0%80",
    b"%uD800",
    b"%u00e9",
    b"a+b",
    b"%+1",
    b"%C3%A9",
    b"UTF-8''%E2%82%AC",
];

/// Hostile and ordinary inputs of `check`, `normalize` and `decode-segment`.
const LINT: &[&[u8]] = &[
    b"",
    b"/a/b-c_d~e",
    b"/img/%2E%2E/etc/passwd",
    b"/a/.%2e/b",
    b"..%2f",
    b"..%5c",
    b"%2F",
    b"%2f%2F",
    b"%252e%252e%252f",
    b"%%32%65",
    b"%00",
    b".%00",
    b"%0D%0A",
    b"%1B[2J",
    b"%7F",
    b"%C0%AE",
    b"%E0%80%AF",
    b"%ED%A0%80",
    b"%FF",
    b"%E2%80%AE",
    b"%EF%BC%8F",
    b"%u002e",
    b"%G1",
    b"%",
    b"a=1+1&b=%3d",
    b"%41%7e%7E",
    b"//a",
    b"<script>",
    b"report%20Q1.pdf",
    b"a;jsessionid=1",
    b"..;x",
    b"%3B",
    b"HTTP://%41.Example/%7euser?q=%7e#%7E",
    b"/a%2fb%zz",
    b"user%40:p%3Aw@HOST%2E/",
    b"a%20b%2d+c",
    "é\u{202E}".as_bytes(),
    b"\xff\xfe",
    b"q=caf%C3%A9+au+lait&lang=fr",
];

/// `form-parse` inputs (the URL Standard's parser).
const FORMS: &[&[u8]] = &[
    b"",
    b"a",
    b"a=b",
    b"a=b&c=d",
    b"a=b&&c=d&",
    b"=b",
    b"a=",
    b"a==b",
    b"a=b=c",
    b"a+b=c+d",
    b"%61=%62",
    b"a%2Bb=c%26d",
    b"%zz=%",
    b"q=caf%C3%A9+au+lait&lang=fr&flag",
    b"a=%FF",
    b"a=\xff",
    b"a=1;b=2",
    b"%E2%80%AE=%1B",
    b"&&&",
    b"a=%EF%BB%BFx",
    b"q=%82%B1%82%F1",
    b"q=%CF%F0%E8%E2%E5%F2",
];

/// Values whose query the query operations read: URLs and bare queries, with and without
/// `?` and `#`, repeated names, names without `=`, escaped names, bad escapes beside good
/// values, bytes that are not UTF-8, legacy-charset escapes.
const QUERIES: &[&[u8]] = &[
    b"",
    b"q",
    b"q=1",
    b"?q=1",
    b"??q=1",
    b"q=a+b&q=2",
    b"https://h.example/p?q=caf%C3%A9+au+lait&n=1#top",
    b"https://h.example/p",
    b"https://h.example/p?",
    b"https://h.example/p?#q=1",
    b"/p#f?q=1",
    b"/p?q=1#f?q=2",
    b"q=1#q=2",
    b"q&q=2",
    b"%71=1&q=2",
    b"q+=1&q%20=2&q=3",
    b"q=%zz&a=1",
    b"/p?a=%zz&q=%E2%82%AC",
    b"/p?q=%FF",
    b"q=\xff&a=\xfe",
    b"/p?q=%E2%82&a=2",
    b"&&q==x&&",
    b"/p?q=%82%B1+%82%F1",
    b"/p?q=%2B%26%3D%23&a=%25",
    b"/p?a+b=c%20d",
    b"/p?q=%u00e9",
    b"q=1;a=2",
    b"/a&q=3/p?a=1",
    "/p?é=ü&q=日本".as_bytes(),
    b"a=%EF%BB%BF&q=%00",
];

/// The named profiles, canonical names first, in table order.
fn profiles() -> Vec<&'static str> {
    pctenc::profile::ALL.iter().map(|p| p.name()).collect()
}

/// Every case, in table order.
pub fn cases() -> Vec<Case> {
    let mut c = Cases::default();
    let profiles = profiles();

    // Every profile, every codec operation, default options.
    for p in &profiles {
        let o = format!("profile={p}");
        c.all(Op::Encode, &o, CODEC);
        c.all(Op::Decode, &o, CODEC);
        if *p != "rfc8187" {
            // rfc8187 reads ext-values in their own charset: utf8= does not apply.
            c.all(Op::Decode, &format!("{o}, utf8=bytes"), PROBES);
        }
        c.all(Op::TryDecode, &o, TRY);
    }
    // No options: the defaults of each operation.
    c.all(Op::Encode, "", CODEC);
    c.all(Op::Decode, "", CODEC);
    c.all(Op::TryDecode, "", TRY);

    // Every alias finds its profile.
    for (name, p) in pctenc::profile::names::names() {
        if name != p.name() {
            c.all(Op::Encode, &format!("profile={name}"), &[b"a b/\xc3\xa9~*"]);
            c.all(Op::Decode, &format!("profile={name}"), &[b"a+b%2F%C3%A9%7E"]);
        }
    }

    // Each codec option word, over profiles whose defaults differ.
    let knobs = [
        "rfc3986",
        "form",
        "js-component",
        "js-escape",
        "java-urlencoder",
        "dotnet-escapedatastring",
        "iri",
        "perl-uri-escape-decoded",
    ];
    let enc_in: &[&[u8]] =
        &[b"a b~*'", "é€😀".as_bytes(), b"\xff a", b"%41%zz", b"caf\xc3\xa9\xff"];
    let dec_in: &[&[u8]] = &[
        b"a+b%20c",
        b"%zz%41",
        b"100%",
        b"%FF",
        b"a%C3%A9%E2%82",
        b"%ED%A0%80",
        b"%uD83D%uDE00x",
        b"%C3\xa9",
        b"\xff%41",
        b"%c3%a9+%2B",
    ];
    for p in knobs {
        for opt in [
            "hex=upper",
            "hex=lower",
            "lower=true",
            "lower=false",
            "plus=true",
            "plus=false",
            "utf8=strict",
            "utf8=lossy",
            "utf8=replace",
            "utf8=bytes",
            "on_error=raise",
            "on_error=null",
            "on_error=keep",
            "on_error=replace",
            "hex=lower, plus=true, utf8=lossy",
        ] {
            c.all(Op::Encode, &format!("profile={p}, {opt}"), enc_in);
        }
        for opt in [
            "malformed=strict",
            "malformed=lenient",
            "plus=true",
            "plus=false",
            "utf8=strict",
            "utf8=lossy",
            "utf8=replace",
            "utf8=bytes",
            "on_error=raise",
            "on_error=null",
            "on_error=keep",
            "on_error=replace",
            "malformed=lenient, utf8=lossy",
            "malformed=strict, utf8=bytes, plus=true",
        ] {
            c.all(Op::Decode, &format!("profile={p}, {opt}"), dec_in);
        }
        for opt in [
            "malformed=strict",
            "malformed=lenient",
            "utf8=strict",
            "utf8=lossy",
            "utf8=replace",
            "utf8=bytes",
            "plus=true",
            "plus=false",
        ] {
            c.all(Op::TryDecode, &format!("profile={p}, {opt}"), dec_in);
        }
    }

    // Legacy charsets, both ways.
    let texts: &[&[u8]] = &[
        "こんにちは".as_bytes(),
        "Привет, мир!".as_bytes(),
        "안녕 하세요".as_bytes(),
        "中文 ☕".as_bytes(),
        "café €".as_bytes(),
        b"a b&c",
        b"\xff",
        // Latin-1 bytes after UTF-8 text: not text, so `not-text` at the byte (a charset
        // encodes text), or U+FFFD with `utf8=lossy`.
        b"caf\xc3\xa9 \xe9t\xe9",
    ];
    let labels =
        ["shift_jis", "sjis", "iso-2022-jp", "windows-1251", "euc-kr", "gbk", "latin1", "utf-8"];
    for label in labels {
        for p in ["rfc3986", "form"] {
            c.all(Op::Encode, &format!("profile={p}, charset={label}"), texts);
        }
        c.all(Op::Encode, &format!("profile=form, charset={label}, unmappable=error"), texts);
        c.all(Op::Encode, &format!("charset={label}, unmappable=ncr"), texts);
        c.all(Op::Encode, &format!("charset={label}, unmappable=error, on_error=null"), texts);
        c.all(Op::Encode, &format!("charset={label}, unmappable=error, on_error=keep"), texts);
        c.all(Op::Encode, &format!("charset={label}, utf8=lossy"), texts);
        c.all(Op::Encode, &format!("charset={label}, utf8=strict, on_error=replace"), texts);
    }
    let escaped: &[&[u8]] = &[
        b"%82%B1%82%F1%82%C9%82%BF%82%CD",
        b"%CF%F0%E8%E2%E5%F2%2C%20%EC%E8%F0%21",
        b"%BE%C8%B3%E7+%C7%CF%BC%BC%BF%E4",
        b"%A4%A4%A4%E5",
        b"caf%E9",
        b"ok%82%B1%82",
        b"%zz%82%A0",
        b"%C3%A9",
        b"%FF%FE",
        b"%1B%24%42%24%33%24%73%1B%28%42",
    ];
    for label in labels.iter().copied().chain(["auto"]) {
        for p in ["rfc3986", "form", "js-component"] {
            c.all(Op::Decode, &format!("profile={p}, charset={label}"), escaped);
        }
        c.all(Op::Decode, &format!("charset={label}, utf8=lossy"), escaped);
        c.all(Op::Decode, &format!("charset={label}, utf8=strict"), escaped);
        c.all(Op::Decode, &format!("charset={label}, malformed=lenient"), escaped);
        c.all(Op::Decode, &format!("charset={label}, on_error=null"), escaped);
        c.all(Op::Decode, &format!("charset={label}, on_error=keep"), escaped);
        c.all(Op::Decode, &format!("charset={label}, on_error=replace"), escaped);
        c.all(Op::TryDecode, &format!("charset={label}"), escaped);
    }
    c.all(Op::Decode, "profile=rfc8187, on_error=null", &[b"UTF-8''a b", b"x'y"]);
    c.all(Op::Decode, "profile=rfc8187, on_error=keep", &[b"UTF-8''a b", b"x'y"]);
    c.all(Op::Decode, "profile=rfc8187, on_error=replace", &[b"UTF-8''a b", b"utf-16''x"]);

    // check: every context, limits, fail_on.
    for ctx in ["segment", "path", "query", "form", "fragment", "userinfo", "host", "url"] {
        c.all(Op::Check, &format!("context={ctx}"), LINT);
        c.all(Op::Normalize, &format!("context={ctx}"), LINT);
    }
    c.all(Op::Check, "", LINT);
    c.all(Op::Normalize, "", LINT);
    for opt in [
        "max_len=4",
        "max_len=0",
        "max_params=2",
        "context=query, max_params=1",
        "context=form, max_len=8, max_params=1",
    ] {
        c.all(Op::Check, opt, &[b"a=1&b=2&c=3", b"abcdefgh", b"%2e%2e/x"]);
    }
    for sev in ["info", "low", "medium", "med", "high", "critical", "crit"] {
        c.all(Op::Check, &format!("fail_on={sev}"), LINT);
        c.all(Op::Check, &format!("context=path, fail_on={sev}"), &LINT[..12]);
    }

    // decode-segment: every policy, and a length limit.
    c.all(Op::DecodeSegment, "", LINT);
    for policy in ["strict", "servlet6", "lenient"] {
        c.all(Op::DecodeSegment, &format!("policy={policy}"), LINT);
        c.all(
            Op::DecodeSegment,
            &format!("policy={policy}, max_len=6"),
            &[b"abcdef", b"abcdefg", b"%41bcdefg"],
        );
    }

    // Forms, both ways.
    c.all(Op::FormParse, "", FORMS);
    c.all(Op::FormParse, "", PROBES);
    for label in ["shift_jis", "windows-1251", "gbk", "utf-8", "iso-8859-1"] {
        c.all(Op::FormParse, &format!("charset={label}"), FORMS);
    }
    let pairs: &[&[(&str, &str)]] = &[
        &[],
        &[("a", "b")],
        &[("a b", "1+1=2"), ("€", "~")],
        &[("q", "a b&c"), ("n", "1")],
        &[("", "")],
        &[("a", ""), ("", "b")],
        &[("k", "*-._"), ("k", "!'()~")],
        &[("\u{202E}", "\u{1B}[2J")],
        &[("q", "café ☕"), ("lang", "fr")],
        &[("q", "こんにちは")],
        &[("q", "Привет")],
        &[("ab", "zz"), ("cd", "yy")],
        &[("line", "a\r\nb\nc")],
    ];
    for p in pairs {
        let owned: Vec<(String, String)> =
            p.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect();
        c.push(Op::FormSerialize, "", Input::Pairs(owned.clone()));
        for label in ["shift_jis", "windows-1252", "windows-1251", "utf-8"] {
            c.push(Op::FormSerialize, &format!("charset={label}"), Input::Pairs(owned.clone()));
        }
    }

    // Query strings as data: parse, pick, build.
    let read = [
        "",
        "input=auto",
        "input=url",
        "input=query",
        "input=form",
        "profile=rfc3986",
        "profile=rfc3986, input=url",
        "profile=rfc3986, on_error=raise",
        "profile=rfc3986, on_error=null",
        "profile=rfc3986, on_error=keep",
        "profile=rfc3986, on_error=replace",
        "profile=spark, input=url",
        "profile=js-component",
        "profile=py-quote-plus",
        "profile=duckdb",
        "profile=js-escape",
        "plus=false",
        "plus=true",
        "malformed=strict",
        "malformed=lenient",
        "utf8=strict",
        "utf8=lossy",
        "utf8=replace",
        "charset=shift_jis",
        "profile=rfc3986, charset=windows-1251",
    ];
    for opts in read {
        c.all(Op::QueryParse, opts, QUERIES);
        let keys: &[&str] =
            if opts.is_empty() { &["q", "a", "", "q ", "é"] } else { &["q", "q "] };
        for key in keys {
            for v in QUERIES {
                c.push(Op::QueryParam, opts, Input::Keyed(v.to_vec(), key.to_string()));
            }
        }
        for v in QUERIES {
            c.push(Op::QueryParamAll, opts, Input::Keyed(v.to_vec(), "q".into()));
        }
    }
    c.all(Op::QueryParse, "input=form", FORMS);
    for opts in [
        "",
        "profile=form",
        "profile=py-quote-plus",
        "profile=rfc3986",
        "profile=js-component",
        "profile=spark",
        "plus=false",
        "plus=true",
        "lower=true",
        "hex=upper",
        "hex=lower",
        "charset=shift_jis",
        "charset=windows-1251",
        "charset=utf-8",
    ] {
        for p in pairs {
            let owned = p.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect();
            c.push(Op::QueryBuild, opts, Input::Pairs(owned));
        }
    }

    // Words that are not the contract's: each fails naming its option.
    for (op, opts) in [
        (Op::Encode, "profle=form"),
        (Op::Encode, "profile=rfc396"),
        (Op::Encode, "profile=componnet"),
        (Op::Encode, "profile=zzzzzz"),
        (Op::Decode, "profile=js-componnet"),
        (Op::Encode, "hex=lowr"),
        (Op::Encode, "lower=yes"),
        (Op::Encode, "plus=1"),
        (Op::Encode, "utf8=lossey"),
        (Op::Encode, "utf-9=lossy"),
        (Op::Encode, "malformed=strict"),
        (Op::Encode, "context=path"),
        (Op::Encode, "charset=shift-jiss"),
        (Op::Encode, "charset=auto"),
        (Op::Encode, "unmappable=ncr"),
        (Op::Encode, "charset=gbk, unmappable=escape"),
        (Op::Encode, "on_error=ignore"),
        (Op::Encode, "hex=lower, lower=true"),
        (Op::Encode, "profile=form, profile=rfc3986"),
        (Op::Encode, "lower"),
        (Op::Encode, "profile=rfc8187, plus=true"),
        (Op::Decode, "malformed=strcit"),
        (Op::Decode, "malformd=strict"),
        (Op::Decode, "utf8=latin1"),
        (Op::Decode, "lower=true"),
        (Op::Decode, "hex=upper"),
        (Op::Decode, "charset=klingon"),
        (Op::Decode, "charset=gbk, utf8=bytes"),
        (Op::Decode, "profile=rfc8187, charset=utf-8"),
        (Op::Decode, "on_error=skip"),
        (Op::Decode, "policy=strict"),
        (Op::TryDecode, "on_error=null"),
        (Op::TryDecode, "plus=maybe"),
        (Op::Check, "context=pth"),
        (Op::Check, "context=body"),
        (Op::Check, "fail_on=severe"),
        (Op::Check, "max_len=-1"),
        (Op::Check, "max_params=many"),
        (Op::Check, "profile=form"),
        (Op::Normalize, "context=urll"),
        (Op::Normalize, "fail_on=high"),
        (Op::FormParse, "charset=shift_jiss"),
        (Op::FormParse, "charset=auto"),
        (Op::FormParse, "plus=true"),
        (Op::FormSerialize, "charset=latin-1x"),
        (Op::FormSerialize, "profile=form"),
        (Op::DecodeSegment, "policy=servlet"),
        (Op::DecodeSegment, "policy=lenient, profile=form"),
        (Op::DecodeSegment, "max_len=ten"),
        (Op::QueryParse, "input=uri"),
        (Op::QueryParse, "utf8=bytes"),
        (Op::QueryParse, "hex=lower"),
        (Op::QueryParse, "charset=auto"),
        (Op::QueryParam, "on_error=skip"),
        (Op::QueryParam, "profile=rfc396"),
        (Op::QueryParamAll, "malformed=strcit"),
        (Op::QueryParamAll, "utf8=bytes"),
        (Op::QueryBuild, "profile=url-query"),
        (Op::QueryBuild, "profile=js-uri"),
        (Op::QueryBuild, "malformed=strict"),
        (Op::QueryBuild, "input=url"),
        (Op::QueryBuild, "on_error=null"),
    ] {
        let input = match op {
            Op::FormSerialize | Op::QueryBuild => Input::Pairs(vec![("a".into(), "b".into())]),
            Op::QueryParam | Op::QueryParamAll => Input::Keyed(b"a=b".to_vec(), "a".into()),
            _ => Input::Bytes(b"a b".to_vec()),
        };
        c.push(op, opts, input);
    }
    c.list
}

/// The cases so far, without repeats.
#[derive(Default)]
struct Cases {
    list: Vec<Case>,
    seen: HashSet<Case>,
}

impl Cases {
    fn push(&mut self, op: Op, options: &str, input: Input) {
        let case = Case { op, options: options.to_string(), input };
        if self.seen.insert(case.clone()) {
            self.list.push(case);
        }
    }

    fn all(&mut self, op: Op, options: &str, inputs: &[&[u8]]) {
        for i in inputs {
            self.push(op, options, Input::Bytes(i.to_vec()));
        }
    }
}

/// FNV-1a, 64 bits: the case id's hash (stable across Rust versions, unlike `Hasher`).
fn fnv(parts: &[&[u8]]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &b in part.iter().chain(&[0xff]) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// The case's id: the operation and 12 hex digits of a hash of everything it runs on, so
/// that it does not change when other cases are added or moved.
pub fn id(case: &Case) -> String {
    let (input, key) = match &case.input {
        Input::Bytes(b) => (b.clone(), None),
        Input::Pairs(p) => (serde_json::to_vec(p).expect("pairs are JSON"), None),
        Input::Keyed(b, k) => (b.clone(), Some(k.as_bytes())),
    };
    let mut parts = vec![case.op.name().as_bytes(), case.options.as_bytes(), &input];
    parts.extend(key);
    let h = fnv(&parts);
    format!("{}-{:012x}", case.op.name(), h >> 16)
}

fn json(s: &str) -> String {
    serde_json::to_string(s).expect("a str is JSON")
}

/// `"name":"text"` when `bytes` are UTF-8, else `"name_hex":"..."`.
fn bytes_field(out: &mut String, name: &str, bytes: &[u8]) {
    match std::str::from_utf8(bytes) {
        Ok(s) => write!(out, ",\"{name}\":{}", json(s)),
        Err(_) => {
            let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
            write!(out, ",\"{name}_hex\":\"{hex}\"")
        }
    }
    .unwrap();
}

fn pairs_json(pairs: &[(String, String)]) -> String {
    let items: Vec<String> =
        pairs.iter().map(|(n, v)| format!("[{},{}]", json(n), json(v))).collect();
    format!("[{}]", items.join(","))
}

/// One line of the table: the case and what the library gives for it.
pub fn line(case: &Case) -> String {
    let mut out = format!(
        "{{\"id\":\"{}\",\"op\":\"{}\",\"options\":{}",
        id(case),
        case.op.name(),
        json(&case.options)
    );
    match &case.input {
        Input::Bytes(b) => bytes_field(&mut out, "input", b),
        Input::Pairs(p) => write!(out, ",\"input_pairs\":{}", pairs_json(p)).unwrap(),
        Input::Keyed(b, k) => {
            bytes_field(&mut out, "input", b);
            write!(out, ",\"key\":{}", json(k)).unwrap();
        }
    }
    let options = match Options::parse(case.op, &case.options) {
        Ok(o) => o,
        Err(e) => {
            write!(
                out,
                ",\"error\":{{\"code\":\"{}\",\"option\":{},\"message\":{}}}}}",
                e.code(),
                json(e.option()),
                json(&e.to_string())
            )
            .unwrap();
            return out;
        }
    };
    let result = match &case.input {
        Input::Bytes(b) => options.run(b),
        Input::Pairs(p) => options.run_pairs(p),
        Input::Keyed(b, k) => options.run_key(b, k),
    };
    match result {
        Ok(Output::Bytes(b)) => bytes_field(&mut out, "output", &b),
        Ok(Output::Null) => out.push_str(",\"output\":null"),
        Ok(Output::Pairs(p)) => write!(out, ",\"output_pairs\":{}", pairs_json(&p)).unwrap(),
        Ok(Output::Values(v)) => {
            let items: Vec<String> = v.iter().map(|s| json(s)).collect();
            write!(out, ",\"output_list\":[{}]", items.join(",")).unwrap()
        }
        Ok(Output::Findings { findings, fails }) => {
            let items: Vec<String> = findings
                .iter()
                .map(|f| {
                    let depth = f.depth.map(|d| format!(",\"depth\":{d}")).unwrap_or_default();
                    format!(
                        "{{\"code\":\"{}\",\"severity\":\"{}\",\"offset\":{},\"len\":{}{depth},\"message\":{}}}",
                        f.code, f.severity, f.offset, f.len, json(&f.message)
                    )
                })
                .collect();
            write!(out, ",\"findings\":[{}],\"fails\":{fails}", items.join(",")).unwrap();
        }
        Err(e) => {
            write!(out, ",\"error\":{{\"code\":\"{}\",\"offset\":{}}}", e.code, e.offset).unwrap()
        }
    }
    out.push('}');
    out
}

/// The whole table: one line per case, each ending in `\n`.
pub fn table() -> String {
    let mut out = String::new();
    for case in cases() {
        out.push_str(&line(&case));
        out.push('\n');
    }
    out
}
