//! The JNI exports behind the `String` calls of `org.pctenc.Pctenc`: one native call per
//! value, arguments all primitives, no call back into the JVM.
//!
//! The JDK's conversions cost more than percent-coding a short value: `getBytes(UTF_8)` of a
//! string holding characters beyond Latin-1 (a scalar loop), and `new String(bytes, UTF_8)`
//! of text beyond ASCII; so do JNI's own `String` functions (`GetStringRegion` and
//! `NewStringUTF` enter the VM and loop there a character at a time). What each direction
//! does instead, measured with jvm/bench/ApiBench.java:
//!
//! - **Encode** ([`Java_org_pctenc_Native_runUtf16`]): the Java side copies the value's
//!   UTF-16 units into the thread's `Scratch` (`String.getChars` and a bulk copy, both
//!   vectorised by the JIT); [`utf16::utf8_of_java`] makes the bytes `getBytes(UTF_8)`
//!   would (an unpaired surrogate is `?`), and the codec encodes them with the core's
//!   kernels. (A one-pass encoder from the units, by a table of each byte's output, was
//!   slower: its per-unit loop cost more than the conversion and the kernel together; see
//!   BENCHMARKS.md, "Java API, Strings".)
//! - **Decode** ([`Java_org_pctenc_Native_runUtf8`]): the input is `getBytes(UTF_8)` (an
//!   encoded value is ASCII, which the JDK copies as it is).
//!
//! Both write the result after the input in one of the two forms a `String` keeps its
//! characters in: ASCII bytes (every encoded value; Java makes it a String with
//! `new String(bytes, ISO_8859_1)`, a copy) or UTF-16 units from [`utf16::utf16_of_utf8`]
//! (`new String(chars)`, a copy the JDK narrows to Latin-1 when it can). An output that is
//! not UTF-8 or does not fit, and a value that fails, come back as codes and the Java side
//! makes the `byte[]` call on the same bytes (which throws the core's error, with the offset
//! in those bytes), so results, errors and offsets are those of `getBytes` and the `byte[]`
//! calls.
//!
//! The UTF-8 and the output live in per-thread buffers reused from call to call (given back
//! after a value longer than [`KEEP_SCRATCH`]), so a call allocates nothing.

use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};

use jni::sys::{jint, jlong, jobject, JNIEnv};

use crate::codec::{Codec, Outcome};
use crate::ffi::{
    codec, in_frame, native_slice, DOES_NOT_FIT, FAILED, KEEP_SCRATCH, NULL_VALUE, UNCHANGED,
};
use crate::utf16;

/// A thread's buffers for one `String` call: the value's UTF-8, the codec's output.
struct Buffers {
    input: Vec<u8>,
    output: Vec<u8>,
}

thread_local! {
    static BUFFERS: RefCell<Buffers> =
        const { RefCell::new(Buffers { input: Vec::new(), output: Vec::new() }) };
}

// The two calls return a length (of ASCII bytes, or of UTF-16 units with `WIDE` set) or one
// of `ffi`'s codes: DOES_NOT_FIT also when the result is not UTF-8 (the Java side then takes
// its `byte[]` path: `getBytes`, `Native.run`, the JDK's decoder), and FAILED when the value
// failed in raise mode or the arguments are not org.pctenc's (the Java side's `byte[]` call
// on the same bytes throws why).

/// Set in a length of UTF-16 units.
const WIDE: jint = 1 << 30;

/// `static native int runUtf16(long handle, long input, int len, long out, int room)`: the
/// codec on the UTF-8 of the `len` native-order UTF-16 units at address `input` (a `String`'s
/// characters), the result written to the `room` bytes at address `out`: ASCII bytes
/// (returns their count) or native-order UTF-16 units (returns their count with [`WIDE`]
/// set); or -1 (the output is the input unchanged), -2 (the result is null), -3 (nothing
/// written: make the `byte[]` call), -4 (failed: the `byte[]` call throws why).
///
/// Primitives only, and the body calls nothing in the JVM: the crossing costs what
/// `runAt`'s does.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_pctenc_Native_runUtf16(
    _env: *mut JNIEnv,
    _class: jobject,
    handle: jlong,
    input: jlong,
    len: jint,
    out: jlong,
    room: jint,
) -> jint {
    let codec = codec(handle);
    let (Ok(len), Ok(room)) = (usize::try_from(len), usize::try_from(room)) else {
        return FAILED;
    };
    if input % 2 != 0 || out % 2 != 0 {
        return DOES_NOT_FIT; // org.pctenc's Scratch is aligned; anything else takes the byte[] path.
    }
    // SAFETY: org.pctenc passes the (even, checked above) address of `len` UTF-16 units of
    // native memory it owns for the call (the thread's Scratch), which nothing writes during
    // it.
    let units: &[u16] = unsafe { native_slice(input, len) };
    let run = || {
        in_frame(&BUFFERS, |b| {
            let mut b = b.borrow_mut();
            let Buffers { input, output } = &mut *b;
            input.clear();
            utf16::utf8_of_java(units, input);
            let n = code(codec, input, output, out, room);
            if input.capacity() > KEEP_SCRATCH || output.capacity() > KEEP_SCRATCH {
                *b = Buffers { input: Vec::new(), output: Vec::new() };
            }
            n
        })
    };
    catch_unwind(AssertUnwindSafe(run)).unwrap_or(FAILED)
}

/// `static native int runUtf8(long handle, long input, int len, long out, int room)`:
/// [`Java_org_pctenc_Native_runUtf16`] on the `len` UTF-8 bytes at address `input` (a
/// `String`'s `getBytes(UTF_8)`, which the JDK makes with a copy when the string is ASCII,
/// as an encoded value is), the result written as that call writes it.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_pctenc_Native_runUtf8(
    _env: *mut JNIEnv,
    _class: jobject,
    handle: jlong,
    input: jlong,
    len: jint,
    out: jlong,
    room: jint,
) -> jint {
    let codec = codec(handle);
    let (Ok(len), Ok(room)) = (usize::try_from(len), usize::try_from(room)) else {
        return FAILED;
    };
    if out % 2 != 0 {
        return DOES_NOT_FIT;
    }
    // SAFETY: org.pctenc passes the address of `len` bytes of native memory it owns for the
    // call (the thread's Scratch), which nothing writes during it.
    let input: &[u8] = unsafe { native_slice(input, len) };
    let run = || {
        in_frame(&BUFFERS, |b| {
            let mut b = b.borrow_mut();
            let output = &mut b.output;
            let n = code(codec, input, output, out, room);
            if output.capacity() > KEEP_SCRATCH {
                *output = Vec::new();
            }
            n
        })
    };
    catch_unwind(AssertUnwindSafe(run)).unwrap_or(FAILED)
}

/// Runs `codec` on `input` into `output` (cleared first) and writes the result to the
/// `room` bytes at address `out`; returns what [`Java_org_pctenc_Native_runUtf16`] returns.
#[inline(always)]
fn code(codec: &Codec, input: &[u8], output: &mut Vec<u8>, out: jlong, room: usize) -> jint {
    output.clear();
    match codec.run(input, output) {
        Ok(Outcome::Unchanged) => UNCHANGED,
        Ok(Outcome::Null) => NULL_VALUE,
        Ok(Outcome::Written) => write_result(output, out, room),
        Err(_) => FAILED,
    }
}

/// Writes `output` (the codec's UTF-8) to the `room` bytes at address `out` as ASCII bytes
/// or UTF-16 units; returns what [`Java_org_pctenc_Native_runUtf16`] returns.
fn write_result(output: &[u8], out: jlong, room: usize) -> jint {
    // ASCII needs a byte, UTF-16 at most a unit, per byte of UTF-8.
    let len = output.len();
    if 2 * len > room || len >= WIDE as usize {
        return DOES_NOT_FIT;
    }
    if len == 0 {
        return 0;
    }
    // The core's word-at-a-time check: `<[u8]>::is_ascii` went a byte at a time here, a fifth
    // of an encode call.
    if pctenc::batch::is_ascii(output) {
        // SAFETY: `out` is the address of `room >= len` writable bytes of native memory the
        // caller owns for the call, apart from the input (see runUtf16).
        let bytes = unsafe { std::slice::from_raw_parts_mut(out as usize as *mut u8, len) };
        bytes.copy_from_slice(output);
        return len as jint;
    }
    // SAFETY: as above, `room >= 2 * len` bytes at an even address (checked in runUtf16).
    let units = unsafe { std::slice::from_raw_parts_mut(out as usize as *mut u16, len) };
    match utf16::utf16_of_utf8(output, units) {
        Some(n) => n as jint | WIDE,
        None => DOES_NOT_FIT,
    }
}
