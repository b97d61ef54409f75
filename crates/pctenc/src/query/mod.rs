//! Query strings as data: find the query of a URL, read its `name=value` pairs decoded by any
//! profile, pick the value of one name without decoding the rest, and build a query from
//! pairs; one value at a time, or a whole column in Arrow's layout.
//!
//! Most percent-decoding of columns is of query strings: `utm_source` out of a billion log
//! URLs, the search term out of `q=`. This module is what the engines' "parse the URL, take
//! the query, split it, decode the value" chains do, in one pass over each row, with the
//! decoding of whichever profile the data was written with (the `form` profile by default:
//! `+` is a space, a stray `%` stays, bytes that are not UTF-8 become U+FFFD, as browsers and
//! `URLSearchParams` read a query).
//!
//! - [`Input`] and [`locate`]: where the query is in a value (a URL, a query string, a form
//!   body).
//! - [`Parser`]: the options (profile, [`Input`], charset) and the one-value verbs: the raw
//!   pairs ([`Parser::raw_pairs`]), the decoded pairs ([`Parser::pairs`]), the first value of a
//!   name ([`Parser::first`]) and all of them ([`Parser::all`]), borrowing the input wherever
//!   a name or value has nothing to decode.
//! - [`column`](mod@column): the same over a [`batch::Rows`](crate::batch::Rows) column, into Arrow's
//!   `list<struct<key, value>>` (or `map<string, string>`, the same buffers), `string` or
//!   `list<string>` layouts, with the per-row [`OnError`](crate::batch::OnError) policy.
//! - [`Builder`]: the reverse, pairs to a query string (one value, or a column of
//!   `list<struct<key, value>>` / `map` rows with [`column::build`](fn@column::build)).
//!
//! # Example: one URL
//!
//! ```
//! use pctenc::query::Parser;
//! use pctenc::profile::whatwg::FORM;
//!
//! let url = b"https://example.com/search?q=caf%C3%A9+au+lait&lang=fr&q=2#top";
//! let p = Parser::new(FORM);
//! let pairs: Vec<_> = p.pairs(url).collect::<Result<_, _>>().unwrap();
//! assert_eq!(pairs, [("q".into(), "café au lait".into()), ("lang".into(), "fr".into()),
//!                    ("q".into(), "2".into())]);
//! assert_eq!(p.first(url, "lang").unwrap().as_deref(), Some("fr"));
//! assert_eq!(p.first(url, "utm_source").unwrap(), None);
//! ```
//!
//! # Where the query is
//!
//! | [`Input`] | the query of a value is | no query (empty list, no value) |
//! |---|---|---|
//! | `auto` (columns' default) | as `url` if the value contains `?`, else the whole value | as `url` |
//! | `url` | the bytes after the first `?` up to the next `#` (or the end) | no `?`, or a `#` before the first `?` |
//! | `query` | the whole value, one leading `?` dropped (`URLSearchParams(string)`, `location.search`) | never |
//! | `form` | the whole value as it is (a form body: the URL Standard's parser, `parse_qsl`) | never |
//!
//! Nothing else of a URL is looked at: no scheme, host or percent-encoding is checked, so a
//! malformed URL still gives its query (Spark's `parse_url` gives NULL, or fails the job).
//! `auto` reads a column that mixes URLs and bare query strings (`cs-uri-query` of web server
//! logs); a URL without `?` is then read as a bare query, a single name with an empty value,
//! so a column of whole URLs is best read as `url`. The query is split on `&`, empty pieces
//! are skipped, each piece is split at its first `=` (a piece without `=` is a name with the
//! value `""`, as the URL Standard says), and only then are names and values decoded: an
//! escaped `%26` or `%3D` is data, never a separator.
//!
//! # Errors
//!
//! Under a strict profile (`rfc3986`, `js-component`...) a name or value that does not decode
//! is an error naming its byte offset in the value (the URL, not the query). Picking a value
//! ([`Parser::first`], [`Parser::all`]) decodes only what it returns: a malformed pair
//! elsewhere in the query is no error, and a name that does not decode matches no key. On a
//! column, [`OnError`](crate::batch::OnError) says what a failing row becomes.

mod build;
pub mod column;
mod parser;
mod split;

pub use build::{Builder, UnsafeProfile};
pub use parser::{Pairs, Parser};
pub use split::{RawPair, RawPairs};

/// What a value holds, and so where its query is (see the [module docs](self#where-the-query-is)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Input {
    /// A URL if it contains `?`, else a bare query string: the default for columns.
    #[default]
    Auto,
    /// A URL (absolute or relative): the query is between the first `?` and the next `#`.
    Url,
    /// A query string, with or without its leading `?` (as `URLSearchParams(string)` reads one).
    Query,
    /// An application/x-www-form-urlencoded body, read as it is.
    Form,
}

impl Input {
    /// Every input, in the order of its words in the options table
    /// ([`crate::options::words::INPUT`], which owns the names).
    pub const ALL: [Input; 4] = [Input::Auto, Input::Url, Input::Query, Input::Form];

    /// The input called `name` (`auto`, `url`, `query`, `form`).
    pub fn by_name(name: &str) -> Option<Input> {
        let i = crate::options::words::INPUT.iter().position(|w| w.name == name)?;
        Self::ALL.get(i).copied()
    }

    /// The input's name.
    pub fn name(self) -> &'static str {
        crate::options::words::INPUT[self as usize].name
    }
}

/// The query of `value` read as `input`, and its byte offset in `value`; `None` when the
/// value has no query.
///
/// ```
/// use pctenc::query::{locate, Input};
/// assert_eq!(locate(b"/p?a=1#f", Input::Url), Some((3, &b"a=1"[..])));
/// assert_eq!(locate(b"/p#f?a=1", Input::Url), None); // the '?' is in the fragment
/// assert_eq!(locate(b"/p", Input::Url), None);
/// assert_eq!(locate(b"a=1#2", Input::Auto), Some((0, &b"a=1#2"[..]))); // no '?': bare query
/// assert_eq!(locate(b"?a=1", Input::Query), Some((1, &b"a=1"[..])));
/// assert_eq!(locate(b"?a=1", Input::Form), Some((0, &b"?a=1"[..])));
/// ```
#[inline]
pub fn locate(value: &[u8], input: Input) -> Option<(usize, &[u8])> {
    match input {
        Input::Form => Some((0, value)),
        Input::Query => match value.first() {
            Some(b'?') => Some((1, &value[1..])),
            _ => Some((0, value)),
        },
        Input::Url | Input::Auto => match memchr::memchr2(b'?', b'#', value) {
            Some(q) if value[q] == b'?' => {
                let rest = &value[q + 1..];
                let end = memchr::memchr(b'#', rest).unwrap_or(rest.len());
                Some((q + 1, &rest[..end]))
            }
            // A '#' first: a URL without a query (any '?' is in its fragment), or under
            // `auto`, a value without '?' at all is a bare query.
            Some(hash) => {
                let bare = input == Input::Auto && memchr::memchr(b'?', &value[hash..]).is_none();
                bare.then_some((0, value))
            }
            None if input == Input::Auto => Some((0, value)),
            None => None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for input in Input::ALL {
            assert_eq!(Input::by_name(input.name()), Some(input));
        }
        assert_eq!(Input::by_name("URL"), None);
        assert_eq!(Input::default(), Input::Auto);
    }

    #[test]
    fn locate_every_shape() {
        type Case<'a> = (&'a [u8], Input, Option<(usize, &'a [u8])>);
        let cases: &[Case<'_>] = &[
            (b"", Input::Auto, Some((0, b""))),
            (b"", Input::Url, None),
            (b"?", Input::Url, Some((1, b""))),
            (b"http://h/?#", Input::Url, Some((10, b""))),
            (b"http://h/?a?b#c?d", Input::Url, Some((10, b"a?b"))),
            (b"http://h/#a?b", Input::Auto, None),
            (b"a=1#b", Input::Url, None),
            (b"a=1#b", Input::Auto, Some((0, b"a=1#b"))),
            (b"a=1", Input::Auto, Some((0, b"a=1"))),
            (b"??a", Input::Query, Some((1, b"?a"))),
            (b"a?b", Input::Query, Some((0, b"a?b"))),
            (b"#?a", Input::Form, Some((0, b"#?a"))),
        ];
        for &(value, input, want) in cases {
            assert_eq!(locate(value, input), want, "{value:?} as {input:?}");
        }
    }
}
