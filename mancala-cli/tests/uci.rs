//! `mancala uci` itself, driven through pipes as the Aualé GUI drives its
//! engine: a whole game of Oware (`position startpos moves ...`, `go depth
//! 2`, the `bestmove` played, until `bestmove 0000`), positions by `fen`
//! read back, and `stop` during `go infinite`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::thread;
use std::time::Duration;

use mancala_cli::uci::{fen, letter_move, parse_fen};
use mancala_core::{Game, Status};

/// How long any one answer may take.
const PATIENCE: Duration = Duration::from_secs(30);

/// The running program: its stdin, and its stdout's lines.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the program starts");
        let stdout = child.stdout.take().expect("stdout");
        let (send, lines) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take().expect("stdin");
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, command: &str) {
        writeln!(self.stdin, "{command}").expect("the program reads");
        self.stdin.flush().expect("flushed");
    }

    fn line(&self) -> String {
        self.lines
            .recv_timeout(PATIENCE)
            .expect("an answer in time")
    }

    /// The lines up to and including `bestmove`.
    fn search(&self) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.line();
            let end = line.starts_with("bestmove ");
            lines.push(line);
            if end {
                return lines;
            }
        }
    }
}

#[test]
fn the_program_plays_a_whole_game_of_oware() {
    let mut engine = Engine::start();
    engine.send("uci");
    let mut hello = Vec::new();
    while hello.last().is_none_or(|l| l != "uciok") {
        hello.push(engine.line());
    }
    assert!(hello[0].starts_with("id name mancala-rs "), "{hello:?}");
    assert!(hello[1].starts_with("id author "), "{hello:?}");
    engine.send("isready");
    assert_eq!(engine.line(), "readyok");
    engine.send("ucinewgame");
    let mut game = mancala_core::oware();
    let mut moves = String::new();
    let mut plies = 0;
    loop {
        engine.send(&format!("position startpos moves {moves}"));
        engine.send("go depth 2");
        let answer = engine.search();
        let best = &answer[answer.len() - 1]["bestmove ".len()..];
        let Some(mover) = game.to_move() else {
            assert_eq!(best, "0000");
            break;
        };
        let letter = best.chars().next().expect("a letter");
        assert_eq!(best.len(), 1, "{best}");
        let mv = letter_move(letter).expect("a house's letter");
        assert!(
            game.legal_actions(mover).contains(&mv),
            "{best} in {}",
            fen(&game)
        );
        // One `info` line a completed depth, at most 2.
        assert!(answer.len() <= 3, "{answer:?}");
        for (depth, info) in answer[..answer.len() - 1].iter().enumerate() {
            assert!(
                info.starts_with(&format!("info depth {} score cp ", depth + 1)),
                "{info}"
            );
        }
        game.play(mv).expect("a legal move plays");
        moves.push(letter);
        plies += 1;
        assert!(plies < 1000, "the game does not end");
    }
    assert!(matches!(game.status(), Status::Over(_)));
    // The last position, by `fen`, reads back as the program writes it.
    let text = fen(&game);
    engine.send(&format!("position fen {text}"));
    engine.send("d");
    assert_eq!(engine.line(), format!("info string position {text}"));
    assert_eq!(fen(&parse_fen(&text).unwrap()), text);
    engine.send("quit");
    assert!(engine.child.wait().expect("the program ends").success());
}

#[test]
fn stop_ends_an_infinite_search_at_once() {
    let mut engine = Engine::start();
    engine.send("position fen 5-0-6-5-5-4-4-4-4-4-4-3-0-0-S moves D");
    engine.send("d");
    assert_eq!(
        engine.line(),
        "info string position 5-0-6-0-6-5-5-5-5-4-4-3-0-0-N"
    );
    engine.send("go infinite");
    thread::sleep(Duration::from_millis(200));
    engine.send("stop");
    let answer = engine.search();
    let best = answer.last().unwrap();
    let mv = letter_move(best.chars().last().unwrap()).unwrap();
    let game = parse_fen("5-0-6-0-6-5-5-5-5-4-4-3-0-0-N").unwrap();
    assert!(
        game.legal_actions(mancala_core::Player::P1).contains(&mv),
        "{best}"
    );
    engine.send("isready");
    assert_eq!(engine.line(), "readyok");
    // The end of the input ends the program.
    drop(engine.stdin);
    assert!(engine.child.wait().expect("the program ends").success());
}
