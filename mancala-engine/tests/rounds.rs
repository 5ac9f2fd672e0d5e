//! The matches of rounds in the registry: their entries, their action
//! integers and observation, what is drawn and why a match ended.

use mancala_core::Player;
use mancala_core::rounds::RoundRules;
use mancala_engine::{AnyGame, GAMES, NewGameError};

fn name(p: Player) -> String {
    ["South", "North"][p.index()].to_string()
}

#[test]
fn the_eight_presets_are_games_with_no_options() {
    let names: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
    let presets: Vec<&str> = RoundRules::PRESETS.iter().map(|&(n, _)| n).collect();
    // The eight entries before the six games on four rows, in the
    // presets' order.
    let end = names.len() - 6;
    assert_eq!(names[end - 8..end], presets[..]);
    for &(preset, rules) in &RoundRules::PRESETS {
        let game = AnyGame::new(preset, "").unwrap();
        assert!(game.info().keys.is_empty() && game.info().options().is_empty());
        assert!(
            game.to_string().ends_with(&format!("rules={preset}")),
            "{game}"
        );
        assert!(!game.info().summary.is_empty());
        assert_eq!(game.rules_in_words(), game.info().summary);
        // Two rows of the preset's houses.
        assert_eq!(game.drawing().holes.len(), 2 * usize::from(rules.houses));
        for options in ["houses=4", "seeds", "x=1"] {
            assert!(
                matches!(AnyGame::new(preset, options), Err(NewGameError::Option(_))),
                "{preset} {options}"
            );
        }
    }
}

/// Congkak's second round with holes 6 and 7 closed, between rounds and
/// in play: 12 holes, so sowing is 0..12, filling 12..24, relay 24,
/// capture 25, pass 26; the observation is 12 holes, 2 stores, 2 to move,
/// 12 closed, the round, refilling, choosing: 31 numbers.
#[test]
fn actions_are_numbered_and_positions_observed() {
    let mut game = AnyGame::from_text(
        "congkak",
        "6,6,6,6,6,6/0,0,6,6,6,6 10,2 1 rules=congkak round=2 closed=6,7",
    )
    .unwrap();
    assert_eq!(game.num_actions(), 27);
    for (code, text) in [
        (3, "3"),
        (17, "fill:5"),
        (24, "relay"),
        (25, "capture"),
        (26, "pass"),
    ] {
        assert_eq!(game.code_text(code).as_deref(), Some(text));
        assert_eq!(game.text_code(text), Some(code));
    }
    assert_eq!(game.code_text(27), None);
    // North (player 1) sows his open holes 8 to 11.
    assert_eq!(game.legal_codes(Player::P1), [8, 9, 10, 11]);
    let mut obs = vec![0.0; game.observation_len()];
    assert_eq!(obs.len(), 31);
    game.observe(&mut obs);
    assert_eq!(
        obs[..12],
        [6.0, 6.0, 6.0, 6.0, 6.0, 6.0, 0.0, 0.0, 6.0, 6.0, 6.0, 6.0]
    );
    assert_eq!(obs[12..16], [10.0, 2.0, 0.0, 1.0]);
    let mut closed = [0.0; 12];
    closed[6] = 1.0;
    closed[7] = 1.0;
    assert_eq!(obs[16..28], closed);
    assert_eq!(obs[28..], [2.0, 0.0, 0.0]);
    let marks: Vec<(usize, &str)> = game
        .drawing()
        .marks
        .iter()
        .map(|&(pit, word)| (pit.index(), word))
        .collect();
    assert_eq!(marks, [(6, "closed"), (7, "closed")]);

    // Between rounds (the refill) a hole typed alone is a fill: South's
    // rightmost empty hole is 5, the one Congkak fills first.
    game.set_position("6,6,6,6,6,0/6,6,6,6,6,6 10,2 0 rules=congkak round=2 stage=refill")
        .unwrap();
    assert_eq!(game.legal_moves(), ["fill:5"]);
    assert_eq!(game.legal_codes(Player::P0), [17]);
    game.observe(&mut obs);
    assert_eq!(obs[28..], [2.0, 1.0, 0.0]);
    game.play("5").unwrap();
    assert_eq!(
        game.to_string().split(' ').next(),
        Some("6,6,6,6,6,6/6,6,6,6,6,6")
    );
}

/// Galatjang's match ends mid-round when the mover holds all but fewer
/// than 7 seeds: South's last seed (hole 5) goes into his store on his
/// right, leaving 3 seeds outside it (North's store).
#[test]
fn a_won_match_says_why() {
    let mut game = AnyGame::from_text(
        "galatjang",
        "0,0,0,0,0,1/0,0,0,0,0,0 80,3 0 rules=galatjang round=2",
    )
    .unwrap();
    assert_eq!(game.why_ended(&name), None);
    game.play("5").unwrap();
    assert_eq!(
        game.why_ended(&name).as_deref(),
        Some(
            "South wins the match in round 2: South holds all the seeds but 3 in his store, fewer than 7"
        )
    );
    // Dakon: North's store of 5 cannot fill a hole of 7.
    let over = AnyGame::from_text(
        "dakon",
        "0,0,0,0,0,0,0/0,0,0,0,0,0,0 93,5 1 rules=dakon round=4 stage=won:0",
    )
    .unwrap();
    assert_eq!(
        over.why_ended(&name).as_deref(),
        Some(
            "South wins the match in round 4: North has 5 seeds in his store, too few to fill a hole with 7"
        )
    );
}
