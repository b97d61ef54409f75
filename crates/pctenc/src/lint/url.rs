//! Splitting a URL or request target into its components before anything is decoded
//! (RFC 3986 §7.3, and the regular expression of its Appendix B).
//!
//! Only raw delimiters split: an escaped `%2F`, `%3F` or `%23` stays inside its component,
//! which is the point. The split never fails; whatever does not parse as an authority or a
//! scheme is path.

use core::ops::Range;

use super::Context;

/// The components of a URL, as byte ranges of the input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Parts {
    pub scheme: Option<Range<usize>>,
    pub userinfo: Option<Range<usize>>,
    pub host: Option<Range<usize>>,
    pub port: Option<Range<usize>>,
    pub path: Range<usize>,
    pub query: Option<Range<usize>>,
    pub fragment: Option<Range<usize>>,
}

impl Parts {
    /// The components that hold percent-encoded text, with the context each is read in.
    pub fn components(&self) -> impl Iterator<Item = (Context, Range<usize>)> {
        [
            (Context::Userinfo, self.userinfo.clone()),
            (Context::Host, self.host.clone()),
            (Context::Path, Some(self.path.clone())),
            (Context::Query, self.query.clone()),
            (Context::Fragment, self.fragment.clone()),
        ]
        .into_iter()
        .filter_map(|(c, r)| r.map(|r| (c, r)))
    }
}

fn find(input: &[u8], from: usize, stops: &[u8]) -> usize {
    input[from..].iter().position(|b| stops.contains(b)).map_or(input.len(), |p| from + p)
}

/// Splits `input` into components (RFC 3986 Appendix B).
pub(crate) fn split(input: &[u8]) -> Parts {
    let mut parts = Parts::default();
    let mut at = 0;
    // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), followed by ':'.
    let colon = find(input, 0, b":/?#");
    if colon < input.len()
        && input[colon] == b':'
        && input.first().is_some_and(u8::is_ascii_alphabetic)
        && input[..colon].iter().all(|&b| b.is_ascii_alphanumeric() || b"+-.".contains(&b))
    {
        parts.scheme = Some(0..colon);
        at = colon + 1;
    }
    if input[at..].starts_with(b"//") {
        let start = at + 2;
        let end = find(input, start, b"/?#");
        let mut host_start = start;
        if let Some(p) = input[start..end].iter().rposition(|&b| b == b'@') {
            parts.userinfo = Some(start..start + p);
            host_start = start + p + 1;
        }
        // A port is the digits after the last ':' that is not inside an IP literal.
        let mut host_end = end;
        if let Some(p) = input[host_start..end].iter().rposition(|&b| b == b':') {
            let c = host_start + p;
            if !input[c..end].contains(&b']') && input[c + 1..end].iter().all(u8::is_ascii_digit) {
                parts.port = Some(c + 1..end);
                host_end = c;
            }
        }
        parts.host = Some(host_start..host_end);
        at = end;
    }
    let path_end = find(input, at, b"?#");
    parts.path = at..path_end;
    at = path_end;
    if input.get(at) == Some(&b'?') {
        let end = find(input, at + 1, b"#");
        parts.query = Some(at + 1..end);
        at = end;
    }
    if input.get(at) == Some(&b'#') {
        parts.fragment = Some(at + 1..input.len());
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_like_appendix_b() {
        let p = split(b"http://u:p@h.example:80/a%2Fb?q=1#f");
        assert_eq!(p.scheme, Some(0..4));
        assert_eq!(p.userinfo, Some(7..10));
        assert_eq!(p.host, Some(11..20));
        assert_eq!(p.port, Some(21..23));
        assert_eq!(p.path, 23..29);
        assert_eq!(p.query, Some(30..33));
        assert_eq!(p.fragment, Some(34..35));
        let t = split(b"/p/%3F?x#");
        assert_eq!(
            (t.scheme, t.host, t.path, t.query, t.fragment),
            (None, None, 0..6, Some(7..8), Some(9..9))
        );
        let v6 = split(b"//[::1]/x");
        assert_eq!((v6.host, v6.port), (Some(2..7), None));
        assert_eq!(split(b"1a:b").path, 0..4);
    }

    #[test]
    fn a_port_is_digits_after_the_last_colon_outside_an_ip_literal() {
        let hp = |s: &[u8]| {
            let p = split(s);
            (p.host, p.port)
        };
        assert_eq!(hp(b"//h:80/"), (Some(2..3), Some(4..6)));
        assert_eq!(hp(b"//h:/"), (Some(2..3), Some(4..4)));
        // Not all digits: no port, the colon is the host's.
        assert_eq!(hp(b"//h:8a/"), (Some(2..6), None));
        assert_eq!(hp(b"//[::1]:80/"), (Some(2..7), Some(8..10)));
        assert_eq!(hp(b"//[::1]/"), (Some(2..7), None));
    }
}
