//! The UCI dialect: its notation (letters, `fen`), and [`serve`] driven
//! through in-memory pipes as the GUI drives it: a whole game of Oware,
//! `isready`, `stop` during `go infinite`, refused commands.

use std::io::{self, Read, Write};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread;
use std::time::Duration;

use mancala_core::{Game, Mancala, Move, Pit, Player, Status};

use super::session::{Go, centipawns};
use super::*;

#[test]
fn letters_name_the_holes_of_either_side() {
    let game = mancala_core::oware();
    let pit = |i| Pit::new(i).unwrap();
    for (i, letter) in "ABCDEFabcdef".chars().enumerate() {
        assert_eq!(move_letter(Move::Sow(pit(i))), Some(letter));
        assert_eq!(letter_move(letter), Some(Move::Sow(pit(i))));
        let owner = if i < 6 { Player::P0 } else { Player::P1 };
        assert_eq!(game.topology().owner(pit(i)), owner, "{letter}");
    }
    // `a` faces `F`, `f` faces `A`.
    assert_eq!(game.topology().opposite(pit(5)), Some(pit(6)));
    assert_eq!(game.topology().opposite(pit(0)), Some(pit(11)));
    assert_eq!(letter_move('G'), None);
    assert_eq!(letter_move('0'), None);
    assert_eq!(move_letter(Move::Pass), None);
    // South's `A` sows into `B`..., North's `f` into South's `A`.
    let mut game = mancala_core::oware();
    play_letters(&mut game, "A f").unwrap();
    assert_eq!(fen(&game), "1-6-6-6-5-4-4-4-4-4-4-0-0-0-S");
}

/// Oware after `plies` moves chosen by a xorshift generator from `seed`.
fn random_game(seed: u64, plies: usize) -> Mancala {
    let mut game = mancala_core::oware();
    let mut state = seed | 1;
    for _ in 0..plies {
        let Some(mover) = game.to_move() else { break };
        let moves = game.legal_actions(mover);
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        game.play(moves[(state % moves.len() as u64) as usize])
            .unwrap();
    }
    game
}

#[test]
fn fen_reads_back_what_it_writes() {
    for seed in 1..40 {
        let game = random_game(seed, (seed * 7 % 90) as usize);
        let text = fen(&game);
        let read = parse_fen(&text).unwrap();
        assert_eq!(fen(&read), text);
        assert_eq!(read.board(), game.board(), "{text}");
        assert_eq!(read.status(), game.status(), "{text}");
    }
    for bad in [
        "",
        "4-4-4-4-4-4-4-4-4-4-4-4-0-0",
        "4-4-4-4-4-4-4-4-4-4-4-4-0-0-X",
        "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S-S",
        "4-4-4-4-4-4-4-4-4-4-4--1-0-0-S",
        "4-4-4-4-4-4-4-4-4-4-4-x-0-0-S",
        "65535-65535-4-4-4-4-4-4-4-4-4-4-0-0-S",
    ] {
        assert!(parse_fen(bad).is_err(), "{bad}");
    }
}

#[test]
fn go_reads_its_limits_and_shares_the_movers_clock() {
    let south = mancala_core::oware();
    let mut north = south.clone();
    play_letters(&mut north, "A").unwrap();
    let go = Go::parse(&[
        "wtime",
        "60000",
        "btime",
        "3000",
        "winc",
        "100",
        "movestogo",
        "10",
    ])
    .unwrap();
    let ms = |g: &Go, game: &Mancala| {
        g.limits(game, Default::default())
            .time
            .map(|t| t.as_millis())
    };
    assert_eq!(ms(&go, &south), Some(6100));
    assert_eq!(ms(&go, &north), Some(300));
    // Never more than half the clock; a clock below zero reads as 0.
    let go = Go::parse(&["wtime", "100", "winc", "5000", "btime", "-5"]).unwrap();
    assert_eq!(ms(&go, &south), Some(50));
    assert_eq!(ms(&go, &north), Some(1));
    let go = Go::parse(&["infinite", "movetime", "10"]).unwrap();
    assert_eq!(ms(&go, &south), None);
    assert_eq!(ms(&Go::parse(&[]).unwrap(), &south), Some(1000));
    assert_eq!(ms(&Go::parse(&["depth", "3"]).unwrap(), &south), None);
    for bad in [
        &["depth"][..],
        &["depth", "x"],
        &["mate", "3"],
        &["searchmoves", "A"],
    ] {
        assert!(Go::parse(bad).is_err(), "{bad:?}");
    }
    assert_eq!(centipawns(3), 300);
    assert_eq!(centipawns(mancala_engine::agents::WIN_BONUS + 2), 100_200);
    assert_eq!(centipawns(-mancala_engine::agents::WIN_BONUS - 2), -100_200);
}

/// The reading end of an in-memory pipe.
struct PipeIn {
    chunks: Receiver<Vec<u8>>,
    pending: Vec<u8>,
}

impl Read for PipeIn {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pending.is_empty() {
            match self.chunks.recv() {
                Ok(chunk) => self.pending = chunk,
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

/// The writing end: every complete line sent on.
struct PipeOut {
    lines: Sender<String>,
    partial: Vec<u8>,
}

impl Write for PipeOut {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.partial.extend_from_slice(buf);
        while let Some(i) = self.partial.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.partial.drain(..=i).collect();
            let text = String::from_utf8_lossy(&line).trim_end().to_string();
            let _ = self.lines.send(text);
        }
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// [`serve`] on a thread, with its pipes.
struct Engine {
    input: Option<Sender<Vec<u8>>>,
    output: Receiver<String>,
    done: Receiver<io::Result<()>>,
}

const PATIENCE: Duration = Duration::from_secs(20);

impl Engine {
    fn start() -> Engine {
        let (input, chunks) = channel();
        let (lines, output) = channel();
        let (finished, done) = channel();
        thread::spawn(move || {
            let input = io::BufReader::new(PipeIn {
                chunks,
                pending: Vec::new(),
            });
            let output = PipeOut {
                lines,
                partial: Vec::new(),
            };
            let _ = finished.send(serve(input, output));
        });
        Engine {
            input: Some(input),
            output,
            done,
        }
    }

    fn send(&self, line: &str) {
        let input = self.input.as_ref().expect("open");
        input.send(format!("{line}\n").into_bytes()).unwrap();
    }

    fn line(&self) -> String {
        self.output
            .recv_timeout(PATIENCE)
            .expect("an answer in time")
    }

    /// Lines up to and including the first that starts with `last`.
    fn until(&self, last: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.line();
            let end = line.starts_with(last);
            lines.push(line);
            if end {
                return lines;
            }
        }
    }
}

#[test]
fn a_whole_game_of_oware_through_serve() {
    let engine = Engine::start();
    engine.send("uci");
    let hello = engine.until("uciok");
    assert_eq!(hello[0], format!("id name {NAME}"));
    engine.send("ucinewgame");
    engine.send("isready");
    assert_eq!(engine.line(), "readyok");
    let mut game = mancala_core::oware();
    let mut moves = String::new();
    for _ in 0..400 {
        engine.send(&format!("position startpos moves {moves}"));
        engine.send("go depth 2");
        let answer = engine.until("bestmove");
        let best = answer
            .last()
            .unwrap()
            .strip_prefix("bestmove ")
            .unwrap()
            .to_string();
        let Some(mover) = game.to_move() else {
            assert_eq!(best, "0000");
            assert_eq!(answer.len(), 1);
            break;
        };
        let legal = game.legal_actions(mover);
        for info in &answer[..answer.len() - 1] {
            let words: Vec<&str> = info.split(' ').collect();
            assert_eq!(words[..2], ["info", "depth"], "{info}");
            assert_eq!(words[3..5], ["score", "cp"], "{info}");
            assert_eq!(words[6], "pv", "{info}");
            let first = letter_move(words[7].chars().next().unwrap()).unwrap();
            assert!(legal.contains(&first), "{info}");
        }
        let letter: Vec<char> = best.chars().collect();
        assert_eq!(letter.len(), 1, "{best}");
        let mv = letter_move(letter[0]).unwrap();
        assert!(legal.contains(&mv), "{best} in {}", fen(&game));
        game.play(mv).unwrap();
        moves.push(letter[0]);
    }
    assert!(matches!(game.status(), Status::Over(_)), "{}", fen(&game));
    assert!(moves.len() > 20, "{moves}");
    engine.send("d");
    assert_eq!(
        engine.line(),
        format!("info string position {}", fen(&game))
    );
    engine.send("quit");
    engine.done.recv_timeout(PATIENCE).unwrap().unwrap();
}

#[test]
fn stop_ends_go_infinite_and_isready_waits_for_it() {
    let engine = Engine::start();
    engine.send("position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-N");
    engine.send("go infinite");
    engine.send("isready");
    // Searching: at most `info` lines, no `bestmove` and no `readyok`.
    thread::sleep(Duration::from_millis(300));
    while let Ok(line) = engine.output.try_recv() {
        assert!(line.starts_with("info depth "), "{line}");
    }
    engine.send("stop");
    let answer = engine.until("bestmove");
    let best = answer.last().unwrap();
    assert!(
        ["a", "b", "c", "d", "e", "f"]
            .iter()
            .any(|m| *best == format!("bestmove {m}")),
        "North moves: {best}"
    );
    assert_eq!(engine.line(), "readyok");
    // A stop with no search running answers nothing.
    engine.send("stop");
    engine.send("isready");
    assert_eq!(engine.line(), "readyok");
}

#[test]
fn refused_commands_answer_an_error_and_change_nothing() {
    let engine = Engine::start();
    engine.send("position startpos moves CfA");
    engine.send("d");
    let before = engine.line();
    assert_eq!(before, "info string position 0-6-2-7-6-6-5-4-4-4-4-0-0-0-N");
    for bad in [
        "position startpos moves Abb",
        "position startpos moves AG",
        "position startpos moves AA",
        "position fen 4-4-S moves A",
        "position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S moves",
        "position",
        "position startpos A",
        "go depth",
        "go sideways",
        "setoption name Hash value 0",
        "setoption Hash",
        "debug maybe",
        "isready now",
        "frobnicate",
    ] {
        engine.send(bad);
        if bad != "position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S moves" {
            let line = engine.line();
            assert!(line.starts_with("info string error "), "{bad}: {line}");
        }
        engine.send("d");
        let now = engine.line();
        if bad.ends_with("moves") {
            // An empty move list is the position itself.
            assert_eq!(now, "info string position 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S");
            engine.send("position startpos moves CfA");
        } else {
            assert_eq!(now, before, "{bad}");
        }
    }
    // Unknown options are accepted; `debug on` explains them.
    engine.send("setoption name Hash value 8");
    engine.send("setoption name Use Book value true");
    engine.send("debug on");
    engine.send("setoption name Use Book value true");
    assert_eq!(
        engine.line(),
        "info string option `Use Book` is not known; ignored"
    );
    // A finished game answers `bestmove 0000` at once, even under
    // `infinite`.
    engine.send("position fen 0-0-0-0-0-0-0-0-0-0-0-0-24-24-S");
    assert!(engine.line().starts_with("info string position"));
    engine.send("go infinite");
    assert_eq!(engine.line(), "bestmove 0000");
}
