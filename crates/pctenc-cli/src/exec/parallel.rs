//! Records mode on every core: the main thread cuts the input into batches of whole lines,
//! worker threads run each batch through an [`Engine`] of their own, and each worker writes
//! its batch's output when the batches before it are written: in input order, and as soon as
//! it can (a slow pipe still sees each line when it is done).
//!
//! Output and exit status are exactly those of the serial run (`--threads 1`), and so are
//! the messages, but for one thing: a snippet of the input may show more bytes after the error
//! (the serial engine shows what it has read of the line so far; a batch holds the whole
//! line). A batch starts at a line start, its engine numbers its records from where the batch
//! starts, and its messages are captured ([`report::capture`]) and written after the output
//! of the batches before it. The first rejection (without `--keep-going`) stops
//! the run after its batch's output, as the serial engine stops after its record; batches
//! already running after it are dropped.
//!
//! Memory stays bounded: at most `IN_FLIGHT` batches per worker are queued, running or
//! waiting to be written, and a batch is one read plus the line it finishes. A line longer than
//! [`MAX_CARRY`] is not held: the run finishes what is queued and goes on serially from that
//! line, through the streaming engine that takes a line of any length.

use std::io::{self, Read, Write};
use std::sync::mpsc::sync_channel;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use super::codec::{Engine, Halt};
use super::input::{self, Lines, READ_SIZE};
use super::progress::Progress;
use super::report::{self, Reporter};
use crate::plan::{CodecPlan, Input};

/// A line that has not ended after this many bytes sends the rest of the run to the serial
/// engine.
pub const MAX_CARRY: usize = 1 << 20;

/// Batches in flight (queued, running or waiting to be written) per worker.
const IN_FLIGHT: usize = 2;

/// Whether the plan runs here: records read from input, more than one thread, and no
/// terminal filter (which carries state from one record's output to the next).
pub fn applies(plan: &CodecPlan) -> bool {
    plan.threads > 1 && !plan.whole && !plan.terminal
}

/// One batch for a worker.
struct Job {
    /// Its place in the input: batches are written in this order.
    seq: usize,
    /// Whole lines; the last batch may end without a terminator.
    data: Vec<u8>,
    /// The number of its first record.
    first: usize,
    /// The input ends with this batch.
    last: bool,
}

/// What the workers share: the writer, whose turn it is, and how the run went so far.
struct Shared<W> {
    writer: W,
    /// The batch to write next.
    turn: usize,
    failures: usize,
    /// Set once the run must stop: a rejection without `--keep-going`, or an I/O error.
    stop: Option<Halt>,
}

struct Order<W> {
    state: Mutex<Shared<W>>,
    /// Signalled whenever `turn` moves.
    moved: Condvar,
}

impl<W> Order<W> {
    fn lock(&self) -> MutexGuard<'_, Shared<W>> {
        // A worker that panicked while writing leaves the state as it was; go on with it.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn wait<'a>(&self, g: MutexGuard<'a, Shared<W>>) -> MutexGuard<'a, Shared<W>> {
        self.moved.wait(g).unwrap_or_else(|e| e.into_inner())
    }
}

/// Runs records mode over `inputs` with `plan.threads` workers, writing to `writer`;
/// returns how many records were rejected (with `--keep-going`), or why the run stopped.
pub fn streams<W: Write + Send>(
    plan: &CodecPlan,
    inputs: &[Input],
    writer: W,
    reporter: Reporter,
    progress: &Progress,
) -> Result<usize, Halt> {
    let workers = plan.threads.max(1);
    let order = Order {
        state: Mutex::new(Shared { writer, turn: 0, failures: 0, stop: None }),
        moved: Condvar::new(),
    };
    let (jobs, queue) = sync_channel::<Job>(workers);
    let queue = Arc::new(Mutex::new(queue));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let (queue, order) = (Arc::clone(&queue), &order);
            scope.spawn(move || {
                // One engine per worker, reused for every batch: its buffers are allocated
                // once (fresh buffers per batch cost more in page faults than the work).
                let mut engine = Engine::new(plan, Vec::new(), reporter);
                loop {
                    // The lock is held while waiting: the other idle workers would wait anyway.
                    let job = match queue.lock() {
                        Ok(q) => q.recv(),
                        Err(_) => return,
                    };
                    let Ok(job) = job else { return };
                    if !work(&mut engine, order, job) {
                        // A rejection left the engine inside a record; the run is over.
                        engine = Engine::new(plan, Vec::new(), reporter);
                    }
                }
            });
        }
        let mut run = Run { plan, jobs, order: &order, seq: 0, limit: IN_FLIGHT * workers };
        let result = run.read(inputs, reporter, progress);
        // Dropping the sender lets the workers end once the queue is empty.
        drop(run.jobs);
        result
    })
}

/// One batch through the worker's engine, its messages captured; then, in its turn,
/// written. False if the batch stopped inside a record.
fn work<W: Write>(engine: &mut Engine<Vec<u8>>, order: &Order<W>, job: Job) -> bool {
    let skip = order.lock().stop.is_some();
    engine.writer_mut().clear();
    engine.restart(job.first);
    let (result, messages) = report::capture(|| {
        if skip {
            return Ok(());
        }
        let mut lines = Lines::default();
        let mut result = lines.push(&job.data, engine);
        if result.is_ok() && job.last {
            result = lines.finish(engine);
        }
        if result.is_ok() {
            result = engine.finish();
        }
        result
    });
    let clean = result.is_ok();
    let failures = engine.failures();
    let mut g = order.lock();
    while g.turn != job.seq {
        g = order.wait(g);
    }
    if g.stop.is_none() {
        if let Err(e) = write(&mut g, engine.writer_mut(), &messages) {
            g.stop = Some(e);
        } else {
            g.failures += failures;
            if let Err(halt) = result {
                g.stop = Some(halt);
            }
        }
    }
    g.turn += 1;
    drop(g);
    order.moved.notify_all();
    clean
}

/// Writes a batch's output, then its messages (stdout first, as the serial engine does, so
/// that a message follows the records before it wherever both streams go).
fn write<W: Write>(g: &mut Shared<W>, out: &[u8], messages: &[u8]) -> Result<(), Halt> {
    g.writer.write_all(out)?;
    g.writer.flush()?;
    if !messages.is_empty() {
        let mut err = io::stderr().lock();
        let _ = err.write_all(messages);
        let _ = err.flush();
    }
    Ok(())
}

/// The main thread's side: reading, cutting and queueing.
struct Run<'a, W: Write> {
    plan: &'a CodecPlan,
    jobs: std::sync::mpsc::SyncSender<Job>,
    order: &'a Order<W>,
    /// Batches queued so far.
    seq: usize,
    /// Batches in flight at most.
    limit: usize,
}

impl<W: Write> Run<'_, W> {
    /// Reads every input, queueing a batch after each read that ended a line.
    fn read(
        &mut self,
        inputs: &[Input],
        reporter: Reporter,
        progress: &Progress,
    ) -> Result<usize, Halt> {
        // The batch being gathered: a line begun in an earlier read, then this read.
        let mut data: Vec<u8> = Vec::new();
        let mut next_record = 1usize;
        for (k, input) in inputs.iter().enumerate() {
            let mut reader = input::open(input).map_err(Halt::Fail)?;
            loop {
                let len = data.len();
                let n = read_more(&mut reader, &mut data).map_err(|e| {
                    Halt::Fail(anyhow::Error::new(e).context(input::cannot_read(input)))
                })?;
                if n == 0 {
                    break;
                }
                progress.advance(n as u64);
                match memchr::memrchr(b'\n', &data[len..]) {
                    Some(i) => {
                        let rest = data.split_off(len + i + 1);
                        let lines = memchr::memchr_iter(b'\n', &data).count();
                        let batch = std::mem::replace(&mut data, rest);
                        if !self.submit(batch, next_record, false) {
                            return self.end();
                        }
                        next_record += lines;
                    }
                    None if data.len() > MAX_CARRY => {
                        let rest = (input, reader, &inputs[k + 1..]);
                        return self.serial(data, next_record, rest, reporter, progress);
                    }
                    None => {}
                }
            }
        }
        if !data.is_empty() {
            self.submit(data, next_record, true);
        }
        self.end()
    }

    /// Queues a batch once fewer than `limit` are in flight; false if the run has stopped.
    fn submit(&mut self, data: Vec<u8>, first: usize, last: bool) -> bool {
        let mut g = self.order.lock();
        while self.seq - g.turn >= self.limit && g.stop.is_none() {
            g = self.order.wait(g);
        }
        if g.stop.is_some() {
            return false;
        }
        drop(g);
        let job = Job { seq: self.seq, data, first, last };
        self.seq += 1;
        // The workers live until `jobs` is dropped, so the send cannot fail.
        self.jobs.send(job).is_ok()
    }

    /// Waits until every queued batch is written; the run's result.
    fn end(&mut self) -> Result<usize, Halt> {
        let mut g = self.order.lock();
        while g.turn < self.seq {
            g = self.order.wait(g);
        }
        match g.stop.take() {
            Some(halt) => Err(halt),
            None => {
                g.writer.flush()?;
                Ok(g.failures)
            }
        }
    }

    /// Finishes the queued batches, then runs the rest of the input, from the unfinished
    /// line `carry` on, through one serial engine: the rest of the open input, then the
    /// inputs after it.
    fn serial(
        &mut self,
        carry: Vec<u8>,
        first: usize,
        (input, reader, inputs): (&Input, Box<dyn Read>, &[Input]),
        reporter: Reporter,
        progress: &Progress,
    ) -> Result<usize, Halt> {
        let failures = self.end()?;
        let mut g = self.order.lock();
        let mut engine =
            Engine::new(self.plan, &mut g.writer, reporter).starting_at(first, failures);
        let mut lines = Lines::default();
        lines.push(&carry, &mut engine)?;
        engine.write_block()?;
        drop(carry);
        let mut buf = vec![0u8; READ_SIZE];
        serial_read(input, reader, &mut lines, &mut engine, progress, &mut buf)?;
        for input in inputs {
            let reader = input::open(input).map_err(Halt::Fail)?;
            serial_read(input, reader, &mut lines, &mut engine, progress, &mut buf)?;
        }
        lines.finish(&mut engine)?;
        engine.finish()?;
        Ok(engine.failures())
    }
}

/// Appends one read to `data`; 0 at the end of the input.
fn read_more(reader: &mut dyn Read, data: &mut Vec<u8>) -> io::Result<usize> {
    let len = data.len();
    data.resize(len + READ_SIZE, 0);
    let n = loop {
        match reader.read(&mut data[len..]) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            other => break other,
        }
    };
    data.truncate(len + *n.as_ref().unwrap_or(&0));
    n
}

/// The rest of `reader` through `lines` into the serial engine, as `input::streams` does.
fn serial_read<W: Write>(
    input: &Input,
    mut reader: Box<dyn Read>,
    lines: &mut Lines,
    engine: &mut Engine<W>,
    progress: &Progress,
    buf: &mut [u8],
) -> Result<(), Halt> {
    loop {
        let n = match reader.read(buf) {
            Ok(0) => return Ok(()),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => {
                return Err(Halt::Fail(anyhow::Error::new(e).context(input::cannot_read(input))))
            }
        };
        progress.advance(n as u64);
        lines.push(&buf[..n], engine)?;
        engine.write_block()?;
    }
}
