//! What one SQL call asks for: the operation, the profile and the options, resolved from the
//! SQL arguments into a [`Plan`] that runs on whole vectors.
//!
//! `pct_decode(value, profile, options)`: the profile is any name or alias of the core's
//! table (an unknown one gets the core's "did you mean"); the options are `key=value` words
//! separated by commas or spaces, `'on_error=null, utf8=lossy'`. When both are constants (the
//! usual case) the plan is made once per bound function, at bind time, and an unknown word
//! fails the query before a row is read; when they come from columns, a plan is made per run
//! of equal arguments.
//!
//! The words and their meanings are those of the Python adapters (`pctenc.arrow`,
//! `pctenc.duckdb`): `on_error` = `raise|null|keep|replace` (the core's [`OnError`] names),
//! `malformed` = `strict|lenient`, `utf8` = `strict|lossy|bytes` (core [`Utf8`] names),
//! `lower` = `true|false` (encode: lower-case hex).

use pctenc::batch::OnError;
use pctenc::profile::suggest::lookup;
use pctenc::{HexCase, Malformed, Profile, Utf8};

/// What the function does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `pct_encode`: value to text.
    Encode,
    /// `pct_decode` / `pct_try_decode`: text (or bytes) to text (or bytes).
    Decode,
    /// `pct_identity` (feature `bench-identity`): each row as it is.
    Identity,
}

/// The type of the values in and out of one overload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// VARCHAR: valid UTF-8, checked by DuckDB on the way in and by us on the way out.
    Text,
    /// BLOB: any bytes.
    Bytes,
}

/// One SQL function overload: the name it answers to and what it does.
#[derive(Clone, Copy, Debug)]
pub struct Function {
    /// The SQL name (`pct_decode`).
    pub name: &'static str,
    /// Encode or decode.
    pub op: Op,
    /// The input column's type.
    pub input: Kind,
    /// The result's type.
    pub output: Kind,
    /// The row policy when neither the options nor the function say otherwise.
    pub on_error: OnError,
}

/// A resolved call: everything the vector loop needs, no strings left.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// The function called.
    pub function: Function,
    /// The profile, with the options' overrides applied (hex case).
    pub profile: Profile,
    /// The decoding malformed-escape override, if any.
    pub malformed: Option<Malformed>,
    /// The decoding UTF-8 override, if any.
    pub utf8: Option<Utf8>,
    /// What a bad row does.
    pub on_error: OnError,
}

/// The profile when the call names none: DuckDB's own dialect, so that `pct_decode(s)` is
/// `url_decode(s)` with errors that say where.
pub const DEFAULT_PROFILE: &str = "duckdb";

impl Plan {
    /// Resolves `profile` (`None`: [`DEFAULT_PROFILE`]) and `options` (`None`: none) for
    /// `function`.
    ///
    /// # Errors
    /// A message naming the unknown profile (with the nearest names), option or value.
    pub fn new(
        function: Function,
        profile: Option<&str>,
        options: Option<&str>,
    ) -> Result<Plan, String> {
        let name = profile.unwrap_or(DEFAULT_PROFILE);
        let profile = *lookup(name.trim()).map_err(|e| e.to_string())?;
        let mut plan =
            Plan { function, profile, malformed: None, utf8: None, on_error: function.on_error };
        for word in options.unwrap_or("").split([',', ' ', ';']).filter(|w| !w.is_empty()) {
            plan.apply(word)?;
        }
        if function.output == Kind::Bytes && plan.utf8.is_none() {
            // A BLOB holds any bytes: the profile's UTF-8 policy is for text.
            plan.utf8 = Some(Utf8::Bytes);
        }
        if function.output == Kind::Text && plan.utf8 == Some(Utf8::Bytes) {
            return Err(format!(
                "{}: utf8=bytes gives bytes, which a VARCHAR cannot hold: call it on a BLOB \
                 (encode(s) turns text into its bytes) to get a BLOB",
                function.name
            ));
        }
        Ok(plan)
    }

    fn apply(&mut self, word: &str) -> Result<(), String> {
        let f = self.function.name;
        let (key, value) = word.split_once('=').unwrap_or((word, "true"));
        let bad = |what: &str, allowed: &str| {
            format!("{f}: unknown {what} {value:?} in options (expected {allowed})")
        };
        match (key.trim(), self.function.op) {
            // Encoding fails only for a profile that keeps non-ASCII text over bytes that are
            // not UTF-8; the same policies apply.
            ("on_error", _) => {
                self.on_error = OnError::by_name(value)
                    .ok_or_else(|| bad("on_error", &OnError::NAMES.join(", ")))?;
            }
            ("malformed", Op::Decode) => {
                self.malformed = Some(match value {
                    "strict" => Malformed::Reject,
                    "lenient" => Malformed::PassThrough,
                    _ => return Err(bad("malformed policy", "strict, lenient")),
                });
            }
            ("utf8", Op::Decode) => {
                self.utf8 = Some(match Utf8::from_name(value) {
                    Some(u @ (Utf8::Strict | Utf8::Lossy | Utf8::Bytes)) => u,
                    _ => return Err(bad("utf8 policy", "strict, lossy, bytes")),
                });
            }
            ("lower", Op::Encode) => {
                let lower = match value {
                    "true" | "1" | "yes" => true,
                    "false" | "0" | "no" => false,
                    _ => return Err(bad("value for lower", "true, false")),
                };
                self.profile = self.profile.with_hex(if lower {
                    HexCase::Lower
                } else {
                    self.profile.hex_case()
                });
            }
            (key, op) => {
                let known = match op {
                    Op::Encode => "lower, on_error",
                    Op::Decode => "on_error, malformed, utf8",
                    Op::Identity => "none",
                };
                return Err(format!("{f}: unknown option {key:?} (options of {f}: {known})"));
            }
        }
        Ok(())
    }

    /// The decode run this plan makes (the core's batch API), for text or bytes out.
    pub fn decoder(&self) -> pctenc::batch::Decode<'_> {
        let mut d = pctenc::batch::Decode::new(&self.profile);
        if let Some(m) = self.malformed {
            d = d.malformed(m);
        }
        if let Some(u) = self.utf8 {
            d = d.utf8(u);
        }
        if self.function.output == Kind::Text {
            d = d.text();
        }
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DECODE: Function = Function {
        name: "pct_decode",
        op: Op::Decode,
        input: Kind::Text,
        output: Kind::Text,
        on_error: OnError::Raise,
    };
    const ENCODE: Function = Function { name: "pct_encode", op: Op::Encode, ..DECODE };

    #[test]
    fn profile_defaults_to_duckdb_and_aliases_resolve() {
        assert_eq!(Plan::new(DECODE, None, None).unwrap().profile.name(), "duckdb");
        let p = Plan::new(DECODE, Some("encodeURIComponent"), None).unwrap();
        assert_eq!(p.profile.name(), "js-component");
    }

    #[test]
    fn unknown_profile_says_did_you_mean() {
        let e = Plan::new(DECODE, Some("sprak"), None).unwrap_err();
        assert!(e.contains("unknown profile") && e.contains("spark"), "{e}");
    }

    #[test]
    fn options_are_parsed_and_checked() {
        let p = Plan::new(DECODE, Some("form"), Some("on_error=null, malformed=strict")).unwrap();
        assert_eq!((p.on_error, p.malformed), (OnError::Null, Some(Malformed::Reject)));
        let p = Plan::new(ENCODE, Some("rfc3986"), Some("lower")).unwrap();
        assert_eq!(p.profile.encode("é"), "%c3%a9");
        let e = Plan::new(DECODE, None, Some("utf8=latin1")).unwrap_err();
        assert!(e.contains("utf8 policy") && e.contains("strict, lossy, bytes"), "{e}");
        let e = Plan::new(ENCODE, None, Some("utf8=lossy")).unwrap_err();
        assert!(e.contains("unknown option \"utf8\""), "{e}");
        let e = Plan::new(DECODE, None, Some("utf8=bytes")).unwrap_err();
        assert!(e.contains("BLOB"), "{e}");
    }
}
