//! The games on four rows in the registry: their entries, their action
//! integers and observation, what is drawn, why a game ended, and the
//! computer's move.

use mancala_core::Player;
use mancala_core::four_rows::FourRowRules;
use mancala_engine::registry::Shape;
use mancala_engine::{AnyGame, GAMES, Limits, NewGameError};

fn name(p: Player) -> String {
    ["South", "North"][p.index()].to_string()
}

#[test]
fn the_six_presets_are_games_with_no_options() {
    let names: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
    let presets: Vec<&str> = FourRowRules::PRESETS.iter().map(|&(n, _)| n).collect();
    // The last six entries, in the presets' order, after the rounds'.
    assert_eq!(names[names.len() - 6..], presets[..]);
    assert_eq!(names[names.len() - 7], "pallanguzhi");
    for &(preset, rules) in &FourRowRules::PRESETS {
        let game = AnyGame::new(preset, "").unwrap();
        assert!(game.info().keys.is_empty() && game.info().options().is_empty());
        // (Hus (Nama)'s text adds the openings still to come.)
        assert!(
            game.to_string().contains(&format!(" rules={preset}")),
            "{game}"
        );
        assert_eq!(game.rules_in_words(), game.info().summary);
        // Four rows of the preset's columns.
        let columns = usize::from(rules.columns);
        let drawing = game.drawing();
        assert_eq!(drawing.shape, Shape::FourRows { columns });
        assert_eq!(drawing.holes.len(), 4 * columns);
        for options in ["columns=4", "seeds", "x=1"] {
            assert!(
                matches!(AnyGame::new(preset, options), Err(NewGameError::Option(_))),
                "{preset} {options}"
            );
        }
    }
}

/// Omweso's 4 x 8 board has H = 32 holes: sowing h is h, clockwise 32 + h,
/// placing 64 + h, pass 96, so 97 integers. At the start South (player 0)
/// places into any of his 16 holes (0 to 15): codes 64 to 79.
#[test]
fn actions_are_numbered() {
    let game = AnyGame::new("omweso", "").unwrap();
    assert_eq!(game.num_actions(), 97);
    for (code, text) in [(5, "5"), (37, "5:cw"), (69, "place:5"), (96, "pass")] {
        assert_eq!(game.code_text(code).as_deref(), Some(text));
        assert_eq!(game.text_code(text), Some(code));
    }
    assert_eq!(game.code_text(97), None);
    assert_eq!(game.legal_codes(Player::P0), (64..80).collect::<Vec<_>>());
    assert!(game.legal_codes(Player::P1).is_empty());
    // Tsoro: the 8 outer holes of 2 seeds (0 to 7) are South's sowings.
    let tsoro = AnyGame::new("tsoro", "").unwrap();
    assert_eq!(tsoro.num_actions(), 97);
    assert_eq!(tsoro.legal_codes(Player::P0), (0..8).collect::<Vec<_>>());
}

/// The observation is the holes, the two stores, the two to-move entries,
/// then placing, the two openings to come and the two passes: H + 9.
#[test]
fn positions_are_observed() {
    // Omweso's start: an empty board, 32 seeds in each hand, South to
    // place: placing 1, no opening, no pass.
    let game = AnyGame::new("omweso", "").unwrap();
    let mut obs = vec![0.0; game.observation_len()];
    assert_eq!(obs.len(), 41);
    game.observe(&mut obs);
    assert_eq!(obs[..32], [0.0; 32]);
    assert_eq!(obs[32..36], [32.0, 32.0, 1.0, 0.0]);
    assert_eq!(obs[36..], [1.0, 0.0, 0.0, 0.0, 0.0]);
    // Hus (Nama)'s start, 4 x 16: 2 seeds in every outer hole (ring
    // positions 0 to 15) and the 8 rightmost inner ones (16 to 23), both
    // openings to come; after South's opening 7 (the fixed openings are
    // ring positions h-2, h-1, h+2 and 2C-1-h for h = C/2 = 8: 6, 7, 10,
    // 23) only North's is.
    let mut game = AnyGame::new("hus-nama", "").unwrap();
    let mut obs = vec![0.0; game.observation_len()];
    assert_eq!(obs.len(), 73);
    game.observe(&mut obs);
    assert_eq!(obs[..16], [2.0; 16]);
    assert_eq!(obs[16..24], [2.0; 8]);
    assert_eq!(obs[24..32], [0.0; 8]);
    assert_eq!(obs[64..68], [0.0, 0.0, 1.0, 0.0]);
    assert_eq!(obs[68..], [0.0, 1.0, 1.0, 0.0, 0.0]);
    game.play("7").unwrap();
    game.observe(&mut obs);
    assert_eq!(obs[66..], [0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0]);
}

/// Omweso's drawing: each player owns his two rows (holes 0 to 15 South,
/// 16 to 31 North), the seeds in hand are drawn as hands, the placing is
/// a phase, and the score's parts are the hand and the seeds in his rows.
#[test]
fn four_rows_are_drawn() {
    let game = AnyGame::new("omweso", "").unwrap();
    let d = game.drawing();
    let owners: Vec<usize> = d.owners.iter().map(|p| p.index()).collect();
    assert_eq!(owners, [[0; 16], [1; 16]].concat());
    assert_eq!(d.hands, [32, 32]);
    // Its placings are moves of a hole each: a phase, not Mankka's
    // placements of a whole hand.
    assert_eq!((d.placing, d.phase), (false, Some("placing")));
    let labels: Vec<(&str, u64)> = d.parts[0].iter().map(|p| (p.label, p.value)).collect();
    assert_eq!(labels, [("in hand", 32), ("in his rows", 0)]);
    // Tsoro's rows: player 1's outer row (top) runs 23 down to 16, his
    // inner row 24 to 31, South's inner 15 down to 8, his outer 0 to 7.
    let shape = AnyGame::new("tsoro", "").unwrap().drawing().shape;
    let row =
        |r: usize| -> Vec<usize> { (0..8).map(|c| shape.four_row_hole(r, c).unwrap()).collect() };
    assert_eq!(row(3), [23, 22, 21, 20, 19, 18, 17, 16]);
    assert_eq!(row(2), [24, 25, 26, 27, 28, 29, 30, 31]);
    assert_eq!(row(1), [15, 14, 13, 12, 11, 10, 9, 8]);
    assert_eq!(row(0), [0, 1, 2, 3, 4, 5, 6, 7]);
}

/// Tsoro: South's only seed is in hole 14 (inner row), so with no hole of
/// 2 he sows it into the empty hole 15, where it lies alone: it takes the
/// facing inner hole 24 and the outer hole 23 behind it, North's last
/// seeds, and North, his rows empty, loses.
#[test]
fn a_won_game_says_why() {
    let mut game = AnyGame::from_text(
        "tsoro",
        "0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,1/1,0,0,0,0,0,0,0 14,16 0 rules=tsoro",
    )
    .unwrap();
    assert_eq!(game.legal_moves(), ["14"]);
    assert_eq!(game.why_ended(&name), None);
    game.play("14").unwrap();
    assert_eq!(
        game.why_ended(&name).as_deref(),
        Some("South wins: North has no seeds left in his rows")
    );
    assert_eq!(game.scores(), [16, 16]);
}

#[test]
fn the_computer_answers_a_legal_move_in_each_game() {
    for &(preset, _) in &FourRowRules::PRESETS {
        let game = AnyGame::new(preset, "").unwrap();
        let result = game.search(&Limits::nodes(500)).unwrap();
        assert!(
            game.legal_moves().contains(&result.best),
            "{preset}: {}",
            result.best
        );
    }
}
