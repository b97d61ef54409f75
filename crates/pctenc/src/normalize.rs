//! Normalization and equivalence: RFC 3986 §6.2.2.1 and §6.2.2.2, per component.
//!
//! Two URIs that differ only in how they are percent-encoded mean the same resource, and a
//! cache key, a signature or an access rule that compares them as strings disagrees with the
//! server that decodes them. [`normalize`] writes the one canonical form that RFC 3986's
//! syntax-based normalization defines for the encoding:
//!
//! - hex digits in escapes are upper case (§6.2.2.1): `%2f` becomes `%2F`;
//! - escapes of unreserved characters are decoded (§6.2.2.2): `%7E` becomes `~`;
//! - a host, and a URL's scheme, are lower case (§6.2.2.1; `%41` in a host becomes `a`);
//! - in a form, `%20` becomes `+`, the form serializer's space.
//!
//! Everything else stays as written: a `%` without two hex digits is not an escape, an
//! escape of a reserved character means something else than the character (`%2F` is not
//! `/`), and dot segments (§6.2.2.3) are a path resolution step, not an encoding one.
//! One linear pass; the input is returned borrowed when it is already normal.
//!
//! ```
//! use pctenc::lint::Context;
//! use pctenc::normalize::{equivalent, normalize};
//! assert_eq!(normalize("/%7euser/a%2fb%zz", Context::Path), &b"/~user/a%2Fb%zz"[..]);
//! assert_eq!(normalize("HTTP://%41.Example/%61", Context::Url), &b"http://a.example/a"[..]);
//! assert!(equivalent("/%61%2f", "/a%2F", Context::Path));
//! assert!(!equivalent("/a%2Fb", "/a/b", Context::Path));
//! ```

use alloc::borrow::Cow;
use alloc::vec::Vec;

use crate::lint::escape::escape_at;
use crate::lint::url;
use crate::lint::Context;
use crate::profile::HEX_UPPER;

fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-._~".contains(&b)
}

/// Appends the normal form of one component to `out`.
fn component(input: &[u8], ctx: Context, out: &mut Vec<u8>) {
    let lower = ctx == Context::Host;
    let mut i = 0;
    while i < input.len() {
        let b = input[i];
        match escape_at(input, i) {
            Some(v) if is_unreserved(v) => out.push(if lower { v.to_ascii_lowercase() } else { v }),
            Some(b' ') if ctx == Context::Form => out.push(b'+'),
            Some(v) => out.extend_from_slice(&[
                b'%',
                HEX_UPPER[(v >> 4) as usize],
                HEX_UPPER[(v & 15) as usize],
            ]),
            None => {
                out.push(if lower { b.to_ascii_lowercase() } else { b });
                i += 1;
                continue;
            }
        }
        i += 3;
    }
}

/// The normal form of `input` read as a `ctx` component (or a whole URL, split first).
///
/// ```
/// use pctenc::{lint::Context, normalize::normalize};
/// assert_eq!(normalize("a%20b%2d", Context::Form), &b"a+b-"[..]);
/// assert!(matches!(normalize("/plain", Context::Path), std::borrow::Cow::Borrowed(_)));
/// ```
pub fn normalize<I: AsRef<[u8]> + ?Sized>(input: &I, ctx: Context) -> Cow<'_, [u8]> {
    let input = input.as_ref();
    let mut out = Vec::with_capacity(input.len());
    if ctx == Context::Url {
        let parts = url::split(input);
        let mut at = 0;
        if let Some(s) = &parts.scheme {
            out.extend(input[s.clone()].iter().map(u8::to_ascii_lowercase));
            at = s.end;
        }
        for (c, r) in parts.components() {
            out.extend_from_slice(&input[at..r.start]);
            component(&input[r.clone()], c, &mut out);
            at = r.end;
        }
        out.extend_from_slice(&input[at..]);
    } else {
        component(input, ctx, &mut out);
    }
    if out == input {
        Cow::Borrowed(input)
    } else {
        Cow::Owned(out)
    }
}

/// Whether `a` and `b` are the same `ctx` component once normalized: they differ only in
/// the case of hex digits, in escaping unreserved characters, or (host, scheme) in case.
///
/// ```
/// use pctenc::{lint::Context, normalize::equivalent};
/// assert!(equivalent("q=%7e%41", "q=~A", Context::Query));
/// assert!(equivalent("a+b", "a%20b", Context::Form));
/// assert!(!equivalent("a+b", "a%20b", Context::Query));
/// ```
pub fn equivalent<A: AsRef<[u8]> + ?Sized, B: AsRef<[u8]> + ?Sized>(
    a: &A,
    b: &B,
    ctx: Context,
) -> bool {
    normalize(a, ctx) == normalize(b, ctx)
}
