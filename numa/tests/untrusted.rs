//! Numbers from the outside (RULES.md, "Conventions": "Numbers from the
//! outside"): the target and the scores of a setup, a text or JSON are
//! bounded where they come in, so that no score saturates and every game can
//! end; what is refused is a typed error.

use numa::*;

fn jm(text: &str) -> JointMove {
    text.parse().expect("a joint move")
}

fn setup(options: Options, scores: [u32; 2]) -> Setup {
    let mut setup = Numa::default().to_setup();
    setup.options = options;
    setup.scores = scores;
    setup
}

fn target(target: u32) -> Options {
    Options {
        target,
        ..Options::standard()
    }
}

/// The source's first turn from the start: Roman scores 7 (III + IV),
/// Arabic nothing (RULES.md item 7).
const ROMAN_SEVEN: &str = "pentagon-red+square-blue/pentagon-yellow+circle-green";

#[test]
fn a_zero_target_is_refused_everywhere() {
    assert_eq!(target(0).check(), Err(OptionsError::ZeroTarget));
    assert_eq!(Numa::new(target(0)), Err(OptionsError::ZeroTarget));
    assert_eq!(
        Numa::from_setup(setup(target(0), [0, 0])),
        Err(SetupError::Options(OptionsError::ZeroTarget))
    );
    let json = serde_json::to_string(&setup(target(0), [0, 0])).expect("serializes");
    assert!(serde_json::from_str::<Numa>(&json).is_err());
    assert!(
        "1@2,4/II@4,4/III@2,2/4@4,2 0,0 target=0"
            .parse::<Numa>()
            .is_err()
    );
    assert!("target=0".parse::<Options>().is_err());
}

#[test]
fn saturated_scores_are_refused_at_the_setup() {
    // Today: scores u32::MAX each with the largest target are a live tie
    // that no turn can ever break (every sum saturates back to u32::MAX).
    let stuck = setup(target(u32::MAX), [u32::MAX, u32::MAX]);
    assert!(matches!(
        Numa::from_setup(stuck),
        Err(SetupError::Options(OptionsError::TargetTooHigh(u32::MAX)))
    ));
    let stuck = setup(Options::standard(), [u32::MAX, u32::MAX]);
    assert_eq!(
        Numa::from_setup(stuck),
        Err(SetupError::Score {
            player: Player::P0,
            score: u32::MAX
        })
    );
    let json = serde_json::to_string(&stuck).expect("serializes");
    assert!(serde_json::from_str::<Numa>(&json).is_err());
    let text = format!("1@2,4/II@4,4/III@2,2/4@4,2 0,{}", u32::MAX);
    assert!(matches!(
        text.parse::<Numa>(),
        Err(ParseError::Setup(SetupError::Score { .. }))
    ));
}

#[test]
fn target_limits() {
    assert_eq!(target(SCORE_LIMIT).check(), Ok(()));
    assert_eq!(
        target(SCORE_LIMIT + 1).check(),
        Err(OptionsError::TargetTooHigh(SCORE_LIMIT + 1))
    );
    let mut o = Options::standard();
    o.set("target", &SCORE_LIMIT.to_string())
        .expect("the largest target");
    assert_eq!(o.target, SCORE_LIMIT);
    assert!(o.set("target", &(SCORE_LIMIT + 1).to_string()).is_err());
    assert_eq!(o.target, SCORE_LIMIT, "a refused value changes nothing");
}

#[test]
fn a_tie_at_the_score_limit_ends_drawn() {
    // A sudden death (equal scores at or above the target) that reaches
    // SCORE_LIMIT ends: the scores cannot be separated within the numbers
    // the game counts, so the game is drawn instead of going on for ever.
    let game =
        Numa::from_setup(setup(Options::standard(), [SCORE_LIMIT, SCORE_LIMIT])).expect("valid");
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    assert!(game.legal_actions(Player::P0).is_empty());
    // One below: still a sudden death; Roman's 7 wins it.
    let mut game = Numa::from_setup(setup(
        Options::standard(),
        [SCORE_LIMIT - 1, SCORE_LIMIT - 1],
    ))
    .expect("valid");
    assert_eq!(game.outcome(), None);
    game.play(jm(ROMAN_SEVEN)).expect("live");
    assert_eq!(game.points(), [SCORE_LIMIT - 1, SCORE_LIMIT + 6]);
    assert_eq!(game.outcome(), Some(Outcome::Winner(Player::P1)));
    // Every state reached is one the setup accepts.
    assert_eq!(Numa::from_setup(game.to_setup()), Ok(game));
}

#[test]
fn the_largest_scores_are_exact() {
    // The highest score a turn can leave: a live game's scores are below
    // SCORE_LIMIT and a turn adds at most 30 to one player.
    assert_eq!(MAX_SCORE, SCORE_LIMIT + 29);
    let game = Numa::from_setup(setup(Options::standard(), [MAX_SCORE, 0])).expect("valid");
    assert_eq!(game.outcome(), Some(Outcome::Winner(Player::P0)));
    assert_eq!(game.scores().as_slice(), [u64::from(MAX_SCORE), 0]);
    assert!(Numa::from_setup(setup(Options::standard(), [0, MAX_SCORE + 1])).is_err());
    // Under the largest target a game just below it goes on and ends
    // exactly: SCORE_LIMIT - 1 + 7 = SCORE_LIMIT + 6 for Roman.
    let mut game =
        Numa::from_setup(setup(target(SCORE_LIMIT), [0, SCORE_LIMIT - 1])).expect("valid");
    assert!(!game.is_over());
    game.play(jm(ROMAN_SEVEN)).expect("live");
    assert_eq!(game.points(), [0, SCORE_LIMIT + 6]);
    assert_eq!(game.outcome(), Some(Outcome::Winner(Player::P1)));
}

#[test]
fn play_unchecked_after_the_end_changes_nothing() {
    // Today it moved the pieces and added points after the end, which could
    // change the winner and (repeated) push the scores past every bound.
    let mut game = Numa::from_setup(setup(Options::standard(), [31, 12])).expect("valid");
    let before = game;
    let report = game.play_unchecked(jm(ROMAN_SEVEN));
    assert_eq!(game, before);
    assert_eq!(report.points, [0, 0]);
    assert!(report.pairs.is_empty());
    assert!(report.paths.iter().all(|p| p.steps.is_empty()));
}

#[test]
fn unknown_fields_are_refused_everywhere() {
    let with_extra = |v: &serde_json::Value| {
        let mut v = v.clone();
        v["extra"] = serde_json::json!(1);
        v
    };
    let options = serde_json::to_value(Options::standard()).expect("serializes");
    let setup = serde_json::to_value(Numa::default().to_setup()).expect("serializes");
    let piece = serde_json::to_value(Numa::default().pieces()[0]).expect("serializes");
    let mv = serde_json::to_value(jm(ROMAN_SEVEN)).expect("serializes");
    assert!(serde_json::from_value::<Options>(with_extra(&options)).is_err());
    assert!(serde_json::from_value::<Setup>(setup.clone()).is_ok());
    assert!(serde_json::from_value::<Setup>(with_extra(&setup)).is_err());
    assert!(serde_json::from_value::<Numa>(setup.clone()).is_ok());
    assert!(serde_json::from_value::<Numa>(with_extra(&setup)).is_err());
    assert!(serde_json::from_value::<Piece>(with_extra(&piece)).is_err());
    assert!(serde_json::from_value::<JointMove>(with_extra(&mv)).is_err());
}
