//! The KGP client against a small KGP server written here, on
//! 127.0.0.1: it speaks the server's side as the tournament server does
//! (`kgp 1 0 1`, `ok` to `mode freeplay`, `state`s with ids, the board
//! mirrored for north, an extra turn as two states in a row, games not
//! announced, `ping`, `stop`, `goodbye`), plays complete games of Kalah with
//! the library, the client choosing the moves of both sides, and checks
//! every move the client sends.
//!
//! The client runs as the library's `play` on a thread, and once as the
//! program itself (`CARGO_BIN_EXE_mancala kgp --port P`).

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use mancala_cli::kgp::{Board, ClientOptions, Summary, parse_message, play};
use mancala_core::{Game, Mancala, Move, Pit, Player, Rules, Status};

/// How long the server waits for any one line before failing the test.
const PATIENCE: Duration = Duration::from_secs(30);

/// The server's end of one connection.
struct Server {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
    next_id: u64,
    /// Every line the client sent, in order.
    heard: Vec<String>,
}

impl Server {
    fn accept(listener: &TcpListener) -> Server {
        let (stream, _) = listener.accept().expect("the client connects");
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        Server {
            reader: BufReader::new(stream.try_clone().unwrap()),
            writer: stream,
            next_id: 2,
            heard: Vec::new(),
        }
    }

    /// Sends `ID COMMAND` with a fresh (even) id, as the server numbers
    /// its lines, and returns the id.
    fn request(&mut self, command: &str) -> u64 {
        let id = self.next_id;
        self.next_id += 2;
        write!(self.writer, "{id} {command}\r\n").unwrap();
        id
    }

    /// Sends `ID@TO COMMAND`, an answer to the request `to`.
    fn reply(&mut self, to: u64, command: &str) {
        let id = self.next_id;
        self.next_id += 2;
        write!(self.writer, "{id}@{to} {command}\r\n").unwrap();
    }

    /// The client's next line, without its CRLF.
    fn line(&mut self) -> String {
        let mut line = String::new();
        let n = self.reader.read_line(&mut line).expect("a line in time");
        assert!(n > 0, "the client closed the connection");
        assert!(line.ends_with("\r\n"), "{line:?}");
        let line = line.trim_end().to_string();
        self.heard.push(line.clone());
        line
    }

    /// The greeting: `kgp 1 0 1`, then the client's `set`s up to `mode
    /// freeplay`, answered `ok`. Returns the `set` lines.
    fn greet(&mut self) -> Vec<String> {
        self.request("kgp 1 0 1");
        let mut sets = Vec::new();
        loop {
            let line = self.line();
            if line == "mode freeplay" {
                break;
            }
            assert!(line.starts_with("set "), "{line}");
            sets.push(line);
        }
        self.request("ok");
        sets
    }

    /// `ping`, and waits for its `pong` (skipping late lines of stopped
    /// requests).
    fn ping(&mut self) {
        let id = self.request("ping");
        loop {
            let m = parse_message(&self.line()).unwrap();
            if m.command == "pong" {
                assert_eq!(m.reference, Some(id));
                return;
            }
            assert!(matches!(m.command.as_str(), "move" | "yield"), "{m:?}");
        }
    }

    /// Asks the client for `side`'s move in `game` (the board mirrored for
    /// north) and returns its last move, every move checked legal. With
    /// `stop`, the request is stopped after the first move instead of
    /// waiting for `yield`.
    fn ask(&mut self, game: &Mancala, side: Player, stop: bool) -> Move {
        let houses = game.board().holes().len() / 2;
        let id = self.request(&format!("state {}", Board::of_game(game, side)));
        let mut last = None;
        loop {
            let m = parse_message(&self.line()).expect("the client's lines read");
            if m.reference != Some(id) {
                // A late line of a stopped request (sent before the client
                // read the stop, on a busy machine).
                assert!(
                    m.reference < Some(id) && matches!(m.command.as_str(), "move" | "yield"),
                    "{m:?}"
                );
                continue;
            }
            match m.command.as_str() {
                "move" => {
                    let k: usize = m.args[0].text().parse().expect("a number");
                    assert!((1..=houses).contains(&k), "house {k}");
                    let hole = if side == Player::P0 {
                        k - 1
                    } else {
                        houses + k - 1
                    };
                    let mv = Move::Sow(Pit::new(hole).unwrap());
                    assert!(
                        game.legal_actions(side).contains(&mv),
                        "{} is illegal in {game}",
                        m.args[0].text()
                    );
                    last = Some(mv);
                    if stop {
                        self.reply(id, "stop");
                        break;
                    }
                }
                "yield" => break,
                other => panic!("unexpected `{other}` for request {id}"),
            }
        }
        last.expect("a move before yield")
    }

    /// Plays `game` to its end, the client choosing every move; a ping
    /// before every fourth state, and the state number `stop_at` stopped
    /// after its first move. Returns the states asked and the extra turns
    /// (two states in a row for one side).
    fn play_out(&mut self, mut game: Mancala, stop_at: Option<usize>) -> (usize, usize) {
        let (mut asked, mut extra, mut last_side) = (0, 0, None);
        while let Some(side) = game.to_move() {
            if asked % 4 == 1 {
                self.ping();
            }
            let mv = self.ask(&game, side, stop_at == Some(asked));
            extra += usize::from(last_side == Some(side));
            last_side = Some(side);
            game.play(mv).expect("a legal move plays");
            asked += 1;
        }
        assert!(matches!(game.status(), Status::Over(_)));
        (asked, extra)
    }
}

fn kalah(houses: u8, seeds: u16) -> Mancala {
    Mancala::new(Rules::kalah().with_houses(houses).with_seeds(seeds)).unwrap()
}

/// A listener on a free port, and the library's client connected to it
/// on a thread: its summary comes out of the receiver.
fn client(options: ClientOptions) -> (TcpListener, mpsc::Receiver<Summary>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let (send, receive) = mpsc::channel();
    thread::spawn(move || {
        let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        let reader = BufReader::new(stream.try_clone().unwrap());
        let mut log = Vec::new();
        let summary = play(reader, stream, &options, &mut log).expect("the session ends well");
        let _ = send.send(summary);
    });
    (listener, receive)
}

#[test]
fn the_client_plays_complete_games_with_legal_moves() {
    let (listener, done) = client(ClientOptions {
        name: "test \"client\"".into(),
        time: Duration::from_millis(25),
        ..ClientOptions::default()
    });
    let mut server = Server::accept(&listener);
    let sets = server.greet();
    assert_eq!(sets[0], r#"set info:name "test \"client\"""#);
    // Kalah(6,4), its fourth state stopped early; then, unannounced,
    // Kalah(4,3).
    let (first, extra) = server.play_out(kalah(6, 4), Some(3));
    let (second, _) = server.play_out(kalah(4, 3), None);
    assert!(extra >= 1, "no extra turn in the whole game");
    server.request("goodbye");
    let summary = done.recv_timeout(PATIENCE).expect("the client ends");
    assert!(summary.goodbye);
    assert_eq!(summary.states as usize, first + second);
    assert_eq!(summary.ignored, 0);
    // Every request but the stopped one ended with a yield.
    let yields = server
        .heard
        .iter()
        .filter(|l| l.ends_with(" yield"))
        .count();
    assert!(yields >= first + second - 1, "{yields}");
}

#[test]
fn stop_and_a_newer_state_end_a_long_search() {
    // Far longer than the test may take: only `stop` ends each search.
    let (listener, done) = client(ClientOptions {
        time: Duration::from_secs(600),
        ..ClientOptions::default()
    });
    let mut server = Server::accept(&listener);
    server.greet();
    let start = kalah(6, 4);
    let first = server.request(&format!("state {}", Board::of_game(&start, Player::P0)));
    assert!(server.line().starts_with(&format!("@{first} move ")));
    // A newer state supersedes the first request: its search ends, and it
    // gets no yield.
    let mut next = start.clone();
    next.play(Move::Sow(Pit::new(0).unwrap())).unwrap();
    let board = Board::of_game(&next, Player::P1);
    let second = server.request(&format!("state {board}"));
    loop {
        let line = server.line();
        if line.starts_with(&format!("@{second} move ")) {
            break;
        }
        assert!(line.starts_with(&format!("@{first} move ")), "{line}");
    }
    server.reply(second, "stop");
    server.ping();
    server.request("goodbye");
    let summary = done.recv_timeout(PATIENCE).expect("the client ends");
    assert!(summary.goodbye);
    assert_eq!(summary.states, 2);
    assert!(
        !server.heard.iter().any(|l| l.ends_with("yield")),
        "{:?}",
        server.heard
    );
}

#[test]
fn the_program_plays_a_game_over_tcp() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["kgp", "--host", "127.0.0.1", "--port", &port.to_string()])
        .args(["--ms", "20", "--name", "binary", "--token", "t0k"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    let mut server = Server::accept(&listener);
    let sets = server.greet();
    assert!(
        sets.contains(&r#"set info:name "binary""#.to_string()),
        "{sets:?}"
    );
    assert!(
        sets.contains(&r#"set auth:token "t0k""#.to_string()),
        "{sets:?}"
    );
    let (asked, _) = server.play_out(kalah(4, 3), None);
    server.request("goodbye");
    let output = child.wait_with_output().expect("the program ends");
    assert!(output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&format!("{asked} states answered")),
        "{stderr}"
    );
}
