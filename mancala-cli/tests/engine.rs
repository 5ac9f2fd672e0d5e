//! The `engine` program itself, driven through pipes as a GUI or a
//! tournament server drives it: one command written, its answer read,
//! before the next command is sent (so every answer must be flushed).
//!
//! Cargo builds a package's binaries before its integration tests and
//! names them in `CARGO_BIN_EXE_<name>`: this is `mancala engine`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::Duration;

use mancala_core::{Game, Status};

/// How long any one answer may take (a debug build searching 500 nodes
/// needs far less, even on a busy machine).
const PATIENCE: Duration = Duration::from_secs(60);

/// A running engine: its stdin, and its stdout's lines as a reader thread
/// receives them (so that a missing answer fails the test instead of
/// hanging it).
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the engine binary starts");
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
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines,
        }
    }

    /// Writes one command line.
    fn send(&mut self, command: &str) {
        let stdin = self.stdin.as_mut().expect("stdin still open");
        writeln!(stdin, "{command}").expect("the engine reads its input");
        stdin.flush().expect("flushed");
    }

    /// The next answer line.
    fn line(&self) -> String {
        match self.lines.recv_timeout(PATIENCE) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => panic!("no answer within {PATIENCE:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("the engine closed its output"),
        }
    }

    /// Sends `command` and reads `n` answer lines.
    fn ask(&mut self, command: &str, n: usize) -> Vec<String> {
        self.send(command);
        (0..n).map(|_| self.line()).collect()
    }

    /// Sends `command` and reads its one answer line.
    fn ask1(&mut self, command: &str) -> String {
        self.ask(command, 1).remove(0)
    }

    /// Sends a `go` and reads up to its `bestmove` line: the `info` lines
    /// and the move.
    fn go(&mut self, command: &str) -> (Vec<String>, String) {
        self.send(command);
        let mut info = Vec::new();
        loop {
            let line = self.line();
            if let Some(mv) = line.strip_prefix("bestmove ") {
                return (info, mv.to_string());
            }
            assert!(line.starts_with("info "), "{command}: {line}");
            info.push(line);
        }
    }

    /// Closes stdin (or not, after `quit`) and waits for the exit: its
    /// status, any output not yet read and stderr.
    fn finish(mut self) -> (ExitStatus, Vec<String>, String) {
        drop(self.stdin.take());
        let status = self.child.wait().expect("the engine exits");
        let rest: Vec<String> = self.lines.iter().collect();
        let mut stderr = String::new();
        if let Some(mut err) = self.child.stderr.take() {
            std::io::Read::read_to_string(&mut err, &mut stderr).expect("stderr");
        }
        (status, rest, stderr)
    }
}

/// The words of a `legal` line after `legal`.
fn legal_words(line: &str) -> Vec<String> {
    let mut words = line.split(' ');
    assert_eq!(words.next(), Some("legal"), "{line}");
    words.map(str::to_string).collect()
}

/// Checks `info depth D score S nodes N` lines: depths 1, 2, 3... in
/// order (or a lone depth 0), nodes growing and within `budget`.
fn check_info(info: &[String], budget: u64) {
    assert!(!info.is_empty());
    let mut last_nodes = 0;
    for (i, line) in info.iter().enumerate() {
        let words: Vec<&str> = line.split(' ').collect();
        let ["info", "depth", depth, "score", score, "nodes", nodes] = words[..] else {
            panic!("not an info line: {line}");
        };
        let depth: usize = depth.parse().expect("a depth");
        let nodes: u64 = nodes.parse().expect("a count");
        score.parse::<i64>().expect("a score");
        if info.len() > 1 || depth > 0 {
            assert_eq!(depth, i + 1, "{info:?}");
        }
        assert!(nodes >= last_nodes && nodes <= budget, "{info:?}");
        last_nodes = nodes;
    }
}

/// A whole exchange for one of the two reference games: the start, its
/// legal moves, a few moves, `show`, a search of 500 nodes whose move is
/// legal and is then played, and `quit`.
fn full_exchange(name: &str, mut game: mancala_core::Mancala) {
    let mut engine = Engine::start();
    assert_eq!(engine.ask1(&format!("new {name}")), "ok");
    let words = legal_words(&engine.ask1("legal"));
    assert_eq!(words, ["0", "1", "2", "3", "4", "5"], "{name}");
    assert_eq!(
        engine.ask("show", 2),
        [format!("position {game}"), "status to_move P0".to_string()]
    );
    // Three moves, each the first legal one of its position.
    let mut moves = Vec::new();
    for _ in 0..3 {
        let mv = game.legal_moves()[0];
        moves.push(mv.to_string());
        game.play(mv).expect("legal");
    }
    assert_eq!(engine.ask1(&format!("play {}", moves.join(" "))), "ok");
    let Status::ToMove(p) = game.status() else {
        panic!("three moves do not end {name}");
    };
    assert_eq!(
        engine.ask("show", 2),
        [
            format!("position {game}"),
            format!("status to_move P{}", p.index())
        ]
    );
    let legal: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(legal_words(&engine.ask1("legal")), legal);
    let (info, best) = engine.go("go nodes 500");
    check_info(&info, 500);
    assert!(
        legal.contains(&best),
        "{name}: bestmove {best} of {legal:?}"
    );
    assert_eq!(engine.ask1(&format!("play {best}")), "ok");
    game.play(best.parse().expect("a move")).expect("legal");
    assert_eq!(engine.ask("show", 1), [format!("position {game}")]);
    engine.line();
    engine.send("quit");
    let (status, rest, stderr) = engine.finish();
    assert!(status.success(), "{status:?}");
    assert!(rest.is_empty(), "{rest:?}");
    assert!(stderr.is_empty(), "{stderr}");
}

#[test]
fn a_full_exchange_of_kalah() {
    full_exchange("kalah", mancala_core::kalah());
}

#[test]
fn a_full_exchange_of_oware() {
    full_exchange("oware", mancala_core::oware());
}

/// Every kind of refusal is one `error` line, and the engine goes on with
/// the game as it was.
#[test]
fn errors_keep_the_engine_alive() {
    let mut engine = Engine::start();
    // No game yet.
    for command in ["show", "legal", "play 1", "go nodes 5", "position x"] {
        assert_eq!(
            engine.ask1(command),
            "error no game yet: start one with `new GAME`",
            "{command}"
        );
    }
    assert_eq!(engine.ask1("new kalah"), "ok");
    assert_eq!(engine.ask1("play 2"), "ok");
    let shown = engine.ask("show", 2);
    let refusals = [
        // Unknown command.
        ("hello", "error unknown command `hello`"),
        // Missing arguments.
        ("new", "error new needs a game"),
        ("position", "error position needs a position"),
        ("play", "error play needs one or more moves"),
        ("go", "error go needs a limit"),
        // Arguments where none are taken.
        ("show me", "error show takes no arguments"),
        // Unknown game, bad options.
        ("new go", "error unknown game `go`"),
        (
            "new kalah seeds",
            "error bad option: an option is KEY=VALUE",
        ),
        ("new kalah seeds=many", "error bad option: "),
        (
            "new kalah stones=4",
            "error bad option: unknown option `stones`",
        ),
        // Bad notation, other rules.
        ("position 4,4,4,4 0,0 0", "error bad position: "),
        (
            "position 4,4,4,4,4,4/4,4,4,4,4,4 0,0 0",
            "error the position's rules are not the game's",
        ),
        // Unreadable and illegal moves, alone or after good ones.
        (
            "play seven",
            "error move `seven` (1 of 1) refused, nothing played: ",
        ),
        (
            "play 2",
            "error move `2` (1 of 1) refused, nothing played: hole 2 is empty",
        ),
        (
            "play 0 0",
            "error move `0` (2 of 2) refused, nothing played: ",
        ),
        (
            "play 9",
            "error move `9` (1 of 1) refused, nothing played: ",
        ),
        // Bad limits.
        ("go nodes many", "error nodes takes a number"),
        ("go depth 999", "error depth takes a number from 1 to 256"),
        ("go nodes 5 nodes 5", "error limit nodes is given twice"),
        ("go plies 5", "error unknown limit `plies`"),
    ];
    for (command, error) in refusals {
        let answer = engine.ask1(command);
        assert!(answer.starts_with(error), "{command}: {answer}");
        assert_eq!(engine.ask("show", 2), shown, "{command} changed the game");
    }
    // Bytes that are not UTF-8.
    let stdin = engine.stdin.as_mut().expect("stdin");
    stdin.write_all(b"play \xc3\x28\n").expect("written");
    stdin.flush().expect("flushed");
    assert_eq!(engine.line(), "error the line is not UTF-8");
    // Still alive and still the same game.
    assert_eq!(engine.ask("show", 2), shown);
    let (info, best) = engine.go("go nodes 200");
    check_info(&info, 200);
    assert!(legal_words(&engine.ask1("legal")).contains(&best));
    let (status, rest, stderr) = engine.finish();
    assert!(status.success());
    assert!(rest.is_empty() && stderr.is_empty(), "{rest:?} {stderr}");
}

/// Numa as documented: `legal` and `go` answer for each acting player, a
/// turn is played as `ARABIC/ROMAN`, and the two `bestmove` choices make
/// a turn.
#[test]
fn numa_turns_through_the_pipe() {
    let mut engine = Engine::start();
    assert_eq!(engine.ask1("new numa target=5"), "ok");
    let mut game = numa::Numa::new(numa::Options {
        target: 5,
        ..numa::Options::default()
    })
    .expect("valid options");
    assert_eq!(
        engine.ask("show", 2),
        [
            format!("position {game}"),
            "status to_move P0 P1".to_string()
        ]
    );
    let legal = engine.ask("legal", 2);
    let all: Vec<String> = numa::Choice::all().map(|c| c.to_string()).collect();
    for (p, line) in ["P0", "P1"].iter().zip(&legal) {
        let words = legal_words(line);
        assert_eq!(words[0], *p);
        assert_eq!(words[1..], all[..]);
    }
    // Play the engine's choices until the game ends.
    let mut turns = 0;
    while !game.is_over() {
        let answers = engine.ask("go nodes 1000", 2);
        let arabic = answers[0].strip_prefix("bestmove P0 ").expect("Arabic's");
        let roman = answers[1].strip_prefix("bestmove P1 ").expect("Roman's");
        let turn = format!("{arabic}/{roman}");
        assert_eq!(engine.ask1(&format!("play {turn}")), "ok");
        game.play(turn.parse().expect("a joint move"))
            .expect("legal");
        turns += 1;
        assert!(turns < 200, "a game to 5 points ends");
    }
    let shown = engine.ask("show", 2);
    assert_eq!(shown[0], format!("position {game}"));
    let winner = match game.outcome() {
        Some(mancala_core::Outcome::Winner(p)) => format!("status winner P{}", p.index()),
        _ => "status draw".into(),
    };
    assert_eq!(shown[1], winner);
    assert_eq!(engine.ask1("legal"), "legal");
    assert_eq!(engine.ask1("go nodes 5"), "error game over");
    // One choice alone is not a turn.
    assert_eq!(engine.ask1("new numa"), "ok");
    assert!(
        engine
            .ask1("play pentagon-red+square-blue")
            .ends_with("a turn is 2 choices joined by `/`, one for each acting player (P0/P1)")
    );
    let (status, _, stderr) = engine.finish();
    assert!(status.success() && stderr.is_empty());
}

/// A game played to its end through the engine: `go` then answers `error
/// game over`, `legal` lists nothing and `play` refuses.
#[test]
fn go_on_a_finished_game() {
    let mut engine = Engine::start();
    assert_eq!(engine.ask1("new oware houses=3 seeds=2"), "ok");
    let mut plies = 0;
    loop {
        let show = engine.ask("show", 2);
        if !show[1].starts_with("status to_move ") {
            assert!(
                show[1] == "status draw" || show[1].starts_with("status winner P"),
                "{show:?}"
            );
            break;
        }
        let (info, best) = engine.go("go nodes 300");
        check_info(&info, 300);
        assert_eq!(engine.ask1(&format!("play {best}")), "ok");
        plies += 1;
        assert!(plies < 500, "a small oware game ends");
    }
    assert_eq!(engine.ask1("go nodes 500"), "error game over");
    assert_eq!(engine.ask1("go depth 3"), "error game over");
    assert_eq!(engine.ask1("legal"), "legal");
    assert!(
        engine
            .ask1("play 0")
            .ends_with("refused, nothing played: the game is over")
    );
    // The position of a finished game, set directly.
    assert_eq!(
        engine.ask1("position 0,0,0/0,0,0 7,5 0 over houses=3 seeds=2"),
        "ok"
    );
    assert_eq!(engine.ask("show", 2)[1], "status winner P0");
    assert_eq!(engine.ask1("go ms 10"), "error game over");
    let (status, rest, _) = engine.finish();
    assert!(status.success() && rest.is_empty());
}

/// The depths and node counts of `info` lines.
fn depths_and_nodes(info: &[String]) -> Vec<(u64, u64)> {
    info.iter()
        .map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            (words[2].parse().unwrap(), words[6].parse().unwrap())
        })
        .collect()
}

/// Kalah's search keeps its table from one `go` to the next: the same
/// position searched again reaches the first search's depth in fewer
/// positions (the first search's entries are there). `new` forgets it:
/// the same commands after `new` answer as they did the first time.
#[test]
fn kalah_keeps_its_search_until_new() {
    let mut engine = Engine::start();
    let twice = |engine: &mut Engine| {
        assert_eq!(engine.ask1("new kalah"), "ok");
        let first = engine.go("go nodes 30000");
        let again = engine.go("go nodes 30000");
        (first, again)
    };
    let (first, again) = twice(&mut engine);
    let (depth, nodes) = *depths_and_nodes(&first.0).last().unwrap();
    let reached = depths_and_nodes(&again.0)
        .into_iter()
        .find(|&(d, _)| d >= depth)
        .expect("the second search as deep as the first");
    assert!(reached.1 < nodes, "{first:?} then {again:?}");
    assert_eq!(twice(&mut engine), (first, again));
    let (status, rest, _) = engine.finish();
    assert!(status.success() && rest.is_empty());
}

/// The end of the input without `quit`: every command answered, then
/// status 0 and nothing on stderr; after `quit`, nothing more is read.
#[test]
fn the_end_of_input_without_quit_exits_quietly() {
    let mut engine = Engine::start();
    assert_eq!(engine.ask1("new mankka"), "ok");
    assert_eq!(engine.ask1("play 1+1+1+1+1+1"), "ok");
    // Sent but not waited for: answered before the exit all the same.
    engine.send("legal");
    engine.send("bogus");
    let (status, rest, stderr) = engine.finish();
    assert!(status.success(), "{status:?}");
    assert!(stderr.is_empty(), "{stderr}");
    assert_eq!(rest.len(), 2, "{rest:?}");
    assert_eq!(
        rest[0].split(' ').count(),
        1 + 462,
        "North's 462 placements"
    );
    assert!(rest[1].starts_with("error unknown command `bogus`"));

    // Nothing at all.
    let (status, rest, stderr) = Engine::start().finish();
    assert!(status.success() && rest.is_empty() && stderr.is_empty());

    // `quit` exits with the input still open; later lines are not read.
    let mut engine = Engine::start();
    engine.send("quit");
    let status = engine.child.wait().expect("exits on quit");
    assert!(status.success());
    assert!(engine.lines.recv_timeout(PATIENCE).is_err());
}

/// The program takes no arguments: `--help` describes the protocol, any
/// other argument is a usage error (status 2).
#[test]
fn arguments_are_help_or_a_usage_error() {
    let output = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .arg("engine")
        .arg("--help")
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert!(output.status.success());
    let help = String::from_utf8(output.stdout).expect("utf-8");
    assert!(help.contains("Usage: mancala engine"), "{help}");
    assert!(help.contains("new GAME [KEY=VALUE...]"), "{help}");
    let output = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .arg("engine")
        .arg("kalah")
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
}

/// `mancala games`' output: every game's name.
fn listed_games() -> Vec<String> {
    let output = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .arg("games")
        .output()
        .expect("runs");
    assert!(output.status.success());
    String::from_utf8(output.stdout)
        .expect("utf-8")
        .lines()
        .map(str::to_string)
        .collect()
}

/// Every game `mancala games` lists starts with `new` and answers `go
/// nodes 1000` with a legal move (in a simultaneous turn, one legal choice
/// for each acting player), which `play` then accepts.
#[test]
fn every_listed_game_answers_a_legal_bestmove() {
    let games = listed_games();
    assert_eq!(games.len(), mancala_engine::GAMES.len());
    assert!(games.iter().any(|g| g == "french-wari"), "{games:?}");
    let mut engine = Engine::start();
    for game in &games {
        assert_eq!(engine.ask1(&format!("new {game}")), "ok", "{game}");
        let status = engine.ask("show", 2).remove(1);
        if status == "status to_move P0 P1" {
            // Numa: a `legal` line and a `bestmove` line for each player.
            let legal = engine.ask("legal", 2);
            let best = engine.ask("go nodes 1000", 2);
            let mut choices = Vec::new();
            for (player, (legal, best)) in legal.iter().zip(&best).enumerate() {
                let words = legal_words(legal);
                assert_eq!(words[0], format!("P{player}"), "{game}");
                let prefix = format!("bestmove P{player} ");
                let choice = best.strip_prefix(&prefix).expect("a bestmove line");
                assert!(words[1..].iter().any(|w| w == choice), "{game}: {choice}");
                choices.push(choice.to_string());
            }
            assert_eq!(engine.ask1(&format!("play {}", choices.join("/"))), "ok");
        } else {
            let legal = legal_words(&engine.ask1("legal"));
            let (info, mv) = engine.go("go nodes 1000");
            check_info(&info, 1000);
            assert!(legal.contains(&mv), "{game}: {mv} not in {legal:?}");
            assert_eq!(engine.ask1(&format!("play {mv}")), "ok", "{game}");
        }
    }
    engine.send("quit");
    let (status, rest, _) = engine.finish();
    assert!(status.success());
    assert!(rest.is_empty(), "{rest:?}");
}

/// `stop` ends a search that no limit would end for hours: it answers
/// with its completed iterations and a legal move, and the engine reads on.
#[test]
fn stop_ends_a_running_search() {
    let mut engine = Engine::start();
    assert_eq!(engine.ask1("new en-gehe"), "ok");
    let legal = legal_words(&engine.ask1("legal"));
    engine.send("go depth 256");
    std::thread::sleep(Duration::from_millis(300));
    let started = std::time::Instant::now();
    engine.send("stop");
    let mut info = Vec::new();
    let mv = loop {
        let line = engine.line();
        if let Some(mv) = line.strip_prefix("bestmove ") {
            break mv.to_string();
        }
        info.push(line);
    };
    assert!(started.elapsed() < PATIENCE);
    assert!(legal.contains(&mv), "{mv} not in {legal:?}");
    assert!(
        info.iter().all(|l| l.starts_with("info depth ")),
        "{info:?}"
    );
    // The `stop` itself has no answer: the next line answers `show`.
    assert!(engine.ask("show", 2)[0].starts_with("position "));
    // A `stop` with no search running does nothing.
    engine.send("stop");
    assert_eq!(engine.ask1("legal").split(' ').next(), Some("legal"));
    // `quit` during a search stops it; the search answers, then the engine
    // exits.
    engine.send("go depth 256");
    std::thread::sleep(Duration::from_millis(100));
    engine.send("quit");
    let (status, rest, _) = engine.finish();
    assert!(status.success());
    assert!(
        rest.last().is_some_and(|l| l.starts_with("bestmove ")),
        "{rest:?}"
    );
}

/// A match of rounds through the pipe: Dakon's choice in the middle of a
/// move and Sungka's fills between rounds are moves of one word (`relay`,
/// `capture`, `fill:N`) in `legal`, `go` and `play`; a match's last move
/// ends it (the positions' values are worked out in RULES.md's words in
/// `web/tests/page.test.mjs`).
#[test]
fn a_match_of_rounds_through_the_pipe() {
    let mut engine = Engine::start();
    assert_eq!(engine.ask1("new dakon"), "ok");
    // South's seed from hole 2 made his hole 1 hold 2: he chooses.
    let choosing = "0,2,0,0,0,0,0/1,1,1,1,1,1,1 45,44 0 rules=dakon stage=choose:1";
    assert_eq!(engine.ask1(&format!("position {choosing}")), "ok");
    assert_eq!(engine.ask1("legal"), "legal relay capture");
    let (_, best) = engine.go("go nodes 2000");
    assert!(["relay", "capture"].contains(&best.as_str()), "{best}");
    // The capture takes hole 12's seed with the last one: 2 more in
    // South's store; North moves.
    assert_eq!(engine.ask1("play capture"), "ok");
    assert_eq!(
        engine.ask("show", 2),
        [
            "position 0,1,0,0,0,0,0/1,1,1,1,1,0,1 47,44 1 rules=dakon",
            "status to_move P1"
        ]
    );
    assert!(engine.ask1("play fill:3").starts_with("error "));

    // Sungka between rounds: North fills any empty hole of his.
    assert_eq!(engine.ask1("new sungka"), "ok");
    let refill = "0,0,0,0,0,0,0/0,0,0,0,0,0,0 50,48 1 rules=sungka stage=refill";
    assert_eq!(engine.ask1(&format!("position {refill}")), "ok");
    assert_eq!(
        engine.ask1("legal"),
        "legal fill:7 fill:8 fill:9 fill:10 fill:11 fill:12 fill:13"
    );
    let (_, best) = engine.go("go nodes 2000");
    assert!(best.starts_with("fill:"), "{best}");
    assert_eq!(engine.ask1("play fill:10"), "ok");
    assert!(engine.ask1("play fill:10").starts_with("error "));

    // Galatjang: South's last seed into his store leaves 3 outside it:
    // the engine finds the win, and the match is over.
    assert_eq!(engine.ask1("new galatjang"), "ok");
    let last = "0,0,0,0,0,1/0,0,0,0,0,0 80,3 0 rules=galatjang round=2";
    assert_eq!(engine.ask1(&format!("position {last}")), "ok");
    let (_, best) = engine.go("go nodes 100");
    assert_eq!(best, "5");
    assert_eq!(engine.ask1("play 5"), "ok");
    assert_eq!(engine.ask("show", 2)[1], "status winner P0");
    let (status, _, stderr) = engine.finish();
    assert!(status.success() && stderr.is_empty(), "{stderr}");
}

/// The games on four rows through the pipe: Tsoro's start offers South's
/// eight outer holes of 2 seeds (0 to 7), the engine picks one, and the
/// doc's first move (hole 5: 2 seeds into 6 and 7, hole 7's 3 relayed into
/// 8, 9 and 10) leaves North to move; Omweso's placing moves are one word
/// (`place:N`), and a clockwise sowing during the placing is refused.
#[test]
fn the_games_on_four_rows_through_the_pipe() {
    let mut engine = Engine::start();
    assert_eq!(engine.ask1("new tsoro"), "ok");
    assert_eq!(engine.ask1("legal"), "legal 0 1 2 3 4 5 6 7");
    let (_, best) = engine.go("go nodes 500");
    assert!((0..8).map(|h| h.to_string()).any(|h| h == best), "{best}");
    assert_eq!(engine.ask1("play 5"), "ok");
    assert_eq!(
        engine.ask("show", 2),
        [
            "position 2,2,2,2,2,0,3,0/1,1,1,0,0,0,0,0/2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0 0,0 1 \
             rules=tsoro",
            "status to_move P1"
        ]
    );
    assert_eq!(engine.ask1("new omweso"), "ok");
    let (_, best) = engine.go("go nodes 500");
    assert!(best.starts_with("place:"), "{best}");
    assert_eq!(engine.ask1("play place:3"), "ok");
    assert!(engine.ask1("play 16:cw").starts_with("error "));
    assert_eq!(engine.ask1("play place:20"), "ok");
    let (status, _, stderr) = engine.finish();
    assert!(status.success() && stderr.is_empty(), "{stderr}");
}
