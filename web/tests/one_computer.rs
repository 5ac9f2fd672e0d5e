//! One computer player: for the same position and limits, every face of
//! the workspace chooses the same move. Asked here: the engine protocol
//! (`mancala engine`'s `go nodes N`), the web page's computer
//! (`Session::search` at its easy level, 300 positions), and the registry's
//! `AnyGame::search`, which `mancala play`'s computer and the tournament's
//! `search` agent call through `Registered::computer`; the Python package's
//! `search_action` is compared with the engine protocol by its own tests
//! (`python/tests/test_computer.py`). Three positions of every game: its
//! start, and the positions after one and after four plies of each player's
//! first legal move.

use mancala_core::{Player, Status};
use mancala_engine::{AnyGame, GAMES, Limits};
use mancala_web::{Session, Strength};

/// The easy level's node limit (`Strength::Easy`).
const NODES: u64 = 300;

/// The engine protocol's answer in `position` of game `name`: the
/// `bestmove` lines, `MOVE` for the player to move or `P0/P1` joined as a
/// simultaneous turn is played.
fn engine_answer(name: &str, position: &str) -> String {
    let input = format!("new {name}\nposition {position}\ngo nodes {NODES}\n");
    let mut out = Vec::new();
    mancala_cli::engine::run(input.as_bytes(), &mut out).expect("the protocol runs");
    let text = String::from_utf8(out).expect("UTF-8");
    let moves: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .map(|m| m.rsplit(' ').next().unwrap_or(m))
        .collect();
    assert!(!moves.is_empty(), "{name} {position}: {text}");
    moves.join("/")
}

/// The web page's answer: the move, or each acting player's choice joined
/// by `/`.
fn web_answer(name: &str, position: &str) -> String {
    let session = Session::from_text(name, position).expect("the page reads the position");
    let game = AnyGame::from_text(name, position).expect("a position");
    match game.status() {
        Status::Simultaneous(set) => set
            .iter()
            .map(|p| {
                session
                    .search(Strength::Easy, Some(p.index()), None)
                    .expect("a choice")
                    .best
            })
            .collect::<Vec<_>>()
            .join("/"),
        _ => {
            session
                .search(Strength::Easy, None, None)
                .expect("a move")
                .best
        }
    }
}

/// The start of `name`, and after one and after four plies of the first
/// legal move (every acting player's first choice in a simultaneous turn).
fn positions(name: &str) -> Vec<String> {
    let mut game = AnyGame::new(name, "").expect("every game starts");
    let mut out = vec![game.to_string()];
    for plies in 1..=4 {
        let mv = match game.status() {
            Status::Over(_) => break,
            Status::ToMove(p) => game.legal_choices(p)[0].clone(),
            Status::Simultaneous(set) => set
                .iter()
                .map(|p: Player| game.legal_choices(p)[0].clone())
                .collect::<Vec<_>>()
                .join("/"),
        };
        game.play(&mv).expect("a legal move");
        if plies == 1 || plies == 4 {
            out.push(game.to_string());
        }
    }
    out
}

#[test]
fn every_face_gets_the_same_move_from_the_computer() {
    for info in &GAMES {
        for position in positions(info.name) {
            let registry = AnyGame::from_text(info.name, &position)
                .expect("a position")
                .search(&Limits::nodes(NODES))
                .expect("a move")
                .best;
            let engine = engine_answer(info.name, &position);
            let web = web_answer(info.name, &position);
            assert_eq!(engine, registry, "{}: {position}", info.name);
            assert_eq!(web, registry, "{}: {position}", info.name);
        }
    }
}
