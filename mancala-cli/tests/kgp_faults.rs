//! The KGP client against a server's faults, each scripted here on
//! 127.0.0.1: a server that drops the moves it reads too soon after its
//! `state` (go-kgp's race), that closes the connection during a search,
//! that goes away and comes back on the same port, that sends huge and
//! binary lines; and verify mode, its problems judged by a sowing written
//! here from the server's rules. The program (`CARGO_BIN_EXE_mancala kgp`)
//! runs with short reconnection delays; each test bounds its waits, and a
//! child program still running when a test ends is killed.

mod kgp_server;

use std::io::{BufRead, Read, Write};
use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use kgp_server::{PATIENCE, Server, kalah, library_client, listen};
use mancala_cli::kgp::{Board, ClientOptions, End, parse_message};
use mancala_core::{Game, Move, Pit, Player};

/// The program `mancala kgp` on `port` with `args`, its log piped; killed
/// when dropped.
struct Program(Child);

impl Program {
    fn start(port: u16, args: &[&str]) -> Program {
        let child = Command::new(env!("CARGO_BIN_EXE_mancala"))
            .args(["kgp", "--host", "127.0.0.1", "--port", &port.to_string()])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the program starts");
        Program(child)
    }

    /// Waits for the program's end (at most [`PATIENCE`]): its exit
    /// status and its log.
    fn finish(mut self) -> (i32, String) {
        let deadline = Instant::now() + PATIENCE;
        let status = loop {
            if let Some(status) = self.0.try_wait().unwrap() {
                break status;
            }
            assert!(Instant::now() < deadline, "the program did not end");
            thread::sleep(Duration::from_millis(20));
        };
        let mut log = String::new();
        self.0
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut log)
            .unwrap();
        (status.code().expect("an exit status"), log)
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn a_move_the_server_drops_for_its_race_is_sent_again() {
    // The server drops every move read within 30 ms of its state (go-kgp
    // drops those it reads before registering the state, a few
    // milliseconds on a loaded host): the client's final move must still
    // reach it. A lone legal move, and a table-free search of 1 s whose
    // first moves fall in the window.
    let (listener, port) = listen();
    let done = library_client(
        port,
        ClientOptions {
            time: Duration::from_millis(1000),
            ..ClientOptions::default()
        },
    );
    let mut server = Server::accept(&listener);
    server.greet();
    let lone: Board = "<3,5,5,0,0,1,1,1,1>".parse().unwrap();
    let mut start = kalah(6, 4);
    start.play(Move::Sow(Pit::new(2).unwrap())).unwrap();
    for board in [lone, Board::of_game(&start, Player::P0)] {
        let sent = Instant::now();
        let id = server.request(&format!("state {board}"));
        let (mut kept, mut dropped) = (None, 0);
        loop {
            let m = parse_message(&server.line()).unwrap();
            assert_eq!(m.reference, Some(id), "{m:?}");
            match m.command.as_str() {
                "move" if sent.elapsed() < Duration::from_millis(30) => dropped += 1,
                "move" => kept = Some(m.args[0].text()),
                "yield" => break,
                other => panic!("{other}"),
            }
        }
        let kept = kept.unwrap_or_else(|| panic!("every move of {board} dropped ({dropped})"));
        let house: usize = kept.parse().unwrap();
        assert!(
            board.south[house - 1] > 0,
            "house {house} of {board} is empty"
        );
        if board.south == [0, 0, 1] {
            assert_eq!(kept, "3");
        }
    }
    server.request("goodbye");
    let (summary, _) = done.recv_timeout(PATIENCE).unwrap();
    assert_eq!(summary.end, End::Goodbye);
    assert!(summary.resent >= 1, "{summary:?}");
}

#[test]
fn a_server_closing_during_a_search_is_connected_again() {
    let (listener, port) = listen();
    // A search far longer than the test: only the lost connection ends it.
    let program = Program::start(
        port,
        &[
            "--ms",
            "60000",
            "--reconnect",
            "3",
            "--reconnect-delay",
            "50",
        ],
    );
    let mut first = Server::accept(&listener);
    first.greet();
    let id = first.request(&format!(
        "state {}",
        Board::of_game(&kalah(6, 4), Player::P0)
    ));
    assert!(first.line().starts_with(&format!("@{id} move ")));
    let closed = Instant::now();
    drop(first);
    // The client comes back (a new greeting) without waiting out its
    // search, and plays on.
    let mut second = Server::accept(&listener);
    assert!(closed.elapsed() < Duration::from_secs(10));
    second.greet();
    let (asked, _) = second.play_out(kalah(3, 2), None);
    second.request("goodbye");
    let (status, log) = program.finish();
    assert_eq!(status, 0, "{log}");
    // The client reads the end of the input, or fails to write a move
    // (a broken pipe), whichever comes first.
    assert!(
        log.contains("closed the connection")
            || log.contains(&format!("the connection to 127.0.0.1:{port} failed:")),
        "{log}"
    );
    assert!(
        log.contains("again in 5") || log.contains("again in 6"),
        "{log}"
    );
    assert!(log.contains("(attempt 1 of 3)"), "{log}");
    assert!(log.contains(&format!("{asked} states answered")), "{log}");
    assert!(log.contains("2 sessions in all"), "{log}");
}

#[test]
fn a_restarted_server_is_found_again_on_its_port() {
    let (listener, port) = listen();
    let program = Program::start(
        port,
        &["--ms", "20", "--reconnect", "8", "--reconnect-delay", "40"],
    );
    let mut server = Server::accept(&listener);
    server.greet();
    server.play_out(kalah(3, 2), None);
    // The server goes away: connections are refused for a while.
    drop(server);
    drop(listener);
    thread::sleep(Duration::from_millis(300));
    let listener = TcpListener::bind(("127.0.0.1", port)).expect("the port is free again");
    let mut server = Server::accept(&listener);
    server.greet();
    server.play_out(kalah(3, 2), None);
    server.request("goodbye");
    let (status, log) = program.finish();
    assert_eq!(status, 0, "{log}");
    assert!(log.contains("cannot play on 127.0.0.1"), "{log}");
    assert!(log.contains("(attempt 2 of 8)"), "{log}");
}

#[test]
fn the_exit_status_tells_the_ends_apart() {
    // No server at all: refused at every attempt.
    let (listener, port) = listen();
    drop(listener);
    let (status, log) =
        Program::start(port, &["--reconnect", "2", "--reconnect-delay", "10"]).finish();
    assert_eq!(status, 3, "{log}");
    assert!(log.contains("no connection to 127.0.0.1"), "{log}");
    assert_eq!(log.matches("cannot play on").count(), 3, "{log}");

    // A server that greets, then goes away for good.
    let (listener, port) = listen();
    let program = Program::start(port, &["--reconnect", "1", "--reconnect-delay", "10"]);
    let mut server = Server::accept(&listener);
    server.greet();
    drop(server);
    drop(listener);
    let (status, log) = program.finish();
    assert_eq!(status, 4, "{log}");

    // Without reconnection, the first loss ends it.
    let (listener, port) = listen();
    let program = Program::start(port, &["--reconnect", "0"]);
    let mut server = Server::accept(&listener);
    server.greet();
    drop(server);
    let (status, log) = program.finish();
    assert_eq!(status, 4, "{log}");
    assert!(!log.contains("again in"), "{log}");

    // A tablebase folder that is none: said before connecting.
    let (status, log) = Program::start(port, &["--tablebase", "/no/such/folder"]).finish();
    assert_eq!(status, 1, "{log}");
    assert!(log.contains("/no/such/folder is not a folder"), "{log}");

    // Another major version of KGP.
    let (listener, port) = listen();
    let program = Program::start(port, &[]);
    let mut server = Server::accept(&listener);
    server.request("kgp 2 0 0");
    assert_eq!(server.line(), "goodbye");
    let (status, log) = program.finish();
    assert_eq!(status, 5, "{log}");
}

#[test]
fn huge_and_binary_lines_are_logged_cut_and_escaped() {
    let (listener, port) = listen();
    let done = library_client(
        port,
        ClientOptions {
            time: Duration::from_millis(20),
            ..ClientOptions::default()
        },
    );
    let mut server = Server::accept(&listener);
    server.greet();
    let board = format!("<3,0,0{}>", ",1".repeat(400_000));
    let command = "x".repeat(900_000);
    let mut raw: Vec<u8> = Vec::new();
    write!(raw, "6 state {board}\r\n8 {command} 1\r\n").unwrap();
    raw.extend_from_slice(b"10 ping\x00\x1b[2J\x07 now\r\n");
    raw.extend_from_slice(b"12 st\xffate <3,0,0,1,1,1,1,1,1>\r\n");
    raw.extend(std::iter::repeat_n(b'y', 2 << 20));
    raw.extend_from_slice(b"\r\n");
    server.writer.write_all(&raw).unwrap();
    // The client reads on, and plays.
    let mv = server.ask(&kalah(4, 3), Player::P0, false);
    assert!(mv.pit().is_some());
    server.request("goodbye");
    let (summary, log) = done.recv_timeout(PATIENCE).unwrap();
    assert_eq!(summary.ignored, 5, "{log}");
    for line in log.lines() {
        assert!(line.len() < 700, "a long log line: {}", &line[..700]);
        assert!(!line.chars().any(char::is_control), "{line:?}");
    }
    assert!(log.contains(&format!("({} bytes)", board.len())), "{log}");
    assert!(log.contains(&format!("({} bytes)", command.len())), "{log}");
    assert!(log.contains("\\u{0}\\u{1b}[2J\\u{7}"), "{log}");
    assert!(log.contains("not UTF-8"), "{log}");
    assert!(log.contains("longer than 1048576 bytes"), "{log}");
}

/// The server's Kalah, written here from its rules (INTEROP.md) apart
/// from the library: south sows `house` (from 0) of `<n,S,N,south,north>`
/// (each row in its owner's sowing order), his store sown and north's
/// skipped; his last seed in his own empty house takes it and the
/// opposite house (north's `n - 1 - house`) when that one holds seeds;
/// when a row is empty or a store holds more than half of all seeds,
/// each row's seeds go to its owner's store. Returns the board and
/// whether the last seed fell into south's store.
fn reference_sow(board: &Board, house: usize) -> (Board, bool) {
    let n = board.south.len();
    let mut b = board.clone();
    let mut seeds = std::mem::take(&mut b.south[house]);
    // Places around the board: 0..n south's houses, n his store, n + 1 +
    // i north's house i.
    let mut place = house;
    while seeds > 0 {
        place = (place + 1) % (2 * n + 1);
        match place {
            p if p < n => b.south[p] += 1,
            p if p == n => b.south_store += 1,
            p => b.north[p - n - 1] += 1,
        }
        seeds -= 1;
    }
    let again = place == n;
    if place < n && b.south[place] == 1 && b.north[n - 1 - place] > 0 {
        b.south_store += 1 + b.north[n - 1 - place];
        b.south[place] = 0;
        b.north[n - 1 - place] = 0;
    }
    let total: u32 = [b.south_store, b.north_store]
        .iter()
        .chain(&b.south)
        .chain(&b.north)
        .map(|&s| u32::from(s))
        .sum();
    let over = b.south.iter().all(|&s| s == 0)
        || b.north.iter().all(|&s| s == 0)
        || 2 * u32::from(b.south_store.max(b.north_store)) > total;
    if over {
        b.south_store += b.south.iter().sum::<u16>();
        b.north_store += b.north.iter().sum::<u16>();
        b.south.iter_mut().for_each(|s| *s = 0);
        b.north.iter_mut().for_each(|s| *s = 0);
    }
    (b, again)
}

/// A random problem as go-kgp makes one: 6 to 11 houses a side, each with
/// fewer than twice that many seeds, stores with fewer than four times,
/// and a random non-empty house of south's.
fn random_problem(seed: &mut u64) -> (Board, usize) {
    let mut next = |below: u64| {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed % below
    };
    loop {
        let n = 6 + next(6);
        let mut row = || -> Vec<u16> { (0..n).map(|_| next(2 * n) as u16).collect() };
        let (south, north) = (row(), row());
        let board = Board {
            south_store: next(4 * n) as u16,
            north_store: next(4 * n) as u16,
            south,
            north,
        };
        let houses: Vec<usize> = (0..n as usize).filter(|&h| board.south[h] > 0).collect();
        if !houses.is_empty() {
            let house = houses[next(houses.len() as u64) as usize];
            return (board, house);
        }
    }
}

/// A verify-mode server: after `mode verify`, problems one at a time, each
/// solution judged by [`reference_sow`] (`ok`, or `error "Expected state
/// ..."` as go-kgp words it; `wrong` every solution refused), until the
/// client's `goodbye` (or the end of the connection). Returns the
/// solutions judged and those agreed.
fn verify_server(listener: &TcpListener, wrong: bool, seed: u64) -> (u64, u64) {
    let mut server = Server::accept(listener);
    server.request("kgp 1 0 1");
    loop {
        let line = server.line();
        if line == "mode verify" {
            break;
        }
        assert!(line.starts_with("set "), "{line}");
    }
    let mut seed = seed;
    let (mut judged, mut agreed) = (0, 0);
    loop {
        // As go-kgp, the next problem right after the verdict: the client
        // that has answered enough may have said goodbye and closed the
        // connection by then (the write or the read then fails).
        let (board, house) = random_problem(&mut seed);
        let id = server.next_id;
        server.next_id += 2;
        let mut line = String::new();
        let read = write!(server.writer, "{id} problem {board} {house}\r\n")
            .and_then(|()| server.reader.read_line(&mut line));
        if read.is_err() || line.trim_end() == "goodbye" || line.is_empty() {
            return (judged, agreed);
        }
        let m = parse_message(&line).unwrap();
        assert_eq!((m.command.as_str(), m.reference), ("solution", Some(id)));
        let their = m.id.expect("a solution with an id");
        let (expected, again) = reference_sow(&board, house);
        let answer = (m.args[0].text(), m.args[1].text());
        judged += 1;
        if !wrong && answer == (expected.to_string(), again.to_string()) {
            agreed += 1;
            server.reply(their, "ok");
        } else {
            server.reply(their, &format!("error \"Expected state {expected}\""));
        }
    }
}

#[test]
fn verify_mode_answers_the_servers_problems_by_the_rules() {
    let (listener, port) = listen();
    let program = Program::start(port, &["--mode", "verify", "--problems", "500"]);
    let (sent, agreed) = verify_server(&listener, false, 0x9e37_79b9_7f4a_7c15);
    let (status, log) = program.finish();
    assert_eq!((sent, agreed), (500, 500), "{log}");
    assert_eq!(status, 0, "{log}");
    assert!(
        log.contains("500 problems: 500 solutions agreed, 0 disagreed, 0 unanswered"),
        "{log}"
    );
    // A server that refuses the solutions: each logged, and status 6.
    let (listener, port) = listen();
    let program = Program::start(port, &["--mode", "verify", "--problems", "3"]);
    verify_server(&listener, true, 7);
    let (status, log) = program.finish();
    assert_eq!(status, 6, "{log}");
    assert_eq!(log.matches("Expected state <").count(), 3, "{log}");
}

#[test]
fn a_server_without_verify_mode_is_a_protocol_error() {
    let (listener, port) = listen();
    let program = Program::start(port, &["--mode", "verify"]);
    let mut server = Server::accept(&listener);
    server.request("kgp 1 0 1");
    while server.line() != "mode verify" {}
    server.request("error \"Unsupported mode \\\"verify\\\"\"");
    let (status, log) = program.finish();
    assert_eq!(status, 5, "{log}");
    assert!(log.contains("Unsupported mode"), "{log}");
}
