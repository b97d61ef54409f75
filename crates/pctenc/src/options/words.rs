//! The vocabulary: every option a front end takes, the words it accepts, the operations it
//! applies to, and its default for each. This table is the only place they are spelt; the
//! CLI's help, the npm package's errors, Python's docstrings and the SQL functions' messages
//! list them by asking it ([`OPTIONS`], [`Op::ALL`]).
//!
//! An option is named by a key (`utf8`, `on_error`); a key is matched with ASCII case and
//! the separators `_` and `-` ignored, so `on_error` (Python, SQL), `on-error` (CLI) and
//! `onError` (JavaScript) are the same key. Word values (`strict`, `lossy`) ignore ASCII
//! case too.

use core::fmt;

use crate::profile::{HexCase, Utf8};

/// An operation of the contract: what a front end is asked to do with one value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Op {
    /// Percent-encode text or bytes under a profile.
    Encode,
    /// Percent-decode; a value that does not decode is an error naming its byte offset.
    Decode,
    /// As [`Op::Decode`], but a value that does not decode gives no result (SQL `NULL`,
    /// JavaScript `{ok: false}`) instead of an error.
    TryDecode,
    /// Lint findings: the encodings attacks use, each with a code, severity and byte span.
    Check,
    /// RFC 3986 §6.2.2.1-2 normal form of the encoding.
    Normalize,
    /// application/x-www-form-urlencoded string to `(name, value)` pairs.
    FormParse,
    /// `(name, value)` pairs to an application/x-www-form-urlencoded string.
    FormSerialize,
    /// Decode one path segment safely, refusing what a later layer could read differently.
    DecodeSegment,
    /// The `(name, value)` pairs of the query of a value (a URL, a query string, a form
    /// body), decoded by a profile ([`crate::query`]).
    QueryParse,
    /// The value of the first pair named `key` in a value's query, decoded; no value if
    /// there is none.
    QueryParam,
    /// The values of every pair named `key` in a value's query, decoded.
    QueryParamAll,
    /// `(name, value)` pairs to a query string, each escaped by a profile.
    QueryBuild,
}

impl Op {
    /// Every operation, in the order the docs list them.
    pub const ALL: &'static [Op] = &[
        Op::Encode,
        Op::Decode,
        Op::TryDecode,
        Op::Check,
        Op::Normalize,
        Op::FormParse,
        Op::FormSerialize,
        Op::DecodeSegment,
        Op::QueryParse,
        Op::QueryParam,
        Op::QueryParamAll,
        Op::QueryBuild,
    ];

    /// The operation's name, as the conformance table writes it.
    pub const fn name(self) -> &'static str {
        match self {
            Op::Encode => "encode",
            Op::Decode => "decode",
            Op::TryDecode => "try-decode",
            Op::Check => "check",
            Op::Normalize => "normalize",
            Op::FormParse => "form-parse",
            Op::FormSerialize => "form-serialize",
            Op::DecodeSegment => "decode-segment",
            Op::QueryParse => "query-parse",
            Op::QueryParam => "query-param",
            Op::QueryParamAll => "query-param-all",
            Op::QueryBuild => "query-build",
        }
    }

    /// Finds an operation by [`name`](Op::name).
    pub fn by_name(name: &str) -> Option<Op> {
        Op::ALL.iter().copied().find(|op| op.name() == name)
    }

    /// The options this operation takes, in [`OPTIONS`] order.
    pub fn options(self) -> impl Iterator<Item = &'static OptionInfo> {
        OPTIONS.iter().filter(move |o| o.applies_to(self))
    }
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An option, by what it controls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Key {
    /// The dialect: a profile name or alias.
    Profile,
    /// The hex case an encoder writes.
    Hex,
    /// What a `%` that starts no well-formed escape does when decoding.
    Malformed,
    /// Bytes that are not UTF-8: the encoder's input, or the decoder's output.
    Utf8,
    /// The `+` rule: space written as `+`, and `+` read as a space.
    Plus,
    /// A legacy charset (a WHATWG encoding label), or `auto` to detect it when decoding.
    Charset,
    /// Encoding in a charset: what a character it lacks becomes.
    Unmappable,
    /// Where the input sits in a URL (`check`, `normalize`).
    Context,
    /// Where the query is in a value: a URL, a query string, a form body.
    Input,
    /// The most bytes `check` reads, or a segment may have.
    MaxLen,
    /// The most `&`-separated parameters `check` accepts in a query or form.
    MaxParams,
    /// The rule set of `decode-segment`.
    Policy,
    /// Columns: what a row that fails becomes.
    OnError,
    /// The least severe finding that makes `check` report failure (the CLI's exit status).
    FailOn,
}

/// The values an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Values {
    /// One of these words.
    Words(&'static [Word]),
    /// `true` or `false`.
    Bool,
    /// A profile name or alias, ASCII case ignored (the profile name table).
    Profile,
    /// A WHATWG encoding label (`shift_jis`, `latin1`, `gbk`...), or `auto` (decoding only).
    Charset,
    /// A non-negative whole number.
    Count,
}

/// One word an option accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Word {
    /// The word.
    pub name: &'static str,
    /// Other spellings that mean the same (accepted, never written back).
    pub aliases: &'static [&'static str],
    /// What it means, in one line.
    pub about: &'static str,
}

const fn word(name: &'static str, about: &'static str) -> Word {
    Word { name, aliases: &[], about }
}

/// One option: its key, other keys that set it, what it takes, where it applies, and its
/// default per operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionInfo {
    /// What it controls.
    pub key: Key,
    /// Its name: what the compact text form and error messages write.
    pub name: &'static str,
    /// Its values.
    pub values: Values,
    /// What it controls, in one line (help text).
    pub about: &'static str,
    /// `(operations, default)`: the operations it applies to and, for them, its default in
    /// words. Every operation is in at most one group.
    pub defaults: &'static [(&'static [Op], &'static str)],
}

impl OptionInfo {
    /// Whether `op` takes this option.
    pub fn applies_to(&self, op: Op) -> bool {
        self.defaults.iter().any(|(ops, _)| ops.contains(&op))
    }

    /// Its default for `op`, in words (`None` if `op` does not take it).
    pub fn default_for(&self, op: Op) -> Option<&'static str> {
        self.defaults.iter().find(|(ops, _)| ops.contains(&op)).map(|(_, d)| *d)
    }

    /// The words it accepts, when it takes words.
    pub fn words(&self) -> &'static [Word] {
        match self.values {
            Values::Words(w) => w,
            _ => &[],
        }
    }

    /// What it takes, in words: `strict|lenient`, `true|false`, `a profile name`...
    pub fn expected(&'static self) -> ExpectedValues {
        ExpectedValues(self)
    }
}

/// [`OptionInfo::expected`]: the values an option takes, as a help text writes them.
#[derive(Clone, Copy, Debug)]
pub struct ExpectedValues(&'static OptionInfo);

impl fmt::Display for ExpectedValues {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.values {
            Values::Words(words) => {
                for (i, w) in words.iter().enumerate() {
                    if i > 0 {
                        f.write_str("|")?;
                    }
                    f.write_str(w.name)?;
                }
                Ok(())
            }
            Values::Bool => f.write_str("true|false"),
            Values::Profile => f.write_str("a profile name or alias"),
            Values::Charset => f.write_str(
                "a WHATWG encoding label such as utf-8, shift_jis, euc-jp, gbk, big5, euc-kr, \
                 windows-1251, koi8-r, windows-1250; or auto, decoding",
            ),
            Values::Count => f.write_str("a whole number"),
        }
    }
}

use Op::{
    Check, Decode, DecodeSegment, Encode, FormParse, FormSerialize, Normalize, QueryBuild,
    QueryParam, QueryParamAll, QueryParse, TryDecode,
};

const CODEC: &[Op] = &[Encode, Decode, TryDecode];
const DECODING: &[Op] = &[Decode, TryDecode];
/// The query operations that read a value.
const QUERY_READ: &[Op] = &[QueryParse, QueryParam, QueryParamAll];
const QUERY: &[Op] = &[QueryParse, QueryParam, QueryParamAll, QueryBuild];

/// `malformed`.
pub const MALFORMED: &[Word] = &[
    word("strict", "a '%' that starts no escape is an error naming its byte offset"),
    word("lenient", "a '%' that starts no escape is kept as written"),
];

/// `utf8`: three of the UTF-8 policies, by the names profiles describe them with
/// ([`Utf8::name`]).
pub const UTF8: &[Word] = &[
    word(Utf8::Strict.name(), "bytes that are not UTF-8 are an error naming their offset"),
    Word {
        name: Utf8::Lossy.name(),
        aliases: &["replace"],
        about: "each invalid sequence becomes U+FFFD",
    },
    word(Utf8::Bytes.name(), "bytes are bytes: no check (a decoded result is bytes, not text)"),
];

/// `hex`, by the names profiles describe their hex case with ([`HexCase::name`]).
pub const HEX: &[Word] = &[
    word(HexCase::Upper.name(), "%C3%A9, as RFC 3986 §2.1 recommends"),
    word(HexCase::Lower.name(), "%c3%a9"),
];

/// `unmappable`.
pub const UNMAPPABLE: &[Word] = &[
    word("ncr", "the escaped numeric character reference &#NNNN;, as browsers submit forms"),
    word("error", "an error naming the character's byte offset"),
];

/// `context`: where the input sits in a URL.
pub const CONTEXT: &[Word] = &[
    word("segment", "one path segment"),
    word("path", "a whole path, segments separated by raw '/'"),
    word("query", "a query: '+' may be a space or a plus"),
    word("form", "an application/x-www-form-urlencoded body or query: '+' is a space"),
    word("fragment", "a fragment"),
    word("userinfo", "the userinfo of an authority"),
    word("host", "a host"),
    word("url", "a whole URL or request target, split into components first"),
];

/// `input` of the query operations: where the query is in a value (the words of
/// [`crate::query::Input`], in its order).
pub const INPUT: &[Word] = &[
    word("auto", "a URL if the value holds '?', else a bare query string (logs that mix both)"),
    word("url", "a URL: the query is between the first '?' and the next '#'; none without '?'"),
    word("query", "a query string: one leading '?' dropped, as URLSearchParams reads one"),
    word("form", "an application/x-www-form-urlencoded body, read as it is"),
];

/// `policy` of `decode-segment`.
pub const POLICY: &[Word] = &[
    word("strict", "reject encoded '/' and '\\', dot segments, NUL, CR/LF, controls, double encoding, %uXXXX, invalid UTF-8"),
    word("servlet6", "strict, with path parameters stripped as Servlet 6 does"),
    word("lenient", "decode everything, invalid UTF-8 as U+FFFD: for reading logs, never for access decisions"),
];

/// `on_error`: what a row of a column that fails becomes.
pub const ON_ERROR: &[Word] = &[
    word("raise", "the call fails, naming the row and the byte offset"),
    word("null", "the row becomes null"),
    word("keep", "the row is kept as it was (as text, U+FFFD for bytes that are not UTF-8)"),
    word("replace", "the row is decoded leniently, U+FFFD for bytes that are not UTF-8"),
];

/// `fail_on`: severities, lowest first.
pub const SEVERITY: &[Word] = &[
    word("info", "style: a form RFC 3986 would write differently"),
    word("low", "a normalization inconsistency two layers may see differently"),
    Word {
        name: "medium",
        aliases: &["med"],
        about: "injection that depends on what the consumer does with the value",
    },
    word("high", "a known CVE class once another layer decodes differently"),
    Word {
        name: "critical",
        aliases: &["crit"],
        about: "a known direct traversal or authorization-bypass primitive",
    },
];

/// Every option, in the order help texts list them.
pub const OPTIONS: &[OptionInfo] = &[
    OptionInfo {
        key: Key::Profile,
        name: "profile",
        values: Values::Profile,
        about: "the dialect (pctenc profiles lists them)",
        defaults: &[(CODEC, "rfc3986"), (QUERY, "form")],
    },
    OptionInfo {
        key: Key::Hex,
        name: "hex",
        values: Values::Words(HEX),
        about: "the case of the hex digits the encoder writes (lower=true is hex=lower)",
        defaults: &[(&[Encode, QueryBuild], "the profile's (upper, but lower for dotnet-httputility)")],
    },
    OptionInfo {
        key: Key::Malformed,
        name: "malformed",
        values: Values::Words(MALFORMED),
        about: "what a '%' that does not start a well-formed escape does",
        defaults: &[
            (DECODING, "the profile's (strict for rfc3986 and js-*, lenient for url-*, form, py-*...)"),
            (QUERY_READ, "the profile's (lenient for form)"),
        ],
    },
    OptionInfo {
        key: Key::Utf8,
        name: "utf8",
        values: Values::Words(UTF8),
        about: "bytes that are not UTF-8: the encoder's input, or the decoded result",
        defaults: &[
            (&[Encode], "the profile's input policy (strict for js-*, lossy for url-* and form, bytes for rfc3986)"),
            (DECODING, "the profile's; strict where the profile keeps bytes (the result is text)"),
            (QUERY_READ, "the profile's; strict where the profile keeps bytes (names and values are text: bytes is refused)"),
        ],
    },
    OptionInfo {
        key: Key::Plus,
        name: "plus",
        values: Values::Bool,
        about: "true writes an escaped space as '+' and reads '+' as a space; false uses %20 and keeps '+'",
        defaults: &[
            (CODEC, "the profile's (true for form, py-quote-plus, php-urlencode, java-urlencoder...)"),
            (QUERY, "the profile's (true for form)"),
        ],
    },
    OptionInfo {
        key: Key::Charset,
        name: "charset",
        values: Values::Charset,
        about: "the text's charset (a WHATWG label); auto detects it when decoding",
        defaults: &[
            (CODEC, "none: UTF-8 under the profile's rules"),
            (&[FormParse, FormSerialize, QueryParse, QueryParam, QueryParamAll, QueryBuild], "utf-8"),
        ],
    },
    OptionInfo {
        key: Key::Unmappable,
        name: "unmappable",
        values: Values::Words(UNMAPPABLE),
        about: "with a charset: what a character the charset lacks becomes",
        defaults: &[(&[Encode], "ncr")],
    },
    OptionInfo {
        key: Key::Context,
        name: "context",
        values: Values::Words(CONTEXT),
        about: "where the input sits in a URL",
        defaults: &[(&[Check, Normalize], "url")],
    },
    OptionInfo {
        key: Key::Input,
        name: "input",
        values: Values::Words(INPUT),
        about: "where the query is in a value",
        defaults: &[(QUERY_READ, "auto")],
    },
    OptionInfo {
        key: Key::MaxLen,
        name: "max_len",
        values: Values::Count,
        about: "the most bytes read: longer input is a size-limit finding (check) or an error (decode-segment)",
        defaults: &[(&[Check, DecodeSegment], "none")],
    },
    OptionInfo {
        key: Key::MaxParams,
        name: "max_params",
        values: Values::Count,
        about: "the most '&'-separated parameters of a query or form",
        defaults: &[(&[Check], "none")],
    },
    OptionInfo {
        key: Key::Policy,
        name: "policy",
        values: Values::Words(POLICY),
        about: "what a path segment may hold",
        defaults: &[(&[DecodeSegment], "strict")],
    },
    OptionInfo {
        key: Key::OnError,
        name: "on_error",
        values: Values::Words(ON_ERROR),
        about: "columns: what a row that fails becomes",
        defaults: &[(&[Encode, Decode], "raise"), (QUERY_READ, "raise")],
    },
    OptionInfo {
        key: Key::FailOn,
        name: "fail_on",
        values: Values::Words(SEVERITY),
        about: "the least severe finding that makes check fail (the CLI's exit status 1)",
        defaults: &[(&[Check], "high")],
    },
];

/// The options of every operation as help text: for each operation, one line per option,
/// `name=VALUES` then what it does and its default there. What `pctenc options` prints.
///
/// ```
/// let text = pctenc::options::words::listing();
/// assert!(text.contains("decode:\n  profile=a profile name or alias"));
/// assert!(text.contains("utf8=strict|lossy|bytes"));
/// ```
pub fn listing() -> alloc::string::String {
    use core::fmt::Write;
    let mut out = alloc::string::String::new();
    for op in Op::ALL {
        let _ = writeln!(out, "{op}:");
        for o in op.options() {
            let default = o.default_for(*op).unwrap_or("");
            let _ = writeln!(out, "  {}={}", o.name, o.expected());
            let _ = writeln!(out, "      {} [default: {default}]", o.about);
        }
    }
    out
}

/// The key that `lower=true|false` sets: JavaScript's, Python's and the CLI's `lower` flag,
/// kept as a spelling of `hex=lower|upper`.
pub const LOWER_ALIAS: &str = "lower";

/// The option called `key` (ASCII case, `_` and `-` ignored); `lower` finds `hex`.
pub fn option_by_key(key: &str) -> Option<&'static OptionInfo> {
    let key = if same_key(key, LOWER_ALIAS) { "hex" } else { key };
    OPTIONS.iter().find(|o| same_key(o.name, key))
}

/// The option for `key`.
pub fn info(key: Key) -> &'static OptionInfo {
    OPTIONS.iter().find(|o| o.key == key).expect("every key has an entry")
}

/// Whether two keys are the same option: ASCII case and the separators `_`, `-` ignored.
pub fn same_key(a: &str, b: &str) -> bool {
    fn strip(s: &str) -> impl Iterator<Item = u8> + '_ {
        s.bytes().filter(|b| *b != b'_' && *b != b'-').map(|b| b.to_ascii_lowercase())
    }
    strip(a).eq(strip(b))
}

/// The word of `words` that `value` names (its name or an alias, ASCII case ignored).
pub fn find_word(words: &'static [Word], value: &str) -> Option<&'static Word> {
    words.iter().find(|w| {
        w.name.eq_ignore_ascii_case(value)
            || w.aliases.iter().any(|a| a.eq_ignore_ascii_case(value))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    /// A default is per operation: an option's default where the operation takes it, and
    /// none where it does not.
    #[test]
    fn defaults_are_per_operation() {
        let default = |key, op| option_by_key(key).unwrap().default_for(op);
        assert_eq!(default("profile", Op::Encode), Some("rfc3986"));
        assert_eq!(default("profile", Op::QueryParse), Some("form"));
        assert_eq!(default("on_error", Op::Decode), Some("raise"));
        assert_eq!(default("on_error", Op::Check), None);
        assert_eq!(default("fail_on", Op::Check), Some("high"));
    }

    /// `pctenc options` prints every operation, each option it takes and its default there.
    #[test]
    fn the_listing_shows_each_operation_its_options_and_defaults() {
        let text = listing();
        let lines: alloc::vec::Vec<&str> = text.lines().collect();
        for op in Op::ALL {
            // The operation's own block: its header line, then the indented lines under it.
            let header = lines.iter().position(|l| *l == alloc::format!("{op}:")).unwrap();
            let block = &lines[header + 1..];
            let block = &block[..block.iter().take_while(|l| l.starts_with(' ')).count()];
            assert_eq!(block.len(), 2 * op.options().count(), "{op}");
            for (o, pair) in op.options().zip(block.chunks(2)) {
                let default = alloc::format!("[default: {}]", o.default_for(*op).unwrap());
                assert!(pair[0].starts_with(&alloc::format!("  {}=", o.name)), "{op} {}", o.name);
                assert!(pair[1].ends_with(&default), "{op} {default}");
            }
        }
        assert!(text.contains("  fail_on=") && text.contains("[default: high]"));
    }

    #[test]
    fn every_operation_and_key_is_described_once() {
        for op in Op::ALL {
            assert_eq!(Op::by_name(op.name()), Some(*op));
            assert!(op.options().count() > 0, "{op}");
        }
        for (i, o) in OPTIONS.iter().enumerate() {
            assert_eq!(info(o.key).name, o.name);
            assert!(OPTIONS[..i].iter().all(|p| p.key != o.key && !same_key(p.name, o.name)));
            for op in Op::ALL {
                let groups = o.defaults.iter().filter(|(ops, _)| ops.contains(op)).count();
                assert!(groups <= 1, "{} {op}", o.name);
            }
        }
    }

    #[test]
    fn keys_ignore_case_and_separators() {
        for k in ["on_error", "on-error", "onError", "ONERROR"] {
            assert_eq!(option_by_key(k).map(|o| o.key), Some(Key::OnError), "{k}");
        }
        assert_eq!(option_by_key("lower").map(|o| o.key), Some(Key::Hex));
        assert_eq!(option_by_key("maxLen").map(|o| o.key), Some(Key::MaxLen));
        assert!(option_by_key("utf-9").is_none());
    }

    #[test]
    fn words_and_aliases_are_found_ignoring_case() {
        assert_eq!(find_word(UTF8, "Replace").map(|w| w.name), Some("lossy"));
        assert_eq!(find_word(SEVERITY, "crit").map(|w| w.name), Some("critical"));
        assert!(find_word(MALFORMED, "pass-through").is_none());
        assert_eq!(info(Key::Utf8).expected().to_string(), "strict|lossy|bytes");
    }

    #[test]
    fn the_library_enums_read_these_tables() {
        use crate::batch::OnError;
        use crate::lint::{Context, Severity};
        assert_eq!(CONTEXT.len(), Context::ALL.len());
        for c in Context::ALL {
            assert_eq!(Context::by_name(c.as_str()), Some(*c));
        }
        assert_eq!(SEVERITY.len(), Severity::ALL.len());
        assert_eq!(Severity::by_name("crit"), Some(Severity::Critical));
        for w in ON_ERROR {
            assert_eq!(OnError::by_name(w.name).map(OnError::name), Some(w.name));
        }
        for w in INPUT {
            assert_eq!(
                crate::query::Input::by_name(w.name).map(crate::query::Input::name),
                Some(w.name)
            );
        }
        assert_eq!(INPUT.len(), crate::query::Input::ALL.len());
        for w in POLICY {
            assert!(crate::segment::SegmentPolicy::by_name(w.name).is_some(), "{}", w.name);
        }
    }
}
