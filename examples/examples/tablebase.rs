//! Kalah endgame databases: build them, answer a position from them, check
//! them against fresh searches.
//!
//! ```text
//! cargo run --release --example tablebase -- build kalah --seeds K --out DIR
//!     [--option houses=6] [--option empty_capture=true|false]
//!     [--threads 2] [--memory-mb MB] [--verify N]
//! cargo run --release --example tablebase -- probe DIR [--option ...] H1 H2 ... H12
//! cargo run --release --example tablebase -- verify DIR [--option ...] [--samples N]
//! cargo run --release --example tablebase -- compact --tablebase DIR --out DIR [--option ...]
//! cargo run --release --example tablebase -- units kalah --layer S [--option ...]
//! cargo run --release --example tablebase -- unit kalah --layer S --low A --out DIR
//!     [--option houses=6] --option empty_capture=true|false [--threads 2]
//! cargo run --release --example tablebase -- layer kalah --layer S --out DIR [--option ...]
//!     [--threads 2] [--memory-mb MB]
//! cargo run --release --example tablebase -- merge kalah --layer S --out DIR [--option ...]
//! cargo run --release --example tablebase -- assemble kalah --seeds K --out DIR [--option ...] [--compact]
//! cargo run --release --example tablebase -- book kalah --plies P --out DIR
//!     [--option houses=6] [--option seeds=4] [--option empty_capture=true|false]
//!     [--tablebase DIR] [--line SEAT:PLIES] [--swindles SEAT:PLIES [--runs N] [--iterations N]]
//! ```
//!
//! `units`, `unit`, `merge` and `assemble` build a table in pieces that
//! machines can share out (`mancala_engine::tablebase::Unit`): for each
//! layer S from 2 up, every unit the `units` command lists (each given the
//! lower layers' files in its `--out` folder), then `merge` of the layer;
//! (`layer` builds every unit of a layer on this machine, the lower
//! layers read into memory once if they fit `--memory-mb`, then merges
//! it); then `assemble` writes the table, the file `build` writes (with
//! `--compact`, the file `compact` makes of it, written as the layers are
//! read, in about the largest layer's memory, where `assemble` holds the
//! whole table). Each prints the path it wrote and its checksum. `python/examples/build_tablebase.py`
//! runs them on a Ray cluster.
//!
//! With no command it shows the three on a small board: the tables of up
//! to 12 seeds for Kalah(4, n), in a temporary folder.
//!
//! `build` writes one file a capture rule (both unless `empty_capture` is
//! given) for every position of up to K seeds on the board, with a
//! progress bar and the time left, then checks `--verify` positions (20 by
//! default) against fresh searches. `probe` and `verify` open the table
//! without reading it (a probe reads the bytes it needs); `verify` reads
//! every byte against the file's checksum, then checks `--samples`
//! positions (20 by default) against fresh searches. `compact` writes the
//! tables of the `--tablebase` folder into `--out` in the compact entry
//! (format version 2, about 4.4 bits a position instead of 8, every value
//! the same), which every command and the engine read as they read the
//! other. `probe` reads the houses of the
//! player to move first (his row, then his opponent's, each in sowing
//! order) and prints the position's value and each move's. `book` writes
//! the opening book of Kalah(houses, seeds) (one a capture rule, as
//! `build`): every position within P plies of the start, each solved to the
//! end, with the tablebases of `--tablebase DIR` (the `--out` folder by
//! default) if it has them; the engine reads both from one folder. With
//! `--line SEAT:PLIES` it adds to the book already in `--out` (of `P`
//! plies; built first if there is none) the lines of player SEAT (0 or 1)
//! to PLIES plies: the positions reached when he plays his first best move
//! and his opponent any (`mancala_engine::tablebase::Line`). With
//! `--swindles SEAT:PLIES` it adds player SEAT's swindles to PLIES plies
//! (`mancala_engine::tablebase::Swindles::against_uct`, its model run
//! `--runs` times with `--iterations` iterations): in each position he
//! cannot win, the move that keeps his result and that the model of his
//! opponent answers worst, followed from the start. The memory
//! allowed defaults to what the machine has free; a table that does not
//! fit is refused before it starts.

use std::path::PathBuf;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use mancala_core::Player;
use mancala_engine::tablebase::{
    Book, BuildProgress, Kind, Line, LowerLayers, Swindles, Tablebase, TablebaseError, Unit,
    assemble, assemble_compact, available_memory, merge_layer,
};

type Error = Box<dyn std::error::Error>;

/// The arguments after the command: options and the rest.
struct Args {
    houses: u8,
    /// `None`: both capture rules.
    empty_capture: Option<bool>,
    seeds: Option<u32>,
    dir: Option<PathBuf>,
    threads: usize,
    memory: u64,
    samples: usize,
    /// Seeds a house at the start, and plies, of a book.
    start_seeds: u16,
    plies: u32,
    /// The lines to add to a book.
    line: Option<Line>,
    /// The swindles to add to a book.
    swindles: Option<Swindles>,
    tables: Option<PathBuf>,
    /// A unit's layer and low row.
    layer: Option<u32>,
    low: Option<u32>,
    /// `assemble` writes the compact entry as it reads the layers.
    compact: bool,
    rest: Vec<String>,
}

fn parse(words: &[String]) -> Result<Args, Error> {
    let mut args = Args {
        houses: 6,
        empty_capture: None,
        seeds: None,
        dir: None,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        // What is free now, less a margin for the rest of the program.
        memory: available_memory().map_or(4 << 30, |m| m.saturating_sub(256 << 20)),
        samples: 20,
        start_seeds: 4,
        plies: 2,
        line: None,
        swindles: None,
        tables: None,
        layer: None,
        low: None,
        compact: false,
        rest: Vec::new(),
    };
    let mut words = words.iter();
    while let Some(word) = words.next() {
        let mut value = || words.next().ok_or(format!("{word} needs a value"));
        match word.as_str() {
            "--seeds" => args.seeds = Some(value()?.parse()?),
            "--out" => args.dir = Some(PathBuf::from(value()?)),
            "--threads" => args.threads = value()?.parse()?,
            "--memory-mb" => args.memory = value()?.parse::<u64>()? << 20,
            "--verify" | "--samples" => args.samples = value()?.parse()?,
            "--plies" => args.plies = value()?.parse()?,
            "--line" => {
                let (seat, plies) = seat_and_plies(value()?, "--line")?;
                args.line = Some(Line { seat, plies });
            }
            "--swindles" => {
                let (seat, plies) = seat_and_plies(value()?, "--swindles")?;
                args.swindles = Some(Swindles::against_uct(seat, plies));
            }
            "--runs" | "--iterations" => {
                let n = value()?.parse()?;
                let swindles = args
                    .swindles
                    .as_mut()
                    .ok_or(format!("{word} comes after --swindles"))?;
                if word == "--runs" {
                    swindles.runs = u32::try_from(n)?;
                } else {
                    swindles.iterations = n;
                }
            }
            "--tablebase" => args.tables = Some(PathBuf::from(value()?)),
            "--layer" => args.layer = Some(value()?.parse()?),
            "--low" => args.low = Some(value()?.parse()?),
            "--compact" => args.compact = true,
            "--option" => match value()?.split_once('=') {
                Some(("houses", n)) => args.houses = n.parse()?,
                Some(("empty_capture", b)) => args.empty_capture = Some(b.parse()?),
                Some(("seeds", n)) => args.start_seeds = n.parse()?,
                _ => {
                    return Err(format!(
                        "unknown option {word}: houses=N, seeds=N or empty_capture=BOOL"
                    )
                    .into());
                }
            },
            _ => args.rest.push(word.clone()),
        }
    }
    Ok(args)
}

impl Args {
    fn kinds(&self) -> Vec<Kind> {
        let rules = self.empty_capture.map_or(vec![false, true], |e| vec![e]);
        rules
            .into_iter()
            .map(|empty_capture| Kind {
                houses: self.houses,
                empty_capture,
            })
            .collect()
    }

    fn dir(&self) -> Result<PathBuf, Error> {
        self.dir
            .clone()
            .ok_or_else(|| "which folder? (--out DIR, or DIR first)".into())
    }
}

fn build(args: &Args) -> Result<(), Error> {
    if args.rest.first().map(String::as_str) != Some("kalah") {
        return Err("build kalah: Kalah is the game with tablebases".into());
    }
    let seeds = args.seeds.ok_or("build needs --seeds K")?;
    let dir = args.dir()?;
    for kind in args.kinds() {
        let positions = Tablebase::positions_of(kind, seeds)?;
        println!(
            "{}: {positions} positions of up to {seeds} seeds, {} MiB, {} threads",
            kind.file_name(),
            positions >> 20,
            args.threads
        );
        let bar = ProgressBar::new(positions).with_style(ProgressStyle::with_template(
            "layer {msg} [{bar:40}] {percent}% {per_sec} eta {eta}",
        )?);
        let started = Instant::now();
        let show = |p: &BuildProgress| {
            bar.set_position(p.done);
            bar.set_message(format!("{}/{}", p.layer, p.seeds));
        };
        let table = Tablebase::build(kind, seeds, args.threads, args.memory, show)?;
        bar.finish();
        let built = started.elapsed().as_secs_f64();
        let path = table.save(&dir)?;
        println!(
            "built in {built:.1} s ({:.1} M positions/s), written to {} ({} bytes)",
            positions as f64 / built.max(1e-9) / 1e6,
            path.display(),
            std::fs::metadata(&path)?.len()
        );
        verify(&table, args.samples)?;
    }
    Ok(())
}

/// The one kind `args` names (a piece is of one capture rule).
fn one_kind(args: &Args) -> Result<Kind, Error> {
    if args.rest.first().map(String::as_str) != Some("kalah") {
        return Err("Kalah is the game with tablebases: give `kalah`".into());
    }
    match args.kinds()[..] {
        [kind] => Ok(kind),
        _ => Err("which capture rule? --option empty_capture=true or false".into()),
    }
}

/// `units`, `unit`, `merge` and `assemble`: a table built in pieces (see
/// `mancala_engine::tablebase::Unit`), each printing what it wrote as
/// `PATH CHECKSUM` (`units`: the units of a layer, one `low` a line).
fn pieces(command: &str, args: &Args) -> Result<(), Error> {
    let kind = one_kind(args)?;
    let layer = || args.layer.ok_or("which layer? --layer S");
    let (path, checksum) = match command {
        "units" => {
            for unit in Unit::all(kind, layer()?) {
                println!("{}", unit.low);
            }
            return Ok(());
        }
        "unit" => {
            let low = args.low.ok_or("which unit? --low A")?;
            let unit = Unit {
                kind,
                layer: layer()?,
                low,
            };
            unit.build(&args.dir()?, args.threads)?
        }
        "merge" => merge_layer(kind, layer()?, &args.dir()?, args.threads)?,
        "layer" => {
            // Every unit here, the lower layers loaded once if they fit.
            let (layer, dir) = (layer()?, args.dir()?);
            let started = Instant::now();
            let lower = match LowerLayers::load(kind, layer, &dir, args.memory) {
                Ok(lower) => Some(lower),
                Err(TablebaseError::TooLarge { bytes, limit, .. }) => {
                    eprintln!(
                        "the lower layers take {bytes} bytes, over the {limit} allowed: \
                         read from their files"
                    );
                    None
                }
                Err(e) => return Err(e.into()),
            };
            let loaded = started.elapsed().as_secs_f64();
            for unit in Unit::all(kind, layer) {
                let (path, checksum) = match &lower {
                    Some(lower) => unit.build_from(lower, &dir, args.threads)?,
                    None => unit.build(&dir, args.threads)?,
                };
                println!("{} {checksum:016x}", path.display());
            }
            drop(lower);
            let merged = merge_layer(kind, layer, &dir, args.threads)?;
            eprintln!(
                "layer {layer}: {:.1} s ({loaded:.1} s loading the lower layers)",
                started.elapsed().as_secs_f64()
            );
            merged
        }
        _ if args.compact => {
            let seeds = args.seeds.ok_or("assemble needs --seeds K")?;
            let dir = args.dir()?;
            let bar = ProgressBar::new(Tablebase::positions_of(kind, seeds)?).with_style(
                ProgressStyle::with_template("[{bar:40}] {percent}% {per_sec} eta {eta}")?,
            );
            let written = assemble_compact(kind, seeds, &dir, &dir, |done| {
                bar.set_position(done);
            })?;
            bar.finish_and_clear();
            written
        }
        _ => {
            let seeds = args.seeds.ok_or("assemble needs --seeds K")?;
            let dir = args.dir()?;
            let path = assemble(kind, seeds, &dir)?.save(&dir)?;
            let checksum = std::fs::read(&path)?
                .get(32..40)
                .and_then(|b| b.try_into().ok())
                .map_or(0, u64::from_le_bytes);
            (path, checksum)
        }
    };
    println!("{} {checksum:016x}", path.display());
    Ok(())
}

/// `SEAT:PLIES`, SEAT 0 or 1, the value of `flag`.
fn seat_and_plies(text: &str, flag: &str) -> Result<(Player, u32), Error> {
    let wrong = || format!("{flag} SEAT:PLIES, SEAT 0 or 1");
    let (seat, plies) = text.split_once(':').ok_or_else(wrong)?;
    let seat = match seat {
        "0" => Player::P0,
        "1" => Player::P1,
        _ => return Err(wrong().into()),
    };
    Ok((seat, plies.parse()?))
}

fn book(args: &Args) -> Result<(), Error> {
    if args.rest.first().map(String::as_str) != Some("kalah") {
        return Err("book kalah: Kalah is the game with opening books".into());
    }
    let dir = args.dir()?;
    let tables = args.tables.clone().unwrap_or_else(|| dir.clone());
    for kind in args.kinds() {
        let table = Tablebase::find(&tables, kind, args.memory)?;
        println!(
            "{}: positions within {} plies, {}",
            Book::file_name(kind, args.start_seeds),
            args.plies,
            table.as_ref().map_or("no tablebase".into(), |t| format!(
                "the tablebase of {} seeds",
                t.seeds()
            ))
        );
        let bar = ProgressBar::new(0).with_style(ProgressStyle::with_template(
            "[{bar:40}] {pos}/{len} positions, eta {eta}",
        )?);
        let started = Instant::now();
        let show = |done: usize, all: usize| {
            bar.set_length(all as u64);
            bar.set_position(done as u64);
        };
        let book = match Book::find(&dir, kind, args.start_seeds)? {
            Some(book)
                if (args.line.is_some() || args.swindles.is_some())
                    && book.plies() == args.plies =>
            {
                book
            }
            _ => Book::build(kind, args.start_seeds, args.plies, table.as_ref(), show)?,
        };
        let book = match args.line {
            Some(line) if book.line() != Some(line) => {
                println!(
                    "and player {}'s lines to {} plies",
                    line.seat.index(),
                    line.plies
                );
                bar.reset();
                book.with_line(line, table.as_ref(), show)?
            }
            _ => book,
        };
        let book = match args.swindles {
            Some(swindles) => {
                println!(
                    "and player {}'s swindles to {} plies ({} runs of {} iterations a position)",
                    swindles.seat.index(),
                    swindles.plies,
                    swindles.runs,
                    swindles.iterations
                );
                bar.reset();
                let book = book.with_swindles(swindles, table.as_ref(), |met| {
                    bar.set_length(met as u64);
                    bar.set_position(met as u64);
                })?;
                println!("{} swindles", book.swindle_count());
                book
            }
            None => book,
        };
        bar.finish();
        let path = book.save(&dir)?;
        let start = book.start();
        let (best, value) = book
            .best_moves(&start)
            .ok_or("the start is not in the book")?;
        let best: Vec<String> = best.iter().map(ToString::to_string).collect();
        println!(
            "{} positions in {:.1} s, written to {}; the start is worth {value:+} (best {})",
            book.len(),
            started.elapsed().as_secs_f64(),
            path.display(),
            best.join(", ")
        );
    }
    Ok(())
}

/// `compact`: each table of the `--tablebase` folder, opened, written into
/// `--out` in the compact entry.
fn compact(args: &Args) -> Result<(), Error> {
    let from = args
        .tables
        .clone()
        .ok_or("compact: which tables? --tablebase DIR")?;
    let dir = args.dir()?;
    let mut written = 0;
    for kind in args.kinds() {
        let Some(table) = Tablebase::open_in(&from, kind)? else {
            continue;
        };
        let bar = ProgressBar::new(table.positions()).with_style(ProgressStyle::with_template(
            "[{bar:40}] {percent}% {per_sec} eta {eta}",
        )?);
        let started = Instant::now();
        let compact = table.compact(args.memory, |done| bar.set_position(done))?;
        table.fault()?;
        bar.finish_and_clear();
        let path = compact.save(&dir)?;
        let (before, after) = (
            std::fs::metadata(from.join(kind.file_name()))?.len(),
            std::fs::metadata(&path)?.len(),
        );
        println!(
            "{}: {before} bytes, compact {after} bytes ({:.3} bytes a position), in {:.1} s",
            path.display(),
            after as f64 / table.positions() as f64,
            started.elapsed().as_secs_f64()
        );
        written += 1;
    }
    if written == 0 {
        return Err(format!("no tables of those rules in {}", from.display()).into());
    }
    Ok(())
}

fn verify(table: &Tablebase, samples: usize) -> Result<(), Error> {
    let started = Instant::now();
    let verified = table.verify(samples, 0x5eed)?;
    println!(
        "verified {} positions by the generic solver and {} by Kalah's, in {:.1} s: all agree",
        verified.generic,
        verified.kalah_solver,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The table of `args`' one kind, from the folder given first.
fn open(args: &mut Args) -> Result<Tablebase, Error> {
    if args.dir.is_none() && !args.rest.is_empty() {
        args.dir = Some(PathBuf::from(args.rest.remove(0)));
    }
    let [kind] = args.kinds()[..] else {
        return Err("which capture rule? --option empty_capture=true or false".into());
    };
    // Opened, not read: a probe reads the bytes it needs.
    Tablebase::open_in(&args.dir()?, kind)?
        .ok_or_else(|| format!("no {} in that folder", kind.file_name()).into())
}

/// `build`, `probe` and `verify` on Kalah(4, n) with up to 12 seeds on
/// the board, in a temporary folder (removed after).
fn demo() -> Result<(), Error> {
    let dir = std::env::temp_dir().join(format!("mancala-tablebase-{}", std::process::id()));
    let words = |w: &str| w.split_whitespace().map(String::from).collect::<Vec<_>>();
    let out = dir.display();
    build(&parse(&words(&format!(
        "kalah --seeds 12 --option houses=4 --out {out} --verify 10"
    )))?)?;
    book(&parse(&words(&format!(
        "kalah --option houses=4 --option seeds=2 --plies 2 --out {out}"
    )))?)?;
    let mut args = parse(&words(&format!(
        "{out} --option houses=4 --option empty_capture=true 1 0 2 3 0 1 4 1"
    )))?;
    let table = open(&mut args)?;
    println!("Kalah(4,·), empty capture, South to move at 1 0 2 3 / 0 1 4 1:");
    probe(&table, &args.rest)?;
    std::fs::remove_dir_all(&dir)?;
    Ok(())
}

/// Prints the value of the position `words` (the mover's row first) and
/// each move's.
fn probe(table: &Tablebase, words: &[String]) -> Result<(), Error> {
    let houses = words
        .iter()
        .map(|w| w.parse::<u8>())
        .collect::<Result<Vec<_>, _>>()?;
    let value = table.probe(&houses).ok_or(format!(
        "not in the table: {} counts of at most {} seeds in all are",
        2 * table.kind().houses,
        table.seeds()
    ))?;
    println!("value {value:+} (the mover's final margin beyond his store margin)");
    for (house, v) in table.move_values(&houses).unwrap_or_default() {
        println!("house {} (hole {house}): {v:+}", house + 1);
    }
    Ok(())
}

fn main() -> Result<(), Error> {
    let words: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = words.split_first() else {
        return demo();
    };
    let mut args = parse(rest)?;
    match command.as_str() {
        "build" => build(&args),
        "compact" => compact(&args),
        "book" => book(&args),
        "probe" => {
            let table = open(&mut args)?;
            probe(&table, &args.rest)?;
            Ok(table.fault()?)
        }
        "verify" => {
            let table = open(&mut args)?;
            let started = Instant::now();
            table.check_file()?;
            println!(
                "checksum of {} values: right, in {:.1} s",
                table.positions(),
                started.elapsed().as_secs_f64()
            );
            verify(&table, args.samples)?;
            Ok(table.fault()?)
        }
        "units" | "unit" | "merge" | "assemble" | "layer" => pieces(command, &args),
        other => Err(format!(
            "unknown command {other:?}: build, probe, verify, book, units, unit, layer, merge \
             or assemble"
        )
        .into()),
    }
}
