//! The JNI exports of `org.pctenc.Native`: the only module with `unsafe`.
//!
//! Two kinds of call:
//!
//! - **Per value.** [`Java_org_pctenc_Native_runAt`] is the per-row path of Spark's
//!   functions and the Java API: its arguments are addresses and lengths of native memory
//!   (a thread's scratch buffer the Java side copied the value into, or Spark's off-heap
//!   row) and it calls nothing in the JVM, so its crossing costs what a JNI call of
//!   primitives costs (a few ns); a value that fails comes back as a code, and Java calls
//!   `run` on the same bytes for the exception. The array calls
//!   ([`Java_org_pctenc_Native_runInto`], [`Java_org_pctenc_Native_run`], the query calls
//!   `queryParam`, `queryParse`, `queryBuild`) serve long values, errors and the queries, kept
//!   lean too: raw JNI through the function table in `jni::sys` (no checked helpers, which
//!   cost about 120 ns a call more), the input read in place between
//!   `GetPrimitiveArrayCritical` and its release, its range trusted from the Java caller that
//!   checked it (no `GetArrayLength`), the output built in a per-thread buffer and copied
//!   into an array Java allocated (`runInto`) or into one new `byte[]`. An input that comes
//!   out unchanged allocates nothing: Java keeps its own object.
//! - **Once** (compile a codec, names, version, throwing an exception): through the `jni`
//!   crate's checked `Env`, where a few hundred nanoseconds do not matter.
//!
//! No Rust panic crosses into the JVM: each export runs its Rust work under `catch_unwind`
//! and turns a panic into a Java exception.

use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::thread::LocalKey;

use jni::errors::ThrowRuntimeExAndDefault;
use jni::objects::{JClass, JObject, JString, JValue};
use jni::sys::{jbyteArray, jint, jlong, jobject, JNIEnv, JNI_ABORT};
use jni::{jni_sig, jni_str, Env, EnvUnowned};

use crate::codec::{Codec, Mode, Outcome, ValueError};
use crate::query::{QueryCodec, QueryOp};

/// The largest output buffer a thread keeps between calls; a larger one (a very long value)
/// is given back after the call, so memory stays bounded by the values in flight.
pub(crate) const KEEP_SCRATCH: usize = 1 << 20;

thread_local! {
    /// Each thread's output buffer, reused from call to call.
    static SCRATCH: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// `static native long compile(int mode, String profile, String options, int flags)`: the
/// handle of the interned codec, or an `IllegalArgumentException` with the core's message.
/// `profile` and `options` may be null.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_pctenc_Native_compile<'local>(
    mut unowned: EnvUnowned<'local>,
    _class: JClass<'local>,
    mode: jint,
    profile: JString<'local>,
    options: JString<'local>,
    flags: jint,
) -> jlong {
    unowned
        .with_env(|env| {
            compile_handle(env, &profile, &options, |profile, options| {
                let mode =
                    Mode::from_int(mode).ok_or_else(|| "pctenc: unknown mode".to_string())?;
                let codec = Codec::compile(mode, profile, options, flags).map_err(|e| e.0)?;
                Ok(codec as *const Codec as jlong)
            })
        })
        .resolve::<ThrowRuntimeExAndDefault>()
}

/// The body of both compile exports: reads the optional `profile` and `options` strings and
/// turns them into a handle with `compile`, or throws an `IllegalArgumentException` with the
/// core's message (and returns 0).
fn compile_handle(
    env: &mut Env<'_>,
    profile: &JString<'_>,
    options: &JString<'_>,
    compile: impl FnOnce(Option<&str>, &str) -> Result<jlong, String>,
) -> jni::errors::Result<jlong> {
    let profile = if profile.is_null() { None } else { Some(profile.try_to_string(env)?) };
    let options = if options.is_null() { String::new() } else { options.try_to_string(env)? };
    match compile(profile.as_deref(), &options) {
        Ok(handle) => Ok(handle),
        Err(message) => {
            env.throw_new(
                jni_str!("java/lang/IllegalArgumentException"),
                jni::strings::JNIString::from(message),
            )?;
            Ok(0)
        }
    }
}

/// `static native String profileName(long handle)`: the profile's canonical name.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_pctenc_Native_profileName<'local>(
    mut unowned: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) -> JString<'local> {
    unowned
        .with_env(|env| -> jni::errors::Result<JString<'local>> {
            env.new_string(codec(handle).profile_name())
        })
        .resolve::<ThrowRuntimeExAndDefault>()
}

/// `static native String version()`: this library's version (the workspace's), which the
/// Java side compares with its own at load time.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_pctenc_Native_version<'local>(
    mut unowned: EnvUnowned<'local>,
    _class: JClass<'local>,
) -> JString<'local> {
    unowned
        .with_env(|env| -> jni::errors::Result<JString<'local>> {
            env.new_string(env!("CARGO_PKG_VERSION"))
        })
        .resolve::<ThrowRuntimeExAndDefault>()
}

/// `static native boolean decodesToBytes(long handle)`: whether the codec decodes to bytes
/// that need not be UTF-8 (`utf8=bytes`).
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_pctenc_Native_decodesToBytes(
    _env: *mut JNIEnv,
    _class: jobject,
    handle: jlong,
) -> jni::sys::jboolean {
    codec(handle).decodes_to_bytes()
}

/// `static native byte[] run(long handle, byte[] input, int from, int len)`.
///
/// Returns `null` when the output is the input (`input[from..from + len]`) unchanged, the
/// `input` array itself when the value is null (a try-decode that failed, or
/// `on_error=null`), and otherwise a new array holding exactly the output. In raise mode a
/// value that fails throws `org.pctenc.PctencException`; bad arguments throw
/// `IllegalArgumentException`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_pctenc_Native_run(
    env: *mut JNIEnv,
    _class: jobject,
    handle: jlong,
    input: jbyteArray,
    from: jint,
    len: jint,
) -> jbyteArray {
    let codec = codec(handle);
    let Some(result) = with_critical(env, input, from, len, |value| run_value(codec, value)) else {
        return std::ptr::null_mut();
    };
    match result {
        Ok(Some(Outcome::Unchanged)) => std::ptr::null_mut(),
        Ok(Some(Outcome::Null)) => input,
        Ok(Some(Outcome::Written)) | Ok(None) => new_array_from_scratch(env),
        Err(e) => throw_value_error(env, &e),
    }
}

/// `static native long compileQuery(int op, String profile, String options, int flags)`: the
/// handle of the interned query codec, or an `IllegalArgumentException` with the core's
/// message. `profile` and `options` may be null.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_pctenc_Native_compileQuery<'local>(
    mut unowned: EnvUnowned<'local>,
    _class: JClass<'local>,
    op: jint,
    profile: JString<'local>,
    options: JString<'local>,
    flags: jint,
) -> jlong {
    unowned
        .with_env(|env| {
            compile_handle(env, &profile, &options, |profile, options| {
                let op = QueryOp::from_int(op)
                    .ok_or_else(|| "pctenc: unknown query operation".to_string())?;
                let codec = QueryCodec::compile(op, profile, options, flags).map_err(|e| e.0)?;
                Ok(codec as *const QueryCodec as jlong)
            })
        })
        .resolve::<ThrowRuntimeExAndDefault>()
}

/// `static native String queryProfileName(long handle)`: the query codec's profile.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_pctenc_Native_queryProfileName<'local>(
    mut unowned: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) -> JString<'local> {
    unowned
        .with_env(|env| -> jni::errors::Result<JString<'local>> {
            env.new_string(query_codec(handle).profile_name())
        })
        .resolve::<ThrowRuntimeExAndDefault>()
}

/// `static native byte[] queryParam(long handle, byte[] input, int from, int len, byte[] key, int keyLen)`:
/// the first value of `key` in the query of `input[from..from + len]`, a new array; `null`
/// when there is none (the key is absent, or the value failed under `on_error=null`).
/// Throws `PctencException` in raise mode.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_pctenc_Native_queryParam(
    env: *mut JNIEnv,
    _class: jobject,
    handle: jlong,
    input: jbyteArray,
    from: jint,
    len: jint,
    key: jbyteArray,
    key_len: jint,
) -> jbyteArray {
    let codec = query_codec(handle);
    if key.is_null() || key_len < 0 {
        return throw_illegal(env, "pctenc: the key is null");
    }
    // The key is short: copied out (no critical section may be open while the input's is).
    let mut key_bytes = vec![0u8; key_len as usize];
    // SAFETY: `key` is a live byte[] of `key_len` bytes (its length, passed by org.pctenc's
    // own callers) and `key_bytes` holds as many; no exception is pending.
    unsafe {
        ((**env).v1_1.GetByteArrayRegion)(env, key, 0, key_len, key_bytes.as_mut_ptr().cast())
    };
    let got = with_critical(env, input, from, len, |value| {
        scratch(|out| codec.param(value, &key_bytes, out))
    });
    match got {
        Some(Ok(true)) => new_array_from_scratch(env),
        Some(Ok(false)) | None => std::ptr::null_mut(),
        Some(Err(e)) => throw_value_error(env, &e),
    }
}

/// `static native byte[] queryParse(long handle, byte[] input, int from, int len)`: the
/// pairs of the query of `input[from..from + len]` in the layout of `query::write_pairs`;
/// `null` when the row failed under `on_error=null`. Throws `PctencException` in raise mode.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_pctenc_Native_queryParse(
    env: *mut JNIEnv,
    _class: jobject,
    handle: jlong,
    input: jbyteArray,
    from: jint,
    len: jint,
) -> jbyteArray {
    let codec = query_codec(handle);
    match with_critical(env, input, from, len, |value| scratch(|out| codec.parse(value, out))) {
        Some(Ok(true)) => new_array_from_scratch(env),
        Some(Ok(false)) | None => std::ptr::null_mut(),
        Some(Err(e)) => throw_value_error(env, &e),
    }
}

/// `static native byte[] queryBuild(long handle, byte[] pairs, int len)`: the query string of
/// `pairs[0..len]` (the layout of `query::write_pairs`), a new array.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_pctenc_Native_queryBuild(
    env: *mut JNIEnv,
    _class: jobject,
    handle: jlong,
    pairs: jbyteArray,
    len: jint,
) -> jbyteArray {
    let codec = query_codec(handle);
    match with_critical(env, pairs, 0, len, |pairs| scratch(|out| codec.build(pairs, out))) {
        Some(Ok(())) => new_array_from_scratch(env),
        Some(Err(why)) => throw_illegal(env, why),
        None => std::ptr::null_mut(),
    }
}

/// Runs `f` on `array[from..from + len]`, read in place inside a critical section that makes
/// no JNI call; `None` with an exception pending when the array is null, the JVM is out of
/// memory, or `f` panicked.
///
/// The range is not checked here (a `GetArrayLength` is a call into the VM, a tenth of a
/// short value's whole cost): every native method is package-private, and its callers in
/// `org.pctenc` pass a range they checked against the array (`Native.checkRange`).
fn with_critical<T>(
    env: *mut JNIEnv,
    array: jbyteArray,
    from: jint,
    len: jint,
    f: impl FnOnce(&[u8]) -> T,
) -> Option<T> {
    if array.is_null() || from < 0 || len < 0 {
        throw_illegal(env, "pctenc: the value is null, or its range negative");
        return None;
    }
    // SAFETY: `env` is the JNIEnv of the native call in progress on this thread and `array`
    // a non-null local reference of that call; no exception is pending. The critical section
    // ends at the release below and `f` is plain Rust (no JNI call).
    let data =
        unsafe { ((**env).v1_2.GetPrimitiveArrayCritical)(env, array, std::ptr::null_mut()) };
    if data.is_null() {
        return None; // OutOfMemoryError is pending.
    }
    // SAFETY: `data` points to the array's bytes while the critical section lasts, and
    // `from + len` is within its length (checked by the Java caller, see above).
    let value =
        unsafe { std::slice::from_raw_parts((data as *const u8).add(from as usize), len as usize) };
    let result = catch_unwind(AssertUnwindSafe(|| f(value)));
    // SAFETY: releases exactly what GetPrimitiveArrayCritical returned; nothing was written.
    unsafe { ((**env).v1_2.ReleasePrimitiveArrayCritical)(env, array, data, JNI_ABORT) };
    match result {
        Ok(t) => Some(t),
        Err(_) => {
            throw_illegal(env, "pctenc: internal error (a panic in the native library)");
            None
        }
    }
}

/// Runs `f` on this thread's scratch buffer, cleared first.
fn scratch<T>(f: impl FnOnce(&mut Vec<u8>) -> T) -> T {
    SCRATCH.with(|s| {
        let mut out = s.borrow_mut();
        out.clear();
        f(&mut out)
    })
}

/// The query codec behind a handle made by [`Java_org_pctenc_Native_compileQuery`].
fn query_codec(handle: jlong) -> &'static QueryCodec {
    // SAFETY: as for `codec`: handles come only from `compileQuery` (a leaked, interned
    // QueryCodec, never freed), passed back only by org.pctenc's package-private methods.
    unsafe { &*(handle as *const QueryCodec) }
}

/// What [`Java_org_pctenc_Native_runInto`], `runAt` and the `String` calls (`ffi_string`)
/// return instead of a length (`org.pctenc.Native`'s constants).
pub(crate) const UNCHANGED: jint = -1;
pub(crate) const NULL_VALUE: jint = -2;
pub(crate) const DOES_NOT_FIT: jint = -3;

/// `static native int runInto(long handle, byte[] input, int from, int len, byte[] out, int room)`:
/// [`Java_org_pctenc_Native_run`] with the output written into `out`, an array Java
/// allocated (a JVM allocation is a pointer bump; a JNI `NewByteArray` is a call into the VM,
/// about as long as the decoding of a short value). Returns the output's length, or -1 when
/// the output is the input unchanged, -2 when the value is null, -3 when the output is longer
/// than `out` (then nothing was written: call `run`). Throws as `run` does.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_pctenc_Native_runInto(
    env: *mut JNIEnv,
    _class: jobject,
    handle: jlong,
    input: jbyteArray,
    from: jint,
    len: jint,
    out: jbyteArray,
    room: jint,
) -> jint {
    let codec = codec(handle);
    let result = with_critical(env, input, from, len, |value| run_value(codec, value));
    match result {
        Some(Ok(Some(Outcome::Unchanged))) => UNCHANGED,
        Some(Ok(Some(Outcome::Null))) => NULL_VALUE,
        Some(Ok(_)) => SCRATCH.with(|s| {
            let mut scratch = s.borrow_mut();
            let Ok(n) = jint::try_from(scratch.len()) else {
                return DOES_NOT_FIT;
            };
            if n > room {
                return DOES_NOT_FIT;
            }
            // SAFETY: `out` is a live byte[] of `room >= n` elements (`room` is its length,
            // passed by org.pctenc's own callers), `scratch` holds `n` bytes, and no exception
            // is pending.
            unsafe { ((**env).v1_1.SetByteArrayRegion)(env, out, 0, n, scratch.as_ptr().cast()) };
            if scratch.capacity() > KEEP_SCRATCH {
                *scratch = Vec::new();
            }
            n
        }),
        Some(Err(e)) => {
            throw_value_error(env, &e);
            0
        }
        None => 0,
    }
}

/// What [`Java_org_pctenc_Native_runAt`] returns for a value that failed in raise mode (or a
/// panic): the Java side calls [`Java_org_pctenc_Native_run`] on the same bytes, which throws
/// the exception with the core's message. Errors are rare, so the common call touches no
/// JNI function at all.
pub(crate) const FAILED: jint = -4;

/// The `len` values of type `T` at the native address `addr` (none when `len` is 0,
/// whatever `addr` is).
///
/// # Safety
/// Unless `len` is 0: `addr` is the address, aligned for `T`, of `len` readable values that
/// nothing writes while the slice lives.
pub(crate) unsafe fn native_slice<'a, T>(addr: jlong, len: usize) -> &'a [T] {
    if len == 0 {
        return &[];
    }
    // SAFETY: this function's contract.
    unsafe { std::slice::from_raw_parts(addr as usize as *const T, len) }
}

/// `static native int runAt(long handle, long input, int len, long out, int room)`: the
/// codec on the `len` bytes at address `input`, the output written to the `room` bytes at
/// address `out` (both native memory the Java caller owns, such as a thread's direct buffer
/// or an off-heap Spark string). Returns the output's length, or -1 (unchanged), -2 (null),
/// -3 (does not fit: nothing written), -4 (failed: call `run` for the exception).
///
/// Every argument is a primitive and the body makes no JNI call: this is the per-row path,
/// whose fixed cost is the JVM's native-call transition alone (no critical section, no
/// exception check).
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_pctenc_Native_runAt(
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
        return FAILED; // `run` throws IllegalArgumentException for the negative length.
    };
    // SAFETY: org.pctenc's callers pass the address of `len` readable bytes of native memory
    // they own and keep alive for the call (a thread's scratch buffer or an off-heap string),
    // which nothing writes during it.
    let value: &[u8] = unsafe { native_slice(input, len) };
    // One borrow of the thread's buffer for the whole call: run into it, copy out, all in
    // this one frame. (`SCRATCH.with` around the work kept it in a call of its own, with the
    // work in another: about 30 instructions a value of calls and register saves.)
    let run = || in_frame(&SCRATCH, |s| run_at(codec, value, &mut s.borrow_mut(), out, room));
    catch_unwind(AssertUnwindSafe(run)).unwrap_or(FAILED)
}

/// `f` on this thread's value of `key`, run in the caller's frame: `key.with(f)` keeps `f`
/// in a call of its own when `f` is large (a value's whole work), with its captures spilled
/// to the stack, about 30 instructions a call of calls and register saves.
#[inline(always)]
pub(crate) fn in_frame<T: 'static, R>(key: &'static LocalKey<T>, f: impl FnOnce(&T) -> R) -> R {
    let value: *const T = key.with(|v| v as *const T);
    // SAFETY: a thread-local lives until its thread exits, and this call runs on that thread:
    // the reference is dropped when `f` returns, within the call.
    f(unsafe { &*value })
}

/// The body of [`Java_org_pctenc_Native_runAt`] (inlined into it): `codec` on `value` into
/// `scratch`, the output copied to the `room` bytes at address `out`; its return value.
#[inline(always)]
fn run_at(codec: &Codec, value: &[u8], scratch: &mut Vec<u8>, out: jlong, room: usize) -> jint {
    scratch.clear();
    let n = match codec.run(value, scratch) {
        Ok(Outcome::Unchanged) => UNCHANGED,
        Ok(Outcome::Null) => NULL_VALUE,
        Ok(Outcome::Written) => match jint::try_from(scratch.len()) {
            Ok(length) if scratch.len() <= room => {
                // SAFETY: `out` is the address of `room >= length` writable bytes of native
                // memory the caller owns (see `Java_org_pctenc_Native_runAt`), not
                // overlapping this thread's scratch buffer.
                unsafe {
                    std::ptr::copy_nonoverlapping(
                        scratch.as_ptr(),
                        out as usize as *mut u8,
                        scratch.len(),
                    )
                };
                length
            }
            _ => DOES_NOT_FIT,
        },
        Err(_) => FAILED,
    };
    if scratch.capacity() > KEEP_SCRATCH {
        *scratch = Vec::new();
    }
    n
}

/// `static native long address(java.nio.ByteBuffer direct)`: the address of a direct
/// buffer's memory (0 for a buffer that is not direct), asked once per thread's scratch.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_pctenc_Native_address(
    env: *mut JNIEnv,
    _class: jobject,
    buffer: jobject,
) -> jlong {
    if buffer.is_null() {
        return 0;
    }
    // SAFETY: `env` is this call's JNIEnv and `buffer` a live local reference; JNI returns
    // null for an object that is not a direct buffer.
    let address = unsafe { ((**env).v1_4.GetDirectBufferAddress)(env, buffer) };
    address as usize as jlong
}

/// Runs the codec into this thread's scratch buffer.
fn run_value(codec: &Codec, value: &[u8]) -> Result<Option<Outcome>, ValueError> {
    SCRATCH.with(|s| {
        let mut out = s.borrow_mut();
        out.clear();
        codec.run(value, &mut out).map(Some)
    })
}

/// A new `byte[]` with the scratch buffer's bytes (then the buffer shrinks if it grew
/// past [`KEEP_SCRATCH`]).
fn new_array_from_scratch(env: *mut JNIEnv) -> jbyteArray {
    SCRATCH.with(|s| {
        let mut out = s.borrow_mut();
        let Ok(n) = jint::try_from(out.len()) else {
            drop(out);
            return throw_illegal(env, "pctenc: the output passes 2 GiB, the largest Java array");
        };
        // SAFETY: `env` is this call's JNIEnv and no exception is pending.
        let array = unsafe { ((**env).v1_1.NewByteArray)(env, n) };
        if !array.is_null() {
            // SAFETY: `array` is a new byte[] of `n` elements and `out` holds `n` bytes.
            unsafe { ((**env).v1_1.SetByteArrayRegion)(env, array, 0, n, out.as_ptr().cast()) };
        }
        if out.capacity() > KEEP_SCRATCH {
            *out = Vec::new();
        }
        // Null with an OutOfMemoryError pending when the allocation failed.
        array
    })
}

/// The codec behind a handle made by [`Java_org_pctenc_Native_compile`].
pub(crate) fn codec(handle: jlong) -> &'static Codec {
    // SAFETY: handles are made only by `compile` (the address of a leaked, interned Codec,
    // never freed) and passed back only by org.pctenc's own classes, through package-private
    // native methods; a handle of 0 is never made (compile threw instead).
    unsafe { &*(handle as *const Codec) }
}

/// Throws `IllegalArgumentException(message)`; returns null for the caller to return.
fn throw_illegal(env: *mut JNIEnv, message: &str) -> jbyteArray {
    with_env(env, |env| {
        env.throw_new(
            jni_str!("java/lang/IllegalArgumentException"),
            jni::strings::JNIString::from(message),
        )
    });
    std::ptr::null_mut()
}

/// Throws `org.pctenc.PctencException(message, code, offset, profile, snippet)`.
fn throw_value_error(env: *mut JNIEnv, e: &ValueError) -> jbyteArray {
    with_env(env, |env| {
        let message = JObject::from(env.new_string(&e.message)?);
        let code = JObject::from(env.new_string(e.code)?);
        let profile = JObject::from(env.new_string(e.profile)?);
        let snippet = JObject::from(env.new_string(&e.snippet)?);
        let offset = jlong::try_from(e.offset).unwrap_or(jlong::MAX);
        let exception = env.new_object(
            jni_str!("org/pctenc/PctencException"),
            jni_sig!(
                "(Ljava/lang/String;Ljava/lang/String;JLjava/lang/String;Ljava/lang/String;)V"
            ),
            &[
                JValue::Object(&message),
                JValue::Object(&code),
                JValue::Long(offset),
                JValue::Object(&profile),
                JValue::Object(&snippet),
            ],
        )?;
        let exception = jni::objects::JThrowable::cast_local(env, exception)?;
        env.throw(exception)
    });
    std::ptr::null_mut()
}

/// Runs `f` with the checked `Env` of a raw call; an error it returns (the exception it threw
/// is then pending) or a panic ends as a Java exception.
fn with_env<'local>(env: *mut JNIEnv, f: impl FnOnce(&mut Env<'local>) -> jni::errors::Result<()>) {
    // SAFETY: `env` is the JNIEnv of the native call in progress on this thread.
    let mut unowned = unsafe { EnvUnowned::from_raw(env) };
    unowned.with_env(f).resolve::<ThrowRuntimeExAndDefault>();
}
