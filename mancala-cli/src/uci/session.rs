//! The engine's state between commands, and each command's answer.

use std::io::{self, Write};
use std::sync::Arc;
use std::time::Duration;

use mancala_core::{Game, Mancala, Player, Status};
use mancala_engine::agents::{AlphaBeta, WIN_BONUS};
use mancala_engine::{Limits, SearchResult, Stop};

use super::notation::{fen, move_letter, parse_fen, play_letters};
use super::{AUTHOR, DEFAULT_MOVETIME_MS, HASH_MB, MAX_HASH_MB, NAME, UciError};
use crate::protocol::{MAX_DEPTH, Stops, tidy};

/// What a command asks of the loop.
pub(super) enum Flow {
    Continue,
    Quit,
}

/// The engine between commands.
pub(super) struct Uci {
    game: Mancala,
    agent: AlphaBeta,
    hash_mb: usize,
    debug: bool,
    pub(super) stops: Arc<Stops>,
}

impl Default for Uci {
    fn default() -> Uci {
        Uci {
            game: mancala_core::oware(),
            agent: agent(HASH_MB),
            hash_mb: HASH_MB,
            debug: false,
            stops: Arc::default(),
        }
    }
}

/// A fresh search with a table of `mb` MiB.
fn agent(mb: usize) -> AlphaBeta {
    let mut agent = AlphaBeta::new(u64::MAX);
    agent.table_bytes = mb << 20;
    agent
}

/// A search value in centipawns: 100 a seed of margin; a won game 100000
/// plus 100 a seed of its final margin (a lost one the opposite).
pub(super) fn centipawns(value: i64) -> i64 {
    if value >= WIN_BONUS / 2 {
        100_000 + (value - WIN_BONUS) * 100
    } else if value <= -WIN_BONUS / 2 {
        -100_000 + (value + WIN_BONUS) * 100
    } else {
        value * 100
    }
}

impl Uci {
    /// Carries out line `number`, writing its answer to `out`; a refused
    /// command is answered `info string error MESSAGE` and changes
    /// nothing.
    pub(super) fn line(
        &mut self,
        number: u64,
        text: &str,
        out: &mut impl Write,
    ) -> io::Result<Flow> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match self.command(number, &words, out) {
            Ok(flow) => Ok(flow),
            Err(Refused::Io(e)) => Err(e),
            Err(Refused::Uci(e)) => {
                writeln!(out, "info string error {}", tidy(&e.to_string()))?;
                out.flush()?;
                Ok(Flow::Continue)
            }
        }
    }

    fn command(
        &mut self,
        number: u64,
        words: &[&str],
        out: &mut impl Write,
    ) -> Result<Flow, Refused> {
        let Some((&command, args)) = words.split_first() else {
            return Ok(Flow::Continue);
        };
        let no_args = |command: &'static str| match args.first() {
            Some(extra) => Err(UciError::Extra {
                command,
                extra: extra.to_string(),
            }),
            None => Ok(()),
        };
        match command {
            "uci" => {
                no_args("uci")?;
                writeln!(out, "id name {NAME}")?;
                writeln!(out, "id author {AUTHOR}")?;
                writeln!(
                    out,
                    "option name Hash type spin default {HASH_MB} min 1 max {MAX_HASH_MB}"
                )?;
                writeln!(out, "uciok")?;
            }
            "isready" => {
                no_args("isready")?;
                writeln!(out, "readyok")?;
            }
            "ucinewgame" => {
                no_args("ucinewgame")?;
                self.game = mancala_core::oware();
                self.agent = agent(self.hash_mb);
            }
            "debug" => match args {
                ["on"] => self.debug = true,
                ["off"] => self.debug = false,
                _ => return Err(UciError::Debug(args.join(" ")).into()),
            },
            "setoption" => self.set_option(args, out)?,
            "position" => {
                self.game = position(args)?;
                if self.debug {
                    writeln!(out, "info string position {}", fen(&self.game))?;
                }
            }
            "d" => {
                no_args("d")?;
                writeln!(out, "info string position {}", fen(&self.game))?;
            }
            "go" => self.go(number, args, out)?,
            // Read by the reader thread as they came: once here, the search
            // they stopped has answered.
            "stop" | "ponderhit" => {}
            "quit" => return Ok(Flow::Quit),
            other => return Err(UciError::UnknownCommand(other.to_string()).into()),
        }
        out.flush()?;
        Ok(Flow::Continue)
    }

    /// `setoption name NAME [value VALUE]`: `Hash` sets the table's size
    /// (a new table); other names are accepted and ignored.
    fn set_option(&mut self, args: &[&str], out: &mut impl Write) -> Result<(), Refused> {
        let Some((&"name", rest)) = args.split_first() else {
            return Err(
                UciError::Option("setoption needs `name NAME [value VALUE]`".into()).into(),
            );
        };
        let split = rest.iter().position(|&w| w == "value");
        let (name, value) = match split {
            Some(i) => (rest[..i].join(" "), Some(rest[i + 1..].join(" "))),
            None => (rest.join(" "), None),
        };
        if name.is_empty() {
            return Err(UciError::Option("setoption needs an option's name".into()).into());
        }
        if name.eq_ignore_ascii_case("hash") {
            let mb = value
                .as_deref()
                .and_then(|v| v.parse::<usize>().ok())
                .filter(|mb| (1..=MAX_HASH_MB).contains(mb))
                .ok_or_else(|| {
                    UciError::Option(format!(
                        "Hash takes a value from 1 to {MAX_HASH_MB} (MiB), not {}",
                        value
                            .as_deref()
                            .map_or("nothing".into(), |v| format!("`{v}`"))
                    ))
                })?;
            self.hash_mb = mb;
            self.agent = agent(mb);
        } else if self.debug {
            writeln!(out, "info string option `{name}` is not known; ignored")?;
        }
        Ok(())
    }

    /// `go ...`: the search, its `info` line for each completed depth, then
    /// `bestmove` (after `stop` only, under `infinite` or `ponder`).
    fn go(&mut self, number: u64, args: &[&str], out: &mut impl Write) -> Result<(), Refused> {
        let go = Go::parse(args)?;
        if !matches!(self.game.status(), Status::ToMove(_)) {
            writeln!(out, "bestmove 0000")?;
            return Ok(());
        }
        let stop = self.stops.start(number);
        let limits = go.limits(&self.game, stop.clone());
        let mut written = Ok(());
        let result = self.agent.search_reporting(&self.game, &limits, |r| {
            if written.is_ok() {
                written = info(out, r);
            }
        });
        written?;
        if go.infinite {
            wait_for(&stop);
        }
        if self.debug
            && let Some(r) = &result
        {
            writeln!(
                out,
                "info string depth {} nodes {} exact {}",
                r.depth, r.nodes, r.exact
            )?;
        }
        match result.and_then(|r| move_letter(r.best)) {
            Some(letter) => writeln!(out, "bestmove {letter}")?,
            None => writeln!(out, "bestmove 0000")?,
        }
        Ok(())
    }
}

/// Writes one completed depth: `info depth D score cp S pv LETTERS`.
fn info(out: &mut impl Write, r: &SearchResult<mancala_core::Move>) -> io::Result<()> {
    let pv: String = r.pv.iter().filter_map(|&m| move_letter(m)).collect();
    writeln!(
        out,
        "info depth {} score cp {} pv {pv}",
        r.depth,
        centipawns(r.value)
    )?;
    out.flush()
}

/// Waits until `stop` is raised.
fn wait_for(stop: &Stop) {
    while !stop.is_stopped() {
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// `position startpos|fen FEN [moves LETTERS...]`: the position, or why
/// not (the game is then unchanged).
fn position(args: &[&str]) -> Result<Mancala, UciError> {
    let (mut game, rest) = match args {
        ["startpos", rest @ ..] => (mancala_core::oware(), rest),
        ["fen", text, rest @ ..] => (parse_fen(text).map_err(UciError::Position)?, rest),
        _ => {
            return Err(UciError::Position(
                "position needs `startpos` or `fen POSITION`, then optionally `moves ...`".into(),
            ));
        }
    };
    match rest {
        [] => {}
        ["moves", letters @ ..] => {
            play_letters(&mut game, &letters.concat()).map_err(UciError::Position)?;
        }
        [other, ..] => {
            return Err(UciError::Position(format!(
                "`{other}` after the position; moves follow the word `moves`"
            )));
        }
    }
    Ok(game)
}

/// A command refused, or the output failing.
pub(super) enum Refused {
    Uci(UciError),
    Io(io::Error),
}

impl From<UciError> for Refused {
    fn from(e: UciError) -> Refused {
        Refused::Uci(e)
    }
}

impl From<io::Error> for Refused {
    fn from(e: io::Error) -> Refused {
        Refused::Io(e)
    }
}

/// `go`'s arguments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Go {
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime: Option<u64>,
    /// South's and North's clocks, in milliseconds.
    time: [Option<u64>; 2],
    /// South's and North's increments.
    inc: [Option<u64>; 2],
    movestogo: Option<u64>,
    /// `infinite` or `ponder`: `bestmove` waits for `stop`.
    infinite: bool,
}

impl Go {
    /// Reads `go`'s words.
    pub(super) fn parse(words: &[&str]) -> Result<Go, UciError> {
        let mut go = Go::default();
        let mut words = words.iter();
        while let Some(&word) = words.next() {
            if matches!(word, "infinite" | "ponder") {
                go.infinite = true;
                continue;
            }
            let value = words.next().copied();
            let number = |max: u64| -> Result<u64, UciError> {
                // Clocks may run below zero in some programs: read as 0.
                let n = value.and_then(|v| v.parse::<i64>().ok()).ok_or_else(|| {
                    UciError::Go(format!(
                        "{word} takes a number, not {}",
                        value.unwrap_or("nothing")
                    ))
                })?;
                Ok(u64::try_from(n).unwrap_or(0).min(max))
            };
            match word {
                "depth" => go.depth = Some(number(MAX_DEPTH.into())?.max(1) as u32),
                "nodes" => go.nodes = Some(number(u64::MAX)?.max(1)),
                "movetime" => go.movetime = Some(number(u64::MAX)?),
                "wtime" => go.time[0] = Some(number(u64::MAX)?),
                "btime" => go.time[1] = Some(number(u64::MAX)?),
                "winc" => go.inc[0] = Some(number(u64::MAX)?),
                "binc" => go.inc[1] = Some(number(u64::MAX)?),
                "movestogo" => go.movestogo = Some(number(u64::MAX)?.max(1)),
                other => {
                    return Err(UciError::Go(format!(
                        "unknown word `{other}` (go takes depth, nodes, movetime, wtime, btime, \
                         winc, binc, movestogo, infinite, ponder)"
                    )));
                }
            }
        }
        Ok(go)
    }

    /// The search's limits in `game`: `movetime`, else the mover's share of
    /// his clock, else (with no limit at all) [`DEFAULT_MOVETIME_MS`]; no
    /// time under `infinite`.
    pub(super) fn limits(&self, game: &Mancala, stop: Stop) -> Limits {
        let side = usize::from(game.to_move() == Some(Player::P1));
        let clock = self.time[side].map(|left| {
            let share = left / self.movestogo.unwrap_or(30) + self.inc[side].unwrap_or(0);
            share.min(left / 2).max(1)
        });
        let time = if self.infinite {
            None
        } else if let Some(ms) = self.movetime.or(clock) {
            Some(ms.max(1))
        } else if self.depth.is_none() && self.nodes.is_none() {
            Some(DEFAULT_MOVETIME_MS)
        } else {
            None
        };
        let mut limits = Limits::none().with_stop(stop);
        limits.time = time.map(Duration::from_millis);
        limits.nodes = self.nodes;
        limits.depth = self.depth;
        limits
    }
}
