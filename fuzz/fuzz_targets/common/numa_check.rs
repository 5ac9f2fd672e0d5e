//! The contract every accepted Numa state keeps.

#![allow(dead_code)] // each target uses what it needs

use numa::{Game, MAX_SCORE, Numa, Options, OptionsError, Outcome, SCORE_LIMIT, Setup, SetupError};

/// `from_setup` refuses exactly what breaks a bound, with the reason.
pub fn check_setup(setup: &Setup) {
    let [a, r] = setup.scores;
    let bad_options = setup.options.check().err();
    match Numa::from_setup(*setup) {
        Ok(game) => {
            assert_eq!(bad_options, None);
            assert!(a <= MAX_SCORE && r <= MAX_SCORE);
            assert_eq!(game.to_setup(), *setup);
            check_game(&game, 40);
        }
        Err(SetupError::Options(e)) => {
            assert_eq!(bad_options, Some(e));
            let t = setup.options.target;
            match e {
                OptionsError::ZeroTarget => assert_eq!(t, 0),
                OptionsError::TargetTooHigh(x) => assert!(x == t && t > SCORE_LIMIT),
                e => panic!("unexpected options error {e:?}"),
            }
        }
        Err(SetupError::Score { player, score }) => {
            assert_eq!(bad_options, None);
            assert!(score > MAX_SCORE);
            assert_eq!(setup.scores[player.index()], score);
        }
        Err(e) => panic!("unexpected setup error {e:?}"),
    }
}

/// Round trips, the outcome from the scores, and play (the first choices,
/// then others) into states that are accepted too.
pub fn check_game(game: &Numa, turns: usize) {
    let mut game = *game;
    for turn in 0..=turns {
        let [a, r] = game.points();
        assert!(a <= MAX_SCORE && r <= MAX_SCORE, "scores within the bound");
        let options: &Options = game.options();
        assert!((1..=SCORE_LIMIT).contains(&options.target));
        let want = if a.max(r) >= options.target && a != r {
            Some(Outcome::Winner(if a > r {
                numa::Player::P0
            } else {
                numa::Player::P1
            }))
        } else if a == r && a >= SCORE_LIMIT {
            Some(Outcome::Draw)
        } else {
            None
        };
        assert_eq!(game.outcome(), want);
        if want.is_none() {
            assert!(a.max(r) < SCORE_LIMIT, "a live game is below the limit");
        }
        assert_eq!(Numa::from_setup(game.to_setup()), Ok(game));
        let json = serde_json::to_string(&game).expect("a state serializes");
        assert_eq!(serde_json::from_str::<Numa>(&json).ok(), Some(game));
        let text = game.to_string();
        assert_eq!(text.parse::<Numa>(), Ok(game), "`{text}`");
        if turn == turns {
            break;
        }
        let choices = numa::Choice::ALL;
        let mv = numa::JointMove {
            arabic: choices[(turn * 5) % 72],
            roman: choices[(turn * 11 + 3) % 72],
        };
        let before = game;
        if game.is_over() {
            assert!(game.play(mv).is_err());
            assert_eq!(game, before);
            let _ = game.play_unchecked(mv);
            assert_eq!(game, before, "nothing is played after the end");
            break;
        }
        let report = game.play(mv).expect("a live game plays");
        let new = game.points();
        assert_eq!(new[0], a + report.points[0], "exact score");
        assert_eq!(new[1], r + report.points[1], "exact score");
    }
}
