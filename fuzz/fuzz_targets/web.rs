//! Fuzz target `web`: the web page's game (`mancala_web::Session`) as
//! JavaScript reaches it: a game's name and options text, positions pasted
//! by hand, and move texts, all arbitrary. Nothing may panic; a refused
//! move or position changes nothing; every view serializes; a move that
//! ends the game says why when the rules' own ending can be told.

#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use mancala_core::Budget;
use mancala_engine::GAMES;
use mancala_web::Session;

#[derive(Arbitrary, Debug)]
struct Input {
    game: u8,
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
    /// Any text as a position.
    Position(String),
}

fuzz_target!(|input: Input| {
    let name = GAMES[usize::from(input.game) % GAMES.len()].name;
    // A small work budget, as in the `registry` target: options can build
    // boards whose relays take the default budget's full measure to refuse.
    let Ok(mut session) = Session::new_within(name, &input.options, Budget::seeds(1_000_000))
    else {
        return;
    };
    if let Some(text) = &input.position {
        let _ = Session::from_text(name, text).map(|s| serde_json::to_string(&s.view()));
    }
    for step in input.moves.iter().take(32) {
        let before = session.text();
        match step {
            Step::Legal(k) => {
                let moves = session.view().legal;
                if let Some(mv) = moves.get(usize::from(*k) % moves.len().max(1)) {
                    // A listed move is accepted, unless deciding the next
                    // position exceeds the work budget.
                    match session.play(mv) {
                        Ok(done) => assert_eq!(&done.text, mv),
                        Err(e) => {
                            assert!(e.contains("budget"), "{name}: {mv} refused: {e}");
                            assert_eq!(session.text(), before);
                        }
                    }
                }
            }
            Step::Text(text) => {
                if session.play(text).is_err() {
                    assert_eq!(session.text(), before, "a refused move changes nothing");
                }
            }
            Step::Position(text) => {
                if session.set_position(text).is_err() {
                    assert_eq!(session.text(), before, "a refused position changes nothing");
                }
            }
        }
        let view = session.view();
        assert_eq!(view.text, session.text());
        serde_json::to_string(&view).expect("a view serializes");
    }
});
