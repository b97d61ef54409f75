//! "Did you mean": what an unknown profile name was probably meant to be.
//!
//! Every front end (the CLI's `--profile`, Python's `profile=`, the SQL functions, the npm
//! package's `profile` option, the playground) takes the same names, so a misspelt name must
//! get the same answer in each: the suggestions are computed here, once, and the front ends
//! only add where to find the full list (`'pctenc profiles' lists them all`, ...). The
//! message itself is [`UnknownProfile`]'s `Display`, so its words are the same everywhere too.
//!
//! The measure is the one every option word's "did you mean" uses
//! ([`options::suggest`](crate::options::suggest)).

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use super::{names, Profile};

/// Names and aliases that look like `name`, best first: at most four, each with a similar
/// spelling (Jaro-Winkler similarity at least 0.85, ASCII case ignored) or containing `name`
/// (or contained in it) where `name` has at least three bytes. Empty when nothing is close.
/// Ties are broken alphabetically, so the answer never depends on the table's order.
///
/// ```
/// use pctenc::profile::suggest::close_names;
/// assert_eq!(close_names("js-componnet"), ["js-component"]);
/// assert_eq!(close_names("dotnet"), ["dotnet-escapedatastring", "dotnet-httputility", "dotnet-webutility"]);
/// assert!(close_names("zzzzzz").is_empty());
/// ```
pub fn close_names(name: &str) -> Vec<&'static str> {
    crate::options::suggest::close(name, names::names().map(|(n, _)| n))
}

/// Finds a profile by name or alias (as [`by_name`](super::by_name)), or says which names
/// are close.
///
/// ```
/// use pctenc::profile::suggest::lookup;
/// assert_eq!(lookup("encodeURIComponent").unwrap().name(), "js-component");
/// let e = lookup("rfc396").unwrap_err();
/// assert_eq!(e.close_names()[0], "rfc3986");
/// assert_eq!(e.to_string(), "unknown profile 'rfc396'; did you mean rfc3986, rfc2396, rfc3987, rfc3986-host?");
/// ```
///
/// # Errors
/// [`UnknownProfile`] when no profile has that name.
pub fn lookup(name: &str) -> Result<&'static Profile, UnknownProfile> {
    names::by_name(name).ok_or_else(|| UnknownProfile::new(name))
}

/// A profile name that is not in the table, with the names it was probably meant to be.
///
/// Its `Display` is the message every front end shows: `unknown profile 'NAME'`, then
/// `; did you mean A, B?` when some names are close. Front ends append where the full list
/// is, in their own terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownProfile {
    name: String,
    close: Vec<&'static str>,
}

impl UnknownProfile {
    /// The error for `name`, with its [`close_names`].
    ///
    /// ```
    /// let e = pctenc::profile::suggest::UnknownProfile::new("zzzzzz");
    /// assert_eq!(e.to_string(), "unknown profile 'zzzzzz'");
    /// ```
    pub fn new(name: &str) -> UnknownProfile {
        UnknownProfile { name: name.to_string(), close: close_names(name) }
    }

    /// The name as given.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The names it was probably meant to be, best first (maybe none).
    pub fn close_names(&self) -> &[&'static str] {
        &self.close
    }
}

impl fmt::Display for UnknownProfile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown profile '{}'", self.name)?;
        if let Some((first, rest)) = self.close.split_first() {
            write!(f, "; did you mean {first}")?;
            for n in rest {
                write!(f, ", {n}")?;
            }
            f.write_str("?")?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownProfile {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_are_names_that_exist_best_first() {
        for typo in ["rfc396", "componnet", "url", "dotnet", "FORMM", "js-escpe", "quote-plus"] {
            let close = close_names(typo);
            assert!(close.len() <= 4, "{typo}: {close:?}");
            for n in &close {
                assert!(names::by_name(n).is_some(), "{typo}: {n}");
            }
        }
        assert_eq!(close_names("rfc396")[0], "rfc3986");
        assert_eq!(close_names("FORMM")[0], "form");
        // containment: the part of the name people remember
        let close = close_names("component");
        assert!(close.contains(&"js-component") && close.contains(&"url-component"), "{close:?}");
        // too short to contain anything meaningfully
        assert!(close_names("py").is_empty());
    }

    #[test]
    fn case_does_not_matter() {
        assert_eq!(close_names("RFC396"), close_names("rfc396"));
    }

    #[test]
    fn a_known_name_is_found_not_suggested() {
        assert_eq!(lookup("FORM").unwrap().name(), "form");
        let e = lookup("js-componnet").unwrap_err();
        assert_eq!((e.name(), e.close_names()), ("js-componnet", &["js-component"][..]));
    }
}
