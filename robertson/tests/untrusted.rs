//! Numbers from the outside (RULES.md, "Conventions": "Numbers from the
//! outside"): honours, honours tables, rubber totals and game counters given
//! by a setup, a text or JSON are bounded where they come in, so that
//! nothing computed from them overflows and no winner, ranking or report is
//! wrong; what is refused is a typed error and changes nothing.

use robertson::*;

fn pit(i: usize) -> Pit {
    Pit::new(i).expect("pit on board")
}

/// A two-row setup with `board`, `captured`, `honours`, player 0 to move.
fn setup(board: [u16; 12], captured: [u16; 2], honours: [u64; 2]) -> Setup {
    let mut setup = Setup::new(Options::two_row());
    setup.board = board.to_vec();
    setup.captured = captured.to_vec();
    setup.honours = honours.to_vec();
    setup
}

/// P0 sows hole 5 (3 stones) into 6, 7, 8 (1 each, now 2 each): the last
/// makes 2 in hole 8, captured with 7 and 6 (2 each): three 2s, 6 stones,
/// honours 2 (Robertson's table). P1 keeps hole 11 (1 stone): no grand slam.
/// Stones on the board: 3 + 3 + 1 = 7, so at most one more capture that wins
/// honours (each takes at least three holes of 2: 6 stones); the largest
/// entry of Robertson's table is 10: the board can still win 1 x 10 = 10.
const CAPTURE_BOARD: [u16; 12] = [0, 0, 0, 0, 0, 3, 1, 1, 1, 0, 0, 1];

#[test]
fn honours_that_would_overflow_the_score_are_refused() {
    // Today's bug: honours u64::MAX were accepted and the score saturated
    // (debug builds panicked before the saturation was added).
    let s = setup(CAPTURE_BOARD, [0, 0], [u64::MAX, 0]);
    assert!(matches!(
        Robertson::from_setup(s.clone()),
        Err(SetupError::Honours { player, honours, .. })
            if player == Player::P0 && honours == u64::MAX
    ));
    // Through JSON and the text form too.
    let json = serde_json::to_string(&s).expect("a setup serializes");
    assert!(serde_json::from_str::<Robertson>(&json).is_err());
    let text = format!("0,0,0,0,0,3/1,1,1,0,0,1 0,0 {},0 0", u64::MAX);
    assert!(matches!(
        text.parse::<Robertson>(),
        Err(ParseError::Setup(SetupError::Honours { .. }))
    ));
}

#[test]
fn saturated_scores_cannot_name_the_wrong_winner() {
    // Honours u64::MAX each; P1 has captured 5 more. True scores differ by
    // 5, saturated ones are equal: today a finished game is a draw (wrong).
    // Now the setup is refused.
    let mut s = setup([0; 12], [0, 5], [u64::MAX, u64::MAX]);
    s.over = true;
    assert!(matches!(
        Robertson::from_setup(s),
        Err(SetupError::Honours { .. })
    ));
}

#[test]
fn the_largest_honours_allowed_score_exactly() {
    // The board can still win 10 (see CAPTURE_BOARD): a player may hold
    // MAX_HONOURS - 10 honours, not one more.
    let most = MAX_HONOURS - 10;
    let refused = setup(CAPTURE_BOARD, [0, 0], [most + 1, 0]);
    assert_eq!(
        Robertson::from_setup(refused),
        Err(SetupError::Honours {
            player: Player::P0,
            honours: most + 1,
            max: most,
        })
    );
    let refused = setup(CAPTURE_BOARD, [0, 0], [0, most + 1]);
    assert!(Robertson::from_setup(refused).is_err(), "P1 too");
    let mut game =
        Robertson::from_setup(setup(CAPTURE_BOARD, [0, 0], [most, most])).expect("at the bound");
    let report = game.play(pit(5)).expect("legal");
    // Three 2s: 6 stones, honours 2; P0 now has most + 2 honours and
    // 6 captured: score most + 8 = MAX_HONOURS - 2, exact.
    assert_eq!((report.holes, report.stones, report.honours), (3, 6, 2));
    assert_eq!(game.honours().as_slice(), [most + 2, most]);
    assert_eq!(game.scores().as_slice(), [MAX_HONOURS - 2, most]);
    assert_eq!(game.ranking()[0], (Player::P0, MAX_HONOURS - 2));
    // Every state reached is one the setup accepts (the bound is closed
    // under play): 1 stone is left, which can win no more honours.
    assert_eq!(Robertson::from_setup(game.to_setup()), Ok(game.clone()));
    let json = serde_json::to_string(&game).expect("serializes");
    assert_eq!(serde_json::from_str::<Robertson>(&json).ok(), Some(game));
}

#[test]
fn a_finished_game_keeps_no_room_for_honours() {
    // Over: nothing more can be won, so honours may reach MAX_HONOURS
    // whatever the stones left on the board.
    let mut s = setup(CAPTURE_BOARD, [0, 0], [MAX_HONOURS, 0]);
    s.over = true;
    let game = Robertson::from_setup(s.clone()).expect("a finished game at the bound");
    assert_eq!(game.scores().as_slice(), [MAX_HONOURS, 0]);
    s.honours = vec![MAX_HONOURS + 1, 0];
    assert!(Robertson::from_setup(s).is_err());
}

#[test]
fn honours_table_entries_are_bounded() {
    let mut options = Options::two_row();
    options.honours.four_threes = u64::MAX;
    assert_eq!(options.check(), Err(OptionsError::Honours(u64::MAX)));
    assert_eq!(
        Robertson::new(options),
        Err(OptionsError::Honours(u64::MAX))
    );
    assert!(Rubber::new(options).is_err());
    options.honours.four_threes = MAX_CAPTURE_HONOURS + 1;
    assert!(options.check().is_err());
    options.honours.four_threes = MAX_CAPTURE_HONOURS;
    assert_eq!(options.check(), Ok(()));
    // The largest table on the largest board still starts (the board's
    // 65,535 stones could win at most 10,922 honours captures).
    let mut big = Options::hexagon(2).expect("valid");
    big.seeds = 1820; // 36 holes x 1,820 = 65,520 stones
    big.honours = Honours {
        three_twos: MAX_CAPTURE_HONOURS,
        four_twos: MAX_CAPTURE_HONOURS,
        three_threes: MAX_CAPTURE_HONOURS,
        four_threes: MAX_CAPTURE_HONOURS,
    };
    assert!(Robertson::new(big).is_ok());
    // The text form refuses the entry too.
    let text = format!(
        "4,4,4,4,4,4/4,4,4,4,4,4 0,0 0,0 0 honours=2,6,4,{}",
        u64::MAX
    );
    assert!(text.parse::<Robertson>().is_err());
}

// ---------------------------------------------------------------- rubbers

/// A rubber to 30 whose current two-row game is `game`, with `totals` and
/// `games` finished, from JSON (the way a saved rubber comes back).
fn rubber_json(totals: [u64; 2], game: &Robertson, games: u32) -> serde_json::Value {
    let rubber = Rubber::with_target(Options::two_row(), 30).expect("valid");
    let mut value = serde_json::to_value(&rubber).expect("serializes");
    value["totals"] = serde_json::json!(totals);
    value["game"] = serde_json::to_value(game).expect("serializes");
    value["games"] = serde_json::json!(games);
    value
}

/// P1 has no stones; P0 sows hole 0 into hole 1, cannot feed, and the game
/// ends: scores are the captured stores, 30 and 17 (leftovers void).
fn last_move_game() -> Robertson {
    Robertson::from_setup(setup(
        [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [30, 17],
        [0, 0],
    ))
    .expect("valid")
}

#[test]
fn a_rubber_refuses_to_count_past_its_games_limit() {
    // Today: `games` u32::MAX is accepted and finishing the game leaves the
    // counter stuck (saturated), so the first mover stops rotating.
    let value = rubber_json([0, 0], &last_move_game(), u32::MAX);
    let mut rubber: Rubber = serde_json::from_value(value).expect("at the limit");
    let before = rubber.clone();
    assert_eq!(rubber.play(pit(0)), Err(RubberError::GamesLimit));
    assert_eq!(rubber, before, "a refused move changes nothing");
    // One game below the limit, the game finishes and the count is exact.
    let value = rubber_json([0, 0], &last_move_game(), u32::MAX - 1);
    let mut rubber: Rubber = serde_json::from_value(value).expect("valid");
    rubber.play(pit(0)).expect("legal");
    assert_eq!(rubber.games_played(), u32::MAX);
    // Scores 30 and 17 to 30: P0 wins the rubber.
    assert_eq!(rubber.winner(), Some(Player::P0));
}

#[test]
fn a_rubber_refuses_totals_that_would_overflow() {
    // Totals tied at u64::MAX - 10 (above the target 30: play on). The game
    // adds 30 and 17: the true totals are u64::MAX + 20 and u64::MAX + 7, so
    // P0 has won; saturated totals would tie and play on (wrong).
    let value = rubber_json([u64::MAX - 10, u64::MAX - 10], &last_move_game(), 3);
    let mut rubber: Rubber = serde_json::from_value(value).expect("a tie plays on");
    let before = rubber.clone();
    assert_eq!(rubber.play(pit(0)), Err(RubberError::TotalsLimit));
    assert_eq!(rubber, before, "a refused move changes nothing");
    // With room: u64::MAX - 30 each, plus 30 and 17: u64::MAX and
    // u64::MAX - 13: P0 wins, exactly.
    let value = rubber_json([u64::MAX - 30, u64::MAX - 30], &last_move_game(), 3);
    let mut rubber: Rubber = serde_json::from_value(value).expect("valid");
    rubber.play(pit(0)).expect("legal");
    assert_eq!(rubber.totals().as_slice(), [u64::MAX, u64::MAX - 13]);
    assert_eq!(rubber.winner(), Some(Player::P0));
}

#[test]
fn a_decided_rubber_with_a_live_game_is_refused() {
    // Totals 40 and 0 to 30: P0 has won; the current game must then be the
    // finished last game, not a live one.
    let mut value = rubber_json([40, 0], &Robertson::default(), 1);
    value["winner"] = serde_json::json!(0);
    assert!(serde_json::from_value::<Rubber>(value.clone()).is_err());
    // The same with the last game finished is a rubber that is over.
    let mut over = last_move_game();
    over.play(pit(0)).expect("legal");
    assert!(over.is_over());
    value["game"] = serde_json::to_value(&over).expect("serializes");
    let rubber: Rubber = serde_json::from_value(value).expect("a finished rubber");
    assert_eq!(rubber.winner(), Some(Player::P0));
    assert!(rubber.game().is_over());
}

#[test]
fn unknown_fields_are_refused_everywhere() {
    let options = serde_json::to_value(Options::two_row()).expect("serializes");
    let setup = serde_json::to_value(Setup::new(Options::two_row())).expect("serializes");
    let rubber =
        serde_json::to_value(Rubber::new(Options::two_row()).expect("valid")).expect("serializes");
    let honours = serde_json::to_value(Honours::ROBERTSON).expect("serializes");
    let with_extra = |v: &serde_json::Value| {
        let mut v = v.clone();
        v["extra"] = serde_json::json!(1);
        v
    };
    assert!(serde_json::from_value::<Options>(options.clone()).is_ok());
    assert!(serde_json::from_value::<Options>(with_extra(&options)).is_err());
    assert!(serde_json::from_value::<Honours>(honours.clone()).is_ok());
    assert!(serde_json::from_value::<Honours>(with_extra(&honours)).is_err());
    assert!(serde_json::from_value::<Setup>(setup.clone()).is_ok());
    assert!(serde_json::from_value::<Setup>(with_extra(&setup)).is_err());
    assert!(serde_json::from_value::<Robertson>(setup.clone()).is_ok());
    assert!(serde_json::from_value::<Robertson>(with_extra(&setup)).is_err());
    assert!(serde_json::from_value::<Rubber>(rubber.clone()).is_ok());
    assert!(serde_json::from_value::<Rubber>(with_extra(&rubber)).is_err());
}
