//! "Did you mean": which known words a misspelt one was probably meant to be, for every
//! option (keys, words, profile names, charset labels), so that every front end suggests
//! the same words.
//!
//! The measure is Jaro-Winkler similarity (from `strsim`, with the `std` feature), which
//! rewards a shared prefix: names come in families with a common head (`rfc3986-*`,
//! `url-*`), and a typo usually keeps the head. A word that contains the input, or is
//! contained in it (`component` in `js-component`), counts as close too, since people type
//! the part they remember. Without `std` nothing is suggested.

#[cfg(feature = "std")]
use alloc::string::String;
use alloc::vec::Vec;

/// The least Jaro-Winkler similarity of a suggestion (containment counts as 0.9).
#[cfg(feature = "std")]
const THRESHOLD: f64 = 0.85;

/// The most suggestions: more would be a list, not a hint.
#[cfg(feature = "std")]
const MOST: usize = 4;

/// The words of `known` that look like `given`, best first: at most four, each with a
/// similar spelling (Jaro-Winkler similarity at least 0.85, ASCII case ignored, with or
/// without the separators `_` and `-`) or containing `given` (or contained in it) where `given` has at
/// least three bytes. Ties are broken alphabetically, so the answer never depends on the
/// order of `known`. Empty without the `std` feature.
///
/// ```
/// use pctenc::options::suggest::close;
/// assert_eq!(close("lossey", ["strict", "lossy", "bytes"]), ["lossy"]);
/// assert!(close("zzzzzz", ["strict", "lossy"]).is_empty());
/// ```
pub fn close<'a>(given: &str, known: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    #[cfg(feature = "std")]
    {
        let want = fold(given);
        let want_bare = bare(&want);
        let mut scored: Vec<(f64, &'a str)> = known
            .into_iter()
            .map(|k| {
                let have = fold(k);
                let mut score = strsim::jaro_winkler(&want, &have)
                    .max(strsim::jaro_winkler(&want_bare, &bare(&have)));
                if want.len() >= 3 && (have.contains(&want) || want.contains(&have)) {
                    score = score.max(0.9);
                }
                (score, k)
            })
            .filter(|(score, _)| *score >= THRESHOLD)
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
        scored.dedup_by(|a, b| a.1 == b.1);
        scored.into_iter().take(MOST).map(|(_, k)| k).collect()
    }
    #[cfg(not(feature = "std"))]
    {
        let _ = (given, known.into_iter());
        Vec::new()
    }
}

/// ASCII lower case.
#[cfg(feature = "std")]
fn fold(s: &str) -> String {
    s.to_ascii_lowercase()
}

/// Without the separators `_` and `-`, which keys ignore (`utf-9` is close to `utf8`).
#[cfg(feature = "std")]
fn bare(s: &str) -> String {
    s.chars().filter(|c| *c != '_' && *c != '-').collect()
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;

    #[test]
    fn best_first_and_bounded() {
        let names = ["rfc3986", "rfc2396", "rfc1738", "rfc3986-host", "rfc3986-path", "form"];
        let c = close("rfc396", names);
        assert_eq!(c[0], "rfc3986");
        assert!(c.len() <= MOST);
        assert_eq!(close("RFC396", names), c);
        assert!(close("py", ["py-quote"]).is_empty(), "too short to contain");
        assert_eq!(close("quote", ["py-quote", "py-quote-plus"]), ["py-quote", "py-quote-plus"]);
    }
}
