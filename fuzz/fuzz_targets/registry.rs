//! Fuzz target `registry`: the registry of games (`mancala_engine::AnyGame`)
//! as the Python package, the web page and the engine protocol reach it:
//! a game's name and options text, a position text, and move texts, all
//! arbitrary. Nothing may panic; a refused move or position changes
//! nothing; every legal move listed is accepted; and a search with a node
//! limit answers a legal move.

#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use mancala_core::{Budget, Status};
use mancala_engine::{AnyGame, GAMES, Limits};

#[derive(Arbitrary, Debug)]
struct Input {
    /// A game of the registry (by index), or `name` itself.
    game: u8,
    name: Option<String>,
    options: String,
    position: Option<String>,
    moves: Vec<Step>,
}

#[derive(Arbitrary, Debug)]
enum Step {
    /// The k-th legal move.
    Legal(u8),
    /// Any text.
    Text(String),
    /// A short search.
    Search,
}

fuzz_target!(|input: Input| {
    let name = match &input.name {
        Some(name) => name.clone(),
        None => GAMES[usize::from(input.game) % GAMES.len()]
            .name
            .to_string(),
    };
    // A small work budget: options can build boards whose relays take the
    // default budget's full measure to refuse (a few tenths of a second
    // each), and an input plays up to 32 moves and searches. A refusal is
    // as much a result as an answer.
    let Ok(mut game) = AnyGame::new_within(&name, &input.options, Budget::seeds(1_000_000)) else {
        return;
    };
    if let Some(text) = &input.position {
        let before = game.clone();
        if game.set_position(text).is_err() {
            assert_eq!(game, before, "a refused position changes nothing");
        }
        let _ = AnyGame::from_text(&name, text);
    }
    for step in input.moves.iter().take(32) {
        match step {
            Step::Legal(k) => {
                let moves = game.legal_moves();
                if let Some(mv) = moves.get(usize::from(*k) % moves.len().max(1)) {
                    let mv = mv.clone();
                    // A listed move is accepted, unless deciding the next
                    // position exceeds the default budget.
                    if let Err(e) = game.play(&mv) {
                        assert!(
                            e.to_string().contains("budget"),
                            "{name}: {mv} refused: {e}"
                        );
                    }
                }
            }
            Step::Text(text) => {
                let before = game.clone();
                if game.play(text).is_err() {
                    assert_eq!(game, before, "a refused move changes nothing");
                }
            }
            Step::Search => {
                if let Ok(result) = game.search(&Limits::nodes(64)) {
                    if let Status::ToMove(_) = game.status() {
                        assert!(game.legal_moves().contains(&result.best));
                    }
                    assert_eq!(result.pv.first(), Some(&result.best));
                }
            }
        }
        let _ = game.to_string();
    }
});
