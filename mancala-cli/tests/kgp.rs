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

mod kgp_server;

use std::net::TcpListener;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use kgp_server::{PATIENCE, Server, kalah, library_client, listen};
use mancala_cli::kgp::{Board, ClientOptions, End, Summary};
use mancala_core::{Game, Move, Pit, Player};

/// A listener on a free port, and the library's client connected to it
/// on a thread: its summary comes out of the receiver.
fn client(options: ClientOptions) -> (TcpListener, mpsc::Receiver<(Summary, String)>) {
    let (listener, port) = listen();
    (listener, library_client(port, options))
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
    let (summary, _) = done.recv_timeout(PATIENCE).expect("the client ends");
    assert_eq!(summary.end, End::Goodbye);
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
    let (summary, _) = done.recv_timeout(PATIENCE).expect("the client ends");
    assert_eq!(summary.end, End::Goodbye);
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
