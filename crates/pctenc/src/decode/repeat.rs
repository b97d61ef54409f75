//! Decoding again and again, until the text stops changing: how deep an encoding goes.
//!
//! Text that went through several encoders (a URL inside a query inside a redirect, or an
//! attack's `%252e`) needs more than one decode to read, and how many is itself worth knowing:
//! a depth above one in a request is double encoding (CVE-2001-0333). [`Profile::decode_repeat`]
//! decodes up to a number of passes and stops early when a pass changes nothing; it reports
//! the depth (the passes that changed something) and why it stopped. Each pass is linear, so
//! the cost is at most `passes × input length`: the limit is what bounds it, since a chain
//! like `%2525…2541` takes one pass per `25`.

use alloc::borrow::Cow;

use crate::error::DecodeError;
use crate::profile::Profile;

/// Why [`Profile::decode_repeat`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepeatStop {
    /// Another pass would change nothing.
    Stable,
    /// The pass limit was reached and another pass would still change the text.
    Limit,
    /// Another pass would fail under the profile's rules (a strict profile, and a `%` that
    /// the last pass produced from `%25`); the error's offset indexes the output.
    Invalid(DecodeError),
}

/// What [`Profile::decode_repeat`] produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repeated<'a> {
    /// The text after the last pass that changed it.
    pub output: Cow<'a, [u8]>,
    /// How many passes changed the text.
    pub depth: usize,
    /// Why it stopped.
    pub stop: RepeatStop,
}

impl Profile {
    /// Decodes `input` up to `passes` times, stopping as soon as a pass would change nothing
    /// (`decode --repeat N`); with a large `passes`, until stable (`--until-stable`).
    ///
    /// ```
    /// use pctenc::decode::repeat::RepeatStop;
    /// use pctenc::profile::whatwg::COMPONENT;
    /// let r = COMPONENT.decode_repeat("%25252e%25252e", 10).unwrap();
    /// assert_eq!((r.output.as_ref(), r.depth, r.stop), (&b".."[..], 3, RepeatStop::Stable));
    /// let r = COMPONENT.decode_repeat("%25252e", 1).unwrap();
    /// assert_eq!((r.output.as_ref(), r.depth, r.stop), (&b"%252e"[..], 1, RepeatStop::Limit));
    /// ```
    ///
    /// # Errors
    /// The first pass's [`DecodeError`]: the input itself does not decode. Later failures
    /// are reported as [`RepeatStop::Invalid`].
    pub fn decode_repeat<'a, I: AsRef<[u8]> + ?Sized>(
        &self,
        input: &'a I,
        passes: usize,
    ) -> Result<Repeated<'a>, DecodeError> {
        let mut current: Cow<'a, [u8]> = Cow::Borrowed(input.as_ref());
        let mut depth = 0;
        loop {
            let next = match self.decode(current.as_ref()) {
                Ok(next) => next.into_owned(),
                Err(e) if depth == 0 => return Err(e),
                Err(e) => {
                    return Ok(Repeated { output: current, depth, stop: RepeatStop::Invalid(e) })
                }
            };
            if next.as_slice() == current.as_ref() {
                return Ok(Repeated { output: current, depth, stop: RepeatStop::Stable });
            }
            if depth == passes {
                return Ok(Repeated { output: current, depth, stop: RepeatStop::Limit });
            }
            current = Cow::Owned(next);
            depth += 1;
        }
    }
}
