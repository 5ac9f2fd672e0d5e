//! A small KGP server for the tests, on 127.0.0.1: it speaks the server's
//! side as the tournament server does (`kgp 1 0 1`, `ok` to `mode
//! freeplay`, `state`s with even ids, the board mirrored for north, an
//! extra turn as two states in a row, games not announced, `ping`, `stop`,
//! `goodbye`) and checks every move the client sends.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use mancala_cli::kgp::{Board, ClientOptions, Summary, parse_message, play};
use mancala_core::{Game, Mancala, Move, Pit, Player, Rules, Status};

/// How long the server waits for any one line before failing the test.
pub(crate) const PATIENCE: Duration = Duration::from_secs(30);

/// The server's end of one connection.
pub(crate) struct Server {
    pub(crate) reader: BufReader<TcpStream>,
    pub(crate) writer: TcpStream,
    pub(crate) next_id: u64,
    /// Every line the client sent, in order.
    pub(crate) heard: Vec<String>,
}

impl Server {
    pub(crate) fn accept(listener: &TcpListener) -> Server {
        let (stream, _) = listener.accept().expect("the client connects");
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        // As go-kgp (Go sets it on every connection): each line goes at once.
        stream.set_nodelay(true).unwrap();
        Server {
            reader: BufReader::new(stream.try_clone().unwrap()),
            writer: stream,
            next_id: 2,
            heard: Vec::new(),
        }
    }

    /// Sends `ID COMMAND` with a fresh (even) id, as the server numbers
    /// its lines, and returns the id.
    pub(crate) fn request(&mut self, command: &str) -> u64 {
        let id = self.next_id;
        self.next_id += 2;
        write!(self.writer, "{id} {command}\r\n").unwrap();
        id
    }

    /// Sends `ID@TO COMMAND`, an answer to the request `to`.
    pub(crate) fn reply(&mut self, to: u64, command: &str) {
        let id = self.next_id;
        self.next_id += 2;
        write!(self.writer, "{id}@{to} {command}\r\n").unwrap();
    }

    /// The client's next line, without its CRLF.
    pub(crate) fn line(&mut self) -> String {
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
    pub(crate) fn greet(&mut self) -> Vec<String> {
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
    pub(crate) fn ping(&mut self) {
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
    pub(crate) fn ask(&mut self, game: &Mancala, side: Player, stop: bool) -> Move {
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
    pub(crate) fn play_out(&mut self, mut game: Mancala, stop_at: Option<usize>) -> (usize, usize) {
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

/// Kalah on `houses` houses of `seeds` seeds.
pub(crate) fn kalah(houses: u8, seeds: u16) -> Mancala {
    Mancala::new(Rules::kalah().with_houses(houses).with_seeds(seeds)).unwrap()
}

/// A free port on 127.0.0.1 and its listener.
pub(crate) fn listen() -> (TcpListener, u16) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    (listener, port)
}

/// The library's client on a thread, connected to `port`: its summary and
/// log come out of the receiver.
pub(crate) fn library_client(
    port: u16,
    options: ClientOptions,
) -> mpsc::Receiver<(Summary, String)> {
    let (send, receive) = mpsc::channel();
    thread::spawn(move || {
        let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        let reader = BufReader::new(stream.try_clone().unwrap());
        let mut log = Vec::new();
        let summary = play(reader, stream, &options, &mut log).expect("the session ends well");
        let _ = send.send((summary, String::from_utf8(log).unwrap()));
    });
    receive
}
