//! The name table: every profile name and alias, sorted, shared by the library, the CLI and
//! the playground. Lookups ignore ASCII case, so `encodeURIComponent` finds `js-component`.

use super::{engines, js, legacy, protocols, rfc3986, runtimes, whatwg, Profile};

/// Every named profile, in the order `pctenc profiles` lists them (by family).
pub const ALL: &[&Profile] = &[
    rfc3986::RFC3986,
    rfc3986::SEGMENT,
    rfc3986::PATH,
    rfc3986::QUERY,
    rfc3986::USERINFO,
    rfc3986::HOST,
    whatwg::C0_CONTROL,
    whatwg::FRAGMENT,
    whatwg::QUERY,
    whatwg::SPECIAL_QUERY,
    whatwg::PATH,
    whatwg::USERINFO,
    whatwg::COMPONENT,
    whatwg::FORM,
    js::URI,
    js::COMPONENT,
    js::ESCAPE,
    runtimes::PY_QUOTE,
    runtimes::PY_QUOTE_PLUS,
    runtimes::GO_QUERY,
    runtimes::GO_PATH,
    runtimes::PHP_URLENCODE,
    runtimes::PHP_RAWURLENCODE,
    runtimes::JAVA_URLENCODER,
    runtimes::DOTNET_ESCAPEDATASTRING,
    runtimes::DOTNET_WEBUTILITY,
    runtimes::DOTNET_HTTPUTILITY,
    runtimes::PERL_URI_ESCAPE_DECODED,
    engines::DUCKDB,
    engines::CLICKHOUSE,
    engines::CLICKHOUSE_FORM,
    legacy::RFC1738,
    legacy::RFC2396,
    protocols::OAUTH1,
    protocols::RFC8187,
    protocols::ALPN,
    protocols::URI_TEMPLATE_RESERVED,
    protocols::IRI,
    protocols::MAILTO,
    protocols::MULTIPART_NAME,
];

/// Number of names and aliases.
const fn count_names() -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < ALL.len() {
        n += 1 + ALL[i].aliases().len();
        i += 1;
    }
    n
}

const NAME_COUNT: usize = count_names();

/// `(name or alias, profile)`, sorted by name in ASCII lower case; built at compile time.
pub static TABLE: [(&str, &Profile); NAME_COUNT] = build_table();

const fn build_table() -> [(&'static str, &'static Profile); NAME_COUNT] {
    let mut table: [(&str, &Profile); NAME_COUNT] = [("", ALL[0]); NAME_COUNT];
    let mut n = 0;
    let mut i = 0;
    while i < ALL.len() {
        table[n] = (ALL[i].name(), ALL[i]);
        n += 1;
        let mut a = 0;
        while a < ALL[i].aliases().len() {
            table[n] = (ALL[i].aliases()[a], ALL[i]);
            n += 1;
            a += 1;
        }
        i += 1;
    }
    // Insertion sort: the table is small and this runs at compile time.
    let mut i = 1;
    while i < NAME_COUNT {
        let mut j = i;
        while j > 0 && cmp_ignore_case(table[j - 1].0.as_bytes(), table[j].0.as_bytes()) > 0 {
            let tmp = table[j - 1];
            table[j - 1] = table[j];
            table[j] = tmp;
            j -= 1;
        }
        i += 1;
    }
    // Names must be unique, or a lookup would be ambiguous.
    let mut i = 1;
    while i < NAME_COUNT {
        assert!(
            cmp_ignore_case(table[i - 1].0.as_bytes(), table[i].0.as_bytes()) < 0,
            "duplicate profile name"
        );
        i += 1;
    }
    table
}

/// Compares two names ignoring ASCII case: -1, 0 or 1.
const fn cmp_ignore_case(a: &[u8], b: &[u8]) -> i32 {
    let mut i = 0;
    while i < a.len() && i < b.len() {
        let (x, y) = (a[i].to_ascii_lowercase(), b[i].to_ascii_lowercase());
        if x != y {
            return if x < y { -1 } else { 1 };
        }
        i += 1;
    }
    if a.len() == b.len() {
        0
    } else if a.len() < b.len() {
        -1
    } else {
        1
    }
}

/// Finds a profile by name or alias, ignoring ASCII case.
///
/// ```
/// use pctenc::profile::by_name;
/// assert_eq!(by_name("encodeURIComponent").unwrap().name(), "js-component");
/// assert_eq!(by_name("rfc3986-fragment").unwrap().name(), "rfc3986-query");
/// assert!(by_name("nope").is_none());
/// ```
pub fn by_name(name: &str) -> Option<&'static Profile> {
    TABLE
        .binary_search_by(|(n, _)| cmp_ignore_case(n.as_bytes(), name.as_bytes()).cmp(&0))
        .ok()
        .map(|i| TABLE[i].1)
}

/// Every name and alias with its profile, sorted.
pub fn names() -> impl Iterator<Item = (&'static str, &'static Profile)> {
    TABLE.iter().copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `names()` is sorted as its documentation says: by name, ignoring ASCII case, a name
    /// before the longer names it begins.
    #[test]
    fn names_are_sorted_ignoring_case() {
        let names: alloc::vec::Vec<_> = names().map(|(n, _)| n.to_ascii_lowercase()).collect();
        assert!(names.len() > ALL.len());
        for pair in names.windows(2) {
            assert!(pair[0] < pair[1], "{} before {}", pair[0], pair[1]);
        }
        assert_eq!(cmp_ignore_case(b"URL", b"url-path"), -1);
        assert_eq!(cmp_ignore_case(b"url-Path", b"URL"), 1);
        assert_eq!(cmp_ignore_case(b"Go-Path", b"go-path"), 0);
    }

    #[test]
    fn every_name_and_alias_finds_its_profile() {
        for p in ALL {
            assert_eq!(by_name(p.name()).unwrap().name(), p.name());
            assert_eq!(by_name(&p.name().to_ascii_uppercase()).unwrap().name(), p.name());
            for a in p.aliases() {
                assert_eq!(by_name(a).unwrap().name(), p.name(), "alias {a}");
            }
            assert!(!p.source().is_empty(), "{} says where it comes from", p.name());
        }
    }

    #[test]
    fn design_contract_names_exist() {
        for n in [
            "rfc3986",
            "rfc3986-segment",
            "rfc3986-path",
            "rfc3986-query",
            "rfc3986-fragment",
            "rfc3986-userinfo",
            "rfc3986-host",
            "url-c0",
            "url-fragment",
            "url-query",
            "url-special-query",
            "url-path",
            "url-userinfo",
            "url-component",
            "form",
            "js-uri",
            "js-component",
            "js-escape",
            "py-quote",
            "py-quote-plus",
            "go-query",
            "go-path",
            "php-urlencode",
            "php-rawurlencode",
            "java-urlencoder",
            "dotnet-escapedatastring",
            "dotnet-webutility",
            "dotnet-httputility",
            "curl",
            "perl-uri-escape",
            "perl-uri-escape-decoded",
            "spark",
            "duckdb",
            "clickhouse",
            "clickhouse-form",
            "rfc1738",
            "rfc2396",
            "oauth1",
            "rfc8187",
            "alpn",
            "uri-template",
            "uri-template-reserved",
            "iri",
            "mailto",
            "multipart-name",
        ] {
            assert!(by_name(n).is_some(), "{n}");
        }
    }
}
